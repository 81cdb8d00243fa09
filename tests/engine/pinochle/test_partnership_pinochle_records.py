"""Records of both partnership pinochles: a whole match round-trips through export, JSON,
replay and validation; a running match's record shows a seat only its own hand; a record
that breaks a rule or states a wrong derived field fails, naming the deal."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from engine.pinochle.helpers import GAMES, N, auction, deal, new, play_match

from app.engine import RecordFormatError
from app.engine.records import export_record, replay_record, validate_record

PLAYERS = ["Anna", "Bertil", "Cecilia", "David"]
NAMES = sorted(GAMES)


def whole(
    name: str, seed: int = 1, options: dict[str, object] | None = None, claim_rate: float = 0.0
) -> dict[str, Any]:
    game, _ = GAMES[name]
    given = options if options is not None else {"claims": False}
    match, _ = play_match(game, given, seed, claim_rate)
    record: dict[str, Any] = json.loads(json.dumps(export_record(game, match, PLAYERS)))
    return record


@pytest.mark.parametrize("name", NAMES)
def test_a_whole_match_round_trips(name: str) -> None:
    game, _ = GAMES[name]
    match, _ = play_match(game, {"claims": False}, 2)
    record = json.loads(json.dumps(export_record(game, match, PLAYERS)))
    assert record["game"] == name and record["teams"] == [[0, 2], [1, 3]]
    assert record["options"] == {"claims": False}
    assert record["winners"] == match.winners() and record["totals"] == match.totals
    first = record["deals"][0]
    assert {
        "dealer",
        "hands",
        "actions",
        "bids",
        "bidder",
        "bid",
        "trump",
        "melds",
        "result",
        "scores",
    } <= set(first)
    verdict = validate_record(record)
    assert verdict.valid, verdict.error
    assert verdict.totals == match.totals and verdict.winners == match.winners()
    again_game, again, players = replay_record(record)
    assert again_game is game and players == PLAYERS
    assert again.totals == match.totals and again.deals_played == match.deals_played
    assert export_record(game, again, PLAYERS) == record


@pytest.mark.parametrize("name", NAMES)
def test_a_claimed_match_round_trips(name: str) -> None:
    record = whole(name, 0, {}, claim_rate=0.004)
    assert record["deals"][-1]["result"]["claim"] is not None
    assert validate_record(record).valid


def broken(record: dict[str, Any], change: Any) -> str:
    doc = copy.deepcopy(record)
    change(doc)
    verdict = validate_record(doc)
    assert not verdict.valid
    assert verdict.error is not None
    return verdict.error


@pytest.mark.parametrize("name", NAMES)
def test_a_tampered_record_fails(name: str) -> None:
    record = whole(name)
    assert validate_record(record).valid

    def score(doc: dict[str, Any]) -> None:
        doc["deals"][0]["scores"][0] += 10

    assert "deal 1" in broken(record, score) and "scores" in broken(record, score)

    def meld(doc: dict[str, Any]) -> None:
        for d in doc["deals"]:
            if d["melds"]:
                d["melds"][0].append({"kind": "dix", "cards": ["9S"], "value": 10, "times": 1})
                return

    assert "melds" in broken(record, meld)

    def totals(doc: dict[str, Any]) -> None:
        doc["totals"][1] += 1

    assert "totals" in broken(record, totals)

    def winners(doc: dict[str, Any]) -> None:
        doc["winners"] = [1, 3] if doc["winners"] == [0, 2] else [0, 2]

    assert "winners" in broken(record, winners)

    played = next(k for k, d in enumerate(record["deals"]) if d["trump"] is not None)

    def swapped(doc: dict[str, Any]) -> None:
        hands = doc["deals"][played]["hands"]
        mine = next(c for c in hands[0] if c not in hands[1])
        theirs = next(c for c in hands[1] if c not in hands[0])
        hands[0][hands[0].index(mine)] = theirs
        hands[1][hands[1].index(theirs)] = mine

    # a card played by a seat that no longer holds it, or other melds
    assert f"deal {played + 1}" in broken(record, swapped)

    def dealer(doc: dict[str, Any]) -> None:
        doc["deals"][1]["dealer"] = (doc["deals"][1]["dealer"] + 2) % 4

    assert "deals" in broken(record, dealer) or "dealer" in broken(record, dealer)

    def extra(doc: dict[str, Any]) -> None:
        doc["deals"][0]["actions"].append([0, "pass"])

    assert "more actions follow" in broken(record, extra)

    def pack(doc: dict[str, Any]) -> None:
        doc["deals"][0]["hands"][0][0] = doc["deals"][0]["hands"][0][1]

    assert "cards of the pack" in broken(record, pack)


def test_an_illegal_play_is_named() -> None:
    record = whole("partnership_pinochle")
    deal_ = next(d for d in record["deals"] if d["trump"] is not None)
    number = record["deals"].index(deal_) + 1
    actions = deal_["actions"]
    trump_at = next(i for i, (_, t) in enumerate(actions) if t.startswith("trump:"))
    seat, _ = actions[trump_at + 1]
    other = next(c for c in deal_["hands"][(seat + 1) % 4] if c not in deal_["hands"][seat])
    doc = copy.deepcopy(record)
    target = doc["deals"][number - 1]["actions"]
    target[trump_at + 1] = [seat, f"play:{other}"]
    verdict = validate_record(doc)
    assert not verdict.valid and f"deal {number}, play {trump_at + 2}" in str(verdict.error)
    assert f"does not hold {other}" in str(verdict.error)


def test_an_unknown_option_or_wrong_teams_is_not_a_record() -> None:
    record = whole("double_deck_pinochle")
    doc = copy.deepcopy(record)
    doc["options"] = {"made_bid_scores": "bid"}
    with pytest.raises(RecordFormatError):
        validate_record(doc)
    doc = copy.deepcopy(record)
    doc["teams"] = [[0, 1], [2, 3]]
    with pytest.raises(RecordFormatError):
        validate_record(doc)


@pytest.mark.parametrize("name", NAMES)
def test_a_running_match_shows_a_seat_its_own_hand_only(name: str) -> None:
    game, variant = GAMES[name]
    match = deal(new(variant))
    auction(match, N, variant.minimum_bid, "S")
    for seat in [None, 0, 1, 2, 3]:
        record = export_record(game, match, PLAYERS, seat=seat, whole=False)
        hands = record["deals"][0]["hands"]
        assert [h is not None for h in hands] == [s == seat for s in range(4)]
        assert "winners" not in record
        assert record["deals"][0]["melds"] is not None  # the melds are shown to all
    record = json.loads(json.dumps(export_record(game, match, PLAYERS)))
    verdict = validate_record(record)
    assert verdict.valid, verdict.error
