// Modal moments: the end-of-deal summary, the final ranking, the invitation link, a yes/no
// question, plus the toasts that carry refusals and notices.

import { $, h, replace } from './dom.js';
import { formatNumber, t } from './i18n.js';
import { seatName } from './model.js';
import { contractLabel, rankingList, winnersLine } from './table.js';

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

export function showSummary(dialog, ctx, deal) {
  const totals = ctx.view.scoresheet.deals.find((d) => d.number === deal.number)?.totals ?? ctx.view.totals;
  const rows = [...ctx.room.seats.keys()].map((seat) => {
    const out = !deal.order.includes(seat);
    return h(
      'tr',
      { 'data-seat': seat, class: seat === ctx.seat ? 'is-me' : '' },
      h('th', { scope: 'row', text: seatName(ctx.room, seat) }),
      out
        ? h('td', { colspan: 3, class: 'muted', text: t('badge.sitting_out') })
        : [
            h('td', { class: 'num', text: String(deal.tricks[seat]) }),
            h('td', { class: 'num', text: String(deal.quotas[seat]) }),
            h('td', { class: 'num score', text: formatNumber(deal.scores[seat], true) }),
          ],
      h('td', { class: 'num', text: formatNumber(totals[seat], true) }),
    );
  });
  openDialog(
    dialog,
    h('h2', { id: 'summary-title', text: t('summary.title', { n: deal.number }) }),
    h(
      'p',
      { class: 'summary-contract' },
      t('summary.played_by', { name: seatName(ctx.room, deal.forehand) }),
      ' ',
      contractLabel(deal.contract, deal.trump, deal.forced),
    ),
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
          h('th', { scope: 'col', class: 'num', text: t('summary.tricks') }),
          h('th', { scope: 'col', class: 'num', text: t('summary.quota') }),
          h('th', { scope: 'col', class: 'num', text: t('summary.score') }),
          h('th', { scope: 'col', class: 'num', text: t('scores.total') }),
        ),
      ),
      h('tbody', {}, rows),
    ),
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

export function confirmDialog(dialog, question, onYes) {
  openDialog(
    dialog,
    h('p', { class: 'confirm-question', id: 'confirm-question', text: question }),
    h(
      'div',
      { class: 'dialog-actions' },
      h('button', { type: 'button', class: 'btn', 'data-close': '', autofocus: true, text: t('dialog.cancel') }),
      h('button', {
        type: 'button',
        class: 'btn primary',
        id: 'confirm-yes',
        text: t('dialog.ok'),
        onclick: () => {
          dialog.close();
          onYes();
        },
      }),
    ),
  );
  dialog.setAttribute('aria-labelledby', 'confirm-question');
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
