"""The bezique resampler: a state rebuilt from a seat's view, the unseen cards dealt anew,
shows that seat the very view it was built from, keeps every public fact (tables, carte
blanche, cards played, the seat's own cards) and does deal the unseen cards anew."""

from __future__ import annotations

import json
import random

import pytest
from engine.bezique.match_helpers import act, deal, new_match, play_match, trick, view

from app.engine.bezique import CHINESE, RUBICON, Match, Variant
from app.engine.bezique.resample import resample
from app.engine.game import TABLE

VIEWERS: list[int | None] = [None, 0, 1]
COMPARED = ("deal", "legal", "phase", "to_act", "totals", "deals_played", "options")


def dumps(value: object) -> str:
    return json.dumps(value, sort_keys=True)


def collector(match: Match, legal: list[str], rng: random.Random) -> str:
    declared = [t for t in legal if t.startswith("declare:")]
    if declared and rng.random() < 0.8:
        return rng.choice(declared)
    return rng.choice(legal)


def assert_resampled(variant: Variant, state: Match, rng: random.Random, tries: int = 3) -> None:
    current = state.current
    assert current is not None
    for seat in VIEWERS:
        shown = view(state, seat)
        stocks = set()
        for _ in range(tries):
            sample = resample(variant, shown, rng)
            again = view(sample, seat)
            for key in COMPARED:
                assert dumps(again[key]) == dumps(shown[key]), (seat, key)
            redealt = sample.current
            assert redealt is not None
            if seat is not None:  # the seat's own cards are those it was dealt and drew
                assert [redealt.pack[c] for c in redealt.dealt[seat]] == [
                    current.pack[c] for c in current.dealt[seat]
                ]
            stocks.add(tuple(redealt.pack[c] for c in redealt.ledger.stock))
        if len(current.ledger.stock) > 8:
            assert len(stocks) > 1, "the stock was never dealt anew"


@pytest.mark.parametrize(
    ("variant", "seed", "options"),
    [
        (RUBICON, 51, {"deals": 2}),
        (CHINESE, 52, {"deals": 1}),
        (RUBICON, 53, {"deals": 1, "must_win_endgame": True}),
    ],
)
def test_a_resampled_state_shows_the_same_view(
    variant: Variant, seed: int, options: dict[str, object]
) -> None:
    rng = random.Random(seed)
    states: list[Match] = []

    def keep(match: Match) -> None:
        current = match.current
        if current is None:
            return
        # the first moves, a few along the stock, and the last tricks (voids shown)
        last = len(current.history) - variant.stock_tricks
        if (
            len(current.actions) in (1, 3)
            or (last in (3, 6) and len(current.ledger.trick) == 1)
            or rng.random() < 0.02
        ):
            states.append(match.clone())

    play_match(variant, options, seed, check=keep, choose=collector)
    assert any(s.current is not None and s.current.endgame for s in states)
    for state in states:
        assert_resampled(variant, state, rng)


def test_carte_blanche_shown_and_ended_is_kept() -> None:
    rng = random.Random(54)
    match = new_match(RUBICON, None, 1)  # seat 0 leads; seat 1 is dealt no court card
    # seat 1 draws 7C (shown, 50) after the first trick, then KD (a court: no more showing)
    deal(
        match,
        {0: "AS KH QH JC 9D 8D 7D 9C 8C", 1: "AH AH TS 9S 8S 7S TH 9H 8H"},
        stock="8C 7C 9C KD",
    )
    trick(match, "AS", "7S")
    act(match, 0, "draw")
    trick(match, "8C", "8H")
    act(match, 0, "draw")
    current = match.current
    assert current is not None
    assert [(s.seat, s.after) for s in current.shown] == [(1, 0), (1, 1)]
    assert current.blank == [False, False]
    assert_resampled(RUBICON, match, rng, tries=6)


def test_between_deals_and_at_the_end_the_resampler_keeps_the_standing() -> None:
    match, _ = play_match(CHINESE, {"deals": 1}, 55)
    shown = view(match, 0)
    sample = resample(CHINESE, shown, random.Random(1))
    assert sample.is_over and sample.totals == match.totals
    waiting = new_match(RUBICON, {"deals": 2}, 0)
    rebuilt = resample(RUBICON, view(waiting, 1), random.Random(2))
    assert rebuilt.to_act == TABLE and rebuilt.next_dealer == 0


def test_a_hand_that_showed_no_carte_blanche_is_dealt_a_court_card() -> None:
    """Carte blanche is shown whenever dealt, so the resampler deals a seat that showed none
    a hand holding a court card; a hand dealt without one is dealt again (seeds 62 and 104
    deal one first)."""
    match = new_match(RUBICON, None, 1)
    deal(match, {0: "AS KH QH JC 9D 8D 7D 9C 8C"})
    shown = view(match, 0)
    for seed in range(110):
        sample = resample(RUBICON, shown, random.Random(seed))
        current = sample.current
        assert current is not None and not current.shown
        hand = [current.pack[c] for c in current.holdings[1].concealed]
        assert any(code[0] in "KQJ" for code in hand), (seed, hand)


def test_a_view_no_deal_can_fit_is_refused() -> None:
    """A view that contradicts itself, a carte blanche by the opponent whose cards its hand
    does not show, fits no course of any deal: the resampler deals again and gives up."""
    match = new_match(RUBICON, None, 1)
    deal(match, {0: "AS KH QH JC 9D 8D 7D 9C 8C"})
    blank = new_match(RUBICON, None, 1)
    deal(blank, {1: "AH AH TS 9S 8S 7S TH 9H 8H"})
    shown = view(match, 0)
    shown["deal"]["carte_blanche"] = view(blank, 0)["deal"]["carte_blanche"]
    assert shown["deal"]["carte_blanche"][0]["seat"] == 1
    with pytest.raises(ValueError) as refused:
        resample(RUBICON, shown, random.Random(0))
    assert str(refused.value) == "no course of the deal fits the view"
