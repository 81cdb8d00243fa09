// Client-side translation. The server speaks in stable codes (error codes, contract ids,
// card codes); every word a person reads is looked up here.

import { prefs } from './prefs.js';

export const LANGUAGES = { en: 'English', sv: 'Svenska', ru: 'Русский' };

let lang = 'en';
let table = {};
let fallback = {};
let rules = new Intl.PluralRules('en');
const listeners = new Set();
const cache = new Map();

async function fetchTable(code) {
  if (!cache.has(code)) {
    cache.set(
      code,
      fetch(`/static/i18n/${code}.json`).then((r) => (r.ok ? r.json() : {})).catch(() => ({})),
    );
  }
  return cache.get(code);
}

export function detectLanguage() {
  if (prefs.lang && prefs.lang in LANGUAGES) return prefs.lang;
  for (const tag of navigator.languages || [navigator.language || 'en']) {
    const base = String(tag).slice(0, 2).toLowerCase();
    if (base in LANGUAGES) return base;
  }
  return 'en';
}

export async function setLanguage(code) {
  const [en, chosen] = await Promise.all([fetchTable('en'), fetchTable(code)]);
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

function lookup(key) {
  return key in table ? table[key] : fallback[key];
}

export function has(key) {
  return lookup(key) !== undefined;
}

// Plural forms are objects keyed by Intl.PluralRules categories; `n` selects the form.
export function t(key, params = {}) {
  let text = lookup(key);
  if (text === undefined) return key;
  if (typeof text === 'object') {
    const n = Number(params.n ?? 0);
    text = text[rules.select(n)] ?? text.other ?? '';
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    name in params ? String(params[name]) : whole,
  );
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
