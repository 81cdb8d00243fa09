// Client-side translation. The server speaks in stable codes (error codes, contract ids,
// card codes); every word a person reads is looked up here. The core's table is merged with
// the tables of the game on the page (its panel's own words), which win where both have a key.

import { prefs } from './prefs.js';

export const LANGUAGES = { en: 'English', sv: 'Svenska', ru: 'Русский' };
const CORE = (code) => `/static/i18n/${code}.json`;

let lang = 'en';
let table = {};
let fallback = {};
let rules = new Intl.PluralRules('en');
const listeners = new Set();
const cache = new Map();
const sources = [CORE];

function fetchTable(url) {
  if (!cache.has(url)) {
    cache.set(url, fetch(url).then((r) => (r.ok ? r.json() : {})).catch(() => ({})));
  }
  return cache.get(url);
}

async function merged(code, urlsFor) {
  const parts = await Promise.all(urlsFor.map((urlFor) => fetchTable(urlFor(code))));
  return Object.assign({}, ...parts);
}

export function detectLanguage() {
  if (prefs.lang && prefs.lang in LANGUAGES) return prefs.lang;
  for (const tag of navigator.languages || [navigator.language || 'en']) {
    const base = String(tag).slice(0, 2).toLowerCase();
    if (base in LANGUAGES) return base;
  }
  return 'en';
}

// Add a table (a function from a language code to its URL) to the page's translations; it
// takes effect with the next setLanguage().
export function addTranslations(urlFor) {
  if (!sources.includes(urlFor)) sources.push(urlFor);
}

export async function setLanguage(code) {
  const [en, chosen] = await Promise.all([merged('en', sources), merged(code, sources)]);
  fallback = en;
  table = chosen;
  lang = code;
  rules = new Intl.PluralRules(code);
  document.documentElement.lang = code;
  translateDom(document);
  for (const fn of listeners) fn(code);
}

export const currentLanguage = () => lang;

export function onLanguage(fn) {
  listeners.add(fn);
}

function render(text, params) {
  if (typeof text === 'object') {
    const n = Number(params.n ?? 0);
    text = text[rules.select(n)] ?? text.other ?? '';
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

function lookup(key) {
  return key in table ? table[key] : fallback[key];
}

export function has(key) {
  return lookup(key) !== undefined;
}

// Plural forms are objects keyed by Intl.PluralRules categories; `n` selects the form.
export function t(key, params = {}) {
  const text = lookup(key);
  return text === undefined ? key : render(text, params);
}

// A key that may be missing (a code the tables do not know yet): its words, else `other`.
export function tOr(key, other, params = {}) {
  return has(key) ? t(key, params) : other;
}

// Words from a table that is not the page's own, such as a game's on the home page, in the
// page's current language with English behind it.
export function translator(urlFor) {
  let own = {};
  let english = {};
  return {
    async load() {
      [english, own] = await Promise.all([fetchTable(urlFor('en')), fetchTable(urlFor(lang))]);
    },
    has: (key) => key in own || key in english,
    t(key, params = {}, other = key) {
      const text = key in own ? own[key] : english[key];
      return text === undefined ? other : render(text, params);
    },
  };
}

// A refused action or message: translated by its code, else the server's own English words.
export function errorText(code, message) {
  const key = `error.${code}`;
  return has(key) ? t(key) : message || t('error.unknown');
}

export function formatNumber(n, signed = false) {
  const text = new Intl.NumberFormat(lang, signed ? { signDisplay: 'exceptZero' } : {}).format(n);
  // U+2212 reads as a real minus sign, not a hyphen
  return text.replace('-', '\u2212');
}

// Static markup carries data-i18n="key" (text) and data-i18n-attr="attr:key;attr:key".
export function translateDom(root) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of el.dataset.i18nAttr.split(';')) {
      const [attr, key] = pair.split(':');
      if (attr && key) el.setAttribute(attr.trim(), t(key.trim()));
    }
  }
}
