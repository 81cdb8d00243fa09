// A game's own part of the table: its panel. The core draws what every card game has (seats,
// the trick, the hand, scores, host controls, dialogs); a panel adds what only its game has
// (Bismarck's contract chooser, Sixty-six's stock). The core never names a game: it loads
// the panel of `room.game` from /static/games/<game>/panel.js, with the game's translations
// from /static/games/<game>/i18n/<lang>.json merged into the page's.
//
// A panel is an ES module. Every export is optional; the core has a plain default for each.
// Each hook is called on every render with `ctx`, the latest state as the page holds it:
//
//   ctx.room, ctx.view, ctx.seat   the last `state` message's parts (docs/protocol.md §6)
//   ctx.pending                    an action sent and not yet answered (disable controls)
//   ctx.connection                 'open' while the line is up
//
// and, where the hook may act, `ui`, what the core offers a panel:
//
//   ui.act(text)                   send an action, e.g. 'contract:spel' or 'claim'
//   ui.confirm(question, onYes)    a yes/no dialog
//   ui.toast(text)                 a short notice
//   ui.selection()                 the hand positions chosen for a {kind, count, from} legal
//   ui.selectedCards()             the codes of those cards, in hand order
//   ui.toggle(position)            choose or unchoose the card at a hand position
//   ui.submitSelection()           send `<kind>:<card>,<card>,…` for the chosen cards
//   ui.render()                    draw the table again, after the panel changed what only it
//                                  keeps (a builder's ticks, a number being dialled)
//
// The hooks:
//
//   stylesheet                     URL of the panel's CSS (new URL('./panel.css', import.meta.url))
//   dealLabel(ctx)                 nodes after "Deal n" above the trick: a contract, a trump
//   centre(ctx, ui)                {main, beside, tools} for the middle of the table during a
//                                  deal: `main` replaces the trick (a decision made in the
//                                  middle), `beside` stands next to the trick (a stock), `tools`
//                                  join the row under it (reminders, the last trick)
//   actions(ctx, ui)               nodes for the bar above the hand: the game's decisions
//   status(ctx)                    the status line's words, or null for the core's own
//   badges(ctx, seat)              [{kind, long, short}] beside a seat's name
//   seatStats(ctx, seat)           nodes for the seat's line of figures (tricks, quota, points)
//   seatExtra(ctx, seat)           nodes under it (an opponent's hand as backs, melds)
//   handNote(ctx)                  words in place of a hand the seat does not hold now
//   trumpSuit(ctx)                 where the view keeps the trump suit ('S', 'H', 'D', 'C' or
//                                  null): the hand shows trumps first when the player's setting
//                                  `sort` asks for it (as it does by default), else by suit
//   handRanks                      the game's ranks, high to low ('AKQJT98765432'), to order a
//                                  suit of the hand by (default: the server's order)
//   arrange(ctx, hand)             the display order of the hand: hand positions, permuted; for
//                                  a panel with neither of the two above
//   sureClaim(ctx)                 the action text of a claim the view shows to win ('claim'
//                                  once Sixty-six's shown points reach 66), or null: the page
//                                  makes it by itself when the player's setting `autoClaim`
//                                  asks, and only while the legal list offers it
//   cardNote(ctx, position, card)  {className, label} marking one card of the hand, or null
//                                  (the core draws `shown`: a card the others have seen)
//   whyNot(ctx, card)              why a card cannot be played although it is the seat's turn
//   playable(ctx)                  the Set of card codes a tap may use, when the legal kind is
//                                  not a plain play (default: the cards of `play:<card>` actions)
//   choice(ctx)                    {kind, count, from}: a choice of cards the panel asks for
//                                  of its own accord while the seat is on turn (to bury again
//                                  what `legal` allows only as a revision); the core handles it
//                                  as it does such a legal, and ui.submitSelection() sends it
//   cardClick(ctx, position, card, ui)
//                                  a tap on one of those cards when the legal kind is not a
//                                  choice of cards; true when the panel handled it (otherwise
//                                  the core sends `play:<card>`)
//   scoreColumns(ctx)              [{label, cell(seat) → nodes}] added to the side's scores
//   sideSections(ctx)              nodes added to the side (Bismarck: your discard)
//   summary(ctx, deal)             the body of the end-of-deal dialog for `previous_deal`
//   calls(ctx, before)             the lines the table's log says for what was called since
//                                  the view `before` of the same deal ("Boole bids 250"); the
//                                  core says the cards played and the tricks taken itself
//
// A room kept on paper (`room.paper`) deals no card, and none of these hooks is called there:
// the middle is paper.js's form, drawn from the fields the server sends in the game's words.
//
// A control the player should land on when the turn comes carries `data-turn-focus`.
//
// Without a panel's `actions`, a choice of cards ({kind, count, from}) gets the core's bar, and
// the other actions such a legal lists beside it (`also`: a concession) become buttons named
// `action.<kind>`. A scoresheet's `accounts` (a participant that is no seat, such as a kitty:
// {key, label, running, total}) are lines of their own under the players in the protocol.

import { addTranslations } from './i18n.js';

const NAME = /^[a-z][a-z0-9_]{0,31}$/;
const loaded = new Map();

export function gameFolder(game) {
  return `/static/games/${game}`;
}

function addStylesheet(href) {
  if (document.querySelector(`link[data-panel-style="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.dataset.panelStyle = href;
  document.head.append(link);
}

// The game's own words, for a page that shows no table (its rules page).
export function loadPanelWords(game) {
  if (NAME.test(game ?? '')) addTranslations((lang) => `${gameFolder(game)}/i18n/${lang}.json`);
}

// The game's panel, its translations registered and its styles added. A game without a panel
// (or a name that is no game's) gets the core's defaults alone.
export function loadPanel(game) {
  if (!NAME.test(game ?? '')) return Promise.resolve({});
  if (!loaded.has(game)) {
    const folder = gameFolder(game);
    addTranslations((lang) => `${folder}/i18n/${lang}.json`);
    loaded.set(
      game,
      import(`${folder}/panel.js`)
        .then((panel) => {
          if (panel.stylesheet) addStylesheet(panel.stylesheet);
          return panel;
        })
        .catch(() => ({})),
    );
  }
  return loaded.get(game);
}
