// Read-only helpers over the latest state message. Nothing here decides a rule: turn,
// legality, quotas, scores and ranks are all taken from what the server sent.

import { t } from './i18n.js';

// Where each seat sits on screen, by the table's size: the viewer at the bottom, the others
// clockwise from the left.
export const POSITIONS = {
  2: ['bottom', 'top'],
  3: ['bottom', 'left', 'right'],
  4: ['bottom', 'left', 'top', 'right'],
  5: ['bottom', 'left', 'topleft', 'topright', 'right'],
};

export function seatName(room, seat) {
  const info = room?.seats?.[seat];
  return info?.nickname || info?.player || t('seat.free');
}

// Partnerships: each team is named by a letter, and by its members.
export const TEAM_LETTERS = ['A', 'B', 'C'];

export function teamOf(room, seat) {
  const team = room?.seats?.[seat]?.team;
  return team === null || team === undefined ? null : team;
}

export function teamName(members, nameOf) {
  return members.map(nameOf).join(' & ');
}

export function positionOf(ctx, seat) {
  const size = ctx.room.size;
  const base = ctx.seat ?? 0;
  return POSITIONS[size][(seat - base + size) % size];
}

export function isPlaying(ctx) {
  return ctx.room?.status === 'playing' && Boolean(ctx.view);
}

// This seat was taken over from a computer player in the middle of a deal, which the computer
// plays out: nothing is offered to play until the next deal (docs/protocol.md §5.2).
export function finishing(ctx) {
  return ctx.seat !== null && Boolean(ctx.room?.seats?.[ctx.seat]?.finishes_deal);
}

export function isMyTurn(ctx) {
  return isPlaying(ctx) && ctx.seat !== null && ctx.view.to_act === ctx.seat && !!ctx.view.legal && !finishing(ctx);
}

// What this seat may do now, whoever is to act: a seat not on turn may have moves too (a claim).
export function myLegal(ctx) {
  if (!isPlaying(ctx) || ctx.seat === null || finishing(ctx)) return null;
  return ctx.view.legal ?? null;
}

// The seat's legal moves while it is on turn, of the given kind (any kind when none is given).
export function legalOf(ctx, kind = null) {
  const legal = isMyTurn(ctx) ? ctx.view.legal : null;
  if (!legal) return null;
  return kind === null || legal.kind === kind ? legal : null;
}

// The seat is to choose cards of its hand by position: {kind, count, from}, as the legal says
// or, while the seat is on turn, as the game's panel asks of its own accord (`choice`).
export function selectionLegal(ctx) {
  const legal = legalOf(ctx);
  const isChoice = (c) => Boolean(c) && Array.isArray(c.from) && Number.isInteger(c.count);
  if (isChoice(legal)) return legal;
  const own = legal ? ctx.panel?.choice?.(ctx) : null;
  return isChoice(own) ? own : null;
}

// The codes of the cards a plain `play:<card>` of the legal list may play.
export function playableCards(ctx) {
  const legal = legalOf(ctx);
  if (!legal?.actions) return new Set();
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

// Places for the ranking: the server's when it sends them; otherwise one plus the number of
// seats with a higher total, which is how every game ranks its totals for display.
export function ranksOf(view) {
  if (Array.isArray(view.ranks)) return view.ranks;
  return view.totals.map((total) => 1 + view.totals.filter((other) => other > total).length);
}

// The level a new computer player gets unless the host picks one: the middle of the game's
// levels, which are listed weakest first.
export function defaultBotLevel(room) {
  const levels = room?.bots ?? [];
  return levels[Math.floor((levels.length - 1) / 2)] ?? null;
}
