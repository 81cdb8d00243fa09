// Modal moments: the end-of-deal summary (its body the game's panel's), the final ranking, the
// invitation link, a yes/no question, plus the toasts that carry refusals and notices.

import { $, h, replace } from './dom.js';
import { formatNumber, t } from './i18n.js';
import { seatName } from './model.js';
import { rankingList, winnersLine } from './table.js';

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
// nothing more to say.
function scoresTable(ctx, deal) {
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
        h('th', { scope: 'col', class: 'num', text: t('summary.score') }),
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

export function showSummary(dialog, ctx, panel, deal) {
  openDialog(
    dialog,
    h('h2', { id: 'summary-title', text: t('summary.title', { n: deal.number }) }),
    panel.summary?.(ctx, deal) ?? scoresTable(ctx, deal),
    h('div', { class: 'dialog-actions' }, closeButton(t('summary.continue'))),
  );
}

export function showRanking(dialog, ctx, handlers) {
  const finished = ctx.room.status === 'finished';
  openDialog(
    dialog,
    h('h2', { id: 'ranking-title', text: finished ? t('end.title') : t('end.stopped') }),
    h('p', { class: 'muted', text: finished ? winnersLine(ctx) : t('end.leaders_note') }),
    rankingList(ctx),
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
