// "Your turn" signals: a short chime, a marked tab title and a screen-reader announcement.
// The first two follow the player's settings; the announcement is always made.

import { prefs } from './prefs.js';
import { onLanguage, t } from './i18n.js';

let audio = null;
let titleKey = 'title.home';
let myTurn = false;

// Browsers only let a page make sound after a gesture; the first tap or key press unlocks it.
function unlockAudio() {
  if (audio) return;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  try {
    audio = new Context();
  } catch {
    audio = null;
  }
}
for (const type of ['pointerdown', 'keydown']) {
  window.addEventListener(type, unlockAudio, { once: true, capture: true });
}

export function chime() {
  if (!prefs.sound || !audio) return;
  if (audio.state === 'suspended') audio.resume();
  const now = audio.currentTime;
  for (const [i, freq] of [660, 880].entries()) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = 'sine';
    osc.frequency.value = freq;
    const start = now + i * 0.12;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.18, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start(start);
    osc.stop(start + 0.3);
  }
}

export function setTitleKey(key) {
  titleKey = key;
  refreshTitle();
}

export function refreshTitle() {
  const base = t(titleKey);
  document.title = myTurn && prefs.titleSignal ? `● ${t('title.your_turn')} · ${base}` : base;
}

export function setMyTurn(now) {
  const became = now && !myTurn;
  myTurn = now;
  refreshTitle();
  if (became) {
    chime();
    announce(t('turn.announce'), 'turn.announce');
  } else if (!now && announced === 'turn.announce') {
    announce('');
  }
  return became;
}

// The key of what the announcer holds, so that a change of language says it again in the
// new one rather than leave the old language's words in the region.
let announced = null;

export function announce(text, key = null) {
  const region = document.getElementById('announcer');
  if (!region) return;
  announced = text ? key : null;
  // Clearing first makes screen readers repeat an identical message.
  region.textContent = '';
  if (!text) return;
  setTimeout(() => {
    region.textContent = text;
  }, 50);
}

onLanguage(() => {
  if (announced) announce(t(announced), announced);
});
