"""The test vectors DD1-DD10 of double-deck pinochle (§11), each as a named test.

North-South are seats 0 and 2, East-West 1 and 3. West deals unless stated, so North bids
first and leads to the first trick.
"""

from __future__ import annotations

import pytest
from engine.pinochle.helpers import E, N, S, W, act, auction, cards, deal, new, refused, trick

from app.engine.cards import SUITS
from app.engine.game import Termination
from app.engine.pinochle.double_deck_pinochle import GAME, VARIANT
from app.engine.pinochle.melds import DOUBLE_DECK, best, best_value, value
from app.engine.pinochle.partnership.state import Match
from app.engine.pinochle.partnership.variant import (
    MadeBid,
    deal_scores,
    winner_at_end,
)
from app.engine.tricks import legal_cards, trick_winner

RULES = VARIANT.trick_rules


def test_the_pack_and_its_points() -> None:
    assert len(VARIANT.cards) == 80 and VARIANT.hand_size == 20
    points = VARIANT.card_points
    assert sum(points[c[0]] for c in VARIANT.cards) + VARIANT.last_trick == 500


# -- DD1-DD6: melds -------------------------------------------------------------------------------


DD1 = "QS QS QS JD JD JD TH TH TC TC AS AS JS JS TD TD TS TS TH TC"


def test_dd1_triple_pinochle() -> None:
    found = best(cards(DD1), "D", DOUBLE_DECK)
    assert [(m.kind, m.value, m.times) for m in found] == [("pinochle", 450, 3)]
    assert value(cards(DD1), "D", DOUBLE_DECK) == 450


def test_dd2_quadruple_pinochle() -> None:
    hand = cards("QS QS QS QS JD JD JD JD TH TH TC TC TD TD TS TS AH AH AC AC")
    assert [(m.kind, m.value, m.times) for m in best(hand, "H", DOUBLE_DECK)] == [
        ("pinochle", 3000, 4)
    ]


def test_dd3_double_aces_under_any_trump() -> None:
    hand = cards("AS AS AH AH AD AD AC AC TS TS TH TH TD TD TC TC JS JH JC TS")
    for trump in SUITS:
        assert value(hand, trump, DOUBLE_DECK) == 1000


def test_dd4_sixteen_aces_are_two_doubles() -> None:
    hand = cards("AS AS AS AS AH AH AH AH AD AD AD AD AC AC AC AC TS TH TD TC")
    assert [(m.kind, m.value, m.times) for m in best(hand, "S", DOUBLE_DECK)] == [("aces", 2000, 4)]


def test_dd5_two_flushes_and_a_royal_marriage_no_bonus() -> None:
    hand = cards("AH AH TH TH KH KH KH QH QH QH JH JH TS TS TD TD TC TC JS JC")
    assert sorted((m.kind, m.value) for m in best(hand, "H", DOUBLE_DECK)) == [
        ("flush", 150),
        ("flush", 150),
        ("royal_marriage", 40),
    ]
    assert value(hand, "H", DOUBLE_DECK) == 340


def test_dd6_triple_kings() -> None:
    hand = cards("KS KS KS KH KH KH KD KD KD KC KC KC AS TS TD TC JH JC AH TH")
    assert value(hand, "S", DOUBLE_DECK) == 1200


# -- DD7: announcements ---------------------------------------------------------------------------


def dd7() -> Match:
    """North deals; East holds DD1 (best meld 450 under any trump) and announces first;
    then South bids 550 and West and North pass."""
    match = deal(new(VARIANT, N), {E: DD1})
    assert best_value(cards(DD1), DOUBLE_DECK) == 450
    act(match, E, "announce:120")
    current = match.deals[-1]
    assert current.high_seat is None and match.to_act == S  # information only
    assert current.calls[-1]._asdict() == {
        "seat": E,
        "call": "announce",
        "bid": None,
        "announced": 120,
        "flag": None,
    }
    for seat, text in [(S, "bid:550"), (W, "pass"), (N, "pass")]:
        act(match, seat, text)
    assert match.to_act == E and current.high == 550
    return match


@pytest.mark.parametrize(("announced", "bid"), [(120, 570), (240, 580), (300, 580), (310, 590)])
def test_dd7_an_announcement_after_a_bid_is_a_bid(announced: int, bid: int) -> None:
    match = dd7()
    act(match, E, f"announce:{announced}")
    current = match.deals[-1]
    assert (current.high, current.high_seat) == (bid, E)
    assert current.calls[-1]._asdict() == {
        "seat": E,
        "call": "announce",
        "bid": bid,
        "announced": announced,
        "flag": None,
    }


def test_dd7_an_announcement_above_the_best_meld_is_refused() -> None:
    match = dd7()
    refused(match, E, "announce:500", "announce_exceeds_meld")
    act(match, E, "announce:450")
    assert match.deals[-1].high == 550 + 50


# -- DD8: scoring ---------------------------------------------------------------------------------


def test_dd8_a_made_bid_scores_all_points() -> None:
    ns = 370 + 250
    ew = 130 + 80
    assert 370 + 130 == 500
    assert deal_scores(0, 600, [ns, ew], MadeBid.POINTS) == [620, 210]
    assert deal_scores(0, 700, [ns, ew], MadeBid.POINTS) == [-700, 210]
    assert VARIANT.made_bid_scores is MadeBid.POINTS
    assert "made_bid_scores" not in {o.name for o in VARIANT.options}


# -- DD9: identical cards -------------------------------------------------------------------------


def test_dd9_the_first_of_identical_cards_wins() -> None:
    assert trick_winner(cards("AS AS AS TS"), "H", RULES) == 0
    match = deal(new(VARIANT, W), {N: "AS", E: "AS", S: "AS", W: "TS"})
    auction(match, N, 500, "H")
    assert trick(match, "AS AS AS TS") == N


def test_dd_clarification_5_four_copies_beat_strictly() -> None:
    assert set(legal_cards(cards("AH AH KH"), ["AH"], "H", RULES)) == {"AH", "KH"}


# -- DD10: target ---------------------------------------------------------------------------------


def test_dd10_both_past_the_target_the_bidding_side_wins() -> None:
    assert winner_at_end([5100, 5900], 5000, bidder_team=0) == 0
    assert winner_at_end([5900, 5100], 5000, bidder_team=1) == 1


def test_dd10_at_the_table() -> None:
    trial = played_out((0, 0))
    ns, ew = trial.deals[-1].result.scores  # type: ignore[union-attr]
    assert ns > 0 and ew > 0
    match = played_out((5000 - ns, 5000 - ew + 500))
    assert match.team_total(1) > match.team_total(0) >= 5000
    outcome = GAME.outcome(match)
    assert outcome is not None and outcome.termination is Termination.TARGET_REACHED
    assert outcome.winners == (N, S)


def played_out(standing: tuple[int, int]) -> Match:
    """North, with eight aces, bids 500 in spades, and everyone plays his first legal
    card."""
    match = new(VARIANT, W, {"claims": False})
    match.totals = [standing[0], standing[1], standing[0], standing[1]]
    deal(match, {N: "AS AS AH AH AD AD AC AC QS QS JS JS QH QH JH JH QD QD JD JD"})
    auction(match, N, 500, "S")
    current = match.deals[-1]
    while not current.finished:
        seat = match.to_act
        assert seat is not None
        act(match, seat, f"play:{match.playable(current, seat)[0]}")
    return match
