// The viewer's own hand, the bar of decisions above it, and the join form for someone still
// watching. Cards are buttons: playable ones are exactly the server's legal list; the others
// say why not. A hand may hold two identical cards, so a card is known by its position in the
// server's list (`deal.hand`), never by its code alone.

import { h, keepFocus, replace } from './dom.js';
import { arrangeByTrump, cardName, cardSvg } from './cards.js';
import { t, tOr } from './i18n.js';
import { finishing, isMyTurn, isPlaying, playableCards, selectionLegal } from './model.js';
import { prefs } from './prefs.js';

// The positions a choice of cards may take: each code of `from` once per time it is listed,
// the first such copies of the hand in order.
export function selectablePositions(hand, from) {
  const left = new Map();
  for (const card of from) left.set(card, (left.get(card) ?? 0) + 1);
  const out = new Set();
  hand.forEach((card, position) => {
    const n = left.get(card) ?? 0;
    if (n > 0) {
      out.add(position);
      left.set(card, n - 1);
    }
  });
  return out;
}

// Display order, as the player chose it (setting `sort`): by suit and rank, or with the
// trumps first when the game's panel says where its view keeps them (`trumpSuit`, with its
// ranks high to low in `handRanks`); else the panel's own arrangement when it gives a full
// one; else the server's order.
export function displayOrder(ctx, panel, hand) {
  let order = null;
  if (panel.trumpSuit || panel.handRanks) {
    const trump = prefs.sort === 'trump' ? (panel.trumpSuit?.(ctx) ?? null) : null;
    order = arrangeByTrump(hand, trump, panel.handRanks ?? null);
  } else {
    order = panel.arrange?.(ctx, hand);
  }
  const valid =
    Array.isArray(order) &&
    order.length === hand.length &&
    new Set(order).size === hand.length &&
    order.every((p) => Number.isInteger(p) && p >= 0 && p < hand.length);
  return valid ? order : hand.map((_, position) => position);
}

// Why a card cannot be played now, phrased from the server's own error codes.
function reasonFor(ctx, panel, card, playable) {
  if (!isPlaying(ctx)) return t('error.no_match');
  if (!isMyTurn(ctx)) return t('error.not_your_turn');
  if (!playable) return panel.whyNot?.(ctx, card) ?? t('hand.not_playable');
  return null;
}

// How the last press came: 'touch' for a finger, 'mouse' or 'pen' otherwise. A click does not
// say so in every browser, the press before it does.
let lastPointer = 'mouse';
document.addEventListener('pointerdown', (event) => (lastPointer = event.pointerType || 'mouse'), true);

function cardButton(ctx, panel, handlers, item) {
  const { card, position, key, mode, playable, selectable, selected, note } = item;
  const name = cardName(card);
  const enabled = mode === 'select' ? selectable && !ctx.pending : playable && !ctx.pending;
  const reason = enabled ? null : reasonFor(ctx, panel, card, mode === 'select' ? selectable : playable);
  const description = [note?.label, reason].filter(Boolean).join(' — ') || null;
  const attrs = {
    type: 'button',
    class: [
      'card-btn',
      selected ? 'selected' : '',
      playable ? 'playable' : '',
      item.lifted ? 'lifted' : '',
      item.premoved ? 'premoved' : '',
      item.autoPlaying ? 'auto-playing' : '',
      note?.className ?? '',
    ]
      .filter(Boolean)
      .join(' '),
    'data-card': card,
    'data-position': position,
    'data-key': key,
    'data-playable': enabled ? 'true' : 'false',
    'data-premoved': item.premoved ? 'true' : null,
    'aria-label': name,
    'aria-disabled': enabled ? null : 'true',
    'aria-description': description,
    title: description ? `${name} — ${description}` : name,
    onclick: () => {
      if (!enabled) {
        // While another player is on turn, a tap on a touch screen chooses the card to play
        // when the turn comes (a premove); nothing is sent until then.
        if (item.premovable && lastPointer === 'touch') handlers.premove(position, card);
        else if (reason) handlers.explain(reason);
        return;
      }
      handlers.cardClick(position, card, lastPointer);
    },
  };
  if (mode === 'select') attrs['aria-pressed'] = selected ? 'true' : 'false';
  return h('button', attrs, h('span', { class: 'card' }, cardSvg(card)));
}

// Rows of overlapping cards: each button is as wide as the strip of it that shows, so every
// card keeps its own tap target however many cards there are.
export function layoutHand(handEl) {
  const rows = handEl.querySelectorAll('.hand-row');
  if (!rows.length) return;
  const all = [...handEl.querySelectorAll('.card-btn')];
  // The card's real width: the custom property holds a clamp() expression, not pixels. Its
  // laid-out width, not its box on screen, which a card dealt in motion scales.
  const card = all[0]?.querySelector('.card');
  const cardW = (card && parseFloat(getComputedStyle(card).width)) || 64;
  const width = handEl.clientWidth - 4;
  // Enough of each card shows for its index (rank and suit) and for a fingertip.
  const minStep = Math.max(32, cardW * 0.42);
  let perRow = all.length;
  const stepFor = (n) => (n <= 1 ? cardW : Math.min(cardW + 6, (width - cardW) / (n - 1)));
  while (perRow > 1 && stepFor(perRow) < minStep) perRow = Math.ceil(perRow / 2);
  // Regroup only when the row count changes, to keep focus and hover stable.
  const wanted = Math.ceil(all.length / perRow);
  if (wanted !== rows.length) {
    const chunks = [];
    const size = Math.ceil(all.length / wanted);
    for (let i = 0; i < all.length; i += size) chunks.push(all.slice(i, i + size));
    const active = document.activeElement;
    replace(handEl, chunks.map((chunk) => h('div', { class: 'hand-row' }, chunk)));
    if (active && handEl.contains(active)) active.focus({ preventScroll: true });
  }
  for (const row of handEl.querySelectorAll('.hand-row')) {
    const n = row.children.length;
    row.style.setProperty('--step', `${Math.floor(stepFor(Math.ceil(all.length / wanted)) * 10) / 10}px`);
    row.dataset.count = n;
  }
}

// The form a spectator types a name into. It is drawn anew only when what it says changes:
// a state arriving mid-word (someone else sits down, a presence changes) must not take the
// field, its caret or its text away from the person typing.
function renderJoinBar(handEl, ctx, handlers) {
  const empty = ctx.room.seats.filter((s) => !s.taken);
  // With no free seat, a computer player's own seat is the one to take.
  const free = empty.length ? empty : ctx.room.seats.filter((s) => s.taken && s.bot && !s.stand_in);
  const hint = empty.length ? 'join.pick_seat' : 'join.take_bot_hint';
  const key = JSON.stringify([free[0]?.seat ?? null, t(hint), t('join.watching'), t('join.name')]);
  const shown = handEl.firstElementChild;
  if (handEl.childElementCount === 1 && shown.classList.contains('join-bar') && shown.dataset.key === key) return;
  replace(handEl, joinBar(ctx, handlers, free, hint, key));
}

function joinBar(ctx, handlers, free, hint, key) {
  return h(
    'div',
    { class: 'join-bar panel-card', 'data-key': key },
    h('p', { class: 'join-title', text: t('join.watching') }),
    free.length
      ? h(
          'form',
          {
            class: 'join-form',
            id: 'join-form',
            onsubmit: (e) => {
              e.preventDefault();
              handlers.sit(free[0].seat);
            },
          },
          h('label', { for: 'nickname', text: t('join.name') }),
          h('input', {
            id: 'nickname',
            name: 'nickname',
            maxlength: 24,
            autocomplete: 'nickname',
            required: true,
            value: ctx.nickname ?? '',
            oninput: (e) => handlers.setNickname(e.target.value),
          }),
          h('p', { class: 'muted join-hint', text: t(hint) }),
        )
      : h('p', { class: 'muted', text: t('join.no_free_seat') }),
  );
}

// The bar for a choice of cards when the game's panel draws none of its own; the actions the
// legal lists beside the choice (`also`, such as a concession) are buttons after it, each
// named by `action.<kind>` in the game's words.
function selectionBar(ctx, legal, handlers) {
  const chosen = ctx.selected.length;
  const also = Array.isArray(legal.also) ? legal.also : [];
  return h(
    'div',
    { class: 'select-bar' },
    h('p', { id: 'select-hint', text: t('select.hint', { n: legal.count, chosen }) }),
    h('button', {
      type: 'button',
      class: 'btn primary',
      id: 'select-confirm',
      'data-action': 'select',
      disabled: chosen !== legal.count || Boolean(ctx.pending),
      text: t('select.confirm'),
      onclick: () => handlers.submitSelection(),
    }),
    also.map((action) =>
      h('button', {
        type: 'button',
        class: 'btn',
        'data-action': action,
        disabled: Boolean(ctx.pending),
        text: tOr(`action.${action.split(':')[0]}`, action),
        onclick: () => handlers.act(action),
      }),
    ),
  );
}

// Whether a tap on a card now chooses it ahead of the turn (setting `premove`, on a touch
// screen where the first tap lifts a card): a seated player in a deal, another on turn.
export function premoveAllowed(ctx) {
  return (
    prefs.premove &&
    !prefs.oneTap &&
    isPlaying(ctx) &&
    ctx.seat !== null &&
    Boolean(ctx.view.deal?.hand?.length) &&
    !isMyTurn(ctx) &&
    !finishing(ctx) &&
    !ctx.room?.paper
  );
}

// The hand position of the copy of a card a premove chose, or null when the hand holds it no
// more.
export function premovePosition(ctx) {
  const chosen = ctx.premove;
  const hand = ctx.view?.deal?.hand;
  if (!chosen || !Array.isArray(hand) || ctx.view.deal.number !== chosen.deal) return null;
  let copy = 0;
  for (let position = 0; position < hand.length; position += 1) {
    if (hand[position] === chosen.card) {
      copy += 1;
      if (copy === chosen.copy) return position;
    }
  }
  return null;
}

// A card chosen ahead of the turn: what will happen to it, and a button to let it go.
function premoveBar(ctx, handlers) {
  if (!ctx.premove || isMyTurn(ctx) || premovePosition(ctx) === null) return null;
  const card = cardName(ctx.premove.card);
  return h(
    'div',
    { class: 'lift-bar', id: 'premove-bar' },
    h('p', {
      class: 'premove-note',
      id: 'premove-note',
      text: t(prefs.premoveConfirm ? 'premove.waiting_confirm' : 'premove.waiting', { card }),
    }),
    h('button', {
      type: 'button',
      class: 'btn',
      id: 'premove-cancel',
      'data-action': 'premove-cancel',
      text: t('premove.cancel'),
      onclick: () => handlers.dropPremove(),
    }),
  );
}

// What the page is about to do by itself (settings `autoPlay`, `autoClaim`), said for the
// moment it waits, so that the player sees it coming.
function autoBar(ctx) {
  const action = ctx.autoAction;
  if (!action) return null;
  const text = action.startsWith('play:')
    ? t('auto.playing', { card: cardName(action.slice(5)) })
    : t('auto.claiming', { action: tOr(`action.${action.split(':')[0]}`, action) });
  return h('div', { class: 'lift-bar' }, h('p', { class: 'premove-note', id: 'auto-note', role: 'status', text }));
}

// A card lifted by a first tap on a touch screen: the button that plays it.
function liftBar(ctx, handlers) {
  const lifted = ctx.lifted;
  const card = lifted === null ? null : ctx.view?.deal?.hand?.[lifted];
  if (!card || !isMyTurn(ctx)) return null;
  return h(
    'div',
    { class: 'lift-bar' },
    h('button', {
      type: 'button',
      class: 'btn primary',
      id: 'play-lifted',
      'data-action': 'play-lifted',
      'data-turn-focus': '',
      disabled: Boolean(ctx.pending),
      text: t('hand.play_lifted', { card: cardName(card) }),
      onclick: () => handlers.playLifted(),
    }),
  );
}

// The bar keeps its very buttons while they stay the same: a move of the other players must
// neither swallow a tap on a button nor take the keyboard's focus off it.
function renderBar(barEl, ctx, panel, handlers, ui) {
  const own = isPlaying(ctx) && ctx.view.deal ? panel.actions?.(ctx, ui) : null;
  const legal = selectionLegal(ctx);
  const hasOwn = Array.isArray(own) ? own.some(Boolean) : Boolean(own);
  const fresh = h(
    'div',
    {},
    autoBar(ctx),
    liftBar(ctx, handlers),
    premoveBar(ctx, handlers),
    hasOwn ? own : legal ? selectionBar(ctx, legal, handlers) : null,
  );
  if (fresh.innerHTML === barEl.innerHTML) return;
  keepFocus(barEl, 'data-action', () => replace(barEl, [...fresh.childNodes]));
}

// Whether the seat's empty hand is one it has played out, rather than one it was never dealt
// (a panel's handNote says so as the core does: `hand.played_out`).
export function playedOut(ctx) {
  const deal = ctx.view.deal;
  const played = [...(deal.tricks_played ?? []).flatMap((trick) => trick.cards), ...(deal.trick ?? [])];
  return played.some((card) => card.seat === ctx.seat);
}

export function renderHand(handEl, barEl, ctx, panel, handlers, ui) {
  const { view, room } = ctx;
  handEl.classList.remove('choosing', 'has-cards');
  delete handEl.dataset.mode;
  renderBar(barEl, ctx, panel, handlers, ui);
  if (!room) {
    replace(handEl);
    return;
  }
  if (ctx.seat === null) {
    renderJoinBar(handEl, ctx, handlers);
    return;
  }
  const deal = isPlaying(ctx) ? view.deal : null;
  if (!deal) {
    // Before a match the lobby in the middle says it all; after one, the ranking does; on
    // paper nothing is ever dealt.
    replace(handEl, isPlaying(ctx) && !room.paper ? h('p', { class: 'hand-note', text: t('status.dealing') }) : null);
    return;
  }
  // A seat dealt no cards (one that sits the deal out) may hold null or an empty list.
  if (!deal.hand?.length) {
    const note = panel.handNote?.(ctx) ?? t(playedOut(ctx) ? 'hand.played_out' : 'hand.none');
    replace(handEl, h('p', { class: 'hand-note', text: note }));
    return;
  }
  handEl.classList.add('has-cards');
  const hand = deal.hand;
  const choice = selectionLegal(ctx);
  const mode = choice ? 'select' : 'play';
  const playable = panel.playable?.(ctx) ?? playableCards(ctx);
  const selectable = choice ? selectablePositions(hand, choice.from) : new Set();
  const chosen = new Set(ctx.selected);
  if (choice) handEl.classList.add('choosing');
  // A copy of a card is known by its code and which copy it is, so focus stays on "the same"
  // card across a re-render that moved it.
  const copies = new Map();
  const premovable = mode === 'play' && premoveAllowed(ctx);
  const premoved = premovable ? premovePosition(ctx) : null;
  const autoCard = ctx.autoAction?.startsWith('play:') ? ctx.autoAction.slice(5) : null;
  const autoAt = autoCard === null ? -1 : hand.indexOf(autoCard);
  const items = displayOrder(ctx, panel, hand).map((position) => {
    const card = hand[position];
    const copy = (copies.get(card) ?? 0) + 1;
    copies.set(card, copy);
    return {
      card,
      position,
      key: `${card}.${copy}`,
      mode,
      playable: playable.has(card),
      selectable: selectable.has(position),
      selected: chosen.has(position),
      lifted: ctx.lifted === position,
      premovable,
      premoved: premoved === position,
      autoPlaying: autoAt === position,
      note: panel.cardNote?.(ctx, position, card) ?? null,
    };
  });
  // Skip the rebuild when nothing about the hand changed: re-creating the buttons under a
  // pointer or a finger in mid-tap would swallow the tap.
  const signature = JSON.stringify([
    document.documentElement.lang,
    mode,
    Boolean(ctx.pending),
    isMyTurn(ctx),
    premovable,
    items.map((i) => [i.key, i.position, i.playable, i.selectable, i.selected, i.lifted, i.premoved, i.autoPlaying, i.note]),
  ]);
  if (handEl.dataset.signature !== signature || !handEl.querySelector('.card-btn')) {
    const before = [...handEl.querySelectorAll('.card-btn')].indexOf(document.activeElement);
    keepFocus(handEl, 'data-key', () => {
      const buttons = items.map((item) => cardButton(ctx, panel, handlers, item));
      replace(handEl, h('div', { class: 'hand-row' }, buttons));
      layoutHand(handEl);
    });
    // The card a keyboard player just played has left the hand: focus stays in the hand, on
    // the card that took its place, rather than falling back to the top of the page.
    if (before >= 0 && !handEl.contains(document.activeElement)) {
      const buttons = handEl.querySelectorAll('.card-btn');
      buttons[Math.min(before, buttons.length - 1)]?.focus({ preventScroll: true });
    }
    handEl.dataset.signature = signature;
  }
  handEl.setAttribute('aria-label', t('hand.label', { n: hand.length }));
  handEl.dataset.mode = choice ? choice.kind : mode;
  // Where the turn uses no card of the hand (a bid, a meld, a trump named), no card is drawn
  // as one that cannot be played: the grey is kept for a choice among the cards.
  const usesCards = items.some((item) => (mode === 'select' ? item.selectable : item.playable));
  handEl.dataset.cardsInUse = usesCards ? 'true' : 'false';
  handEl.dataset.count = hand.length;
}

// Arrow keys move along the hand; Home and End jump to its ends.
export function handKeys(handEl) {
  handEl.addEventListener('keydown', (event) => {
    const buttons = [...handEl.querySelectorAll('.card-btn')];
    const i = buttons.indexOf(document.activeElement);
    if (i < 0) return;
    const moves = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: buttons.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = buttons[Math.max(0, Math.min(buttons.length - 1, moves[event.key]))];
    next?.focus();
  });
}
