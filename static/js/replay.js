// The replay of a deal that is over: the server sends the table as a spectator saw it after the
// deal and after each action, with every seat's hand (docs/protocol.md §1.4); this page draws
// one step at a time with the game's own panel and shows every hand face up beside it. It
// holds no rules: each step is the server's. The strong player's review of the deal, asked for
// here, comes from the server too (docs/protocol.md §1.4): the page polls it while it is made
// and marks each step it judged.

import { $, h, keepFocus, replace } from './dom.js';
import { applyPrefs } from './prefs.js';
import { detectLanguage, onLanguage, setLanguage, t } from './i18n.js';
import { initSettings } from './settings.js';
import { loadPanel } from './panel.js';
import { renderCenter, renderSeats } from './table.js';
import { cardName, cardSvg } from './cards.js';

const root = $('#replay');
const { code, match, deal } = root.dataset;
const state = { replay: null, index: 0, panel: {}, review: null, reviewError: null };
const REVIEW_POLL_MS = 1000;
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

// An action as a reader says it: a card by its name, anything else as its text.
function actionText(action) {
  const [kind, arg] = action.split(/:(.*)/s);
  return kind === 'play' && arg && !arg.includes('@') ? t('replay.plays', { card: cardName(arg) }) : action;
}

function caption(step, index, total) {
  const where = t('replay.step', { n: index, total: total - 1 });
  if (step.seat === null) return `${where}: ${t('replay.dealt')}`;
  const name = state.replay.players[step.seat];
  return `${where}: ${name} — ${actionText(step.action)}`;
}

// -- the review ------------------------------------------------------------------------------

const reviewUrl = () => `/api/rooms/${code}/matches/${match}/deals/${deal}/review`;
const points = (value) => Number(value).toLocaleString(document.documentElement.lang || undefined, { maximumFractionDigits: 1 });

function judgementWords(j) {
  const words = {
    name: state.replay.players[j.seat],
    played: actionText(j.played),
    best: actionText(j.best),
    cost: points(j.cost),
    error: points(j.error),
  };
  if (j.worse) return ['worse', t('review.worse', words)];
  if (j.played === j.best) return ['own', t('review.own', words)];
  return ['fine', t('review.fine', words)];
}

function renderReviewNote() {
  const note = $('#review-note');
  const j = state.review?.judgements.find((item) => item.step === state.index);
  note.hidden = !j;
  note.dataset.mark = j ? judgementWords(j)[0] : '';
  note.textContent = j ? judgementWords(j)[1] : '';
}

function renderReview() {
  const section = $('#replay-review');
  const review = state.review;
  const status = $('#review-status');
  section.dataset.status = state.reviewError ? 'error' : review ? review.status : 'none';
  $('#review-start').hidden = Boolean(review) || !state.replay;
  $('#review-start').disabled = false;
  if (state.reviewError) {
    status.textContent = t(state.reviewError);
  } else if (!review) {
    status.textContent = '';
  } else if (review.status === 'queued') {
    status.textContent = t('review.queued');
  } else {
    const marked = review.judgements.filter((j) => j.worse);
    const running = t('review.running', { judged: review.judged, total: review.decisions });
    const tally = marked.length ? t('review.done', { count: marked.length }) : t('review.none_marked');
    status.textContent = review.status === 'done' ? tally : running;
  }
  const marked = review ? review.judgements.filter((j) => j.worse) : [];
  replace(
    $('#review-totals'),
    review?.status === 'done'
      ? state.replay.players
          .map((name, seat) => [name, marked.filter((j) => j.seat === seat)])
          .filter(([, mine]) => mine.length)
          .map(([name, mine]) =>
            h('li', {
              text: t('review.seat_total', {
                name,
                count: mine.length,
                cost: points(mine.reduce((sum, j) => sum + j.cost, 0)),
              }),
            }),
          )
      : [],
  );
  // the list is drawn anew at each step: the button that moved there keeps the focus
  keepFocus($('#review-list'), 'data-step', () => replace(
    $('#review-list'),
    marked.map((j) =>
      h(
        'li',
        { 'data-step': j.step, 'aria-current': j.step === state.index ? 'step' : null },
        h('button', {
          type: 'button',
          'data-step': j.step,
          title: t('review.go', { n: j.step }),
          text: t('review.item', {
            n: j.step,
            name: state.replay.players[j.seat],
            played: actionText(j.played),
            best: actionText(j.best),
            cost: points(j.cost),
          }),
          onclick: () => go(j.step),
        }),
      ),
    ),
  ));
  renderReviewNote();
}

async function fetchReview(method) {
  let response;
  try {
    response = await fetch(reviewUrl(), { method, cache: 'no-store' });
  } catch {
    state.reviewError = 'review.failed';
    renderReview();
    return;
  }
  if (response.ok) {
    const review = await response.json();
    // "none": nobody has asked for a review of this deal yet, and the button offers one
    state.review = review.status === 'none' ? null : review;
    state.reviewError = null;
  } else if (response.status === 503) {
    state.reviewError = 'review.busy';
  } else {
    state.reviewError = 'review.failed';
  }
  renderReview();
  if (state.review && state.review.status !== 'done') setTimeout(() => fetchReview('GET'), REVIEW_POLL_MS);
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
  renderReview();
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
  $('#review-start').addEventListener('click', () => {
    $('#review-start').disabled = true;
    state.reviewError = null;
    fetchReview('POST');
  });
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
    // someone at the table may have asked already, or the room keeps the review made
    // before: everyone sees the same one, at once
    await fetchReview('GET');
  } else {
    $('#replay-review').hidden = true;
    root.dataset.status = 'missing';
    replace($('#replay-caption'), t('replay.missing'));
    for (const button of root.querySelectorAll('.replay-controls button')) button.disabled = true;
  }
  document.documentElement.dataset.ready = 'true';
}

main();
