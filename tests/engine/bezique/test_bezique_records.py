"""Bezique records: a match round-trips through export, replay and validation; the
validator catches a derived field that does not follow from the pack and actions, a broken
rule and a bad pack; the record of a running match shows a seat its own cards only."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from engine.bezique.match_helpers import play_match

from app.engine.bezique import CHINESE, RUBICON, Match, Variant, make_game
from app.engine.game import RECORD_FORMAT

PLAYERS = ["Anna", "Bertil"]


def recorded(variant: Variant, seed: int, options: dict[str, Any]) -> tuple[Match, dict[str, Any]]:
    match, _ = play_match(variant, options, seed)
    game = make_game(variant)
    return match, json.loads(json.dumps(game.records.export(match, PLAYERS, None, True)))


def verdict(variant: Variant, doc: dict[str, Any]) -> Any:
    game = make_game(variant)
    return game.records.validate(PLAYERS, game.resolve_options(doc.get("options", {})), doc)


@pytest.mark.parametrize(
    ("variant", "seed", "options"),
    [(RUBICON, 41, {"deals": 2}), (CHINESE, 42, {"deals": 1, "must_win_endgame": True})],
)
def test_a_match_round_trips(variant: Variant, seed: int, options: dict[str, Any]) -> None:
    match, doc = recorded(variant, seed, options)
    assert doc["format"] == RECORD_FORMAT and doc["game"] == variant.name
    assert doc["options"] == {k: v for k, v in options.items() if k != "deals" or v != 4}
    first = doc["deals"][0]
    assert len(first["pack"]) == variant.pack.size
    assert first["actions"][0][1].startswith("play:")
    result = verdict(variant, doc)
    assert result.valid, result.error
    assert result.totals == match.totals and result.winners == match.winners()
    assert [d["scores"] for d in result.deals] == [list(d.result.scores) for d in match.deals]
    game = make_game(variant)
    again = game.records.replay(PLAYERS, game.resolve_options(options), doc)
    assert again.totals == match.totals and again.deals_played == match.deals_played
    assert game.records.export(again, PLAYERS, None, True) == doc


@pytest.mark.parametrize(
    ("where", "change"),
    [
        ("points", lambda d: d["points"].__setitem__(0, d["points"][0] + 10)),
        ("result", lambda d: d["result"].__setitem__("game_score", d["result"]["game_score"] + 1)),
        ("tricks", lambda d: d["tricks"].reverse() or d["tricks"].__setitem__(0, -1)),
        ("brisques", lambda d: d["brisques"].__setitem__(1, d["brisques"][1] + 10)),
        ("trump", lambda d: d.__setitem__("trump", "H" if d["trump"] != "H" else "S")),
        ("declarations", lambda d: d["declarations"].append(copy.deepcopy(d["declarations"][0]))),
    ],
)
def test_validation_catches_a_tampered_derived_field(where: str, change: Any) -> None:
    _, doc = recorded(RUBICON, 43, {"deals": 1})
    deal = doc["deals"][0]
    assert deal["declarations"], "the match needs a declaration to tamper with"
    change(deal)
    result = verdict(RUBICON, doc)
    assert not result.valid
    assert result.error is not None and where in result.error


def test_validation_catches_a_broken_rule_and_a_bad_pack() -> None:
    _, doc = recorded(CHINESE, 44, {"deals": 1})
    broken = copy.deepcopy(doc)
    seat, text = broken["deals"][0]["actions"][0]
    broken["deals"][0]["actions"][0] = [1 - seat, text]
    result = verdict(CHINESE, broken)
    assert not result.valid and "out of turn" in (result.error or "")
    short = copy.deepcopy(doc)
    pack = short["deals"][0]["pack"]
    pack[-1] = "AS" if pack[-1] != "AS" else "KS"  # one code five times, another four
    result = verdict(CHINESE, short)
    assert not result.valid and "pack" in (result.error or "")
    stated = copy.deepcopy(doc)
    stated["totals"] = [stated["totals"][0] + 1, stated["totals"][1]]
    assert not verdict(CHINESE, stated).valid


def test_the_record_of_a_running_match_shows_a_seat_its_own_cards() -> None:
    states: list[Match] = []

    def keep(match: Match) -> None:
        current = match.current
        if current is not None and len(current.actions) == 40:
            states.append(match.clone())

    play_match(RUBICON, {"deals": 1}, 45, check=keep)
    (state,) = states
    game = make_game(RUBICON)
    current = state.current
    assert current is not None
    for seat in (None, 0, 1):
        doc = game.records.export(state, PLAYERS, seat, False)
        entry = doc["deals"][0]
        assert "pack" not in entry and "winners" not in doc
        for s in (0, 1):
            if s == seat:
                assert entry["hands"][s] == [current.pack[c] for c in current.dealt[s]]
                assert entry["draws"][s] == [current.pack[c] for c in current.draws[s]]
            else:
                assert entry["hands"][s] is None and entry["draws"][s] is None
        assert entry["actions"] == [[s, t] for s, t in current.actions]
