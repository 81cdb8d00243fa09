// The header's language picker and the settings dialog, shared by every page.

import { $ } from './dom.js';
import { cardSvg } from './cards.js';
import { LANGUAGES, currentLanguage, setLanguage } from './i18n.js';
import { prefs, setPref } from './prefs.js';

export function initSettings() {
  const select = $('#lang-select');
  if (select) {
    select.replaceChildren(
      ...Object.entries(LANGUAGES).map(([code, name]) => {
        const option = new Option(name, code);
        option.lang = code;
        return option;
      }),
    );
    select.value = currentLanguage();
    select.addEventListener('change', () => {
      setPref('lang', select.value);
      setLanguage(select.value);
    });
  }

  const dialog = $('#settings-dialog');
  const open = $('#settings-button');
  if (!dialog || !open) return;
  open.addEventListener('click', () => {
    syncForm(dialog);
    dialog.showModal();
  });
  for (const close of dialog.querySelectorAll('[data-close]')) {
    close.addEventListener('click', () => dialog.close());
  }
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close(); // a tap on the backdrop
  });
  dialog.addEventListener('change', (event) => {
    const input = event.target;
    if (['theme', 'deck', 'sort', 'narrate'].includes(input.name)) setPref(input.name, input.value);
    const flags = ['sound', 'titleSignal', 'oneTap', 'motion', 'autoPlay', 'autoClaim', 'premove', 'premoveConfirm'];
    if (flags.includes(input.name)) setPref(input.name, input.checked);
  });
  const again = $('#coach-again', dialog);
  again?.addEventListener('click', () => {
    setPref('coachSeen', {});
    again.disabled = true;
  });
  const preview = $('#deck-preview', dialog);
  if (preview) preview.replaceChildren(...['AS', 'KH', 'QD', 'JC'].map((c) => cardSvg(c)));
}

function syncForm(dialog) {
  const again = $('#coach-again', dialog);
  if (again) again.disabled = Object.keys(prefs.coachSeen ?? {}).length === 0;
  for (const input of dialog.querySelectorAll('input')) {
    if (input.type === 'radio') input.checked = prefs[input.name] === input.value;
    if (input.type === 'checkbox') input.checked = Boolean(prefs[input.name]);
    if (input.type === 'text') input.value = prefs[input.name] ?? '';
  }
}
