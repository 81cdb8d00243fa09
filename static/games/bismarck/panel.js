// Bismarck's part of the table (static/js/panel.js describes the hooks): the open cards and
// the contract chooser in the middle, the discard, forehand and sitting-out badges, tricks
// against quotas, each player's contracts still to play, and the deal's summary.

import { h } from '../../js/dom.js';
import { cardName, cardSvg, suitIcon } from '../../js/cards.js';
import { formatNumber, t } from '../../js/i18n.js';
import { isPlaying, legalOf, seatName } from '../../js/model.js';
import { seatStat } from '../../js/table.js';
import { totalsAfter } from '../../js/dialogs.js';
import { playedOut } from '../../js/hand.js';

export const stylesheet = new URL('./panel.css', import.meta.url).href;

function contractLabel(contract, trump, forced = false) {
  if (!contract) return null;
  const parts = [h('span', { class: 'contract-name', text: t(`contract.${contract}`) })];
  if (trump) {
    parts.push(' ', suitIcon(trump, t(`suit.name.${trump}`)));
  }
  if (forced) parts.push(' ', h('span', { class: 'forced-tag', text: t('contract.forced') }));
  return h('span', { class: 'label-pill contract-label' }, parts);
}

function openCards(deal, small) {
  return h(
    'div',
    { class: `open-cards${small ? ' small' : ''}`, role: 'group', 'aria-labelledby': 'open-label' },
    h('span', { class: 'open-label', id: 'open-label', text: small ? t('open.were') : t('open.title') }),
    h(
      'div',
      { class: 'open-row' },
      deal.open.map((c) => h('div', { class: 'card', role: 'img', 'aria-label': cardName(c) }, cardSvg(c))),
    ),
  );
}

function contractChooser(ctx, legal, ui) {
  const deal = ctx.view.deal;
  const plain = [];
  const valfri = [];
  for (const action of legal.actions) {
    const [, contract, trump] = action.split(':');
    if (contract === 'valfri' && trump) valfri.push({ action, trump });
    else plain.push({ action, contract });
  }
  const disabled = Boolean(ctx.pending);
  const options = plain.map(({ action, contract }) =>
    h(
      'button',
      {
        type: 'button',
        class: 'btn contract-option',
        'data-action': action,
        disabled,
        onclick: () => ui.act(action),
      },
      h('span', { class: 'option-name', text: t(`contract.${contract}`) }),
      h('span', { class: 'option-hint', text: t(`contract.hint.${contract}`) }),
    ),
  );
  if (valfri.length) {
    options.push(
      h(
        'div',
        { class: 'contract-option valfri', role: 'group', 'aria-labelledby': 'valfri-label' },
        h('span', { class: 'option-name', id: 'valfri-label', text: t('contract.valfri') }),
        h('span', { class: 'option-hint', text: t('contract.hint.valfri') }),
        h(
          'div',
          { class: 'trump-choices' },
          valfri.map(({ action, trump }) =>
            h(
              'button',
              {
                type: 'button',
                class: `btn trump-choice suit-${trump}`,
                'data-action': action,
                'aria-label': t('contract.valfri_with', { suit: t(`suit.name.${trump}`) }),
                title: t(`suit.name.${trump}`),
                disabled,
                onclick: () => ui.act(action),
              },
              suitIcon(trump),
            ),
          ),
        ),
      ),
    );
  }
  return h(
    'div',
    { class: 'contract-chooser panel-card', id: 'contract-chooser', 'data-turn-focus': '' },
    h('h2', { text: deal.forced ? t('contract.forced_title') : t('contract.choose') }),
    h('p', { class: 'muted', text: deal.forced ? t('contract.forced_hint') : t('contract.only_open') }),
    h('div', { class: 'contract-options' }, options),
  );
}

export function dealLabel(ctx) {
  const deal = ctx.view.deal;
  return deal.contract ? contractLabel(deal.contract, deal.trump, deal.forced) : null;
}

export function centre(ctx, ui) {
  const deal = ctx.view.deal;
  if (ctx.view.phase === 'contract') {
    const legal = legalOf(ctx, 'contract');
    return { main: [openCards(deal, false), legal ? contractChooser(ctx, legal, ui) : null] };
  }
  return { tools: openCards(deal, true) };
}

export function actions(ctx, ui) {
  const legal = legalOf(ctx, 'discard');
  if (!legal) return null;
  const chosen = ui.selection().length;
  return h(
    'div',
    { class: 'select-bar discard-bar' },
    h('p', { id: 'discard-hint', text: t('discard.hint', { n: legal.count, chosen }) }),
    h('button', {
      type: 'button',
      class: 'btn primary',
      id: 'discard-confirm',
      'data-action': 'discard',
      disabled: chosen !== legal.count || Boolean(ctx.pending),
      text: t('discard.confirm', { n: legal.count }),
      onclick: () => ui.submitSelection(),
    }),
  );
}

export function status(ctx) {
  const { view, room } = ctx;
  if (view.phase !== 'contract' && view.phase !== 'discard') return null;
  if (view.to_act === ctx.seat && view.legal) return t(`status.you.${view.phase}`);
  return t(`status.them.${view.phase}`, { name: seatName(room, view.to_act) });
}

export function badges(ctx, seat) {
  const deal = ctx.view.deal;
  const out = [];
  if (deal.forehand === seat) out.push({ kind: 'forehand', long: t('badge.forehand'), short: t('badge.forehand_short') });
  if (deal.sitting_out === seat) out.push({ kind: 'out', long: t('badge.sitting_out'), short: '–' });
  return out;
}

export function seatStats(ctx, seat) {
  const deal = ctx.view.deal;
  const tricks = deal.tricks?.[seat];
  if (!deal.contract || tricks === null || tricks === undefined) return [];
  const quota = deal.quotas[seat];
  return [
    seatStat('tricks', t('seat.tricks'), quota === null ? `${tricks}` : `${tricks}/${quota}`, {
      title: t('seat.tricks_title'),
      'data-tricks': tricks,
    }),
  ];
}

export function handNote(ctx) {
  const deal = ctx.view.deal;
  if (playedOut(ctx)) return t('hand.played_out');
  return deal.order.includes(ctx.seat) ? t('hand.after_contract') : t('hand.sitting_out');
}

const RANKS = 'AKQJT98765432';

// The hand is ordered by the core (the player's setting `sort`): its ranks high to low, and
// where the view keeps the trump suit.
export const handRanks = RANKS;

export function trumpSuit(ctx) {
  return ctx.view.deal.trump ?? null;
}

export function whyNot() {
  return t('error.must_follow_suit');
}

export function scoreColumns(ctx) {
  return [
    {
      label: t('scores.left'),
      className: 'contracts-left',
      cell: (seat) =>
        (ctx.view.contracts_left?.[seat] ?? []).map((c) =>
          h('span', { class: `chip chip-${c}`, title: t(`contract.${c}`), text: t(`contract.short.${c}`) }),
        ),
    },
  ];
}

export function sideSections(ctx) {
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

export function summary(ctx, deal) {
  const totals = totalsAfter(ctx, deal);
  const rows = [...ctx.room.seats.keys()].map((seat) => {
    const out = !deal.order.includes(seat);
    return h(
      'tr',
      { 'data-seat': seat, class: seat === ctx.seat ? 'is-me' : '' },
      h('th', { scope: 'row', text: seatName(ctx.room, seat) }),
      out
        ? h('td', { colspan: 3, class: 'muted', text: t('badge.sitting_out') })
        : [
            h('td', { class: 'num', text: String(deal.tricks[seat]) }),
            h('td', { class: 'num', text: String(deal.quotas[seat]) }),
            h('td', { class: 'num score', text: formatNumber(deal.scores[seat], true) }),
          ],
      h('td', { class: 'num', text: formatNumber(totals[seat], true) }),
    );
  });
  return [
    h(
      'p',
      { class: 'summary-contract' },
      t('summary.played_by', { name: seatName(ctx.room, deal.forehand) }),
      ' ',
      contractLabel(deal.contract, deal.trump, deal.forced),
    ),
    h(
      'table',
      { class: 'summary-table' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col', text: t('scores.player') }),
          h('th', { scope: 'col', class: 'num', text: t('summary.tricks') }),
          h('th', { scope: 'col', class: 'num', text: t('summary.quota') }),
          h('th', { scope: 'col', class: 'num', text: t('summary.score') }),
          h('th', { scope: 'col', class: 'num', text: t('scores.total') }),
        ),
      ),
      h('tbody', {}, rows),
    ),
  ];
}

// ---- said for a screen reader ----------------------------------------------------------------

// The contract, once forehand has chosen it since the view `before`.
export function calls(ctx, before) {
  const deal = ctx.view.deal;
  if (!deal.contract || before.deal?.contract) return [];
  const name = seatName(ctx.room, deal.forehand);
  const contract = t(`contract.${deal.contract}`);
  return [
    deal.trump
      ? t('narrate.contract_trump', { name, contract, suit: t(`suit.name.${deal.trump}`) })
      : t('narrate.contract', { name, contract }),
  ];
}
