"""The basic level's heuristics on positions built through the engine: bids, nil and blind
nil, the exchange, and the card play a player would choose."""

from __future__ import annotations

from typing import Any

import pytest
from spades_table import E, N, S, W, act, bid_round, nil_north, shown, table

from app.bots.spades import BasicBot
from app.bots.spades import hand as judge
from app.engine.spades.state import Match


def basic(view: dict[str, Any]) -> str:
    answer = BasicBot().decide(view)
    legal = view["legal"]
    if "count" in legal:
        kind, _, cards = answer.partition(":")
        assert kind == legal["kind"]
        assert len(set(cards.split(","))) == 3 and set(cards.split(",")) <= set(legal["from"])
    else:
        assert answer in legal["actions"], (answer, legal)
    return answer


def first_bid(hand: str) -> str:
    """West, first to bid, with ``hand``: looks, then bids."""
    match = table({W: hand})
    assert basic(shown(match)) == "look"
    act(match, "look")
    return basic(shown(match))


# -- bidding -------------------------------------------------------------------------------------


def test_a_hopeless_hand_bids_nil() -> None:
    assert first_bid("3S 2S 7H 5H 4H 2H 4D 3D 2D 5C 4C 3C 2C") == "bid:nil"


def test_no_nil_holding_the_ace_of_spades() -> None:
    assert first_bid("AS 2S 7H 5H 4H 2H 4D 3D 2D 5C 4C 3C 2C") == "bid:1"


def test_no_nil_holding_the_king_of_spades_or_four_spades() -> None:
    assert first_bid("KS 2S 7H 5H 4H 2H 4D 3D 2D 5C 4C 3C 2C") != "bid:nil"
    assert first_bid("5S 4S 3S 2S 7H 4H 2H 4D 3D 2D 4C 3C 2C") != "bid:nil"


def test_the_bid_counts_aces() -> None:
    three = first_bid("3S 2S AH 5H 4H 3H AD 6D 4D 3D AC 3C 2C")
    four = first_bid("AS 2S AH 5H 4H 3H AD 6D 4D 3D AC 3C 2C")
    assert three == "bid:3"
    assert four == "bid:4"


def test_the_bid_counts_spade_length_and_short_suits() -> None:
    short = first_bid("AS KS QS 4H 3H 2H 6D 5D 4D 3D 4C 3C 2C")
    long = first_bid("AS KS QS 5S 4S 3S 2S 4H 3H 6D 5D 3C 2C")
    assert short == "bid:3"
    assert int(long[4:]) >= 7


def test_a_guarded_king_counts_and_a_bare_one_hardly() -> None:
    guarded = judge.estimate(["KH", "2H", "3D", "4D", "5D", "6D", "7D", "2C", "3C", "4C", "5C"])
    bare = judge.estimate(["KH", "3H", "2H", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "2C"])
    alone = judge.estimate(["KH", "2D", "3D", "4D", "5D", "6D", "7D", "2C", "3C", "4C", "5C"])
    assert guarded > alone and bare > alone


def test_the_side_bids_at_most_thirteen() -> None:
    match = table({E: "AS KS 2S AH 3H 2H AD 3D 2D AC 4C 3C 2C"})
    bid_round(match, "11", "1")  # West 11, North 1; East, West's partner, to bid
    act(match, "look")
    assert judge.estimate(shown(match)["deal"]["hand"]) >= 4
    assert basic(shown(match)) == "bid:2"


def test_no_second_nil_beside_a_nil_bidder() -> None:
    hopeless = "3S 2S 7H 5H 4H 2H 4D 3D 2D 5C 4C 3C 2C"
    assert judge.fit_for_nil(hopeless.split())
    match = table({S: hopeless}, options={"first_bidder": "left"})
    bid_round(match, "nil")  # North nil; he lays, then East bids
    act(match, "lay:" + ",".join(judge.lay(match.current.hands[N])))  # type: ignore[union-attr]
    bid_round(match, "3")
    act(match, "look")
    assert basic(shown(match)) == "bid:1"  # South, North's partner: a number, however low


def test_blind_nil_only_far_behind_and_never_beside_a_nil() -> None:
    behind = table({})
    behind.totals = [260, 40, 260, 40]  # a standing the engine reaches after some deals
    assert basic(shown(behind)) == "bid:blind_nil"
    level = table({})
    level.totals = [100, 40, 100, 40]
    assert basic(shown(level)) == "look"
    beside = table({}, options={"first_bidder": "left"})
    beside.totals = [260, 40, 260, 40]
    bid_round(beside, "3")  # North
    act(beside, "bid:nil")  # East bids nil without looking (allowed) ...
    act(beside, "look")
    act(beside, "lay:" + ",".join(judge.lay(beside.current.hands[E])))  # type: ignore[union-attr]
    bid_round(beside, "3")  # South
    assert basic(shown(beside)) == "look"  # ... so West, his partner, looks


def test_a_blind_nil_bidder_looks_before_laying() -> None:
    match = table({})
    match.totals = [260, 40, 260, 40]
    act(match, "bid:blind_nil")
    view = shown(match)
    assert view["legal"] == {"kind": "look", "actions": ["look"]}
    assert basic(view) == "look"
    act(match, "look")
    assert basic(shown(match)).startswith("lay:")


# -- the exchange --------------------------------------------------------------------------------


def test_the_nil_bidder_lays_his_most_dangerous_cards() -> None:
    match = table({W: "QS 3S AH 2H KD 5D 4D 3D 9C 8C 7C 6C 2C"})
    act(match, "look", "bid:nil")
    assert basic(shown(match)) == "lay:QS,AH,KD"


def test_the_partner_gives_his_lowest_plain_cards() -> None:
    giver = "AS KS 5S AH KH 7H 3H AD 2D 9C 4C 3C 2C"
    match = table({E: giver}, options={"first_bidder": "left"})
    bid_round(match, "2")  # North
    bid_round(match, "4")  # East, the giver-to-be
    bid_round(match, "3")  # South
    bid_round(match, "nil")  # West: nil, then lays; East gives at once
    act(match, "lay:" + ",".join(judge.lay(match.current.hands[W])))  # type: ignore[union-attr]
    answer = basic(shown(match))
    assert answer.startswith("give:")
    given = answer[5:].split(",")
    assert set(given) == {"2D", "2C", "3H"}
    assert not any(c[1] == "S" for c in given)


# -- card play -----------------------------------------------------------------------------------


def test_the_partner_of_a_nil_bidder_takes_his_winning_card_over() -> None:
    match = nil_north("9H")
    assert match.to_act == S
    # the ten is enough: whoever takes the trick then, it is not North
    assert basic(shown(match)) == "play:TH"


def test_the_nil_bidder_leads_the_card_with_most_cards_above_it() -> None:
    match = table(
        {
            N: "2S 9H 8H 2H QD JD TD 3D 6C 5C 4C 3C 2C",
            S: "TS JS QS KS AS AH TH 4H AD KD AC KC QC",
        }
    )
    bid_round(match, "3", "nil")
    act(match, "lay:QD,JD,TD")
    bid_round(match, "3", "4")
    act(match, "give:JS,TS,QC")
    view = shown(match)
    assert view["seat"] == N
    # eleven diamonds he has not seen rank above his three, ten hearts above his two
    assert basic(view) == "play:3D"


def nil_east(lead: str = "TD") -> Match:
    """East bids nil; North leads ``lead``."""
    match = table(
        {
            N: "TD 3D 2H",
            S: "5D 2D",
            E: "KD 9D 4D 2S 3S 7H 5H 4H 6C 5C 4C 3C 2C",
            W: "AS KS QS AH KH QH AC KC QC JC 8D 7D 6D",
        }
    )
    bid_round(match, "6", "3", "nil")  # West 6, North 3, East nil
    act(match, "lay:3S,7H,6C")  # East lays; West, who has bid, gives
    act(match, "give:8D,7D,6D")
    bid_round(match, "3")  # South
    act(match, f"play:{lead}")
    return match


def test_a_nil_bidder_ducks_under_the_best_card() -> None:
    match = nil_east()
    assert match.to_act == E
    view = shown(match)
    assert basic(view) == "play:9D"  # the highest diamond under the ten


def test_a_nil_bidder_out_of_the_suit_throws_his_most_dangerous_card() -> None:
    match = table(
        {
            N: "2C 3C",
            E: "2S 3S AH 2H KH QH 9D 8D 7D 6D 5D 4D 3D",
            W: "AS KS QS JS AD KD QD JD TD AC KC QC JC",
        }
    )
    bid_round(match, "9", "3", "nil")
    act(match, "lay:9D,8D,7D")
    act(match, "give:AD,KD,QD")
    bid_round(match, "3")
    act(match, "play:2C")  # East holds no club
    view = shown(match)
    assert view["seat"] == E and not any(c[1] == "C" for c in view["deal"]["hand"])
    # the top cards of his plain suits are the ones that would win later; never a spade
    assert basic(view) in ("play:AD", "play:AH")


def test_the_partner_of_the_leader_does_not_trump_a_sure_winner() -> None:
    match = table(
        {
            N: "AH 2D",
            E: "5H 4H",
            S: "2S 3S 4S AD KD QD 2C 3C 4C 5C 6C 7C 8C",
        }
    )
    bid_round(match, "3", "3", "3", "3")
    act(match, "play:AH", "play:5H")
    view = shown(match)
    assert view["seat"] == S
    answer = basic(view)
    assert answer[-1] != "S"  # the ace holds: no spade on it
    assert answer == "play:2C"  # the cheapest card


def test_second_hand_low_and_third_hand_high() -> None:
    match = table({N: "5D 4C", E: "KD 3D 6C", S: "QC 8C 2C", W: "2D"})
    bid_round(match, "3", "3", "3", "3")
    act(match, "play:5D")
    assert basic(shown(match)) == "play:3D"  # East: second hand low
    match = table({N: "4C", E: "6C 3D", S: "QC 8C 2C", W: "2D"})
    bid_round(match, "3", "3", "3", "3")
    act(match, "play:4C", "play:6C")
    assert basic(shown(match)) == "play:QC"  # South: third hand high


def test_last_hand_wins_with_the_cheapest_card_that_does_it() -> None:
    match = table({N: "4C TC", E: "6C", S: "9C", W: "AC KC JC 2C"})
    bid_round(match, "3", "3", "3", "3")
    act(match, "play:4C", "play:6C", "play:9C")
    assert basic(shown(match)) == "play:JC"


@pytest.mark.parametrize(("bags", "expected"), [(True, "play:5H"), (False, "play:KH")])
def test_a_side_that_made_its_bid_ducks_when_overtricks_cost(bags: bool, expected: str) -> None:
    match = table(
        {
            N: "2H 9H QH JH 4D AC",
            E: "AH 6H AD 2C",
            S: "3H TH 8H 7H 2D 3C",
            W: "4H KH 5H 3D 4C",
        },
        options={"bags": bags},
    )
    bid_round(match, "1", "1", "1", "1")
    act(match, "play:2H", "play:AH", "play:3H", "play:4H")  # East wins
    act(match, "play:AD", "play:2D", "play:3D", "play:4D")  # East: his side has made 2
    act(match, "play:2C", "play:3C", "play:4C", "play:AC")  # North: his side needs one
    act(match, "play:9H", "play:6H", "play:TH")
    view = shown(match)
    assert view["seat"] == W
    assert basic(view) == expected


def test_an_opponent_lets_the_nil_bidders_card_win() -> None:
    match = nil_east("3D")
    assert basic(shown(match)) == "play:4D"  # East cannot duck: his lowest, for luck
    act(match, "play:4D")
    view = shown(match)
    assert view["seat"] == S
    assert basic(view) == "play:2D"  # not the five: East's four must win the trick
