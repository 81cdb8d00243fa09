"""The strong player's review of decisions already made (app/bots/review.py): a play that is
clearly worse than the best is marked with what it cost, the reviewer's own choice is not,
and a seat that had no choice is not judged at all."""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.bots import make_bot
from app.bots.review import (
    CLEAR,
    MATTERS,
    MIN_COST,
    MIN_SAMPLES,
    Judgement,
    candidates_of,
    judge,
    reviewer_for,
)
from app.engine import GAMES, TABLE, GameState

SPADES = GAMES["spades"]


def spades_first_bid(seed: int) -> tuple[GameState, dict[str, Any]]:
    """A fresh spades deal at its first bid, the bidder having looked at his cards."""
    state = SPADES.new_match(4, {}, 0)
    state.apply(TABLE, SPADES.chance(state, random.Random(seed)))
    seat = state.to_act
    state.apply(seat, SPADES.parse_action("look"))
    return state, SPADES.view(state, seat, None, None)


def review(view: dict[str, Any], played: str) -> Judgement | None:
    """Eight sampled deals, whatever the time they take: the same each run."""
    return judge(SPADES, reviewer_for(SPADES, 7), view, played, 11, 60.0, 8)


@pytest.mark.parametrize("seed", [3, 4])
def test_a_bid_of_thirteen_is_marked_with_its_cost(seed: int) -> None:
    # the side's contract is 13 and the partner's bid, so it fails: ten points a trick bid
    _, view = spades_first_bid(seed)
    judgement = review(view, "bid:13")
    assert judgement is not None
    assert judgement.played == "bid:13" and judgement.best != "bid:13"
    assert judgement.cost >= 50
    assert judgement.clearly_worse
    shown = judgement.as_json()
    assert shown["worse"] is True and shown["played"] == "bid:13"
    assert shown["candidates"] == len(view["legal"]["actions"])
    assert shown["samples"] >= MIN_SAMPLES


def test_the_reviewers_own_choice_costs_nothing() -> None:
    _, view = spades_first_bid(5)
    first = review(view, "bid:13")
    assert first is not None
    again = review(view, first.best)
    assert again is not None
    # the same seed samples the same deals, so the best is the best again, at no cost
    assert again.best == first.best and again.cost == 0.0 and not again.clearly_worse


def test_a_seat_without_a_choice_is_not_judged() -> None:
    state, _ = spades_first_bid(8)
    rng = random.Random(2)
    policy = make_bot("spades", "basic", 3)
    while state.to_act is not None and state.deals_played == 0:
        seat = state.to_act
        shown = SPADES.view(state, seat, None, None)
        if "count" in shown["legal"]:  # the nil exchange
            state.apply(seat, SPADES.parse_action(policy.decide(shown)))
            continue
        actions = shown["legal"]["actions"]
        if len(actions) == 1:
            assert review(shown, actions[0]) is None
            return
        choice = policy.decide(shown) if rng.random() < 0.9 else rng.choice(actions)
        state.apply(seat, SPADES.parse_action(choice))
    pytest.fail("no forced play in the deal")


def test_a_choice_of_several_cards_compares_the_chosen_set_with_the_policys() -> None:
    view = {"seat": 0, "legal": {"kind": "bury", "from": ["AS", "KS", "QS", "JS"], "count": 2}}
    pair = ["bury:AS,KS", "bury:QS,JS"]
    assert candidates_of(view, "bury:AS,KS", "bury:QS,JS", None) == pair
    assert candidates_of(view, "bury:AS,KS", "bury:AS,KS", None) == ["bury:AS,KS"]
    listed = {"seat": 0, "legal": {"kind": "play", "actions": ["play:AS", "play:KS", "play:2S"]}}
    # an action the list does not spell out (a claim, say) is judged beside the rest
    assert candidates_of(listed, "claim", None, None) == ["play:AS", "play:KS", "play:2S", "claim"]
    # a claim is weighed only when it was made
    claiming = {"seat": 0, "legal": {"kind": "play", "actions": ["play:AS", "play:KS", "claim"]}}
    assert candidates_of(claiming, "play:KS", None, None) == ["play:AS", "play:KS"]
    # a reviewer that weighs only some candidates weighs the one played too
    assert candidates_of(listed, "play:2S", None, ["play:AS"]) == ["play:AS", "play:2S"]


@pytest.mark.parametrize(
    ("cost", "error", "samples", "worth", "worse"),
    [
        (MIN_COST, 0.0, 64, 0.0, True),
        (MIN_COST - 0.01, 0.0, 64, 0.0, False),
        (3.0, 1.0, 64, 0.0, True),
        (3.0, 1.01, 64, 0.0, False),
        (90.0, 0.0, MIN_SAMPLES - 1, 0.0, False),
        # in a deal worth hundreds, a few points are not worth a mark
        (14.9, 0.0, 64, 300.0, False),
        (15.0, 0.0, 64, 300.0, True),
    ],
)
def test_clearly_worse_is_large_and_sure(
    cost: float, error: float, samples: int, worth: float, worse: bool
) -> None:
    assert (CLEAR, MATTERS) == (3.0, 0.05)
    judgement = Judgement("play:2S", "play:AS", cost, error, samples, 2, worth)
    assert judgement.clearly_worse is worse


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_can_be_reviewed(name: str) -> None:
    """A few decisions of each game's first deal, played by the basic level: each is judged
    (or skipped as forced), its best a candidate the seat had."""
    game = GAMES[name]
    seats = min(game.seat_counts)
    rng = random.Random(4)
    state = game.new_match(seats, {}, 0)
    policy = make_bot(name, "basic", 9)
    reviewer = reviewer_for(game, 9)
    judged = 0
    while judged < 2 and state.deals_played == 0 and not state.is_over:
        seat = state.to_act
        assert seat is not None
        if seat == TABLE:
            state.apply(TABLE, game.chance(state, rng))
            continue
        view = game.view(state, seat, None, None)
        played = policy.decide(view)
        judgement = judge(game, reviewer, view, played, 1, 0.0, 2)
        if judgement is not None:
            judged += 1
            assert judgement.samples == 2 and judgement.cost >= 0.0
            legal = view["legal"]
            if "actions" in legal:
                assert judgement.best in [*legal["actions"], played]
        state.apply(seat, game.parse_action(played))
    assert judged == 2
