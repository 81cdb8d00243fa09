// The viewer's own hand, the discard bar, and the join form for someone still watching.
// Cards are buttons: playable ones are exactly the server's legal list; the others say why not.

import { h, keepFocus, replace } from './dom.js';
import { cardName, cardSvg, sortHand } from './cards.js';
import { t } from './i18n.js';
import { isMyTurn, isPlaying, legalOf, playableCards } from './model.js';

function handCards(ctx) {
  const deal = ctx.view?.deal;
  if (!deal?.hand) return [];
  return sortHand(deal.hand, deal.trump);
}

// Why a card cannot be played now, phrased from the server's own error codes.
function reasonFor(ctx, playable) {
  if (!isPlaying(ctx)) return t('error.no_match');
  if (!isMyTurn(ctx)) return t('error.not_your_turn');
  if (ctx.view.phase === 'play' && !playable) return t('error.must_follow_suit');
  return null;
}

function cardButton(ctx, card, handlers, mode, playable, selectable) {
  const name = cardName(card);
  const selected = ctx.discard.has(card);
  const enabled = mode === 'discard' ? selectable && !ctx.pending : playable && !ctx.pending;
  const reason = enabled ? null : reasonFor(ctx, playable);
  const attrs = {
    type: 'button',
    class: `card-btn${selected ? ' selected' : ''}${playable ? ' playable' : ''}`,
    'data-card': card,
    'data-playable': enabled ? 'true' : 'false',
    'aria-label': name,
    'aria-disabled': enabled ? null : 'true',
    'aria-description': reason,
    title: reason ? `${name} — ${reason}` : name,
    onclick: () => {
      if (!enabled) {
        if (reason) handlers.explain(reason);
        return;
      }
      if (mode === 'discard') handlers.toggleDiscard(card);
      else handlers.act(`play:${card}`);
    },
  };
  if (mode === 'discard') attrs['aria-pressed'] = selected ? 'true' : 'false';
  return h('button', attrs, h('span', { class: 'card' }, cardSvg(card)));
}

// Rows of overlapping cards: each button is as wide as the strip of it that shows, so every
// card keeps its own tap target however many cards there are.
export function layoutHand(handEl) {
  const rows = handEl.querySelectorAll('.hand-row');
  if (!rows.length) return;
  const all = [...handEl.querySelectorAll('.card-btn')];
  // The card's real width: the custom property holds a clamp() expression, not pixels.
  const cardW = all[0]?.querySelector('.card')?.getBoundingClientRect().width || 64;
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

function joinBar(ctx, handlers) {
  const free = ctx.room.seats.filter((s) => !s.taken);
  return h(
    'div',
    { class: 'join-bar panel-card' },
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
          h('p', { class: 'muted join-hint', text: t('join.pick_seat') }),
        )
      : h('p', { class: 'muted', text: t('join.no_free_seat') }),
  );
}

export function renderHand(handEl, barEl, ctx, handlers) {
  const { view, room } = ctx;
  replace(barEl);
  handEl.classList.remove('discarding', 'has-cards');
  delete handEl.dataset.mode;
  if (!room) {
    replace(handEl);
    return;
  }
  if (ctx.seat === null) {
    replace(handEl, joinBar(ctx, handlers));
    return;
  }
  const deal = isPlaying(ctx) ? view.deal : null;
  if (!deal) {
    // Before a match the lobby in the middle says it all; after one, the ranking does.
    replace(handEl, isPlaying(ctx) ? h('p', { class: 'hand-note', text: t('status.dealing') }) : null);
    return;
  }
  if (!deal.order.includes(ctx.seat)) {
    replace(handEl, h('p', { class: 'hand-note', text: t('hand.sitting_out') }));
    return;
  }
  if (!deal.hand) {
    replace(handEl, h('p', { class: 'hand-note', text: t('hand.after_contract') }));
    return;
  }
  handEl.classList.add('has-cards');
  const discard = legalOf(ctx, 'discard');
  const mode = discard ? 'discard' : 'play';
  const playable = playableCards(ctx);
  const selectable = new Set(discard?.from ?? []);
  if (discard) {
    handEl.classList.add('discarding');
    const count = discard.count;
    replace(
      barEl,
      h(
        'div',
        { class: 'discard-bar' },
        h('p', { id: 'discard-hint', text: t('discard.hint', { n: count, chosen: ctx.discard.size }) }),
        h('button', {
          type: 'button',
          class: 'btn primary',
          id: 'discard-confirm',
          disabled: ctx.discard.size !== count || Boolean(ctx.pending),
          text: t('discard.confirm', { n: count }),
          onclick: () => handlers.confirmDiscard(),
        }),
      ),
    );
  }
  const cards = handCards(ctx);
  // Skip the rebuild when nothing about the hand changed: re-creating the buttons under a
  // pointer or a finger in mid-tap would swallow the tap.
  const signature = JSON.stringify([
    document.documentElement.lang,
    mode,
    Boolean(ctx.pending),
    isMyTurn(ctx),
    cards.map((c) => [c, playable.has(c), selectable.has(c), ctx.discard.has(c)]),
  ]);
  if (handEl.dataset.signature !== signature || !handEl.querySelector('.card-btn')) {
    keepFocus(handEl, 'data-card', () => {
      const buttons = cards.map((card) =>
        cardButton(ctx, card, handlers, mode, playable.has(card), selectable.has(card)),
      );
      replace(handEl, h('div', { class: 'hand-row' }, buttons));
      layoutHand(handEl);
    });
    handEl.dataset.signature = signature;
  }
  handEl.setAttribute('aria-label', t('hand.label', { n: deal.hand.length }));
  handEl.dataset.mode = mode;
  handEl.dataset.count = deal.hand.length;
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
