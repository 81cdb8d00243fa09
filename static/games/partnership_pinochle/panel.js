// Partnership auction pinochle's part of the table (static/js/panel.js describes the hooks),
// and the frame double-deck pinochle builds on: the auction with each seat's last call, the
// bid dial (a stepper and jumps of 50 and 100, the least bid a tap away) and the pass; the
// high bidder's four trump suits; once trumps are named, every player's melds, itemised,
// with each side's total and whether it counts yet (a side's meld counts once it wins a
// trick); card points and tricks per side; the claim, in or out of turn, confirmed first;
// and the deal's summary per side. Every figure is the server's: the panel offers what
// `legal` lists and adds up nothing but the value being dialled.
//
// Double-deck pinochle imports this module and passes its announcements to `decide`
// (`extra`): controls drawn in the bid bar, and the flag a bid carries.

import { h } from '../../js/dom.js';
import { cardName, cardSvg, suitIcon, suitOf } from '../../js/cards.js';
import { formatNumber, t, tOr } from '../../js/i18n.js';
import { isMyTurn, myLegal, seatName, TEAM_LETTERS } from '../../js/model.js';
import { seatStat } from '../../js/table.js';
import { totalsAfter } from '../../js/dialogs.js';

export const stylesheet = new URL('./panel.css', import.meta.url).href;

const RANKS = 'ATKQJ9';
const BID_STEP = 10;
const MAX_BID = 100000;
const JUMPS = [50, 100];

const nameOf = (ctx, seat) => seatName(ctx.room, seat);
const suitWord = (suit) => t(`suit.name.${suit}`);
const teamsOf = (ctx) => ctx.view.teams ?? ctx.room.teams ?? [[0, 2], [1, 3]];
const teamOfSeat = (ctx, seat) => teamsOf(ctx).findIndex((members) => members.includes(seat));
const teamNames = (ctx, members) => members.map((s) => nameOf(ctx, s)).join(' & ');
const teamLetter = (i) => TEAM_LETTERS[i];

function teamMark(i) {
  return h('span', {
    class: `badge badge-team team-${i} pp-team-mark`,
    'aria-hidden': 'true',
    text: teamLetter(i),
  });
}

export function button(ctx, action, label, onclick, extra = {}) {
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

function miniCards(cards, className = '') {
  return h(
    'span',
    { class: `pp-cards ${className}`.trim(), role: 'img', 'aria-label': cards.map(cardName).join(', ') },
    cards.map((code) =>
      h('span', { class: 'card', 'data-card': code, 'aria-hidden': 'true' }, cardSvg(code)),
    ),
  );
}

// ---- what the panel keeps between drawings ------------------------------------------------

// The value being dialled and whatever a game built on this panel keeps beside it (a flag, an
// announcement): they belong to one turn of one auction and are forgotten once it moves on.
// Whether the melds are folded during play is the player's, kept until changed.
const local = { moment: null, bid: null, extra: {}, meldsFolded: false };

export function moment(ctx) {
  const deal = ctx.view.deal;
  const key = JSON.stringify([ctx.room?.match_number, deal.number, ctx.view.phase, deal.bids.length]);
  if (local.moment !== key) Object.assign(local, { moment: key, bid: null, extra: {} });
  return local.extra;
}

// ---- the auction ---------------------------------------------------------------------------

function lastCalls(deal) {
  const last = new Map();
  for (const call of deal.bids) last.set(call.seat, call);
  return last;
}

const flagWord = (flag) => (flag ? t(`flag.${flag}`) : '');

// A call in words: "250", "250, flush", "Pass", "Announces 480" (information only), "Meld
// 120: 570" (an announcement that is a bid).
function callWords(call) {
  if (!call) return '…';
  if (call.call === 'pass') return t('call.pass');
  if (call.call === 'announce') {
    return call.bid === null
      ? t('call.announce', { v: call.announced })
      : t('call.announce_bid', { v: call.announced, n: call.bid });
  }
  return call.flag ? t('call.bid_flag', { n: call.bid, flag: flagWord(call.flag) }) : String(call.bid);
}

function callData(call) {
  if (!call) return '';
  if (call.call === 'pass') return 'pass';
  if (call.call === 'announce' && call.bid === null) return `announce:${call.announced}`;
  return call.flag ? `${call.bid}:${call.flag}` : String(call.bid);
}

// The seats in the order they bid, from the dealer's left.
function biddingOrder(deal) {
  return [0, 1, 2, 3].map((k) => (deal.leader + k) % 4);
}

function highBidLine(ctx) {
  const deal = ctx.view.deal;
  if (deal.high_bid === null) {
    return h(
      'p',
      { class: 'pp-high none', id: 'high-bid', 'data-high': '' },
      t('bid.none', { n: deal.minimum }),
    );
  }
  const holder = lastHolder(deal);
  return h(
    'p',
    { class: 'pp-high', id: 'high-bid', 'data-high': deal.high_bid, 'data-seat': holder ?? '' },
    t('bid.high', { name: holder === null ? '' : nameOf(ctx, holder), n: deal.high_bid }),
  );
}

// Who holds the high bid: the last call that was a bid.
function lastHolder(deal) {
  if (deal.bidder !== null) return deal.bidder;
  const bids = deal.bids.filter((c) => c.bid !== null);
  return bids.length ? bids.at(-1).seat : null;
}

function auctionBoard(ctx) {
  const { view } = ctx;
  const deal = view.deal;
  const last = lastCalls(deal);
  const holder = lastHolder(deal);
  return h(
    'div',
    { class: 'pp-auction', id: 'auction', 'data-leader': deal.leader, 'data-high': deal.high_bid ?? '' },
    h('h3', { class: 'pp-label', text: t('auction.title') }),
    h(
      'ol',
      { class: 'pp-bids' },
      biddingOrder(deal).map((seat) => {
        const call = last.get(seat);
        const passed = deal.passed.includes(seat);
        const team = teamOfSeat(ctx, seat);
        const classes = [
          passed ? 'passed' : '',
          seat === holder ? 'high' : '',
          seat === view.to_act && view.phase === 'bid' ? 'speaking' : '',
        ];
        return h(
          'li',
          {
            class: classes.filter(Boolean).join(' '),
            'data-seat': seat,
            'data-call': callData(call),
          },
          teamMark(team),
          h('span', { class: 'pp-bidder-name', text: nameOf(ctx, seat) }),
          h('span', { class: 'pp-call', text: callWords(call) }),
        );
      }),
    ),
    highBidLine(ctx),
  );
}

// ---- the melds -----------------------------------------------------------------------------

// A meld's name: "Marriage ♣", "Eight aces" for a set held twice where the pack values the
// repeat as one meld.
function meldWord(meld) {
  return meld.times > 1
    ? tOr(`meld.${meld.kind}.${meld.times}`, `${t(`meld.${meld.kind}`)} ×${meld.times}`)
    : t(`meld.${meld.kind}`);
}

function meldText(meld) {
  const word = meldWord(meld);
  return meld.kind === 'marriage' ? `${word} ${suitWord(suitOf(meld.cards[0]))}` : word;
}

function meldName(meld) {
  const word = meldWord(meld);
  if (meld.kind !== 'marriage') return h('span', { class: 'pp-meld-name', text: word });
  const suit = suitOf(meld.cards[0]);
  return h('span', { class: 'pp-meld-name' }, word, ' ', suitIcon(suit, suitWord(suit)));
}

// Identical melds held more than once (two marriages of clubs) are one line, "×2".
function grouped(melds) {
  const out = [];
  for (const meld of melds) {
    const key = JSON.stringify([meld.kind, meld.cards, meld.value, meld.times]);
    const same = out.find((g) => g.key === key);
    if (same) same.count += 1;
    else out.push({ key, meld, count: 1 });
  }
  return out;
}

// One meld as shown: its name, its cards and its value; in the compact board during play its
// cards and value alone (the name is what a screen reader and a hovering pointer get).
function meldItem(meld, count, compact) {
  return h(
    'li',
    {
      'data-kind': meld.kind,
      'data-value': meld.value * count,
      'data-count': count,
      'data-cards': meld.cards.join(','),
      title: compact ? meldText(meld) : null,
    },
    compact ? h('span', { class: 'visually-hidden', text: meldText(meld) }) : meldName(meld),
    count > 1 ? h('span', { class: 'pp-meld-count', text: `×${count}` }) : null,
    miniCards(meld.cards, 'pp-meld-cards'),
    h('span', { class: 'pp-meld-points', text: String(meld.value * count) }),
  );
}

function seatMelds(ctx, seat, own, compact) {
  return h(
    'li',
    {
      class: `pp-seat-melds${seat === ctx.seat ? ' is-me' : ''}`,
      'data-meld-seat': seat,
      'data-total': own.total,
    },
    h(
      'p',
      { class: 'pp-seat-melds-head' },
      h('span', { class: 'pp-meld-seat-name', text: nameOf(ctx, seat) }),
      h('strong', { class: 'pp-meld-total', text: String(own.total) }),
    ),
    own.melds.length
      ? h(
          'ul',
          { class: 'pp-meld-list' },
          grouped(own.melds).map(({ meld, count }) => meldItem(meld, count, compact)),
        )
      : h('p', { class: 'pp-none', text: t('meld.none') }),
  );
}

// Each side's melds: its total, whether it counts yet, and each partner's melds (not when
// folded to the totals).
function meldTeams(ctx, compact, folded) {
  const deal = ctx.view.deal;
  return teamsOf(ctx).map((members, i) => {
    const counts = Boolean(deal.meld_counts?.[i]);
    const total = deal.team_meld?.[i] ?? 0;
    return h(
      'div',
      {
        class: `pp-meld-team team-${i}${counts ? ' counts' : ''}`,
        'data-team-meld': i,
        'data-value': total,
        'data-counts': counts ? 'true' : 'false',
      },
      h(
        'p',
        { class: 'pp-meld-team-head' },
        teamMark(i),
        h('span', { class: 'pp-meld-team-name', text: teamNames(ctx, members) }),
        h('strong', {
          class: 'pp-meld-team-total',
          title: t('meld.side', { n: total }),
          'aria-label': t('meld.side', { n: total }),
          text: String(total),
        }),
        h('span', {
          class: `pp-meld-state${counts ? ' counts' : ''}`,
          text: counts ? t('meld.counts') : t('meld.not_yet'),
        }),
      ),
      folded
        ? null
        : h(
            'ul',
            { class: 'pp-meld-seats' },
            members.map((seat) => seatMelds(ctx, seat, deal.melds[seat], compact)),
          ),
    );
  });
}

// Every player's melds, by side, each side's total and whether it counts yet; the same for
// every viewer from the naming of trumps to the end of the deal. In the middle before the
// first lead; during play under the trick, compact and to be folded to the sides' totals,
// where the screen is narrow (a wide one has them in the side column, `sideSections`).
function meldBoard(ctx, compact, ui) {
  const deal = ctx.view.deal;
  if (!deal.melds) return null;
  const folded = compact && local.meldsFolded;
  return h(
    'section',
    {
      class: `pp-meld-board${compact ? ' pp-compact' : ''}${folded ? ' folded' : ''}`,
      id: 'meld-board',
      'aria-labelledby': 'meld-board-title',
    },
    h(
      'div',
      { class: 'pp-meld-board-head' },
      h('h3', { class: 'pp-label', id: 'meld-board-title', text: t('meld.title') }),
      folded ? null : h('p', { class: 'pp-meld-note', id: 'meld-note', text: t('meld.needs_trick') }),
      compact
        ? h('button', {
            type: 'button',
            class: 'btn small pp-fold',
            id: 'meld-fold',
            'aria-expanded': folded ? 'false' : 'true',
            'aria-controls': 'meld-teams',
            text: folded ? t('meld.show') : t('meld.hide'),
            onclick: () => {
              local.meldsFolded = !local.meldsFolded;
              ui.render();
            },
          })
        : null,
    ),
    h('div', { class: 'pp-meld-teams', id: 'meld-teams' }, meldTeams(ctx, compact, folded)),
  );
}

// Card points and tricks per side, as the tricks fall.
function sideFigures(ctx) {
  const deal = ctx.view.deal;
  const [a, b] = [0, 1].map((i) => t('badge.team', { team: teamLetter(i) }));
  return h(
    'div',
    { class: 'pp-figures', id: 'side-figures' },
    h(
      'p',
      { class: 'pp-points', id: 'points-taken', 'data-points': deal.points_taken.join(',') },
      t('points.taken', { a, n: deal.points_taken[0], b, m: deal.points_taken[1] }),
    ),
    h(
      'p',
      { class: 'pp-tricks', id: 'tricks-won', 'data-tricks': deal.tricks_won.join(',') },
      t('tricks.won', { a, n: deal.tricks_won[0], b, m: deal.tricks_won[1] }),
    ),
  );
}

// ---- the middle ---------------------------------------------------------------------------

function trumpPill(trump) {
  return h(
    'span',
    { class: 'label-pill pp-trump', 'data-trump': trump },
    h('span', { text: t('trump.label') }),
    ' ',
    suitIcon(trump, suitWord(trump)),
  );
}

export function dealLabel(ctx) {
  const deal = ctx.view.deal;
  const out = [];
  if (deal.bidder !== null) {
    out.push(
      h(
        'span',
        {
          class: 'label-pill pp-contract',
          id: 'contract',
          'data-bidder': deal.bidder,
          'data-bid': deal.high_bid,
        },
        teamMark(teamOfSeat(ctx, deal.bidder)),
        t('contract.label', { name: nameOf(ctx, deal.bidder), n: deal.high_bid }),
      ),
    );
  }
  if (deal.trump) out.push(trumpPill(deal.trump));
  out.push(h('span', { class: 'pp-target', text: t('target.short', { n: ctx.view.target }) }));
  return out;
}

const played = (deal) => deal.trick.length > 0 || deal.tricks_played.length > 0;

export function centre(ctx, ui) {
  const deal = ctx.view.deal;
  if (deal.bidder === null) {
    return { main: h('div', { class: 'pp-board', id: 'auction-board' }, auctionBoard(ctx)) };
  }
  if (!deal.trump) {
    return {
      main: h(
        'div',
        { class: 'pp-board', id: 'auction-board' },
        h('p', { class: 'pp-waiting', text: t('trump.waiting', { name: nameOf(ctx, deal.bidder) }) }),
        auctionBoard(ctx),
      ),
    };
  }
  // Trumps are named: the melds in the middle until the first card is led; after it under the
  // trick on a narrow screen, in the side column on a wide one.
  if (!played(deal)) {
    return {
      main: h('div', { class: 'pp-board', id: 'melds-shown' }, meldBoard(ctx, false, ui), sideFigures(ctx)),
    };
  }
  return { tools: h('div', { class: 'pp-strip' }, sideFigures(ctx), meldBoard(ctx, true, ui)) };
}

// ---- the side -----------------------------------------------------------------------------

// On a wide screen, once the first card is led, the melds stand in the side column, beside the
// table rather than under the trick: the felt keeps its height and the hand stays in view.
export function sideSections(ctx) {
  const deal = ctx.view.deal;
  if (!deal?.melds || !played(deal)) return null;
  return h(
    'section',
    { class: 'side-section pp-meld-side pp-compact', id: 'meld-side', 'aria-labelledby': 'meld-side-title' },
    h('div', { class: 'section-head' }, h('h2', { id: 'meld-side-title', text: t('meld.title') })),
    h('p', { class: 'pp-meld-note', text: t('meld.needs_trick') }),
    h('div', { class: 'pp-meld-teams' }, meldTeams(ctx, true, false)),
  );
}

// ---- decisions ----------------------------------------------------------------------------

// The bid being dialled: the least bid to start with, never under it.
function dialled(least) {
  if (local.bid === null || local.bid < least) local.bid = least;
  return local.bid;
}

// `extra(ctx, legal, ui, value)` (double-deck's announcements) gives `{ flag, nodes }`: the
// flag the bid carries and the controls it adds to the bar.
function bidBar(ctx, legal, ui, extra) {
  const deal = ctx.view.deal;
  const least = deal.least_bid ?? deal.minimum;
  const value = dialled(least);
  const pending = Boolean(ctx.pending);
  const set = (to) => {
    local.bid = Math.min(MAX_BID, Math.max(least, to));
    ui.render();
  };
  const added = extra?.(ctx, legal, ui, value) ?? {};
  const action = added.flag ? `bid:${value}:${added.flag}` : `bid:${value}`;
  const sendLabel = added.flag
    ? t('bid.send_flag', { n: value, flag: flagWord(added.flag) })
    : t('bid.send', { n: value });
  const mayPass = legal.actions.includes('pass');
  const step = (by, label, name, aria) =>
    h('button', {
      type: 'button',
      class: 'btn pp-step',
      'data-action': name,
      'aria-label': aria,
      disabled: pending || (by < 0 && value <= least) || (by > 0 && value + by > MAX_BID),
      text: label,
      onclick: () => set(local.bid + by),
    });
  return h(
    'div',
    { class: 'pp-decision pp-bid', id: 'bid-bar', role: 'group', 'aria-labelledby': 'bid-bar-title' },
    h(
      'p',
      { class: 'pp-bar-title', id: 'bid-bar-title' },
      deal.high_bid === null
        ? t('bid.least', { n: least })
        : t('bid.high', { name: nameOf(ctx, lastHolder(deal)), n: deal.high_bid }),
    ),
    h(
      'div',
      { class: 'pp-row' },
      h(
        'div',
        { class: 'pp-stepper' },
        step(-BID_STEP, '−', 'bid-down', t('bid.down')),
        h('output', { class: 'pp-bid-value', id: 'bid-value', 'aria-live': 'polite', text: String(value) }),
        step(BID_STEP, '+', 'bid-up', t('bid.up')),
      ),
      JUMPS.map((by) => step(by, `+${by}`, `bid-plus-${by}`, t('bid.more', { n: by }))),
    ),
    added.nodes ?? null,
    h(
      'div',
      { class: 'pp-row' },
      button(ctx, action, sendLabel, () => ui.act(action), {
        class: 'primary',
        id: 'bid-send',
        'data-turn-focus': '',
      }),
      value !== least
        ? button(ctx, 'bid-least', t('bid.least_button', { n: least }), () => {
            local.bid = least;
            ui.render();
          }, { class: 'pp-least', id: 'bid-least' })
        : null,
      mayPass
        ? button(ctx, 'pass', t('bid.pass'), () => ui.act('pass'), { class: 'pp-pass', id: 'pass-button' })
        : null,
    ),
  );
}

function trumpBar(ctx, legal, ui) {
  const suits = legal.actions.filter((a) => a.startsWith('trump:')).map((a) => a.slice(6));
  return h(
    'div',
    { class: 'pp-decision', id: 'trump-bar', role: 'group', 'aria-labelledby': 'trump-title' },
    h('p', {
      class: 'pp-bar-title',
      id: 'trump-title',
      text: t('trump.choose', { n: ctx.view.deal.high_bid }),
    }),
    h(
      'div',
      { class: 'pp-row pp-suits' },
      suits.map((suit, i) =>
        button(
          ctx,
          `trump:${suit}`,
          [suitIcon(suit), h('span', { class: 'pp-suit-word', text: suitWord(suit) })],
          () => ui.act(`trump:${suit}`),
          {
            class: `pp-suit suit-${suit}`,
            'data-trump': suit,
            'aria-label': t('trump.choose_suit', { suit: suitWord(suit) }),
            'data-turn-focus': i === 0 ? '' : null,
          },
        ),
      ),
    ),
    h('p', { class: 'pp-note muted', text: t('trump.note') }),
  );
}

// The claim: the side's standing were it made now, and a question before it is sent.
function claimRow(ctx, ui) {
  const { view } = ctx;
  const team = teamOfSeat(ctx, ctx.seat);
  const standing = view.deal.claim_standing?.[team] ?? null;
  const target = view.target;
  const ask = () =>
    ui.confirm(t('claim.question', { n: target }), () => ui.act('claim'), {
      detail: t('claim.detail', { n: target }),
      yes: t('action.claim'),
    });
  return h(
    'div',
    { class: 'pp-claim', id: 'claim-bar' },
    button(ctx, 'claim', t('action.claim'), ask, { class: 'small pp-claim-button', id: 'claim-button' }),
    standing === null
      ? null
      : h('span', {
          class: `pp-claim-standing${standing >= target ? ' enough' : ''}`,
          id: 'claim-standing',
          'data-standing': standing,
          text: t('claim.standing_of', { n: standing, target }),
        }),
  );
}

// The decisions of the seat: `extra` is the announcements of a game that has them.
export function decide(ctx, ui, extra = null) {
  const legal = myLegal(ctx);
  if (!legal || !ctx.view.deal) return null;
  moment(ctx);
  const claim = legal.actions?.includes('claim') ? claimRow(ctx, ui) : null;
  if (!isMyTurn(ctx)) return claim;
  switch (legal.kind) {
    case 'bid':
      return bidBar(ctx, legal, ui, extra);
    case 'trump':
      return trumpBar(ctx, legal, ui);
    default:
      return claim;
  }
}

export function actions(ctx, ui) {
  return decide(ctx, ui);
}

export function status(ctx) {
  const { view } = ctx;
  const deal = view.deal;
  if (!deal || view.to_act === null) return null;
  const mine = isMyTurn(ctx);
  const who = nameOf(ctx, view.to_act);
  const phase = view.phase;
  if (phase === 'bid' || phase === 'trump') {
    return mine ? t(`status.you.${phase}`) : t(`status.them.${phase}`, { name: who });
  }
  if (phase === 'play' && !deal.trick.length) {
    return mine ? t('status.you.lead') : t('status.them.lead', { name: who });
  }
  return null;
}

// ---- seats --------------------------------------------------------------------------------

export function badges(ctx, seat) {
  const deal = ctx.view.deal;
  if (deal.bidder !== null) {
    if (seat !== deal.bidder) return [];
    return [{ kind: 'bidder', long: t('badge.bidder', { n: deal.high_bid }), short: String(deal.high_bid) }];
  }
  const call = lastCalls(deal).get(seat);
  if (!call) return [];
  if (call.call === 'pass') {
    return [{ kind: 'passed', long: t('badge.passed'), short: t('badge.passed_short') }];
  }
  if (call.call === 'announce' && call.bid === null) {
    return [
      {
        kind: 'announced',
        long: t('call.announce', { v: call.announced }),
        short: t('badge.announced_short', { v: call.announced }),
      },
    ];
  }
  // a bid, with its flag, or an announcement that made one: the bid for short
  const long = call.call === 'announce' ? callWords(call) : t('badge.bid', { n: callWords(call) });
  return [{ kind: 'bid', long, short: String(call.bid) }];
}

export function seatStats(ctx, seat) {
  const deal = ctx.view.deal;
  if (!deal.melds) return [];
  const total = deal.melds[seat].total;
  return [seatStat('meld', t('seat.meld'), String(total), { 'data-meld': total })];
}

// ---- the hand -----------------------------------------------------------------------------

// The hand is ordered by the core (the player's setting `sort`): its ranks high to low, and
// where the view keeps the trump suit.
export const handRanks = RANKS;

export function trumpSuit(ctx) {
  return ctx.view.deal.trump ?? null;
}

export function whyNot(ctx) {
  return ctx.view.phase === 'play' ? t('why.play') : t('why.not_now');
}

// ---- the end of a deal --------------------------------------------------------------------

function endLine(ctx, deal) {
  const teams = teamsOf(ctx);
  const claim = deal.claim;
  if (claim) {
    return t(`summary.end.${deal.end}`, {
      name: nameOf(ctx, claim.seat),
      side: teamNames(ctx, teams[claim.team]),
      total: claim.standing,
    });
  }
  if (deal.bidder === null) return t(`summary.end.${deal.end}`);
  const team = teamOfSeat(ctx, deal.bidder);
  return t(`summary.end.${deal.end}`, {
    side: teamNames(ctx, teams[team]),
    n: deal.bid,
    total: deal.hand_points[team],
  });
}

function row(key, label, cells, className = '') {
  return h(
    'tr',
    { 'data-row': key, class: className || null },
    h('th', { scope: 'row', text: label }),
    cells.map((cell, i) => h('td', { class: 'num', 'data-team': i }, cell)),
  );
}

export function summary(ctx, deal) {
  const teams = teamsOf(ctx);
  const totals = totalsAfter(ctx, deal);
  const signed = (n) => formatNumber(n, true);
  const bidTeam = deal.bidder === null ? null : teamOfSeat(ctx, deal.bidder);
  const last = deal.tricks_played?.at(-1) ?? null;
  // a claim stops the play before the last trick, and its bonus, are reached
  const lastTeam = last && !deal.claim ? teamOfSeat(ctx, last.winner) : null;
  const mine = ctx.seat === null ? -1 : teamOfSeat(ctx, ctx.seat);
  const meldCell = (i) => {
    if (!deal.team_meld) return '—';
    const total = deal.team_meld[i];
    const credited = deal.melded[i] === total;
    const parts = deal.melds
      ? teams[i].map((s) => `${nameOf(ctx, s)} ${deal.melds[s].total}`).join(' + ')
      : null;
    return h(
      'span',
      {
        class: `pp-sum-meld${credited ? '' : ' lost'}`,
        'data-credited': credited ? 'true' : 'false',
        'data-value': total,
      },
      h('span', { class: 'pp-sum-meld-value', text: String(total) }),
      credited ? null : h('span', { class: 'pp-sum-meld-lost', text: ` ${t('summary.meld_lost')}` }),
      parts ? h('span', { class: 'pp-sum-parts', text: parts }) : null,
    );
  };
  const rows = [];
  if (deal.end !== 'passed_out') {
    rows.push(row('meld', t('summary.meld'), [0, 1].map(meldCell)));
    rows.push(row('points', t('summary.points'), deal.points.map(String)));
    if (lastTeam !== null) {
      rows.push(
        row(
          'last-trick',
          t('summary.last_trick'),
          [0, 1].map((i) => (i === lastTeam ? nameOf(ctx, last.winner) : '')),
        ),
      );
    }
    rows.push(row('hand', t('summary.hand'), deal.hand_points.map(String), 'pp-sum-hand'));
    if (bidTeam !== null) {
      rows.push(
        row(
          'bid',
          t('summary.bid'),
          [0, 1].map((i) =>
            i === bidTeam
              ? h('span', {
                  class: `pp-sum-bid ${deal.end}`,
                  text: t(`summary.bid.${deal.end}`, { n: deal.bid }),
                })
              : '',
          ),
        ),
      );
    }
  }
  rows.push(row('score', t('summary.score'), deal.scores.map(signed), 'pp-sum-score'));
  const after = teams.map((members) => signed(totals[members[0]]));
  rows.push(row('totals', t('scores.total'), after, 'pp-sum-totals'));
  return [
    h('p', { class: 'summary-end pp-end', id: 'summary-end', 'data-end': deal.end }, endLine(ctx, deal)),
    deal.bidder === null
      ? null
      : h(
          'p',
          { class: 'pp-sum-contract', id: 'summary-contract' },
          teamMark(bidTeam),
          ' ',
          t('contract.label', { name: nameOf(ctx, deal.bidder), n: deal.bid }),
          deal.trump ? [' · ', t('trump.label'), ' ', suitIcon(deal.trump, suitWord(deal.trump))] : null,
        ),
    h(
      'table',
      { class: 'summary-table pp-summary-table', id: 'pinochle-summary' },
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
              {
                scope: 'col',
                class: `num${i === mine ? ' is-me' : ''}`,
                'data-team': i,
                title: teamNames(ctx, members),
              },
              h('span', {
                class: `badge badge-team team-${i}`,
                text: t('badge.team', { team: teamLetter(i) }),
              }),
              h('span', { class: 'pp-sum-names', text: teamNames(ctx, members) }),
            ),
          ),
        ),
      ),
      h('tbody', {}, rows),
    ),
  ];
}

// ---- said for a screen reader ----------------------------------------------------------------

// Each call of the auction since the view `before`: a bid, a pass or an announcement.
export function calls(ctx, before) {
  const said = before.deal?.bids?.length ?? 0;
  return (ctx.view.deal.bids ?? []).slice(said).map((call) => {
    const name = nameOf(ctx, call.seat);
    if (call.call === 'pass') return t('narrate.passes', { name });
    if (call.call === 'announce') return t('narrate.call', { name, call: callWords(call) });
    return t('narrate.bids', { name, bid: callWords(call) });
  });
}
