// Personal settings, kept in this browser only. Only the client seed ever reaches the server:
// it is what this browser mixes into the deals of the rooms where it holds a seat.

const KEY = 'kortbord:prefs';
const DEFAULTS = { lang: null, theme: 'auto', deck: 'two', sound: true, titleSignal: true, oneTap: false, motion: true };
const listeners = new Set();

function load() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || '{}') };
  } catch {
    return { ...DEFAULTS };
  }
}

export const prefs = load();

export function setPref(name, value) {
  prefs[name] = value;
  try {
    localStorage.setItem(KEY, JSON.stringify(prefs));
  } catch {
    // private mode or a full store: the choice still holds for this page
  }
  applyPrefs();
  for (const fn of listeners) fn(name, value);
}

export function onPrefs(fn) {
  listeners.add(fn);
}

export function applyPrefs() {
  const root = document.documentElement;
  root.dataset.theme = prefs.theme;
  root.dataset.deck = prefs.deck;
  root.dataset.motion = prefs.motion ? 'on' : 'off';
}
