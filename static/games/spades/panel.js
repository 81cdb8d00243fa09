// Spades' part of the table (static/js/panel.js describes the hooks): the bidding board with
// each seat's bid in bidding order and the nil exchanges, the bid chooser (1-13, nil and, for
// a seat that has not looked at his cards, blind nil), the "look at my cards" button for any
// seat whose cards still lie face down, the nil exchange's lay and give with whom the cards go
// to and what came back, each team's contract and whether spades are broken, each seat's bid
// and tricks, and the deal's summary per team. Every figure is the server's: the panel offers
// what `legal` lists and adds up nothing but a team's tricks.

import { h } from '../../js/dom.js';
import { cardName, cardSvg, suitIcon } from '../../js/cards.js';
import { formatNumber, t } from '../../js/i18n.js';
import { isMyTurn, myLegal, seatName, TEAM_LETTERS } from '../../js/model.js';
import { seatStat } from '../../js/table.js';
import { totalsAfter } from '../../js/dialogs.js';
import { playedOut } from '../../js/hand.js';

export const stylesheet = new URL('./panel.css', import.meta.url).href;

const RANKS = 'AKQJT98765432';
const NUMBERS = Array.from({ length: 13 }, (_, i) => i + 1);
const NIL = 'nil';
const BLIND_NIL = 'blind_nil';

const nameOf = (ctx, seat) => seatName(ctx.room, seat);
const teamsOf = (ctx) => ctx.view.teams ?? ctx.room.teams ?? [[0, 2], [1, 3]];
const teamIndex = (ctx, seat) => teamsOf(ctx).findIndex((members) => members.includes(seat));
const partnerOf = (ctx, seat) => teamsOf(ctx)[teamIndex(ctx, seat)].find((s) => s !== seat);
const teamNames = (ctx, members) =>
  t('team.label', { a: nameOf(ctx, members[0]), b: nameOf(ctx, members[1]) });
const isNil = (bid) => bid === NIL || bid === BLIND_NIL;

function bidWord(bid) {
  if (bid === NIL) return t('bid.nil');
  if (bid === BLIND_NIL) return t('bid.blind_nil');
  return String(bid);
}

// A bid in words, with a short form for a narrow screen where it is a nil.
function bidWords(bid) {
  if (!isNil(bid)) return String(bid);
  const short = bid === NIL ? t('badge.nil_short') : t('badge.blind_nil_short');
  return [
    h('span', { class: 'sp-long', text: bidWord(bid) }),
    h('span', { class: 'sp-short', 'aria-hidden': 'true', text: short }),
  ];
}

function miniCards(cards, className = '') {
  return h(
    'span',
    { class: `sp-cards ${className}`.trim(), role: 'img', 'aria-label': cards.map(cardName).join(', ') },
    cards.map((code) => h('span', { class: 'card', 'data-card': code, 'aria-hidden': 'true' }, cardSvg(code))),
  );
}

function button(ctx, action, label, onclick, extra = {}) {
  const { class: className = '', disabled = false, ...rest } = extra;
  return h(
    'button',
    {
      type: 'button',
      class: `btn ${className}`.trim(),
      'data-action': action,
      disabled: disabled || Boolean(ctx.pending),
      onclick,
      ...rest,
    },
    label,
  );
}

// ---- the middle ---------------------------------------------------------------------------

// Each team's contract (the sum of its non-nil bids, once both partners have bid) and whether
// spades may be led.
export function dealLabel(ctx) {
  const deal = ctx.view.deal;
  const out = teamsOf(ctx).map((members, i) => {
    const n = deal.contracts?.[i];
    const known = n !== null && n !== undefined;
    const words = t('contract.side', {
      names: teamNames(ctx, members),
      n: known ? n : t('contract.pending'),
    });
    return h(
      'span',
      {
        class: `label-pill sp-contract team-${i}`,
        'data-team': i,
        'data-contract': known ? n : '',
        title: `${t('contract.label')} — ${words}`,
        role: 'img',
        'aria-label': `${t('contract.label')} — ${words}`,
      },
      h('span', { class: `sp-team-letter team-${i}`, text: TEAM_LETTERS[i] }),
      h('span', { class: 'sp-contract-n', text: known ? String(n) : '…' }),
    );
  });
  if (deal.step === 'play') {
    const broken = Boolean(deal.spades_broken);
    const words = broken ? t('spades.broken') : t('spades.not_broken');
    out.push(
      h(
        'span',
        {
          class: `label-pill sp-spades${broken ? ' broken' : ''}`,
          id: 'spades-broken',
          'data-broken': broken ? 'true' : 'false',
          title: words,
          role: 'img',
          'aria-label': words,
        },
        suitIcon('S'),
        h('span', { class: 'sp-spades-word', text: broken ? t('spades.broken_short') : t('spades.not_broken_short') }),
      ),
    );
  }
  return out;
}

function exchangeLines(ctx) {
  const deal = ctx.view.deal;
  const lines = (deal.exchange ?? []).filter(Boolean).map((e) =>
    h('li', {
      class: `sp-exchange-line state-${e.state}`,
      'data-nil': e.nil,
      'data-state': e.state,
      text: t(`exchange.${e.state}`, { name: nameOf(ctx, e.nil), partner: nameOf(ctx, e.partner) }),
    }),
  );
  return lines.length ? h('ul', { class: 'sp-exchanges', id: 'exchanges', 'aria-label': t('exchange.title') }, lines) : null;
}

// The bidding in the middle of the table: each seat in bidding order with its bid, and the nil
// exchanges under way.
function biddingBoard(ctx) {
  const { view } = ctx;
  const deal = view.deal;
  return h(
    'div',
    { class: 'sp-board', id: 'bidding-board' },
    h('h3', { class: 'sp-label', text: t('bids.title') }),
    h(
      'ol',
      { class: 'sp-bids' },
      deal.bid_order.map((seat) => {
        const bid = deal.bids[seat];
        const speaking = view.to_act === seat && deal.step === 'bid';
        const team = teamIndex(ctx, seat);
        return h(
          'li',
          {
            class: [speaking ? 'speaking' : '', bid === null ? '' : 'said', isNil(bid) ? 'nil' : '']
              .filter(Boolean)
              .join(' '),
            'data-seat': seat,
            'data-bid': bid ?? '',
          },
          h('span', { class: `sp-team-letter team-${team}`, 'aria-hidden': 'true', text: TEAM_LETTERS[team] }),
          h('span', { class: 'sp-bidder-name', text: nameOf(ctx, seat) }),
          h('span', { class: 'sp-bid-said' }, bid === null ? '…' : bidWords(bid)),
        );
      }),
    ),
    exchangeLines(ctx),
  );
}

export function centre(ctx) {
  const deal = ctx.view.deal;
  if (deal.step !== 'play') return { main: biddingBoard(ctx) };
  return {};
}

// ---- decisions ----------------------------------------------------------------------------

function lookButton(ctx, ui, focus) {
  return button(ctx, 'look', t('action.look'), () => ui.act('look'), {
    class: 'primary sp-look-button',
    id: 'look-button',
    'data-turn-focus': focus ? '' : null,
  });
}

// Blind nil is open to a seat that has not looked and has not bid yet, where the table plays it.
function blindStillOpen(ctx) {
  const deal = ctx.view.deal;
  return Boolean(ctx.view.options?.double_nil) && !deal.looked[ctx.seat] && deal.bids[ctx.seat] === null;
}

function lookBar(ctx, ui) {
  return h(
    'div',
    { class: 'sp-decision sp-look', id: 'look-bar' },
    lookButton(ctx, ui, isMyTurn(ctx)),
    blindStillOpen(ctx) ? h('p', { class: 'sp-note', text: t('action.look_hint') }) : null,
  );
}

function blindNil(ui) {
  ui.confirm(t('bid.blind_confirm'), () => ui.act(`bid:${BLIND_NIL}`), {
    detail: t('bid.blind_confirm_detail'),
    yes: t('bid.blind_nil'),
  });
}

function bidChooser(ctx, legal, ui) {
  const deal = ctx.view.deal;
  const offered = new Set(legal.actions);
  const mayLook = offered.has('look');
  const numbers = NUMBERS.filter((n) => offered.has(`bid:${n}`));
  const partner = partnerOf(ctx, ctx.seat);
  const partnerBid = deal.bids[partner];
  const bidButton = (bid, label, extra = {}) =>
    button(ctx, `bid:${bid}`, label, () => ui.act(`bid:${bid}`), { 'data-bid': bid, ...extra });
  return h(
    'div',
    { class: 'sp-decision sp-bid', id: 'bid-chooser', role: 'group', 'aria-labelledby': 'bid-title' },
    h(
      'p',
      { class: 'sp-bar-title' },
      h('span', { id: 'bid-title', text: t('bid.title') }),
      partnerBid === null
        ? null
        : h('span', {
            class: 'sp-partner-bid',
            'data-partner-bid': partnerBid,
            text: t('bid.partner', { name: nameOf(ctx, partner), bid: bidWord(partnerBid) }),
          }),
    ),
    mayLook ? lookButton(ctx, ui, true) : null,
    numbers.length
      ? h(
          'div',
          { class: 'sp-numbers', role: 'group', 'aria-label': t('bid.numbers') },
          NUMBERS.map((n) =>
            bidButton(String(n), String(n), {
              class: 'sp-number',
              disabled: !offered.has(`bid:${n}`),
              'aria-label': t('bid.number', { n }),
              'data-turn-focus': !mayLook && n === numbers[0] ? '' : null,
            }),
          ),
        )
      : h('p', { class: 'sp-note', id: 'bid-look-first', text: t('bid.look_to_bid') }),
    h(
      'div',
      { class: 'sp-row sp-nils' },
      offered.has(`bid:${NIL}`)
        ? bidButton(NIL, t('bid.nil'), { class: 'sp-nil', title: t('bid.nil_hint'), 'aria-description': t('bid.nil_hint') })
        : null,
      offered.has(`bid:${BLIND_NIL}`)
        ? button(ctx, `bid:${BLIND_NIL}`, t('bid.blind_nil'), () => blindNil(ui), {
            class: 'sp-blind-nil',
            'data-bid': BLIND_NIL,
            'aria-describedby': 'blind-hint',
          })
        : null,
    ),
    offered.has(`bid:${BLIND_NIL}`) ? h('p', { class: 'sp-note', id: 'blind-hint', text: t('bid.blind_hint') }) : null,
  );
}

// Laying or giving three cards: the core keeps the cards chosen, the panel says where they go.
function exchangeBar(ctx, legal, ui) {
  const chosen = ui.selection().length;
  const partner = nameOf(ctx, partnerOf(ctx, ctx.seat));
  const kind = legal.kind;
  return h(
    'div',
    { class: 'sp-decision sp-exchange', id: 'exchange-bar', 'data-kind': kind },
    h('p', {
      class: 'sp-bar-title',
      id: 'exchange-hint',
      text: kind === 'lay' ? t('exchange.lay_for', { partner }) : t('exchange.give_to', { partner }),
    }),
    h(
      'div',
      { class: 'select-bar' },
      h('p', { id: 'select-hint', text: t('select.hint', { n: legal.count, chosen }) }),
      h('button', {
        type: 'button',
        class: 'btn primary',
        id: 'exchange-confirm',
        'data-action': kind,
        disabled: chosen !== legal.count || Boolean(ctx.pending),
        text: t(`action.${kind}`, { n: legal.count }),
        onclick: () => ui.submitSelection(),
      }),
    ),
  );
}

// The seat's own side of an exchange, once it has cards in it: what was laid, and after the
// swap what went over and what came back (until the first trick is taken).
function ownExchange(ctx) {
  const deal = ctx.view.deal;
  const exchange = deal.exchange?.[teamIndex(ctx, ctx.seat)];
  if (!exchange || (exchange.nil !== ctx.seat && exchange.partner !== ctx.seat)) return null;
  return exchange;
}

// "You received" and the cards, small (named in words for a screen reader).
function cardsLine(key, cards, className = '') {
  return h('p', { class: 'sp-cards-line' }, h('span', { text: t(`${key}_short`) }), ' ', miniCards(cards, className));
}

function exchangeNote(ctx) {
  const deal = ctx.view.deal;
  const exchange = ownExchange(ctx);
  if (!exchange) return null;
  const nil = exchange.nil === ctx.seat;
  if (exchange.state === 'done') {
    if (deal.tricks_played.length) return null;
    const gave = nil ? exchange.laid : exchange.given;
    const got = nil ? exchange.given : exchange.laid;
    if (!gave || !got) return null;
    return h(
      'div',
      { class: 'sp-exchange-note', id: 'exchange-note', 'data-received': got.join(',') },
      cardsLine('exchange.gave', gave),
      cardsLine('exchange.received', got, 'received'),
    );
  }
  if (nil && exchange.laid && (exchange.state === 'waiting' || exchange.state === 'give')) {
    return h(
      'div',
      { class: 'sp-exchange-note', id: 'exchange-note', 'data-laid': exchange.laid.join(',') },
      cardsLine('exchange.laid', exchange.laid),
    );
  }
  return null;
}

export function actions(ctx, ui) {
  const deal = ctx.view.deal;
  if (ctx.seat === null || !deal) return null;
  const legal = myLegal(ctx);
  const mine = isMyTurn(ctx);
  let decision = null;
  if (legal?.kind === 'bid' && mine) decision = bidChooser(ctx, legal, ui);
  else if ((legal?.kind === 'lay' || legal?.kind === 'give') && mine) decision = exchangeBar(ctx, legal, ui);
  else if (legal?.kind === 'look') decision = lookBar(ctx, ui);
  const note = exchangeNote(ctx);
  return decision || note ? [decision, note] : null;
}

export function status(ctx) {
  const { view } = ctx;
  const deal = view.deal;
  if (!deal || view.to_act === null) return null;
  const mine = isMyTurn(ctx);
  const who = nameOf(ctx, view.to_act);
  const step = deal.step;
  if (mine && view.legal?.kind === 'look') return t('status.you.look');
  if (step === 'bid') {
    return mine ? t('status.you.bid') : t('status.them.bid', { name: who });
  }
  if (step === 'lay' || step === 'give') {
    return mine ? t(`status.you.${step}`) : t(`status.them.${step}`, { name: who });
  }
  if (step === 'play' && !deal.trick.length) {
    return mine ? t('status.you.lead') : t('status.them.lead', { name: who });
  }
  return null;
}

// ---- seats --------------------------------------------------------------------------------

export function badges(ctx, seat) {
  const deal = ctx.view.deal;
  const out = [];
  const bid = deal.bids[seat];
  if (bid === NIL) out.push({ kind: 'nil', long: t('bid.nil'), short: t('badge.nil_short') });
  if (bid === BLIND_NIL) out.push({ kind: 'blind-nil', long: t('bid.blind_nil'), short: t('badge.blind_nil_short') });
  if (!deal.looked[seat]) {
    out.push({ kind: 'unseen', long: t('seat.not_looked_badge'), short: t('seat.not_looked_short') });
  }
  return out;
}

export function seatStats(ctx, seat) {
  const deal = ctx.view.deal;
  const bid = deal.bids[seat];
  const stats = [];
  if (bid !== null && bid !== undefined) {
    stats.push(seatStat('bid', t('seat.bid'), bidWord(bid), { 'data-bid': bid }));
  }
  if (deal.step === 'play') {
    const won = deal.tricks[seat];
    stats.push(seatStat('tricks', t('seat.tricks'), String(won), { 'data-tricks': won }));
  }
  return stats;
}

// With sandbags, each seat's line on the scoreboard carries its side's bags.
export function scoreColumns(ctx) {
  const bags = ctx.view.bags;
  if (!Array.isArray(bags)) return [];
  return [
    {
      label: t('bags.label'),
      className: 'num sp-bags',
      cell: (seat) => String(bags[teamIndex(ctx, seat)] ?? ''),
    },
  ];
}

// ---- the hand -----------------------------------------------------------------------------

export function handNote(ctx) {
  const deal = ctx.view.deal;
  if (playedOut(ctx)) return t('hand.played_out');
  if (deal.looked[ctx.seat]) return t('hand.none');
  return blindStillOpen(ctx) ? t('hand.unseen') : t('hand.unseen_plain');
}

// The hand is ordered by the core (the player's setting `sort`): its ranks high to low, and
// where the view keeps the trump suit.
export const handRanks = RANKS;

export function trumpSuit(ctx) {
  return 'S';
}

// The cards the partner sent over in a nil exchange stay marked for the deal.
export function cardNote(ctx, position, code) {
  const exchange = ownExchange(ctx);
  if (!exchange || exchange.state !== 'done') return null;
  const got = exchange.nil === ctx.seat ? exchange.given : exchange.laid;
  return got?.includes(code) ? { className: 'sp-received', label: t('hand.received') } : null;
}

export function whyNot(ctx) {
  const deal = ctx.view.deal;
  if (deal.step !== 'play') return t('why.bid');
  return deal.trick.length ? t('why.follow') : t('why.lead');
}

// ---- the end of a deal --------------------------------------------------------------------

function teamLines(ctx, deal, members, i) {
  const side = deal.sides[i];
  const names = teamNames(ctx, members);
  const nils = members.filter((s) => isNil(deal.bids[s]));
  const lines = [];
  if (side.made === null) {
    const clean = nils.every((s) => deal.nil[s] === 'made');
    lines.push(t(clean ? 'summary.both_nil_made' : 'summary.both_nil_failed', { names }));
  } else {
    const bidders = members.filter((s) => !isNil(deal.bids[s])).map((s) => nameOf(ctx, s));
    lines.push(
      t(side.made ? 'summary.made' : 'summary.set', {
        names: bidders.length === 2 ? names : bidders[0],
        n: side.contract,
        t: side.counted,
      }),
    );
    for (const s of nils) {
      const blind = deal.bids[s] === BLIND_NIL ? 'blind_nil' : 'nil';
      lines.push(t(`summary.${blind}_${deal.nil[s]}`, { name: nameOf(ctx, s) }));
    }
  }
  if (side.bag_penalty) lines.push(t('summary.bag_penalty', { names }));
  return lines;
}

function summaryRow(key, label, cells, className = '') {
  return h(
    'tr',
    { 'data-row': key, class: className || null },
    h('th', { scope: 'row', text: label }),
    cells.map((text, i) => h('td', { class: 'num', 'data-team': i, text })),
  );
}

export function summary(ctx, deal) {
  const teams = teamsOf(ctx);
  const totals = totalsAfter(ctx, deal);
  const signed = (n) => formatNumber(n, true);
  const sides = deal.sides;
  const anyNil = sides.some((s) => s.nil_score !== 0);
  const withBags = sides.some((s) => s.bags !== null && s.bags !== undefined);
  const anyPenalty = sides.some((s) => s.bag_penalty);
  const rows = [
    summaryRow(
      'bids',
      t('summary.bids'),
      teams.map((members) => members.map((s) => bidWord(deal.bids[s])).join(' + ')),
    ),
    summaryRow(
      'tricks',
      t('summary.tricks'),
      teams.map((members) => String(members.reduce((sum, s) => sum + deal.tricks[s], 0))),
    ),
    summaryRow(
      'contract',
      t('summary.contract'),
      sides.map((s) => (s.made === null ? '—' : signed(s.contract_score))),
    ),
    anyNil ? summaryRow('nil', t('summary.nil'), sides.map((s) => (s.nil_score ? signed(s.nil_score) : '—'))) : null,
    withBags ? summaryRow('bags', t('bags.label'), sides.map((s) => String(s.bags))) : null,
    anyPenalty
      ? summaryRow('penalty', t('summary.penalty'), sides.map((s) => (s.bag_penalty ? signed(s.bag_penalty) : '—')))
      : null,
    summaryRow('score', t('summary.total'), sides.map((s) => signed(s.total)), 'sp-score'),
    summaryRow('totals', t('scores.total'), teams.map((members) => signed(totals[members[0]])), 'sp-totals'),
  ];
  const mine = ctx.seat === null ? -1 : teamIndex(ctx, ctx.seat);
  return [
    h(
      'div',
      { class: 'sp-summary-teams' },
      teams.map((members, i) =>
        h(
          'div',
          { class: `sp-summary-team team-${i}${i === mine ? ' is-me' : ''}`, 'data-team': i },
          h(
            'p',
            { class: 'sp-summary-head' },
            h('span', { class: `badge badge-team team-${i}`, text: TEAM_LETTERS[i] }),
            ' ',
            h('strong', { text: teamNames(ctx, members) }),
            ' ',
            h('span', { class: 'sp-summary-score', 'data-score': sides[i].total, text: signed(sides[i].total) }),
          ),
          h(
            'ul',
            { class: 'sp-summary-lines' },
            teamLines(ctx, deal, members, i).map((line) => h('li', { text: line })),
          ),
        ),
      ),
    ),
    h(
      'table',
      { class: 'summary-table sp-summary-table', id: 'spades-summary' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('td', {}),
          teams.map((members, i) =>
            h(
              'th',
              { scope: 'col', class: 'num', 'data-team': i, title: teamNames(ctx, members) },
              h('span', { class: `badge badge-team team-${i}`, text: t('badge.team', { team: TEAM_LETTERS[i] }) }),
            ),
          ),
        ),
      ),
      h('tbody', {}, rows),
    ),
    deal.winner === null || deal.winner === undefined
      ? null
      : h('p', { class: 'sp-summary-winner', text: t('summary.winner', { names: teamNames(ctx, teams[deal.winner]) }) }),
  ];
}

// ---- said for a screen reader ----------------------------------------------------------------

// Each bid made since the view `before`.
export function calls(ctx, before) {
  const now = ctx.view.deal.bids;
  const was = before.deal?.bids ?? [];
  return ctx.view.deal.bid_order
    .filter((seat) => now[seat] !== null && now[seat] !== undefined && (was[seat] ?? null) === null)
    .map((seat) => t('narrate.bids', { name: nameOf(ctx, seat), bid: bidWord(now[seat]) }));
}
