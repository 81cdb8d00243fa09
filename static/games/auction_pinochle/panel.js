// Auction pinochle's part of the table (static/js/panel.js describes the hooks): the auction
// with each seat's last bid, the widow face down and then face up for everyone, the bidder's
// trump and shown meld, the kitty; the bidder's decisions (a bid, the widow or a throw-in,
// trumps, a meld builder, the burial, and until his first lead changing any of them), an
// opponent's concession out of turn; the seats that sit a deal out and still settle; the
// deal's summary with the buried cards revealed. Every figure is the server's: the panel
// offers what `legal` lists and adds nothing up but the meld builder's running sum.

import { h } from '../../js/dom.js';
import { cardName, cardSvg, suitIcon, suitOf } from '../../js/cards.js';
import { formatNumber, t } from '../../js/i18n.js';
import { isMyTurn, legalOf, myLegal, seatName } from '../../js/model.js';
import { seatStat } from '../../js/table.js';
import { totalsAfter } from '../../js/dialogs.js';
import { playedOut, selectablePositions } from '../../js/hand.js';

export const stylesheet = new URL('./panel.css', import.meta.url).href;

const RANKS = 'ATKQJ9';
const BID_STEP = 10;
// The table's limit on a bid (MAX_BID of the engine, docs/games/auction-pinochle.md).
const MAX_BID = 10000;
const suitWord = (suit) => t(`suit.name.${suit}`);
const nameOf = (ctx, seat) => seatName(ctx.room, seat);

// ---- what the panel keeps between drawings ------------------------------------------------

// The bid being dialled, the melds unticked in the builder, a change under way ('meld' or
// 'bury'; the cards chosen to bury again are the core's selection). They belong to one moment
// of one deal and are forgotten as soon as the table moves on.
const local = { moment: null, bid: null, unticked: new Set(), revising: null };

function keep(ctx) {
  const deal = ctx.view.deal;
  const key = JSON.stringify([
    ctx.room?.match_number,
    deal.number,
    ctx.view.phase,
    deal.high_bid,
    deal.trump,
    deal.meld?.cards ?? null,
    deal.buried,
    deal.led,
    deal.suggestion?.action ?? null,
  ]);
  if (local.moment !== key) {
    Object.assign(local, { moment: key, bid: null, unticked: new Set(), revising: null });
  }
}

// ---- small pieces -------------------------------------------------------------------------

function cardFace(code, extra = {}) {
  return h(
    'div',
    { class: 'card', role: 'img', 'aria-label': cardName(code), 'data-card': code, ...extra },
    cardSvg(code),
  );
}

function cardBack() {
  return h('div', { class: 'card', 'aria-hidden': 'true' }, cardSvg(null));
}

function cardRow(cards, className = '') {
  return h('div', { class: `ap-cards ${className}`.trim() }, cards.map((c) => cardFace(c)));
}

function button(ctx, action, label, onclick, extra = {}) {
  const { class: className = '', ...rest } = extra;
  return h(
    'button',
    {
      type: 'button',
      class: `btn ${className}`.trim(),
      'data-action': action,
      disabled: Boolean(ctx.pending),
      onclick,
      ...rest,
    },
    label,
  );
}

function trumpPill(trump) {
  return h(
    'span',
    { class: 'label-pill ap-trump', 'data-trump': trump },
    h('span', { text: t('trump.label') }),
    ' ',
    suitIcon(trump, suitWord(trump)),
  );
}

function meldLabel(meld) {
  const word = h('span', { class: 'ap-meld-name', text: t(`meld.${meld.kind}`) });
  if (meld.kind !== 'marriage') return word;
  const suit = suitOf(meld.cards[0]);
  return [word, ' ', suitIcon(suit, suitWord(suit))];
}

// The melds of a shown meld, each with its value, and the cards they show.
function shownMeld(meld) {
  return h(
    'div',
    { class: 'ap-shown', id: 'shown-meld', 'data-value': meld.value, 'data-cards': meld.cards.join(',') },
    h(
      'p',
      { class: 'ap-shown-head' },
      h('span', { class: 'ap-label', text: t('meld.shown') }),
      ' ',
      h('strong', { class: 'ap-meld-value', text: String(meld.value) }),
    ),
    meld.melds.length
      ? h(
          'ul',
          { class: 'ap-meld-list' },
          meld.melds.map((m) =>
            h(
              'li',
              { 'data-kind': m.kind },
              meldLabel(m),
              h('span', { class: 'ap-meld-points', text: String(m.value) }),
            ),
          ),
        )
      : h('p', { class: 'ap-none', text: t('meld.nothing_shown') }),
    meld.cards.length ? cardRow(meld.cards, 'small') : null,
  );
}

// The widow: three backs until it is turned, then its cards for everyone.
function widow(deal, small = false) {
  const turned = Boolean(deal.widow);
  return h(
    'div',
    {
      class: `ap-widow${small ? ' small' : ''}`,
      id: 'widow',
      role: 'group',
      'aria-label': turned ? t('widow.up', { cards: deal.widow.map(cardName).join(', ') }) : t('widow.down'),
      'data-turned': turned ? 'true' : 'false',
      'data-cards': turned ? deal.widow.join(',') : null,
    },
    h('span', { class: 'ap-label', text: t('widow.title') }),
    h('div', { class: 'ap-cards' }, turned ? deal.widow.map((c) => cardFace(c)) : [0, 1, 2].map(cardBack)),
  );
}

function lastBids(deal) {
  const last = new Map();
  for (const { seat, bid } of deal.auction) last.set(seat, bid);
  return last;
}

// ---- the middle ---------------------------------------------------------------------------

export function dealLabel(ctx) {
  const { view } = ctx;
  const deal = view.deal;
  const out = [];
  if (deal.bidder !== null) {
    out.push(
      h(
        'span',
        { class: 'label-pill ap-contract', 'data-bidder': deal.bidder, 'data-bid': deal.high_bid },
        t('contract.label', { name: nameOf(ctx, deal.bidder), n: deal.high_bid }),
      ),
    );
  }
  if (deal.trump) out.push(trumpPill(deal.trump));
  out.push(
    h(
      'span',
      { class: 'ap-kitty', id: 'kitty-balance', 'data-kitty': view.kitty },
      t('kitty.short', { n: formatNumber(view.kitty) }),
    ),
  );
  return out;
}

// Each active seat in bidding order with its last word, the high bid and who speaks next.
function auction(ctx) {
  const { view } = ctx;
  const deal = view.deal;
  const last = lastBids(deal);
  return h(
    'div',
    { class: 'ap-auction', id: 'auction', 'data-eldest': deal.eldest, 'data-high': deal.high_bid ?? '' },
    h('h3', { class: 'ap-label', text: t('auction.title') }),
    h(
      'ol',
      { class: 'ap-bids' },
      deal.active.map((seat) => {
        const said = last.has(seat) ? last.get(seat) : undefined;
        const passed = said === null;
        const text = said === undefined ? '…' : passed ? t('auction.pass') : String(said);
        const classes = [
          passed ? 'passed' : '',
          seat === deal.high_bidder ? 'high' : '',
          seat === view.to_act && view.phase === 'bid' ? 'speaking' : '',
        ];
        const eldest = seat === deal.eldest;
        return h(
          'li',
          {
            class: classes.filter(Boolean).join(' '),
            'data-seat': seat,
            'data-bid': said === undefined ? '' : passed ? 'pass' : said,
          },
          h('span', { class: 'ap-bidder-name', text: nameOf(ctx, seat) }),
          eldest
            ? h('span', { class: 'ap-eldest', title: t('badge.eldest'), text: t('badge.eldest_short') })
            : null,
          h('span', { class: 'ap-bid-said', text }),
        );
      }),
    ),
    deal.bidder === null
      ? h('p', { class: 'ap-minimum muted', text: t('auction.minimum', { n: deal.minimum }) })
      : null,
  );
}

// After the auction and before the first lead: the widow for everyone, the contract so far,
// the shown meld, the burial and the concessions.
function contract(ctx) {
  const deal = ctx.view.deal;
  const bidder = nameOf(ctx, deal.bidder);
  const conceded = deal.conceded.map((s) => nameOf(ctx, s));
  if (deal.trump && !deal.meld && !deal.buried_count && !conceded.length) return null;
  return h(
    'div',
    { class: 'ap-contract-board', id: 'contract-board' },
    deal.trump ? null : h('p', { class: 'ap-waiting', text: t('contract.no_trump_yet', { name: bidder }) }),
    deal.meld ? shownMeld(deal.meld) : null,
    deal.buried_count
      ? h('p', {
          class: 'ap-buried-note',
          id: 'buried-note',
          text: t('bury.done', { name: bidder, n: deal.buried_count }),
        })
      : null,
    conceded.length
      ? h('p', { class: 'ap-conceded-note', text: t('concede.done', { names: conceded.join(', ') }) })
      : null,
  );
}

// During the play: the widow, the meld and the card points taken so far, small.
function playStrip(ctx) {
  const deal = ctx.view.deal;
  const parts = [];
  if (deal.widow) parts.push(widow(deal, true));
  if (deal.meld) {
    parts.push(
      h(
        'div',
        {
          class: 'ap-meld-mini',
          id: 'shown-meld',
          'data-value': deal.meld.value,
          'data-cards': deal.meld.cards.join(','),
        },
        h('span', { class: 'ap-label', text: t('meld.mini', { n: deal.meld.value }) }),
        deal.meld.cards.length ? cardRow(deal.meld.cards, 'tiny') : null,
      ),
    );
  }
  if (deal.points_taken) {
    parts.push(
      h(
        'p',
        {
          class: 'ap-points',
          id: 'points-taken',
          'data-bidder': deal.points_taken[0],
          'data-opponents': deal.points_taken[1],
        },
        t('points.taken', {
          name: nameOf(ctx, deal.bidder),
          n: deal.points_taken[0],
          m: deal.points_taken[1],
        }),
      ),
    );
  }
  return parts.length ? h('div', { class: 'ap-strip' }, parts) : null;
}

export function centre(ctx) {
  const deal = ctx.view.deal;
  if (deal.bidder === null || !deal.widow_turned) {
    return { main: h('div', { class: 'ap-board', id: 'auction-board' }, widow(deal), auction(ctx)) };
  }
  if (!deal.led) {
    return { main: h('div', { class: 'ap-board', id: 'auction-board' }, widow(deal), contract(ctx)) };
  }
  return { tools: playStrip(ctx) };
}

// ---- decisions ----------------------------------------------------------------------------

function concedeButton(ctx, ui, size = '') {
  const deal = ctx.view.deal;
  const bidder = ctx.seat === deal.bidder;
  const ask = bidder
    ? { q: t('concede.bidder_question', { n: deal.high_bid }), detail: t('concede.bidder_detail') }
    : {
        q: t('concede.opponent_question', { name: nameOf(ctx, deal.bidder), n: deal.high_bid }),
        detail: t('concede.opponent_detail'),
      };
  return button(
    ctx,
    'concede',
    t('action.concede'),
    () => ui.confirm(ask.q, () => ui.act('concede'), { detail: ask.detail, yes: t('concede.yes') }),
    { class: `danger-soft ${size}`.trim(), id: 'concede-button' },
  );
}

function bidBar(ctx, legal, ui) {
  const deal = ctx.view.deal;
  const bids = legal.actions.filter((a) => a.startsWith('bid:')).map((a) => Number(a.slice(4)));
  if (!bids.length) {
    // The high bid is at the table's limit: passing is all that is left.
    return h(
      'div',
      { class: 'ap-decision ap-bid', id: 'bid-bar', role: 'group', 'aria-label': t('bid.stepper') },
      h(
        'div',
        { class: 'ap-row' },
        button(ctx, 'pass', t('bid.pass'), () => ui.act('pass'), { class: 'ap-pass', id: 'pass-button' }),
      ),
    );
  }
  const least = Math.min(...bids);
  if (local.bid === null || local.bid < least) local.bid = least;
  const value = local.bid;
  const pending = Boolean(ctx.pending);
  const step = (by) => {
    local.bid = Math.min(MAX_BID, Math.max(least, local.bid + by));
    ui.render();
  };
  // The least bid and a few steps above it, each a tap; the stepper reaches any other.
  const quick = [0, 1, 2, 5].map((k) => least + k * BID_STEP).filter((b) => bids.includes(b));
  const mayPass = legal.actions.includes('pass');
  return h(
    'div',
    { class: 'ap-decision ap-bid', id: 'bid-bar', role: 'group', 'aria-label': t('bid.stepper') },
    h(
      'div',
      { class: 'ap-row' },
      h(
        'div',
        { class: 'ap-stepper' },
        h('button', {
          type: 'button',
          class: 'btn ap-step',
          'data-action': 'bid-down',
          'aria-label': t('bid.down'),
          disabled: pending || value <= least,
          text: '−',
          onclick: () => step(-BID_STEP),
        }),
        h('output', { class: 'ap-bid-value', id: 'bid-value', 'aria-live': 'polite', text: String(value) }),
        h('button', {
          type: 'button',
          class: 'btn ap-step',
          'data-action': 'bid-up',
          'aria-label': t('bid.up'),
          disabled: pending || value + BID_STEP > MAX_BID,
          text: '+',
          onclick: () => step(BID_STEP),
        }),
      ),
      button(ctx, `bid:${value}`, t('bid.send', { n: value }), () => ui.act(`bid:${value}`), {
        class: 'primary',
        id: 'bid-send',
        'data-turn-focus': '',
      }),
      mayPass
        ? button(ctx, 'pass', t('bid.pass'), () => ui.act('pass'), { class: 'ap-pass', id: 'pass-button' })
        : null,
    ),
    h(
      'div',
      { class: 'ap-row', id: 'bid-quick', role: 'group', 'aria-label': t('bid.quick') },
      quick.map((b) =>
        button(ctx, `bid:${b}`, String(b), () => ui.act(`bid:${b}`), {
          class: 'small ap-quick',
          'aria-label': t('bid.send', { n: b }),
        }),
      ),
    ),
    mayPass ? null : h('p', { class: 'ap-note muted ap-must-open', text: t('bid.must_open', { n: least }) }),
  );
}

function widowBar(ctx, legal, ui) {
  const deal = ctx.view.deal;
  return h(
    'div',
    { class: 'ap-decision', id: 'widow-bar' },
    h('p', { class: 'ap-bar-title', text: t('widow.decide', { n: deal.high_bid }) }),
    h(
      'div',
      { class: 'ap-row' },
      legal.actions.map((action) => {
        if (action === 'widow') {
          return button(ctx, action, t('action.widow'), () => ui.act(action), {
            class: 'primary',
            'data-turn-focus': '',
          });
        }
        if (action === 'throw_in') {
          return button(ctx, action, t('action.throw_in'), () =>
            ui.confirm(t('throw_in.question', { n: deal.high_bid }), () => ui.act(action), {
              detail: t('throw_in.detail'),
              yes: t('action.throw_in'),
            }),
          );
        }
        if (action === 'concede') return concedeButton(ctx, ui);
        return null;
      }),
    ),
  );
}

function suitButton(ctx, action, deal, ui, extra = {}, compact = false) {
  const suit = action.slice(6);
  const value = deal.trump_melds?.[suit];
  return button(
    ctx,
    action,
    [
      suitIcon(suit),
      h('span', { class: 'ap-suit-word', text: suitWord(suit) }),
      value === undefined
        ? null
        : h('span', { class: 'ap-suit-meld', text: compact ? String(value) : t('trump.meld', { n: value }) }),
    ],
    () => {
      local.revising = null;
      ui.act(action);
    },
    {
      class: `ap-suit suit-${suit}`,
      'aria-label': t('trump.choose_suit', { suit: suitWord(suit), n: value ?? 0 }),
      ...extra,
    },
  );
}

function trumpBar(ctx, legal, ui) {
  const deal = ctx.view.deal;
  const suits = legal.actions.filter((a) => a.startsWith('trump:'));
  const best = Math.max(...suits.map((a) => deal.trump_melds?.[a.slice(6)] ?? 0));
  return h(
    'div',
    { class: 'ap-decision', id: 'trump-bar' },
    h('p', { class: 'ap-bar-title', text: t('trump.choose') }),
    h(
      'div',
      { class: 'ap-row ap-suits' },
      suits.map((a, i) => {
        const suit = a.slice(6);
        // The suit whose meld is the greatest stands out: the server's figures, compared.
        const top = (deal.trump_melds?.[suit] ?? -1) === best;
        return suitButton(ctx, a, deal, ui, {
          class: `ap-suit suit-${suit}${top ? ' best' : ''}`,
          'data-turn-focus': i === 0 ? '' : null,
        });
      }),
    ),
    legal.actions.includes('concede') ? h('div', { class: 'ap-row' }, concedeButton(ctx, ui)) : null,
  );
}

// The meld builder: the suggested melds, each to tick or untick; the action names the chosen
// melds by their cards. The sum is of the melds as listed; once shown, the server's value of
// the shown cards is what counts.
function meldBuilder(ctx, legal, ui) {
  const deal = ctx.view.deal;
  const melds = deal.suggestion?.melds ?? [];
  const chosen = melds.filter((_, i) => !local.unticked.has(i));
  const sum = chosen.reduce((n, m) => n + m.value, 0);
  const action = chosen.length ? `meld:${chosen.map((m) => m.cards.join(',')).join(';')}` : 'meld';
  const revising = local.revising === 'meld';
  const toggle = (i) => {
    if (local.unticked.has(i)) local.unticked.delete(i);
    else local.unticked.add(i);
    ui.render();
  };
  return h(
    'div',
    {
      class: 'ap-decision ap-meld-builder',
      id: 'meld-builder',
      role: 'group',
      'aria-labelledby': 'meld-title',
    },
    h(
      'p',
      { class: 'ap-bar-title', id: 'meld-title' },
      t('meld.title'),
      ' ',
      deal.trump ? suitIcon(deal.trump, suitWord(deal.trump)) : null,
    ),
    melds.length
      ? h(
          'ul',
          { class: 'ap-meld-choices' },
          melds.map((m, i) => {
            const on = !local.unticked.has(i);
            const id = `meld-choice-${i}`;
            return h(
              'li',
              { class: on ? 'on' : 'off', 'data-kind': m.kind, 'data-value': m.value },
              h('input', {
                type: 'checkbox',
                id,
                checked: on,
                disabled: Boolean(ctx.pending),
                'data-meld': i,
                // keeps the keyboard's focus on this box when the bar is drawn anew
                'data-action': `tick-${i}`,
                onchange: () => toggle(i),
              }),
              h(
                'label',
                { for: id },
                h('span', { class: 'ap-choice-name' }, meldLabel(m)),
                h(
                  'span',
                  { class: 'ap-choice-cards', 'aria-hidden': 'true' },
                  m.cards.map((c) => cardFace(c)),
                ),
                h('span', { class: 'ap-meld-points', text: String(m.value) }),
              ),
            );
          }),
        )
      : h('p', { class: 'ap-none', text: t('meld.none') }),
    h(
      'p',
      { class: 'ap-meld-sum', id: 'meld-sum', 'data-value': sum, 'aria-live': 'polite' },
      t('meld.sum', { n: sum }),
    ),
    h(
      'div',
      { class: 'ap-row' },
      chosen.length
        ? button(
            ctx,
            action,
            t('meld.send', { n: sum }),
            () => {
              local.revising = null;
              ui.act(action);
            },
            { class: 'primary', id: 'meld-send', 'data-turn-focus': '' },
          )
        : null,
      button(
        ctx,
        'meld',
        t('meld.send_none'),
        () => {
          local.revising = null;
          ui.act('meld');
        },
        { id: 'meld-none', class: chosen.length ? '' : 'primary' },
      ),
      revising
        ? button(ctx, 'cancel', t('revise.cancel'), () => {
            local.revising = null;
            ui.render();
          })
        : null,
    ),
    h('p', { class: 'ap-note muted', text: t('meld.note') }),
  );
}

// What the bidder may still change before his first lead, from `revise`: another trump
// suit (each with the meld it would give), another meld, another burial; and his concession.
function reviseRow(ctx, legal, ui) {
  const revise = legal.revise ?? [];
  const deal = ctx.view.deal;
  const trumps = revise.filter((a) => a.startsWith('trump:'));
  const buttons = [];
  if (revise.includes('meld')) {
    buttons.push(
      button(ctx, 'revise-meld', t('revise.meld'), () => {
        local.revising = 'meld';
        ui.render();
      }, { class: 'small', id: 'revise-meld' }),
    );
  }
  if (revise.includes('bury')) {
    buttons.push(
      button(ctx, 'revise-bury', t('revise.bury'), () => {
        local.revising = 'bury';
        ui.render();
      }, { class: 'small', id: 'revise-bury' }),
    );
  }
  if (legal.actions?.includes('concede') || legal.also?.includes('concede')) {
    buttons.push(concedeButton(ctx, ui, 'small'));
  }
  if (!trumps.length && !buttons.length) return null;
  return h(
    'div',
    { class: 'ap-revise', role: 'group', 'aria-labelledby': 'revise-title' },
    h(
      'div',
      { class: 'ap-row' },
      h('span', { class: 'ap-revise-title', id: 'revise-title', text: t('revise.title') }),
      trumps.length
        ? h(
            'span',
            { class: 'ap-change-trump', role: 'group', 'aria-labelledby': 'change-trump-label' },
            h('span', { class: 'ap-revise-title', id: 'change-trump-label', text: t('revise.trump') }),
            trumps.map((a) =>
              suitButton(ctx, a, deal, ui, { class: `ap-suit small suit-${a.slice(6)}` }, true),
            ),
          )
        : null,
    ),
    buttons.length ? h('div', { class: 'ap-row' }, buttons) : null,
  );
}

function buryBar(ctx, legal, ui) {
  const chosen = ui.selection().length;
  return h(
    'div',
    { class: 'ap-decision', id: 'bury-bar' },
    h(
      'div',
      { class: 'select-bar' },
      h('p', { id: 'bury-hint', text: t('bury.hint', { n: legal.count, chosen }) }),
      h('button', {
        type: 'button',
        class: 'btn primary',
        id: 'bury-confirm',
        'data-action': 'bury',
        disabled: chosen !== legal.count || Boolean(ctx.pending),
        text: t('bury.confirm', { n: legal.count }),
        onclick: () => ui.submitSelection(),
      }),
    ),
    reviseRow(ctx, legal, ui),
  );
}

// Burying again after a burial was made: the panel's own choice of three cards (`choice`).
function reburyBar(ctx, ui) {
  const chosen = ui.selection().length;
  return h(
    'div',
    { class: 'ap-decision', id: 'bury-bar' },
    h(
      'div',
      { class: 'select-bar' },
      h('p', { id: 'bury-hint', text: t('bury.hint', { n: 3, chosen }) }),
      h('button', {
        type: 'button',
        class: 'btn primary',
        id: 'bury-confirm',
        'data-action': 'bury',
        disabled: chosen !== 3 || Boolean(ctx.pending),
        text: t('bury.confirm', { n: 3 }),
        onclick: () => ui.submitSelection(),
      }),
      button(ctx, 'cancel', t('revise.cancel'), () => {
        for (const position of ui.selection()) ui.toggle(position);
        local.revising = null;
        ui.render();
      }),
    ),
  );
}

function opponentConcession(ctx, ui) {
  const deal = ctx.view.deal;
  return h(
    'div',
    { class: 'ap-opponent', id: 'concede-bar' },
    h('p', {
      class: 'ap-note',
      text: t('concede.opponent_hint', { name: nameOf(ctx, deal.bidder), n: deal.high_bid }),
    }),
    concedeButton(ctx, ui, 'small'),
  );
}

export function actions(ctx, ui) {
  const legal = myLegal(ctx);
  if (!legal || !ctx.view.deal) return null;
  keep(ctx);
  if (!isMyTurn(ctx)) return legal.kind === 'concede' ? opponentConcession(ctx, ui) : null;
  if (local.revising === 'meld' && legal.revise?.includes('meld')) return meldBuilder(ctx, legal, ui);
  if (local.revising === 'bury' && legal.revise?.includes('bury')) return reburyBar(ctx, ui);
  switch (legal.kind) {
    case 'bid':
      return bidBar(ctx, legal, ui);
    case 'widow':
      return widowBar(ctx, legal, ui);
    case 'trump':
      return trumpBar(ctx, legal, ui);
    case 'meld':
      return [meldBuilder(ctx, legal, ui), reviseRow(ctx, legal, ui)];
    case 'bury':
      return buryBar(ctx, legal, ui);
    case 'play':
      return legal.revise || legal.actions.includes('concede') ? reviseRow(ctx, legal, ui) : null;
    default:
      return null;
  }
}

export function status(ctx) {
  const { view } = ctx;
  const deal = view.deal;
  if (!deal || view.to_act === null) return null;
  const mine = isMyTurn(ctx);
  const who = nameOf(ctx, view.to_act);
  const phase = view.phase;
  if (phase === 'bid') {
    if (!mine) return t('status.them.bid', { name: who });
    return deal.high_bid === null
      ? t('status.you.open', { n: deal.minimum })
      : t('status.you.bid', { n: deal.high_bid });
  }
  if (['widow', 'trump', 'meld', 'bury'].includes(phase)) {
    return mine ? t(`status.you.${phase}`) : t(`status.them.${phase}`, { name: who });
  }
  if (phase === 'play' && !deal.led) {
    return mine ? t('status.you.lead') : t('status.them.lead', { name: who });
  }
  return null;
}

// ---- seats --------------------------------------------------------------------------------

export function badges(ctx, seat) {
  const deal = ctx.view.deal;
  const out = [];
  if (deal.sitting_out.includes(seat)) {
    out.push({ kind: 'out', long: t('badge.sits_out'), short: t('badge.sits_out_short') });
    return out;
  }
  if (deal.bidder === null) {
    const last = lastBids(deal);
    if (seat === deal.eldest) {
      out.push({ kind: 'eldest', long: t('badge.eldest'), short: t('badge.eldest_short') });
    }
    if (last.has(seat)) {
      const bid = last.get(seat);
      out.push(
        bid === null
          ? { kind: 'passed', long: t('badge.passed'), short: t('badge.passed_short') }
          : { kind: 'bid', long: t('badge.bid', { n: bid }), short: String(bid) },
      );
    }
    return out;
  }
  if (seat === deal.bidder) {
    out.push({ kind: 'bidder', long: t('badge.bidder', { n: deal.high_bid }), short: String(deal.high_bid) });
  }
  if (deal.conceded.includes(seat)) {
    out.push({ kind: 'conceded', long: t('badge.conceded'), short: t('badge.conceded_short') });
  }
  return out;
}

export function seatStats(ctx, seat) {
  const deal = ctx.view.deal;
  if (!deal.led || !deal.active.includes(seat)) return [];
  const won = deal.tricks_won[seat];
  return [seatStat('tricks', t('seat.tricks'), String(won), { 'data-tricks': won })];
}

export function handNote(ctx) {
  const deal = ctx.view.deal;
  if (playedOut(ctx)) return t('hand.played_out');
  return deal.sitting_out.includes(ctx.seat) ? t('hand.sitting_out') : t('hand.none');
}

// ---- the hand -----------------------------------------------------------------------------

// The hand is ordered by the core (the player's setting `sort`): its ranks high to low, and
// where the view keeps the trump suit.
export const handRanks = RANKS;

export function trumpSuit(ctx) {
  return ctx.view.deal.trump ?? null;
}

// The bidder's cards before his first lead: which copies his meld shows (the later copies
// of a card, as a choice of cards takes the first ones), which are buried, and the codes of
// those no meld shows (the ones he may bury).
function bidderMarks(ctx) {
  const deal = ctx.view.deal;
  if (ctx.seat !== deal.bidder || deal.led || !deal.hand || !deal.widow_turned) return null;
  const hand = deal.hand;
  const left = new Map();
  for (const c of hand) left.set(c, (left.get(c) ?? 0) + 1);
  for (const c of deal.meld?.cards ?? []) left.set(c, (left.get(c) ?? 0) - 1);
  const unshown = hand.filter((c) => {
    const n = left.get(c) ?? 0;
    if (n > 0) left.set(c, n - 1);
    return n > 0;
  });
  const free = selectablePositions(hand, unshown);
  const shown = new Set(hand.map((_, p) => p).filter((p) => !free.has(p)));
  const buried = new Set();
  const toBury = [...(deal.buried ?? [])];
  hand.forEach((c, p) => {
    const i = toBury.indexOf(c);
    if (!shown.has(p) && i >= 0) {
      buried.add(p);
      toBury.splice(i, 1);
    }
  });
  return { shown, buried, unshown };
}

export function cardNote(ctx, position) {
  const marks = bidderMarks(ctx);
  if (!marks) return null;
  if (marks.shown.has(position)) return { className: 'ap-shown-card', label: t('hand.shown') };
  if (marks.buried.has(position)) return { className: 'ap-buried-card', label: t('hand.buried') };
  return null;
}

// Burying again, once "Bury again" is pressed: three of the cards no meld shows.
export function choice(ctx) {
  const marks = bidderMarks(ctx);
  if (!marks) return null;
  keep(ctx);
  const legal = legalOf(ctx);
  if (local.revising !== 'bury' || !legal?.revise?.includes('bury')) return null;
  return { kind: 'bury', count: 3, from: marks.unshown };
}

export function whyNot(ctx, card) {
  const deal = ctx.view.deal;
  if (ctx.view.phase === 'bury' || local.revising === 'bury') return t('why.shown');
  if (ctx.seat === deal.bidder && !deal.led) {
    if ((deal.buried ?? []).includes(card)) return t('error.card_is_buried');
  }
  if (ctx.view.phase === 'play') return t('why.play');
  return t('why.not_now');
}

// ---- the side -----------------------------------------------------------------------------

export function sideSections(ctx) {
  const { view } = ctx;
  const share = view.share;
  return h(
    'section',
    { class: 'side-section ap-kitty-section', id: 'kitty-section', 'aria-labelledby': 'kitty-title' },
    h(
      'div',
      { class: 'section-head' },
      h('h2', { id: 'kitty-title', text: t('kitty.title') }),
      h('strong', {
        class: 'ap-kitty-total',
        'data-kitty': view.kitty,
        text: formatNumber(view.kitty, true),
      }),
    ),
    share
      ? h('p', {
          class: 'muted',
          text: t('kitty.shared', {
            list: share.map((n, s) => `${nameOf(ctx, s)} ${formatNumber(n, true)}`).join(', '),
          }),
        })
      : h('p', { class: 'muted', text: t('kitty.note') }),
  );
}

// ---- the end of a deal --------------------------------------------------------------------

function endLine(ctx, deal) {
  const params = {
    name: nameOf(ctx, deal.bidder),
    n: deal.bid,
    total: deal.total ?? '',
    meld: deal.meld?.value ?? 0,
    value: deal.value,
  };
  return t(`summary.end.${deal.end}`, params);
}

function fact(label, ...content) {
  return h('div', { class: 'ap-fact' }, h('dt', { text: label }), h('dd', {}, content));
}

export function summary(ctx, deal) {
  const sheet = ctx.view.scoresheet;
  const totals = totalsAfter(ctx, deal);
  const index = sheet.deals.findIndex((d) => d.number === deal.number);
  const kitty = sheet.accounts?.find((a) => a.key === 'kitty');
  const kittyAfter = index >= 0 && kitty ? kitty.running[index] : ctx.view.kitty;
  const seats = [...ctx.room.seats.keys()];
  const facts = [
    fact(
      t('summary.contract'),
      t('contract.label', { name: nameOf(ctx, deal.bidder), n: deal.bid }),
      deal.trump ? [' ', suitIcon(deal.trump, suitWord(deal.trump))] : null,
      deal.value && deal.end !== 'thrown_in'
        ? h('span', { class: 'muted', text: ` ${t('summary.value', { n: deal.value })}` })
        : null,
    ),
  ];
  if (deal.widow) facts.push(fact(t('widow.title'), cardRow(deal.widow, 'small')));
  if (deal.meld) {
    facts.push(
      fact(
        t('summary.meld', { n: deal.meld.value }),
        deal.meld.melds.length
          ? h('span', {
              class: 'ap-meld-inline',
              text: deal.meld.melds.map((m) => `${t(`meld.${m.kind}`)} ${m.value}`).join(', '),
            })
          : h('span', { class: 'muted', text: t('meld.nothing_shown') }),
        deal.meld.cards.length ? cardRow(deal.meld.cards, 'small') : null,
      ),
    );
  }
  if (deal.buried) facts.push(fact(t('summary.buried'), cardRow(deal.buried, 'small ap-buried')));
  if (deal.total !== null && deal.total !== undefined) {
    facts.push(
      fact(
        t('summary.count'),
        t('summary.count_line', {
          meld: deal.meld?.value ?? 0,
          points: deal.points,
          total: deal.total,
          n: deal.bid,
        }),
      ),
    );
    if (deal.last_trick !== null && deal.last_trick !== undefined) {
      facts.push(fact(t('summary.last_trick'), nameOf(ctx, deal.last_trick)));
    }
  }
  const lone = deal.end === 'opponents_conceded' ? [] : deal.conceded;
  const rows = seats.map((seat) => {
    const role =
      seat === deal.bidder
        ? t('summary.role.bidder')
        : deal.sitting_out.includes(seat)
          ? t('summary.role.out')
          : lone.includes(seat)
            ? t('summary.role.conceded')
            : t('summary.role.opponent');
    return h(
      'tr',
      { 'data-seat': seat, class: seat === ctx.seat ? 'is-me' : '' },
      h('th', { scope: 'row' }, nameOf(ctx, seat), h('span', { class: 'ap-role', text: ` · ${role}` })),
      h('td', { class: 'num score', text: formatNumber(deal.chips[seat], true) }),
      deal.share ? h('td', { class: 'num', text: formatNumber(deal.share[seat], true) }) : null,
      h('td', { class: 'num', text: formatNumber(totals[seat], true) }),
    );
  });
  rows.push(
    h(
      'tr',
      { 'data-account': 'kitty', class: 'ap-kitty-row' },
      h('th', { scope: 'row', text: t('kitty.title') }),
      h('td', { class: 'num score', text: formatNumber(deal.kitty, true) }),
      deal.share
        ? h('td', { class: 'num', text: formatNumber(-deal.share.reduce((a, b) => a + b, 0), true) })
        : null,
      h('td', { class: 'num', text: formatNumber(kittyAfter, true) }),
    ),
  );
  return [
    h('p', { class: 'summary-end ap-end', id: 'summary-end', 'data-end': deal.end }, endLine(ctx, deal)),
    lone.length
      ? h('p', {
          class: 'muted',
          text: t('summary.lone', { names: lone.map((s) => nameOf(ctx, s)).join(', ') }),
        })
      : null,
    h('dl', { class: 'ap-facts' }, facts),
    h(
      'table',
      { class: 'summary-table' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col', text: t('scores.player') }),
          h('th', { scope: 'col', class: 'num', text: t('summary.chips') }),
          deal.share ? h('th', { scope: 'col', class: 'num', text: t('sheet.share') }) : null,
          h('th', { scope: 'col', class: 'num', text: t('scores.total') }),
        ),
      ),
      h('tbody', {}, rows),
    ),
  ];
}

// ---- said for a screen reader ----------------------------------------------------------------

// Each call of the auction since the view `before`: a bid, or a pass.
export function calls(ctx, before) {
  const said = before.deal?.auction?.length ?? 0;
  return (ctx.view.deal.auction ?? []).slice(said).map(({ seat, bid }) =>
    bid === null
      ? t('narrate.passes', { name: nameOf(ctx, seat) })
      : t('narrate.bids', { name: nameOf(ctx, seat), bid: formatNumber(bid) }),
  );
}
