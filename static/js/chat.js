// The room's chat: the lines the server sends, the panel that shows them, the unread count on
// the header's button, and a reaction's bubble by its sender's seat. The server decides who
// may say what and who reads it; this only mirrors the room's chat settings.
//
// Every line is built from text nodes: nothing a person types is ever parsed as markup.

import { $, h, replace } from './dom.js';
import { currentLanguage, errorText, onLanguage, t, tOr } from './i18n.js';
import { isHost } from './model.js';

const REACTIONS = ['hello', 'good_luck', 'well_played', 'thanks', 'oops', 'sorry', 'one_moment', 'good_game'];
const RULES = ['all', 'spectators', 'off'];
const TEXT_MAX = 300;
const NAME_MAX = 24;
// More than the server sends on joining (200), so a long evening scrolls back a little further.
const KEEP = 400;
const BUBBLE_MS = 3000;
const BUBBLE_ROOM_PX = 40;
// How close to the bottom still counts as reading the newest line.
const AT_BOTTOM_PX = 24;
// Refusals of a line said in the chat: shown in the panel too, which may hide the toast.
const CHAT_REFUSALS = new Set(['empty_chat', 'unknown_reaction', 'muted', 'chat_closed', 'chat_too_fast', 'chat_busy']);

const ICON_MUTE = 'M4 5h16v11H9l-5 4zM3 3l18 18';
const ICON_UNMUTE = 'M4 5h16v11H9l-5 4z';

// `send(message)` sends on the room's socket (false when it is down); `getCtx()` is the
// page's latest state; `nickname()` is the name a spectator goes by.
export function createChat({ code, send, getCtx, nickname }) {
  const SEEN_KEY = `kortbord:chat-seen:${code}`;
  const lines = new Map();
  let watcher = null;
  let seen = readSeen();
  let open = false;
  let lastSent = null;
  let signature = '';
  let note = null;
  let wasClosed = null;

  const button = $('#chat-button');
  const badge = $('#chat-unread');
  const panel = $('#chat-panel');
  const list = h('ol', { id: 'chat-list', class: 'chat-list', role: 'log', 'aria-labelledby': 'chat-title' });
  const empty = h('p', { id: 'chat-empty', class: 'chat-empty muted' });
  const title = h('h2', { id: 'chat-title', class: 'chat-title' });
  const close = h('button', { type: 'button', id: 'chat-close', class: 'btn icon' });
  const rulesLabel = h('label', { for: 'chat-rules' });
  const rules = h('select', { id: 'chat-rules', class: 'chat-rules' });
  const host = h('div', { id: 'chat-host', class: 'chat-host', hidden: true }, rulesLabel, rules);
  const reactions = h('div', { class: 'chat-reactions', role: 'group' });
  const notice = h('p', { id: 'chat-note', class: 'chat-note' });
  const inputLabel = h('label', { for: 'chat-input', class: 'visually-hidden' });
  const input = h('input', {
    id: 'chat-input',
    class: 'chat-input',
    type: 'text',
    maxlength: TEXT_MAX,
    autocomplete: 'off',
    enterkeyhint: 'send',
    'aria-describedby': 'chat-note',
  });
  const sendButton = h('button', { type: 'submit', id: 'chat-send', class: 'btn primary' });
  const form = h('form', { id: 'chat-form', class: 'chat-form' }, inputLabel, input, sendButton);
  const bubbles = h('div', { class: 'chat-bubbles', 'aria-hidden': 'true' });

  replace(
    panel,
    h('div', { class: 'chat-head' }, title, close),
    host,
    h('div', { class: 'chat-scroll' }, empty, list),
    reactions,
    notice,
    form,
  );
  $('#table')?.append(bubbles);

  button.addEventListener('click', () => (open ? hide() : show()));
  close.addEventListener('click', () => {
    hide();
    button.focus();
  });
  panel.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    hide();
    button.focus();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (say({ text })) input.value = '';
  });
  rules.addEventListener('change', () => send({ type: 'chat_rules', spectators: rules.value }));
  list.addEventListener('click', (event) => {
    const toggle = event.target.closest?.('[data-mute]');
    if (!toggle) return;
    const muted = toggle.getAttribute('aria-pressed') !== 'true';
    const who = toggle.dataset.mute === 'seat' ? { seat: Number(toggle.dataset.seat) } : { watcher: Number(toggle.dataset.watcher) };
    send({ type: 'mute', ...who, muted });
  });
  document.addEventListener('visibilitychange', () => {
    if (open && document.visibilityState === 'visible') markSeen();
  });
  onLanguage(() => {
    translate();
    renderLines();
    sync(true);
  });
  translate();
  renderLines();

  function say(what) {
    const ctx = getCtx();
    const message = { type: 'chat', ...what };
    // A seated player's line carries the seat's nickname whatever it says; a spectator names itself.
    const name = ctx.seat === null ? (nickname() || '').trim().slice(0, NAME_MAX) : '';
    if (name) message.name = name;
    note = null;
    lastSent = what.text ?? null;
    return send(message);
  }

  function translate() {
    title.textContent = t('chat.title');
    close.setAttribute('aria-label', t('chat.close'));
    close.title = t('chat.close');
    replace(close, icon('M6 6l12 12M18 6L6 18'));
    rulesLabel.textContent = t('chat.rules');
    replace(
      rules,
      RULES.map((value) => h('option', { value, text: t(`chat.rules.${value}`) })),
    );
    reactions.setAttribute('aria-label', t('chat.reactions'));
    replace(
      reactions,
      REACTIONS.map((key) =>
        h('button', {
          type: 'button',
          class: 'btn small chat-reaction-btn',
          'data-reaction': key,
          text: t(`chat.reaction.${key}`),
          onclick: () => say({ reaction: key }),
        }),
      ),
    );
    inputLabel.textContent = t('chat.input');
    input.placeholder = t('chat.placeholder');
    sendButton.textContent = t('chat.send');
    empty.textContent = t('chat.empty');
  }

  // ---- the lines -----------------------------------------------------------------------------

  function receive(message) {
    if (Number.isInteger(message.watcher)) watcher = message.watcher;
    const incoming = Array.isArray(message.lines) ? message.lines : [];
    if (message.backlog) {
      // A connection's first chat is the whole recent chat: after a reconnect it replaces
      // what was shown, lines said meanwhile included.
      lines.clear();
      // A first visit starts with nothing unread; a return counts what was said since.
      if (seen === null) seen = incoming.reduce((most, line) => Math.max(most, line.n), 0);
    }
    const fresh = [];
    for (const line of incoming) {
      if (!Number.isInteger(line?.n)) continue;
      if (!lines.has(line.n)) fresh.push(line);
      lines.set(line.n, line);
    }
    while (lines.size > KEEP) lines.delete(Math.min(...lines.keys()));
    if (fresh.some(mine)) lastSent = null;
    const follow = atBottom() || fresh.some(mine);
    if (message.backlog) renderLines();
    else {
      for (const line of fresh.sort((a, b) => a.n - b.n)) list.append(lineItem(line));
      empty.hidden = lines.size > 0;
    }
    if (follow) scrollToEnd();
    if (!message.backlog) for (const line of fresh) if (line.reaction) bubble(line);
    if (open && document.visibilityState === 'visible') markSeen();
    updateBadge();
    sync(true);
  }

  function sorted() {
    return [...lines.values()].sort((a, b) => a.n - b.n);
  }

  function renderLines() {
    const follow = atBottom();
    const top = list.parentElement.scrollTop;
    replace(list, sorted().map(lineItem));
    empty.hidden = lines.size > 0;
    if (follow) scrollToEnd();
    else list.parentElement.scrollTop = top;
  }

  function mine(line) {
    const ctx = getCtx();
    if (line.seat !== null && line.seat !== undefined) return line.seat === ctx.seat;
    return ctx.seat === null && watcher !== null && line.watcher === watcher;
  }

  function speaker(line) {
    if (line.name) return line.name;
    return line.watcher !== null && line.watcher !== undefined ? t('chat.spectator_n', { n: line.watcher }) : '—';
  }

  function lineText(line) {
    return line.reaction ? tOr(`chat.reaction.${line.reaction}`, line.reaction) : line.text ?? '';
  }

  function lineItem(line) {
    const ctx = getCtx();
    const spectator = line.seat === null || line.seat === undefined;
    const when = new Date(line.t);
    const time = new Intl.DateTimeFormat(currentLanguage(), { hour: '2-digit', minute: '2-digit' }).format(when);
    const classes = ['chat-line'];
    if (spectator) classes.push('from-spectator');
    if (line.reaction) classes.push('is-reaction');
    if (line.to === 'spectators') classes.push('to-spectators');
    if (mine(line)) classes.push('is-mine');
    return h(
      'li',
      {
        class: classes.join(' '),
        'data-n': line.n,
        'data-seat': spectator ? null : line.seat,
        'data-watcher': spectator ? line.watcher : null,
        'data-reaction': line.reaction ?? null,
        'data-to': line.to ?? null,
      },
      h(
        'div',
        { class: 'chat-meta' },
        h('span', { class: spectator ? 'chat-name' : `chat-name p${line.seat}`, text: speaker(line) }),
        spectator ? h('span', { class: 'chat-tag spectator', text: t('chat.spectator') }) : null,
        mine(line) ? h('span', { class: 'chat-tag you', text: t('seat.you') }) : null,
        line.to === 'spectators' ? h('span', { class: 'chat-tag to', text: t('chat.to_spectators') }) : null,
        h('time', { class: 'chat-time', datetime: when.toISOString(), text: time }),
        muteToggle(ctx, line),
      ),
      h('p', { class: 'chat-text', text: lineText(line) }),
    );
  }

  // The host's switch by another participant's name. A seat's switch is offered only while the
  // line's speaker still holds that seat: seats move on a reorder, and a seat's next holder is
  // someone else.
  function muteToggle(ctx, line) {
    if (!isHost(ctx)) return null;
    const chat = ctx.room?.chat ?? {};
    let who;
    let muted;
    if (line.seat !== null && line.seat !== undefined) {
      const info = ctx.room.seats?.[line.seat];
      if (line.seat === ctx.seat || !info?.taken || info.nickname !== line.name) return null;
      who = { 'data-mute': 'seat', 'data-seat': line.seat };
      muted = (chat.muted ?? []).includes(line.seat);
    } else if (Number.isInteger(line.watcher)) {
      who = { 'data-mute': 'watcher', 'data-watcher': line.watcher };
      muted = (chat.muted_watchers ?? []).includes(line.watcher);
    } else return null;
    const label = t(muted ? 'chat.unmute' : 'chat.mute', { name: speaker(line) });
    return h(
      'button',
      {
        type: 'button',
        class: `btn chat-mute${muted ? ' is-muted' : ''}`,
        ...who,
        'aria-pressed': muted ? 'true' : 'false',
        'aria-label': label,
        title: label,
      },
      icon(muted ? ICON_MUTE : ICON_UNMUTE),
    );
  }

  function atBottom() {
    const box = list.parentElement;
    return box.scrollHeight - box.scrollTop - box.clientHeight < AT_BOTTOM_PX;
  }

  function scrollToEnd() {
    const box = list.parentElement;
    box.scrollTop = box.scrollHeight;
  }

  // ---- open, closed, unread ------------------------------------------------------------------

  function show() {
    open = true;
    panel.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    scrollToEnd();
    markSeen();
    // A finger opening the chat may only want to read it: no keyboard over the table then.
    if (!window.matchMedia('(pointer: coarse)').matches && !input.disabled) input.focus();
    else close.focus();
  }

  function hide() {
    open = false;
    panel.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    updateBadge();
  }

  function readSeen() {
    const value = Number.parseInt(localStorage.getItem(SEEN_KEY) ?? '', 10);
    return Number.isInteger(value) ? value : null;
  }

  function markSeen() {
    const last = lines.size ? Math.max(...lines.keys()) : 0;
    if (seen === null || last > seen) {
      seen = last;
      try {
        localStorage.setItem(SEEN_KEY, String(seen));
      } catch {
        // private browsing: counted for this page only
      }
    }
    updateBadge();
  }

  function unread() {
    if (open || seen === null) return 0;
    let count = 0;
    for (const line of lines.values()) if (line.n > seen && !mine(line)) count += 1;
    return count;
  }

  function updateBadge() {
    const n = unread();
    badge.hidden = n === 0;
    badge.textContent = n > 99 ? '99+' : String(n);
    button.dataset.unread = String(n);
    if (n) button.setAttribute('aria-label', t('chat.button_unread', { n }));
    else button.setAttribute('aria-label', t('chat.open'));
  }

  // ---- what the room says about the chat -----------------------------------------------------

  // Called on every render of the page; the lines are drawn again only when something they
  // show has changed (the host's switches, who holds which seat).
  function sync(force = false) {
    const ctx = getCtx();
    const chat = ctx.room?.chat ?? null;
    const hosting = isHost(ctx);
    const now = JSON.stringify([hosting, ctx.seat, chat, hosting ? ctx.room?.seats?.map((s) => s.nickname) : null]);
    if (now !== signature) {
      signature = now;
      if (!force) renderLines();
    }
    host.hidden = !hosting;
    if (hosting && chat && document.activeElement !== rules) rules.value = chat.spectators ?? 'all';
    const closed = closedBecause(ctx, chat);
    // A refusal is old news once the host has changed what this connection may do.
    if (closed !== wasClosed) note = null;
    wasClosed = closed;
    input.disabled = Boolean(closed);
    sendButton.disabled = Boolean(closed);
    for (const b of reactions.querySelectorAll('button')) b.disabled = Boolean(closed);
    panel.dataset.closed = closed ?? '';
    const hint = closed ?? (ctx.seat === null && chat?.spectators === 'spectators' ? 'chat.spectators_only_you' : null);
    notice.textContent = note ?? (hint ? t(hint) : '');
    notice.classList.toggle('is-refusal', Boolean(note));
    notice.hidden = !notice.textContent;
    updateBadge();
  }

  // Why this connection cannot chat, as the room's settings say; null when it can.
  function closedBecause(ctx, chat) {
    if (!chat) return null;
    if (ctx.seat !== null) return (chat.muted ?? []).includes(ctx.seat) ? 'chat.muted_you' : null;
    if (watcher !== null && (chat.muted_watchers ?? []).includes(watcher)) return 'chat.muted_you';
    if (chat.spectators === 'off') return 'chat.closed_you';
    return null;
  }

  // A refusal of a line: said in the panel, and the refused text is back in the input.
  function refused(message) {
    if (!CHAT_REFUSALS.has(message.code)) return;
    note = errorText(message.code, message.message);
    if (lastSent !== null && !input.value) input.value = lastSent;
    lastSent = null;
    sync(true);
  }

  // ---- a reaction by its sender's seat -------------------------------------------------------

  function bubble(line) {
    if (line.seat === null || line.seat === undefined) return;
    const seat = $(`#seats .seat[data-seat="${Number(line.seat)}"]`);
    const table = $('#table');
    if (!seat || !table) return;
    const box = seat.getBoundingClientRect();
    const frame = table.getBoundingClientRect();
    for (const old of bubbles.querySelectorAll(`[data-seat="${Number(line.seat)}"]`)) old.remove();
    // Above the seat; below it for a seat at the top of the felt, where the header would hide it.
    const below = box.top - frame.top < BUBBLE_ROOM_PX;
    const item = h('div', {
      class: below ? 'chat-bubble below' : 'chat-bubble',
      'data-seat': line.seat,
      text: lineText(line),
      style: `left: 0; top: ${(below ? box.bottom : box.top) - frame.top}px`,
    });
    bubbles.append(item);
    // Kept on the felt: a bubble past the screen's edge would widen a phone's page.
    const half = item.offsetWidth / 2;
    const centre = box.left - frame.left + box.width / 2;
    item.style.left = `${Math.min(Math.max(centre, half), frame.width - half)}px`;
    setTimeout(() => item.remove(), BUBBLE_MS);
  }

  return { receive, refused, sync: () => sync(false) };
}

function icon(path) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const shape = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  shape.setAttribute('d', path);
  shape.setAttribute('fill', 'none');
  shape.setAttribute('stroke', 'currentColor');
  shape.setAttribute('stroke-width', '2');
  shape.setAttribute('stroke-linecap', 'round');
  shape.setAttribute('stroke-linejoin', 'round');
  svg.append(shape);
  return svg;
}
