// German Whist's part of the table (static/js/panel.js describes the hooks): which half of the
// deal is being played — the thirteen tricks for the stock's cards, with the face-up card the
// trick's winner takes, or the thirteen that score — the stock itself, the opponent's hand as
// backs with the cards everyone saw taken face up, each player's tricks and points, and the
// deal's summary. Every figure is the server's; the trick's number in the scoring half is
// counted from the points and hands it sends, not from a rule of the game.

import { h } from '../../js/dom.js';
import { cardName, cardSvg, suitIcon } from '../../js/cards.js';
import { t } from '../../js/i18n.js';
import { isMyTurn, seatName } from '../../js/model.js';
import { otherHand, seatStat } from '../../js/table.js';
import { summaryTable } from '../../js/dialogs.js';

export const stylesheet = new URL('./panel.css', import.meta.url).href;

const RANKS = 'AKQJT98765432';

const suitWord = (suit) => t(`suit.name.${suit}`);
const sum = (numbers) => numbers.reduce((a, b) => a + b, 0);

function card(code, extra = {}) {
  return h('div', { class: 'card', role: 'img', 'aria-label': cardName(code), ...extra }, cardSvg(code));
}

function back(extra = {}) {
  return h('div', { class: 'card', 'aria-hidden': 'true', ...extra }, cardSvg(null));
}

// The trick being played among those that score: those already taken for points, plus one;
// of how many, by adding the cards the fuller hand still holds (it has not played to this
// trick yet).
function pointsTrick(deal) {
  const done = sum(deal.points);
  return { n: done + 1, total: done + Math.max(...deal.hand_sizes) };
}

function phaseLine(deal) {
  if (!deal.for_points && deal.turned) {
    return h(
      'span',
      { class: 'gw-phase', id: 'deal-phase', 'data-phase': 'cards', 'data-turned': deal.turned },
      t('phase.cards', { card: cardName(deal.turned) }),
    );
  }
  const { n, total } = pointsTrick(deal);
  return h(
    'span',
    { class: 'gw-phase for-points', id: 'deal-phase', 'data-phase': 'points', 'data-trick': n },
    t('phase.points', { n, total }),
  );
}

// ---- the middle -----------------------------------------------------------------------------

export function dealLabel(ctx) {
  const deal = ctx.view.deal;
  return [
    h(
      'span',
      { class: 'label-pill trump-label', 'data-trump': deal.trump },
      h('span', { text: t('trump.label') }),
      ' ',
      suitIcon(deal.trump, suitWord(deal.trump)),
    ),
    phaseLine(deal),
  ];
}

// The stock: face-down cards with the prize of the next trick face up on top; once it is used
// up, an empty place that says every trick now scores.
function stock(ctx) {
  const deal = ctx.view.deal;
  if (!deal.stock || !deal.turned) {
    return h(
      'div',
      { class: 'gw-stock empty', id: 'stock', 'data-count': 0, role: 'group', 'aria-label': t('stock.empty') },
      h('div', { class: 'gw-stock-empty', 'aria-hidden': 'true' }),
      h('p', { class: 'gw-stock-caption', text: t('stock.empty') }),
    );
  }
  return h(
    'div',
    {
      class: 'gw-stock',
      id: 'stock',
      role: 'group',
      'aria-label': t('stock.label', { n: deal.stock, card: cardName(deal.turned) }),
      'data-count': deal.stock,
      'data-turned': deal.turned,
    },
    h(
      'div',
      { class: 'gw-stock-cards' },
      deal.stock > 2 ? back({ class: 'card gw-under' }) : null,
      deal.stock > 1 ? back({ class: 'card gw-below' }) : null,
      card(deal.turned, { class: 'card gw-turned', 'data-card': deal.turned }),
      h('span', { class: 'gw-stock-count', 'aria-hidden': 'true', text: String(deal.stock) }),
    ),
    h('p', { class: 'gw-stock-caption', text: t('stock.count', { n: deal.stock }) }),
  );
}

export function centre(ctx) {
  return { beside: stock(ctx) };
}

export function status(ctx) {
  const deal = ctx.view.deal;
  if (!deal || !isMyTurn(ctx) || deal.trick.length) return null;
  if (!deal.for_points && deal.turned) return t('status.you.lead_cards', { card: cardName(deal.turned) });
  return t('status.you.lead');
}

// ---- seats ----------------------------------------------------------------------------------

export function seatStats(ctx, seat) {
  const deal = ctx.view.deal;
  const stats = [
    seatStat('tricks', t('seat.tricks'), String(deal.tricks_won[seat]), {
      'data-tricks': deal.tricks_won[seat],
      title: t('seat.tricks_title'),
    }),
  ];
  if (deal.for_points) {
    stats.push(
      seatStat('points', t('seat.points'), String(deal.points[seat]), {
        'data-points': deal.points[seat],
        title: t('seat.points_title'),
      }),
    );
  }
  return stats;
}

export function seatExtra(ctx, seat) {
  if (seat === ctx.seat) return null;
  const hand = otherHand(ctx, seat, 'gw-other-hand');
  return hand ? h('div', { class: 'gw-seat-extra' }, hand) : null;
}

// ---- the hand -------------------------------------------------------------------------------

// The hand is ordered by the core (the player's setting `sort`): its ranks high to low, and
// where the view keeps the trump suit.
export const handRanks = RANKS;

export function trumpSuit(ctx) {
  return ctx.view.deal.trump ?? null;
}

// A card of the viewer's hand the opponent saw taken face up: no secret to them.
export function cardNote(ctx, position, code) {
  const seen = ctx.seat === null ? [] : ctx.view.deal.known?.[ctx.seat] ?? [];
  return seen.includes(code) ? { className: 'shown', label: t('hand.shown') } : null;
}

export function whyNot() {
  return t('why.follow');
}

// ---- the end of a deal ----------------------------------------------------------------------

export function summary(ctx, deal) {
  const result = [];
  if (deal.winner !== null && deal.winner !== undefined) {
    result.push(
      h('p', {
        class: 'summary-winner',
        'data-winner': deal.winner,
        text: t('summary.wins', { name: seatName(ctx.room, deal.winner), n: deal.points[deal.winner] }),
      }),
    );
  }
  const points = { label: t('summary.points'), cell: (seat) => String(deal.points?.[seat] ?? '') };
  result.push(summaryTable(ctx, deal, [points]));
  return result;
}
