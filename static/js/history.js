// The room's matches, oldest first, as the server stored their scoresheets: number, status,
// players with their totals, who won (or, for a match not played to the end, who leads), and
// on request each match's protocol with its CSV and game-record downloads.

import { h } from './dom.js';
import { currentLanguage, formatNumber, t } from './i18n.js';
import {
  dealList,
  replayUrl,
  downloads,
  matchStatusText,
  sheetTable,
  standingOf,
  standingText,
  totalsChart,
} from './protocol-sheet.js';

function matchItem(match, code, getSecret, open, paper) {
  const sheet = match.scoresheet;
  const nameOf = (seat) => match.players[seat] ?? '';
  const standing = standingOf(sheet, match.status, match.winners);
  const ahead = new Set(standing?.seats ?? []);
  const details = h(
    'details',
    { class: 'match-details', open },
    h(
      'summary',
      {},
      h(
        'span',
        { class: 'match-title' },
        h('span', { class: 'match-name', text: t('history.match', { n: match.number }) }),
        h('span', { class: `badge badge-status status-${match.status}`, text: matchStatusText(match.status) }),
        h('span', { class: 'match-deals muted', text: match.deals_total
          ? t('history.deals_of', { n: match.deals_played, total: match.deals_total })
          : t('history.deals', { n: match.deals_played }) }),
      ),
      h(
        'span',
        { class: 'match-totals' },
        match.players.map((name, seat) =>
          h(
            'span',
            { class: ahead.has(seat) ? 'player-total ahead' : 'player-total', 'data-seat': seat },
            `${name} `,
            h('b', { text: formatNumber(match.totals[seat] ?? 0, true) }),
          ),
        ),
      ),
      h('span', {
        class: 'match-result',
        'data-kind': standing?.kind ?? 'none',
        text: standing ? standingText(standing, nameOf) : t('history.no_deals'),
      }),
    ),
  );
  // The protocol is built when the match is opened: a long history stays cheap to list.
  const fill = () => {
    if (!details.open || details.querySelector('.match-body')) return;
    details.append(
      h(
        'div',
        { class: 'match-body' },
        downloads(code, match.number, match.status, getSecret),
        sheetTable(sheet, nameOf, { caption: t('history.protocol_of', { n: match.number }), standing }),
        match.status === 'ended' && standing ? h('p', { class: 'muted', text: t('end.leaders_note') }) : null,
        totalsChart(sheet, nameOf),
        dealList(sheet, nameOf, false, paper() ? null : (n) => replayUrl(code, match.number, n)),
      ),
    );
  };
  details.addEventListener('toggle', fill);
  fill();
  return h('li', { class: 'match-item', 'data-match': match.number, 'data-status': match.status }, details);
}

// `paper()`: whether the room is kept on paper, where no deal was dealt to replay.
export function createHistory({ code, list, status, getSecret, paper = () => false }) {
  let matches = null;
  let failed = false;
  let asked = 0;
  // number -> {key, item}: a match whose row did not change keeps its very element, so a
  // refresh neither closes the protocol someone is reading nor takes the focus away.
  const shown = new Map();

  function render() {
    if (failed) status.textContent = t('history.failed');
    else if (matches === null) status.textContent = t('history.loading');
    else if (!matches.length) status.textContent = t('history.none');
    else status.textContent = '';
    status.hidden = status.textContent === '';
    const wanted = matches ?? [];
    let before = null;
    for (const match of wanted) {
      const key = JSON.stringify([currentLanguage(), match]);
      let entry = shown.get(match.number);
      if (!entry || entry.key !== key) {
        const open = entry ? entry.item.querySelector('details').open : false;
        const item = matchItem(match, code, getSecret, open, paper);
        if (entry) entry.item.replaceWith(item);
        entry = { key, item };
        shown.set(match.number, entry);
      }
      const place = before ? before.nextSibling : list.firstChild;
      if (entry.item !== place) list.insertBefore(entry.item, place);
      before = entry.item;
    }
    const numbers = new Set(wanted.map((m) => m.number));
    for (const [number, entry] of shown) {
      if (!numbers.has(number)) {
        entry.item.remove();
        shown.delete(number);
      }
    }
    list.hidden = wanted.length === 0;
  }

  async function refresh() {
    asked += 1;
    const mine = asked;
    if (matches === null) render();
    try {
      const response = await fetch(`/api/rooms/${encodeURIComponent(code)}/matches`, { cache: 'no-store' });
      if (!response.ok) throw new Error(`matches: HTTP ${response.status}`);
      const fresh = await response.json();
      if (mine !== asked) return; // a later refresh is under way; its answer is the newer one
      matches = fresh;
      failed = false;
    } catch {
      if (mine !== asked) return;
      // Keep showing what was loaded before; say so only when there is nothing to show.
      failed = matches === null;
    }
    render();
  }

  return { refresh, render };
}
