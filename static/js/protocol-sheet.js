// The scoresheet as the server sends it, drawn and never recomputed: one row per player (with
// the game's grid of marks when it has one, such as Bismarck's contracts), the running
// totals, who wins or leads, a line per deal with the columns the game declares, and a small
// chart of each player's total over the deals. The same sheet shows the running match (from
// the live view) and any match of the room's history, so everything here takes a sheet and a
// function naming a seat, never the live room itself.

import { h, keepFocus, replace } from './dom.js';
import { suitIcon } from './cards.js';
import { currentLanguage, formatNumber, t } from './i18n.js';
import { seatName, TEAM_LETTERS, teamName } from './model.js';
import { toast } from './dialogs.js';

const NS = 'http://www.w3.org/2000/svg';
const MARKERS = ['circle', 'square', 'triangle', 'diamond', 'down'];
// What a seat that took no part in a deal (sat out) gets in the running totals.
const SAT_OUT = '—';
let chartCount = 0;

function svg(tag, attrs = {}, text = null) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== null) el.textContent = text;
  return el;
}

function marker(kind, x, y, seat) {
  const cls = `marker p${seat}`;
  if (kind === 'circle') return svg('circle', { cx: x, cy: y, r: 3.2, class: cls });
  if (kind === 'square') return svg('rect', { x: x - 3, y: y - 3, width: 6, height: 6, class: cls });
  if (kind === 'triangle') {
    return svg('path', { d: `M${x} ${y - 3.6}L${x + 3.6} ${y + 3}L${x - 3.6} ${y + 3}Z`, class: cls });
  }
  if (kind === 'down') {
    return svg('path', { d: `M${x} ${y + 3.6}L${x + 3.6} ${y - 3}L${x - 3.6} ${y - 3}Z`, class: cls });
  }
  return svg('path', { d: `M${x} ${y - 4}L${x + 4} ${y}L${x} ${y + 4}L${x - 4} ${y}Z`, class: cls });
}

export function namesList(names) {
  return new Intl.ListFormat(currentLanguage(), { type: 'conjunction' }).format(names);
}

// Who is ahead: the winners of a match played to the end (ties share the win), otherwise only
// the leaders. Before the first deal is scored nobody is ahead of anybody.
// In a partnership game the standing is by team: `groups` holds the teams ahead.
export function standingOf(sheet, status, winners) {
  if (!sheet.deals.length) return null;
  const best = Math.max(...sheet.totals);
  const seats =
    status === 'finished' && winners?.length
      ? winners
      : sheet.totals.flatMap((total, seat) => (total === best ? [seat] : []));
  const kind = status === 'finished' && winners?.length ? 'winners' : 'leaders';
  const groups = sheet.teams ? sheet.teams.members.filter((members) => seats.includes(members[0])) : null;
  return { kind, seats, groups };
}

export function standingText(standing, nameOf) {
  const names = standing.groups
    ? namesList(standing.groups.map((members) => teamName(members, nameOf)))
    : namesList(standing.seats.map(nameOf));
  return t(`protocol.${standing.kind}`, { n: (standing.groups ?? standing.seats).length, names });
}

function standingBadge(standing, seat) {
  if (!standing || !standing.seats.includes(seat)) return null;
  const shared = (standing.groups ?? standing.seats).length > 1;
  const text =
    standing.kind === 'winners'
      ? t(shared ? 'end.shared_win' : 'end.winner')
      : t(shared ? 'protocol.shared_lead' : 'protocol.leader');
  return h('span', { class: `badge badge-${standing.kind === 'winners' ? 'winner' : 'leader'}`, text });
}

export function totalsChart(sheet, nameOf) {
  const deals = sheet.deals;
  if (!deals.length) return h('p', { class: 'muted', text: t('protocol.no_deals') });
  // Partners share one total: one line per team, named by its members.
  const teams = sheet.teams?.members ?? null;
  const lineName = teams ? (i) => teamName(teams[i], nameOf) : nameOf;
  const series = teams
    ? teams.map((_, i) => [0, ...deals.map((d) => d.team_totals[i])])
    : sheet.totals.map((_, s) => [0, ...deals.map((d) => d.totals[s])]);
  const values = series.flat();
  let lo = Math.min(0, ...values);
  let hi = Math.max(0, ...values);
  if (hi - lo < 4) {
    hi += 2;
    lo -= 2;
  }
  const [W, H, left, right, top, bottom] = [340, 170, 30, 10, 10, 22];
  const x = (i) => left + (i * (W - left - right)) / Math.max(1, deals.length);
  const y = (v) => top + ((hi - v) * (H - top - bottom)) / (hi - lo);
  // Several charts may be in the page at once (the running match and a past one).
  chartCount += 1;
  const titleId = `chart-title-${chartCount}`;
  const chart = svg('svg', {
    viewBox: `0 0 ${W} ${H}`,
    class: 'totals-chart',
    role: 'img',
    'aria-labelledby': titleId,
  });
  chart.append(svg('title', { id: titleId }, t('protocol.chart_label', { n: deals.length })));
  // Grid: zero line plus the extremes, labelled on the left.
  for (const v of new Set([hi, 0, lo].map(Math.round))) {
    chart.append(
      svg('line', { x1: left, x2: W - right, y1: y(v), y2: y(v), class: v === 0 ? 'axis zero' : 'axis' }),
      svg('text', { x: left - 4, y: y(v) + 3.5, 'text-anchor': 'end', class: 'tick' }, formatNumber(v, true)),
    );
  }
  const step = Math.ceil(deals.length / 8);
  for (let i = 0; i <= deals.length; i += step) {
    chart.append(svg('text', { x: x(i), y: H - 6, 'text-anchor': 'middle', class: 'tick' }, String(i)));
  }
  // Seats with equal totals after a deal would hide each other's markers: they stand side by
  // side instead, a few units apart, around the deal's position.
  const spread = (seat, i) => {
    const value = series[seat][i];
    const same = series.map((points) => points[i]).filter((v) => v === value).length;
    const rank = series.slice(0, seat).filter((points) => points[i] === value).length;
    return (rank - (same - 1) / 2) * 7;
  };
  series.forEach((points, seat) => {
    const d = points.map((v, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)} ${y(v).toFixed(1)}`).join('');
    chart.append(svg('path', { d, class: `line p${seat}` }));
    points.forEach((v, i) => {
      if (i > 0) chart.append(marker(MARKERS[seat], x(i) + spread(seat, i), y(v), seat));
    });
  });
  const legend = h(
    'ul',
    { class: 'chart-legend' },
    series.map((points, seat) =>
      h(
        'li',
        {},
        h('span', { class: `swatch p${seat} m-${MARKERS[seat]}`, 'aria-hidden': 'true' }),
        `${lineName(seat)} ${formatNumber(points.at(-1), true)}`,
      ),
    ),
  );
  return h('figure', { class: 'chart' }, chart, h('figcaption', {}, legend));
}

// A mark of the grid: the X, the deal it was made in, its suit where the game names one, and
// the score it brought.
function mark(value) {
  if (!value) return h('td', { class: 'cell empty' }, h('span', { class: 'visually-hidden', text: t('protocol.open_cell') }));
  return h(
    'td',
    { class: 'cell marked', title: t('protocol.cell_title', { n: value.deal }), 'data-score': value.score },
    h('span', { class: 'x', text: 'X' }),
    h(
      'span',
      { class: 'cell-detail' },
      `${value.deal}`,
      value.suit ? suitIcon(value.suit, t(`suit.name.${value.suit}`)) : null,
      ` ${formatNumber(value.score, true)}`,
    ),
  );
}

export function sheetTable(sheet, nameOf, { id = null, caption = t('protocol.title'), standing = null, me = null } = {}) {
  const grid = sheet.grid ?? null;
  const columns = grid ? grid.columns : [];
  const seats = sheet.totals.map((_, seat) => seat);
  return h(
    'div',
    // a sheet wider than a phone scrolls sideways, by keyboard too
    { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': caption },
    h(
      'table',
      { class: 'protocol', id },
      h('caption', { class: 'visually-hidden', text: caption }),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col', text: t(sheet.teams && !grid ? 'protocol.team' : 'scores.player') }),
          columns.map((c) => h('th', { scope: 'col', text: t(c.label) })),
          h('th', { scope: 'col', text: t('protocol.running') }),
          h('th', { scope: 'col', class: 'num', text: t('scores.total') }),
        ),
      ),
      h(
        'tbody',
        {},
        (sheet.teams?.members ?? []).map((members, team) => teamRow(sheet, team, members, nameOf, columns.length, standing)),
        (sheet.teams && !grid ? [] : seats).map((seat) =>
          h(
            'tr',
            {
              'data-seat': seat,
              class: [seat === me ? 'is-me' : '', standing?.seats.includes(seat) ? 'ahead' : '']
                .filter(Boolean)
                .join(' '),
            },
            h('th', { scope: 'row' }, h('span', { class: 'row-name', text: nameOf(seat) }), ' ', standingBadge(standing, seat)),
            columns.map((c) => mark(grid.rows[seat].cells[c.key])),
            h(
              'td',
              {},
              h(
                'div',
                { class: 'running' },
                sheet.deals.map((d) =>
                  d.scores[seat] === null
                    ? h('span', { class: 'sat-out', title: t('badge.sitting_out'), text: SAT_OUT })
                    : h('span', { text: formatNumber(d.totals[seat], true) }),
                ),
              ),
            ),
            h('td', { class: 'num total', text: formatNumber(sheet.totals[seat], true) }),
          ),
        ),
        (sheet.accounts ?? []).map((account) => accountRow(account, columns.length)),
      ),
    ),
  );
}

// A team of partners: its members, its total after each deal, and now. Partners carry the same
// score, so a team game without a grid of marks shows its teams alone.
function teamRow(sheet, team, members, nameOf, gridColumns, standing) {
  return h(
    'tr',
    { class: `team-row${standing?.seats.includes(members[0]) ? ' ahead' : ''}`, 'data-team': team },
    h(
      'th',
      { scope: 'row' },
      h('span', { class: `badge badge-team team-${team}`, text: TEAM_LETTERS[team] }),
      h('span', { class: 'row-name', text: teamName(members, nameOf) }),
      ' ',
      standingBadge(standing, members[0]),
    ),
    gridColumns ? h('td', { colspan: gridColumns }) : null,
    h(
      'td',
      {},
      h(
        'div',
        { class: 'running' },
        sheet.deals.map((d) => h('span', { text: formatNumber(d.team_totals[team], true) })),
      ),
    ),
    h('td', { class: 'num total', text: formatNumber(sheet.teams.totals[team], true) }),
  );
}

// A participant of the sheet that is no seat (a kitty): its balance after each deal, and now.
function accountRow(account, gridColumns) {
  return h(
    'tr',
    { class: 'account', 'data-account': account.key },
    h('th', { scope: 'row' }, h('span', { class: 'row-name', text: t(account.label) })),
    gridColumns ? h('td', { colspan: gridColumns }) : null,
    h(
      'td',
      {},
      h(
        'div',
        { class: 'running' },
        account.running.map((balance) => h('span', { text: formatNumber(balance, true) })),
      ),
    ),
    h('td', { class: 'num total', text: formatNumber(account.total, true) }),
  );
}

// One cell of a deal's line, by the kind of its column.
function dealCell(column, value, nameOf) {
  if (value === null || value === undefined) return h('td', { text: '' });
  if (column.kind === 'seat') return h('td', { text: nameOf(value) });
  if (column.kind === 'suit') return h('td', {}, suitIcon(value, t(`suit.name.${value}`)));
  if (column.kind === 'term') {
    return h('td', {}, `${t(value.term)} `, value.suit ? suitIcon(value.suit, t(`suit.name.${value.suit}`)) : null);
  }
  return h('td', { class: 'num', text: String(value) });
}

// A seat's own figure in a deal's line: a number, or a word such as a bid of nil.
function seatFigure(value) {
  if (value && typeof value === 'object' && value.term) return t(value.term);
  return value;
}

// `replayOf(n)`: the address of deal n's replay, for deals dealt here (none on paper).
export function dealList(sheet, nameOf, open = false, replayOf = null) {
  const { deals } = sheet;
  if (!deals.length) return null;
  const seats = sheet.totals.map((_, seat) => seat);
  const shared = sheet.columns.filter((c) => c.kind !== 'per_seat');
  const perSeat = sheet.columns.filter((c) => c.kind === 'per_seat');
  return h(
    'details',
    { class: 'deal-list', open },
    h('summary', { text: t('protocol.by_deal') }),
    h(
      'div',
      { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': t('protocol.by_deal') },
      h(
        'table',
        { class: 'deals' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', { scope: 'col', text: t('protocol.deal') }),
            shared.map((c) => h('th', { scope: 'col', text: t(c.label) })),
            seats.map((s) => h('th', { scope: 'col', class: 'num', text: nameOf(s) })),
            replayOf ? h('th', { scope: 'col', class: 'replay-col', text: t('protocol.replay') }) : null,
          ),
        ),
        h(
          'tbody',
          {},
          deals.map((d) =>
            h(
              'tr',
              { 'data-deal': d.number },
              h('th', { scope: 'row', text: String(d.number) }),
              shared.map((c) => dealCell(c, d.cells[c.key], nameOf)),
              // each seat: the game's own figures (tricks, points) and the deal's score
              seats.map((s) =>
                h('td', {
                  class: 'num',
                  text:
                    d.scores[s] === null
                      ? SAT_OUT
                      : [...perSeat.map((c) => seatFigure(d.cells[c.key]?.[s])), formatNumber(d.scores[s], true)]
                          .filter((v) => v !== null && v !== undefined)
                          .join(' · '),
                }),
              ),
              replayOf
                ? h(
                    'td',
                    { class: 'replay-col' },
                    h('a', {
                      href: replayOf(d.number),
                      target: '_blank',
                      rel: 'noopener',
                      'data-replay': d.number,
                      text: t('protocol.replay_deal', { n: d.number }),
                    }),
                  )
                : null,
            ),
          ),
        ),
      ),
    ),
  );
}

// ---- downloads -----------------------------------------------------------------------------

export function replayUrl(code, match, deal) {
  return `/r/${encodeURIComponent(code)}/matches/${match}/deals/${deal}`;
}

function matchUrl(code, number) {
  return `/api/rooms/${encodeURIComponent(code)}/matches/${number}`;
}

// The record of a running match is cut to what this browser's seat may see. The seat's secret
// goes in a header, never in a URL (URLs end up in logs and histories), so the record cannot be
// a plain link: it is fetched here and handed over as a file.
async function downloadRecord(code, number, secret, button) {
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  try {
    const response = await fetch(`${matchUrl(code, number)}/record`, {
      headers: secret ? { 'X-Seat-Secret': secret } : {},
      cache: 'no-store',
    });
    if (!response.ok) throw new Error(`record: HTTP ${response.status}`);
    const record = await response.json();
    const blob = new Blob([`${JSON.stringify(record, null, 2)}\n`], { type: 'application/json' });
    const href = URL.createObjectURL(blob);
    const link = h('a', { href, download: `kortbord-${code}-match-${number}.json`, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    // The browser has taken the file by then; keep the blob a little longer for slow ones.
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  } catch {
    toast(t('protocol.record_failed'), 'error');
  } finally {
    button.disabled = false;
    button.removeAttribute('aria-busy');
  }
}

export function downloads(code, number, status, getSecret) {
  const partial = status === 'playing';
  return h(
    'div',
    { class: 'downloads' },
    h(
      'div',
      { class: 'download-buttons' },
      h('a', {
        class: 'btn small',
        href: `${matchUrl(code, number)}/protocol.csv`,
        download: `kortbord-${code}-match-${number}.csv`,
        'data-download': 'csv',
        text: t('protocol.download_csv'),
      }),
      h('button', {
        type: 'button',
        class: 'btn small',
        'data-download': 'record',
        text: t('protocol.download_record'),
        onclick: (event) => downloadRecord(code, number, getSecret(), event.currentTarget),
      }),
    ),
    partial ? h('p', { class: 'muted download-note', text: t('protocol.record_partial') }) : null,
  );
}

// ---- the running match ---------------------------------------------------------------------

export function matchStatusText(status) {
  return t(`history.status.${status}`);
}

function renderKey(ctx) {
  const { room, view } = ctx;
  return JSON.stringify([
    currentLanguage(),
    room.match_number,
    room.status,
    ctx.seat,
    view.scoresheet.deals.length,
    // a deal corrected on paper changes its line, not their number
    view.scoresheet.deals.at(-1) ?? null,
    view.winners,
    room.seats.map((s) => seatName(room, s.seat)),
  ]);
}

// Re-rendered on every state while the dialog is open, yet built anew only when the sheet
// changed: a card played elsewhere must not close the deal list or steal the focus.
export function renderProtocol(body, ctx, { getSecret, force = false }) {
  if (!ctx.view || !ctx.room?.match_number) {
    delete body.dataset.key;
    replace(body, h('p', { class: 'muted', text: t('protocol.no_match') }));
    return;
  }
  const key = renderKey(ctx);
  if (!force && body.dataset.key === key) return;
  body.dataset.key = key;
  const { room, view } = ctx;
  const sheet = view.scoresheet;
  const nameOf = (seat) => seatName(room, seat);
  const standing = standingOf(sheet, room.status, view.winners);
  const dealsOpen = body.querySelector('.deal-list')?.open ?? false;
  keepFocus(body, 'data-download', () =>
    replace(
      body,
      h(
        'div',
        { class: 'match-head' },
        h(
          'h3',
          { id: 'current-match-title' },
          t('history.match', { n: room.match_number }),
          ' ',
          h('span', { class: `badge badge-status status-${room.status}`, text: matchStatusText(room.status) }),
        ),
        downloads(ctx.code, room.match_number, room.status, getSecret),
      ),
      sheetTable(sheet, nameOf, { id: 'protocol-table', standing, me: ctx.seat }),
      standing
        ? h('p', { class: 'standing', id: 'current-standing', text: standingText(standing, nameOf) })
        : null,
      room.status === 'ended' && standing ? h('p', { class: 'muted', text: t('end.leaders_note') }) : null,
      h('h3', { text: t('protocol.chart') }),
      totalsChart(sheet, nameOf),
      dealList(sheet, nameOf, dealsOpen, room.paper ? null : (n) => replayUrl(ctx.code, room.match_number, n)),
    ),
  );
}
