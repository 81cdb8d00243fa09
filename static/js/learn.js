// Learning at the table: the hint (what the basic computer player would do now, and why,
// asked of the server for this seat alone), the host's setting of who may ask for one, and
// the coach line that names what to do in each phase of a player's first deal of a game.
// The browser holds no rules: the hint's card and its reason both come from the server, and
// the coach's words are the game's own (`coach.<phase>` in its translations).

import { h, replace } from './dom.js';
import { cardName, cardSvg } from './cards.js';
import { has, t, tOr } from './i18n.js';
import { finishing, isMyTurn, isPlaying } from './model.js';
import { prefs, setPref } from './prefs.js';

const CARD = /^[AKQJT2-9][SHDC]$/;

// Whether this page's seat may ask for a hint now: its turn, hints on for it.
export function hintOffered(ctx) {
  const { room } = ctx;
  return Boolean(
    room &&
      !room.paper &&
      ctx.seat !== null &&
      isPlaying(ctx) &&
      isMyTurn(ctx) &&
      !finishing(ctx) &&
      room.hints?.seats?.includes(ctx.seat),
  );
}

// A hint holds while the same choice is before the seat: the same deal and the same legal.
const choiceKey = (ctx) => JSON.stringify([ctx.view?.deal?.number ?? null, ctx.view?.legal ?? null]);

export function receiveHint(ctx, message) {
  if (message.seat !== ctx.seat) return;
  ctx.hint = { action: message.action, reason: message.reason ?? null, key: choiceKey(ctx) };
}

function currentHint(ctx) {
  if (!ctx.hint) return null;
  if (!hintOffered(ctx) || ctx.hint.key !== choiceKey(ctx)) {
    ctx.hint = null;
    return null;
  }
  return ctx.hint;
}

// The cards an action names: `play:QS`, or a choice such as `discard:AS,KD`.
function actionCards(action) {
  const [, rest = ''] = action.split(':');
  const cards = rest.split(',');
  return rest && cards.every((c) => CARD.test(c)) ? cards : [];
}

// The hint's words: what to do, and why when there is a reason.
function hintWords(hint, bar) {
  const cards = actionCards(hint.action);
  let what;
  if (hint.action.startsWith('play:') && cards.length === 1) {
    what = t('hint.play', { card: cardName(cards[0]) });
  } else if (cards.length) {
    what = t('hint.cards', { cards: cards.map(cardName).join(', ') });
  } else {
    // a decision the game's panel draws as a button: the hint names it as the button does
    const button = bar ? [...bar.querySelectorAll('[data-action]')].find((b) => b.dataset.action === hint.action) : null;
    const label = button?.textContent.trim() || tOr(`action.${hint.action.split(':')[0]}`, hint.action);
    what = t('hint.other', { action: label });
  }
  const reason = hint.reason ? tOr(`hint.reason.${hint.reason}`, '') : '';
  return { cards, what, reason };
}

// The hint as one line of text, for screen readers.
export function hintText(hint, bar = null) {
  const { what, reason } = hintWords(hint, bar);
  return reason ? `${what} — ${reason}` : what;
}

// What the hint says: the card (or cards) drawn as on the table, then the words.
function hintLine(ctx, hint, bar) {
  const { cards, what, reason } = hintWords(hint, bar);
  return h(
    'p',
    { class: 'hint-line', id: 'hint-line', 'data-action': null, 'data-hint': hint.action, 'data-reason': hint.reason ?? '' },
    cards.map((card) =>
      h('span', { class: 'card hint-card', role: 'img', 'aria-label': cardName(card), 'data-card': card }, cardSvg(card)),
    ),
    h(
      'span',
      { class: 'hint-words' },
      h('span', { class: 'hint-what', text: what }),
      reason ? ' ' : null,
      reason ? h('span', { class: 'hint-reason', text: reason }) : null,
    ),
  );
}

// Marks the hinted card(s) in the hand, or the hinted button in the bar, and clears old marks.
function markHint(hint, hand, bar) {
  for (const el of document.querySelectorAll('[data-hinted]')) el.removeAttribute('data-hinted');
  if (!hint) return;
  const cards = actionCards(hint.action);
  if (cards.length && hand) {
    const buttons = [...hand.querySelectorAll('.card-btn')];
    const used = new Set();
    for (const card of cards) {
      const button = buttons.find((b) => b.dataset.card === card && !used.has(b));
      if (button) {
        used.add(button);
        button.setAttribute('data-hinted', 'true');
      }
    }
  } else if (bar) {
    const button = [...bar.querySelectorAll('[data-action]')].find((b) => b.dataset.action === hint.action);
    button?.setAttribute('data-hinted', 'true');
  }
}

// ---- the coach: a first deal of a game, phase by phase --------------------------------------

const seenGames = () => (prefs.coachSeen && typeof prefs.coachSeen === 'object' ? prefs.coachSeen : {});

function markSeen(game) {
  setPref('coachSeen', { ...seenGames(), [game]: true });
}

// The phase's words for this seat in its first deal of the room's game, or null. The end of
// the first deal played at this browser's seat ends the coaching for that game, as "Got it"
// does.
function coachText(ctx) {
  const { room, view } = ctx;
  if (!room || room.paper || ctx.seat === null || !isPlaying(ctx) || !view.deal) return null;
  const game = room.game;
  if (seenGames()[game]) return null;
  const deal = `${room.code}:${room.match_number}:${view.deal.number}`;
  const coached = ctx.coachDeal;
  if (!coached || coached.game !== game || (coached.deal !== deal && !coached.played)) {
    // a deal thrown in before any card was played is no first deal yet
    ctx.coachDeal = { game, deal, played: false };
  } else if (coached.deal !== deal) {
    // setPref draws the page again, which must not happen in the middle of a drawing
    queueMicrotask(() => {
      if (!seenGames()[game]) markSeen(game);
    });
    return null;
  }
  if (view.deal.trick?.length || view.deal.tricks_played?.length) ctx.coachDeal.played = true;
  const key = `coach.${view.phase}`;
  return has(key) ? t(key) : null;
}

function coachLine(ctx, text) {
  const game = ctx.room.game;
  // On a phone the line is folded to its label over a corner of the felt, opened by a tap.
  return h(
    'div',
    { class: `coach-line${ctx.coachOpen ? ' open' : ''}`, id: 'coach-line', 'data-phase': ctx.view.phase },
    h('button', {
      type: 'button',
      class: 'coach-label',
      'aria-expanded': ctx.coachOpen ? 'true' : 'false',
      text: t('coach.label'),
      onclick: (event) => {
        ctx.coachOpen = !ctx.coachOpen;
        const line = event.currentTarget.closest('.coach-line');
        line.classList.toggle('open', ctx.coachOpen);
        event.currentTarget.setAttribute('aria-expanded', ctx.coachOpen ? 'true' : 'false');
      },
    }),
    h('span', { class: 'coach-text', text }),
    h('button', {
      type: 'button',
      class: 'btn small',
      id: 'coach-dismiss',
      text: t('coach.dismiss'),
      title: t('coach.dismiss_title'),
      onclick: () => markSeen(game),
    }),
  );
}

// Above the hand: the hint button on the seat's turn and the hint once given (in `el`), and
// the coach line in a first deal (in `coachEl`, a row of its own).
export function renderLearn(el, coachEl, ctx, handlers, { hand = null, bar = null } = {}) {
  const offered = hintOffered(ctx);
  const hint = currentHint(ctx);
  const parts = [];
  const coach = coachText(ctx);
  replace(coachEl, coach ? coachLine(ctx, coach) : null);
  coachEl.hidden = !coach;
  if (offered) {
    parts.push(
      h('button', {
        type: 'button',
        class: 'btn small hint-button',
        id: 'hint-button',
        'aria-pressed': hint ? 'true' : 'false',
        disabled: Boolean(ctx.pending) || Boolean(ctx.hintAsked),
        title: t('hint.title'),
        text: t('hint.button'),
        onclick: () => handlers.askHint(),
      }),
    );
    if (hint) parts.push(hintLine(ctx, hint, bar));
  }
  replace(el, parts);
  el.hidden = parts.length === 0;
  markHint(hint, hand, bar);
}

// The host's choice of who may ask for a hint, for the host panel.
export function hintsControl(ctx, handlers) {
  const room = ctx.room;
  if (!room || room.paper || !room.hints) return null;
  return h(
    'label',
    { class: 'host-hints' },
    h('span', { text: t('host.hints') }),
    h(
      'select',
      {
        id: 'hints-setting',
        'data-host-action': 'hints',
        onchange: (e) => handlers.command('hints', { hints: e.target.value }),
      },
      ['auto', 'on', 'off'].map((value) =>
        h('option', { value, selected: room.hints.setting === value, text: t(`host.hints_${value}`) }),
      ),
    ),
  );
}
