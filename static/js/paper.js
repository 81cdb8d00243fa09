// The middle of a table kept on paper: the players deal and play with a real pack, and after
// each deal one of them enters here what the game needs to score it. Nothing of cards is drawn.
// The form is drawn from the fields the server describes (docs/engine.md §2.8) without knowing
// the game: a choice of the deal as buttons (a long one as a list), a number per seat as − / +
// steppers with the running sum against the deal's total, a choice per seat. The sum and the
// fields still empty are a help to the person entering; the server checks the entry and
// scores it, and its refusal is shown beside the form with what was typed kept.
//
// What the player has typed lives here, not in the server's state: each state redraws the
// parts whose data changed, and a tap on a stepper changes the form in place, so that neither
// a presence update nor another player's move ever swallows a tap or a typed digit.

import { h, keepFocus, replace } from './dom.js';
import { errorText, formatNumber, has, t } from './i18n.js';
import { seatName } from './model.js';
import { dealList, namesList, sheetTable, standingOf, standingText } from './protocol-sheet.js';

// A choice with more values than this is a list to pick from, not a row of buttons.
const MAX_BUTTONS = 12;
// Per seat, each row of buttons is narrower: fewer of them.
const MAX_SEAT_BUTTONS = 6;
// The longest action the server reads (docs/protocol.md §5).
const ACTION_MAX = 512;
const SUIT_SYMBOLS = { S: '♠', H: '♥', D: '♦', C: '♣' };

const local = {
  match: null, // `${code}:${match number}` the drafts below belong to
  drafts: new Map(), // `${mode}:${deal number}` -> {values}
  forms: new Map(), // deal number -> the form this page was sent for it, while it was next
  amending: null, // {number, amendments}: the last deal, being corrected
  // {draft, text, field, seat}: the server's refusal of what this page sent, shown with the
  // draft it refused ('*': with whatever form is shown, for a table that moved on meanwhile)
  error: null,
  keys: {}, // the data each part of the panel was last drawn from
};

// ---- the fields ----------------------------------------------------------------------------

// The fields an entry asks, in order: one with `when` only while the field it names is asked
// and has one of the values listed (as the server reads an entry).
function askedFields(fields, values) {
  const asked = [];
  const seen = new Map();
  for (const field of fields) {
    const when = field.when;
    if (when && !(seen.has(when.key) && when.values.includes(seen.get(when.key)))) continue;
    asked.push(field);
    seen.set(field.key, values[field.key] ?? null);
  }
  return asked;
}

const perSeat = (field) => field.kind !== 'choice';

function blankValue(field, seats) {
  if (!perSeat(field)) return null;
  return Array.from({ length: seats }, (_, seat) =>
    field.seats.includes(seat) && field.kind === 'seat_number' ? field.minimum : null,
  );
}

// What the form starts from: the entry being corrected, else nothing chosen and every number
// at its least.
function startValues(fields, seats, entry) {
  const values = {};
  for (const field of fields) {
    const given = entry?.[field.key];
    if (given === undefined || given === null) values[field.key] = blankValue(field, seats);
    else values[field.key] = Array.isArray(given) ? [...given] : given;
  }
  return values;
}

// The entry as the server reads it: the fields asked, each seat's value in a list by seat
// (null for a seat the field does not list), and no field that is not asked.
function entryOf(fields, values, seats) {
  const entry = {};
  for (const field of askedFields(fields, values)) {
    const value = values[field.key];
    entry[field.key] = perSeat(field)
      ? Array.from({ length: seats }, (_, seat) => (field.seats.includes(seat) ? value?.[seat] ?? null : null))
      : value ?? null;
  }
  return entry;
}

function sumOf(field, value) {
  return field.seats.reduce((sum, seat) => sum + (Number.isInteger(value?.[seat]) ? value[seat] : 0), 0);
}

// What keeps the entry from being sent: fields with nothing in them, and sums that miss their
// total. Only a help: whatever is sent, the server decides.
function gaps(fields, values) {
  const missing = [];
  const sums = [];
  for (const field of askedFields(fields, values)) {
    const value = values[field.key];
    if (!perSeat(field)) {
      if (value === null || value === undefined) missing.push(field);
    } else if (field.seats.some((seat) => value?.[seat] === null || value?.[seat] === undefined)) {
      missing.push(field);
    } else if (field.kind === 'seat_number' && field.total !== null && field.total !== undefined) {
      if (sumOf(field, value) !== field.total) sums.push(field);
    }
  }
  return { missing, sums };
}

// ---- words ---------------------------------------------------------------------------------

const label = (field) => t(field.label);

// Whether a choice's values name seats ("0", "1", beside words such as "nobody"): every value
// written in digits is a seat of this table.
function namesSeats(field, size) {
  const digits = (field.choices ?? []).filter((c) => /^\d+$/.test(c));
  return digits.length > 0 && digits.every((c) => Number(c) < size);
}

// A value of a choice in words: the game's word for it, a suit's symbol, a seat's player,
// else the value as it is (a number).
function valueWords(ctx, field, value) {
  const key = `paper.value.${field.key}.${value}`;
  if (has(key)) return { text: t(key) };
  if (value in SUIT_SYMBOLS) return { text: SUIT_SYMBOLS[value], suit: value, name: t(`suit.name.${value}`) };
  if (namesSeats(field, ctx.room.size) && /^\d+$/.test(value)) return { text: seatName(ctx.room, Number(value)) };
  return { text: /^-?\d+$/.test(value) ? formatNumber(Number(value)) : value };
}

function valueNode(words) {
  if (!words.suit) return words.text;
  return h(
    'span',
    { class: `paper-suit suit-${words.suit}` },
    h('span', { 'aria-hidden': 'true', text: words.text }),
    h('span', { class: 'visually-hidden', text: words.name }),
  );
}

const valueText = (words) => (words.suit ? `${words.text} ${words.name}` : words.text);

// A fact of the deal in words (`paper.fact.<name>`, the game's or the core's): a seat named by
// its player, seats listed, a suit by its symbol, a count. A fact without words, or without a
// value, is not shown.
function factLine(ctx, name, value) {
  const key = `paper.fact.${name}`;
  if (!has(key) || value === null || value === undefined) return null;
  if (Array.isArray(value) && !value.length) return null;
  // words that name a seat take a seat; the others count, and a count of none goes unsaid
  const ofSeat = t(key).includes('{name}');
  if (typeof value === 'number' && !ofSeat && value === 0) return null;
  const params = { n: value };
  if (typeof value === 'number' && ofSeat) {
    params.name = seatName(ctx.room, value);
  } else if (Array.isArray(value)) {
    params.name = namesList(value.map((s) => seatName(ctx.room, s)));
  } else if (value in SUIT_SYMBOLS) {
    params.suit = `${SUIT_SYMBOLS[value]} ${t(`suit.name.${value}`)}`;
  }
  return h('li', { 'data-fact': name, text: t(key, params) });
}

function factsList(ctx, form) {
  const items = [factLine(ctx, 'dealer', form.dealer)];
  for (const [name, value] of Object.entries(form.facts ?? {})) items.push(factLine(ctx, name, value));
  return h('ul', { class: 'paper-facts' }, items);
}

// ---- which form ----------------------------------------------------------------------------

// The form of the last deal, to correct it: the server's description of it when the view has
// one; else the form this page was sent for that deal while it was the next (what the deals
// before it asked, which a correction of it does not change); else the next deal's fields,
// widened to hold what was entered. The server checks what is sent either way.
function lastForm(view) {
  const last = view.last;
  if (!last) return null;
  if (last.form) return last.form;
  if (local.forms.has(last.number)) return local.forms.get(last.number);
  if (!view.form) return null;
  const fields = view.form.fields.map((field) => {
    const given = last.entry?.[field.key];
    if (!perSeat(field)) {
      const choices = given && !field.choices.includes(given) ? [...field.choices, given] : field.choices;
      return { ...field, choices };
    }
    if (!Array.isArray(given)) return field;
    const seats = given.flatMap((value, seat) => (value === null ? [] : [seat]));
    const extra = field.choices ? given.filter((v) => v !== null && !field.choices.includes(v)) : [];
    return { ...field, seats, ...(field.choices ? { choices: [...field.choices, ...new Set(extra)] } : {}) };
  });
  return { number: last.number, dealer: last.dealer, facts: {}, fields };
}

// What the form in the middle is for: entering the next deal, correcting the last, or nothing
// (a spectator, or every deal entered and nothing being corrected).
function current(ctx) {
  const { view } = ctx;
  if (ctx.seat === null) return null;
  if (local.amending) {
    const form = lastForm(view);
    if (form) return { mode: 'amend', form, draft: `amend:${form.number}`, entry: view.last.entry };
  }
  if (view.form) return { mode: 'enter', form: view.form, draft: `enter:${view.form.number}`, entry: null };
  return null;
}

function draftOf(ctx, task) {
  if (!local.drafts.has(task.draft)) {
    local.drafts.set(task.draft, { values: startValues(task.form.fields, ctx.room.size, task.entry) });
  }
  return local.drafts.get(task.draft);
}

// A new match starts from blank paper; a correction ends once the last deal has changed (this
// page's or another's) or a later deal has been entered.
function follow(ctx) {
  const match = `${ctx.room.code}:${ctx.room.match_number}`;
  if (local.match !== match) {
    local.match = match;
    local.drafts.clear();
    local.forms.clear();
    local.amending = null;
    local.error = null;
  }
  const { form, last } = ctx.view;
  if (form) local.forms.set(form.number, form);
  // only the last deal is ever corrected: the forms of those before it are done with
  for (const number of [...local.forms.keys()]) {
    if (number < (last?.number ?? 0)) local.forms.delete(number);
  }
  if (local.amending) {
    const { number, amendments } = local.amending;
    const changed = !last || last.number !== number || last.amendments !== amendments;
    if (changed || ctx.seat === null) {
      local.drafts.delete(`amend:${local.amending.number}`);
      local.amending = null;
    }
  }
  const live = new Set([
    form ? `enter:${form.number}` : null,
    local.amending ? `amend:${local.amending.number}` : null,
  ]);
  for (const key of [...local.drafts.keys()]) if (!live.has(key)) local.drafts.delete(key);
  const error = local.error;
  if (error?.draft === '*') {
    // told on the fresh state that follows it, and gone once the table moves on again
    if (error.seen === undefined) {
      if (ctx.v !== error.at) error.seen = ctx.v;
    } else if (ctx.v !== error.seen) local.error = null;
  } else if (error?.draft === 'close') {
    if (ctx.view.phase !== 'confirm') local.error = null;
  } else if (error && !live.has(error.draft)) local.error = null;
}

// The server refused what this page sent (its error frame, and the action it answered).
export function refused(ctx, message, action) {
  if (!ctx.room?.paper || !ctx.view?.paper) return false;
  const kind = String(action ?? '').split(':', 1)[0];
  if (!['enter', 'amend', 'close'].includes(kind)) return false;
  const task = current(ctx);
  const text =
    message.code === 'stale_version' ? t('paper.stale') : errorText(message.code, message.message);
  const detail = message.detail ?? {};
  local.error = {
    draft: message.code === 'stale_version' ? '*' : kind === 'close' ? 'close' : task?.draft ?? null,
    at: ctx.v,
    text,
    field: typeof detail.field === 'string' ? detail.field : null,
    seat: Number.isInteger(detail.seat) ? detail.seat : null,
  };
  return true;
}

// ---- the form ------------------------------------------------------------------------------

function stepper(ctx, field, seat, change) {
  const name = seatName(ctx.room, seat);
  return h(
    'div',
    { class: 'paper-seat', 'data-seat': seat },
    h('span', { class: 'paper-seat-name', id: `paper-${field.key}-${seat}`, title: name, text: name }),
    h(
      'span',
      { class: 'stepper' },
      h('button', {
        type: 'button',
        class: 'btn step step-down',
        'data-focus': `${field.key}:${seat}:down`,
        'aria-label': t('paper.less', { name, field: label(field) }),
        text: '−',
        onclick: () => change((v) => Math.max(field.minimum, (v ?? field.minimum) - 1)),
      }),
      h('input', {
        type: 'number',
        class: 'paper-number',
        inputmode: 'numeric',
        min: field.minimum,
        max: field.maximum,
        step: 1,
        'data-focus': `${field.key}:${seat}:input`,
        'aria-label': t('paper.value_of', { name, field: label(field) }),
        onfocus: (event) => event.target.select(),
        oninput: (event) => {
          const typed = event.target.value.trim();
          change(() => (/^-?\d+$/.test(typed) ? Number(typed) : null), event.target);
        },
      }),
      h('button', {
        type: 'button',
        class: 'btn step step-up',
        'data-focus': `${field.key}:${seat}:up`,
        'aria-label': t('paper.more', { name, field: label(field) }),
        text: '+',
        onclick: () => change((v) => Math.min(field.maximum, (v ?? field.minimum) + 1)),
      }),
    ),
    field.total !== null && field.total !== undefined
      ? h('button', {
          type: 'button',
          class: 'btn small step-rest',
          'data-focus': `${field.key}:${seat}:rest`,
          hidden: true,
          onclick: (event) => change((v) => (v ?? 0) + Number(event.currentTarget.dataset.rest)),
        })
      : null,
  );
}

function choiceButtons(ctx, field, choose, extra = {}) {
  return h(
    'div',
    { class: 'paper-choices', role: 'group', ...extra },
    field.choices.map((value) => {
      const words = valueWords(ctx, field, value);
      return h(
        'button',
        {
          type: 'button',
          class: 'btn paper-choice',
          'data-value': value,
          'data-focus': `${field.key}:${extra['data-seat'] ?? ''}:${value}`,
          'aria-pressed': 'false',
          onclick: () => choose(value),
        },
        valueNode(words),
      );
    }),
  );
}

function choiceList(ctx, field, choose, extra = {}) {
  return h(
    'select',
    {
      class: 'paper-select',
      'data-focus': `${field.key}:${extra['data-seat'] ?? ''}:select`,
      onchange: (event) => choose(event.target.value === '' ? null : event.target.value),
      ...extra,
    },
    h('option', { value: '', text: t('paper.choose') }),
    field.choices.map((value) => h('option', { value, text: valueText(valueWords(ctx, field, value)) })),
  );
}

function fieldBlock(ctx, field, draft, update) {
  const id = `paper-label-${field.key}`;
  const setValue = (value) => {
    draft.values[field.key] = value;
    update();
  };
  const setSeat = (seat, value) => {
    const list = [...(draft.values[field.key] ?? blankValue(field, ctx.room.size))];
    list[seat] = value;
    draft.values[field.key] = list;
    update();
  };
  let body;
  if (field.kind === 'choice') {
    body =
      field.choices.length > MAX_BUTTONS
        ? choiceList(ctx, field, setValue, { 'aria-labelledby': id })
        : choiceButtons(ctx, field, setValue, { 'aria-labelledby': id });
  } else if (field.kind === 'seat_choice') {
    body = field.seats.map((seat) => {
      const name = seatName(ctx.room, seat);
      const extra = { 'data-seat': seat, 'aria-label': t('paper.value_of', { name, field: label(field) }) };
      return h(
        'div',
        { class: 'paper-seat', 'data-seat': seat },
        h('span', { class: 'paper-seat-name', title: name, text: name }),
        field.choices.length > MAX_SEAT_BUTTONS
          ? choiceList(ctx, field, (value) => setSeat(seat, value), extra)
          : choiceButtons(ctx, field, (value) => setSeat(seat, value), extra),
      );
    });
  } else {
    body = field.seats.map((seat) =>
      stepper(ctx, field, seat, (next, typing = null) => {
        const list = [...(draft.values[field.key] ?? blankValue(field, ctx.room.size))];
        list[seat] = next(list[seat]);
        draft.values[field.key] = list;
        update(typing);
      }),
    );
  }
  const hasTotal = field.kind === 'seat_number' && field.total !== null && field.total !== undefined;
  return h(
    'fieldset',
    { class: `paper-field kind-${field.kind}`, 'data-field': field.key },
    h(
      'legend',
      { class: 'paper-label' },
      h('span', { id, text: label(field) }),
      hasTotal ? h('span', { class: 'paper-sum', 'aria-live': 'polite' }) : null,
    ),
    body,
  );
}

// Everything the draft decides, set on the form already drawn: what is chosen, each number,
// which fields are asked, the sums, whether the entry can go.
function showDraft(root, ctx, task, draft, typing = null) {
  const { fields } = task.form;
  const values = draft.values;
  const asked = new Set(askedFields(fields, values).map((f) => f.key));
  const busy = Boolean(ctx.pending) || ctx.connection !== 'open';
  const error = local.error?.draft === task.draft || local.error?.draft === '*' ? local.error : null;
  for (const field of fields) {
    const block = root.querySelector(`[data-field="${CSS.escape(field.key)}"]`);
    if (!block) continue;
    block.hidden = !asked.has(field.key);
    block.dataset.invalid = error?.field === field.key ? 'true' : 'false';
    const value = values[field.key];
    if (field.kind === 'choice') {
      for (const button of block.querySelectorAll('.paper-choice')) {
        button.setAttribute('aria-pressed', String(button.dataset.value === value));
      }
      const select = block.querySelector('.paper-select');
      if (select) select.value = value ?? '';
      continue;
    }
    for (const row of block.querySelectorAll('.paper-seat')) {
      const seat = Number(row.dataset.seat);
      const own = value?.[seat] ?? null;
      row.dataset.invalid = error?.field === field.key && error.seat === seat ? 'true' : 'false';
      if (field.kind === 'seat_choice') {
        for (const button of row.querySelectorAll('.paper-choice')) {
          button.setAttribute('aria-pressed', String(button.dataset.value === own));
        }
        const select = row.querySelector('.paper-select');
        if (select) select.value = own ?? '';
        continue;
      }
      const input = row.querySelector('.paper-number');
      // the number being typed stays as typed (a lone minus sign, a leading zero)
      if (input !== typing) input.value = own === null ? '' : String(own);
      row.querySelector('.step-down').disabled = own !== null && own <= field.minimum;
      row.querySelector('.step-up').disabled = own !== null && own >= field.maximum;
    }
    if (field.kind === 'seat_number' && field.total !== null && field.total !== undefined) {
      const sum = sumOf(field, value);
      const left = field.total - sum;
      const line = block.querySelector('.paper-sum');
      line.textContent = t('paper.sum', { sum: formatNumber(sum), total: formatNumber(field.total) });
      Object.assign(line.dataset, { sum, total: field.total, state: left > 0 ? 'short' : left < 0 ? 'over' : 'ok' });
      for (const row of block.querySelectorAll('.paper-seat')) {
        const rest = row.querySelector('.step-rest');
        const own = value?.[Number(row.dataset.seat)] ?? 0;
        // once a number is in, the rest can go to one seat with a tap
        const fits = sum > 0 && left > 0 && own + left <= field.maximum;
        rest.hidden = !fits;
        if (fits) {
          const name = seatName(ctx.room, Number(row.dataset.seat));
          rest.dataset.rest = left;
          rest.textContent = `+${formatNumber(left)}`;
          rest.setAttribute('aria-label', t('paper.rest', { name, n: left }));
          rest.title = t('paper.rest', { name, n: left });
        }
      }
    }
  }
  const { missing, sums } = gaps(fields, values);
  const hint = root.querySelector('#paper-hint');
  const lines = [];
  if (missing.length) lines.push(t('paper.missing', { fields: namesList(missing.map(label)) }));
  for (const field of sums) {
    const sum = formatNumber(sumOf(field, values[field.key]));
    lines.push(t('paper.sum_off', { field: label(field), sum, total: formatNumber(field.total) }));
  }
  hint.textContent = lines.join(' ');
  hint.hidden = lines.length === 0;
  const submit = root.querySelector('.paper-submit');
  submit.disabled = busy || lines.length > 0;
  const cancel = root.querySelector('#paper-cancel');
  if (cancel) cancel.disabled = Boolean(ctx.pending);
  const shown = root.querySelector('#paper-error');
  shown.textContent = error ? errorLine(task.form, error) : '';
  shown.hidden = !error;
}

function errorLine(form, error) {
  const field = form.fields.find((f) => f.key === error.field);
  return field ? `${label(field)}: ${error.text}` : error.text;
}

function entryForm(ctx, handlers, task, redraw) {
  const draft = draftOf(ctx, task);
  const { form, mode } = task;
  let root = null;
  const update = (typing = null) => {
    // what the person changes makes an earlier refusal of it old news
    if (local.error?.draft === task.draft || local.error?.draft === '*') local.error = null;
    showDraft(root, ctx, task, draft, typing);
  };
  const submit = (event) => {
    event.preventDefault();
    const { missing, sums } = gaps(form.fields, draft.values);
    if (missing.length || sums.length || ctx.pending) return;
    const action = `${mode}:${JSON.stringify(entryOf(form.fields, draft.values, ctx.room.size))}`;
    if (action.length > ACTION_MAX) {
      local.error = { draft: task.draft, text: t('paper.too_long'), field: null, seat: null };
      showDraft(root, ctx, task, draft);
      return;
    }
    local.error = null;
    handlers.act(action);
  };
  const amend = mode === 'amend';
  root = h(
    'form',
    {
      class: 'paper-form panel-card',
      id: 'paper-form',
      novalidate: true,
      'data-mode': mode,
      'data-number': form.number,
      'aria-labelledby': 'paper-form-title',
      onsubmit: submit,
    },
    h(
      'div',
      { class: 'paper-head' },
      h('h2', {
        id: 'paper-form-title',
        text: amend ? t('paper.amend_title', { n: form.number }) : t('paper.form_title', { n: form.number }),
      }),
      factsList(ctx, form),
    ),
    form.fields.map((field) => fieldBlock(ctx, field, draft, update)),
    h('p', { class: 'paper-error', id: 'paper-error', role: 'alert', hidden: true }),
    h('p', { class: 'paper-hint muted', id: 'paper-hint', role: 'status', hidden: true }),
    h(
      'div',
      { class: 'button-row' },
      amend
        ? h('button', {
            type: 'button',
            class: 'btn',
            id: 'paper-cancel',
            'data-focus': 'cancel',
            text: t('dialog.cancel'),
            onclick: () => {
              local.drafts.delete(task.draft);
              local.amending = null;
              if (local.error?.draft === task.draft) local.error = null;
              redraw();
            },
          })
        : null,
      h('button', {
        type: 'submit',
        class: 'btn primary big paper-submit',
        id: amend ? 'paper-save' : 'paper-enter',
        'data-focus': 'submit',
        text: amend ? t('paper.save', { n: form.number }) : t('paper.enter', { n: form.number }),
      }),
    ),
  );
  showDraft(root, ctx, task, draft);
  return { node: root, refresh: () => showDraft(root, ctx, task, draft) };
}

// Every deal is entered: the last may still be corrected, then anyone seated closes the match.
function confirmCard(ctx, handlers, ui) {
  const canClose = Boolean(ctx.view.legal?.actions?.includes('close'));
  const error = local.error?.draft === 'close' || local.error?.draft === '*' ? local.error : null;
  return h(
    'section',
    { class: 'paper-confirm panel-card', id: 'paper-confirm', 'aria-labelledby': 'paper-confirm-title' },
    h('h2', { id: 'paper-confirm-title', text: t('paper.all_entered_title') }),
    h('p', { class: 'muted', text: t('paper.all_entered') }),
    error ? h('p', { class: 'paper-error', id: 'paper-error', role: 'alert', text: error.text }) : null,
    canClose
      ? h(
          'div',
          { class: 'button-row' },
          h('button', {
            type: 'button',
            class: 'btn primary big',
            id: 'paper-close',
            'data-focus': 'close',
            disabled: Boolean(ctx.pending) || ctx.connection !== 'open',
            text: t('paper.close'),
            onclick: () =>
              ui.confirm(t('paper.close_confirm'), () => {
                local.error = null;
                handlers.act('close');
              }),
          }),
        )
      : null,
  );
}

// ---- the last deal entered -----------------------------------------------------------------

function seatValues(ctx, field, value) {
  return value
    .map((own, seat) => {
      if (own === null || own === undefined) return null;
      const shown = typeof own === 'number' ? formatNumber(own) : valueText(valueWords(ctx, field, own));
      return `${seatName(ctx.room, seat)} ${shown}`;
    })
    .filter(Boolean)
    .join(' · ');
}

function lastCard(ctx, redraw) {
  const { view } = ctx;
  const last = view.last;
  const form = lastForm(view) ?? { fields: [] };
  const fieldOf = (key) =>
    form.fields.find((f) => f.key === key) ?? { key, kind: 'choice', label: `paper.${key}`, choices: [] };
  // in the form's order, then anything else the entry holds
  const keys = [...form.fields.map((f) => f.key).filter((key) => key in last.entry), ...Object.keys(last.entry)];
  const rows = [...new Set(keys)].map((key) => {
    const field = fieldOf(key);
    const value = last.entry[key];
    return [
      h('dt', { text: label(field) }),
      h(
        'dd',
        { 'data-field': key },
        Array.isArray(value) ? seatValues(ctx, field, value) : valueNode(valueWords(ctx, field, String(value))),
      ),
    ];
  });
  const scores = last.scores
    .map((score, seat) => `${seatName(ctx.room, seat)} ${score === null ? '—' : formatNumber(score, true)}`)
    .join(' · ');
  const byline = [t('paper.entered_by', { name: seatName(ctx.room, last.entered_by) })];
  if (last.amendments) byline.push(t('paper.corrected', { n: last.amendments }));
  const canAmend = ctx.seat !== null && !local.amending && lastForm(view) !== null;
  return h(
    'section',
    {
      class: 'paper-last panel-card',
      id: 'paper-last',
      'data-number': last.number,
      'data-amendments': last.amendments,
      'aria-labelledby': 'paper-last-title',
    },
    h('h2', { id: 'paper-last-title', text: t('paper.last_title', { n: last.number }) }),
    h('p', { class: 'muted paper-byline', text: byline.join(' · ') }),
    h(
      'dl',
      { class: 'paper-entry' },
      rows,
      h('dt', { text: t('paper.scores') }),
      h('dd', { class: 'paper-scores', text: scores }),
    ),
    canAmend
      ? h('button', {
          type: 'button',
          class: 'btn',
          id: 'paper-amend',
          'data-focus': 'amend',
          disabled: Boolean(ctx.pending) || ctx.connection !== 'open',
          text: t('paper.amend'),
          onclick: () => {
            local.amending = { number: last.number, amendments: last.amendments };
            redraw({ focus: true });
          },
        })
      : null,
  );
}

// ---- the scoresheet ------------------------------------------------------------------------

function sheetCard(ctx, handlers, open) {
  const { room, view } = ctx;
  const sheet = view.scoresheet;
  const nameOf = (seat) => seatName(room, seat);
  const standing = standingOf(sheet, room.status, view.winners);
  return h(
    'section',
    { class: 'paper-sheet panel-card', id: 'paper-sheet', 'aria-labelledby': 'paper-sheet-title' },
    h(
      'div',
      { class: 'section-head' },
      h('h2', { id: 'paper-sheet-title', text: t('protocol.title') }),
      h('button', {
        type: 'button',
        class: 'btn small',
        'data-focus': 'protocol',
        text: t('paper.chart'),
        onclick: () => handlers.openProtocol(),
      }),
    ),
    sheet.deals.length
      ? [
          sheetTable(sheet, nameOf, { id: 'paper-sheet-table', standing, me: ctx.seat }),
          standing ? h('p', { class: 'standing', text: standingText(standing, nameOf) }) : null,
          dealList(sheet, nameOf, open),
        ]
      : h('p', { class: 'muted', text: t('protocol.no_deals') }),
  );
}

// ---- the whole ------------------------------------------------------------------------------

function dealLine(ctx) {
  const { view } = ctx;
  const n = view.form?.number ?? view.deals_played;
  const total = view.deals_total;
  return h(
    'div',
    { class: 'deal-info' },
    h('span', { class: 'label-pill paper-pill', id: 'paper-pill', text: t('room.paper') }),
    h('span', {
      class: 'deal-number',
      text: total === null || total === undefined ? t('deal.number', { n }) : t('deal.of', { n, total }),
    }),
  );
}

function names(ctx) {
  return ctx.room.seats.map((s) => seatName(ctx.room, s.seat));
}

// Draw one part of the panel again only when what it shows has changed.
function part(slot, key, build) {
  if (local.keys[slot.dataset.part] === key && slot.firstChild) return false;
  local.keys[slot.dataset.part] = key;
  keepFocus(slot, 'data-focus', () => replace(slot, build()));
  return true;
}

let shownForm = null;

export function renderPaper(center, ctx, handlers, ui) {
  const { view } = ctx;
  follow(ctx);
  let root = center.querySelector(':scope > #paper');
  if (!root) {
    local.keys = {};
    shownForm = null;
    root = h(
      'div',
      { class: 'paper', id: 'paper' },
      ['head', 'entry', 'last', 'sheet'].map((name) =>
        h('div', { class: `paper-part paper-${name}-part`, 'data-part': name }),
      ),
    );
    replace(center, root);
  }
  center.classList.remove('my-turn');
  Object.assign(root.dataset, { phase: view.phase, mode: local.amending ? 'amend' : 'enter' });
  const slot = (name) => root.querySelector(`[data-part="${name}"]`);
  const lang = document.documentElement.lang;
  // the status line says what the form is for too: the whole page is drawn again
  const redraw = ({ focus = false } = {}) => {
    ui.render();
    if (focus) root.querySelector('#paper-form .paper-choice, #paper-form input, #paper-form select')?.focus();
  };

  const headKey = JSON.stringify([lang, view.form?.number, view.deals_played, view.deals_total]);
  part(slot('head'), headKey, () => dealLine(ctx));

  const task = current(ctx);
  const entryKey = JSON.stringify([
    lang,
    names(ctx),
    ctx.seat,
    view.phase,
    task ? [task.mode, task.draft, task.form] : null,
    task ? null : [view.legal, local.error?.text ?? null],
    task ? null : [Boolean(ctx.pending), ctx.connection],
  ]);
  const drawn = part(slot('entry'), entryKey, () => {
    if (task) {
      shownForm = entryForm(ctx, handlers, task, redraw);
      return shownForm.node;
    }
    shownForm = null;
    if (view.phase === 'confirm' && ctx.seat !== null) return confirmCard(ctx, handlers, ui);
    if (ctx.seat !== null) return null;
    return h('p', { class: 'paper-watch panel-card', id: 'paper-watch', text: t('paper.watching') });
  });
  // The same form, with what the server's state changes around it: pending, the connection,
  // a refusal come in.
  if (!drawn && shownForm) shownForm.refresh();

  const last = view.last;
  part(
    slot('last'),
    JSON.stringify([lang, names(ctx), ctx.seat, last, Boolean(local.amending), Boolean(ctx.pending), ctx.connection]),
    () => (last ? lastCard(ctx, redraw) : null),
  );

  const sheetSlot = slot('sheet');
  const open = sheetSlot.querySelector('.deal-list')?.open ?? false;
  part(
    sheetSlot,
    JSON.stringify([lang, names(ctx), ctx.seat, ctx.room.status, view.scoresheet, view.winners]),
    () => sheetCard(ctx, handlers, open),
  );
}

// The status line of a paper table.
export function paperStatus(ctx) {
  const { view } = ctx;
  if (!view?.paper) return null;
  // the status line is drawn before the middle: what this state ends is ended here first
  follow(ctx);
  if (local.amending && ctx.seat !== null) return t('status.paper.amend', { n: local.amending.number });
  if (view.phase === 'confirm') return t('status.paper.confirm');
  const n = view.form?.number ?? view.deals_played + 1;
  return ctx.seat === null ? t('status.paper.watch', { n }) : t('status.paper.enter', { n });
}

// Badges beside a seat's name: who deals the next deal, who sits it out.
export function paperBadges(ctx, seat) {
  const form = ctx.view?.form;
  if (!form) return [];
  const out = [];
  if (form.dealer === seat) out.push({ kind: 'dealer', long: t('badge.dealer'), short: t('badge.dealer_short') });
  const out_ = form.facts?.sitting_out;
  if (out_ === seat || (Array.isArray(out_) && out_.includes(seat))) {
    out.push({ kind: 'out', long: t('badge.sitting_out'), short: '–' });
  }
  return out;
}
