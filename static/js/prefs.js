// Personal settings, kept in this browser only. Only the client seed ever reaches the server:
// it is what this browser mixes into the deals of the rooms where it holds a seat.

const KEY = 'kortbord:prefs';
// Less clicking: `autoPlay` plays a card that is the only legal action; `autoClaim` makes a
// claim the table shows to win (a game's panel says when: its `sureClaim`); `sort` orders the
// hand by suit and rank ('suit') or with the game's trumps first ('trump', as before);
// `premove` lets a tap on a touch screen choose a card while another player is on turn, and
// `premoveConfirm` asks for one more tap when the turn comes rather than playing it at once.
// `narrate`: what the table's log tells a screen reader: every card, bid and trick ('all'),
// bids and who takes each trick ('tricks'), or nothing ('off').
const DEFAULTS = {
  lang: null,
  theme: 'auto',
  deck: 'two',
  sound: true,
  titleSignal: true,
  oneTap: false,
  motion: true,
  autoPlay: false,
  autoClaim: false,
  sort: 'trump',
  premove: true,
  premoveConfirm: true,
  // the games whose first-deal coach this browser has seen out or dismissed (learn.js)
  coachSeen: {},
  narrate: 'all',
};
const CHOICES = { sort: ['suit', 'trump'], narrate: ['all', 'tricks', 'off'] };
const listeners = new Set();

function load() {
  try {
    const stored = { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || '{}') };
    for (const [name, allowed] of Object.entries(CHOICES)) {
      if (!allowed.includes(stored[name])) stored[name] = DEFAULTS[name];
    }
    return stored;
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
