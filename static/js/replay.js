// The replay of a deal that is over: the server sends the table as a spectator saw it after the
// deal and after each action, with every seat's hand (docs/protocol.md §1.4); this page draws
// one step at a time with the game's own panel and shows every hand face up beside it. It
// holds no rules: each step is the server's.

import { $, h, replace } from './dom.js';
import { applyPrefs } from './prefs.js';
import { detectLanguage, onLanguage, setLanguage, t } from './i18n.js';
import { initSettings } from './settings.js';
import { loadPanel } from './panel.js';
import { renderCenter, renderSeats } from './table.js';
import { cardName, cardSvg } from './cards.js';

const root = $('#replay');
const { code, match, deal } = root.dataset;
const state = { replay: null, index: 0, panel: {} };
// The table's controls do nothing here: nobody plays in a replay.
const handlers = new Proxy({}, { get: () => () => {} });

function roomFor(replay) {
  const teams = replay.teams;
  return {
    code,
    game: replay.game,
    size: replay.players.length,
    status: 'playing',
    host: null,
    match_number: Number(match),
    teams,
    seats: replay.players.map((name, seat) => ({
      seat,
      nickname: name,
      taken: true,
      bot: null,
      stand_in: false,
      connected: true,
      stand_in_at: null,
      clock_at: null,
      player: name,
      team: teams ? teams.findIndex((members) => members.includes(seat)) : null,
    })),
  };
}

function ctxFor(step) {
  return {
    code,
    game: state.replay.game,
    room: roomFor(state.replay),
    view: step.view,
    seat: null,
    connection: 'open',
    selected: [],
    lifted: null,
    held: null,
    lastTrickOpen: false,
    panel: state.panel,
  };
}

function caption(step, index, total) {
  const where = t('replay.step', { n: index, total: total - 1 });
  if (step.seat === null) return `${where}: ${t('replay.dealt')}`;
  const name = state.replay.players[step.seat];
  const [kind, arg] = step.action.split(/:(.*)/s);
  const what = kind === 'play' && arg && !arg.includes('@') ? t('replay.plays', { card: cardName(arg) }) : step.action;
  return `${where}: ${name} — ${what}`;
}

function handList(step) {
  return state.replay.players.map((name, seat) => {
    const hand = step.hands[seat];
    return h(
      'div',
      { class: 'replay-hand', 'data-seat': seat },
      h('h3', { text: name }),
      hand === null || hand === undefined
        ? h('p', { class: 'muted', text: t('replay.hand_unseen') })
        : h(
            'div',
            { class: 'replay-cards', role: 'img', 'aria-label': hand.map(cardName).join(', ') },
            hand.map((card) => h('span', { class: 'card', 'data-card': card, 'aria-hidden': 'true' }, cardSvg(card))),
          ),
    );
  });
}

function render() {
  const replay = state.replay;
  if (!replay) return;
  const steps = replay.steps;
  const index = state.index;
  const step = steps[index];
  const ctx = ctxFor(step);
  $('#table').dataset.size = String(replay.players.length);
  root.dataset.step = String(index);
  root.dataset.steps = String(steps.length);
  $('#replay-heading').textContent = t('replay.heading', { n: replay.deal });
  renderSeats($('#seats'), ctx, state.panel, handlers);
  renderCenter($('#center'), ctx, state.panel, handlers, {});
  replace($('#replay-hand-list'), handList(step));
  $('#replay-caption').textContent = caption(step, index, steps.length);
  $('#replay-first').disabled = index === 0;
  $('#replay-back').disabled = index === 0;
  $('#replay-forward').disabled = index === steps.length - 1;
  $('#replay-last').disabled = index === steps.length - 1;
}

function go(index) {
  if (!state.replay) return;
  state.index = Math.max(0, Math.min(state.replay.steps.length - 1, index));
  render();
}

function wire() {
  $('#replay-first').addEventListener('click', () => go(0));
  $('#replay-back').addEventListener('click', () => go(state.index - 1));
  $('#replay-forward').addEventListener('click', () => go(state.index + 1));
  $('#replay-last').addEventListener('click', () => go(Infinity));
  document.addEventListener('keydown', (event) => {
    if (event.target.closest('input, select, textarea') || document.querySelector('dialog[open]')) return;
    const moves = { ArrowLeft: state.index - 1, ArrowRight: state.index + 1, Home: 0, End: Infinity };
    if (!(event.key in moves)) return;
    event.preventDefault();
    go(moves[event.key]);
  });
}

async function main() {
  applyPrefs();
  wire();
  const response = await fetch(`/api/rooms/${code}/matches/${match}/deals/${deal}/replay`);
  if (response.ok) {
    state.replay = await response.json();
    state.panel = await loadPanel(state.replay.game);
  }
  await setLanguage(detectLanguage());
  initSettings();
  onLanguage(render);
  if (state.replay) {
    root.dataset.status = 'ready';
    render();
  } else {
    root.dataset.status = 'missing';
    replace($('#replay-caption'), t('replay.missing'));
    for (const button of root.querySelectorAll('.replay-controls button')) button.disabled = true;
  }
  document.documentElement.dataset.ready = 'true';
}

main();
