// Double-deck pinochle's part of the table: partnership auction pinochle's panel (imported,
// static/games/partnership_pinochle/panel.js) with the permitted announcements added to the
// bid bar: a bid may say "flush" or "long suit" when the hand holds one, and a player may
// announce the value of his meld, as information before the first bid and as a bid after it
// (10 more for every 100 announced or part of 100). The server verifies every announcement;
// the bar offers only what `legal` lists, and the player's best meld is the server's figure.

import { h } from '../../js/dom.js';
import { t } from '../../js/i18n.js';
import { button, decide, moment } from '../partnership_pinochle/panel.js';

export {
  handRanks,
  trumpSuit,
  badges,
  calls,
  centre,
  dealLabel,
  seatStats,
  sideSections,
  status,
  summary,
  whyNot,
} from '../partnership_pinochle/panel.js';

export const stylesheet = new URL('./panel.css', import.meta.url).href;

const FLAGS = ['flush', 'long_suit'];
const BID_STEP = 10;

// The flags the seat's hand allows, as `legal` lists them beside the least bid.
function flagsHeld(legal) {
  return FLAGS.filter((flag) => legal.actions.some((a) => a.startsWith('bid:') && a.endsWith(`:${flag}`)));
}

function flagChoice(ctx, held, kept, ui) {
  if (!held.length) return null;
  const chosen = held.includes(kept.flag) ? kept.flag : null;
  const option = (flag) => {
    const id = `bid-flag-${flag ?? 'none'}`;
    return h(
      'label',
      { class: `dd-flag${chosen === flag ? ' on' : ''}`, for: id },
      h('input', {
        type: 'radio',
        name: 'bid-flag',
        id,
        value: flag ?? '',
        checked: chosen === flag,
        disabled: Boolean(ctx.pending),
        // keeps the keyboard's focus on this choice when the bar is drawn anew
        'data-action': `flag-${flag ?? 'none'}`,
        onchange: () => {
          kept.flag = flag;
          ui.render();
        },
      }),
      h('span', { text: flag ? t(`flag.${flag}`) : t('flag.none') }),
    );
  };
  return h(
    'fieldset',
    { class: 'dd-flags', id: 'bid-flags' },
    h('legend', { text: t('flag.title') }),
    option(null),
    held.map(option),
  );
}

// What announcing `value` does now: information before the first bid, else a bid of the high
// bid and 10 for every 100 or part of 100.
function announceLabel(deal, value) {
  if (deal.high_bid === null) return t('announce.send', { v: value });
  return t('announce.send_bid', { v: value, n: deal.high_bid + BID_STEP * Math.ceil(value / 100) });
}

// The seat's best meld (its own knowledge, the server's figure) and the announcements `legal`
// lists, each saying what it does now; the rule under them.
function announceRow(ctx, legal, ui) {
  const deal = ctx.view.deal;
  const values = legal.actions.filter((a) => a.startsWith('announce:')).map((a) => Number(a.slice(9)));
  const best = deal.best_meld;
  const known = best !== null && best !== undefined;
  if (!known && !values.length) return null;
  return h(
    'div',
    { class: 'dd-announce', id: 'announce-bar', 'data-best': known ? best : '' },
    h(
      'div',
      { class: 'pp-row' },
      known
        ? h('span', {
            class: 'dd-best',
            id: 'best-meld',
            'data-best': best,
            text: t('best_meld', { n: best }),
          })
        : null,
      values.map((v) =>
        button(ctx, `announce:${v}`, announceLabel(deal, v), () => ui.act(`announce:${v}`), {
          class: 'small dd-announce-button',
          'data-announce': v,
        }),
      ),
    ),
    values.length
      ? h('p', {
          class: 'pp-note muted',
          text: deal.high_bid === null ? t('announce.info') : t('announce.as_bid'),
        })
      : null,
  );
}

function announcements(ctx, legal, ui) {
  const kept = moment(ctx);
  const held = flagsHeld(legal);
  if (!held.includes(kept.flag)) kept.flag = null;
  return {
    flag: kept.flag,
    nodes: [flagChoice(ctx, held, kept, ui), announceRow(ctx, legal, ui)],
  };
}

export function actions(ctx, ui) {
  return decide(ctx, ui, announcements);
}
