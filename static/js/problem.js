// A page a visitor lands on by mistake (an unknown room link, a page that is not there, a
// fault of the server): the server's words in English, then the reader's language, and a way
// home.

import { $ } from './dom.js';
import { applyPrefs } from './prefs.js';
import { detectLanguage, onLanguage, setLanguage } from './i18n.js';
import { refreshTitle, setTitleKey } from './notify.js';
import { initSettings } from './settings.js';

async function main() {
  applyPrefs();
  await setLanguage(detectLanguage());
  initSettings();
  setTitleKey(`problem.${$('#problem').dataset.kind}.title`);
  onLanguage(refreshTitle);
  document.documentElement.dataset.ready = 'true';
}

main();
