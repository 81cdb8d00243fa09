// Motion between two renders of the table, so that a player sees what happened: a played card
// travels from where it was (its player's seat, or the viewer's own hand) to its place in the
// trick; a won trick, when it leaves the table, gathers and slides to whoever took it; a dealt
// hand comes in card by card.
//
// The page draws itself whole from each state, and motion never decides what is drawn: the
// table is measured before a render (`measure`), and after it (`animate`) the elements that
// are new are moved from where their cards were to where they now are ("FLIP"). Animations
// only transform what is already in its final place; they wait for nothing, take no input
// (the cards they move let clicks through), and any press or key finishes them all at once.
// They are off while the system asks for reduced motion, or the player's setting says so.

import { onPrefs, prefs } from './prefs.js';

const PLAY_MS = 300;
const GATHER_MS = 360;
const DEAL_MS = 260;
// The last card of a dealt hand sets off this long after the first, however many there are.
const DEAL_SPREAD_MS = 280;
const EASE = 'cubic-bezier(0.2, 0.7, 0.3, 1)';

const reduced = window.matchMedia('(prefers-reduced-motion: reduce)');
const running = new Set();

export function motionOn() {
  return prefs.motion !== false && !reduced.matches;
}

// Every animation jumps to its end: a player who acts has seen enough.
export function finishMotion() {
  for (const animation of [...running]) {
    running.delete(animation);
    animation.finish();
  }
}

for (const type of ['pointerdown', 'keydown']) document.addEventListener(type, finishMotion, true);
onPrefs(() => {
  if (!motionOn()) finishMotion();
});
reduced.addEventListener?.('change', () => {
  if (!motionOn()) finishMotion();
});

const keyOf = (figure) => `${figure.dataset.seat}:${figure.dataset.card}`;
const centre = (r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
const shown = (r) => r.width > 0 && r.height > 0;

function trickCards() {
  return [...document.querySelectorAll('#trick .played[data-seat][data-card]')];
}

function seatRect(seat) {
  const el = document.querySelector(`#seats .seat[data-seat="${CSS.escape(String(seat))}"]`);
  const rect = el?.getBoundingClientRect();
  return rect && shown(rect) ? rect : null;
}

// What an element in motion is, across renders: a card of the trick by who played it, a card
// of the hand by its key (its code and which copy it is).
function flightKey(element) {
  const played = element.closest('#trick .played[data-seat][data-card]');
  if (played) return `trick:${keyOf(played)}`;
  const button = element.closest('#hand .card-btn[data-key]');
  return button ? `hand:${button.dataset.key}` : null;
}

function flightTarget(key) {
  const [where, ...rest] = key.split(':');
  const id = rest.join(':');
  if (where === 'hand') return document.querySelector(`#hand .card-btn[data-key="${CSS.escape(id)}"] .card`);
  const [seat, card] = id.split(':');
  return document.querySelector(
    `#trick .played[data-seat="${CSS.escape(seat)}"][data-card="${CSS.escape(card)}"] .card`,
  );
}

// The animations under way, to be carried on by the elements a render puts in their places.
function inFlight() {
  const flights = new Map();
  for (const animation of running) {
    const target = animation.effect?.target;
    const key = target?.isConnected && animation.playState !== 'finished' ? flightKey(target) : null;
    if (!key) continue;
    flights.set(key, {
      target,
      name: animation.id.replace(/^motion-/, ''),
      keyframes: animation.effect.getKeyframes().map(({ computedOffset, ...frame }) => frame),
      timing: animation.effect.getTiming(),
      time: animation.currentTime,
      paused: animation.playState === 'paused',
    });
  }
  return flights;
}

// Where things are before a render; null when nothing is to move (motion off, a hidden tab).
export function measure(ctx) {
  if (!motionOn() || document.hidden) return null;
  const trick = new Map();
  let winner = null;
  for (const figure of trickCards()) {
    const card = figure.querySelector('.card');
    if (!card) continue;
    trick.set(keyOf(figure), { card, rect: card.getBoundingClientRect() });
    if (figure.classList.contains('won')) winner = figure.dataset.seat;
  }
  // A hand may hold two copies of a card; either is where a played copy came from.
  const hand = new Map();
  const buttons = document.querySelectorAll('#hand .card-btn');
  for (const button of buttons) {
    const card = button.querySelector('.card');
    if (card && !hand.has(button.dataset.card)) hand.set(button.dataset.card, card.getBoundingClientRect());
  }
  const seats = new Map();
  for (const seat of document.querySelectorAll('#seats .seat[data-seat]')) {
    seats.set(seat.dataset.seat, seat.getBoundingClientRect());
  }
  return {
    seat: ctx.seat,
    deal: ctx.view?.deal?.number ?? null,
    handCount: buttons.length,
    trick,
    winner,
    hand,
    seats,
    flights: inFlight(),
  };
}

// Move what the render just drew from where it was in `before` (measure's answer).
export function animate(before, ctx) {
  if (!before || !motionOn() || before.seat !== ctx.seat) return;
  const figures = trickCards();
  const keys = figures.map(keyOf);
  // A won trick is still the same trick while it is held; once anything else shows, it leaves.
  const afterWinner = figures.find((f) => f.classList.contains('won'))?.dataset.seat ?? null;
  const sameTrick =
    before.winner === afterWinner && keys.length === before.trick.size && keys.every((k) => before.trick.has(k));
  const gone = before.winner !== null && !sameTrick;
  if (gone) gather(before);
  for (const figure of figures) {
    if (gone || !before.trick.has(keyOf(figure))) arrive(figure, before, ctx);
  }
  const deal = ctx.view?.deal?.number ?? null;
  const cards = document.querySelectorAll('#hand .card-btn .card');
  if (ctx.seat !== null && cards.length && (before.handCount === 0 || before.deal !== deal)) dealIn(cards);
  carryOn(before.flights);
}

// States may come faster than a card flies: the element that takes a flying card's place in
// the new render flies on from where the old one was, rather than the card jumping home.
function carryOn(flights) {
  for (const [key, flight] of flights) {
    if (flight.target.isConnected) continue;
    const target = flightTarget(key);
    if (!target || target.getAnimations().some((a) => running.has(a))) continue;
    const animation = run(target, flight.keyframes, flight.timing, flight.name);
    animation.currentTime = flight.time;
    if (flight.paused) animation.pause();
  }
}

function run(element, keyframes, options, name) {
  const animation = element.animate(keyframes, options);
  animation.id = `motion-${name}`;
  running.add(animation);
  const done = () => running.delete(animation);
  animation.addEventListener('finish', done);
  animation.addEventListener('cancel', done);
  return animation;
}

// A card new in the trick comes from the hand it was played from (the viewer's own), or else
// from its player's seat.
function arrive(figure, before, ctx) {
  const card = figure.querySelector('.card');
  const last = card?.getBoundingClientRect();
  if (!last || !shown(last)) return;
  const seat = figure.dataset.seat;
  const fromHand = String(ctx.seat) === seat ? before.hand.get(figure.dataset.card) : null;
  const first = fromHand ?? before.seats.get(seat) ?? seatRect(seat);
  if (!first || !shown(first)) return;
  const from = centre(first);
  const to = centre(last);
  const scale = fromHand ? fromHand.width / last.width : 0.55;
  run(
    card,
    [
      {
        transform: `translate(${from.x - to.x}px, ${from.y - to.y}px) scale(${scale})`,
        opacity: fromHand ? 1 : 0.2,
      },
      { transform: 'none', opacity: 1 },
    ],
    { duration: PLAY_MS, easing: EASE },
    'play',
  );
}

// The layer the leaving trick's cards fly in: over the table, under dialogs, never in the way
// of a press, and silent for screen readers (the trick is already gone from the page).
function layer() {
  let el = document.getElementById('motion-layer');
  if (!el) {
    el = document.createElement('div');
    el.id = 'motion-layer';
    el.className = 'motion-layer';
    el.setAttribute('aria-hidden', 'true');
    document.body.append(el);
  }
  return el;
}

// The won trick's cards, which the render has just taken off the table, are shown once more
// where they lay, close up, and slide to the winner's seat.
function gather(before) {
  const target = seatRect(before.winner);
  const cards = [...before.trick.values()].filter(({ rect }) => shown(rect));
  if (!cards.length) return;
  const middle = {
    x: cards.reduce((sum, { rect }) => sum + centre(rect).x, 0) / cards.length,
    y: cards.reduce((sum, { rect }) => sum + centre(rect).y, 0) / cards.length,
  };
  const end = target ? centre(target) : middle;
  const box = layer();
  for (const { card, rect } of cards) {
    const ghost = document.createElement('div');
    ghost.className = 'motion-ghost';
    Object.assign(ghost.style, {
      left: `${rect.left}px`,
      top: `${rect.top}px`,
      width: `${rect.width}px`,
      height: `${rect.height}px`,
    });
    ghost.style.setProperty('--card-w', `${rect.width}px`);
    ghost.append(card.isConnected ? card.cloneNode(true) : card);
    box.append(ghost);
    const at = centre(rect);
    const animation = run(
      ghost,
      [
        { transform: 'none', opacity: 1 },
        { transform: `translate(${middle.x - at.x}px, ${middle.y - at.y}px)`, opacity: 1, offset: 0.35 },
        { transform: `translate(${end.x - at.x}px, ${end.y - at.y}px) scale(0.4)`, opacity: 0 },
      ],
      { duration: GATHER_MS, easing: 'ease-in-out', fill: 'forwards' },
      'gather',
    );
    const remove = () => ghost.remove();
    animation.addEventListener('finish', remove);
    animation.addEventListener('cancel', remove);
  }
}

// A dealt hand comes in from the middle of the table, one card after another.
function dealIn(cards) {
  const table = document.getElementById('center')?.getBoundingClientRect();
  const step = cards.length > 1 ? Math.min(40, DEAL_SPREAD_MS / (cards.length - 1)) : 0;
  cards.forEach((card, i) => {
    const last = card.getBoundingClientRect();
    if (!shown(last)) return;
    const to = centre(last);
    const from = table && shown(table) ? centre(table) : { x: to.x, y: to.y - 80 };
    run(
      card,
      [
        { transform: `translate(${from.x - to.x}px, ${from.y - to.y}px) scale(0.5)`, opacity: 0 },
        { transform: 'none', opacity: 1 },
      ],
      { duration: DEAL_MS, delay: i * step, easing: EASE, fill: 'backwards' },
      'deal',
    );
  });
}
