// The room page: keeps the latest state from the server, turns clicks into messages, and
// re-renders the whole table from each snapshot. What only one game has is drawn by that
// game's panel (panel.js), loaded for the room's game.

import { $, keepFocus, replace } from './dom.js';
import { qrSvg } from './qr.js';
import { applyPrefs, onPrefs, prefs, setPref } from './prefs.js';
import { currentLanguage, detectLanguage, errorText, has, onLanguage, setLanguage, t } from './i18n.js';
import { initSettings } from './settings.js';
import { RoomSocket } from './net.js';
import {
  defaultBotLevel,
  finishing,
  isHost,
  isMyTurn,
  isPlaying,
  myLegal,
  playableCards,
  seatName,
  selectionLegal,
} from './model.js';
import { loadPanel } from './panel.js';
import { paperBadges, paperStatus, refused as paperRefused, renderPaper } from './paper.js';
import { renderCenter, renderSeats, tickDue } from './table.js';
import { handKeys, layoutHand, premoveAllowed, premovePosition, renderHand } from './hand.js';
import { cardName } from './cards.js';
import { renderSide } from './side.js';
import { renderProtocol } from './protocol-sheet.js';
import { createHistory } from './history.js';
import {
  confirmDialog,
  copyText,
  hideSummary,
  showRanking,
  showSummary,
  summaryDeal,
  summaryGivesWay,
  toast,
  wireDialog,
} from './dialogs.js';
import { announce, refreshTitle, setMyTurn, setTitleKey } from './notify.js';
import { animate, measure } from './motion.js';
import { createChat } from './chat.js';
import { noteSeedRefused, noteState } from './fairness.js';
import { hintText, receiveHint, renderLearn } from './learn.js';
import { narrate, news } from './narrate.js';

const HOLD_TRICK_MS = 1400;
// How long the page shows what it is about to do by itself (a forced card, a sure claim)
// before it does it.
const AUTO_MS = 700;
// A stale refusal without an action id, this soon after a host command, answers that command.
const HOST_STALE_MS = 3000;
const HOST_RETRIES = 3;
const root = $('#room');
const code = root.dataset.code;
const SECRET_KEY = `kortbord:secret:${code}`;
const NAME_KEY = 'kortbord:nickname';
// Shared with the home page: the level of computer players chosen once, and the game last
// played here, which the home page offers to play again.
const LEVEL_KEY = 'kortbord:bot-level';
const LAST_KEY = 'kortbord:last-game';

const ctx = {
  code,
  // The server said the room is on its way to it from another server (a `waiting` message):
  // the page says so until the room's first state comes.
  moving: false,
  room: null,
  view: null,
  seat: null,
  v: 0,
  connection: 'connecting',
  // with connection 'refused': the limit the server closed the socket for (an error code)
  refusal: null,
  pending: null,
  // Hand positions chosen for a {kind, count, from} legal; positions, since two cards of a
  // hand may be the same card.
  selected: [],
  // The hand position of a card a first tap on a touch screen lifted, waiting for a second
  // tap or the play button; null when none is.
  lifted: null,
  // A card a tap chose while another player was on turn (setting `premove`): {card, copy,
  // deal}, the copy of that code in the hand (1 for the first); null when none is.
  premove: null,
  // The action the page is about to take by itself (settings `autoPlay`, `autoClaim`), and
  // the version it was decided on: never twice for one version.
  autoAction: null,
  autoFor: null,
  held: null,
  lastTrickOpen: false,
  nickname: localStorage.getItem(NAME_KEY) || '',
  awaitingHello: false,
  rendered: false,
  botLevels: {},
  hostSent: null,
  hostRetry: null,
  game: null,
  panel: {},
};

// A table kept on paper draws no card: of the game's panel, whose hooks read a deal in play,
// it uses nothing; its own middle is the paper panel's (paper.js).
const PAPER_PANEL = Object.freeze({ badges: paperBadges });

const els = {
  seats: $('#seats'),
  center: $('#center'),
  hand: $('#hand'),
  bar: $('#action-bar'),
  learn: $('#learn-bar'),
  coach: $('#coach-bar'),
  side: $('#side'),
  status: $('#status-line'),
  connection: $('#connection'),
  watchers: $('#watchers'),
  protocol: $('#protocol-dialog'),
  protocolBody: $('#protocol-body'),
  summary: $('#deal-summary'),
  ranking: $('#ranking-dialog'),
  share: $('#share-dialog'),
  confirm: $('#confirm-dialog'),
};

const getSecret = () => localStorage.getItem(SECRET_KEY);
const socket = new RoomSocket(code, getSecret);
const matchHistory = createHistory({
  code,
  list: $('#history-list'),
  status: $('#history-status'),
  getSecret,
  paper: () => Boolean(ctx.room?.paper),
});
let actionCounter = 0;
let hintCounter = 0;
let holdTimer = null;
let autoTimer = null;
let chat = null;

// ---- outgoing ------------------------------------------------------------------------------

function send(message) {
  if (socket.send(message)) return true;
  toast(t('conn.not_connected'), 'error');
  return false;
}

const handlers = {
  act(action) {
    if (ctx.pending) return;
    actionCounter += 1;
    const id = `a${actionCounter}`;
    if (send({ type: 'act', v: ctx.v, action, id })) {
      ctx.pending = action;
      ctx.pendingId = id;
      // The player has moved on: the summary of the last deal has been read.
      hideSummary(els.summary);
      render();
    }
  },
  command(type, extra = {}) {
    sendHost({ type, ...extra }, 0);
  },
  // The basic computer player's choice for this seat, from the server; it answers this
  // connection alone.
  askHint() {
    hintCounter += 1;
    if (send({ type: 'hint', id: `hint-${hintCounter}` })) {
      ctx.hintAsked = true;
      render();
    }
  },
  setBotLevel(seat, level) {
    ctx.botLevels[seat] = level;
  },
  addBot(seat) {
    handlers.command('add_bot', { seat, level: ctx.botLevels[seat] ?? 'basic' });
  },
  removeBot(seat) {
    handlers.command('remove_bot', { seat });
  },
  // Every empty seat at once, at the level chosen last (here or on the home page).
  fillLevel() {
    const levels = ctx.room?.bots ?? [];
    let chosen = ctx.fillLevel;
    if (!chosen) {
      try {
        chosen = localStorage.getItem(LEVEL_KEY);
      } catch {
        chosen = null;
      }
    }
    return levels.includes(chosen) ? chosen : defaultBotLevel(ctx.room);
  },
  setFillLevel(level) {
    ctx.fillLevel = level;
    try {
      localStorage.setItem(LEVEL_KEY, level);
    } catch {
      // storage refused: the choice holds for this page
    }
  },
  fillBots() {
    handlers.command('fill_bots', { level: handlers.fillLevel() });
  },
  sit(seat) {
    const input = $('#nickname');
    const name = (input?.value ?? ctx.nickname).trim();
    if (!name) {
      toast(t('join.need_name'), 'error');
      input?.focus();
      return;
    }
    ctx.nickname = name;
    localStorage.setItem(NAME_KEY, name);
    send({ type: 'sit', seat, nickname: name });
  },
  setNickname(value) {
    ctx.nickname = value;
  },
  leave() {
    if (send({ type: 'leave' })) localStorage.removeItem(SECRET_KEY);
  },
  cardClick(position, card, pointer = 'mouse') {
    if (selectionLegal(ctx)) {
      handlers.toggleSelect(position);
      return;
    }
    // On a touch screen the first tap lifts the card and the second plays it, so a finger
    // brushing the hand plays nothing (unless the player asked for one-tap play).
    if (pointer === 'touch' && !prefs.oneTap && ctx.lifted !== position) {
      ctx.lifted = position;
      render();
      return;
    }
    ctx.lifted = null;
    if (!ctx.panel.cardClick?.(ctx, position, card, ui)) handlers.act(`play:${card}`);
  },
  playLifted() {
    const position = ctx.lifted;
    const card = position === null ? null : ctx.view?.deal?.hand?.[position];
    if (card) handlers.cardClick(position, card, 'mouse');
  },
  dropLifted() {
    if (ctx.lifted === null) return;
    ctx.lifted = null;
    render();
  },
  // A tap on a card while another player is on turn: that card is the one to play when the
  // turn comes; a tap on it again lets it go.
  premove(position, card) {
    if (!premoveAllowed(ctx)) return;
    if (premovePosition(ctx) === position) {
      handlers.dropPremove();
      return;
    }
    const hand = ctx.view.deal.hand;
    const copy = hand.slice(0, position + 1).filter((c) => c === card).length;
    ctx.premove = { card, copy, deal: ctx.view.deal.number };
    render();
    announce(t(prefs.premoveConfirm ? 'premove.waiting_confirm' : 'premove.waiting', { card: cardName(card) }));
  },
  dropPremove() {
    if (!ctx.premove) return;
    ctx.premove = null;
    render();
  },
  toggleSelect(position) {
    const legal = selectionLegal(ctx);
    if (!legal) return;
    if (ctx.selected.includes(position)) ctx.selected = ctx.selected.filter((p) => p !== position);
    else if (ctx.selected.length < legal.count) ctx.selected = [...ctx.selected, position];
    else toast(t('select.too_many', { n: legal.count }));
    render();
  },
  selectedCards() {
    const hand = ctx.view?.deal?.hand ?? [];
    return [...ctx.selected].sort((a, b) => a - b).map((p) => hand[p]);
  },
  submitSelection() {
    const legal = selectionLegal(ctx);
    if (!legal || ctx.selected.length !== legal.count) return;
    handlers.act(`${legal.kind}:${handlers.selectedCards().join(',')}`);
  },
  explain(reason) {
    toast(reason);
  },
  toggleLastTrick() {
    ctx.lastTrickOpen = !ctx.lastTrickOpen;
    render();
  },
  openProtocol() {
    renderProtocol(els.protocolBody, ctx, { getSecret, force: true });
    els.protocol.showModal();
    matchHistory.refresh();
  },
  async copyLink() {
    const ok = await copyText(location.href.split('#')[0]);
    toast(ok ? t('share.copied') : t('share.copy_failed'), ok ? 'info' : 'error');
  },
  async shareLink() {
    try {
      await navigator.share({
        title: t('share.title'),
        text: t('share.text', { game: has('game.title') ? t('game.title') : 'Kortbord' }),
        url: location.href.split('#')[0],
      });
    } catch {
      // the person closed the share sheet
    }
  },
  confirm(question, onYes, options) {
    confirmDialog(els.confirm, question, onYes, options);
  },
};

// What a game's panel may ask of the page (panel.js documents it).
const ui = Object.freeze({
  act: (action) => handlers.act(action),
  confirm: (question, onYes, options) => handlers.confirm(question, onYes, options),
  toast: (text, kind) => toast(text, kind),
  selection: () => [...ctx.selected],
  selectedCards: () => handlers.selectedCards(),
  toggle: (position) => handlers.toggleSelect(position),
  submitSelection: () => handlers.submitSelection(),
  render: () => render(),
});

// Host commands carry the version they were decided on. While computer players play, the table
// moves on by itself, and a command may cross one of their moves on the way: refused as stale,
// it is sent again on the fresh state, provided the seats and the match it was about are as
// they were (a move changes neither). Otherwise the host is told, and decides again.
function seatsSignature(room) {
  return JSON.stringify([room?.status, room?.host, room?.match_number, room?.seats]);
}

function sendHost(message, tries) {
  if (send({ ...message, v: ctx.v })) {
    ctx.hostSent = { message, tries, at: Date.now(), seats: seatsSignature(ctx.room) };
  }
}

function retryHost(room) {
  const retry = ctx.hostRetry;
  ctx.hostRetry = null;
  if (retry.tries < HOST_RETRIES && seatsSignature(room) === retry.seats) {
    sendHost(retry.message, retry.tries + 1);
  } else {
    toast(t('host.stale'), 'error');
  }
}

// ---- incoming ------------------------------------------------------------------------------

function noteTransitions(before, after, room) {
  if (!before || !after) return;
  const was = before.deal;
  const now = after.deal;
  // A trick that has just been won leaves the table at once in the state; keep it in view for
  // a moment so everybody sees the third card and who took it.
  let won = null;
  if (was && now && now.number === was.number && now.tricks_played.length > was.tricks_played.length) {
    won = now.tricks_played.at(-1);
  } else if (was && after.previous_deal && after.previous_deal.number === was.number) {
    won = after.previous_deal.tricks_played.at(-1);
  }
  if (won) {
    ctx.held = { trick: won, until: Date.now() + HOLD_TRICK_MS };
    clearTimeout(holdTimer);
    holdTimer = setTimeout(render, HOLD_TRICK_MS + 20);
  }
  // Play has moved on by a trick since the summary came: it has had its moment.
  if (won && now && summaryDeal() !== null && summaryDeal() < now.number) hideSummary(els.summary);
  const finishedDeal = after.previous_deal;
  const matchDone = room.status === 'finished' || room.status === 'ended';
  if (finishedDeal && finishedDeal.number !== before.previous_deal?.number && !matchDone) {
    // After the last trick has been seen and has left the table, not on top of it.
    setTimeout(
      () => {
        render();
        showSummary(els.summary, ctx, ctx.panel, finishedDeal, { refocus: focusFirstPlayable });
        summaryGivesWay(els.summary);
      },
      won ? HOLD_TRICK_MS + 20 : 0,
    );
  }
}

function onState(message) {
  const before = ctx.view;
  const statusBefore = ctx.room?.status;
  const secret = getSecret();
  if (ctx.awaitingHello && message.seat === null && secret) {
    // The greeting state precedes our hello's answer; wait for the seated one.
    ctx.pendingState = message;
    return;
  }
  ctx.awaitingHello = false;
  ctx.pendingState = null;
  ctx.moving = false;
  // Our own action is answered by the state carrying its id; a presence update is no answer.
  if (message.v !== ctx.v || 'id' in message) ctx.pending = null;
  ctx.v = message.v;
  // how far the server's clock is ahead of this one, for counting down to the times it names
  if (Number.isFinite(message.t)) ctx.clockSkew = message.t - Date.now();
  ctx.room = message.room;
  ctx.view = message.view;
  ctx.seat = message.seat;
  // Each deal's commitment is noted as it is shown, and a seated page gives a fresh seed for
  // it at once, once per connection (docs/fairness.md); a table kept on paper deals nothing.
  const seed = noteState(ctx.room, ctx.seat, ctx.view);
  if (seed && ctx.seedSentFor !== `${ctx.seat}:${seed.commitment}`) {
    ctx.seedSentFor = `${ctx.seat}:${seed.commitment}`;
    ctx.seedCommitment = seed.commitment;
    send(seed);
  }
  if (message.room.game !== ctx.game) useGame(message.room.game);
  noteLastGame();
  if (ctx.rendered) {
    noteTransitions(before, ctx.view, ctx.room);
    if (!ctx.room.paper) narrate(news(ctx, before, ctx.panel));
  }
  // A choice of cards is kept only while the same hand is still to make it.
  if (!selectionLegal(ctx) || JSON.stringify(before?.deal?.hand) !== JSON.stringify(ctx.view?.deal?.hand)) {
    ctx.selected = [];
  }
  if (ctx.view?.deal?.trick?.length) ctx.held = null;
  // A lifted card stays lifted only while the same hand is still to play.
  if (!isMyTurn(ctx) || JSON.stringify(before?.deal?.hand) !== JSON.stringify(ctx.view?.deal?.hand)) {
    ctx.lifted = null;
  }
  const premoved = resolvePremove();
  const status = ctx.room.status;
  if (ctx.rendered && statusBefore === 'playing' && (status === 'finished' || status === 'ended')) {
    hideSummary(els.summary);
    setTimeout(() => showRanking(els.ranking, ctx, handlers), ctx.held ? HOLD_TRICK_MS : 0);
  }
  if (status === 'playing' && statusBefore && statusBefore !== 'playing') {
    els.ranking.close();
  }
  if (historyChanged(statusBefore, before)) matchHistory.refresh();
  render();
  ctx.rendered = true;
  if (ctx.hostRetry) retryHost(ctx.room);
  if (premoved) handlers.cardClick(premoved.position, premoved.card, 'mouse');
  else scheduleAuto();
}

// A card chosen ahead of the turn, once the turn comes: offered for one confirming tap (it is
// lifted, with its play button), or, if the player chose so, returned to be played at once;
// dropped with a note when the server's legal list does not offer it. Nothing is ever sent
// before the turn.
function resolvePremove() {
  if (!ctx.premove) return null;
  const chosen = ctx.premove;
  const position = premovePosition(ctx);
  if (position === null || !isPlaying(ctx) || ctx.seat === null) {
    ctx.premove = null; // the deal is over, or the hand holds the card no more
    return null;
  }
  if (!isMyTurn(ctx)) return null;
  ctx.premove = null;
  const playable = ctx.panel.playable?.(ctx) ?? playableCards(ctx);
  if (selectionLegal(ctx) || !playable.has(chosen.card)) {
    toast(t('premove.dropped', { card: cardName(chosen.card) }));
    return null;
  }
  if (prefs.premoveConfirm) {
    ctx.lifted = position;
    return null;
  }
  return { position, card: chosen.card };
}

// What the page may do by itself on this state, or null: the card that is the seat's only
// legal action (setting `autoPlay`), or the claim the game's panel shows to be a sure win
// (setting `autoClaim`, the panel's `sureClaim`). Only ever an action of the server's legal
// list, for a seated player, with nothing in flight.
function autoAction() {
  if (ctx.seat === null || ctx.pending || ctx.connection !== 'open' || ctx.room?.paper) return null;
  const legal = myLegal(ctx);
  const actions = Array.isArray(legal?.actions) ? legal.actions : null;
  if (!actions) return null;
  if (prefs.autoClaim) {
    const claim = ctx.panel.sureClaim?.(ctx) ?? null;
    if (claim && actions.includes(claim)) return claim;
  }
  const only = actions.length === 1 && !legal.also?.length && !legal.revise?.length;
  if (prefs.autoPlay && isMyTurn(ctx) && only && actions[0].startsWith('play:')) return actions[0];
  return null;
}

// Once per version, after a moment in which the page shows what it is about to do; the state
// must still be the same one when the moment is over.
function scheduleAuto() {
  const action = autoAction();
  if (!action || ctx.autoFor === ctx.v) {
    if (!action && ctx.autoAction && ctx.autoFor !== ctx.v) {
      clearTimeout(autoTimer);
      ctx.autoAction = null;
      render();
    }
    return;
  }
  const v = ctx.v;
  ctx.autoFor = v;
  ctx.autoAction = action;
  render();
  clearTimeout(autoTimer);
  autoTimer = setTimeout(() => {
    ctx.autoAction = null;
    if (ctx.v === v && autoAction() === action) handlers.act(action);
    else render();
  }, AUTO_MS);
}

// The list of matches is read again when a match ends or a new one begins, and, while the
// protocol is open, after each deal (the running match's row grows).
function historyChanged(statusBefore, before) {
  if (!ctx.rendered) return false;
  const status = ctx.room.status;
  if (statusBefore === 'playing' && status !== 'playing') return true;
  if (status === 'playing' && statusBefore !== 'playing') return els.protocol.open;
  // a deal corrected on paper changes the running match's row as much as a new deal
  const corrected = before?.last?.amendments !== ctx.view?.last?.amendments;
  return els.protocol.open && (before?.deals_played !== ctx.view?.deals_played || corrected);
}

function onError(message) {
  // A seed the table refuses is the fairness check's business, not the player's: a new
  // commitment comes with its own seed, and one another device gave first is remembered.
  if (message.code === 'stale_seed' || message.code === 'seed_given') {
    noteSeedRefused(ctx.room, ctx.seedCommitment, message.code);
    return;
  }
  if (typeof message.id === 'string' && message.id.startsWith('hint-')) ctx.hintAsked = false;
  // the action this refuses, when it is the one in flight
  const answered = message.id && message.id === ctx.pendingId ? ctx.pending : null;
  ctx.pending = null;
  if (message.code === 'secret_refused' || message.code === 'seat_revoked') {
    localStorage.removeItem(SECRET_KEY);
    if (ctx.pendingState) {
      const held = ctx.pendingState;
      ctx.awaitingHello = false;
      onState(held);
    }
  }
  // A socket closed for a limit is told in the status line, which stays.
  if (CONNECTION_REFUSALS.has(message.code)) {
    render();
    return;
  }
  // A refused entry on paper is told beside its form, which keeps what was typed.
  const toldOnPaper = answered !== null && paperRefused(ctx, message, answered);
  if (message.code !== 'stale_version') {
    if (!toldOnPaper) toast(errorText(message.code, message.message), 'error');
  } else if (!message.id && ctx.hostSent && Date.now() - ctx.hostSent.at < HOST_STALE_MS) {
    // The fresh state follows this refusal at once; the command is reconsidered on it.
    ctx.hostRetry = ctx.hostSent;
    ctx.hostSent = null;
  }
  render();
}

socket.addEventListener('message', (event) => {
  const message = event.detail;
  if (message.type === 'state') onState(message);
  else if (message.type === 'seated') {
    localStorage.setItem(SECRET_KEY, message.secret);
    rememberRoom();
  } else if (message.type === 'error') {
    onError(message);
    chat?.refused(message);
  } else if (message.type === 'chat') chat?.receive(message);
  else if (message.type === 'waiting') {
    ctx.moving = true;
    render();
  } else if (message.type === 'hint') {
    ctx.hintAsked = false;
    receiveHint(ctx, message);
    render();
    if (ctx.hint) announce(hintText(ctx.hint, els.bar));
  }
});

// The errors that come just before the server closes a socket for a limit (4429).
const CONNECTION_REFUSALS = new Set(['room_full', 'too_many_spectators', 'too_many_connections', 'seat_connections']);

let helloTimer = null;
socket.addEventListener('status', (event) => {
  ctx.connection = event.detail;
  ctx.refusal = socket.refusal;
  ctx.moving = false; // a new socket is told again if its room is still on the way
  ctx.seedSentFor = null;
  ctx.hintAsked = false; // an answer the closed socket owed never comes
  if (event.detail === 'open') {
    ctx.awaitingHello = Boolean(getSecret());
    // Should the answer to hello never come, show the table as a spectator rather than nothing.
    clearTimeout(helloTimer);
    helloTimer = setTimeout(() => {
      if (!ctx.awaitingHello) return;
      ctx.awaitingHello = false;
      if (ctx.pendingState) onState(ctx.pendingState);
    }, 3000);
  }
  if (event.detail !== 'open') ctx.pending = null;
  render();
});

// The game this browser last played a match of, seated, for the home page's "Play again".
let lastNoted = null;
function noteLastGame() {
  const room = ctx.room;
  if (ctx.seat === null || room.status !== 'playing' || room.paper) return;
  const key = `${room.game}:${room.size}`;
  if (key === lastNoted) return;
  lastNoted = key;
  try {
    localStorage.setItem(LAST_KEY, JSON.stringify({ game: room.game, seats: room.size }));
  } catch {
    // nothing to remember with
  }
}

function rememberRoom() {
  try {
    const list = JSON.parse(localStorage.getItem('kortbord:rooms') || '[]').filter((r) => r.code !== code);
    list.unshift({ code, at: Date.now() });
    localStorage.setItem('kortbord:rooms', JSON.stringify(list.slice(0, 8)));
  } catch {
    // nothing to remember with
  }
}

// ---- rendering -----------------------------------------------------------------------------

function statusText() {
  const { room, view } = ctx;
  if (ctx.connection === 'refused') return t(`conn.refused.${ctx.refusal}`);
  if (ctx.moving) return t('conn.moving');
  if (!room) return t(ctx.connection === 'gone' ? 'conn.gone' : 'conn.connecting');
  if (ctx.connection !== 'open') return t('conn.reconnecting');
  if (room.status === 'waiting' || !view) {
    const free = room.seats.filter((s) => !s.taken).length;
    if (free) return t('status.waiting', { n: free });
    return isHost(ctx) ? t('status.ready_host') : t('status.ready');
  }
  if (room.status === 'finished') return t('status.finished');
  if (room.status === 'ended') return t('status.ended');
  if (room.paper) return paperStatus(ctx) ?? '';
  if (finishing(ctx)) return t('status.finishing');
  const actor = view.to_act;
  if (actor === null) return t('status.dealing');
  const own = ctx.panel.status?.(ctx);
  if (own) return own;
  const name = seatName(room, actor);
  return isMyTurn(ctx) ? t('status.you.play') : t('status.them.play', { name });
}

function render() {
  const mine = isMyTurn(ctx);
  const phase = !ctx.room ? 'loading' : isPlaying(ctx) ? ctx.view.phase : ctx.room.status;
  Object.assign(root.dataset, {
    phase,
    status: ctx.room?.status ?? 'loading',
    myTurn: mine ? 'true' : 'false',
    seat: ctx.seat ?? '',
    v: ctx.v,
    connection: ctx.connection,
    deal: ctx.view?.deal?.number ?? '',
    dealsPlayed: ctx.view?.deals_played ?? '',
    pending: ctx.pending ? 'true' : 'false',
    host: isHost(ctx) ? 'true' : 'false',
  });
  if (ctx.room) {
    $('#table').dataset.size = ctx.room.size;
    root.dataset.game = ctx.room.game ?? '';
  }
  const watching = ctx.room?.spectators ?? 0;
  els.watchers.hidden = watching === 0;
  els.watchers.textContent = t('room.watching', { n: watching });
  els.connection.dataset.state = ctx.connection;
  els.connection.querySelector('.label').textContent = t(`conn.${ctx.connection}`);
  els.status.textContent = statusText();
  els.status.classList.toggle('my-turn', mine);
  const paper = Boolean(ctx.room?.paper);
  root.dataset.paper = paper ? 'true' : 'false';
  const panel = paper ? PAPER_PANEL : ctx.panel;
  // Where the cards were, so that what the render brings can be seen coming from there.
  const scene = ctx.rendered ? measure(ctx) : null;
  renderSeats(els.seats, ctx, panel, handlers);
  // A choice in the middle of the table (a contract, a bid) keeps the keyboard's focus across
  // a state that leaves it offered, such as the seeds every seat gives as a deal begins.
  keepFocus(els.center, 'data-action', () => {
    if (paper && isPlaying(ctx) && ctx.view.paper) renderPaper(els.center, ctx, handlers, ui);
    else renderCenter(els.center, ctx, panel, handlers, ui);
  });
  renderHand(els.hand, els.bar, ctx, panel, handlers, ui);
  renderLearn(els.learn, els.coach, ctx, handlers, { hand: els.hand, bar: els.bar });
  renderSide(els.side, ctx, panel, handlers);
  chat?.sync();
  if (els.protocol.open) renderProtocol(els.protocolBody, ctx, { getSecret });
  animate(scene, ctx);
  summaryGivesWay(els.summary);
  const became = setMyTurn(mine);
  if (became) focusFirstPlayable();
}

// A keyboard player whose focus fell off a card they just played gets it back on their turn:
// on the first playable card, else on the control the game's panel marks for the turn.
function focusFirstPlayable() {
  const active = document.activeElement;
  if (active && active !== document.body && !els.hand.contains(active)) return;
  const first =
    els.hand.querySelector('.card-btn[data-playable="true"]') ??
    $('#room [data-turn-focus] button:not([disabled]), #room button[data-turn-focus]:not([disabled])');
  first?.focus({ preventScroll: true });
}

// The room's game, when the first state names it before the page could read the room: its
// panel and its words. Until they are in, the core's defaults draw.
function useGame(game) {
  if (!game || game === ctx.game) return;
  ctx.game = game;
  loadPanel(game).then((panel) => {
    if (ctx.game !== game) return;
    ctx.panel = panel;
    // The game's words are in once the language is set again; that draws the page anew.
    setLanguage(currentLanguage());
  });
}

function nameTheGame() {
  const game = has('game.title') ? t('game.title') : '';
  $('#room-heading').textContent = game ? t('room.heading', { game }) : t('room.heading_plain');
}

// The game is known before the first state when the room can be read: the page is then whole
// from its first drawing.
async function roomGame() {
  try {
    const response = await fetch(`/api/rooms/${encodeURIComponent(code)}`, { cache: 'no-store' });
    return response.ok ? (await response.json()).game : null;
  } catch {
    return null;
  }
}

// ---- page wiring ---------------------------------------------------------------------------

function wireHeader() {
  setInterval(() => tickDue(els.seats, ctx), 1000);
  // A tap anywhere but on a card or its play button puts a lifted card back.
  document.addEventListener('click', (event) => {
    if (!event.target.closest?.('.card-btn, #play-lifted')) handlers.dropLifted();
    if (!event.target.closest?.('.card-btn, #premove-bar, #settings-dialog, #settings-button')) handlers.dropPremove();
  });
  $('#protocol-button').addEventListener('click', () => handlers.openProtocol());
  $('#share-button').addEventListener('click', () => {
    const input = $('#share-link');
    input.value = location.href.split('#')[0];
    replace($('#share-qr'), qrSvg(input.value, t('share.qr_label')));
    els.share.showModal();
    input.select();
  });
  $('#share-copy').addEventListener('click', () => handlers.copyLink());
  const native = $('#share-native');
  if (navigator.share) native.addEventListener('click', () => handlers.shareLink());
  else native.hidden = true;
  const sound = $('#sound-toggle');
  const syncSound = () => {
    sound.setAttribute('aria-pressed', prefs.sound ? 'true' : 'false');
    sound.title = prefs.sound ? t('sound.on') : t('sound.off');
    sound.setAttribute('aria-label', t('sound.label'));
  };
  sound.addEventListener('click', () => setPref('sound', !prefs.sound));
  onPrefs((name) => {
    syncSound();
    refreshTitle();
    // a setting of the hand (its order, premoves, what plays by itself) shows at once
    if (name === 'premove' || name === 'oneTap') ctx.premove = null;
    render();
    scheduleAuto();
  });
  onLanguage(syncSound);
  syncSound();
  for (const dialog of [els.protocol, els.share]) wireDialog(dialog);
  document.addEventListener('keydown', (event) => {
    if (event.target.closest('input, select, textarea') || event.ctrlKey || event.metaKey || event.altKey) return;
    if (document.querySelector('dialog[open]')) return;
    if (event.key === 'p' || event.key === 'P') handlers.openProtocol();
    if ((event.key === 'l' || event.key === 'L') && isPlaying(ctx)) handlers.toggleLastTrick();
  });
}

async function main() {
  applyPrefs();
  const game = await roomGame();
  if (game) {
    ctx.game = game;
    ctx.panel = await loadPanel(game);
  }
  await setLanguage(detectLanguage());
  initSettings();
  setTitleKey('title.room');
  nameTheGame();
  onLanguage(() => {
    nameTheGame();
    refreshTitle();
    render();
    matchHistory.render();
  });
  wireHeader();
  chat = createChat({ code, send, getCtx: () => ctx, nickname: () => localStorage.getItem(NAME_KEY) || '' });
  handKeys(els.hand);
  new ResizeObserver(() => layoutHand(els.hand)).observe(els.hand);
  render();
  socket.connect();
  // Every control is wired: say so (tests wait for it rather than race the start-up).
  document.documentElement.dataset.ready = 'true';
  // Announce changes of connection for screen readers too.
  socket.addEventListener('status', (event) => {
    if (event.detail === 'reconnecting') announce(t('conn.reconnecting'));
  });
}

main();
