"""The conformance checks find the faults they are there for: each is run on a game derived
from German Whist with one fault planted, and must fail on it in every match the suite
plays, while German Whist itself passes every check. The first five are faults an earlier
suite let through: a view key outside the deal telling the suit counts of the opponent's
hand; a refusal's detail naming the opponent's hand; a refused play that changed the hand; a
trick winner that ignored trumps; and ``hidden_cards`` leaving out the stock. The sixth, the
opponent's hand itself at a key outside the deal, it missed as well, reading only a view's
deal and legal actions."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from engine.conformance_checks import (
    Played,
    check_every_card_accounted_for,
    check_redeals_keep_views,
    check_refusals_hide_unseen_cards,
    check_refused_actions_change_nothing,
    check_snapshots_spread,
    check_trick_winners,
    check_views_hide_unseen_cards,
    faults_of,
    play_match,
)

from app.engine import Action, ActionError, Game
from app.engine.cards import Card
from app.engine.german_whist.game import GAME, Match
from app.engine.ledger import seen_by
from app.engine.trick_game import TrickDeal

SEEDS = range(3)  # the suite's seeds (tests/engine/test_conformance.py)
SEATS = 2


def derived(name: str, **changes: Any) -> Game:
    return dataclasses.replace(GAME, name=f"german_whist_{name}", **changes)


def with_match(name: str, match: type[Match]) -> Game:
    """German Whist whose matches are of the class ``match``."""

    def new_match(seats: int, options: Any, first: int) -> Match:
        return match(seats, options, first)

    return derived(name, new_match=new_match)


# -- (a) the opponent's suit counts at a top-level view key, and its hand -------------------------


def _view_with_suit_counts(
    match: Match, seat: int | None, public: Any = None, cache: Any = None
) -> dict[str, Any]:
    shown = GAME.view(match, seat, public, cache)
    deal = match.current
    if seat is not None and deal is not None:
        held = deal.ledger.hand(1 - seat)
        shown = {**shown, "opponent_suits": dict(sorted(Counter(c[1] for c in held).items()))}
    return shown


SUIT_COUNTS = derived("suit_counts", view=_view_with_suit_counts)


def _view_with_the_opponents_hand(
    match: Match, seat: int | None, public: Any = None, cache: Any = None
) -> dict[str, Any]:
    shown = GAME.view(match, seat, public, cache)
    deal = match.current
    if seat is not None and deal is not None:
        shown = {**shown, "opponent": {"hand": deal.ledger.hand(1 - seat)}}
    return shown


OPEN_HAND = derived("open_hand", view=_view_with_the_opponents_hand)


# -- (b) the opponent's hand in a refusal's detail -------------------------------------------------


class TellingMatch(Match):
    __slots__ = ()

    def _check(self, seat: int, action: Action) -> TrickDeal | None:
        try:
            return super()._check(seat, action)
        except ActionError as refused:
            deal = self.current
            if deal is not None and seat in (0, 1):
                refused.detail["opponent_holds"] = deal.ledger.hand(1 - seat)
            raise


TELLING = with_match("telling", TellingMatch)


# -- (c) a refused in-turn play that changes the hand ----------------------------------------------


class CarelessMatch(Match):
    """Takes the card out of the hand before the duties are checked, and puts it back at the
    end of the hand when they refuse it."""

    __slots__ = ()

    def apply(self, seat: int, action: Action) -> None:
        deal = self.current
        try:
            super().apply(seat, action)
        except ActionError:
            if deal is not None and action.kind == "play" and seat == self.to_act:
                ledger = deal.ledger
                index = ledger.index_in_hand(seat, action.arg)
                if index is not None:
                    ledger.hands[seat].remove(index)
                    ledger.hands[seat].append(index)
            raise


CARELESS = with_match("careless", CarelessMatch)


# -- (d) a trick winner that ignores trumps --------------------------------------------------------


class TrumplessMatch(Match):
    __slots__ = ()

    def play(self, deal: TrickDeal, seat: int, card: Card) -> None:
        if len(deal.ledger.trick) + 1 < self.seats:
            super().play(deal, seat, card)
            return
        trump, deal.trump = deal.trump, None
        try:
            super().play(deal, seat, card)
        finally:
            deal.trump = trump


TRUMPLESS = with_match("trumpless", TrumplessMatch)


# -- (e) hidden_cards leaving out the stock --------------------------------------------------------


def _hidden_but_the_stock(match: Match, seat: int | None) -> list[Card]:
    deal = match.current
    if deal is None:
        return []
    ledger = deal.ledger
    stock = set(ledger.stock)
    bit = seen_by(seat)
    return sorted(
        card for i, card in enumerate(ledger.cards) if i not in stock and not ledger.seen[i] & bit
    )


STOCK_FORGOTTEN = derived("stock_forgotten", hidden_cards=_hidden_but_the_stock)


# -- the checks on them ----------------------------------------------------------------------------

Check = Callable[[Played], object]


def _redeals(played: Played) -> object:
    return check_redeals_keep_views(played, random.Random(0))


CHECKS: dict[str, Check] = {
    "snapshots spread": check_snapshots_spread,
    "views": check_views_hide_unseen_cards,
    "refusals": check_refusals_hide_unseen_cards,
    "refused actions": check_refused_actions_change_nothing,
    "accounting": check_every_card_accounted_for,
    "tricks": check_trick_winners,
    "re-deals": _redeals,
}

FAULTS: dict[str, tuple[Game, str]] = {
    "suit counts at a top-level key": (SUIT_COUNTS, "re-deals"),
    "the opponent's hand at a top-level key": (OPEN_HAND, "views"),
    "the opponent's hand in a refusal": (TELLING, "refusals"),
    "a refused play that changes the hand": (CARELESS, "refused actions"),
    "a trick winner that ignores trumps": (TRUMPLESS, "tricks"),
    "hidden cards without the stock": (STOCK_FORGOTTEN, "accounting"),
}


@pytest.mark.parametrize("fault", list(FAULTS))
def test_the_check_for_a_fault_fails_on_it_in_every_match(fault: str) -> None:
    game, check = FAULTS[fault]
    for seed in SEEDS:
        played = play_match(game, SEATS, seed)
        assert faults_of(partial(CHECKS[check], played)), f"{check} passed seed {seed}"


@pytest.mark.parametrize("seed", SEEDS)
def test_german_whist_passes_every_check(seed: int) -> None:
    played = play_match(GAME, SEATS, seed)
    failed = {name: faults_of(partial(check, played)) for name, check in CHECKS.items()}
    assert not {name: why for name, why in failed.items() if why}
