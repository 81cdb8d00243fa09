// The Swedish protocol as the server derives it: one row per player, an X per contract
// played, the running totals, and a small chart of each player's total over the deals.

import { h, replace } from './dom.js';
import { suitIcon } from './cards.js';
import { formatNumber, t } from './i18n.js';
import { seatName } from './model.js';

const NS = 'http://www.w3.org/2000/svg';
const MARKERS = ['circle', 'square', 'triangle', 'diamond'];

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
  return svg('path', { d: `M${x} ${y - 4}L${x + 4} ${y}L${x} ${y + 4}L${x - 4} ${y}Z`, class: cls });
}

export function totalsChart(ctx) {
  const protocol = ctx.view.protocol;
  const seats = ctx.room.size;
  const deals = protocol.deals;
  if (!deals.length) return h('p', { class: 'muted', text: t('protocol.no_deals') });
  const series = [...Array(seats).keys()].map((s) => [0, ...deals.map((d) => d.totals[s])]);
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
  const chart = svg('svg', {
    viewBox: `0 0 ${W} ${H}`,
    class: 'totals-chart',
    role: 'img',
    'aria-labelledby': 'chart-title',
  });
  chart.append(svg('title', { id: 'chart-title' }, t('protocol.chart_label', { n: deals.length })));
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
  series.forEach((points, seat) => {
    const d = points.map((v, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)} ${y(v).toFixed(1)}`).join('');
    chart.append(svg('path', { d, class: `line p${seat}` }));
    points.forEach((v, i) => {
      if (i > 0) chart.append(marker(MARKERS[seat], x(i), y(v), seat));
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
        `${seatName(ctx.room, seat)} ${formatNumber(points.at(-1), true)}`,
      ),
    ),
  );
  return h('figure', { class: 'chart' }, chart, h('figcaption', {}, legend));
}

function cell(value, contract) {
  if (!value) return h('td', { class: 'cell empty' }, h('span', { class: 'visually-hidden', text: t('protocol.open_cell') }));
  return h(
    'td',
    { class: 'cell marked', title: t('protocol.cell_title', { n: value.deal }) },
    h('span', { class: 'x', text: 'X' }),
    h(
      'span',
      { class: 'cell-detail' },
      `${value.deal}`,
      // Only Valfri names its trump; Spader's is in its name.
      contract === 'valfri' && value.trump ? suitIcon(value.trump, t(`suit.name.${value.trump}`)) : null,
      ` ${formatNumber(value.score, true)}`,
    ),
  );
}

function sheet(ctx) {
  const { protocol } = ctx.view;
  return h(
    'div',
    { class: 'table-scroll' },
    h(
      'table',
      { class: 'protocol', id: 'protocol-table' },
      h('caption', { class: 'visually-hidden', text: t('protocol.title') }),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col', text: t('scores.player') }),
          protocol.columns.map((c) => h('th', { scope: 'col', text: t(`contract.${c}`) })),
          h('th', { scope: 'col', text: t('protocol.running') }),
          h('th', { scope: 'col', class: 'num', text: t('scores.total') }),
        ),
      ),
      h(
        'tbody',
        {},
        protocol.rows.map((row) =>
          h(
            'tr',
            { 'data-seat': row.seat },
            h('th', { scope: 'row', text: seatName(ctx.room, row.seat) }),
            protocol.columns.map((c) => cell(row.cells[c], c)),
            h(
              'td',
              {},
              h(
                'div',
                { class: 'running' },
                row.running.map((v) => h('span', { text: v === null ? '–' : formatNumber(v, true) })),
              ),
            ),
            h('td', { class: 'num total', text: formatNumber(row.total, true) }),
          ),
        ),
      ),
    ),
  );
}

function dealList(ctx) {
  const { deals } = ctx.view.protocol;
  if (!deals.length) return null;
  const seats = [...Array(ctx.room.size).keys()];
  return h(
    'details',
    { class: 'deal-list' },
    h('summary', { text: t('protocol.by_deal') }),
    h(
      'div',
      { class: 'table-scroll' },
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
            h('th', { scope: 'col', text: t('protocol.contract') }),
            seats.map((s) => h('th', { scope: 'col', class: 'num', text: seatName(ctx.room, s) })),
          ),
        ),
        h(
          'tbody',
          {},
          deals.map((d) =>
            h(
              'tr',
              {},
              h('th', { scope: 'row', text: String(d.number) }),
              h(
                'td',
                {},
                `${seatName(ctx.room, d.forehand)}: ${t(`contract.${d.contract}`)} `,
                d.trump && d.contract === 'valfri' ? suitIcon(d.trump, t(`suit.name.${d.trump}`)) : null,
              ),
              seats.map((s) =>
                h('td', {
                  class: 'num',
                  text:
                    d.tricks[s] === null
                      ? '–'
                      : `${d.tricks[s]} · ${formatNumber(d.scores[s], true)}`,
                }),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

export function renderProtocol(body, ctx) {
  if (!ctx.view) {
    replace(body, h('p', { class: 'muted', text: t('protocol.no_match') }));
    return;
  }
  replace(body, sheet(ctx), h('h3', { text: t('protocol.chart') }), totalsChart(ctx), dealList(ctx));
}
