// The side panel: the score board (with the columns the game's panel adds, such as each
// player's contracts still to play), the game's own sections, host controls and the way to
// give up a seat.

import { h, keepFocus, replace } from './dom.js';
import { formatNumber, has, t } from './i18n.js';
import { defaultBotLevel, isHost, isPlaying, seatName, TEAM_LETTERS, teamOf } from './model.js';
import { botIcon, botLabel, levelName } from './table.js';
import { hintsControl } from './learn.js';

// The small letter that marks a seat's team, where the game is played in partnerships.
export function teamMark(room, seat) {
  const team = teamOf(room, seat);
  if (team === null) return null;
  return h('span', {
    class: `badge badge-team team-${team}`,
    'data-team': team,
    title: t('badge.team', { team: TEAM_LETTERS[team] }),
    text: TEAM_LETTERS[team],
  });
}

function scoreboard(ctx, panel, handlers) {
  const { view, room } = ctx;
  const columns = panel.scoreColumns?.(ctx) ?? [];
  const rows = room.seats.map((s) =>
    h(
      'tr',
      { 'data-seat': s.seat, class: s.seat === ctx.seat ? 'is-me' : '' },
      h(
        'th',
        // A long name is cut short in the column; the whole of it shows on hover.
        { scope: 'row', title: seatName(room, s.seat) },
        teamMark(room, s.seat),
        s.bot ? [botIcon(), ' '] : null,
        seatName(room, s.seat),
        s.bot ? h('span', { class: 'visually-hidden', text: ` (${botLabel(s)})` }) : null,
      ),
      columns.map((column) => h('td', { class: column.className ?? null }, column.cell(s.seat))),
      h('td', { class: 'num', text: formatNumber(view.totals[s.seat], true) }),
    ),
  );
  return h(
    'section',
    { class: 'side-section', 'aria-labelledby': 'scores-title' },
    h(
      'div',
      { class: 'section-head' },
      h('h2', { id: 'scores-title', text: t('scores.title') }),
      h('button', {
        type: 'button',
        class: 'btn small',
        text: t('protocol.open'),
        onclick: () => handlers.openProtocol(),
      }),
    ),
    h(
      'table',
      { class: 'scores' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col', text: t('scores.player') }),
          columns.map((column) => h('th', { scope: 'col', text: column.label })),
          h('th', { scope: 'col', class: 'num', text: t('scores.total') }),
        ),
      ),
      h('tbody', {}, rows),
    ),
  );
}

// The level a computer player for this seat will have: the host's last choice, else the
// game's default.
const levelFor = (ctx, seat) => {
  const levels = ctx.room?.bots ?? [];
  const chosen = ctx.botLevels?.[seat];
  return levels.includes(chosen) ? chosen : defaultBotLevel(ctx.room);
};

function levelPicker(ctx, handlers, seat, label) {
  const chosen = levelFor(ctx, seat);
  return h(
    'select',
    {
      class: 'bot-level',
      'data-host-action': `bot-level-${seat}`,
      'aria-label': label,
      title: label,
      onchange: (e) => handlers.setBotLevel(seat, e.target.value),
    },
    (ctx.room.bots ?? []).map((level) =>
      h('option', { value: level, selected: level === chosen, text: levelName(level) }),
    ),
  );
}

// The computer-player line under a seat: seat one in a free seat, take a seated one away,
// lend an absent player's seat to one, or stop the one standing in.
function botControls(ctx, handlers, s, name) {
  // a room without levels (one kept on paper) has no computer player to offer
  if (!ctx.room.bots?.length) return null;
  const number = s.seat + 1;
  if (!s.taken) {
    return h(
      'div',
      { class: 'host-bot' },
      levelPicker(ctx, handlers, s.seat, t('host.bot_level_seat', { n: number })),
      h('button', {
        type: 'button',
        class: 'btn small',
        'data-host-action': `add-bot-${s.seat}`,
        'aria-label': t('host.add_bot_to', { n: number }),
        text: t('host.add_bot'),
        onclick: () => handlers.addBot(s.seat),
      }),
    );
  }
  if (s.bot && !s.stand_in) {
    // It leaves its seat without a question: another is seated as quickly.
    return h(
      'div',
      { class: 'host-bot' },
      h('button', {
        type: 'button',
        class: 'btn small danger',
        'data-host-action': `remove-bot-${s.seat}`,
        'aria-label': t('host.remove_bot_named', { name }),
        text: t('host.remove_bot'),
        onclick: () => handlers.removeBot(s.seat),
      }),
    );
  }
  if (s.stand_in) {
    return h(
      'div',
      { class: 'host-bot' },
      h('button', {
        type: 'button',
        class: 'btn small',
        'data-host-action': `stop-bot-${s.seat}`,
        'aria-label': t('host.stop_bot_for', { name }),
        text: t('host.stop_bot'),
        onclick: () => handlers.removeBot(s.seat),
      }),
    );
  }
  if (s.bot || s.connected || s.seat === ctx.seat) return null;
  return h(
    'div',
    { class: 'host-bot' },
    levelPicker(ctx, handlers, s.seat, t('host.bot_level_for', { name })),
    h('button', {
      type: 'button',
      class: 'btn small',
      'data-host-action': `stand-in-${s.seat}`,
      text: t('host.stand_in', { name }),
      onclick: () => handlers.addBot(s.seat),
    }),
  );
}

function hostSeatName(s, name) {
  if (!s.taken) return h('span', { class: 'host-seat-name muted', text: t('seat.free') });
  if (!s.bot) return h('span', { class: 'host-seat-name', text: name });
  const label = botLabel(s);
  return h(
    'span',
    { class: 'host-seat-name', title: label },
    botIcon(),
    ' ',
    h('span', { text: name }),
    h('span', {
      class: 'host-seat-note',
      text: ` · ${s.stand_in ? t('host.bot_plays') : levelName(s.bot)}`,
    }),
    h('span', { class: 'visually-hidden', text: ` (${label})` }),
  );
}

function hostControls(ctx, handlers) {
  const { room } = ctx;
  const playing = room.status === 'playing';
  const order = room.seats.map((s) => s.seat);
  const move = (index, delta) => {
    const next = [...order];
    [next[index], next[index + delta]] = [next[index + delta], next[index]];
    handlers.command('reorder', { order: next });
  };
  const items = room.seats.map((s, index) => {
    const name = seatName(room, s.seat);
    const ownBot = Boolean(s.bot) && !s.stand_in;
    const buttons = [];
    if (!playing) {
      buttons.push(
        h('button', {
          type: 'button',
          class: 'btn icon',
          'data-host-action': `up-${s.seat}`,
          'aria-label': t('host.move_up', { name }),
          title: t('host.move_up', { name }),
          disabled: index === 0,
          text: '↑',
          onclick: () => move(index, -1),
        }),
        h('button', {
          type: 'button',
          class: 'btn icon',
          'data-host-action': `down-${s.seat}`,
          'aria-label': t('host.move_down', { name }),
          title: t('host.move_down', { name }),
          disabled: index === order.length - 1,
          text: '↓',
          onclick: () => move(index, 1),
        }),
      );
    }
    // A computer player cannot be host; its own line has the button that takes it away.
    if (s.taken && !ownBot && s.seat !== ctx.seat) {
      buttons.push(
        h('button', {
          type: 'button',
          class: 'btn small',
          'data-host-action': `host-${s.seat}`,
          text: t('host.make_host'),
          onclick: () => handlers.confirm(t('host.make_host_confirm', { name }), () =>
            handlers.command('host', { seat: s.seat })),
        }),
        h('button', {
          type: 'button',
          class: 'btn small danger',
          'data-host-action': `remove-${s.seat}`,
          text: t('host.remove'),
          onclick: () => handlers.confirm(t('host.remove_confirm', { name }), () =>
            handlers.command('remove', { seat: s.seat })),
        }),
      );
    }
    return h(
      'li',
      { 'data-seat': s.seat, 'data-bot': s.bot ?? null },
      teamMark(room, s.seat),
      hostSeatName(s, name),
      h('span', { class: 'host-buttons' }, buttons),
      botControls(ctx, handlers, s, name),
    );
  });
  const full = room.seats.every((s) => s.taken);
  const free = room.seats.filter((s) => !s.taken).length;
  // Every empty seat at once, before the seat-by-seat controls.
  const fill =
    room.bots?.length && free
      ? h(
          'div',
          { class: 'host-fill' },
          h(
            'select',
            {
              class: 'bot-level',
              id: 'fill-level',
              'data-host-action': 'fill-level',
              'aria-label': t('host.fill_level'),
              title: t('host.fill_level'),
              onchange: (e) => handlers.setFillLevel(e.target.value),
            },
            room.bots.map((level) =>
              h('option', { value: level, selected: level === handlers.fillLevel(), text: levelName(level) }),
            ),
          ),
          h('button', {
            type: 'button',
            class: 'btn small',
            id: 'fill-bots-button',
            'data-host-action': 'fill-bots',
            text: t('host.fill'),
            onclick: () => handlers.fillBots(),
          }),
        )
      : null;
  const main = [];
  if (playing) {
    main.push(
      h('button', {
        type: 'button',
        class: 'btn danger',
        id: 'end-match-button',
        text: t('host.end'),
        onclick: () => handlers.confirm(t('host.end_confirm'), () => handlers.command('end')),
      }),
    );
  } else {
    main.push(
      h('button', {
        type: 'button',
        class: 'btn primary',
        id: 'host-start-button',
        disabled: !full,
        text: room.match_number ? t('host.new_match') : t('host.start'),
        onclick: () => handlers.command('start'),
      }),
    );
  }
  return h(
    'section',
    { class: 'side-section host', id: 'host-panel', 'aria-labelledby': 'host-title' },
    h('h2', { id: 'host-title', text: t('host.title') }),
    fill,
    h('ul', { class: 'host-seats' }, items),
    hintsControl(ctx, handlers),
    room.teams && !playing ? h('p', { class: 'muted host-teams-note', text: t('host.teams_note') }) : null,
    room.bots?.length ? h('p', { class: 'muted host-bots-note', text: t('host.bots_note') }) : null,
    h('div', { class: 'button-row' }, main),
  );
}

function seatControls(ctx, handlers) {
  if (ctx.seat === null) return null;
  return h(
    'section',
    { class: 'side-section' },
    h('button', {
      type: 'button',
      class: 'btn small',
      id: 'leave-button',
      text: t('seat.leave'),
      onclick: () => handlers.confirm(t('seat.leave_confirm'), () => handlers.leave()),
    }),
  );
}

// The side is rebuilt from every state, but the host panel only when something it shows has
// changed: computer players move every moment, and rebuilding under the host's pointer would
// close an open level list or swallow a click.
const SLOTS = ['scores', 'game', 'host', 'seat', 'rules'];
const shownHostKey = new WeakMap();

function slots(side) {
  if (side.querySelectorAll(':scope > .side-slot').length !== SLOTS.length) {
    replace(side, SLOTS.map((name) => h('div', { class: 'side-slot', 'data-slot': name })));
  }
  return Object.fromEntries(SLOTS.map((name) => [name, side.querySelector(`:scope > [data-slot="${name}"]`)]));
}

function hostKey(ctx) {
  const { room } = ctx;
  return JSON.stringify([
    document.documentElement.lang,
    ctx.seat,
    room.host,
    room.status,
    room.match_number,
    room.seats,
    room.bots,
  ]);
}

// The game's rules, a tab away from the table.
function rulesLink(ctx) {
  if (!ctx.room?.game || !has('game.title')) return null;
  return h(
    'p',
    { class: 'rules-link' },
    h('a', {
      href: `/games/${encodeURIComponent(ctx.room.game)}`,
      target: '_blank',
      rel: 'noopener',
      text: t('home.how_to_play', { game: t('game.title') }),
    }),
  );
}

export function renderSide(side, ctx, panel, handlers) {
  if (!ctx.room) {
    replace(side);
    return;
  }
  const slot = slots(side);
  const rules = rulesLink(ctx);
  if (slot.rules.textContent !== (rules?.textContent ?? '')) replace(slot.rules, rules);
  replace(slot.scores, ctx.view ? scoreboard(ctx, panel, handlers) : null);
  replace(slot.game, isPlaying(ctx) ? panel.sideSections?.(ctx) ?? null : null);
  replace(slot.seat, seatControls(ctx, handlers));
  if (!isHost(ctx)) {
    replace(slot.host);
    shownHostKey.delete(slot.host);
    return;
  }
  const key = hostKey(ctx);
  if (shownHostKey.get(slot.host) !== key || !slot.host.firstChild) {
    keepFocus(slot.host, 'data-host-action', () => replace(slot.host, hostControls(ctx, handlers)));
    shownHostKey.set(slot.host, key);
  }
}
