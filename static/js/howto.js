// A game's "how to play" page: the frame is the site's, the words are the game's own, from
// /static/games/<game>/howto/<lang>.html and its translations, in the page's language.

import { $, h, replace } from './dom.js';
import { cardName, cardSvg } from './cards.js';
import { applyPrefs } from './prefs.js';
import { currentLanguage, detectLanguage, has, onLanguage, setLanguage, t, tOr, translator } from './i18n.js';
import { gameFolder, loadPanelWords } from './panel.js';
import { initSettings } from './settings.js';

const article = $('#howto');
const game = article.dataset.game;
const folder = gameFolder(game);
const rules = new Map(); // language -> the fragment's text, or null when it failed
let exampleData; // the game's worked example (howto/example.json): a promise, once asked

// The worked example: a hand, a trick with its winner marked and a scoring line, drawn from
// the game's data with the table's own cards, in the page's language.
function exampleOf() {
  exampleData ??= fetch(`${folder}/howto/example.json`)
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null);
  return exampleData;
}

function cardPicture(card) {
  return h('div', { class: 'card', role: 'img', 'aria-label': cardName(card), 'data-card': card }, cardSvg(card));
}

function exampleSection(data) {
  const suit = data.trump ? t(`suit.name.${data.trump}`) : null;
  return h(
    'section',
    { class: 'howto-example', id: 'howto-example', 'aria-labelledby': 'example-title' },
    h('h2', { id: 'example-title', text: t('example.title') }),
    h('p', { class: 'muted', text: t('example.intro') }),
    h(
      'div',
      { class: 'example-step', id: 'example-hand' },
      h('h3', { text: suit ? t('example.hand', { suit }) : t('example.hand_plain') }),
      h('div', { class: 'example-cards' }, data.hand.map(cardPicture)),
    ),
    h(
      'div',
      { class: 'example-step', id: 'example-trick' },
      h('h3', { text: t('example.trick') }),
      h(
        'div',
        { class: 'example-cards' },
        data.trick.map((play, i) =>
          h(
            'figure',
            { class: i === data.winner ? 'played won' : 'played', 'data-player': play.player },
            cardPicture(play.card),
            h(
              'figcaption',
              {},
              h('span', { class: 'example-player', text: tOr(`example.name.${play.player}`, play.player) }),
              i === data.winner ? h('span', { class: 'example-wins', text: t('example.wins') }) : null,
            ),
          ),
        ),
      ),
      h('p', { class: 'example-text', text: tOr('example.trick_text', '') }),
    ),
    h(
      'div',
      { class: 'example-step', id: 'example-score' },
      h('h3', { text: t('example.score') }),
      h('p', { class: 'example-text', text: tOr('example.score_text', '') }),
    ),
  );
}

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
  const example = await exampleOf();
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
  if (example) {
    const section = exampleSection(example);
    section.lang = lang;
    body.append(section);
  }
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
