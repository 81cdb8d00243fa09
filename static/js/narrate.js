// What happens at the table, said for a screen reader: each card played, each bid or other call
// (a game's panel says those: its `calls` hook), and who takes each trick. The lines go to a
// polite log (`#table-log`), apart from the turn's assertive announcer, and as much of it as
// the player's setting `narrate` asks for: everything, calls and tricks only, or nothing.

import { h } from './dom.js';
import { cardName } from './cards.js';
import { t } from './i18n.js';
import { seatName } from './model.js';
import { prefs } from './prefs.js';

// Enough lines for the longest deal (bezique's 128 cards and 64 tricks): a screen reader
// catching up after a burst of fast players finds them all; older ones have been said.
const KEEP = 300;

function plays(deal) {
  const done = (deal?.tricks_played ?? []).flatMap((trick) => trick.cards);
  return [...done, ...(deal?.trick ?? [])];
}

function playLine(ctx, { seat, card }) {
  const name = cardName(card);
  return seat === ctx.seat ? t('narrate.you_play', { card: name }) : t('narrate.plays', { name: seatName(ctx.room, seat), card: name });
}

function trickLine(ctx, winner) {
  return winner === ctx.seat ? t('narrate.you_take') : t('trick.won_by', { name: seatName(ctx.room, winner) });
}

// The cards played and the tricks taken between two states of one deal: `was` the deal as it
// stood, `now` as it stands (null entries: nothing before, or the deal is gone).
function dealNews(ctx, was, now, verbosity) {
  const before = plays(was);
  const after = plays(now);
  const lines = [];
  const tricksBefore = was?.tricks_played?.length ?? 0;
  const tricks = now?.tricks_played ?? [];
  // Each new card, and after a trick's last card who took it.
  let seen = before.length;
  let count = 0;
  for (const [i, trick] of tricks.entries()) {
    count += trick.cards.length;
    if (i < tricksBefore) continue;
    for (; seen < count; seen += 1) if (verbosity === 'all') lines.push(playLine(ctx, after[seen]));
    if (trick.winner !== null && trick.winner !== undefined) lines.push(trickLine(ctx, trick.winner));
  }
  for (; seen < after.length; seen += 1) if (verbosity === 'all') lines.push(playLine(ctx, after[seen]));
  return lines;
}

// The lines for the step from the view `before` to `ctx.view`. A new deal ends the old one as
// its `previous_deal` shows it (its last cards and trick), then starts afresh.
export function news(ctx, before, panel) {
  const verbosity = prefs.narrate;
  const after = ctx.view;
  if (verbosity === 'off' || !before || !after) return [];
  const was = before.deal;
  const now = after.deal;
  const lines = [];
  if (was && now && was.number === now.number) {
    lines.push(...(panel.calls?.(ctx, before) ?? []));
    lines.push(...dealNews(ctx, was, now, verbosity));
    return lines;
  }
  const ended = after.previous_deal;
  if (was && ended && ended.number === was.number) lines.push(...dealNews(ctx, was, ended, verbosity));
  if (now) lines.push(...dealNews(ctx, null, now, verbosity));
  return lines;
}

export function narrate(lines) {
  const log = document.getElementById('table-log');
  if (!log || !lines.length) return;
  for (const line of lines) log.append(h('p', { text: line }));
  while (log.childElementCount > KEEP) log.firstElementChild.remove();
}
