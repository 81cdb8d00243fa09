// Finnish Bismarck's part of the table (static/js/panel.js describes the hooks): the four open
// cards in the middle, and forehand's contract chooser above the hand (forehand chooses
// looking at his twelve cards: they stay in view); the four steps of the exchange (who passes
// how many cards to whom, and the cards themselves to the giver and the receiver), the prompt
// of the step the seat has to make (four cards to the partner, one card to each of the other
// three, one card to the dealer and back), each team's tricks against its quota, the contracts
// each player has left, and the deal's summary per team.
//
// Everything shown is the server's: the contracts offered are `legal`'s, who gives to whom in
// the share is its `to`, the quotas, tricks and scores are the view's (docs/games/
// finnish-bismarck.md). The panel adds up nothing.

import { h } from '../../js/dom.js';
import { cardName, cardSvg, suitIcon, suitOf } from '../../js/cards.js';
import { formatNumber, t } from '../../js/i18n.js';
import { isMyTurn, isPlaying, legalOf, seatName, TEAM_LETTERS, teamName } from '../../js/model.js';
import { seatStat } from '../../js/table.js';
import { totalsAfter } from '../../js/dialogs.js';

export const stylesheet = new URL('./panel.css', import.meta.url).href;

const RANKS = 'AKQJT98765432';
// The chooser's order: free last, its four suit buttons taking the most room.
const CHOOSER_ORDER = ['trump', 'notrump', 'misere', 'free'];
const SHARE_SLOTS = 3;

// The four steps of the exchange named by the parts the view gives the seats of a deal
// (`forehand`, `forehand_partner`, `dealer`, `dealer_partner`): who gives how many cards to
// whom. They only word the steps not yet made, for everyone to follow; a step made is drawn
// from the view's own `exchange`, and the seat making one answers its `legal`.
const STEPS = {
  1: { from: 'forehand', to: ['forehand_partner'], count: 4 },
  2: { from: 'forehand_partner', to: ['dealer', 'forehand', 'dealer_partner'], count: 1 },
  3: { from: 'dealer_partner', to: ['dealer'], count: 1 },
  4: { from: 'dealer', to: ['dealer_partner'], count: 1 },
};

const nameOf = (ctx, seat) => seatName(ctx.room, seat);
const teamsOf = (ctx) => ctx.view.teams ?? ctx.room.teams;
const teamIndex = (ctx, seat) => teamsOf(ctx).findIndex((members) => members.includes(seat));
const teamNames = (ctx, members) => teamName(members, (s) => nameOf(ctx, s));
const partnerOf = (ctx, seat) => teamsOf(ctx)[teamIndex(ctx, seat)]?.find((s) => s !== seat) ?? null;

function miniCards(cards, className = '') {
  return h(
    'span',
    { class: `fb-cards ${className}`.trim(), role: 'img', 'aria-label': cards.map(cardName).join(', ') },
    cards.map((code) => h('span', { class: 'card', 'data-card': code, 'aria-hidden': 'true' }, cardSvg(code))),
  );
}

function contractName(contract) {
  return t(`contract.${contract}`);
}

function contractLabel(contract, trump, forced = false) {
  if (!contract) return null;
  return h(
    'span',
    { class: 'label-pill fb-contract', 'data-contract': contract, 'data-trump': trump ?? '' },
    h('span', { class: 'fb-contract-name', text: contractName(contract) }),
    trump ? suitIcon(trump, t(`suit.name.${trump}`)) : null,
    forced ? h('span', { class: 'fb-forced', text: t('contract.forced') }) : null,
  );
}

// ---- the open cards -----------------------------------------------------------------------

// The four open cards in the order dealt, numbered; open card 1 names the trumps of `trump`.
function openCards(ctx) {
  const deal = ctx.view.deal;
  return h(
    'div',
    { class: 'fb-open', id: 'open-cards', role: 'group', 'aria-labelledby': 'open-title' },
    h('h3', { class: 'fb-label', id: 'open-title', text: t('open.title') }),
    h(
      'ol',
      { class: 'fb-open-row' },
      deal.open.map((card, i) =>
        h(
          'li',
          { class: `fb-open-card${card === deal.trump_card ? ' trump-card' : ''}`, 'data-card': card },
          h('div', { class: 'card', role: 'img', 'aria-label': cardName(card) }, cardSvg(card)),
          h(
            'span',
            { class: 'fb-open-number' },
            card === deal.trump_card
              ? [
                  h('span', { class: 'fb-open-n', text: String(i + 1) }),
                  ' ',
                  h('span', { class: 'fb-open-trump', text: t('open.trump_card') }),
                ]
              : h('span', { class: 'fb-open-n', text: String(i + 1) }),
          ),
        ),
      ),
    ),
  );
}

// After the contract: who took the open cards, in small.
function openTaken(ctx) {
  const deal = ctx.view.deal;
  return h(
    'p',
    { class: 'fb-open-taken', id: 'open-taken' },
    h('span', { text: t('open.taken', { name: nameOf(ctx, deal.forehand) }) }),
    ' ',
    miniCards(deal.open, 'fb-open-mini'),
  );
}

// ---- the contract -------------------------------------------------------------------------

function optionButton(ctx, ui, action, contract, extra = []) {
  return h(
    'button',
    {
      type: 'button',
      class: `btn fb-option contract-${contract}`,
      'data-action': action,
      'data-contract': contract,
      disabled: Boolean(ctx.pending),
      onclick: () => ui.act(action),
    },
    h('span', { class: 'fb-option-name', text: contractName(contract) }),
    extra,
    h('span', { class: 'fb-option-quota', text: t(`contract.quota.${contract}`) }),
  );
}

function contractChooser(ctx, legal, ui) {
  const deal = ctx.view.deal;
  const trumpSuit = suitOf(deal.trump_card);
  const offered = new Map();
  for (const action of legal.actions) {
    const [, contract, suit] = action.split(':');
    if (!offered.has(contract)) offered.set(contract, []);
    offered.get(contract).push({ action, suit: suit ?? null });
  }
  const options = CHOOSER_ORDER.filter((c) => offered.has(c)).map((contract) => {
    const choices = offered.get(contract);
    if (contract === 'free') {
      return h(
        'div',
        {
          class: 'fb-option fb-free contract-free',
          role: 'group',
          'aria-labelledby': 'free-label',
          'data-contract': 'free',
        },
        h('span', { class: 'fb-option-name', id: 'free-label', text: contractName('free') }),
        h(
          'span',
          { class: 'fb-suits' },
          choices.map(({ action, suit }) =>
            h(
              'button',
              {
                type: 'button',
                class: `btn fb-suit suit-${suit}`,
                'data-action': action,
                'data-suit': suit,
                'aria-label': t('contract.free_with', { suit: t(`suit.name.${suit}`) }),
                title: t(`suit.name.${suit}`),
                disabled: Boolean(ctx.pending),
                onclick: () => ui.act(action),
              },
              suitIcon(suit),
            ),
          ),
        ),
        h('span', { class: 'fb-option-quota', text: t('contract.quota.free') }),
      );
    }
    const hint =
      contract === 'trump'
        ? h(
            'span',
            { class: 'fb-option-hint' },
            suitIcon(trumpSuit),
            ' ',
            t('contract.hint.trump', { suit: t(`suit.name.${trumpSuit}`) }),
          )
        : h('span', { class: 'fb-option-hint', text: t(`contract.hint.${contract}`) });
    return optionButton(ctx, ui, choices[0].action, contract, hint);
  });
  return h(
    'div',
    {
      class: 'fb-decision fb-chooser',
      id: 'contract-chooser',
      role: 'group',
      'aria-label': deal.forced ? t('contract.forced_title') : t('contract.choose'),
      'data-turn-focus': '',
    },
    // the status line asks for the contract; only a forced one has more to say
    deal.forced ? h('p', { class: 'fb-prompt', id: 'contract-title', text: t('contract.forced_title') }) : null,
    h('div', { class: 'fb-options' }, options),
    h('p', {
      class: 'fb-note',
      text: deal.forced ? t('contract.forced_hint') : `${t('contract.choose_hint')} ${t('contract.quota_hint')}`,
    }),
  );
}

// What the others see while forehand chooses (the status line says who): the contracts still
// open to him.
function contractWaiting(ctx) {
  const deal = ctx.view.deal;
  const left = ctx.view.contracts_left?.[deal.forehand] ?? [];
  return h(
    'p',
    { class: 'fb-waiting', id: 'contract-waiting' },
    h('span', { text: t('contract.left_of', { name: nameOf(ctx, deal.forehand) }) }),
    ' ',
    left.map((c) => h('span', { class: `fb-chip chip-${c}`, 'data-contract': c, text: contractName(c) })),
  );
}

// ---- the exchange -------------------------------------------------------------------------

const roleSeat = (deal, role) => deal[role];

// The step whose turn it is, or null once the exchange is over (or before the contract).
const stepNow = (deal) => (deal.contract ? deal.exchange_step ?? null : null);

// The passes of one step this viewer may see the cards of, as the view sends them.
const passesOf = (deal, step) => (deal.exchange ?? []).filter((p) => p.step === step);

function stepLine(ctx, step) {
  const deal = ctx.view.deal;
  const now = stepNow(deal);
  const made = passesOf(deal, step);
  const state = made.length ? 'done' : now === step ? 'now' : 'later';
  const giver = made[0]?.from ?? roleSeat(deal, STEPS[step].from);
  const receivers = made.length ? made.map((p) => p.to) : STEPS[step].to.map((role) => roleSeat(deal, role));
  const count =
    receivers.length > 1 ? t('exchange.each') : t('exchange.cards', { n: made[0]?.count ?? STEPS[step].count });
  // the cards, where this viewer gave or received them: under each receiver's name
  const seen = made.filter((p) => p.cards);
  return h(
    'li',
    {
      class: `fb-step state-${state}`,
      'data-step': step,
      'data-state': state,
      'data-from': giver,
      'data-to': receivers.join(','),
    },
    h('span', { class: 'fb-step-n', 'aria-hidden': 'true', text: state === 'done' ? '\u2713' : String(step) }),
    h(
      'span',
      { class: 'fb-step-body' },
      h(
        'span',
        { class: 'fb-step-text' },
        h('strong', { class: 'fb-step-from', text: nameOf(ctx, giver) }),
        h('span', { class: 'fb-arrow', 'aria-hidden': 'true', text: ' \u2192 ' }),
        h('span', { class: 'visually-hidden', text: ` ${t('exchange.to_word')} ` }),
        h('span', { class: 'fb-step-to', text: receivers.map((s) => nameOf(ctx, s)).join(', ') }),
        h('span', { class: 'fb-step-count', text: `: ${count}` }),
      ),
      seen.length
        ? h(
            'span',
            { class: 'fb-step-cards' },
            seen.map((p) =>
              h(
                'span',
                { class: 'fb-pass', 'data-from': p.from, 'data-to': p.to, 'data-cards': p.cards.join(',') },
                seen.length > 1 ? h('span', { class: 'fb-pass-to', text: nameOf(ctx, p.to) }) : null,
                miniCards(p.cards, p.to === ctx.seat ? 'received' : ''),
              ),
            ),
          )
        : null,
    ),
  );
}

function exchangeBoard(ctx) {
  return h(
    'div',
    { class: 'fb-board', id: 'exchange-board' },
    openTaken(ctx),
    h('h3', { class: 'fb-label', id: 'exchange-title', text: t('exchange.title') }),
    h(
      'ol',
      { class: 'fb-steps', 'aria-labelledby': 'exchange-title' },
      [1, 2, 3, 4].map((step) => stepLine(ctx, step)),
    ),
  );
}

// ---- the prompts above the hand -------------------------------------------------------------

// A pass of one or four cards (steps 1, 3 and 4): the core keeps the cards chosen.
function passBar(ctx, legal, ui) {
  const deal = ctx.view.deal;
  const step = stepNow(deal);
  const receiver = roleSeat(deal, STEPS[step]?.to[0]);
  const chosen = ui.selection().length;
  return h(
    'div',
    { class: 'fb-decision fb-pass-bar', id: 'pass-bar', 'data-step': step },
    h('p', {
      class: 'fb-prompt',
      id: 'exchange-prompt',
      text: t(`pass.prompt.${step}`, { name: nameOf(ctx, receiver) }),
    }),
    h(
      'div',
      { class: 'select-bar' },
      h('p', { id: 'select-hint', text: t('select.hint', { n: legal.count, chosen }) }),
      h('button', {
        type: 'button',
        class: 'btn primary',
        id: 'pass-confirm',
        'data-action': 'pass',
        disabled: chosen !== legal.count || Boolean(ctx.pending),
        text: t('pass.confirm', { n: legal.count, name: nameOf(ctx, receiver) }),
        onclick: () => ui.submitSelection(),
      }),
    ),
  );
}

// The share (step 2): three cards, one for each seat of the legal's `to`, in that order. The
// core keeps which cards are chosen (in the order tapped); the panel keeps which slot each one
// fills. A card tapped goes to the slot picked before it, else to the first free one, and stays
// "in hand" so that a tap on a name next moves it there (swapping with what that slot held).
const share = { key: null, slots: [null, null, null], moving: null, target: null };
let latest = { ctx: null, ui: null };

function shareKey(ctx) {
  const deal = ctx.view.deal;
  return `${ctx.room.match_number}:${deal.number}:${ctx.seat}:${deal.hand.join(',')}`;
}

function reconcileShare(ctx, ui) {
  const key = shareKey(ctx);
  if (share.key !== key) {
    Object.assign(share, { key, slots: Array(SHARE_SLOTS).fill(null), moving: null, target: null });
  }
  const chosen = ui.selection();
  share.slots = share.slots.map((p) => (chosen.includes(p) ? p : null));
  if (!chosen.includes(share.moving)) share.moving = null;
  for (const position of chosen) {
    if (share.slots.includes(position)) continue;
    const free = share.target !== null && share.slots[share.target] === null ? share.target : share.slots.indexOf(null);
    if (free < 0) continue;
    share.slots[free] = position;
    share.moving = position;
    share.target = null;
  }
}

function tapSlot(i) {
  const { ui } = latest;
  if (share.moving !== null && share.slots.includes(share.moving)) {
    const from = share.slots.indexOf(share.moving);
    [share.slots[from], share.slots[i]] = [share.slots[i], share.slots[from]];
    share.moving = null;
    share.target = null;
  } else if (share.slots[i] !== null) {
    share.moving = share.slots[i];
    share.target = null;
  } else {
    share.target = share.target === i ? null : i;
  }
  ui?.render();
}

function sendShare() {
  const { ctx, ui } = latest;
  const hand = ctx?.view?.deal?.hand;
  if (!hand || share.slots.some((p) => p === null)) return;
  ui.act(`share:${share.slots.map((p) => hand[p]).join(',')}`);
}

function shareBar(ctx, legal, ui) {
  reconcileShare(ctx, ui);
  const hand = ctx.view.deal.hand;
  const partner = partnerOf(ctx, ctx.seat);
  const full = share.slots.every((p) => p !== null);
  const slots = legal.to.slice(0, SHARE_SLOTS).map((seat, i) => {
    const position = share.slots[i];
    const card = position === null ? null : hand[position];
    const name = nameOf(ctx, seat);
    const state = card ? (share.moving === position ? 'moving' : 'filled') : share.target === i ? 'next' : 'empty';
    return h(
      'button',
      {
        type: 'button',
        class: `fb-slot state-${state}`,
        id: `share-slot-${i}`,
        'data-slot': i,
        'data-seat': seat,
        'data-card': card ?? '',
        'data-state': state,
        'aria-label': card ? t('share.slot_card', { card: cardName(card), name }) : t('share.slot_empty', { name }),
        'aria-pressed': state === 'moving' || state === 'next' ? 'true' : 'false',
        title: name,
        disabled: Boolean(ctx.pending),
        onclick: () => tapSlot(i),
      },
      h(
        'span',
        { class: 'fb-slot-who' },
        h(
          'span',
          { class: 'fb-slot-head' },
          h('span', { class: 'fb-slot-n', 'aria-hidden': 'true', text: String(i + 1) }),
          h('span', { class: 'fb-slot-name', text: name }),
        ),
        seat === partner ? h('span', { class: 'fb-slot-role', text: t('share.partner') }) : null,
      ),
      h(
        'span',
        { class: 'fb-slot-card', 'aria-hidden': 'true' },
        card ? h('span', { class: 'card' }, cardSvg(card)) : h('span', { class: 'fb-slot-free' }),
      ),
    );
  });
  return h(
    'div',
    { class: 'fb-decision fb-share-bar', id: 'share-bar', 'data-step': 2 },
    h('p', { class: 'fb-prompt', id: 'exchange-prompt', text: t('share.prompt') }),
    h('p', { class: 'fb-note', id: 'share-how', text: t('share.how') }),
    h(
      'div',
      { class: 'fb-share-row' },
      h('div', { class: 'fb-slots', role: 'group', 'aria-labelledby': 'exchange-prompt' }, slots),
      h('button', {
        type: 'button',
        class: 'btn primary',
        id: 'share-confirm',
        'data-action': 'share',
        disabled: !full || Boolean(ctx.pending),
        text: t('share.confirm'),
        onclick: () => sendShare(),
      }),
    ),
  );
}

// What this seat gave and got in the exchange, each with its partner in it: the giver and the
// receiver alone are sent the cards.
function ownPasses(ctx) {
  const deal = ctx.view.deal;
  return (deal.exchange ?? []).filter((p) => p.cards && (p.from === ctx.seat || p.to === ctx.seat));
}

// A line for what the seat gave and one for what it got, each card with whom it went to or
// came from.
function passLines(ctx, passes) {
  const line = (kind, list, words, other) =>
    list.length
      ? h(
          'p',
          { class: `fb-cards-line ${kind}`, 'data-cards': list.flatMap((p) => p.cards).join(',') },
          h('span', { class: 'fb-line-label', text: t(words) }),
          list.map((p) =>
            h(
              'span',
              {
                class: 'fb-pass',
                'data-step': p.step,
                'data-from': p.from,
                'data-to': p.to,
                'data-cards': p.cards.join(','),
              },
              h('span', {
                class: 'fb-pass-who',
                text: t(other === 'to' ? 'exchange.to_name' : 'exchange.from_name', { name: nameOf(ctx, p[other]) }),
              }),
              miniCards(p.cards, kind === 'got' ? 'received' : ''),
            ),
          ),
        )
      : null;
  return [
    line('gave', passes.filter((p) => p.from === ctx.seat), 'exchange.you_gave', 'to'),
    line('got', passes.filter((p) => p.to === ctx.seat), 'exchange.you_got', 'from'),
  ];
}

// Until the first trick is taken, the seat's own exchange stays above the hand.
function exchangeNote(ctx) {
  const deal = ctx.view.deal;
  if (ctx.view.phase !== 'play' || deal.tricks_played.length) return null;
  const passes = ownPasses(ctx);
  if (!passes.length) return null;
  return h('div', { class: 'fb-exchange-note', id: 'exchange-note' }, passLines(ctx, passes));
}

export function actions(ctx, ui) {
  latest = { ctx, ui };
  const deal = ctx.view.deal;
  if (ctx.seat === null || !deal) return null;
  const legal = legalOf(ctx);
  if (legal?.kind === 'contract') return contractChooser(ctx, legal, ui);
  if (legal?.kind === 'share') return shareBar(ctx, legal, ui);
  if (legal?.kind === 'pass') return passBar(ctx, legal, ui);
  return exchangeNote(ctx);
}

// ---- the middle, the label, the status --------------------------------------------------------

function teamPills(ctx) {
  const deal = ctx.view.deal;
  if (!deal.quotas) return [];
  return teamsOf(ctx).map((members, i) => {
    const tricks = deal.team_tricks?.[i] ?? 0;
    const quota = deal.quotas[i];
    const words = t('team.tricks_title', { names: teamNames(ctx, members), n: tricks, quota });
    return h(
      'span',
      {
        class: `label-pill fb-team team-${i}`,
        'data-team': i,
        'data-tricks': tricks,
        'data-quota': quota,
        title: words,
        role: 'img',
        'aria-label': words,
      },
      h('span', { class: `fb-team-letter team-${i}`, text: TEAM_LETTERS[i] }),
      h('span', { class: 'fb-team-figures', text: `${tricks}/${quota}` }),
    );
  });
}

export function dealLabel(ctx) {
  const deal = ctx.view.deal;
  if (!deal.contract) return null;
  return [contractLabel(deal.contract, deal.trump, deal.forced), teamPills(ctx)];
}

export function centre(ctx) {
  const phase = ctx.view.phase;
  if (phase === 'contract') {
    const waiting = legalOf(ctx, 'contract') ? null : contractWaiting(ctx);
    return { main: h('div', { class: 'fb-middle' }, openCards(ctx), waiting) };
  }
  if (phase === 'exchange') return { main: exchangeBoard(ctx) };
  return { tools: openTaken(ctx) };
}

export function status(ctx) {
  const { view } = ctx;
  const deal = view.deal;
  if (!deal || view.to_act === null || view.to_act === undefined) return null;
  const mine = isMyTurn(ctx);
  if (view.phase === 'contract') {
    return mine ? t('status.you.contract') : t('status.them.contract', { name: nameOf(ctx, view.to_act) });
  }
  if (view.phase === 'exchange') {
    const step = stepNow(deal);
    if (!STEPS[step]) return null;
    const to = nameOf(ctx, roleSeat(deal, STEPS[step].to[0]));
    const kind = step === 2 ? 'share' : `pass.${step}`;
    return mine
      ? t(`status.you.${kind}`, { name: to })
      : t(`status.them.${kind}`, { giver: nameOf(ctx, view.to_act), name: to });
  }
  if (view.phase === 'play' && !deal.trick.length && !deal.tricks_played.length) {
    return mine ? t('status.you.lead') : t('status.them.lead', { name: nameOf(ctx, view.to_act) });
  }
  return null;
}

// ---- the seats ----------------------------------------------------------------------------

export function badges(ctx, seat) {
  const deal = ctx.view.deal;
  if (deal.forehand !== seat) return [];
  return [{ kind: 'forehand', long: t('badge.forehand'), short: t('badge.forehand_short') }];
}

export function seatStats(ctx, seat) {
  const deal = ctx.view.deal;
  if (ctx.view.phase !== 'play') return [];
  const won = deal.tricks?.[seat] ?? 0;
  return [seatStat('tricks', t('seat.tricks'), String(won), { title: t('seat.tricks_title'), 'data-tricks': won })];
}

export function scoreColumns(ctx) {
  return [
    {
      label: t('scores.left'),
      className: 'fb-left',
      cell: (seat) =>
        (ctx.view.contracts_left?.[seat] ?? []).map((c) =>
          h('span', {
            class: `fb-chip chip-${c}`,
            'data-contract': c,
            title: contractName(c),
            text: t(`contract.short.${c}`),
          }),
        ),
    },
  ];
}

// The seat's own exchange through the deal's play, beside the scores.
export function sideSections(ctx) {
  if (!isPlaying(ctx) || ctx.view.phase !== 'play' || ctx.seat === null) return null;
  const passes = ownPasses(ctx);
  if (!passes.length) return null;
  return h(
    'section',
    { class: 'side-section fb-side-exchange', 'aria-labelledby': 'own-exchange-title' },
    h('h2', { id: 'own-exchange-title', text: t('exchange.yours') }),
    passLines(ctx, passes),
  );
}

// ---- the hand -----------------------------------------------------------------------------

// The hand is ordered by the core (the player's setting `sort`): its ranks high to low, and
// where the view keeps the trump suit.
export const handRanks = RANKS;

export function trumpSuit(ctx) {
  return ctx.view.deal.trump ?? null;
}

// A card chosen for the share is marked with the number of its receiver's slot; a card the
// exchange brought stays marked for the deal.
export function cardNote(ctx, position, code) {
  const deal = ctx.view.deal;
  if (legalOf(ctx, 'share') && share.key === shareKey(ctx)) {
    const slot = share.slots.indexOf(position);
    if (slot >= 0) {
      const seat = legalOf(ctx, 'share').to[slot];
      return { className: `fb-to fb-to-${slot}`, label: t('share.goes_to', { name: nameOf(ctx, seat) }) };
    }
  }
  const got = (deal.exchange ?? []).find((p) => p.to === ctx.seat && p.cards?.includes(code));
  return got ? { className: 'fb-received', label: t('hand.received', { name: nameOf(ctx, got.from) }) } : null;
}

export function whyNot(ctx) {
  const phase = ctx.view.phase;
  if (phase === 'contract') return t('why.contract');
  if (phase === 'exchange') return t('why.exchange');
  return t('error.must_follow_suit');
}

// ---- the end of a deal --------------------------------------------------------------------

export function summary(ctx, deal) {
  const teams = teamsOf(ctx);
  const totals = totalsAfter(ctx, deal);
  const signed = (n) => formatNumber(n, true);
  const mine = ctx.seat === null ? -1 : teamIndex(ctx, ctx.seat);
  return [
    h(
      'p',
      { class: 'fb-summary-contract' },
      h('span', { text: t('summary.played_by', { name: nameOf(ctx, deal.forehand) }) }),
      ' ',
      contractLabel(deal.contract, deal.trump, deal.forced),
    ),
    h(
      'table',
      { class: 'summary-table fb-summary-table', id: 'finnish-summary' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col', text: t('summary.team') }),
          h('th', { scope: 'col', class: 'num', text: t('summary.tricks') }),
          h('th', { scope: 'col', class: 'num', text: t('summary.quota') }),
          h('th', { scope: 'col', class: 'num', text: t('summary.score') }),
          h('th', { scope: 'col', class: 'num', text: t('scores.total') }),
        ),
      ),
      h(
        'tbody',
        {},
        teams.map((members, i) =>
          h(
            'tr',
            { 'data-team': i, class: i === mine ? 'is-me' : '' },
            h(
              'th',
              { scope: 'row' },
              h('span', { class: `badge badge-team team-${i}`, text: TEAM_LETTERS[i] }),
              ' ',
              h('span', { class: 'fb-summary-names', text: teamNames(ctx, members) }),
            ),
            h('td', { class: 'num', 'data-tricks': deal.team_tricks[i], text: String(deal.team_tricks[i]) }),
            h('td', { class: 'num', text: String(deal.quotas[i]) }),
            h('td', { class: 'num score', 'data-score': deal.team_scores[i], text: signed(deal.team_scores[i]) }),
            h('td', { class: 'num', text: signed(totals[members[0]]) }),
          ),
        ),
      ),
    ),
  ];
}

// ---- said for a screen reader ----------------------------------------------------------------

// The contract forehand chose, said as in Bismarck: the same view fields and words.
export { calls } from '../bismarck/panel.js';
