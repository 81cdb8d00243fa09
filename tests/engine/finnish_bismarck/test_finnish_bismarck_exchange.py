"""The exchange of shared/rules/bismarck-finnish.md §4, step by step: the shapes the seat to
act is offered, the counts, who sees which card, every refusal, and the notation.

With dealer 0: forehand 1 passes four to his partner 3 (step 1); 3 gives one card to each of
0, 1 and 2 (step 2); the dealer's partner 2 passes one to the dealer 0 (step 3), who passes
one back (step 4).
"""

from __future__ import annotations

import pytest
from engine.finnish_bismarck.helpers import act, assert_refused, cards, deal, snapshot

from app.engine.actions import Action
from app.engine.bismarck.finnish import GAME
from app.engine.bismarck.finnish.state import TABLE, Match
from app.engine.errors import MalformedAction
from app.engine.trick_game import hidden_cards, legal

view = GAME.view

HANDS = {
    0: "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D",
    1: "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S",
    2: "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H",
    3: "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C",
}
OPEN = "2S 2H 2D 2C"


def at_step(step: int) -> Match:
    """Deal 1 (dealer 0) of :data:`HANDS`, ``notrump``, the exchange made up to ``step``:
    forehand passes AS KS QS JS, his partner gives AS to the dealer, KS back to forehand and
    AC to the dealer's partner, who passes 3H to the dealer, who passes AS back to him."""
    match = Match(0)
    deal(match, OPEN, HANDS)
    act(match, 1, "contract:notrump")
    script = [(1, "pass:AS,KS,QS,JS"), (3, "share:0=AS,1=KS,2=AC"), (2, "pass:3H"), (0, "pass:AS")]
    for seat, text in script[: step - 1]:
        act(match, seat, text)
    return match


# -- shapes -------------------------------------------------------------------------------------


def test_each_step_offers_its_giver_a_choice_of_cards() -> None:
    match = at_step(1)
    offered = legal(match, 1)
    assert offered is not None
    assert offered["kind"] == "pass" and offered["count"] == 4 and len(offered["from"]) == 16
    assert {"2S", "2H", "2D", "2C"} <= set(offered["from"])  # the open cards taken up
    assert all(legal(match, s) is None for s in (0, 2, 3))
    assert len(match.legal_actions(1)) == 1820  # every four of sixteen
    match = at_step(2)
    offered = legal(match, 3)
    assert offered is not None
    assert offered == {"kind": "share", "count": 3, "from": offered["from"], "to": [0, 1, 2]}
    assert len(offered["from"]) == 16
    assert len(match.legal_actions(3)) == 16 * 15 * 14  # a card for each seat, in turn
    assert str(match.legal_actions(3)[0]) == "share:0=AS,1=KS,2=QS"
    for step, giver in ((3, 2), (4, 0)):
        match = at_step(step)
        offered = legal(match, giver)
        assert offered is not None
        assert offered["kind"] == "pass" and offered["count"] == 1
        assert offered["from"] == match.deals[-1].hands[giver]
        assert len(match.legal_actions(giver)) == len(offered["from"])


def test_the_steps_go_in_turn_and_play_follows() -> None:
    shown = [view(at_step(step), None) for step in (1, 2, 3, 4, 5)]
    assert [v["deal"]["exchange_step"] for v in shown] == [1, 2, 3, 4, None]
    assert [v["to_act"] for v in shown] == [1, 3, 2, 0, 1]
    assert [v["phase"] for v in shown] == ["exchange"] * 4 + ["play"]


def test_every_card_ends_where_the_passes_put_it() -> None:
    match = at_step(5)
    hands = [set(h) for h in match.deals[-1].hands]
    assert hands[1] == set(cards("KS TS 9S 8S 7S 6S 5S 4S 3S 2S 2H 2D 2C"))
    assert hands[3] == set(cards("QS JS KC QC JC TC 9C 8C 7C 6C 5C 4C 3C"))
    assert hands[2] == set(cards("AS AH KH QH JH TH 9H 8H 7H 6H 5H 4H AC"))
    assert hands[0] == set(cards("AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 3H"))


# -- who sees what ------------------------------------------------------------------------------


def passes(match: Match, seat: int | None) -> list[tuple[int, int, int, list[str] | None]]:
    return [
        (e["step"], e["from"], e["to"], e["cards"]) for e in view(match, seat)["deal"]["exchange"]
    ]


def test_a_passed_card_is_seen_by_its_giver_and_its_receiver_alone() -> None:
    match = at_step(5)
    everyone = [(1, 1, 3, None), (2, 3, 0, None), (2, 3, 1, None), (2, 3, 2, None)]
    everyone += [(3, 2, 0, None), (4, 0, 2, None)]
    assert passes(match, None) == everyone
    assert passes(match, 1) == [
        (1, 1, 3, ["AS", "KS", "QS", "JS"]),
        (2, 3, 0, None),
        (2, 3, 1, ["KS"]),
        (2, 3, 2, None),
        (3, 2, 0, None),
        (4, 0, 2, None),
    ]
    assert passes(match, 3) == [
        (1, 1, 3, ["AS", "KS", "QS", "JS"]),
        (2, 3, 0, ["AS"]),
        (2, 3, 1, ["KS"]),
        (2, 3, 2, ["AC"]),
        (3, 2, 0, None),
        (4, 0, 2, None),
    ]
    assert passes(match, 2) == [
        (1, 1, 3, None),
        (2, 3, 0, None),
        (2, 3, 1, None),
        (2, 3, 2, ["AC"]),
        (3, 2, 0, ["3H"]),
        (4, 0, 2, ["AS"]),
    ]
    assert passes(match, 0) == [
        (1, 1, 3, None),
        (2, 3, 0, ["AS"]),
        (2, 3, 1, None),
        (2, 3, 2, None),
        (3, 2, 0, ["3H"]),
        (4, 0, 2, ["AS"]),
    ]
    # and the counts are everyone's
    assert [e["count"] for e in view(match, None)["deal"]["exchange"]] == [4, 1, 1, 1, 1, 1]


def test_the_cards_a_seat_has_not_seen() -> None:
    match = at_step(5)
    # the dealer's partner saw his hearts, AC and 3H, AS coming back, and the open cards
    hidden = set(hidden_cards(match, 2))
    assert hidden.isdisjoint(set(HANDS[2].split()) | {"AC", "AS", "2S", "2H", "2D", "2C"})
    assert "KS" in hidden and "AD" in hidden and "QS" in hidden
    assert len(hidden) == 52 - 4 - 12 - 2  # the open cards, his twelve, AC and AS
    spectator = set(hidden_cards(match, None))
    assert len(spectator) == 48 and spectator.isdisjoint({"2S", "2H", "2D", "2C"})
    # forehand saw the four he passed go, and KS come back
    assert "AS" not in hidden_cards(match, 1) and "AC" in hidden_cards(match, 1)


def test_the_open_cards_are_shown_to_all_and_taken_up_with_the_contract() -> None:
    match = Match(0)
    deal(match, OPEN, HANDS)
    for seat in (None, 0, 1, 2, 3):
        shown = view(match, seat)["deal"]
        assert shown["open"] == ["2S", "2H", "2D", "2C"] and not shown["open_taken"]
        assert shown["trump_card"] == "2S"
    assert view(match, 2)["deal"]["hand"] == HANDS[2].split()
    assert view(match, None)["deal"]["hand"] is None
    act(match, 1, "contract:notrump")
    assert view(match, None)["deal"]["open_taken"]
    assert set(view(match, 1)["deal"]["hand"]) == set(HANDS[1].split()) | set(OPEN.split())


# -- refusals -----------------------------------------------------------------------------------


def test_a_pass_of_the_wrong_size_or_cards_is_refused() -> None:
    match = at_step(1)
    refused = assert_refused(match, 1, "pass:AS,KS,QS", "wrong_card_count")
    assert refused.detail == {"step": 1, "count": 4}
    assert_refused(match, 1, "pass:AS,KS,QS,JS,TS", "wrong_card_count")
    assert_refused(match, 1, "pass:AS,AS,KS,QS", "card_repeated")
    assert_refused(match, 1, "pass:AS,KS,QS,AH", "card_not_in_hand")
    match = at_step(3)
    assert_refused(match, 2, "pass:3H,4H", "wrong_card_count")
    assert_refused(match, 2, "pass:AD", "card_not_in_hand")


def test_a_share_must_give_one_card_to_each_of_the_three_others() -> None:
    match = at_step(2)
    refused = assert_refused(match, 3, "share:0=AS,1=KS,3=AC", "share_to_wrong_seats")
    assert refused.detail == {"to": [0, 1, 2], "named": [0, 1, 3]}
    assert_refused(match, 3, "share:0=AS,1=KS,5=AC", "share_to_wrong_seats")
    assert_refused(match, 3, "share:0=AS,1=KS", "wrong_card_count")
    assert_refused(match, 3, "share:0=AS,1=KS,2=AS", "card_repeated")
    assert_refused(match, 3, "share:0=AS,1=KS,2=AH", "card_not_in_hand")
    assert_refused(match, 3, "share:AS,KS", "wrong_card_count")
    assert_refused(match, 3, "pass:AS", "wrong_exchange_step")


def test_a_share_by_position_gives_the_cards_to_the_seats_offered_in_turn() -> None:
    by_position = at_step(2)
    act(by_position, 3, "share:KS,AC,AS")  # to 0, 1, 2 as legal's "to" lists them
    by_seat = at_step(2)
    act(by_seat, 3, "share:2=AS,0=KS,1=AC")
    assert by_position.deals[-1].hands == by_seat.deals[-1].hands
    assert by_position.deals[-1].exchange.from_partner == {0: "KS", 1: "AC", 2: "AS"}


def test_every_step_is_refused_out_of_turn() -> None:
    match = at_step(1)
    for seat, text in [
        (3, "share:AC,KC,QC"),
        (2, "pass:AH"),
        (0, "pass:AD"),
        (1, "share:AS,KS,QS"),
    ]:
        assert_refused(match, seat, text, "wrong_exchange_step")
    assert_refused(match, 1, "play:AS", "wrong_phase")
    assert_refused(match, 2, "play:AH", "not_your_turn")
    assert_refused(match, 1, "contract:misere", "contract_already_chosen")
    assert_refused(match, 0, "contract:misere", "not_your_turn")
    match = at_step(4)
    assert_refused(match, 2, "pass:AH", "wrong_exchange_step")
    assert_refused(match, 1, "pass:KS", "wrong_exchange_step")


def test_no_pass_before_the_contract_nor_during_play() -> None:
    match = Match(0)
    deal(match, OPEN, HANDS)
    assert_refused(match, 1, "pass:AS,KS,QS,JS", "wrong_phase")
    assert_refused(match, 3, "share:AC,KC,QC", "not_your_turn")
    assert_refused(match, 1, "play:AS", "wrong_phase")
    match = at_step(5)
    assert_refused(match, 1, "pass:KS", "wrong_phase")
    assert_refused(match, 0, "pass:AD", "not_your_turn")
    assert_refused(match, -1, "pass:AD", "not_your_turn")


def test_a_card_received_may_be_passed_on_or_given_back() -> None:
    match = at_step(2)
    act(match, 3, "share:0=QS,1=JS,2=KS")  # all three from the four forehand passed
    act(match, 2, "pass:KS")  # passed on at once
    act(match, 0, "pass:KS")  # and straight back
    assert "KS" in match.deals[-1].hands[2] and "QS" in match.deals[-1].hands[0]


# -- notation -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("pass:2C,AS,KH,3D", "pass:AS,KH,3D,2C"),
        ("pass:QS", "pass:QS"),
        ("share:2=KH,0=QD,1=AS", "share:0=QD,1=AS,2=KH"),
        ("share:KH,QD,AS", "share:KH,QD,AS"),
        ("contract:free:H", "contract:free:H"),
        ("contract:misere", "contract:misere"),
        ("contract:trump", "contract:trump"),
        ("contract:notrump", "contract:notrump"),
        ("play:QS", "play:QS"),
    ],
)
def test_actions_read_in_canonical_form(text: str, canonical: str) -> None:
    assert str(GAME.parse_action(text)) == canonical
    assert GAME.parse_action(canonical) == GAME.parse_action(text)


@pytest.mark.parametrize(
    "text",
    [
        "pass:",
        "pass:ZZ",
        "pass:AS,",
        "share:",
        "share:1=AS,1=KH,0=QD",
        "share:x=AS,1=KH,2=QD",
        "share:1=ZZ,2=KH,0=QD",
        "share:1=AS,KH,0=QD",
        "share:12=AS",
        "contract:trumf",
        "contract:free:",
        "contract:free:X",
        "contract:",
        "deal:AS,KS",
        "play:Q",
        "discard:AS,KS,QS,JS",
        "void",
        "",
    ],
)
def test_text_that_is_no_action_is_malformed(text: str) -> None:
    with pytest.raises(MalformedAction):
        GAME.parse_action(text)


def test_contract_names_and_their_suits() -> None:
    match = Match(0)
    deal(match, OPEN, HANDS)
    assert_refused(match, 1, "contract:free", "trump_required")
    for text in ("contract:trump:S", "contract:notrump:H", "contract:misere:C"):
        assert_refused(match, 1, text, "trump_not_allowed")
    assert legal(match, 1) == {
        "kind": "contract",
        "actions": [
            "contract:trump",
            "contract:notrump",
            "contract:free:S",
            "contract:free:H",
            "contract:free:D",
            "contract:free:C",
            "contract:misere",
        ],
    }


@pytest.mark.parametrize(
    ("seat", "kind", "arg", "message"),
    [
        (1, "contract", "trumf", "no contract 'trumf'"),
        (1, "contract", "free:X", "no contract 'free:X'"),
        (1, "discard", "AS,KS,QS,JS", "no 'discard' action in Finnish Bismarck"),
        (TABLE, "void", "", "no 'void' action in Finnish Bismarck"),
    ],
)
def test_an_action_built_by_hand_that_the_notation_refuses_is_malformed(
    seat: int, kind: str, arg: str, message: str
) -> None:
    action = Action(kind, arg)
    with pytest.raises(MalformedAction):
        GAME.parse_action(str(action))
    match = Match(0)
    deal(match, OPEN, HANDS)
    before = snapshot(match)
    for attempt in (match.check, match.apply):
        with pytest.raises(MalformedAction) as refused:
            attempt(seat, action)
        assert refused.value.message == message
    assert snapshot(match) == before
