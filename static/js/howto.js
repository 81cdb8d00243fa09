// A game's "how to play" page: the frame is the site's, the words are the game's own, from
// /static/games/<game>/howto/<lang>.html and its translations, in the page's language.

import { $, h, replace } from './dom.js';
import { applyPrefs } from './prefs.js';
import { currentLanguage, detectLanguage, has, onLanguage, setLanguage, t, translator } from './i18n.js';
import { gameFolder, loadPanelWords } from './panel.js';
import { initSettings } from './settings.js';

const article = $('#howto');
const game = article.dataset.game;
const folder = gameFolder(game);
const rules = new Map(); // language -> the fragment's text, or null when it failed

async function fragment(lang) {
  if (!rules.has(lang)) {
    try {
      const response = await fetch(`${folder}/howto/${lang}.html`);
      rules.set(lang, response.ok ? await response.text() : null);
    } catch {
      rules.set(lang, null);
    }
  }
  return rules.get(lang);
}

let shown = 0;
async function show() {
  const mine = ++shown;
  const lang = currentLanguage();
  const title = has('game.title') ? t('game.title') : game;
  $('#howto-title').textContent = t('howto.title', { game: title });
  $('#howto-summary').textContent = has('game.summary') ? t('game.summary') : '';
  document.title = `${t('howto.title', { game: title })} · Kortbord`;
  const play = $('#howto-play');
  play.textContent = t('howto.play', { game: title });
  play.href = `/?game=${encodeURIComponent(game)}`;
  const text = (await fragment(lang)) ?? (lang === 'en' ? null : await fragment('en'));
  if (mine !== shown) return;
  const body = $('#howto-body');
  body.removeAttribute('aria-busy');
  if (text === null) {
    replace(body, h('p', { class: 'form-error', role: 'alert', text: t('howto.failed') }));
    return;
  }
  // The fragments are this site's own static files, written as HTML.
  body.innerHTML = text;
  body.lang = rules.get(lang) === null ? 'en' : lang;
}

// Links to the other games' pages, by their titles in the page's language.
async function others() {
  let games = [];
  try {
    const response = await fetch('/api/games');
    games = response.ok ? await response.json() : [];
  } catch {
    games = [];
  }
  const rest = games.filter((g) => g.name !== game);
  const words = rest.map((g) => translator((lang) => `${gameFolder(g.name)}/i18n/${lang}.json`));
  const draw = async () => {
    await Promise.all(words.map((w) => w.load()));
    replace(
      $('#howto-list'),
      rest.map((g, i) =>
        h('li', {}, h('a', { href: `/games/${encodeURIComponent(g.name)}`, text: words[i].t('game.title', {}, g.title) })),
      ),
    );
    $('.howto-links').querySelector('h2').hidden = rest.length === 0;
  };
  await draw();
  onLanguage(draw);
}

async function main() {
  applyPrefs();
  loadPanelWords(game);
  await setLanguage(detectLanguage());
  initSettings();
  await Promise.all([show(), others()]);
  onLanguage(show);
  document.documentElement.dataset.ready = 'true';
}

main();
