// Read-only helpers over the latest state message. Nothing here decides a rule: turn,
// legality, quotas, scores and ranks are all taken from what the server sent.

import { t } from './i18n.js';

export const POSITIONS = { 3: ['bottom', 'left', 'right'], 4: ['bottom', 'left', 'top', 'right'] };

export function seatName(room, seat) {
  const info = room?.seats?.[seat];
  return info?.nickname || info?.player || t('seat.free');
}

// Where each seat sits on screen: the viewer at the bottom, the others clockwise from the left.
export function positionOf(ctx, seat) {
  const size = ctx.room.size;
  const base = ctx.seat ?? 0;
  return POSITIONS[size][(seat - base + size) % size];
}

export function isPlaying(ctx) {
  return ctx.room?.status === 'playing' && Boolean(ctx.view);
}

export function isMyTurn(ctx) {
  return isPlaying(ctx) && ctx.seat !== null && ctx.view.to_act === ctx.seat && !!ctx.view.legal;
}

export function legalOf(ctx, kind) {
  const legal = isMyTurn(ctx) ? ctx.view.legal : null;
  return legal && legal.kind === kind ? legal : null;
}

export function playableCards(ctx) {
  const legal = legalOf(ctx, 'play');
  if (!legal) return new Set();
  return new Set(legal.actions.filter((a) => a.startsWith('play:')).map((a) => a.slice(5)));
}

export function isHost(ctx) {
  return ctx.seat !== null && ctx.room?.host === ctx.seat;
}

// The trick shown in the middle: the one being played, or for a moment the one just won.
export function shownTrick(ctx) {
  const deal = ctx.view?.deal;
  if (deal && deal.trick.length > 0) return { cards: deal.trick, winner: null };
  if (ctx.held && Date.now() < ctx.held.until) return ctx.held.trick;
  return null;
}

export function lastTrick(ctx) {
  const deal = ctx.view?.deal;
  if (deal && deal.tricks_played.length) return deal.tricks_played.at(-1);
  const previous = ctx.view?.previous_deal;
  return previous?.tricks_played?.at(-1) ?? null;
}
