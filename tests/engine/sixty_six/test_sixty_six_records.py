"""Sixty-six records (docs/records.md): the deal body, redaction for a running match, and
every broken rule reported in a sentence naming the deal, the action and the player."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from engine.sixty_six.helpers import (
    PLAYERS,
    A,
    B,
    act,
    build_pack,
    play,
    played_out_deal,
    start,
)

from app.engine.records import replay_record, validate_record
from app.engine.sixty_six import GAME
from app.engine.sixty_six.state import Match

export_record = GAME.records.export

PACK_A = "AS TS AH TH AD TD"
PACK_B = "9S JS 9H JH 9D JD"


def two_deals(options: dict[str, Any] | None = None) -> Match:
    """Deal 1: A takes two tricks and claims wrongly (B +2). Deal 2, dealt by A: B closes
    at once and claims wrongly (A +3, having had no trick when B closed)."""
    match = start(PACK_A, PACK_B, "9C", options=options)
    play(match, "AS 9S TS JS")
    act(match, "claim")
    start("KS QS KH QH KD QD", "AC TC KC QC JC 9C", "JS", dealer_seat=A, match=match)
    act(match, "close")
    act(match, "claim")
    return match


def record(match: Match) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(json.dumps(export_record(match, PLAYERS)))
    return doc


def error_of(doc: dict[str, Any]) -> str:
    checked = validate_record(doc)
    assert not checked.valid
    assert checked.error is not None
    return checked.error


def test_the_deal_body() -> None:
    match = two_deals()
    doc = record(match)
    assert doc["format"] == "kortbord-record/1" and doc["game"] == "sixty_six"
    assert doc["players"] == list(PLAYERS) and "options" not in doc
    first = doc["deals"][0]
    assert first == {
        "dealer": B,
        "pack": build_pack(PACK_A, PACK_B, "9C"),
        "actions": [[A, "play:AS"], [B, "play:9S"], [A, "play:TS"], [B, "play:JS"], [A, "claim"]],
        "trump": "C",
        "points": [23, 0],
        "tricks": [2, 0],
        "scores": [0, 2],
        "result": {"end": "wrong_claim", "winner": B, "carried": 0},
    }
    assert doc["deals"][1]["dealer"] == A
    assert doc["deals"][1]["actions"] == [[B, "close"], [B, "claim"]]
    assert doc["totals"] == [3, 2]
    assert "winners" not in doc  # the match is still running
    checked = validate_record(doc)
    assert checked.valid, checked.error
    assert checked.deals[0] == {
        "points": [23, 0],
        "tricks": [2, 0],
        "scores": [0, 2],
        "result": {"end": "wrong_claim", "winner": B, "carried": 0},
    }
    assert checked.totals == [3, 2] and checked.winners == []


def test_options_and_winners_of_a_finished_match() -> None:
    match = two_deals({"target": 3, "show_points": True})
    assert match.is_over
    doc = record(match)
    assert doc["options"] == {"show_points": True, "target": 3}
    assert doc["winners"] == [A]
    game, replayed, _ = replay_record(doc)
    assert game.name == "sixty_six"
    assert replayed.totals == match.totals and replayed.is_over
    assert validate_record(doc).winners == [A]


def test_an_unfinished_last_deal_is_valid() -> None:
    match = start(PACK_A, PACK_B, "9C")
    play(match, "AS 9S TS")
    doc = record(match)
    current = doc["deals"][0]
    assert current["points"] is None and current["result"] is None
    assert current["scores"] == [0, 0] and current["tricks"] == [1, 0]
    assert validate_record(doc).valid


def test_a_running_record_shows_a_seat_its_own_cards() -> None:
    match = start(PACK_A, PACK_B, "9C", "KC QC")
    play(match, "AS 9S")
    for seat, hand, draws in ((A, PACK_A, ["KC"]), (B, PACK_B, ["QC"])):
        doc = export_record(match, PLAYERS, seat, False)
        deal = doc["deals"][0]
        assert "pack" not in deal and deal["turned"] == "9C"
        assert sorted(deal["hands"][seat]) == sorted(hand.split())
        assert deal["hands"][1 - seat] is None
        assert deal["draws"][seat] == draws and deal["draws"][1 - seat] is None
        assert deal["actions"] == [[A, "play:AS"], [B, "play:9S"]]
        assert deal["points"] is None
    spectator = export_record(match, PLAYERS, None, False)["deals"][0]
    assert spectator["hands"] == [None, None] and spectator["draws"] == [None, None]


def broken(change: Any) -> str:
    doc = record(two_deals())
    change(doc)
    return error_of(doc)


def test_a_dealer_out_of_turn() -> None:
    def change(doc: dict[str, Any]) -> None:
        doc["deals"][1]["dealer"] = B

    assert broken(change) == "deal 2: dealer is seat 1 but seat 0 deals: the deal alternates"


@pytest.mark.parametrize(
    ("ending", "options", "rule"),
    [
        ("draw", {"higher_total_wins": True}, "a drawn deal is dealt again by the same player"),
        ("no_winner", {"winner_deals_next": True}, "a deal nobody wins keeps its dealer"),
    ],
)
def test_a_dealer_out_of_turn_after_a_deal_that_keeps_its_dealer(
    ending: str, options: dict[str, Any], rule: str
) -> None:
    match = played_out_deal(ending, options=options, tries=5000)
    dealer = match.deals[-1].dealer
    start(PACK_A, PACK_B, "9C", dealer_seat=dealer, match=match)
    doc = record(match)
    assert validate_record(doc).valid
    doc["deals"][1]["dealer"] = 1 - dealer
    assert error_of(doc) == f"deal 2: dealer is seat {1 - dealer} but seat {dealer} deals: {rule}"


def test_a_pack_with_a_card_twice() -> None:
    def change(doc: dict[str, Any]) -> None:
        doc["deals"][0]["pack"][23] = doc["deals"][0]["pack"][0]

    assert broken(change) == "deal 1: pack: AS appears twice"


def test_a_pack_of_another_game() -> None:
    def change(doc: dict[str, Any]) -> None:
        doc["deals"][0]["pack"][23] = "2C"

    assert broken(change) == "deal 1: pack: '2C' is not a card of the pack (A T K Q J 9)"


def test_a_revoke_after_closing() -> None:
    match = start(PACK_A, "9S JS 9H JH 9D QC", "KC")
    act(match, "close")
    play(match, "AH 9H")
    doc = record(match)
    doc["deals"][0]["actions"][2] = [B, "play:9S"]
    doc["deals"][0].pop("tricks")
    assert error_of(doc) == "deal 1, play 3: seat 1 (Bertil) holds a heart and must follow suit"


def test_an_action_out_of_turn() -> None:
    def change(doc: dict[str, Any]) -> None:
        doc["deals"][0]["actions"][1] = [A, "play:TS"]

    assert (
        broken(change)
        == "deal 1, play 2: seat 0 (Anna) acts out of turn: seat 1 (Bertil) is to act"
    )


def test_a_card_not_held_and_a_bad_exchange() -> None:
    def change(doc: dict[str, Any]) -> None:
        doc["deals"][0]["actions"][0] = [A, "play:9S"]

    assert broken(change) == "deal 1, play 1: seat 0 (Anna) does not hold 9S"

    def exchange(doc: dict[str, Any]) -> None:
        doc["deals"][0]["actions"][0] = [A, "exchange"]

    assert broken(exchange) == (
        "deal 1, play 1: seat 0 (Anna) may exchange the nine of trumps only after winning a trick"
    )


def test_an_action_after_the_deal_ended() -> None:
    def change(doc: dict[str, Any]) -> None:
        doc["deals"][0]["actions"].append([B, "claim"])

    assert broken(change) == "deal 1, play 6: the deal ended with action 5, yet more actions follow"


def test_an_unfinished_deal_followed_by_another() -> None:
    def change(doc: dict[str, Any]) -> None:
        doc["deals"][0]["actions"].pop()

    assert broken(change) == "deal 1: the deal is unfinished, yet another deal follows"


def test_not_an_action() -> None:
    def change(doc: dict[str, Any]) -> None:
        doc["deals"][0]["actions"][0] = [A, "play:AS!"]

    assert broken(change) == "deal 1, play 1: 'play:AS!' is not a Sixty-six action"

    def pair(doc: dict[str, Any]) -> None:
        doc["deals"][0]["actions"][0] = "play:AS"

    assert broken(pair) == "deal 1, play 1: an action is a pair [seat, text] with seat 0 or 1"


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("points", [22, 0], "deal 1: points is stated as [22, 0] but the cards give [23, 0]"),
        ("scores", [2, 0], "deal 1: scores is stated as [2, 0] but the cards give [0, 2]"),
        ("tricks", [2.0, 0], "deal 1: tricks is stated as [2.0, 0] but the cards give [2, 0]"),
        ("trump", "H", "deal 1: trump is stated as H but the cards give C"),
    ],
)
def test_derived_fields_must_match(field: str, value: Any, message: str) -> None:
    def change(doc: dict[str, Any]) -> None:
        doc["deals"][0][field] = value

    assert broken(change) == message


def test_totals_and_winners_must_match() -> None:
    doc = record(two_deals())
    wrong = copy.deepcopy(doc)
    wrong["totals"] = [2, 2]
    assert error_of(wrong) == "totals are stated as [2, 2] but the deals give [3, 2]"
    wrong = copy.deepcopy(doc)
    wrong["winners"] = [A]
    assert error_of(wrong) == "winners are stated as [0] but the totals give []"


def test_no_deal_after_the_match_was_won() -> None:
    match = start(PACK_A, PACK_B, "9C", options={"target": 2})
    play(match, "AS 9S TS JS")
    act(match, "claim")
    assert match.is_over
    doc = record(match)
    doc["deals"].append(record(two_deals())["deals"][1])
    doc.pop("totals")
    doc.pop("winners")
    assert error_of(doc) == "deal 2: the match was already won, yet another deal follows"
