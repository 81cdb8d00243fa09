"""Every refusal spades raises, each with its code, and a refused action changes nothing.
Also the notation: what parses, what canonicalises and what is malformed."""

from __future__ import annotations

import pytest
from engine.spades.helpers import (
    E,
    N,
    S,
    W,
    act,
    assert_refused,
    bid_round,
    look_all,
    parse_action,
    played_deal,
    start,
    state_key,
)

from app.engine.actions import Action
from app.engine.errors import MalformedAction
from app.engine.game import TABLE
from app.engine.spades.rules import CARDS
from app.engine.spades.state import Match
from app.engine.trick_game import deal_action


def in_play() -> Match:
    """East on lead to the first trick, everyone having looked, no nil."""
    match = start({E: "2H 3H AS", S: "KH 4D", N: "QH KS"})
    look_all(match)
    bid_round(match, "3", "3", "3", "3")
    return match


# -- the notation -------------------------------------------------------------------------------


def test_actions_parse_to_their_canonical_form() -> None:
    assert str(parse_action("bid:0")) == "bid:nil"
    assert str(parse_action("bid:13")) == "bid:13"
    assert str(parse_action("bid:blind_nil")) == "bid:blind_nil"
    assert str(parse_action("lay:2C,AS,7H")) == "lay:AS,7H,2C"
    assert str(parse_action("give:3D,2D,4D")) == "give:4D,3D,2D"
    assert parse_action("look") == Action("look")
    assert str(parse_action("play:TS")) == "play:TS"
    assert parse_action("deal:" + ",".join(CARDS)).kind == "deal"


@pytest.mark.parametrize(
    "text",
    [
        "bid:14",
        "bid:-1",
        "bid:01",
        "bid:x",
        "bid",
        "bid:double",
        "look:now",
        "play:1S",
        "play:AS,KS",
        "lay:AS,ZZ,KS",
        "lay:",
        "give:" + ",".join(CARDS[:14]),
        "deal:" + ",".join(CARDS[:51]),
        "deal:" + ",".join([*CARDS[:51], "AS"]),
        "pass",
        "Bid:3",
    ],
)
def test_malformed_texts_are_refused(text: str) -> None:
    with pytest.raises(MalformedAction):
        parse_action(text)


def test_a_hand_built_action_no_text_parses_to_is_malformed() -> None:
    match = start()
    for action in (Action("bid", "0"), Action("bid", "14"), Action("play", "ZZ"), Action("x")):
        with pytest.raises(MalformedAction):
            match.check(N, action)


def test_a_hand_built_lay_or_give_of_no_three_cards_is_malformed() -> None:
    """A ``lay`` or ``give`` built in Python that no text parses to is refused as malformed
    in the notation's words, even from the seat whose turn it is to lay, and changes
    nothing."""
    match = start({N: "2C 3C 4C"})
    act(match, "look")
    act(match, "bid:nil")
    assert (match.phase(), match.to_act) == ("lay", N)
    before = state_key(match)
    for action in (
        Action("lay", "2C,ZZ,4C"),
        Action("lay", ",".join(CARDS[:14])),
        Action("give", "3C,2C,4C,"),
        Action("lay", "2C,3C,4C"),  # not in canonical order: the notation writes 4C,3C,2C
    ):
        for attempt in (match.check, match.apply):
            with pytest.raises(MalformedAction) as refused:
                attempt(N, action)
            assert refused.value.message == f"not a spades action: {str(action)[:40]!r}"
        assert state_key(match) == before
    act(match, "lay:4C,3C,2C")
    assert match.phase() == "bid"


# -- turn and phase -----------------------------------------------------------------------------


def test_not_your_turn() -> None:
    match = start()
    assert_refused(match, "bid:3", "not_your_turn", E)
    bid_round(match, "3", "3", "3", "3")
    look_all(match)
    assert_refused(match, "play:AS", "not_your_turn", N)
    between = played_deal(("3", "3", "3", "3"), (3, 3, 3, 4))
    assert between.to_act == TABLE
    assert_refused(between, "look", "not_your_turn", N)
    assert_refused(between, deal_action(CARDS), "not_your_turn", E)


def test_match_over() -> None:
    match = Match(4, {"target": 200}, N)
    match.totals = [180, 0, 180, 0]
    over = played_deal(("3", "2", "3", "2"), (3, 3, 3, 4), match=match)
    assert over.is_over
    assert_refused(over, deal_action(CARDS), "match_over", TABLE)
    assert_refused(over, "look", "match_over", N)


def test_wrong_phase() -> None:
    match = start({N: "2C 3C 4C"})
    assert_refused(match, deal_action(CARDS), "wrong_phase", TABLE)
    assert_refused(match, "play:AS", "wrong_phase")
    act(match, "look")
    act(match, "bid:nil")
    assert_refused(match, "bid:3", "wrong_phase")
    assert_refused(match, "give:2C,3C,4C", "wrong_phase")
    act(match, "lay:2C,3C,4C")
    play = in_play()
    assert_refused(play, "bid:3", "wrong_phase")
    assert_refused(play, "lay:2H,3H,AS", "wrong_phase")


def test_bad_deck() -> None:
    match = Match(4, None, N)
    short = Action("deal", ",".join(CARDS[:51]))
    twice = Action("deal", ",".join([*CARDS[:51], "AS"]))
    assert_refused(match, short, "bad_deck", TABLE)
    assert_refused(match, twice, "bad_deck", TABLE)


# -- looking and bidding ------------------------------------------------------------------------


def test_already_looked() -> None:
    match = start()
    act(match, "look", W)
    assert_refused(match, "look", "already_looked", W)
    act(match, "look", N)
    assert_refused(match, "bid:blind_nil", "already_looked")


def test_look_first() -> None:
    """Only a number or nil under ``bid_requires_look``: a lay, give or play is a look
    (Clarification 6)."""
    match = start({N: "2C 3C 4C"}, options={"bid_requires_look": True})
    assert_refused(match, "bid:5", "look_first")
    assert_refused(match, "bid:nil", "look_first")
    act(match, "bid:blind_nil")
    act(match, "lay:2C,3C,4C")
    act(match, "look", E)
    act(match, "bid:3")
    assert_refused(match, "bid:4", "look_first")


def test_no_blind_nil() -> None:
    match = start(options={"double_nil": False})
    assert_refused(match, "bid:blind_nil", "no_blind_nil")


# -- the exchange -------------------------------------------------------------------------------


def test_exchange_must_be_3_own_cards() -> None:
    match = start({N: "2C 3C 4C 5C", E: "AH"})
    act(match, "look")
    act(match, "bid:nil")
    assert_refused(match, "lay:2C,3C", "exchange_must_be_3_own_cards")
    assert_refused(match, "lay:2C,3C,4C,5C", "exchange_must_be_3_own_cards")
    assert_refused(match, "lay:2C,2C,3C", "exchange_must_be_3_own_cards")
    assert_refused(match, "lay:2C,3C,AH", "exchange_must_be_3_own_cards")
    act(match, "lay:2C,3C,4C")
    act(match, "bid:3")
    act(match, "look", S)
    act(match, "bid:4")
    assert_refused(match, "give:2C,3C,4C", "exchange_must_be_3_own_cards")


# -- play ---------------------------------------------------------------------------------------


def test_card_not_in_hand() -> None:
    match = in_play()
    assert_refused(match, "play:QH", "card_not_in_hand")


def test_must_follow_suit() -> None:
    match = in_play()
    act(match, "play:2H")
    assert_refused(match, "play:4D", "must_follow_suit")
    act(match, "play:KH")


def test_spades_not_broken() -> None:
    match = in_play()
    assert_refused(match, "play:AS", "spades_not_broken")
