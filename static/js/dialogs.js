// Moments over the table: the end-of-deal summary (its body the game's panel's), shown in place
// rather than in a dialog; and, in dialogs, the final ranking, the invitation link and a yes/no
// question; plus the toasts that carry refusals and notices.

import { $, h, replace } from './dom.js';
import { formatNumber, onLanguage, t } from './i18n.js';
import { seatName } from './model.js';
import { announce } from './notify.js';
import { lastDeal, rankingList, winnersLine } from './table.js';
import { verifyDeal } from './fairness.js';

export function wireDialog(dialog) {
  for (const close of dialog.querySelectorAll('[data-close]')) {
    close.addEventListener('click', () => dialog.close());
  }
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
}

function closeButton(label = t('dialog.close')) {
  return h('button', { type: 'button', class: 'btn primary', 'data-close': '', autofocus: true, text: label });
}

function openDialog(dialog, ...content) {
  replace(dialog, h('div', { class: 'dialog-body' }, content));
  wireDialog(dialog);
  if (!dialog.open) dialog.showModal();
}

// The scores of a finished deal, seat by seat: what a game's summary shows when its panel has
// nothing more to say, and the table a panel's summary ends with, the game's own `columns`
// ({label, cell(seat) → text}) standing between the player and the deal's score (headed
// `scoreLabel`).
export function summaryTable(ctx, deal, columns = [], { scoreLabel = t('summary.score') } = {}) {
  const totals = totalsAfter(ctx, deal);
  return h(
    'table',
    { class: 'summary-table' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col', text: t('scores.player') }),
        columns.map((column) => h('th', { scope: 'col', class: 'num', text: column.label })),
        h('th', { scope: 'col', class: 'num', text: scoreLabel }),
        h('th', { scope: 'col', class: 'num', text: t('scores.total') }),
      ),
    ),
    h(
      'tbody',
      {},
      [...ctx.room.seats.keys()].map((seat) =>
        h(
          'tr',
          { 'data-seat': seat, class: seat === ctx.seat ? 'is-me' : '' },
          h('th', { scope: 'row', text: seatName(ctx.room, seat) }),
          columns.map((column) => h('td', { class: 'num', text: column.cell(seat) })),
          h('td', {
            class: 'num score',
            text: deal.scores?.[seat] === null || deal.scores?.[seat] === undefined ? '—' : formatNumber(deal.scores[seat], true),
          }),
          h('td', { class: 'num', text: formatNumber(totals[seat], true) }),
        ),
      ),
    ),
  );
}

// Each seat's total right after `deal`, from the scoresheet's line for it.
export function totalsAfter(ctx, deal) {
  return ctx.view.scoresheet.deals.find((d) => d.number === deal.number)?.totals ?? ctx.view.totals;
}

// ---- the end-of-deal summary -----------------------------------------------------------------
//
// A panel of the page, not a dialog: whoever plays next keeps their controls and their focus,
// and play goes on beside it. It leaves at this player's next move (the page calls
// hideSummary), at its close button, once the next deal's play has moved on by a trick, after
// SUMMARY_MS (counted only while neither the pointer nor the focus is on it), or as soon as it
// would hide a card in play or a control of this player's turn (where it lies over the table).

const SUMMARY_MS = 8000;
// What the clock gives back to a reader who lets go of the panel with less than this left.
const SUMMARY_AGAIN_MS = 2000;
let summary = null;

function fillSummary(section) {
  const { ctx, panel, deal } = summary;
  replace(
    section,
    h(
      'div',
      { class: 'deal-summary-head' },
      h('h2', { id: 'summary-title', text: t('summary.title', { n: deal.number }) }),
      h('button', {
        type: 'button',
        class: 'btn small',
        'data-close': '',
        text: t('dialog.close'),
        onclick: () => hideSummary(section),
      }),
    ),
    panel.summary?.(ctx, deal) ?? summaryTable(ctx, deal),
    fairLine(ctx, deal),
    replayLink(ctx, deal),
  );
}

// The deal step by step, every hand face up, in a page of its own (a link to share).
function replayLink(ctx, deal) {
  const href = `/r/${ctx.room.code}/matches/${ctx.room.match_number}/deals/${deal.number}`;
  return h('p', { class: 'replay-link' }, h('a', { href, target: '_blank', rel: 'noopener', text: t('replay.link') }));
}

// Whether the deal's cards follow from its seeds, as this browser checks for itself
// (docs/fairness.md): a mark that the check passed, or a loud warning that it did not.
function fairLine(ctx, deal) {
  const verdict = verifyDeal(ctx.room, deal.number);
  if (verdict === null) return null;
  const line = h('p', { class: 'fair-check', 'data-fair': 'checking', role: 'status', text: t('fair.checking') });
  verdict.then((result) => {
    line.dataset.fair = result.ok ? 'verified' : 'failed';
    line.setAttribute('role', result.ok ? 'status' : 'alert');
    // what a verified deal could not prove to this player is said beside it, plainly
    const notes = result.ok ? result.notes.map((note) => ` ${t(`fair.note.${note}`)}`).join('') : '';
    replace(
      line,
      h('span', { class: 'fair-mark', 'aria-hidden': 'true', text: result.ok ? '\u2713' : '\u2717' }),
      ' ',
      result.ok ? t('fair.verified') + notes : `${t('fair.failed')}: ${t(`fair.reason.${result.reason}`)}`,
    );
    if (result.notes?.length) line.dataset.notes = result.notes.join(' ');
  });
  return line;
}

function runSummaryClock(section) {
  if (!summary || summary.timer !== null || summary.held.size) return;
  summary.since = Date.now();
  summary.timer = setTimeout(() => hideSummary(section), summary.left);
}

function holdSummaryClock(reason) {
  if (!summary) return;
  summary.held.add(reason);
  if (summary.timer === null) return;
  clearTimeout(summary.timer);
  summary.timer = null;
  summary.left = Math.max(SUMMARY_AGAIN_MS, summary.left - (Date.now() - summary.since));
}

function releaseSummaryClock(section, reason) {
  summary?.held.delete(reason);
  runSummaryClock(section);
}

function wireSummary(section) {
  if (section.dataset.wired) return;
  section.dataset.wired = 'true';
  // A pointer held still where the panel came is no reader: it takes a move over it, or a press.
  section.addEventListener('pointermove', (event) => {
    if (event.pointerType !== 'touch') holdSummaryClock('pointer');
  });
  section.addEventListener('pointerdown', () => holdSummaryClock('pointer'));
  section.addEventListener('pointerleave', () => releaseSummaryClock(section, 'pointer'));
  section.addEventListener('focusin', () => holdSummaryClock('focus'));
  section.addEventListener('focusout', (event) => {
    if (!section.contains(event.relatedTarget)) releaseSummaryClock(section, 'focus');
  });
  section.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') hideSummary(section);
  });
  onLanguage(() => {
    if (summary) fillSummary(section);
  });
}

// `refocus` hands the focus back to the table should the panel hold it when it leaves.
export function showSummary(section, ctx, panel, deal, { refocus = null } = {}) {
  if (summary) clearTimeout(summary.timer);
  summary = { ctx, panel, deal, refocus, timer: null, left: SUMMARY_MS, since: 0, held: new Set() };
  wireSummary(section);
  fillSummary(section);
  section.dataset.deal = deal.number;
  section.hidden = false;
  runSummaryClock(section);
  announce(t('summary.title', { n: deal.number }));
}

export function hideSummary(section) {
  if (!summary) return;
  clearTimeout(summary.timer);
  const { refocus } = summary;
  summary = null;
  const hadFocus = section.contains(document.activeElement);
  section.hidden = true;
  delete section.dataset.deal;
  replace(section);
  if (hadFocus) refocus?.();
}

// The number of the deal the summary shows, or null.
export const summaryDeal = () => summary?.deal.number ?? null;

// Called after each render: the panel steps aside when it lies over a card in play or over a
// control of this player's turn.
export function summaryGivesWay(section) {
  if (!summary || section.hidden) return;
  const box = section.getBoundingClientRect();
  const covers = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top;
  };
  if ([...document.querySelectorAll('#trick .played, #table [data-turn-focus]')].some(covers)) {
    hideSummary(section);
  }
}

export function showRanking(dialog, ctx, handlers) {
  const finished = ctx.room.status === 'finished';
  openDialog(
    dialog,
    h('h2', { id: 'ranking-title', text: finished ? t('end.title') : t('end.stopped') }),
    h('p', { class: 'muted', text: finished ? winnersLine(ctx) : t('end.leaders_note') }),
    rankingList(ctx),
    lastDeal(ctx, ctx.panel ?? {}),
    ctx.view?.previous_deal ? fairLine(ctx, ctx.view.previous_deal) : null,
    ctx.view?.previous_deal ? replayLink(ctx, ctx.view.previous_deal) : null,
    h(
      'div',
      { class: 'dialog-actions' },
      h('button', {
        type: 'button',
        class: 'btn',
        text: t('protocol.open'),
        onclick: () => {
          dialog.close();
          handlers.openProtocol();
        },
      }),
      closeButton(),
    ),
  );
}

// A yes/no question; `detail` adds a line under it, `yes` names the button that agrees.
export function confirmDialog(dialog, question, onYes, { detail = null, yes = null } = {}) {
  openDialog(
    dialog,
    h('p', { class: 'confirm-question', id: 'confirm-question', text: question }),
    detail ? h('p', { class: 'muted confirm-detail', id: 'confirm-detail', text: detail }) : null,
    h(
      'div',
      { class: 'dialog-actions' },
      h('button', { type: 'button', class: 'btn', 'data-close': '', autofocus: true, text: t('dialog.cancel') }),
      h('button', {
        type: 'button',
        class: 'btn primary',
        id: 'confirm-yes',
        text: yes ?? t('dialog.ok'),
        onclick: () => {
          dialog.close();
          onYes();
        },
      }),
    ),
  );
  dialog.setAttribute('aria-labelledby', 'confirm-question');
  if (detail) dialog.setAttribute('aria-describedby', 'confirm-detail');
  else dialog.removeAttribute('aria-describedby');
}

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Plain-http hosts have no async clipboard; the old selection route still works there.
    const area = h('textarea', { class: 'visually-hidden', readonly: true });
    area.value = text;
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

export function toast(text, kind = 'info') {
  const box = $('#toasts');
  if (!box) return;
  // The container is a polite live region; errors interrupt as alerts.
  const item = h('div', { class: `toast toast-${kind}`, role: kind === 'error' ? 'alert' : null, text });
  box.append(item);
  while (box.children.length > 3) box.firstElementChild.remove();
  setTimeout(() => item.remove(), kind === 'error' ? 6000 : 3500);
}
