// Cards drawn as SVG from their two-character codes ("QS", "TH"), so they stay sharp at any
// size and need no image files. Colours come from CSS (two- or four-colour deck).

import { t } from './i18n.js';

const NS = 'http://www.w3.org/2000/svg';
export const SUITS = ['S', 'H', 'D', 'C'];
const RANK_TEXT = { T: '10' };

// Clubs are three leaves and a stem; each leaf is a circle drawn as two arcs.
const circle = (cx, cy, r) =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;

// Suit outlines in a 100x100 box.
const SUIT_PATHS = {
  S: 'M50 3C63 22 97 40 97 62C97 78 85 88 71 88C62 88 56 84 53 79C54 88 58 94 65 98H35C42 94 46 88 47 79C44 84 38 88 29 88C15 88 3 78 3 62C3 40 37 22 50 3Z',
  H: 'M50 95C37 80 3 60 3 31C3 15 15 5 29 5C39 5 46 11 50 20C54 11 61 5 71 5C85 5 97 15 97 31C97 60 63 80 50 95Z',
  D: 'M50 2L89 50L50 98L11 50Z',
  C:
    circle(50, 27, 22) +
    circle(25, 59, 22) +
    circle(75, 59, 22) +
    circle(50, 50, 12) +
    'M45 56C45 78 40 90 31 98H69C60 90 55 78 55 56Z',
};

// Pip positions for 2..10 as [column 0..1, row 0..1] inside the pip area.
const PIPS = {
  2: [[0.5, 0], [0.5, 1]],
  3: [[0.5, 0], [0.5, 0.5], [0.5, 1]],
  4: [[0, 0], [1, 0], [0, 1], [1, 1]],
  5: [[0, 0], [1, 0], [0.5, 0.5], [0, 1], [1, 1]],
  6: [[0, 0], [1, 0], [0, 0.5], [1, 0.5], [0, 1], [1, 1]],
  7: [[0, 0], [1, 0], [0.5, 0.25], [0, 0.5], [1, 0.5], [0, 1], [1, 1]],
  8: [[0, 0], [1, 0], [0.5, 0.25], [0, 0.5], [1, 0.5], [0.5, 0.75], [0, 1], [1, 1]],
  9: [[0, 0], [1, 0], [0, 1 / 3], [1, 1 / 3], [0.5, 0.5], [0, 2 / 3], [1, 2 / 3], [0, 1], [1, 1]],
  10: [
    [0, 0], [1, 0], [0.5, 1 / 6], [0, 1 / 3], [1, 1 / 3],
    [0, 2 / 3], [1, 2 / 3], [0.5, 5 / 6], [0, 1], [1, 1],
  ],
};
const RANK_VALUE = { A: 14, K: 13, Q: 12, J: 11, T: 10 };

export const rankOf = (card) => card[0];
export const suitOf = (card) => card[1];
const rankValue = (r) => RANK_VALUE[r] ?? Number(r);

function svgEl(tag, attrs = {}) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

function suitShape(suit, x, y, size, flip = false) {
  const s = size / 100;
  const transform = flip
    ? `translate(${x + size / 2} ${y + size / 2}) rotate(180) translate(${-size / 2} ${-size / 2}) scale(${s})`
    : `translate(${x} ${y}) scale(${s})`;
  return svgEl('path', { d: SUIT_PATHS[suit], transform });
}

// A small inline suit symbol for text (trump badges, protocol cells).
export function suitIcon(suit, label = null) {
  const svg = svgEl('svg', { viewBox: '0 0 100 100', class: `suit-icon suit-${suit}` });
  svg.append(svgEl('path', { d: SUIT_PATHS[suit] }));
  if (label) {
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', label);
  } else {
    svg.setAttribute('aria-hidden', 'true');
  }
  svg.setAttribute('focusable', 'false');
  return svg;
}

// One card face (or back) in a 60x84 box.
export function cardSvg(card) {
  const svg = svgEl('svg', {
    viewBox: '0 0 60 84',
    class: card ? `card-face suit-${suitOf(card)}` : 'card-back',
    'aria-hidden': 'true',
    focusable: 'false',
  });
  svg.append(svgEl('rect', { class: 'card-bg', x: 0.5, y: 0.5, width: 59, height: 83, rx: 4.5 }));
  if (!card) {
    svg.append(svgEl('rect', { class: 'back-pattern', x: 4, y: 4, width: 52, height: 76, rx: 3 }));
    svg.append(svgEl('path', { class: 'back-mark', d: 'M30 30L40 42L30 54L20 42Z' }));
    return svg;
  }
  const rank = rankOf(card);
  const suit = suitOf(card);
  const text = RANK_TEXT[rank] ?? rank;
  const index = (flip) => {
    const g = svgEl('g', flip ? { transform: 'rotate(180 30 42)' } : {});
    const wide = text.length > 1;
    const label = svgEl('text', {
      x: 8,
      y: 14.5,
      'text-anchor': 'middle',
      class: 'card-rank',
      'font-size': wide ? 12.5 : 14,
      // "10" is squeezed to the width of one letter so the index column stays narrow
      ...(wide ? { textLength: 12, lengthAdjust: 'spacingAndGlyphs' } : {}),
    });
    label.textContent = text;
    g.append(label, suitShape(suit, 3.5, 17.5, 9));
    return g;
  };
  svg.append(index(false), index(true));
  if (rank === 'A') {
    svg.append(suitShape(suit, 15, 27, 30));
  } else if ('KQJ'.includes(rank)) {
    svg.append(svgEl('rect', { class: 'face-frame', x: 15, y: 13, width: 30, height: 58, rx: 3 }));
    const letter = svgEl('text', {
      x: 30,
      y: 44,
      'text-anchor': 'middle',
      class: 'card-rank face-letter',
      'font-size': 22,
    });
    letter.textContent = rank;
    svg.append(letter, suitShape(suit, 23.5, 48, 13));
  } else {
    const n = rankValue(rank);
    const [x0, x1, y0, y1, size] = [22, 41, 13, 71, 9.5];
    for (const [cx, cy] of PIPS[n]) {
      const x = x0 + cx * (x1 - x0) - size / 2;
      const y = y0 + cy * (y1 - y0) - size / 2;
      svg.append(suitShape(suit, x, y, size, cy > 0.5));
    }
  }
  return svg;
}

export function cardName(card) {
  return t('card.name', { rank: t(`rank.${rankOf(card)}`), suit: t(`suit.of.${suitOf(card)}`) });
}

// The display order of a hand (hand positions, permuted): trumps first, then the other suits
// alternating colours; within a suit by `ranks` (high to low) when given, else in the
// server's order. Presentation only: what may be played is the server's legal list.
const SUIT_ORDER = {
  S: ['S', 'H', 'C', 'D'],
  H: ['H', 'S', 'D', 'C'],
  D: ['D', 'S', 'H', 'C'],
  C: ['C', 'H', 'S', 'D'],
};

export function arrangeByTrump(hand, trump, ranks = null) {
  const order = SUIT_ORDER[trump] ?? SUIT_ORDER.S;
  const rank = (code) => (ranks ? ranks.indexOf(code[0]) : 0);
  return hand
    .map((code, position) => ({ code, position }))
    .sort(
      (a, b) =>
        order.indexOf(suitOf(a.code)) - order.indexOf(suitOf(b.code)) ||
        rank(a.code) - rank(b.code) ||
        a.position - b.position,
    )
    .map((item) => item.position);
}
