// Schnapsen's part of the table, Sixty-six's panel for the family's 20-card member (static/js/
// panel.js describes the hooks): the talon with the turned trump across it, the opponent's
// hand as backs with the cards the table has seen, tricks and marriages per player, the last
// trick, and the decisions before a lead — exchange the trump jack, close, declare a
// marriage — and the claim of 66, which either player may
// make whenever the server offers it. Counting is part of the game: points show only when
// the view carries them (option show_points).

import { h } from '../../js/dom.js';
import { cardName, cardSvg, suitIcon } from '../../js/cards.js';
import { t } from '../../js/i18n.js';
import { isMyTurn, lastTrick, myLegal, seatName } from '../../js/model.js';
import { otherHand, seatStat } from '../../js/table.js';
import { summaryTable } from '../../js/dialogs.js';

export const stylesheet = new URL('./panel.css', import.meta.url).href;

const suitWord = (suit) => t(`suit.name.${suit}`);

function card(code, extra = {}) {
  return h('div', { class: 'card', role: 'img', 'aria-label': cardName(code), ...extra }, cardSvg(code));
}

function back(extra = {}) {
  return h('div', { class: 'card', 'aria-hidden': 'true', ...extra }, cardSvg(null));
}

// ---- the middle -----------------------------------------------------------------------------

export function dealLabel(ctx) {
  const { view } = ctx;
  const deal = view.deal;
  return [
    h(
      'span',
      { class: 'label-pill trump-label', 'data-trump': deal.trump },
      h('span', { text: t('trump.label') }),
      ' ',
      suitIcon(deal.trump, suitWord(deal.trump)),
    ),
    h('span', { class: 'deal-target', text: t('deal.target', { n: view.target }) }),
    view.carried ? h('span', { class: 'deal-carried', text: t('deal.carried', { n: view.carried }) }) : null,
  ];
}

// The stock: a face-down pile with the turned trump lying across it, face up while the stock
// is open, face down once it is closed; gone once its last card is drawn.
function stock(ctx) {
  const deal = ctx.view.deal;
  if (deal.exhausted) {
    return h(
      'div',
      { class: 'stock exhausted', id: 'stock', 'data-count': 0, role: 'group', 'aria-label': t('stock.exhausted') },
      h('div', { class: 'stock-empty', 'aria-hidden': 'true' }),
      h('p', { class: 'stock-caption', text: t('stock.exhausted') }),
    );
  }
  const closed = deal.closed_by !== null;
  const turned = closed ? deal.turned_down : deal.turned;
  const label = closed
    ? t('stock.closed_label', { n: deal.stock, name: seatName(ctx.room, deal.closed_by) })
    : t('stock.open_label', { n: deal.stock, card: cardName(turned) });
  return h(
    'div',
    {
      class: `stock${closed ? ' closed' : ''}`,
      id: 'stock',
      role: 'group',
      'aria-label': label,
      'data-count': deal.stock,
      'data-turned': closed ? null : turned,
      'data-closed': closed ? 'true' : 'false',
    },
    h(
      'div',
      { class: 'stock-cards' },
      h('div', { class: 'turned' }, closed ? back() : card(turned, { 'data-card': turned })),
      h(
        'div',
        { class: 'pile', 'aria-hidden': 'true' },
        deal.stock > 1 ? back({ class: 'card under' }) : null,
        back(),
        h('span', { class: 'stock-count', text: String(deal.stock) }),
      ),
    ),
    h(
      'p',
      { class: 'stock-caption' },
      closed ? t('stock.closed_by', { name: seatName(ctx.room, deal.closed_by) }) : t('stock.count', { n: deal.stock }),
    ),
  );
}

// The last trick stays in view: in Sixty-six it is the one a player may still look at.
function lastTrickMini(ctx) {
  const trick = lastTrick(ctx);
  if (!trick) return null;
  return h(
    'div',
    { class: 'last-mini', id: 'last-mini', role: 'group', 'aria-labelledby': 'last-mini-label' },
    h('span', { class: 'open-label', id: 'last-mini-label', text: t('last.title') }),
    h(
      'div',
      { class: 'last-mini-row' },
      trick.cards.map(({ seat, card: code }) =>
        card(code, { class: `card${trick.winner === seat ? ' won' : ''}`, title: seatName(ctx.room, seat) }),
      ),
    ),
    h('span', { class: 'last-mini-winner', text: t('trick.won_by', { name: seatName(ctx.room, trick.winner) }) }),
  );
}

export function centre(ctx) {
  return { beside: stock(ctx), tools: lastTrickMini(ctx) };
}

// ---- decisions ------------------------------------------------------------------------------

function claim(ui) {
  ui.confirm(t('claim.question'), () => ui.act('claim'), { detail: t('claim.detail'), yes: t('claim.yes') });
}

function actionButton(ctx, action, label, onclick, extra = {}) {
  return h(
    'button',
    {
      type: 'button',
      class: `btn game-action action-${action.split(':')[0]}`,
      'data-action': action,
      disabled: Boolean(ctx.pending),
      onclick,
      ...extra,
    },
    label,
  );
}

// The buttons for what the server lists besides playing a card, in the order it lists them.
export function actions(ctx, ui) {
  const legal = myLegal(ctx);
  if (!legal?.actions) return null;
  const deal = ctx.view.deal;
  const buttons = [];
  for (const action of legal.actions) {
    const [kind, arg] = action.split(':');
    if (kind === 'exchange') {
      buttons.push(
        actionButton(ctx, action, t('action.exchange'), () => ui.act(action), {
          title: t('action.exchange_hint', { card: cardName(deal.turned) }),
          'aria-description': t('action.exchange_hint', { card: cardName(deal.turned) }),
        }),
      );
    } else if (kind === 'close') {
      buttons.push(
        actionButton(ctx, action, t('action.close'), () => ui.act(action), {
          title: t('action.close_hint'),
          'aria-description': t('action.close_hint'),
        }),
      );
    } else if (kind === 'marriage') {
      const points = arg === deal.trump ? 40 : 20;
      buttons.push(
        actionButton(
          ctx,
          action,
          [suitIcon(arg), ' ', h('span', { text: t('action.marriage', { points }) })],
          () => ui.act(action),
          { 'aria-label': t('action.marriage_label', { suit: suitWord(arg), points }), class: `btn game-action action-marriage suit-${arg}` },
        ),
      );
    } else if (kind === 'claim') {
      buttons.push(
        actionButton(ctx, action, t('action.claim'), () => claim(ui), {
          id: 'claim-button',
          'aria-label': t('action.claim_label'),
          class: 'btn game-action action-claim primary',
        }),
      );
    }
  }
  if (!buttons.length) return null;
  return h('div', { class: 'game-actions', role: 'group', 'aria-label': t('action.group') }, buttons);
}

export function status(ctx) {
  const deal = ctx.view.deal;
  if (!deal || !isMyTurn(ctx)) return null;
  if (deal.pending_marriage) return t('status.you.marriage', { suit: suitWord(deal.pending_marriage) });
  if (!deal.trick.length) return t('status.you.lead');
  return null;
}

// ---- seats ----------------------------------------------------------------------------------

export function badges(ctx, seat) {
  const deal = ctx.view.deal;
  const out = [];
  if (deal.exchange?.seat === seat) {
    out.push({ kind: 'exchanged', long: t('badge.exchanged'), short: t('badge.exchanged_short') });
  }
  if (deal.closed_by === seat) out.push({ kind: 'closed', long: t('badge.closed'), short: t('badge.closed_short') });
  return out;
}

export function seatStats(ctx, seat) {
  const deal = ctx.view.deal;
  const stats = [
    seatStat('tricks', t('seat.tricks'), String(deal.tricks_won[seat]), { 'data-tricks': deal.tricks_won[seat] }),
  ];
  if (Array.isArray(deal.points)) {
    stats.push(seatStat('points', t('seat.points'), String(deal.points[seat]), { 'data-points': deal.points[seat] }));
  }
  return stats;
}

function marriages(ctx, seat) {
  const own = (ctx.view.deal.marriages ?? []).filter((m) => m.seat === seat);
  if (!own.length) return null;
  return h(
    'ul',
    { class: 'marriages', 'aria-label': t('marriage.list') },
    own.map((m) =>
      h(
        'li',
        {
          class: `marriage suit-${m.suit}${m.credited ? '' : ' waiting'}`,
          'data-suit': m.suit,
          title: m.credited ? null : t('marriage.waiting'),
        },
        suitIcon(m.suit),
        h('span', { text: String(m.points) }),
        h('span', {
          class: 'visually-hidden',
          text: ` ${t('marriage.label', { suit: suitWord(m.suit), points: m.points })}${m.credited ? '' : ` (${t('marriage.waiting')})`}`,
        }),
      ),
    ),
  );
}

export function seatExtra(ctx, seat) {
  const extra = [seat === ctx.seat ? null : otherHand(ctx, seat, 'other-hand'), marriages(ctx, seat)].filter(Boolean);
  return extra.length ? h('div', { class: 'seat-extra' }, extra) : null;
}

// ---- the hand -------------------------------------------------------------------------------

// The hand is ordered by the core (the player's setting `sort`): where the view keeps the
// trump suit; within a suit, the server's order.
// The claim the table shows to win, for the setting that claims by itself: only where the view
// carries the running points (option show_points), once the player's own reach 66 — a claim
// at 66 or more wins whoever closed (§8). The core makes it only if the legal list offers it.
export function sureClaim(ctx) {
  const points = ctx.view.deal?.points;
  if (!Array.isArray(points) || ctx.seat === null) return null;
  return points[ctx.seat] >= 66 ? 'claim' : null;
}

export function trumpSuit(ctx) {
  return ctx.view.deal.trump ?? null;
}

// A card of the viewer's hand the opponent has seen (a marriage partner, the turned card).
export function cardNote(ctx, position, code) {
  const seen = ctx.view.deal.known?.[ctx.seat] ?? [];
  return seen.includes(code) ? { className: 'shown', label: t('hand.shown') } : null;
}

export function whyNot(ctx) {
  const deal = ctx.view.deal;
  if (deal.pending_marriage) return t('error.marriage_must_be_led');
  if (ctx.view.options?.german_phase2) return t('why.closed_german');
  return t('why.closed');
}

// ---- the end of a deal ----------------------------------------------------------------------

function endLine(ctx, deal) {
  const name = (seat) => seatName(ctx.room, seat);
  const params = {
    claimant: deal.claimant === null || deal.claimant === undefined ? '' : name(deal.claimant),
    closer: deal.closed_by === null || deal.closed_by === undefined ? '' : name(deal.closed_by),
    winner: deal.winner === null || deal.winner === undefined ? '' : name(deal.winner),
    n:
      deal.claimant !== null && deal.claimant !== undefined
        ? deal.points[deal.claimant]
        : deal.winner !== null && deal.winner !== undefined
          ? deal.points[deal.winner]
          : '',
  };
  return t(`summary.end.${deal.end}`, params);
}

export function summary(ctx, deal) {
  const result = [];
  result.push(h('p', { class: 'summary-end', id: 'summary-end', 'data-end': deal.end }, endLine(ctx, deal)));
  if (deal.winner !== null && deal.winner !== undefined) {
    const gained = deal.scores[deal.winner];
    result.push(
      h(
        'p',
        { class: 'summary-winner', 'data-winner': deal.winner },
        t('summary.wins', { name: seatName(ctx.room, deal.winner), n: gained }),
        deal.carried_in ? ` ${t('summary.carried_in', { n: deal.carried_in })}` : '',
      ),
    );
  } else {
    result.push(h('p', { class: 'summary-winner', text: t('summary.nobody') }));
  }
  if (deal.carried) result.push(h('p', { class: 'muted', text: t('summary.carried', { n: deal.carried }) }));
  const columns = [
    { label: t('summary.points'), cell: (seat) => String(deal.points[seat]) },
    { label: t('summary.tricks'), cell: (seat) => String(deal.tricks_won?.[seat] ?? '') },
  ];
  result.push(summaryTable(ctx, deal, columns, { scoreLabel: t('summary.game_points') }));
  return result;
}
