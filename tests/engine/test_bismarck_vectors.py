"""The test vectors V1-V14 of shared/rules/bismarck.md §16, run through the real engine.

Seats are A, B, C (0, 1, 2). With the first dealer C, A is forehand in deal 1.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from engine.helpers import (
    A,
    B,
    C,
    act,
    assert_refused,
    cards,
    deal,
    new_three,
    play_any,
    play_deal,
    playable,
    snapshot,
)

from app.engine.actions import Action
from app.engine.bismarck import GAME
from app.engine.bismarck.contracts import contract_action
from app.engine.bismarck.rules import ScoringError, deal_scores, ranks, winners
from app.engine.bismarck.state import TABLE, Match
from app.engine.cards import sorted_cards
from app.engine.errors import MalformedAction
from app.engine.trick_game import scored_deals, shuffled_deal
from app.engine.tricks import WHIST, legal_cards, trick_winner

view = GAME.view


def start_trick(
    contract: str,
    hands: dict[int, str],
    voids: dict[int, str] | None = None,
) -> Match:
    """Deal 1 with A forehand: A chooses ``contract``, puts the open cards away and may lead."""
    match = new_three()
    current = deal(match, hands, voids=voids)
    act(match, A, contract)
    act(match, A, "discard:" + ",".join(current.open))
    assert match.phase() == "play" and match.to_act == A
    return match


def play(match: Match, *texts: str) -> None:
    for card in texts:
        seat = match.to_act
        assert seat is not None
        match.apply(seat, Match.PLAYS[card])


# -- V1 -----------------------------------------------------------------------------------------


def test_v1_spader_trick_and_deal() -> None:
    match = start_trick("contract:spader", {A: "AH", B: "7H", C: "2S"}, voids={C: "H"})
    current = match.deals[-1]
    assert current.trump == "S"
    play(match, "AH", "7H")
    assert match.to_act == C
    # No duty to trump: every card C holds is legal, the trump among them.
    assert sorted_cards(playable(match)) == sorted_cards(current.hands[C])
    for card in current.hands[C]:
        match.clone().apply(C, Match.PLAYS[card])
    play(match, "2S")
    assert current.history[0].winner == C
    assert current.tricks == [0, 0, 1]
    assert match.to_act == C

    assert_scores("contract:spader", (9, 3, 4), (1, -1, 0))


def assert_scores(
    contract: str, tricks: tuple[int, int, int], scores: tuple[int, int, int]
) -> None:
    """Both the scoring function and a real deal, played so that A, B, C take ``tricks``."""
    assert sum(scores) == 0
    match = new_three()
    finished = play_deal(match, contract, dict(enumerate(tricks)))
    assert finished.contract is not None
    assert deal_scores(finished.contract, A, list(tricks)) == list(scores)
    assert finished.scores == list(scores)
    assert match.totals == list(scores)
    assert view(match, None)["previous_deal"]["scores"] == list(scores)


def test_v2_same_tricks_under_pass() -> None:
    assert_scores("contract:pass", (9, 3, 4), (-5, 3, 2))


def test_v3_swedish_seed_spel() -> None:
    # Forehand A takes 11, Bertil (B) 2, Cecilia (C) 3.
    assert_scores("contract:spel", (11, 2, 3), (3, -2, -1))


def test_v4_all_tricks_to_forehand() -> None:
    assert_scores("contract:spel", (16, 0, 0), (8, -4, -4))


def test_v5a_pass_forehand_takes_none() -> None:
    assert_scores("contract:pass", (0, 8, 8), (4, -2, -2))


def test_v5b_pass_forehand_takes_all() -> None:
    assert_scores("contract:pass", (16, 0, 0), (-12, 6, 6))


def test_v6_exact_quotas_score_zero() -> None:
    assert_scores("contract:valfri:H", (8, 4, 4), (0, 0, 0))
    assert_scores("contract:pass", (4, 6, 6), (0, 0, 0))


@pytest.mark.parametrize(
    "tricks",
    [
        pytest.param([8, 4, 3], id="sum_15"),
        pytest.param([8, 4, 5], id="sum_17"),
        pytest.param([17, -1, 0], id="negative"),
        pytest.param([8, 8], id="two_players"),
        pytest.param([8, 4, 4, 0], id="four_active"),
    ],
)
def test_v6_impossible_tricks_are_an_internal_error(tricks: list[int]) -> None:
    with pytest.raises(ScoringError):
        deal_scores("valfri", A, tricks)


@pytest.mark.parametrize("contract", ["spel", "spader", "valfri", "pass"])
def test_v6_tricks_8_4_3_raise_for_every_contract(contract: str) -> None:
    with pytest.raises(ScoringError):
        deal_scores(contract, A, [8, 4, 3])


# -- V7 -----------------------------------------------------------------------------------------

ALL = "all"

V7 = [
    # led cards, seat to check, its named cards, the suit it holds nothing else of, legal, illegal
    pytest.param(("7C",), {A: "7C", B: "2C AS KH"}, B, "C", "2C", "AS", id="lead_7C_follow_2C"),
    pytest.param(
        ("7C", "8C"), {A: "7C", B: "8C", C: "3S KH 4D"}, C, "C", ALL, None, id="no_clubs_any"
    ),
    pytest.param(("5S",), {A: "5S", B: "2S AH"}, B, "S", "2S", "AH", id="trump_lead_follow"),
    pytest.param(("5S",), {A: "5S", B: "AH KD"}, B, "S", ALL, None, id="trump_lead_no_spades"),
    pytest.param(
        ("QH", "AH"), {A: "QH", B: "AH", C: "2H 3H AS"}, C, "H", "2H 3H", "AS", id="no_heading"
    ),
]


@pytest.mark.parametrize(("played", "hands", "seat", "void", "legal", "illegal"), V7)
def test_v7_follow_suit_in_a_spader_match(
    played: tuple[str, ...],
    hands: dict[int, str],
    seat: int,
    void: str,
    legal: str,
    illegal: str | None,
) -> None:
    match = start_trick("contract:spader", hands, voids={seat: void})
    play(match, *played)
    assert match.to_act == seat
    hand = match.deals[-1].hands[seat]
    expected = hand if legal == ALL else cards(legal)
    assert sorted_cards(playable(match)) == sorted_cards(expected)
    assert sorted(str(a) for a in match.legal_actions(seat)) == sorted(
        f"play:{c}" for c in expected
    )
    if illegal is not None:
        refused = assert_refused(match, seat, f"play:{illegal}", "must_follow_suit")
        assert refused.detail["suit"] == played[0][1]
    for card in expected:
        match.clone().apply(seat, Match.PLAYS[card])


@pytest.mark.parametrize(
    ("hand", "trick", "legal"),
    [
        pytest.param("2C AS KH", "7C", "2C", id="lead_7C"),
        pytest.param("3S KH 4D", "7C", "3S KH 4D", id="trump_allowed_not_required"),
        pytest.param("2S AH", "5S", "2S", id="trump_lead_must_follow"),
        pytest.param("AH KD", "5S", "AH KD", id="trump_lead_void"),
        pytest.param("2H 3H AS", "QH AH", "2H 3H", id="no_duty_to_beat"),
    ],
)
def test_v7_legal_function_with_the_exact_hands(hand: str, trick: str, legal: str) -> None:
    assert legal_cards(cards(hand), cards(trick), "S", WHIST) == cards(legal)


# -- V8 -----------------------------------------------------------------------------------------

V8 = [
    pytest.param("contract:spel", "TH AS JH", 2, id="spel_off_suit_ace_loses"),
    pytest.param("contract:valfri:D", "KC 2D AC", 1, id="valfri_D_low_trump_wins"),
    pytest.param("contract:spader", "AH 3S QS", 2, id="spader_highest_trump"),
    pytest.param("contract:spader", "2S AH KH", 0, id="spader_trump_led_unfollowed"),
    pytest.param("contract:pass", "9C KC AC", 2, id="pass_same_rule"),
    pytest.param("contract:valfri:S", "4H 2S AH", 1, id="valfri_spades_like_spader"),
]


@pytest.mark.parametrize(("contract", "trick", "position"), V8)
def test_v8_trick_winner_in_a_match(contract: str, trick: str, position: int) -> None:
    played = cards(trick)
    led = played[0][1]
    hands = dict(enumerate(played))
    voids = {seat: led for seat, card in hands.items() if card[1] != led}
    match = start_trick(contract, hands, voids)
    current = match.deals[-1]
    play(match, *played)
    assert current.history[0].winner == position
    assert match.to_act == position
    assert current.tricks[position] == 1
    assert trick_winner(played, current.trump, WHIST) == position


# -- V9 -----------------------------------------------------------------------------------------


def offered(match: Match, seat: int) -> set[str]:
    return {a.arg.partition(":")[0] for a in match.legal_actions(seat)}


def test_v9_contract_availability_across_deals() -> None:
    rng = random.Random(9)
    match = new_three(first_dealer=C)
    for number in range(1, 13):
        match.apply(TABLE, shuffled_deal(Match, rng))
        current = match.deals[-1]
        assert current.number == number
        assert current.dealer == (C + number - 1) % 3
        forehand = current.forehand
        if number == 1:
            assert forehand == A
            assert offered(match, A) == {"spel", "spader", "valfri", "pass"}
            assert {str(a) for a in match.legal_actions(A)} >= {
                f"contract:valfri:{s}" for s in "SHDC"
            }
            assert match.legal_actions(B) == match.legal_actions(C) == []
            act(match, A, "contract:pass")
        elif number == 2:
            assert forehand == B
            assert offered(match, B) == {"spel", "spader", "valfri", "pass"}
            # Only a player's own earlier choices count: A's pass does not bar B's.
            act(match, B, "contract:pass")
        elif number == 4:
            assert forehand == A
            assert offered(match, A) == {"spel", "spader", "valfri"}
            assert_refused(match, A, "contract:pass", "contract_already_used")
            act(match, A, "contract:spader")
        elif number == 7:
            assert forehand == A
            assert offered(match, A) == {"spel", "valfri"}
            assert_refused(match, A, "contract:pass", "contract_already_used")
            assert_refused(match, A, "contract:spader", "contract_already_used")
            assert_refused(match, A, "contract:valfri", "trump_required")
            act(match, A, "contract:valfri:S")
            assert current.trump == "S"
        elif number == 10:
            assert forehand == A
            assert match.phase() == "discard" and match.to_act == A
            assert (current.contract, current.trump, current.forced) == ("spel", None, True)
            assert view(match, A)["legal"]["kind"] == "discard"
            assert_refused(match, A, "contract:spel", "contract_already_chosen")
        elif match.phase() == "contract":
            match.apply(forehand, match.legal_actions()[0])
        else:
            assert number in (11, 12) and current.forced
        match.apply(forehand, GAME.parse_action("discard:" + ",".join(current.open)))
        while not current.finished:
            seat = match.to_act
            assert seat is not None
            match.apply(seat, Match.PLAYS[playable(match)[0]])
    assert match.is_over
    assert [set(u) for u in match.used] == [{"spel", "spader", "valfri", "pass"}] * 3
    a_contracts = [(d.number, d.contract, d.trump) for d in match.deals if d.forehand == A]
    assert a_contracts == [
        (1, "pass", None),
        (4, "spader", "S"),
        (7, "valfri", "S"),
        (10, "spel", None),
    ]


def test_v9_last_contract_valfri_still_asks_for_trump() -> None:
    rng = random.Random(10)
    match = new_three(first_dealer=C)
    for number in range(1, 10):
        choice = {1: "contract:spel", 4: "contract:spader", 7: "contract:pass"}.get(number)
        play_any(match, rng, choice)
    match.apply(TABLE, shuffled_deal(Match, rng))
    current = match.deals[-1]
    assert current.number == 10 and current.forehand == A
    assert match.phase() == "contract" and match.to_act == A
    assert current.forced and current.contract is None
    assert [str(a) for a in match.legal_actions(A)] == [f"contract:valfri:{s}" for s in "SHDC"]
    assert view(match, A)["legal"] == {
        "kind": "contract",
        "actions": [f"contract:valfri:{s}" for s in "SHDC"],
    }
    # Still choosing on the open cards alone: nobody holds anything yet.
    assert all(view(match, seat)["deal"]["hand"] is None for seat in range(3))
    assert_refused(match, A, "contract:spel", "contract_already_used")
    assert_refused(match, A, "contract:valfri", "trump_required")
    act(match, A, "contract:valfri:D")
    assert (current.contract, current.trump, current.forced) == ("valfri", "D", True)


def sheet_of(match: Match) -> dict[str, Any]:
    return GAME.scoresheet(match.seats, {}, scored_deals(match))


# -- V10 ----------------------------------------------------------------------------------------


def test_v10_four_player_rotation_and_match_end() -> None:
    rng = random.Random(10)
    match = Match(4, first_dealer=0)
    first = play_deal(match, "contract:spel", {1: 9, 2: 4, 3: 3})
    assert first.scores == [0, 1, 0, -1]
    sheet = sheet_of(match)
    # the dealer sits out: no score for the deal, and nothing in its row of contracts
    assert sheet["deals"][0]["scores"] == [None, 1, 0, -1]
    assert sheet["grid"]["rows"][0]["cells"] == dict.fromkeys(("spader", "valfri", "spel", "pass"))
    for _ in range(15):
        play_any(match, rng)
    expected_orders = {0: (1, 2, 3), 1: (2, 3, 0), 2: (3, 0, 1), 3: (0, 1, 2)}
    dealt = [0] * 4
    fore = [0] * 4
    played = [0] * 4
    assert len(match.deals) == 16
    for number, finished in enumerate(match.deals, start=1):
        dealer = (number - 1) % 4
        assert finished.number == number
        assert finished.dealer == dealer
        assert finished.forehand == (dealer + 1) % 4
        assert finished.order == expected_orders[dealer]
        assert finished.order[-1] == (dealer - 1) % 4  # the cutter, on the dealer's right
        assert finished.dealt[dealer] is None and finished.tricks[dealer] is None
        assert finished.scores is not None and finished.scores[dealer] == 0
        assert finished.forced == (number >= 13)
        dealt[dealer] += 1
        fore[finished.forehand] += 1
        for seat in finished.order:
            played[seat] += 1
    assert dealt == fore == [4, 4, 4, 4]
    assert played == [12, 12, 12, 12]
    assert match.is_over and match.to_act is None
    assert sum(match.totals) == 0
    assert view(match, None)["winners"] == winners(match.totals)
    assert_refused(match, TABLE, shuffled_deal(Match, rng), "match_over")
    assert_refused(match, 0, "contract:spel", "match_over")


def test_v10_sitting_out_seat_sees_no_hand_and_cannot_act() -> None:
    match = Match(4, first_dealer=0)
    current = deal(match)
    act(match, 1, "contract:spel")
    out = view(match, 0)["deal"]
    assert out["sitting_out"] == 0
    assert out["order"] == [1, 2, 3]
    assert out["hand"] is None
    assert out["hand_sizes"] == [None, 20, 16, 16]
    assert out["quotas"] == [None, 8, 4, 4]
    assert view(match, 0)["legal"] is None
    assert match.legal_actions(0) == []
    act(match, 1, "discard:" + ",".join(current.open))
    assert_refused(match, 0, f"play:{current.hands[1][0]}", "not_your_turn")


# -- V11 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("totals", "won", "ranked"),
    [
        pytest.param([5, 5, -10], [A, B], [1, 1, 3], id="two_share"),
        pytest.param([0, 0, 0], [A, B, C], [1, 1, 1], id="all_share"),
        pytest.param([3, -1, -1, -1], [0], [1, 2, 2, 2], id="four_players"),
    ],
)
def test_v11_final_ranking_with_ties(totals: list[int], won: list[int], ranked: list[int]) -> None:
    assert winners(totals) == won
    assert ranks(totals) == ranked


# -- V12 ----------------------------------------------------------------------------------------


def test_v12_protocol_after_two_deals() -> None:
    match = new_three(first_dealer=C)
    first = play_deal(match, "contract:spel", {A: 6, B: 6, C: 4})
    assert (first.dealer, first.forehand) == (C, A)
    assert first.scores == [-2, 2, 0]
    second = play_deal(match, "contract:pass", {A: 9, B: 2, C: 5})
    assert (second.dealer, second.forehand) == (A, B)
    assert second.scores == [-3, 2, 1]

    sheet = sheet_of(match)
    grid = sheet["grid"]
    assert [c["key"] for c in grid["columns"]] == ["spader", "valfri", "spel", "pass"]
    rows = grid["rows"]
    marked = [{k for k, cell in row["cells"].items() if cell is not None} for row in rows]
    assert marked == [{"spel"}, {"pass"}, set()]
    assert rows[A]["cells"]["spel"] == {"deal": 1, "suit": None, "score": -2}
    assert rows[B]["cells"]["pass"] == {"deal": 2, "suit": None, "score": 2}
    assert [d["totals"] for d in sheet["deals"]] == [[-2, 2, 0], [-5, 4, 1]]
    assert sheet["totals"] == [-5, 4, 1]
    for entry in sheet["deals"]:
        assert sum(entry["totals"]) == 0
    assert [d["cells"]["tricks"] for d in sheet["deals"]] == [[6, 6, 4], [9, 2, 5]]
    assert [d["cells"]["forehand"] for d in sheet["deals"]] == [A, B]
    assert [d["cells"]["contract"] for d in sheet["deals"]] == [
        {"term": "contract.spel"},
        {"term": "contract.pass"},
    ]
    assert view(match, B)["scoresheet"] == sheet


# -- V13 ----------------------------------------------------------------------------------------

OPEN = "KD 5H 9C 3S"


def discard_phase() -> Match:
    match = new_three()
    deal(match, {A: "AS 2C", B: "KH"}, open_cards=OPEN)
    act(match, A, "contract:spel")
    assert match.phase() == "discard"
    assert view(match, A)["deal"]["hand_sizes"] == [20, 16, 16]
    return match


def test_v13_lead_before_discard_refused() -> None:
    match = discard_phase()
    for card in ("AS", "KD"):
        assert_refused(match, A, f"play:{card}", "discard_required")
    assert len(match.deals[-1].hands[A]) == 20
    assert_refused(match, B, "play:KH", "not_your_turn")


@pytest.mark.parametrize(
    "discard",
    [
        pytest.param("AS,2C,KD", id="three_cards"),
        pytest.param("AS,AS,2C,KD", id="one_repeated"),
        pytest.param("AS,2C,KD,KH", id="card_not_held"),
        pytest.param("AS,2C,KD,5H,9C", id="five_cards"),
    ],
)
def test_v13_bad_discard_refused(discard: str) -> None:
    match = discard_phase()
    assert_refused(match, A, f"discard:{discard}", "discard_must_be_4_distinct_own_cards")
    assert view(match, A)["deal"]["hand_sizes"][A] == 20
    assert match.phase() == "discard"


def test_v13_discard_two_open_two_own_accepted() -> None:
    match = discard_phase()
    act(match, A, "discard:KD,5H,AS,2C")
    current = match.deals[-1]
    assert current.discard == ("AS", "5H", "KD", "2C")
    assert len(current.hands[A]) == 16
    assert {"AS", "2C", "KD", "5H"}.isdisjoint(current.hands[A])
    assert match.phase() == "play" and match.to_act == A
    assert sorted_cards(playable(match)) == sorted_cards(current.hands[A])
    assert view(match, A)["deal"]["discard"] == ["AS", "5H", "KD", "2C"]
    for seat in (B, C, None):
        seen = view(match, seat)["deal"]
        assert seen["discard"] is None and seen["discarded"] is True
    assert_refused(match, A, "discard:9C,3S,AS,2C", "discard_already_made")
    match.apply(A, Match.PLAYS[current.hands[A][0]])


@pytest.mark.parametrize("tricks_before_void", [None, 0, 2])
def test_v13_void_deal_keeps_valfri_hearts(tricks_before_void: int | None) -> None:
    rng = random.Random(13)
    match = new_three(first_dealer=C)
    for _ in range(4):
        play_any(match, rng, None)
    match.apply(TABLE, shuffled_deal(Match, rng))
    voided = match.deals[-1]
    assert (voided.number, voided.dealer, voided.forehand) == (5, A, B)
    assert "valfri" in match.contracts_left(B)
    act(match, B, "contract:valfri:H")
    if tricks_before_void is not None:
        act(match, B, "discard:" + ",".join(voided.open))
        while len(voided.history) < tricks_before_void:
            seat = match.to_act
            assert seat is not None
            match.apply(seat, Match.PLAYS[playable(match)[0]])
    totals = list(match.totals)

    match.apply(TABLE, GAME.parse_action("void"))
    assert match.phase() == "deal"
    assert view(match, B)["deal"] is None
    assert match.next_dealer == A
    assert match.contracts_left(B) == ["valfri", "spel", "pass"]

    redeal = deal(match, {B: "AH KH"}, open_cards="2S 3S 4S 5S")
    assert (redeal.number, redeal.dealer, redeal.forehand) == (5, A, B)
    assert redeal.open == ("2S", "3S", "4S", "5S")
    assert (redeal.contract, redeal.trump) == ("valfri", "H")
    assert match.phase() == "discard" and match.to_act == B
    assert all(a.kind == "discard" for a in match.legal_actions(B))
    assert_refused(match, B, "contract:valfri:H", "contract_already_chosen")
    assert_refused(match, B, "contract:spel", "contract_already_chosen")
    assert match.totals == totals
    assert [d.number for d in match.deals] == [1, 2, 3, 4, 5]

    act(match, B, "discard:" + ",".join(redeal.open))
    while not redeal.finished:
        seat = match.to_act
        assert seat is not None
        match.apply(seat, Match.PLAYS[playable(match)[0]])
    assert match.contracts_left(B) == ["spel", "pass"]
    sheet = sheet_of(match)
    row = sheet["grid"]["rows"][B]
    assert row["cells"]["valfri"] is not None
    assert row["cells"]["valfri"]["deal"] == 5 and row["cells"]["valfri"]["suit"] == "H"
    assert [d["number"] for d in sheet["deals"]] == [1, 2, 3, 4, 5]
    assert sum(1 for d in match.finished_deals if d.forehand == B) == 2


def test_v13_void_before_the_contract_gives_a_free_choice() -> None:
    match = new_three(first_dealer=C)
    deal(match)
    match.apply(TABLE, GAME.parse_action("void"))
    redeal = deal(match)
    assert (redeal.number, redeal.dealer, redeal.forehand) == (1, C, A)
    assert match.phase() == "contract" and redeal.contract is None
    assert offered(match, A) == {"spel", "spader", "valfri", "pass"}


def test_v13_void_only_by_the_table_and_only_during_a_deal() -> None:
    match = new_three()
    assert_refused(match, TABLE, "void", "wrong_phase")
    deal(match)
    assert_refused(match, A, "void", "not_your_turn")
    assert_refused(match, A, shuffled_deal(Match, random.Random(0)), "not_your_turn")
    assert_refused(match, TABLE, shuffled_deal(Match, random.Random(0)), "wrong_phase")


# -- V14 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("contract:spel:H", "trump_not_allowed"),
        ("contract:spel:S", "trump_not_allowed"),
        ("contract:pass:D", "trump_not_allowed"),
        ("contract:spader:H", "trump_not_allowed"),
        ("contract:valfri", "trump_required"),
    ],
)
def test_v14_contract_trump_refused(text: str, code: str) -> None:
    match = new_three()
    deal(match)
    assert_refused(match, A, text, code)
    assert match.phase() == "contract"


@pytest.mark.parametrize(
    ("text", "contract", "trump"),
    [
        ("contract:spader", "spader", "S"),
        ("contract:spader:S", "spader", "S"),
        ("contract:spel", "spel", None),
        ("contract:pass", "pass", None),
        ("contract:valfri:S", "valfri", "S"),
        ("contract:valfri:C", "valfri", "C"),
    ],
)
def test_v14_contract_trump_accepted(text: str, contract: str, trump: str | None) -> None:
    match = new_three()
    current = deal(match)
    act(match, A, text)
    assert (current.contract, current.trump) == (contract, trump)
    assert view(match, B)["deal"]["trump"] == trump


def test_v14_spader_with_spades_named_canonicalises() -> None:
    assert str(GAME.parse_action("contract:spader:S")) == "contract:spader"
    assert GAME.parse_action("contract:spader:S") == contract_action("spader")


def test_v14_spader_action_naming_spades_accepted() -> None:
    match = new_three()
    current = deal(match)
    match.apply(A, contract_action("spader", "S"))
    assert (current.contract, current.trump) == ("spader", "S")


@pytest.mark.parametrize(
    ("arg", "message"),
    [
        ("trumf", "no contract 'trumf' with trump None"),
        ("valfri:X", "no contract 'valfri' with trump 'X'"),
    ],
)
def test_v14_contract_action_built_by_hand_naming_no_contract_is_malformed(
    arg: str, message: str
) -> None:
    # the notation refuses the text; the Action built by hand is refused by the state itself
    with pytest.raises(MalformedAction):
        GAME.parse_action(f"contract:{arg}")
    match = new_three()
    deal(match)
    before = snapshot(match)
    for attempt in (match.check, match.apply):
        with pytest.raises(MalformedAction) as refused:
            attempt(A, Action("contract", arg))
        assert refused.value.code == "malformed_action"
        assert refused.value.message == message
    assert snapshot(match) == before


def test_an_action_of_no_kind_of_bismarck_built_by_hand_is_refused_in_its_turn() -> None:
    with pytest.raises(MalformedAction):
        GAME.parse_action("bid:spel")
    match = new_three()
    deal(match)
    assert_refused(match, B, Action("bid", "spel"), "not_your_turn")
    refused = assert_refused(match, A, Action("bid", "spel"), "wrong_phase")
    assert refused.message == "no 'bid' action in Bismarck now"
    act(match, A, "contract:spel")
    refused = assert_refused(match, A, Action("pass", ""), "wrong_phase")
    assert refused.message == "no 'pass' action in Bismarck now"
