"""Each option of spades and what it changes: first_bidder, target, lose_at_minus_200,
bags, failed_nil_tricks, double_nil and bid_requires_look."""

from __future__ import annotations

import pytest
from engine.spades.helpers import (
    E,
    N,
    S,
    W,
    act,
    assert_refused,
    legal_texts,
    played_deal,
    start,
)

from app.engine.game import TABLE, OptionError
from app.engine.spades import GAME
from app.engine.spades.rules import winning_side
from app.engine.spades.state import Match
from app.engine.trick_game import legal

view = GAME.view

NUMBERS = [f"bid:{n}" for n in range(1, 14)]


def test_the_options_and_their_defaults() -> None:
    assert GAME.resolve_options() == {
        "first_bidder": "dealer",
        "target": 500,
        "lose_at_minus_200": False,
        "bags": False,
        "failed_nil_tricks": "nothing",
        "double_nil": True,
        "bid_requires_look": False,
    }
    with pytest.raises(OptionError):
        GAME.resolve_options({"target": 400})
    with pytest.raises(OptionError):
        GAME.resolve_options({"failed_nil_tricks": "half"})
    with pytest.raises(OptionError):
        GAME.resolve_options({"first_bidder": "right"})


# -- first_bidder -------------------------------------------------------------------------------


def test_first_bidder_left_moves_the_bidding_but_not_the_lead() -> None:
    match = start(dealer=W, options={"first_bidder": "left"})
    assert match.to_act == N
    shown = view(match, None)["deal"]
    assert shown["bid_order"] == [N, E, S, W] and shown["first_bidder"] == N
    for _ in range(4):
        act(match, "bid:3")
    assert match.to_act == N  # the dealer's left leads, as it bid first


# -- target -------------------------------------------------------------------------------------


def test_target_sets_the_score_that_wins() -> None:
    match = Match(4, {"target": 200}, N)
    match.totals = [150, 0, 150, 0]
    played = played_deal(("3", "2", "3", "2"), (3, 3, 3, 4), match=match)
    assert played.totals[N] == 210 and played.is_over
    assert played.winners() == [N, S]
    assert GAME.outcome(played) is not None
    at_500 = Match(4, None, N)
    at_500.totals = [150, 0, 150, 0]
    assert not played_deal(("3", "2", "3", "2"), (3, 3, 3, 4), match=at_500).is_over


# -- lose_at_minus_200 --------------------------------------------------------------------------


def test_lose_at_minus_200_one_side_that_low_loses() -> None:
    assert winning_side((-200, -150), 500, True) == 1
    assert winning_side((10, -250), 500, True) == 0
    assert winning_side((-200, -150), 500, False) is None
    match = Match(4, {"lose_at_minus_200": True}, N)
    match.totals = [-150, 20, -150, 20]
    played = played_deal(("5", "2", "4", "2"), (2, 4, 3, 4), match=match)
    assert played.totals[N] == -240
    assert played.is_over and played.winners() == [E, W]


def test_lose_at_minus_200_both_that_low_the_higher_wins_equal_deals_again() -> None:
    assert winning_side((-300, -210), 500, True) == 1
    assert winning_side((-210, -210), 500, True) is None
    match = Match(4, {"lose_at_minus_200": True}, N)
    match.totals = [-150, -100, -150, -100]
    played = played_deal(("5", "4", "4", "6"), (2, 4, 3, 4), match=match)
    assert played.totals == [-240, -200, -240, -200]
    assert played.winners() == [E, W]
    level = Match(4, {"lose_at_minus_200": True}, N)
    level.totals = [-110, -100, -110, -100]
    drawn = played_deal(("5", "4", "4", "6"), (2, 4, 3, 4), match=level)
    assert drawn.totals == [-200, -200, -200, -200]
    assert not drawn.is_over and drawn.to_act == TABLE


def test_lose_at_minus_200_checks_the_target_and_the_floor_together() -> None:
    # one side wins the target as the other falls through the floor: the floor decides alike
    assert winning_side((520, -250), 500, True) == 0
    assert winning_side((-250, -250), 500, True) is None


# -- bags ---------------------------------------------------------------------------------------


def test_bags_off_overtricks_score_a_point_and_cost_nothing() -> None:
    match = played_deal(("1", "1", "1", "1"), (6, 1, 5, 1))
    assert match.totals[N] == 20 + 9
    assert match.bags == [0, 0]
    assert view(match, None)["bags"] is None
    sheet = view(match, None)["scoresheet"]
    assert [c["key"] for c in sheet["columns"]] == ["dealer", "bids", "tricks"]


def test_bags_on_are_counted_shown_and_cost_100_every_ten() -> None:
    match = played_deal(("1", "1", "1", "1"), (6, 1, 5, 1), options={"bags": True})
    assert match.bags == [9, 0]
    assert match.totals[N] == 29
    shown = view(match, None)
    assert shown["bags"] == [9, 0]
    keys = [c["key"] for c in shown["scoresheet"]["columns"]]
    assert keys == ["dealer", "bids", "tricks", "bags"]
    assert shown["scoresheet"]["deals"][0]["cells"]["bags"] == [9, 0, 9, 0]
    again = played_deal(("1", "1", "1", "1"), (1, 3, 2, 7), dealer=E, match=match)
    assert again.bags == [0, 8]
    sides = again.deals[-1].sides
    assert sides[0].bag_penalty == -100 and sides[0].total == 21 - 100


# -- failed_nil_tricks --------------------------------------------------------------------------

SET = (("nil", "4", "4", "4"), (2, 4, 3, 4))
"""N's nil fails with 2 tricks; S, bid 4, takes 3."""
MADE = (("nil", "4", "3", "4"), (2, 3, 4, 4))
"""N's nil fails with 2 tricks; S, bid 3, takes 4."""


@pytest.mark.parametrize(
    ("option", "set_total", "made_total", "made_bags"),
    [
        ("nothing", -100 - 40, -100 + 31, 1),
        ("partner", -100 + 41, -100 + 33, 3),
        ("bags", -100 - 40, -100 + 33, 3),
    ],
)
def test_failed_nil_tricks(option: str, set_total: int, made_total: int, made_bags: int) -> None:
    options = {"failed_nil_tricks": option, "bags": True}
    failed = played_deal(*SET, options=options)
    assert failed.totals[N] == set_total
    assert failed.bags[0] == (1 if option == "partner" else 0)
    made = played_deal(*MADE, options=options)
    assert made.totals[N] == made_total
    assert made.bags[0] == made_bags


# -- double_nil ---------------------------------------------------------------------------------


def test_double_nil_off_blind_nil_is_neither_listed_nor_accepted() -> None:
    match = start(options={"double_nil": False})
    assert legal_texts(match) == ["look", "bid:nil", *NUMBERS]
    assert_refused(match, "bid:blind_nil", "no_blind_nil")
    on = start()
    assert legal_texts(on) == ["look", "bid:nil", *NUMBERS, "bid:blind_nil"]


# -- bid_requires_look --------------------------------------------------------------------------


def test_bid_requires_look_a_number_or_nil_needs_a_look_blind_nil_does_not() -> None:
    match = start(options={"bid_requires_look": True})
    assert legal(match, N) == {"kind": "bid", "actions": ["look", "bid:blind_nil"]}
    assert_refused(match, "bid:4", "look_first")
    assert_refused(match, "bid:nil", "look_first")
    act(match, "look")
    assert legal_texts(match) == ["bid:nil", *NUMBERS]
    act(match, "bid:4")
    act(match, "bid:blind_nil")  # E, without a look
    assert match.to_act == E and match.phase() == "lay"
    off = start()
    act(off, "bid:4")  # without the option a number needs no look
    assert off.to_act == E


def test_every_option_plays_a_deal_through() -> None:
    for options in (
        {"first_bidder": "left"},
        {"target": 1000},
        {"lose_at_minus_200": True},
        {"bags": True},
        {"failed_nil_tricks": "partner"},
        {"double_nil": False},
        {"bid_requires_look": True},
    ):
        match = played_deal(("3", "3", "3", "3"), (3, 3, 3, 4), options=options)
        assert match.deals_played == 1 and match.to_act == TABLE
        assert match.next_dealer == E
