"""Bezique records: a match round-trips through export, replay and validation; the
validator catches a derived field that does not follow from the pack and actions, a broken
rule and a bad pack; the record of a running match shows a seat its own cards only."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from engine.bezique.match_helpers import parse_action, play_match

from app.engine.bezique import CHINESE, RUBICON, Match, Variant, make_game
from app.engine.errors import IllegalAction
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


def test_after_a_drawn_deal_the_record_names_the_other_dealer() -> None:
    match, doc = recorded(CHINESE, 12, {"deals": 2})  # seed 12 draws the first deal
    first = match.deals[0].result
    assert first is not None and first.winner is None
    assert doc["deals"][1]["dealer"] == 1 - doc["deals"][0]["dealer"]
    assert verdict(CHINESE, doc).valid
    wrong = copy.deepcopy(doc)
    wrong["deals"][1]["dealer"] = doc["deals"][0]["dealer"]
    result = verdict(CHINESE, wrong)
    assert not result.valid
    assert result.error == (
        f"deal 2: dealer is seat {doc['deals'][0]['dealer']} but seat"
        f" {doc['deals'][1]['dealer']} deals: after a drawn deal the other player deals"
    )


def _must_head_trick(variant: Variant, seed: int) -> tuple[int, int, str]:
    """The first follow of the last tricks (``must_win_endgame``) where the follower holds a
    card of the suit led lower than one it must play: the action's index, seat and text."""
    found: list[tuple[int, int, str]] = []

    def choose(match: Match, legal: list[str], rng: random.Random) -> str:
        current = match.current
        seat = match.to_act
        if not found and current is not None and seat in (0, 1) and len(current.ledger.trick):
            for code in sorted({current.pack[c] for c in current.holdings[seat].concealed}):
                text = "play:" + code
                if text in legal:
                    continue
                try:
                    match.check(seat, parse_action(variant, text))
                except IllegalAction as refused:
                    if refused.code == "must_head_trick":
                        found.append((len(current.actions), seat, text))
                        break
        return rng.choice(legal)

    play_match(variant, {"deals": 1, "must_win_endgame": True}, seed, choose=choose)
    (first,) = found
    return first


@pytest.mark.parametrize(
    ("at", "seat", "text", "error"),
    [
        (
            "lead",
            "leader",
            "play:AS@0",
            "{name} does not hold the card: your table has no AS at position 0",
        ),
        (
            "lead",
            "leader",
            "draw",
            "{name} may not draw now: the draw follows a trick won while the stock lasts",
        ),
        (
            "lead",
            "leader",
            "declare:marriage:KS,QS",
            "{name} may not declare now: only the"
            " winner of a trick declares, after the trick and before drawing (rubicon §7.1)",
        ),
        (
            "decision",
            "loser",
            "declare:marriage:KS,QS",
            "{name} did not win the trick and may not declare",
        ),
        (
            "decision",
            "winner",
            "play:AS",
            "{name} may not play now: you won the trick: declare or draw before the next lead",
        ),
        (
            "decision",
            "winner",
            "declare:trump_tens:TS,TS,TS,TS",
            "{name}: Rubicon bezique has no trump tens (not_in_this_game)",
        ),
    ],
)
def test_a_record_names_the_bezique_rule_an_action_breaks(
    at: str, seat: str, text: str, error: str
) -> None:
    _, doc = recorded(RUBICON, 43, {"deals": 1})
    actions = doc["deals"][0]["actions"]
    index = 0 if at == "lead" else 2
    winner = actions[2][0]  # the first trick's winner decides (declare or draw) after it
    who = {"leader": actions[0][0], "winner": winner, "loser": 1 - winner}[seat]
    actions[index] = [who, text]
    result = verdict(RUBICON, doc)
    assert not result.valid
    name = f"seat {who} ({PLAYERS[who]})"
    assert result.error == f"deal 1, play {index + 1}: " + error.format(name=name)


def test_a_record_names_the_duty_to_head_the_trick() -> None:
    options = {"deals": 1, "must_win_endgame": True}
    _, doc = recorded(CHINESE, 42, options)
    index, seat, text = _must_head_trick(CHINESE, 42)
    doc["deals"][0]["actions"][index] = [seat, text]
    result = verdict(CHINESE, doc)
    assert not result.valid
    assert result.error == (
        f"deal 1, play {index + 1}: seat {seat} ({PLAYERS[seat]}) holds a higher card of the"
        " suit led and must play it"
    )
