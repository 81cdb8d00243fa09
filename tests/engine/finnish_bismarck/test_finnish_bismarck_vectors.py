"""The test vectors F1-F6 of shared/rules/bismarck-finnish.md §9, run through the real engine.

Seats 0-3 clockwise, partners opposite (0 & 2 against 1 & 3). With dealer 0, forehand is
seat 1, the dealer's partner seat 2 and forehand's partner seat 3.
"""

from __future__ import annotations

import pytest
from engine.finnish_bismarck.helpers import (
    act,
    assert_refused,
    contract_text,
    deal,
    deal_planned,
    finish_planned,
    play_choosing,
    play_planned,
    winners_for,
)

from app.engine.bismarck.finnish import GAME
from app.engine.bismarck.finnish.rules import deal_scores, team_tricks
from app.engine.bismarck.finnish.state import Match
from app.engine.cards import FULL_DECK
from app.engine.trick_game import legal, scored_deals

view = GAME.view

# -- F1 -----------------------------------------------------------------------------------------

F1_HANDS = {
    1: "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",  # forehand: every spade but the open ace
    2: "AH KH QH JH TH 9H 8H 6H 5H 4H 3H 2H",  # the dealer's partner: hearts, no spade
    0: "AD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    3: "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C",
}


def test_f1_trump_is_the_suit_of_open_card_1_not_the_open_ace() -> None:
    match = Match(0)
    deal(match, "7H AS KD 2C", F1_HANDS)
    shown = view(match, 2)["deal"]
    assert shown["open"] == ["7H", "AS", "KD", "2C"] and shown["trump_card"] == "7H"
    act(match, 1, "contract:trump")
    current = match.deals[-1]
    assert current.trump == "H"
    assert view(match, None)["deal"]["trump"] == "H"
    # the exchange leaves the dealer's partner without spades, a heart in hand
    act(match, 1, "pass:7H,KD,2C,2S")
    act(match, 3, "share:0=7H,1=KD,2=AC")
    act(match, 2, "pass:2H")
    act(match, 0, "pass:2H")
    act(match, 1, "play:AS")
    act(match, 2, "play:2H")  # no spade: the lowest heart trumps the open ace
    act(match, 3, "play:2S")
    act(match, 0, "play:AD")
    assert current.history[0].winner == 2
    assert match.to_act == 2


# -- F2 -----------------------------------------------------------------------------------------


def sizes(match: Match) -> list[int]:
    shown: list[int] = view(match, None)["deal"]["hand_sizes"]
    return shown


def test_f2_counts_through_the_exchange() -> None:
    match = Match(0)
    deal(match)
    assert sizes(match) == [12, 12, 12, 12]
    act(match, 1, "contract:notrump")
    assert sizes(match) == [12, 16, 12, 12]  # forehand took the four open cards
    hand = match.deals[-1].hands
    act(match, 1, "pass:" + ",".join(hand[1][:4]))
    assert sizes(match) == [12, 12, 12, 16]
    act(match, 3, "share:" + ",".join(hand[3][:3]))  # to seats 0, 1, 2 in turn
    assert sizes(match) == [13, 13, 13, 13]
    act(match, 2, "pass:" + hand[2][0])
    assert sizes(match) == [14, 13, 12, 13]
    act(match, 0, "pass:" + hand[0][0])
    assert sizes(match) == [13, 13, 13, 13]
    every = [c for h in hand for c in h]
    assert sorted(every) == sorted(FULL_DECK)  # all 52 in play, none twice
    assert view(match, 1)["legal"]["kind"] == "play"


# -- F3 and F4 ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("contract", "taken", "ours", "theirs"),
    [
        ("notrump", 10, 2, -2),
        ("notrump", 7, -1, 1),
        ("notrump", 8, 0, 0),
        ("misere", 3, 2, -2),
        ("misere", 7, -2, 2),
        ("misere", 5, 0, 0),
    ],
)
def test_f3_f4_a_deal_scores_by_team_against_its_quota(
    contract: str, taken: int, ours: int, theirs: int
) -> None:
    match = Match(0)
    play_planned(match, f"contract:{contract}", winners_for(0, taken))
    current = match.deals[-1]
    assert team_tricks(current.won) == [13 - taken, taken]  # forehand 1 is team 1
    # every partner carries his team's score
    assert current.scores == [theirs, ours, theirs, ours]
    assert match.totals == [theirs, ours, theirs, ours]
    assert deal_scores(contract, 0, current.won) == [theirs, ours, theirs, ours]
    sheet = view(match, None)["scoresheet"]
    assert sheet["deals"][0]["team_scores"] == [theirs, ours]
    assert sheet["teams"]["totals"] == [theirs, ours]


# -- F5 -----------------------------------------------------------------------------------------


def test_f5_each_player_chooses_each_contract_once() -> None:
    # first dealer 3: seat 1 is forehand in deals 2, 6, 10 and 14
    match = Match(3)
    choices = {2: "misere", 6: "notrump", 10: "trump"}
    for number in range(1, 14):
        if (3 + number) % 4 != 1:
            play_choosing(match, 0, 6)
            continue
        winners = winners_for(match.next_dealer, 6)
        deal_planned(match, winners)
        if number == 6:
            offered = legal(match, 1)
            assert offered is not None
            assert "contract:misere" not in offered["actions"]
            refused = assert_refused(match, 1, "contract:misere", "contract_already_used")
            assert refused.detail["left"] == ["trump", "notrump", "free"]
        finish_planned(match, contract_text(choices[number]), winners)
    assert match.used[1] == {"misere", "notrump", "trump"}
    # deal 14: seat 1's fourth turn, free is all that is left, and only its suits are asked
    deal(match)
    assert match.phase() == "contract" and match.deals[-1].forced
    offered = legal(match, 1)
    assert offered == {
        "kind": "contract",
        "actions": ["contract:free:S", "contract:free:H", "contract:free:D", "contract:free:C"],
    }
    assert_refused(match, 1, "contract:trump", "contract_already_used")
    assert_refused(match, 1, "contract:free", "trump_required")
    act(match, 1, "contract:free:D")
    assert match.deals[-1].trump == "D"


def test_f5_a_fourth_contract_other_than_free_is_set_by_the_deal() -> None:
    match = Match(0)  # seat 1 forehand in deals 1, 5, 9, 13
    for _ in range(12):
        forehand = (match.next_dealer + 1) % 4
        left = match.contracts_left(forehand)
        # every forehand keeps notrump for last
        pick = next(c for c in left if c != "notrump")
        play_planned(match, contract_text(pick), winners_for(match.next_dealer, 8))
    deal(match)
    current = match.deals[-1]
    assert current.contract == "notrump" and current.forced
    assert match.phase() == "exchange" and match.to_act == 1
    assert view(match, 1)["legal"]["kind"] == "pass"
    assert_refused(match, 1, "contract:notrump", "contract_already_chosen")
    assert [d.detail["contract"] for d in scored_deals(match)][:4] == ["trump"] * 4


# -- F6 -----------------------------------------------------------------------------------------


def test_f6_an_exchange_out_of_order_is_refused() -> None:
    match = Match(0)
    deal(match, hands={1: "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S"})
    act(match, 1, "contract:notrump")
    hands = match.deals[-1].hands
    # forehand's partner gives before forehand has passed four
    refused = assert_refused(match, 3, "share:" + ",".join(hands[3][:3]), "wrong_exchange_step")
    assert refused.detail == {"step": 1, "to_act": 1, "kind": "pass"}
    act(match, 1, "pass:AS,KS,QS,JS")
    act(match, 3, "share:0=AS,1=KS,2=QS")
    # the dealer passes before the dealer's partner
    refused = assert_refused(match, 0, "pass:AS", "wrong_exchange_step")
    assert refused.detail == {"step": 3, "to_act": 2, "kind": "pass"}
    # a player passes a card he does not hold
    refused = assert_refused(match, 2, "pass:KS", "card_not_in_hand")
    assert refused.detail == {"card": "KS"}
    act(match, 2, "pass:QS")
    assert_refused(match, 0, "pass:QS,AS", "wrong_card_count")
    act(match, 0, "pass:QS")  # the card just received may go straight back
    assert match.phase() == "play"
