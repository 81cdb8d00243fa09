// The felt: seat panels around the table and, in the middle, whatever the moment needs —
// the lobby, the trick with what the game's panel adds to it, or the final ranking.

import { h, replace } from './dom.js';
import { cardName, cardSvg } from './cards.js';
import { formatNumber, t, tOr } from './i18n.js';
import {
  isHost,
  isMyTurn,
  isPlaying,
  lastTrick,
  positionOf,
  ranksOf,
  seatName,
  shownTrick,
  TEAM_LETTERS,
  teamName,
  teamOf,
} from './model.js';

// The order of the trick's slots in the page, for each size (their places come from CSS).
const TRICK_SLOTS = {
  2: ['top', 'bottom'],
  3: ['left', 'right', 'bottom'],
  4: ['top', 'left', 'right', 'bottom'],
  5: ['topleft', 'topright', 'left', 'right', 'bottom'],
};

function cardFigure(card, caption, extra = {}) {
  return h(
    'figure',
    { class: 'played', ...extra },
    h('div', { class: 'card', role: 'img', 'aria-label': cardName(card) }, cardSvg(card)),
    caption ? h('figcaption', { text: caption }) : null,
  );
}

// ---- seats ----------------------------------------------------------------------------------

// A small robot face: marks a seat a computer player plays, wherever the seat is named.
export function botIcon() {
  const NS = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('class', 'bot-icon');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const path = document.createElementNS(NS, 'path');
  path.setAttribute('fill-rule', 'evenodd');
  path.setAttribute(
    'd',
    'M11 1.5h2V5h3.5A3.5 3.5 0 0 1 20 8.5v8a3.5 3.5 0 0 1-3.5 3.5h-9A3.5 3.5 0 0 1 4 16.5v-8' +
      'A3.5 3.5 0 0 1 7.5 5H11zM9 10.2a1.6 1.6 0 1 0 0 3.2a1.6 1.6 0 1 0 0-3.2zm6 0a1.6 1.6 0 1 0 0 3.2' +
      'a1.6 1.6 0 1 0 0-3.2zM9 16v1.2h6V16zM1.5 10h2v5h-2zm19 0h2v5h-2z',
  );
  svg.append(path);
  return svg;
}

// What a seat's computer player is called: "Computer · Basic", or whom it plays for.
// A level's name in the reader's language; a level the tables do not know keeps its own name.
export const levelName = (level) => tOr(`bot.level.${level}`, level);

export function botLabel(info) {
  const level = levelName(info.bot);
  return info.stand_in
    ? t('badge.stand_in', { name: info.nickname, level })
    : t('badge.bot', { level });
}

function seatPanel(ctx, panel, seat, handlers) {
  const { room, view } = ctx;
  const info = room.seats[seat];
  const deal = isPlaying(ctx) ? view.deal : null;
  const me = seat === ctx.seat;
  const toAct = isPlaying(ctx) && view.to_act === seat;
  const name = seatName(room, seat);
  const badges = [];
  const badge = (kind, long, short, icon = null) =>
    badges.push(
      h(
        'span',
        { class: `badge badge-${kind}`, title: long },
        icon,
        h('span', { class: 'long', text: long }),
        short ? h('span', { class: 'short', 'aria-hidden': 'true', text: short }) : null,
      ),
    );
  const team = teamOf(room, seat);
  if (team !== null) {
    const partners = room.teams[team].filter((s) => s !== seat).map((s) => seatName(room, s));
    badges.push(
      h(
        'span',
        {
          class: `badge badge-team team-${team}`,
          'data-team': team,
          title: t('badge.team_title', { team: TEAM_LETTERS[team], names: partners.join(', ') }),
        },
        h('span', { class: 'long', text: t('badge.team', { team: TEAM_LETTERS[team] }) }),
        h('span', { class: 'short', 'aria-hidden': 'true', text: TEAM_LETTERS[team] }),
      ),
    );
  }
  if (room.host === seat) badge('host', t('badge.host'), '★');
  if (info.bot && info.stand_in) {
    // Whom it plays for is the seat's own name: the badge says only that a computer stands
    // in, so it is not cut short; the whole sentence is its title and what a screen reader says.
    const long = botLabel(info);
    badges.push(
      h(
        'span',
        { class: 'badge badge-stand-in', title: long },
        botIcon(),
        h('span', { class: 'long', text: long }),
        h('span', { class: 'brief', 'aria-hidden': 'true', text: t('badge.stand_in_brief', { level: levelName(info.bot) }) }),
      ),
    );
  } else if (info.bot) {
    // The robot shows on every screen; on a phone the words stay for screen readers only.
    badge('bot', botLabel(info), null, botIcon());
  }
  if (deal && deal.dealer === seat) badge('dealer', t('badge.dealer'), t('badge.dealer_short'));
  // on paper no deal is in play here, and the badges say who deals the next one
  if (deal || (isPlaying(ctx) && view.paper)) {
    for (const own of panel.badges?.(ctx, seat) ?? []) badge(own.kind, own.long, own.short ?? null);
  }

  const stats = [];
  if (deal) stats.push(...(panel.seatStats?.(ctx, seat) ?? []));
  if (view && room.status !== 'waiting') {
    stats.push(
      h(
        'span',
        { class: 'stat total', title: t('seat.total_title') },
        h('span', { class: 'stat-label', text: t('seat.total') }),
        ' ',
        h('strong', { text: formatNumber(view.totals[seat], true) }),
      ),
    );
  }
  const handSize = deal?.hand_sizes?.[seat];
  if (!me && handSize !== null && handSize !== undefined && isPlaying(ctx)) {
    stats.push(
      h('span', { class: 'stat cards-left', text: t('seat.cards', { n: handSize }) }),
    );
  }

  // A seat a computer player took itself has no connection to show, only its computer.
  const presence = !info.taken
    ? 'free'
    : info.bot && !info.stand_in
      ? 'bot'
      : info.connected
        ? 'online'
        : 'offline';
  // A computer player's own seat is anyone's to take (docs/protocol.md §5.2).
  const botSeat = info.taken && Boolean(info.bot) && !info.stand_in;
  const canSit = (!info.taken || botSeat) && ctx.seat === null && ctx.connection === 'open';
  return h(
    'div',
    {
      class: `seat pos-${positionOf(ctx, seat)}${me ? ' is-me' : ''}${toAct ? ' to-act' : ''}${team !== null ? ` team-${team}` : ''}`,
      role: 'group',
      'aria-label': [name, me ? `(${t('seat.you')})` : null, info.bot ? `— ${botLabel(info)}` : null]
        .filter(Boolean)
        .join(' '),
      'data-seat': seat,
      'data-to-act': toAct ? 'true' : 'false',
      'data-presence': presence,
      'data-bot': info.bot ?? null,
      'data-stand-in': info.stand_in ? 'true' : null,
    },
    h(
      'div',
      { class: 'seat-head' },
      h(
        'span',
        { class: `presence ${presence}`, title: t(`presence.${presence}`) },
        h('span', { class: 'visually-hidden', text: t(`presence.${presence}`) }),
      ),
      h('span', { class: 'seat-name', title: name, text: name }),
      me ? h('span', { class: 'you-tag', text: t('seat.you') }) : null,
      badges.length ? h('span', { class: 'badges' }, badges) : null,
    ),
    stats.length ? h('div', { class: 'seat-stats' }, stats) : null,
    deal ? panel.seatExtra?.(ctx, seat) ?? null : null,
    toAct
      ? h('div', { class: 'turn-flag', text: me ? t('turn.you') : t('turn.them') })
      : null,
    awayNote(ctx, seat, info),
    canSit
      ? h('button', {
          type: 'button',
          class: 'btn sit',
          'data-sit': seat,
          'aria-label': botSeat ? t('seat.take_bot_named', { name }) : null,
          text: botSeat ? t('seat.take_bot') : t('seat.sit_here'),
          onclick: () => handlers.sit(seat),
        })
      : null,
  );
}

// A player who is away: when a computer player will stand in for them (on their turn), or
// when the host role passes on (the host); with a move clock, the time left for the move. The seconds left are counted down in the page
// (`data-due`, server time) by tickDue().
function awayNote(ctx, seat, info) {
  const standIn = info.stand_in_at ?? null;
  const hostDue = ctx.room.host === seat ? ctx.room.host_due ?? null : null;
  const clock = info.clock_at ?? null;
  const due = standIn ?? hostDue ?? clock;
  if (due === null) return null;
  const key = standIn !== null ? 'away.stand_in' : hostDue !== null ? 'away.host' : 'clock.left';
  return h('p', {
    class: 'away-note',
    'data-due': due,
    'data-key': key,
    text: t(key, { n: secondsLeft(ctx, due) }),
  });
}

function secondsLeft(ctx, due) {
  return Math.max(0, Math.ceil((due - (Date.now() + (ctx.clockSkew ?? 0))) / 1000));
}

// Count the away notes down; called every second by the room page.
export function tickDue(container, ctx) {
  for (const note of container.querySelectorAll('[data-due]')) {
    note.textContent = t(note.dataset.key, { n: secondsLeft(ctx, Number(note.dataset.due)) });
  }
}

export function renderSeats(container, ctx, panel, handlers) {
  if (!ctx.room) {
    replace(container);
    return;
  }
  replace(
    container,
    ctx.room.seats.map((s) => seatPanel(ctx, panel, s.seat, handlers)),
  );
  renderLegend(container);
}

// On a phone a seat's badges are single letters: a line under the table says what each one
// shown means. Screen readers hear each badge's long form where it stands, so the line is
// for the eye alone.
function renderLegend(seats) {
  const legend = document.getElementById('badge-legend');
  if (!legend) return;
  const meanings = new Map();
  for (const badge of seats.querySelectorAll('.badge')) {
    const short = badge.querySelector('.short')?.textContent;
    const long = badge.querySelector('.long')?.textContent;
    if (short && long && !meanings.has(`${short}\n${long}`)) meanings.set(`${short}\n${long}`, [short, long]);
  }
  replace(
    legend,
    [...meanings.values()].map(([short, long]) =>
      h('span', { class: 'legend-item' }, h('span', { class: 'badge legend-letter', text: short }), ' ', long),
    ),
  );
  legend.hidden = meanings.size === 0;
}

// Another player's hand as a panel draws it by the seat: backs, with the cards of it the view
// shows (`known`: taken face up, declared) face up first; `className` is the panel's own, and
// the label comes from its words `hand.of` and `hand.of_shown`.
export function otherHand(ctx, seat, className) {
  const deal = ctx.view.deal;
  const size = deal.hand_sizes?.[seat];
  if (size === null || size === undefined) return null;
  const known = (deal.known?.[seat] ?? []).slice(0, size);
  const name = seatName(ctx.room, seat);
  const label = known.length
    ? t('hand.of_shown', { n: size, name, cards: known.map(cardName).join(', ') })
    : t('hand.of', { n: size, name });
  return h(
    'div',
    { class: className, role: 'img', 'aria-label': label, 'data-count': size, 'data-known': known.join(',') },
    known.map((code) => h('div', { class: 'card known', 'data-card': code }, cardSvg(code))),
    Array.from({ length: size - known.length }, () => h('div', { class: 'card' }, cardSvg(null))),
  );
}

// A figure of a seat's line: a label and a number, as panels add tricks, quotas or points.
export function seatStat(kind, label, value, attrs = {}) {
  const { title = null, ...strong } = attrs;
  return h(
    'span',
    { class: `stat ${kind}`, title },
    h('span', { class: 'stat-label', text: label }),
    ' ',
    h('strong', { ...strong, text: value }),
  );
}

// ---- the middle of the table ----------------------------------------------------------------

function dealInfo(ctx, panel) {
  const { view } = ctx;
  const deal = view.deal;
  const n = deal ? deal.number : view.deals_played;
  const items = [
    h('span', {
      class: 'deal-number',
      text:
        view.deals_total === null || view.deals_total === undefined
          ? t('deal.number', { n })
          : t('deal.of', { n, total: view.deals_total }),
    }),
  ];
  if (deal) items.push(panel.dealLabel?.(ctx) ?? null);
  return h('div', { class: 'deal-info' }, items);
}

function lobby(ctx, handlers) {
  const { room } = ctx;
  const taken = room.seats.filter((s) => s.taken).length;
  const full = taken === room.size;
  const host = isHost(ctx);
  return h(
    'div',
    { class: 'lobby panel-card' },
    room.paper ? paperPill() : null,
    h('h2', { text: full ? t('lobby.full') : t('lobby.waiting') }),
    room.paper ? h('p', { class: 'lobby-paper muted', text: t('lobby.paper') }) : null,
    h('p', { class: 'lobby-count', text: t('lobby.count', { n: taken, total: room.size }) }),
    host && !full && !room.paper
      ? h(
          'p',
          { class: 'lobby-bots' },
          h('span', { class: 'muted', text: t('lobby.bots_hint') }),
          ' ',
          h('button', {
            type: 'button',
            class: 'btn small',
            id: 'lobby-bots-button',
            title: t('host.fill'),
            text: t('lobby.bots_go'),
            onclick: () => handlers.fillBots(),
          }),
        )
      : null,
    shareRow(handlers),
    host
      ? h('button', {
          type: 'button',
          class: 'btn primary big',
          id: 'start-button',
          disabled: !full || ctx.connection !== 'open',
          text: t('host.start'),
          onclick: () => handlers.command('start'),
        })
      : h('p', { class: 'muted', text: t('lobby.host_starts') }),
  );
}

// A table that keeps the score of a game played with real cards says so wherever it is seen.
export function paperPill() {
  return h(
    'p',
    { class: 'paper-note' },
    h('span', { class: 'label-pill paper-pill', id: 'paper-pill', text: t('room.paper') }),
  );
}

export function shareRow(handlers) {
  const url = location.href.split('#')[0];
  return h(
    'div',
    { class: 'share-row' },
    h('label', { class: 'visually-hidden', for: 'share-link-inline', text: t('share.link') }),
    h('input', {
      id: 'share-link-inline',
      class: 'share-link',
      readonly: true,
      value: url,
      onfocus: (e) => e.target.select(),
    }),
    h('button', {
      type: 'button',
      class: 'btn',
      'data-copy': '',
      text: t('share.copy'),
      onclick: () => handlers.copyLink(),
    }),
    navigator.share
      ? h('button', {
          type: 'button',
          class: 'btn',
          text: t('share.share'),
          onclick: () => handlers.shareLink(),
        })
      : null,
  );
}

function trickArea(ctx) {
  const trick = shownTrick(ctx);
  const slots = {};
  for (const { seat, card } of trick?.cards ?? []) {
    const won = trick.winner === seat;
    slots[positionOf(ctx, seat)] = cardFigure(card, seatName(ctx.room, seat), {
      'data-seat': seat,
      'data-card': card,
      class: `played${won ? ' won' : ''}`,
    });
  }
  const positions = TRICK_SLOTS[ctx.room.size];
  return h(
    'div',
    {
      class: `trick seats-${ctx.room.size}`,
      id: 'trick',
      role: 'group',
      'aria-label': t('trick.current'),
      'data-count': trick?.cards?.length ?? 0,
    },
    positions.map((pos) => h('div', { class: `slot slot-${pos}` }, slots[pos] ?? null)),
    trick?.winner !== null && trick?.winner !== undefined
      ? h('p', { class: 'trick-winner', text: t('trick.won_by', { name: seatName(ctx.room, trick.winner) }) })
      : null,
  );
}

function lastTrickPanel(ctx) {
  const trick = lastTrick(ctx);
  if (!trick) return h('p', { class: 'muted', text: t('trick.none_yet') });
  return h(
    'div',
    { class: 'last-trick', id: 'last-trick' },
    h('h3', { text: t('trick.last') }),
    h(
      'div',
      { class: 'last-row' },
      trick.cards.map(({ seat, card }) =>
        cardFigure(card, seatName(ctx.room, seat), {
          class: `played${trick.winner === seat ? ' won' : ''}`,
        }),
      ),
    ),
    h('p', { class: 'trick-winner', text: t('trick.won_by', { name: seatName(ctx.room, trick.winner) }) }),
  );
}

export function rankingList(ctx) {
  const { view, room } = ctx;
  if (room.teams) return teamRanking(ctx);
  const ranks = ranksOf(view);
  const order = [...room.seats.keys()].sort((a, b) => ranks[a] - ranks[b] || a - b);
  const winners = view.winners ?? [];
  return h(
    'ol',
    { class: 'ranking', id: 'ranking' },
    order.map((seat) =>
      h(
        'li',
        { class: winners.includes(seat) ? 'winner' : '', 'data-rank': ranks[seat] },
        h('span', { class: 'rank', text: `${ranks[seat]}.` }),
        h('span', { class: 'rank-name', text: seatName(room, seat) }),
        h('span', { class: 'rank-total', text: formatNumber(view.totals[seat], true) }),
        winners.includes(seat)
          ? h('span', {
              class: 'badge badge-winner',
              text: winners.length > 1 ? t('end.shared_win') : t('end.winner'),
            })
          : null,
      ),
    ),
  );
}

// Partners share one total: the final standing lists teams, each named by its members.
function teamRanking(ctx) {
  const { view, room } = ctx;
  const totals = room.teams.map((members) => view.totals[members[0]]);
  const winners = view.winners ?? [];
  const won = (i) => room.teams[i].some((s) => winners.includes(s));
  // The winners lead even where the totals do not say why (a claim decides a pinochle game).
  const ahead = (j, i) => !won(i) && (won(j) || totals[j] > totals[i]);
  const rankOf = (i) => 1 + room.teams.filter((_, j) => ahead(j, i)).length;
  const order = [...room.teams.keys()].sort((a, b) => rankOf(a) - rankOf(b) || a - b);
  return h(
    'ol',
    { class: 'ranking teams', id: 'ranking' },
    order.map((i) =>
      h(
        'li',
        { class: won(i) ? 'winner' : '', 'data-rank': rankOf(i), 'data-team': i },
        h('span', { class: 'rank', text: `${rankOf(i)}.` }),
        h('span', { class: `badge badge-team team-${i}`, text: TEAM_LETTERS[i] }),
        h('span', { class: 'rank-name', text: teamName(room.teams[i], (s) => seatName(room, s)) }),
        h('span', { class: 'rank-total', text: formatNumber(totals[i], true) }),
        won(i) ? h('span', { class: 'badge badge-winner', text: t('end.team_win') }) : null,
      ),
    ),
  );
}

// The deal that ended the match, as the game's panel sums a deal up: the summary dialog gives
// way to the final standing, and a match can end on something the totals alone do not explain
// (a claim in the partnership pinochles).
export function lastDeal(ctx, panel) {
  const deal = ctx.view.previous_deal;
  const body = deal ? panel.summary?.(ctx, deal) : null;
  if (!body) return null;
  return h(
    'details',
    { class: 'last-deal' },
    h('summary', { text: t('end.last_deal', { n: deal.number }) }),
    body,
  );
}

function matchOver(ctx, panel, handlers) {
  const { room } = ctx;
  const finished = room.status === 'finished';
  const host = isHost(ctx);
  const full = room.seats.every((s) => s.taken);
  return h(
    'div',
    { class: 'match-over panel-card' },
    room.paper ? paperPill() : null,
    h('h2', { text: finished ? t('end.title') : t('end.stopped') }),
    h('p', { class: 'muted', text: finished ? winnersLine(ctx) : t('end.leaders_note') }),
    rankingList(ctx),
    lastDeal(ctx, panel),
    h(
      'div',
      { class: 'button-row' },
      h('button', {
        type: 'button',
        class: 'btn',
        text: t('protocol.open'),
        onclick: () => handlers.openProtocol(),
      }),
      host
        ? h('button', {
            type: 'button',
            class: 'btn primary',
            id: 'new-match-button',
            disabled: !full,
            text: t('host.new_match'),
            onclick: () => handlers.command('start'),
          })
        : null,
    ),
  );
}

export function winnersLine(ctx) {
  const winners = ctx.view.winners ?? [];
  const names = winners.map((s) => seatName(ctx.room, s));
  if (names.length === 0) return '';
  if (ctx.room.teams) return t('end.team_won', { names: names.join(' & ') });
  if (names.length === 1) return t('end.won_by', { name: names[0] });
  return t('end.shared_by', { names: new Intl.ListFormat(document.documentElement.lang, { type: 'conjunction' }).format(names) });
}

export function renderCenter(center, ctx, panel, handlers, ui) {
  const { room, view } = ctx;
  if (!room) {
    const gone = ctx.connection === 'gone';
    const refused = ctx.connection === 'refused';
    const waiting = ctx.moving ? 'conn.moving' : 'conn.connecting';
    const note = refused ? t(`conn.refused.${ctx.refusal}`) : t(gone ? 'conn.gone' : waiting);
    replace(
      center,
      h('p', { class: 'center-note', text: note }),
      gone ? h('a', { class: 'btn', href: '/', text: t('nav.home') }) : null,
    );
    return;
  }
  if (room.status === 'waiting' || !view) {
    replace(center, lobby(ctx, handlers));
    return;
  }
  if (room.status === 'finished' || room.status === 'ended') {
    replace(center, matchOver(ctx, panel, handlers));
    return;
  }
  const deal = view.deal;
  const parts = [dealInfo(ctx, panel)];
  if (!deal) {
    parts.push(h('p', { class: 'center-note', text: t('status.dealing') }));
  } else {
    const own = panel.centre?.(ctx, ui) ?? {};
    if (own.main) {
      parts.push(own.main);
    } else {
      const trick = trickArea(ctx);
      parts.push(own.beside ? h('div', { class: 'board' }, trick, h('div', { class: 'beside' }, own.beside)) : trick);
      const tools = [
        h('button', {
          type: 'button',
          class: 'btn small',
          id: 'last-trick-button',
          'aria-expanded': ctx.lastTrickOpen ? 'true' : 'false',
          'aria-controls': 'last-trick-panel',
          disabled: !lastTrick(ctx),
          text: t('trick.show_last'),
          onclick: () => handlers.toggleLastTrick(),
        }),
      ];
      parts.push(h('div', { class: 'center-tools' }, own.tools ?? null, tools));
      if (ctx.lastTrickOpen) {
        parts.push(
          h('div', { class: 'last-trick-panel panel-card', id: 'last-trick-panel' }, lastTrickPanel(ctx)),
        );
      }
    }
  }
  replace(center, parts);
  center.classList.toggle('my-turn', isMyTurn(ctx));
}
