// The home page: play a game at once against computer players, create a room for one of the
// games (the creator takes seat 0 and hosts), or go to one by its code. The games, their
// families, seat counts, options and levels of computer player come from the server (GET
// /api/games); their names and descriptions from each game's own translations.

import { $, h, replace } from './dom.js';
import { cardSvg } from './cards.js';
import { applyPrefs } from './prefs.js';
import { detectLanguage, errorText, formatNumber, onLanguage, setLanguage, t, tOr, translator } from './i18n.js';
import { gameFolder } from './panel.js';
import { initSettings } from './settings.js';
import { setTitleKey, refreshTitle } from './notify.js';

const NAME_KEY = 'kortbord:nickname';
// The level of the computer players "Play now" seats, and the game last played (room.js
// notes it): both this browser's, remembered across visits.
const LEVEL_KEY = 'kortbord:bot-level';
const LAST_KEY = 'kortbord:last-game';
const DEFAULT_LEVEL = 'basic';
const CODE_PATTERN = /^[A-Za-z0-9_-]{8,32}$/;

let games = [];
const words = new Map(); // game name -> translator of its own table
let chosen = null;
let aboutShown = null; // the game whose summary is open
let playing = false; // a room to play in is being made

function codeFrom(text) {
  const trimmed = text.trim();
  // A pasted link works as well as a bare code.
  const match = trimmed.match(/\/r\/([A-Za-z0-9_-]+)/);
  const code = match ? match[1] : trimmed;
  return CODE_PATTERN.test(code) ? code : null;
}

// ---- the games ------------------------------------------------------------------------------

async function loadGames() {
  try {
    const response = await fetch('/api/games', { cache: 'no-store' });
    if (!response.ok) throw new Error(`games: HTTP ${response.status}`);
    games = await response.json();
  } catch {
    games = [];
  }
  for (const game of games) {
    if (!words.has(game.name)) {
      words.set(game.name, translator((lang) => `${gameFolder(game.name)}/i18n/${lang}.json`));
    }
  }
  await loadWords();
}

function loadWords() {
  return Promise.all([...words.values()].map((w) => w.load()));
}

const say = (game, key, params, other) => words.get(game.name).t(key, params, other);
const titleOf = (game) => say(game, 'game.title', {}, game.title);

const NS = 'http://www.w3.org/2000/svg';

function icon(path) {
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const shape = document.createElementNS(NS, 'path');
  shape.setAttribute('d', path);
  svg.append(shape);
  return svg;
}

const playIcon = () => icon('M8 5v14l11-7z');
const infoIcon = () =>
  icon('M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 4.2a1.4 1.4 0 1 1 0 2.8 1.4 1.4 0 0 1 0-2.8ZM10.6 11h2.8v7h-2.8z');

// One line per game: choose it for a room of one's own, read what it is, or play it at once.
function gameItem(game) {
  const id = `game-${game.name}`;
  const about = `${id}-about`;
  const title = titleOf(game);
  const open = aboutShown === game.name;
  return h(
    'li',
    { class: 'game-item', 'data-game': game.name },
    h(
      'div',
      { class: 'game-row' },
      h(
        'label',
        { class: 'game-option', for: id },
        h('input', {
          type: 'radio',
          name: 'game',
          id,
          value: game.name,
          checked: game.name === chosen,
          'aria-describedby': `${id}-summary`,
          onchange: () => choose(game.name),
        }),
        h('span', { class: 'game-title', text: title }),
      ),
      h(
        'button',
        {
          type: 'button',
          class: 'btn icon game-info',
          'data-info': game.name,
          'aria-expanded': open ? 'true' : 'false',
          'aria-controls': about,
          'aria-label': t('home.about', { game: title }),
          title: t('home.about', { game: title }),
          onclick: () => showAbout(game.name),
        },
        infoIcon(),
      ),
      game.bots.length
        ? h(
            'button',
            {
              type: 'button',
              class: 'btn small play-now',
              'data-play': game.name,
              'aria-label': t('home.play_game', { game: title }),
              title: t('home.play_game', { game: title }),
              disabled: playing,
              onclick: () => playNow(game.name),
            },
            playIcon(),
            h('span', { text: t('home.play') }),
          )
        : null,
    ),
    h(
      'div',
      { class: 'game-about', id: about, hidden: !open },
      h('p', { class: 'game-summary', id: `${id}-summary`, text: say(game, 'game.summary', {}, game.summary) }),
      h('a', {
        class: 'howto-link',
        href: `/games/${encodeURIComponent(game.name)}`,
        text: t('home.how_to_play', { game: title }),
      }),
    ),
  );
}

// A game's summary on demand: one open at a time, the same button closing it again.
function showAbout(name) {
  aboutShown = aboutShown === name ? null : name;
  for (const item of document.querySelectorAll('#game-list .game-item')) {
    const open = item.dataset.game === aboutShown;
    item.querySelector('.game-about').hidden = !open;
    item.querySelector('.game-info').setAttribute('aria-expanded', open ? 'true' : 'false');
  }
}

// The games family by family, as the server lists them (each game names its family).
function families() {
  const out = [];
  for (const game of games) {
    const family = game.family ?? 'other';
    let group = out.find((g) => g.family === family);
    if (!group) {
      group = { family, games: [] };
      out.push(group);
    }
    group.games.push(game);
  }
  return out;
}

// ---- playing at once ------------------------------------------------------------------------

function storedLevel() {
  try {
    return localStorage.getItem(LEVEL_KEY) || DEFAULT_LEVEL;
  } catch {
    return DEFAULT_LEVEL;
  }
}

// Every level any game has, in the order the games list them (weakest first).
function allLevels() {
  const out = [];
  for (const game of games) for (const level of game.bots) if (!out.includes(level)) out.push(level);
  return out;
}

function renderLevels() {
  const select = $('#bot-level');
  const levels = allLevels();
  const wanted = levels.includes(storedLevel()) ? storedLevel() : levels.includes(DEFAULT_LEVEL) ? DEFAULT_LEVEL : levels[0];
  replace(
    select,
    levels.map((level) => h('option', { value: level, selected: level === wanted, text: tOr(`bot.level.${level}`, level) })),
  );
  select.value = wanted ?? '';
  $('#bot-field').hidden = levels.length === 0;
}

// The level chosen, or the nearest this game has.
function levelFor(game) {
  const level = $('#bot-level').value || storedLevel();
  if (game.bots.includes(level)) return level;
  return game.bots.includes(DEFAULT_LEVEL) ? DEFAULT_LEVEL : game.bots[0];
}

function lastGame() {
  try {
    const last = JSON.parse(localStorage.getItem(LAST_KEY) || 'null');
    return last && typeof last.game === 'string' ? last : null;
  } catch {
    return null;
  }
}

function renderLast() {
  const button = $('#play-last');
  const last = lastGame();
  const game = last ? games.find((g) => g.name === last.game && g.bots.length) : null;
  button.hidden = !game;
  if (!game) return;
  button.dataset.play = game.name;
  button.disabled = playing;
  replace(button, playIcon(), h('span', { text: t('home.play_again', { game: titleOf(game) }) }));
}

function setPlaying(busy) {
  playing = busy;
  for (const button of document.querySelectorAll('#game-choice [data-play]')) button.disabled = busy;
}

// A room with a computer player in every other seat, whose match starts as soon as this
// browser gives its seed for the first deal (on the room page, at once): one request, then
// the table. The chosen game keeps the players and rules set for it; another game, or the
// last one played, is played as it was or by its defaults.
async function playNow(name, remembered = null) {
  const game = games.find((g) => g.name === name);
  if (!game || playing) return;
  const error = $('#play-error');
  error.textContent = '';
  const typed = $('#create-name').value.trim();
  const body = { game: game.name, nickname: typed || t('home.default_name'), bots: levelFor(game) };
  if (game.name === chosen) {
    const seats = Number($('#create-form').querySelector('input[name="seats"]:checked')?.value);
    if (game.seats.includes(seats)) body.seats = seats;
    const options = readOptions(game);
    if (Object.keys(options).length) body.options = options;
  } else if (remembered && game.seats.includes(remembered.seats)) {
    body.seats = remembered.seats;
  }
  setPlaying(true);
  if (!(await openRoom(body, error, typed))) setPlaying(false);
}

// Create the room `body` asks for and go to it, keeping its seat's secret in this browser
// (never in a URL) and `nickname` for the next time; false, with the reason in `error`, when
// the server refuses or cannot be reached.
async function openRoom(body, error, nickname) {
  try {
    const response = await fetch('/api/rooms', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) {
      const detail = answer.detail;
      error.textContent =
        detail && typeof detail === 'object' && detail.code
          ? errorText(detail.code, detail.message)
          : errorText('bad_nickname');
      return false;
    }
    if (nickname) localStorage.setItem(NAME_KEY, nickname);
    localStorage.setItem(`kortbord:secret:${answer.code}`, answer.secret);
    remember(answer.code);
    location.assign(`/r/${encodeURIComponent(answer.code)}`);
    return true;
  } catch {
    error.textContent = t('conn.not_connected');
    return false;
  }
}

function seatItem(game, n) {
  const key = `seats.${n}`;
  const label = words.get(game.name).has(key) ? say(game, key, { n }) : t('home.seats_n', { n });
  return h(
    'label',
    {},
    h('input', { type: 'radio', name: 'seats', value: n, checked: n === game.default_seats }),
    ' ',
    h('span', { text: label }),
  );
}

function optionControl(game, option) {
  const id = `option-${option.name}`;
  const label = say(game, `option.${option.name}`, {}, option.description);
  const data = { option: option.name };
  if (option.type === 'boolean') {
    return h(
      'label',
      { class: 'option-check' },
      h('input', { type: 'checkbox', id, dataset: data, checked: option.default === true }),
      ' ',
      h('span', { text: label }),
    );
  }
  let control;
  if (option.choices) {
    control = h(
      'select',
      { id, dataset: data },
      option.choices.map((value) =>
        h('option', {
          value: String(value),
          selected: value === option.default,
          text: say(game, `option.${option.name}.${value}`, {}, String(value)),
        }),
      ),
    );
  } else {
    control = h('input', {
      id,
      dataset: data,
      type: option.type === 'integer' ? 'number' : 'text',
      inputmode: option.type === 'integer' ? 'numeric' : null,
      min: option.minimum ?? null,
      max: option.maximum ?? null,
      value: String(option.default),
      required: true,
    });
  }
  return h('div', { class: 'option-field' }, h('label', { for: id, text: label }), control);
}

function renderGames() {
  const list = $('#game-list');
  $('#game-choice').hidden = games.length === 0;
  replace(
    list,
    families().map(({ family, games: members }) =>
      h(
        'section',
        { class: 'family', 'data-family': family, 'aria-labelledby': `family-${family}` },
        h('h3', { class: 'family-title', id: `family-${family}`, text: tOr(`family.${family}`, family) }),
        h('ul', { class: 'family-games' }, members.map(gameItem)),
      ),
    ),
  );
  renderLevels();
  renderLast();
  renderChosen();
}

// The seats and options of the chosen game; what was picked before stays picked.
function renderChosen() {
  const game = games.find((g) => g.name === chosen);
  $('#seat-choice').hidden = !game;
  $('#game-options').hidden = !game || game.options.length === 0;
  $('#paper-choice').hidden = !game?.paper;
  if (!game?.paper) $('#create-paper').checked = false;
  showPaper();
  if (!game) {
    replace($('#seat-list'));
    replace($('#option-list'));
    return;
  }
  const seats = Number($('#create-form').querySelector('input[name="seats"]:checked')?.value);
  const values = readOptions(game, true);
  replace($('#seat-list'), game.seats.map((n) => seatItem(game, n)));
  if (game.seats.includes(seats)) $(`#seat-list input[value="${seats}"]`).checked = true;
  replace($('#option-list'), game.options.map((o) => optionControl(game, o)));
  for (const [name, value] of Object.entries(values)) {
    const input = $(`#option-list [data-option="${CSS.escape(name)}"]`);
    if (!input) continue;
    if (input.type === 'checkbox') input.checked = value === true;
    else input.value = String(value);
  }
}

// Played with real cards, nobody is on turn here: no computer player stands in and no move is
// timed, so those choices go while the box is ticked.
function showPaper() {
  const paper = $('#create-paper').checked;
  $('#away-grace-choice').hidden = paper;
  $('#move-clock-choice').hidden = paper;
}

function choose(name) {
  chosen = name;
  renderChosen();
}

// The options set in the form: every one that differs from the game's default (all of them
// with `all`). Values are sent as the game declares them; the server checks them.
function readOptions(game, all = false) {
  const out = {};
  for (const option of game.options) {
    const input = $(`#option-list [data-option="${CSS.escape(option.name)}"]`);
    if (!input) continue;
    let value;
    if (option.type === 'boolean') value = input.checked;
    else if (option.type === 'integer') value = input.value.trim() === '' ? option.default : Number(input.value);
    else value = option.choices?.find((c) => String(c) === input.value) ?? input.value;
    if (all || value !== option.default) out[option.name] = value;
  }
  return out;
}

// ---- the forms ------------------------------------------------------------------------------

async function createRoom(event) {
  event.preventDefault();
  const form = event.target;
  const error = $('#create-error');
  const nickname = form.nickname.value.trim();
  error.textContent = '';
  if (!nickname) {
    error.textContent = t('join.need_name');
    form.nickname.focus();
    return;
  }
  const body = { nickname };
  const grace = form.away_grace?.value;
  if (grace) body.away_grace = grace === 'never' ? null : Number(grace);
  const paper = form.paper.checked;
  const clock = form.move_clock?.value;
  if (clock && clock !== 'none' && !paper) body.move_clock = Number(clock);
  const game = games.find((g) => g.name === chosen);
  if (game) {
    body.game = game.name;
    if (paper && game.paper) body.paper = true;
    const seats = form.querySelector('input[name="seats"]:checked');
    if (seats) body.seats = Number(seats.value);
    const options = readOptions(game);
    if (Object.keys(options).length) body.options = options;
  }
  const button = $('#create-button');
  button.disabled = true;
  await openRoom(body, error, nickname);
  button.disabled = false;
}

async function joinRoom(event) {
  event.preventDefault();
  const error = $('#join-error');
  error.textContent = '';
  const code = codeFrom($('#join-code').value);
  if (!code) {
    error.textContent = t('error.no_such_room');
    return;
  }
  try {
    const response = await fetch(`/api/rooms/${encodeURIComponent(code)}`);
    if (!response.ok) {
      error.textContent = t('error.no_such_room');
      return;
    }
  } catch {
    error.textContent = t('conn.not_connected');
    return;
  }
  location.assign(`/r/${encodeURIComponent(code)}`);
}

function remember(code) {
  try {
    const list = JSON.parse(localStorage.getItem('kortbord:rooms') || '[]').filter((r) => r.code !== code);
    list.unshift({ code, at: Date.now() });
    localStorage.setItem('kortbord:rooms', JSON.stringify(list.slice(0, 8)));
  } catch {
    // storage unavailable: nothing to list later
  }
}

// ---- your tables ----------------------------------------------------------------------------

// What each remembered table is at, as anyone watching it sees it (GET /api/rooms/{code}):
// { state: 'loading' | 'ok' | 'gone' | 'failed', room }.
const tables = new Map();

function rememberedTables() {
  let list = [];
  try {
    list = JSON.parse(localStorage.getItem('kortbord:rooms') || '[]');
  } catch {
    list = [];
  }
  // Only the tables this browser holds a seat at are its own.
  return list.filter((r) => localStorage.getItem(`kortbord:secret:${r.code}`));
}

async function loadTables() {
  const list = rememberedTables();
  await Promise.all(
    list.map(async ({ code }) => {
      tables.set(code, { state: 'loading' });
      try {
        const response = await fetch(`/api/rooms/${encodeURIComponent(code)}`, { cache: 'no-store' });
        if (response.status === 404) tables.set(code, { state: 'gone' });
        else if (!response.ok) throw new Error(`room: HTTP ${response.status}`);
        else tables.set(code, { state: 'ok', room: await response.json() });
      } catch {
        tables.set(code, { state: 'failed' });
      }
    }),
  );
  showRecent();
}

function tableStatus(room) {
  const score = room.score;
  if (room.status === 'waiting' || !score) {
    const seated = room.seats.filter((s) => s.taken).length;
    return seated === room.size ? t('status.ready') : t('home.recent_waiting', { n: seated, total: room.size });
  }
  if (room.status === 'finished') return t('home.recent_finished');
  if (room.status === 'ended') return t('home.recent_ended');
  return score.deals_total === null || score.deals_total === undefined
    ? t('home.recent_playing_open', { n: score.deals_played })
    : t('home.recent_playing', { n: score.deals_played, total: score.deals_total });
}

function tableItem(r, date) {
  const { code } = r;
  const info = tables.get(code) ?? { state: 'loading' };
  const href = `/r/${encodeURIComponent(code)}`;
  const when = t('home.recent_item', { when: date.format(r.at) });
  const attrs = { class: 'recent-item', 'data-code': code, 'data-state': info.state };
  if (info.state !== 'ok') {
    const gone = info.state === 'gone';
    return h(
      'li',
      attrs,
      // A table that is gone has no page to go to.
      gone ? h('span', { class: 'recent-title', text: when }) : h('a', { class: 'recent-title', href, text: when }),
      info.state === 'loading'
        ? null
        : h('p', { class: 'recent-note muted', text: t(gone ? 'home.recent_gone' : 'home.recent_failed') }),
    );
  }
  const { room } = info;
  const game = games.find((g) => g.name === room.game);
  const totals = room.score?.totals ?? null;
  const id = `recent-${code}`;
  const players = room.seats
    .map((s) => ({ seat: s.seat, name: s.nickname ?? s.player }))
    .filter((p) => p.name);
  return h(
    'li',
    { ...attrs, 'data-game': room.game, 'data-status': room.status },
    h(
      'div',
      { class: 'recent-head' },
      h('a', {
        class: 'recent-title',
        href,
        'aria-describedby': `${id}-status ${id}-players`,
        text: game ? titleOf(game) : room.game,
      }),
      room.paper ? h('span', { class: 'recent-paper', text: t('room.paper') }) : null,
      h('span', { class: `recent-status status-${room.status}`, id: `${id}-status`, text: tableStatus(room) }),
    ),
    h(
      'ul',
      { class: 'recent-players', id: `${id}-players`, 'aria-label': t('home.recent_players') },
      players.map((p) =>
        h(
          'li',
          { 'data-seat': p.seat },
          h('span', { class: 'recent-name', title: p.name, text: p.name }),
          totals ? h('b', { class: 'recent-total', text: formatNumber(totals[p.seat] ?? 0, true) }) : null,
        ),
      ),
    ),
    h('span', { class: 'recent-when muted', text: when }),
  );
}

function showRecent() {
  const list = rememberedTables();
  const box = $('#recent');
  box.hidden = list.length === 0;
  const date = new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: 'medium', timeStyle: 'short' });
  replace(
    $('#recent-list'),
    list.map((r) => tableItem(r, date)),
  );
}

function showGamesNote() {
  const note = $('#games-note');
  note.hidden = games.length > 0;
  note.textContent = games.length ? '' : t('home.games_failed');
}

async function main() {
  applyPrefs();
  await setLanguage(detectLanguage());
  await loadGames();
  // A link from a game's page asks for that game; otherwise the server's first is the default.
  const asked = new URLSearchParams(location.search).get('game');
  chosen = games.find((g) => g.name === asked)?.name ?? games[0]?.name ?? null;
  initSettings();
  setTitleKey('title.home');
  // A name typed while the page was still starting up is kept.
  const name = $('#create-name');
  if (!name.value) name.value = localStorage.getItem(NAME_KEY) || '';
  $('#create-form').addEventListener('submit', createRoom);
  $('#join-by-code').addEventListener('submit', joinRoom);
  $('#create-paper').addEventListener('change', showPaper);
  $('#bot-level').addEventListener('change', (event) => {
    try {
      localStorage.setItem(LEVEL_KEY, event.target.value);
    } catch {
      // storage refused: the choice holds for this visit
    }
  });
  $('#play-last').addEventListener('click', () => {
    const last = lastGame();
    if (last) playNow(last.game, last);
  });
  replace($('#hero-cards'), ['AS', 'KH', 'QC', 'JD'].map((c) => h('div', { class: 'card' }, cardSvg(c))));
  renderGames();
  showGamesNote();
  showRecent();
  // The tables' states come in after the page is usable; their list is redrawn then.
  loadTables();
  onLanguage(async () => {
    refreshTitle();
    showGamesNote();
    await loadWords();
    renderGames();
    showRecent();
  });
  // Every control is wired: say so (tests wait for it rather than race the start-up).
  document.documentElement.dataset.ready = 'true';
}

main();
