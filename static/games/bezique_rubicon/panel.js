// Rubicon bezique's part of the table (static/js/panel.js describes the hooks), and the frame
// Chinese bezique builds on: the stock as a pile with its count, gone in the last tricks; the
// trumps, or none yet; each player's table of declared cards lying face up, the viewer's own
// to be played from or built with; pending declarations, declarations scored and carte
// blanche per seat; the opponent's hand as backs with the cards the table has seen; and, after
// winning a trick, the choice to declare or draw.
//
// Declaring: the server lists every declaration the seat may score now, each with its value
// (`legal.declarations`). The player picks one from the list, or taps cards in the hand and on
// the table; the panel looks the chosen cards up in that list and shows the kind and value
// before the last tap. A listed declaration chosen with further hand cards is sent with them
// as extras (`+…`), for a declaration left pending; the server judges it. The browser works
// out no score: every figure shown is the server's.

import { h } from '../../js/dom.js';
import { cardName, cardSvg, suitIcon, suitOf } from '../../js/cards.js';
import { formatNumber, t } from '../../js/i18n.js';
import { isMyTurn, legalOf, seatName } from '../../js/model.js';
import { prefs } from '../../js/prefs.js';
import { otherHand, seatStat } from '../../js/table.js';
import { totalsAfter } from '../../js/dialogs.js';

export const stylesheet = new URL('./panel.css', import.meta.url).href;

const RANKS = 'ATKQJ987';
const SAME_SUIT = new Set(['marriage', 'sequence']);
// Declarations and carte blanche shown at a seat; the side's log lists them all.
const AT_SEAT = 3;
// Declarations with extra cards offered for one choice of cards, beside the exact ones.
const MAX_FOUND = 4;

const nameOf = (ctx, seat) => seatName(ctx.room, seat);
const suitWord = (suit) => t(`suit.name.${suit}`);

// ---- what the panel keeps between drawings ------------------------------------------------

// The table cards chosen for a declaration, and a table card a first tap on a touch screen
// lifted to be played: both belong to one moment of one deal and are forgotten after it.
const local = { moment: null, table: new Set(), lifted: null };

// The page's `ui` is one object for the life of the page; the seats are drawn by a hook that
// is not handed it (seatExtra), so their table cards use the one the other hooks were given.
let pageUi = null;

// How the last press came, as the core reads it for the hand: a finger lifts a table card
// first, a mouse plays it at once.
let lastPointer = 'mouse';
document.addEventListener('pointerdown', (event) => (lastPointer = event.pointerType || 'mouse'), true);

function keep(ctx) {
  const deal = ctx.view?.deal;
  const key = deal
    ? JSON.stringify([ctx.room?.match_number, deal.number, deal.actions.length, ctx.view.phase, ctx.seat])
    : null;
  if (local.moment !== key) Object.assign(local, { moment: key, table: new Set(), lifted: null });
}

// ---- words for a declaration --------------------------------------------------------------

const kindWord = (kind) => t(`kind.${kind}`);

// The suit a marriage or sequence is in; a four of trumps is named by its kind alone.
function declarationSuit(kind, cards) {
  return SAME_SUIT.has(kind) && cards.length ? suitOf(cards[0]) : null;
}

export function declarationText(kind, cards) {
  const suit = declarationSuit(kind, cards);
  return suit ? `${kindWord(kind)} (${suitWord(suit)})` : kindWord(kind);
}

export function declarationName(kind, cards) {
  const suit = declarationSuit(kind, cards);
  return h(
    'span',
    { class: 'bz-kind' },
    kindWord(kind),
    suit ? [' ', suitIcon(suit, suitWord(suit))] : null,
  );
}

function fixesTrump(suit) {
  if (!suit) return null;
  return h(
    'span',
    { class: 'bz-fixes', 'data-fixes': suit },
    t('declare.fixes'),
    ' ',
    suitIcon(suit, suitWord(suit)),
  );
}

function miniCards(cards, className = '') {
  return h(
    'span',
    { class: `bz-mini ${className}`.trim(), role: 'img', 'aria-label': cards.map(cardName).join(', ') },
    cards.map((code) => h('span', { class: 'card', 'data-card': code, 'aria-hidden': 'true' }, cardSvg(code))),
  );
}

// ---- the middle -----------------------------------------------------------------------------

export function trumpPill(deal) {
  const trump = deal.trump;
  return h(
    'span',
    { class: `label-pill trump-label${trump ? '' : ' none'}`, 'data-trump': trump ?? '' },
    trump
      ? [h('span', { text: t('trump.label') }), ' ', suitIcon(trump, suitWord(trump))]
      : h('span', { text: t('trump.none') }),
  );
}

export function dealLabel(ctx) {
  return [trumpPill(ctx.view.deal)];
}

// The stock: a face-down pile with its count while it lasts; once it is gone, the last tricks
// are played, and the place says what they ask.
function stockPile(ctx) {
  const deal = ctx.view.deal;
  if (deal.endgame || !deal.stock) {
    return h(
      'div',
      { class: 'bz-stock gone', id: 'stock', 'data-count': 0, role: 'group', 'aria-label': t('stock.gone') },
      h('div', { class: 'bz-stock-empty', 'aria-hidden': 'true' }),
      h('p', { class: 'bz-stock-caption', text: t('stock.gone') }),
    );
  }
  const words = t('stock.count', { n: deal.stock });
  return h(
    'div',
    { class: 'bz-stock', id: 'stock', 'data-count': deal.stock, role: 'group', 'aria-label': words },
    h(
      'div',
      { class: 'bz-pile', 'aria-hidden': 'true' },
      deal.stock > 1 ? h('div', { class: 'card under' }, cardSvg(null)) : null,
      h('div', { class: 'card' }, cardSvg(null)),
      h('span', { class: 'bz-stock-count', text: String(deal.stock) }),
    ),
    h('p', { class: 'bz-stock-caption', text: words }),
  );
}

export function centre(ctx, ui) {
  pageUi = ui;
  keep(ctx);
  return { beside: stockPile(ctx) };
}

// ---- seats ----------------------------------------------------------------------------------

export function badges(ctx, seat) {
  const deal = ctx.view.deal;
  if (!deal.blank?.[seat]) return [];
  return [{ kind: 'blank', long: t('badge.blank'), short: t('badge.blank_short') }];
}

export function seatStats(ctx, seat) {
  const deal = ctx.view.deal;
  const stats = [
    seatStat('points', t('seat.points'), String(deal.points[seat]), { 'data-points': deal.points[seat] }),
    seatStat('tricks', t('seat.tricks'), String(deal.tricks_won[seat]), { 'data-tricks': deal.tricks_won[seat] }),
  ];
  if (Array.isArray(deal.brisques)) {
    stats.push(
      seatStat('brisques', t('seat.brisques'), String(deal.brisques[seat]), {
        'data-brisques': deal.brisques[seat],
        title: t('seat.brisques_title'),
      }),
    );
  }
  return stats;
}

// The `play:` actions of table cards the seat may play now, by table position.
function tablePlays(ctx) {
  const out = new Map();
  const legal = legalOf(ctx, 'play');
  for (const action of legal?.actions ?? []) {
    const at = action.indexOf('@');
    if (action.startsWith('play:') && at > 0) out.set(Number(action.slice(at + 1)), action);
  }
  return out;
}

function building(ctx) {
  return Boolean(legalOf(ctx, 'declare')?.declarations?.length);
}

function tapTableCard(ctx, position, action) {
  const ui = pageUi;
  if (!ui || ctx.pending) return;
  if (building(ctx)) {
    if (local.table.has(position)) local.table.delete(position);
    else local.table.add(position);
    ui.render();
    return;
  }
  if (!action) return;
  if (lastPointer === 'touch' && !prefs.oneTap && local.lifted !== position) {
    local.lifted = position;
    ui.render();
    return;
  }
  local.lifted = null;
  ui.act(action);
}

// A seat's table: the cards it declared, face up by position. The viewer's own may be played
// from (a `play:XX@n` listed) or chosen for a declaration.
function tableRow(ctx, seat) {
  const deal = ctx.view.deal;
  const cards = deal.tables?.[seat] ?? [];
  if (!cards.length) return null;
  const mine = seat === ctx.seat;
  const choosing = mine && building(ctx);
  const plays = mine ? tablePlays(ctx) : new Map();
  const pendingAt = new Set((deal.pending?.[seat] ?? []).flatMap((p) => p.positions));
  const label = t('table.of', { n: cards.length, name: nameOf(ctx, seat) });
  return h(
    'div',
    {
      class: `bz-table${mine ? ' mine' : ''}`,
      role: 'group',
      'aria-label': label,
      'data-seat': seat,
      'data-count': cards.length,
    },
    cards.map((code, position) => {
      const classes = ['card', 'bz-table-card', pendingAt.has(position) ? 'in-pending' : ''];
      const attrs = { 'data-card': code, 'data-position': position };
      const action = plays.get(position) ?? null;
      if (!choosing && !action) {
        return h(
          'div',
          { ...attrs, class: classes.filter(Boolean).join(' '), role: 'img', 'aria-label': cardName(code) },
          cardSvg(code),
        );
      }
      const chosen = choosing && local.table.has(position);
      const lifted = !choosing && local.lifted === position;
      classes.push('bz-tap', chosen ? 'chosen' : '', lifted ? 'lifted' : '');
      return h(
        'button',
        {
          ...attrs,
          type: 'button',
          class: classes.filter(Boolean).join(' '),
          'data-playable': action ? 'true' : 'false',
          'data-action-text': action,
          'aria-label': t(choosing ? 'table.choose' : 'table.play', { card: cardName(code) }),
          'aria-pressed': choosing ? (chosen ? 'true' : 'false') : null,
          disabled: Boolean(ctx.pending),
          onclick: () => tapTableCard(ctx, position, action),
        },
        cardSvg(code),
      );
    }),
  );
}

function pendingList(ctx, seat) {
  const pending = ctx.view.deal.pending?.[seat] ?? [];
  if (!pending.length) return null;
  return h(
    'p',
    { class: 'bz-pending', 'data-seat': seat },
    h('span', { class: 'bz-pending-label', text: t('pending.title') }),
    ' ',
    pending.map((p, i) => [
      i ? ', ' : '',
      h(
        'span',
        { class: 'bz-pending-item', 'data-kind': p.kind, 'data-cards': p.cards.join(','), title: p.cards.map(cardName).join(', ') },
        declarationName(p.kind, p.cards),
      ),
    ]),
  );
}

// What a seat has scored this deal, in order: declarations and carte blanche shown.
function scoredEvents(deal, seat = null) {
  const events = [
    ...(deal.carte_blanche ?? []).map((c) => ({ ...c, kind: 'carte_blanche', fixes_trump: null })),
    ...(deal.declarations ?? []),
  ];
  return events.filter((e) => seat === null || e.seat === seat).sort((a, b) => a.after - b.after);
}

function eventName(event) {
  return event.kind === 'carte_blanche'
    ? h('span', { class: 'bz-kind', text: t('log.carte_blanche') })
    : declarationName(event.kind, event.cards);
}

function eventText(event) {
  return event.kind === 'carte_blanche' ? t('log.carte_blanche') : declarationText(event.kind, event.cards);
}

function scoredChips(ctx, seat) {
  const events = scoredEvents(ctx.view.deal, seat);
  if (!events.length) return null;
  const shown = events.slice(-AT_SEAT);
  const earlier = events.length - shown.length;
  return h(
    'ul',
    { class: 'bz-scored', 'aria-label': t('log.seat', { name: nameOf(ctx, seat) }), 'data-count': events.length },
    earlier ? h('li', { class: 'bz-chip more', text: t('log.earlier', { n: earlier }) }) : null,
    shown.map((e) =>
      h(
        'li',
        {
          class: `bz-chip${e.kind === 'carte_blanche' ? ' blank' : ''}`,
          'data-kind': e.kind,
          'data-points': e.points,
          'data-cards': e.cards.join(','),
          title: `${eventText(e)}: ${e.cards.map(cardName).join(', ')}`,
        },
        eventName(e),
        ' ',
        h('strong', { text: String(e.points) }),
        e.fixes_trump ? h('span', { class: 'visually-hidden', text: ` ${t('declare.fixes')} ${suitWord(e.fixes_trump)}` }) : null,
      ),
    ),
  );
}

export function seatExtra(ctx, seat) {
  keep(ctx);
  const parts = [
    seat === ctx.seat ? null : otherHand(ctx, seat, 'bz-other-hand'),
    tableRow(ctx, seat),
    pendingList(ctx, seat),
    scoredChips(ctx, seat),
  ].filter(Boolean);
  return parts.length ? h('div', { class: 'bz-seat-extra', 'data-seat': seat }, parts) : null;
}

// ---- the side: the deal's declarations ------------------------------------------------------

export function sideSections(ctx) {
  const deal = ctx.view.deal;
  if (!deal) return null;
  const events = scoredEvents(deal);
  if (!events.length) return null;
  return h(
    'section',
    { class: 'side-section bz-log', id: 'bz-log', 'aria-labelledby': 'bz-log-title' },
    h('div', { class: 'section-head' }, h('h2', { id: 'bz-log-title', text: t('log.title') })),
    h(
      'ol',
      { class: 'bz-log-list' },
      events.map((e) =>
        h(
          'li',
          { 'data-seat': e.seat, 'data-kind': e.kind, 'data-points': e.points },
          h('span', { class: 'bz-log-seat', text: nameOf(ctx, e.seat) }),
          h('span', { class: 'bz-log-what' }, eventName(e), e.fixes_trump ? [' ', fixesTrump(e.fixes_trump)] : null),
          miniCards(e.cards, 'bz-log-cards'),
          h('strong', { class: 'bz-log-points', text: String(e.points) }),
        ),
      ),
    ),
  );
}

// ---- the hand -------------------------------------------------------------------------------

// The hand is ordered by the core (the player's setting `sort`): its ranks high to low, and
// where the view keeps the trump suit.
export const handRanks = RANKS;

export function trumpSuit(ctx) {
  return ctx.view.deal.trump ?? null;
}

// A card of the viewer's hand the other player has seen (carte blanche shown).
export function cardNote(ctx, position, code) {
  const seen = ctx.view.deal.known?.[ctx.seat] ?? [];
  return seen.includes(code) ? { className: 'shown', label: t('hand.shown') } : null;
}

// The hand's cards a tap plays: `play:XX`, never a table card's `play:XX@n`.
export function playable(ctx) {
  const legal = legalOf(ctx, 'play');
  return new Set(
    (legal?.actions ?? []).filter((a) => a.startsWith('play:') && !a.includes('@')).map((a) => a.slice(5)),
  );
}

// After a trick won with something to declare, the hand's cards are chosen for a declaration.
export function choice(ctx) {
  if (!building(ctx)) return null;
  const hand = ctx.view.deal.hand ?? [];
  return { kind: 'declare', count: hand.length, from: hand };
}

export function whyNot(ctx) {
  if (ctx.view.phase === 'declare') return t('why.declare');
  if (ctx.view.deal.endgame) return t('why.endgame');
  return null;
}

export function status(ctx) {
  const { view } = ctx;
  const deal = view.deal;
  if (!deal || view.to_act === null || view.to_act === undefined) return null;
  if (view.phase === 'declare') {
    return isMyTurn(ctx) ? t('status.you.declare') : t('status.them.declare', { name: nameOf(ctx, view.to_act) });
  }
  if (!isMyTurn(ctx)) return null;
  if (deal.endgame) return deal.trick.length ? t('status.you.follow') : t('status.you.lead');
  if (deal.trick.length) return null;
  return t(deal.tables?.[ctx.seat]?.length ? 'status.you.lead_table' : 'status.you.lead');
}

// ---- declaring ------------------------------------------------------------------------------

function counts(codes) {
  const out = new Map();
  for (const code of codes) out.set(code, (out.get(code) ?? 0) + 1);
  return out;
}

function sameCodes(a, b) {
  if (a.length !== b.length) return false;
  const left = counts(a);
  for (const code of b) {
    const n = left.get(code) ?? 0;
    if (!n) return false;
    left.set(code, n - 1);
  }
  return true;
}

// `big` less `small`, copy for copy; null when `big` does not hold all of `small`.
function without(big, small) {
  const left = counts(small);
  const rest = [];
  for (const code of big) {
    const n = left.get(code) ?? 0;
    if (n) left.set(code, n - 1);
    else rest.push(code);
  }
  return [...left.values()].some((n) => n > 0) ? null : rest;
}

// The cards chosen: hand codes by the core's selection, table cards by position.
function chosenCards(ctx, ui) {
  const deal = ctx.view.deal;
  const hand = deal.hand ?? [];
  const table = deal.tables?.[ctx.seat] ?? [];
  return {
    hand: [...ui.selection()].sort((a, b) => a - b).map((p) => hand[p]).filter(Boolean),
    table: [...local.table].filter((p) => p < table.length).sort((a, b) => a - b).map((p) => ({ code: table[p], position: p })),
  };
}

const handPart = (d) => d.cards.filter((_, i) => d.positions[i] === null);
const tablePart = (d) =>
  d.cards.map((code, i) => ({ code, position: d.positions[i] })).filter((c) => c.position !== null);

// The listed declarations the chosen cards make: the same codes from the hand and from the
// table (other table copies of those codes than the listed ones are sent as chosen, for the
// server to judge), or a listed declaration with hand cards to spare, sent as its extras.
function found(listed, chosen) {
  if (!chosen.hand.length && !chosen.table.length) return [];
  const chosenTable = chosen.table.map((c) => c.code);
  const exact = [];
  const more = [];
  for (const d of listed) {
    const table = tablePart(d);
    if (!sameCodes(table.map((c) => c.code), chosenTable)) continue;
    const extra = without(chosen.hand, handPart(d));
    if (extra === null) continue;
    // Extras come from the hand beside a new lay-out; a pending declaration takes none.
    if (extra.length && !handPart(d).length) continue;
    const samePlaces = table.every((c) => chosen.table.some((x) => x.position === c.position));
    const base = samePlaces
      ? d.action
      : `declare:${d.kind}:${[...handPart(d), ...chosen.table.map((c) => `${c.code}@${c.position}`)].join(',')}`;
    const action = extra.length ? `${base}+${extra.join(',')}` : base;
    (extra.length ? more : exact).push({ declaration: d, action, extra });
  }
  return [...exact, ...more.slice(0, MAX_FOUND)];
}

// Choose exactly a listed declaration's cards: the first hand copies of its codes and its
// table positions.
function chooseListed(ctx, d, ui) {
  const hand = ctx.view.deal.hand ?? [];
  const wanted = counts(handPart(d));
  const positions = new Set();
  hand.forEach((code, p) => {
    const n = wanted.get(code) ?? 0;
    if (n) {
      positions.add(p);
      wanted.set(code, n - 1);
    }
  });
  local.table = new Set(tablePart(d).map((c) => c.position));
  const current = new Set(ui.selection());
  for (const p of current) if (!positions.has(p)) ui.toggle(p);
  for (const p of positions) if (!current.has(p)) ui.toggle(p);
  ui.render();
}

function clearChoice(ui) {
  local.table = new Set();
  for (const p of ui.selection()) ui.toggle(p);
  ui.render();
}

function isPending(ctx, d) {
  return (ctx.view.deal.pending?.[ctx.seat] ?? []).some((p) => p.action === d.action);
}

function listedButton(ctx, d, chosen, ui) {
  const pending = isPending(ctx, d);
  const picked =
    sameCodes(handPart(d), chosen.hand) &&
    chosen.table.length === tablePart(d).length &&
    tablePart(d).every((c) => chosen.table.some((x) => x.position === c.position));
  const words = `${declarationText(d.kind, d.cards)}: ${d.points}`;
  return h(
    'button',
    {
      type: 'button',
      class: `btn small bz-offer${pending ? ' pending' : ''}${picked ? ' picked' : ''}`,
      'data-declaration': d.action,
      'data-kind': d.kind,
      'data-points': d.points,
      'aria-pressed': picked ? 'true' : 'false',
      'aria-label': pending ? `${words} (${t('declare.pending')})` : words,
      title: d.cards.map(cardName).join(', '),
      disabled: Boolean(ctx.pending),
      onclick: () => chooseListed(ctx, d, ui),
    },
    declarationName(d.kind, d.cards),
    ' ',
    h('strong', { class: 'bz-points', text: String(d.points) }),
    pending ? h('span', { class: 'bz-tag', text: t('declare.pending') }) : null,
  );
}

function foundRow(ctx, item, ui) {
  const d = item.declaration;
  const words = `${declarationText(d.kind, d.cards)}: ${d.points}`;
  return h(
    'div',
    { class: 'bz-found', 'data-kind': d.kind, 'data-points': d.points },
    h(
      'p',
      { class: 'bz-found-what' },
      declarationName(d.kind, d.cards),
      ' — ',
      h('strong', { class: 'bz-value', text: t('declare.value', { n: d.points }) }),
      d.fixes_trump ? [' · ', fixesTrump(d.fixes_trump)] : null,
      item.extra.length
        ? h('span', { class: 'bz-extra', text: t('declare.extra', { cards: item.extra.map(cardName).join(', ') }) })
        : null,
    ),
    h('button', {
      type: 'button',
      class: 'btn primary bz-go',
      'data-action': item.action,
      'data-turn-focus': '',
      'aria-label': t('declare.go_label', { what: words }),
      disabled: Boolean(ctx.pending),
      text: t('declare.go'),
      onclick: () => ui.act(item.action),
    }),
  );
}

function builder(ctx, listed, chosen, ui) {
  const any = chosen.hand.length + chosen.table.length;
  if (!any) return h('p', { class: 'bz-hint', id: 'declare-hint', text: t('declare.hint') });
  const items = found(listed, chosen);
  return h(
    'div',
    { class: 'bz-builder', id: 'declare-builder', 'data-chosen': any, 'aria-live': 'polite' },
    items.length
      ? items.map((item) => foundRow(ctx, item, ui))
      : h('p', { class: 'bz-hint none', id: 'declare-none', text: t('declare.no_match') }),
  );
}

function declareBar(ctx, legal, ui) {
  const listed = legal.declarations ?? [];
  const chosen = chosenCards(ctx, ui);
  const nothing = chosen.hand.length + chosen.table.length === 0;
  return h(
    'div',
    { class: 'bz-declare', id: 'declare-bar', role: 'group', 'aria-labelledby': 'declare-title', 'data-listed': listed.length },
    // With declarations listed, the status line has said it: the title is for screen readers.
    h('p', {
      class: `bz-declare-title${listed.length ? ' visually-hidden' : ''}`,
      id: 'declare-title',
      text: t(listed.length ? 'declare.title' : 'declare.nothing'),
    }),
    listed.length
      ? h('div', { class: 'bz-offers', id: 'declare-list' }, listed.map((d) => listedButton(ctx, d, chosen, ui)))
      : null,
    listed.length ? builder(ctx, listed, chosen, ui) : null,
    h(
      'div',
      { class: 'bz-draw-row' },
      nothing
        ? null
        : h('button', {
            type: 'button',
            class: 'btn small bz-clear',
            id: 'declare-clear',
            disabled: Boolean(ctx.pending),
            text: t('declare.clear'),
            onclick: () => clearChoice(ui),
          }),
      h('button', {
        type: 'button',
        class: `btn${nothing ? ' primary' : ''} bz-draw`,
        id: 'draw-button',
        'data-action': 'draw',
        'data-turn-focus': nothing ? '' : null,
        'aria-description': t('declare.draw_hint'),
        disabled: Boolean(ctx.pending),
        text: t('declare.draw'),
        onclick: () => ui.act('draw'),
      }),
    ),
  );
}

// A table card lifted by a first tap on a touch screen: the button that plays it.
function tablePlayBar(ctx, ui) {
  if (local.lifted === null) return null;
  if (ctx.lifted !== null && ctx.lifted !== undefined) {
    // a card of the hand was lifted since: that one is the one to play
    local.lifted = null;
    return null;
  }
  const action = tablePlays(ctx).get(local.lifted);
  if (!action) return null;
  const code = ctx.view.deal.tables[ctx.seat][local.lifted];
  return h(
    'div',
    { class: 'lift-bar bz-lift' },
    h('button', {
      type: 'button',
      class: 'btn primary',
      id: 'play-table',
      'data-action': action,
      'data-turn-focus': '',
      disabled: Boolean(ctx.pending),
      text: t('table.play', { card: cardName(code) }),
      onclick: () => {
        local.lifted = null;
        ui.act(action);
      },
    }),
  );
}

export function actions(ctx, ui) {
  pageUi = ui;
  keep(ctx);
  const legal = legalOf(ctx);
  if (!legal) return null;
  if (legal.kind === 'declare') return declareBar(ctx, legal, ui);
  if (legal.kind === 'play') return tablePlayBar(ctx, ui);
  return null;
}

// ---- the end of a deal ----------------------------------------------------------------------

function resultLine(ctx, deal) {
  if (deal.winner === null || deal.winner === undefined) {
    return h('p', { class: 'summary-winner', 'data-winner': '', text: t('summary.draw') });
  }
  return h('p', {
    class: 'summary-winner',
    'data-winner': deal.winner,
    text: t('summary.wins', { name: nameOf(ctx, deal.winner), n: formatNumber(deal.game_score) }),
  });
}

export function summary(ctx, deal) {
  const totals = totalsAfter(ctx, deal);
  const seats = [...ctx.room.seats.keys()];
  const brisques = deal.brisques_counted && Array.isArray(deal.brisques);
  const counted = Array.isArray(deal.final) && deal.final.some((v, s) => v !== deal.points[s]);
  const out = [resultLine(ctx, deal)];
  if (deal.rubiconed && deal.winner !== null && deal.winner !== undefined) {
    out.push(
      h('p', {
        class: 'summary-rubicon',
        'data-rubiconed': 1 - deal.winner,
        text: t('summary.rubiconed', { name: nameOf(ctx, 1 - deal.winner) }),
      }),
    );
  }
  if (deal.trump) {
    out.push(h('p', { class: 'muted summary-trump' }, t('summary.trump'), ' ', suitIcon(deal.trump, suitWord(deal.trump))));
  }
  const column = (text) => h('th', { scope: 'col', class: 'num', text });
  out.push(
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
          column(t('summary.points')),
          brisques ? column(t('summary.brisques')) : null,
          counted ? column(t('summary.final')) : null,
          column(t('summary.game_score')),
          column(t('scores.total')),
        ),
      ),
      h(
        'tbody',
        {},
        seats.map((seat) =>
          h(
            'tr',
            { 'data-seat': seat, class: seat === ctx.seat ? 'is-me' : '' },
            h('th', { scope: 'row', text: nameOf(ctx, seat) }),
            h('td', { class: 'num', 'data-points': deal.points[seat], text: formatNumber(deal.points[seat]) }),
            brisques ? h('td', { class: 'num', text: formatNumber(deal.brisques[seat]) }) : null,
            counted ? h('td', { class: 'num', text: formatNumber(deal.final[seat]) }) : null,
            h('td', { class: 'num score', text: formatNumber(deal.scores[seat], true) }),
            h('td', { class: 'num', text: formatNumber(totals[seat], true) }),
          ),
        ),
      ),
    ),
  );
  return out;
}
