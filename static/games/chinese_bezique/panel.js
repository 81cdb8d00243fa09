// Chinese bezique's part of the table: rubicon bezique's panel (imported,
// static/games/bezique_rubicon/panel.js) with what the six-pack game changes in sight. Last
// deal's trumps are barred from being trumps again, which the deal's label says while no trumps
// are fixed; Chinese bezique keeps no brisques, and the view carries none (the rubicon panel
// shows them only where the view does). The fours of trumps are words of this game's tables.

import { h } from '../../js/dom.js';
import { suitIcon } from '../../js/cards.js';
import { t } from '../../js/i18n.js';
import { dealLabel as rubiconLabel } from '../bezique_rubicon/panel.js';

export {
  actions,
  handRanks,
  trumpSuit,
  badges,
  cardNote,
  centre,
  choice,
  playable,
  seatExtra,
  seatStats,
  sideSections,
  status,
  summary,
  whyNot,
} from '../bezique_rubicon/panel.js';

export const stylesheet = new URL('./panel.css', import.meta.url).href;

// Last deal's trumps, barred: "not ♥ this deal", until this deal's trumps are fixed.
function barred(deal) {
  const suit = deal.previous_trump;
  if (!suit || deal.trump) return null;
  const word = t(`suit.name.${suit}`);
  return h(
    'span',
    {
      class: 'label-pill barred-trump',
      'data-previous-trump': suit,
      title: t('trump.barred_title', { suit: word }),
    },
    h('span', { text: t('trump.barred_before') }),
    ' ',
    suitIcon(suit, word),
    ' ',
    h('span', { text: t('trump.barred_after') }),
  );
}

export function dealLabel(ctx) {
  return [...rubiconLabel(ctx), barred(ctx.view.deal)];
}
