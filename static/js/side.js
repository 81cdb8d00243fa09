// The side panel: the score board with each player's contracts still to play, the viewer's
// own discard, host controls and the way to give up a seat.

import { h, replace } from './dom.js';
import { cardName, cardSvg } from './cards.js';
import { formatNumber, t } from './i18n.js';
import { isHost, isPlaying, seatName } from './model.js';

function scoreboard(ctx, handlers) {
  const { view, room } = ctx;
  const rows = room.seats.map((s) =>
    h(
      'tr',
      { 'data-seat': s.seat, class: s.seat === ctx.seat ? 'is-me' : '' },
      h('th', { scope: 'row', text: seatName(room, s.seat) }),
      h(
        'td',
        { class: 'contracts-left' },
        (view.contracts_left[s.seat] ?? []).map((c) =>
          h('span', { class: `chip chip-${c}`, title: t(`contract.${c}`), text: t(`contract.short.${c}`) }),
        ),
      ),
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
          h('th', { scope: 'col', text: t('scores.left') }),
          h('th', { scope: 'col', class: 'num', text: t('scores.total') }),
        ),
      ),
      h('tbody', {}, rows),
    ),
  );
}

function myDiscard(ctx) {
  const discard = isPlaying(ctx) ? ctx.view.deal?.discard : null;
  if (!discard) return null;
  return h(
    'section',
    { class: 'side-section', 'aria-labelledby': 'discard-title' },
    h('h2', { id: 'discard-title', text: t('discard.yours') }),
    h(
      'div',
      { class: 'mini-cards' },
      discard.map((c) => h('div', { class: 'card', role: 'img', 'aria-label': cardName(c) }, cardSvg(c))),
    ),
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
    const buttons = [];
    if (!playing) {
      buttons.push(
        h('button', {
          type: 'button',
          class: 'btn icon',
          'aria-label': t('host.move_up', { name }),
          title: t('host.move_up', { name }),
          disabled: index === 0,
          text: '↑',
          onclick: () => move(index, -1),
        }),
        h('button', {
          type: 'button',
          class: 'btn icon',
          'aria-label': t('host.move_down', { name }),
          title: t('host.move_down', { name }),
          disabled: index === order.length - 1,
          text: '↓',
          onclick: () => move(index, 1),
        }),
      );
    }
    if (s.taken && s.seat !== ctx.seat) {
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
      { 'data-seat': s.seat },
      h('span', { class: 'host-seat-name', text: s.taken ? name : t('seat.free') }),
      h('span', { class: 'host-buttons' }, buttons),
    );
  });
  const full = room.seats.every((s) => s.taken);
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
        disabled: !full,
        text: room.match_number ? t('host.new_match') : t('host.start'),
        onclick: () => handlers.command('start'),
      }),
    );
  }
  return h(
    'section',
    { class: 'side-section host', 'aria-labelledby': 'host-title' },
    h('h2', { id: 'host-title', text: t('host.title') }),
    h('ul', { class: 'host-seats' }, items),
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

export function renderSide(side, ctx, handlers) {
  if (!ctx.room) {
    replace(side);
    return;
  }
  replace(
    side,
    ctx.view ? scoreboard(ctx, handlers) : null,
    myDiscard(ctx),
    isHost(ctx) ? hostControls(ctx, handlers) : null,
    seatControls(ctx, handlers),
  );
}
