// The home page: create a room (the creator takes seat 0 and hosts) or go to one by its code.

import { $, h, replace } from './dom.js';
import { cardSvg } from './cards.js';
import { applyPrefs } from './prefs.js';
import { detectLanguage, errorText, onLanguage, setLanguage, t } from './i18n.js';
import { initSettings } from './settings.js';
import { setTitleKey, refreshTitle } from './notify.js';

const NAME_KEY = 'kortbord:nickname';
const CODE_PATTERN = /^[A-Za-z0-9_-]{8,32}$/;

function codeFrom(text) {
  const trimmed = text.trim();
  // A pasted link works as well as a bare code.
  const match = trimmed.match(/\/r\/([A-Za-z0-9_-]+)/);
  const code = match ? match[1] : trimmed;
  return CODE_PATTERN.test(code) ? code : null;
}

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
  const button = $('#create-button');
  button.disabled = true;
  try {
    const response = await fetch('/api/rooms', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ seats: Number(form.seats.value), nickname }),
    });
    const body = await response.json().catch(() => ({}));
    if (!response.ok) {
      const detail = body.detail;
      error.textContent =
        detail && typeof detail === 'object' && detail.code
          ? errorText(detail.code, detail.message)
          : errorText('bad_nickname');
      return;
    }
    localStorage.setItem(NAME_KEY, nickname);
    // The secret stays in this browser, never in a URL.
    localStorage.setItem(`kortbord:secret:${body.code}`, body.secret);
    remember(body.code);
    location.assign(`/r/${encodeURIComponent(body.code)}`);
  } catch {
    error.textContent = t('conn.not_connected');
  } finally {
    button.disabled = false;
  }
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

function showRecent() {
  let list = [];
  try {
    list = JSON.parse(localStorage.getItem('kortbord:rooms') || '[]');
  } catch {
    list = [];
  }
  list = list.filter((r) => localStorage.getItem(`kortbord:secret:${r.code}`));
  const box = $('#recent');
  box.hidden = list.length === 0;
  const date = new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: 'medium', timeStyle: 'short' });
  replace(
    $('#recent-list'),
    list.map((r) =>
      h('li', {}, h('a', { href: `/r/${encodeURIComponent(r.code)}`, text: t('home.recent_item', { when: date.format(r.at) }) })),
    ),
  );
}

async function main() {
  applyPrefs();
  await setLanguage(detectLanguage());
  initSettings();
  setTitleKey('title.home');
  // A name typed while the page was still starting up is kept.
  const name = $('#create-name');
  if (!name.value) name.value = localStorage.getItem(NAME_KEY) || '';
  $('#create-form').addEventListener('submit', createRoom);
  $('#join-by-code').addEventListener('submit', joinRoom);
  replace($('#hero-cards'), ['AS', 'KH', 'QC', 'JD'].map((c) => h('div', { class: 'card' }, cardSvg(c))));
  showRecent();
  onLanguage(() => {
    refreshTitle();
    showRecent();
  });
  // Every control is wired: say so (tests wait for it rather than race the start-up).
  document.documentElement.dataset.ready = 'true';
}

main();
