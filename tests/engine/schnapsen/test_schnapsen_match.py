"""Whole Schnapsen matches by random play, their records (docs/records.md "Schnapsen") and
the paper form: a Bummerl ends at 7, every deal has a winner, records validate and replay,
and each deal entered on paper scores as it was played."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from engine.schnapsen.helpers import A, B, act, build_pack, play, played, start

from app.engine.errors import IllegalAction
from app.engine.game import OptionValue, ScoredDeal
from app.engine.records import replay_record, validate_record
from app.engine.sixty_six.rules import End
from app.engine.sixty_six.schnapsen import GAME
from app.engine.sixty_six.schnapsen.paper import PAPER
from app.engine.sixty_six.schnapsen.state import Match

PLAYERS = ("Anna", "Bertil")
CASES: list[tuple[str, dict[str, OptionValue]]] = [
    ("default", {}),
    ("short", {"target": 3, "winner_deals_next": True}),
    ("strict", {"no_marriages_after_closing": True, "claims_only_immediately": True}),
]


def record(match: Match, seat: int | None = None, whole: bool = True) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(json.dumps(GAME.records.export(match, PLAYERS, seat, whole)))
    return doc


@pytest.mark.parametrize(("name", "options"), CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("seed", range(6))
def test_t9_a_random_match_ends_at_its_target_and_its_record_replays(
    name: str, options: dict[str, OptionValue], seed: int
) -> None:
    match = played(seed, options)
    target = int(options.get("target", 7))
    assert match.is_over and max(match.totals) >= target
    assert len(match.winners()) == 1
    for deal in match.deals:
        result = deal.result
        assert result is not None and result.winner is not None
        assert result.end not in (End.NO_WINNER, End.DRAW) and result.carried == 0
        assert result.game_points in (1, 2, 3)
    assert [sum(d.scores[s] for d in match.deals if d.scores) for s in (A, B)] == list(match.totals)
    doc = record(match)
    assert doc["game"] == "schnapsen"
    checked = validate_record(doc)
    assert checked.valid, checked.error
    game, replayed, _ = replay_record(doc)
    assert game.name == "schnapsen" and replayed.totals == match.totals


def test_every_rule_of_the_game_is_reached_by_random_play() -> None:
    ends: set[tuple[str, bool]] = set()
    exchanged_first = False
    for seed in range(40):
        match = played(100 + seed)
        for deal in match.deals:
            result = deal.result
            assert result is not None
            ends.add((result.end.value, deal.closed_by is not None))
            exchanged_first |= deal.exchanged is not None and deal.exchanged[1] == 0
    assert exchanged_first
    assert ends >= {
        ("claim", False),
        ("claim", True),
        ("wrong_claim", False),
        ("played_out", False),
        ("closer_failed", True),
    }


def test_the_record_lists_the_pack_in_the_order_dealt() -> None:
    match = start("JC AH TH KS QS", "AS TS KH QH JH", "AC")
    act(match, "exchange")
    play(match, "AH JH")
    act(match, "claim")
    doc = record(match)
    first = doc["deals"][0]
    assert first["pack"] == build_pack("JC AH TH KS QS", "AS TS KH QH JH", "AC")
    assert first["actions"] == [[A, "exchange"], [A, "play:AH"], [B, "play:JH"], [A, "claim"]]
    assert first["result"] == {"end": "wrong_claim", "winner": B, "carried": 0}
    assert first["scores"] == [0, 3]
    assert validate_record(doc).valid


def test_a_running_record_shows_a_seat_its_hand_turned_card_and_draws() -> None:
    match = start("JC AH TH KS QS", "AS TS KH QH JH", "AC", "KC QC")
    play(match, "AH JH")
    doc = record(match, A, False)
    deal = doc["deals"][0]
    assert "pack" not in deal and deal["turned"] == "AC"
    assert sorted(deal["hands"][A]) == sorted(["JC", "AH", "TH", "KS", "QS"])
    assert deal["hands"][B] is None and deal["draws"] == [["KC"], None]


def test_a_record_with_a_bad_exchange_or_a_card_of_sixty_six_is_refused() -> None:
    match = start("JC AH TH KS QS", "AS TS KH QH JH", "AC")
    play(match, "AH JH")
    doc = record(match)
    doc["deals"][0]["actions"].insert(0, [A, "close"])
    doc["deals"][0]["actions"].insert(1, [A, "exchange"])
    for key in ("tricks", "points", "scores", "result"):
        doc["deals"][0].pop(key, None)
    checked = validate_record(doc)
    assert checked.error == "deal 1, play 2: seat 0 (Anna) may not exchange: the talon is closed"
    doc = record(match)
    doc["deals"][0]["pack"][19] = "9C"
    checked = validate_record(doc)
    assert checked.error == "deal 1: pack: '9C' is not a card of the pack (A T K Q J)"


# -- paper -------------------------------------------------------------------------------------


def assert_paper_matches(
    options: Mapping[str, OptionValue], first_dealer: int, online: Sequence[ScoredDeal]
) -> None:
    scored: list[ScoredDeal] = []
    for deal in online:
        form = PAPER.next_deal(2, options, first_dealer, scored)
        assert form is not None
        assert (form.number, form.dealer) == (deal.number, deal.dealer)
        paper = PAPER.score(2, options, first_dealer, scored, PAPER.entry_of(deal))
        assert paper == deal
        scored.append(paper)
    assert PAPER.next_deal(2, options, first_dealer, scored) is None
    assert GAME.scoresheet(2, options, scored) == GAME.scoresheet(2, options, online)


@pytest.mark.parametrize(("name", "options"), CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("seed", range(6))
def test_random_matches_score_on_paper_as_online(
    name: str, options: dict[str, OptionValue], seed: int
) -> None:
    match = played(seed, options)
    online = GAME.scored_deals(match, 0)
    assert_paper_matches(options, match.first_dealer, online)


def test_the_form_asks_the_points_at_closing_and_who_won_the_last_trick() -> None:
    form = PAPER.next_deal(2, {}, B, [])
    assert form is not None
    shown = {f.key: f for f in form.fields}
    assert list(shown) == [
        "trump",
        "closed_by",
        "points_at_close",
        "claimed_by",
        "last_trick",
        "tricks",
        "points",
    ]
    assert shown["last_trick"].when == ("claimed_by", ("nobody",))
    assert shown["points_at_close"].when == ("closed_by", ("0", "1"))
    assert shown["points_at_close"].seats == (A, B)
    assert (shown["tricks"].maximum, shown["points"].maximum) == (10, 220)


PLAYED_OUT = {
    "trump": "C",
    "closed_by": "nobody",
    "claimed_by": "nobody",
    "last_trick": "1",
    "tricks": [6, 4],
    "points": [80, 40],
}
CLOSED = {
    **PLAYED_OUT,
    "closed_by": "0",
    "points_at_close": [20, 12],
    "tricks": [5, 3],
    "points": [70, 30],
}


def test_a_closer_who_wins_on_paper_scores_by_the_points_at_closing() -> None:
    scored = PAPER.score(2, {}, B, [], CLOSED)
    assert scored.detail["winner"] == A and scored.scores == (2, 0)
    assert scored.detail["points_at_close"] == [20, 12]
    later = {**CLOSED, "points_at_close": [20, 0], "tricks": [6, 2], "points": [80, 35]}
    assert PAPER.score(2, {}, B, [], later).scores == (3, 0)
    failed = {**CLOSED, "points": [60, 30], "last_trick": "1"}
    assert PAPER.score(2, {}, B, [], failed).scores == (0, 2)


def test_the_last_trick_wins_a_deal_played_out_on_paper() -> None:
    scored = PAPER.score(2, {}, B, [], PLAYED_OUT)
    assert scored.detail["winner"] == B and scored.scores == (0, 1)
    scored = PAPER.score(2, {}, B, [], {**PLAYED_OUT, "last_trick": "0", "points": [100, 20]})
    assert scored.detail["winner"] == A and scored.scores == (2, 0)


@pytest.mark.parametrize(
    ("entry", "code"),
    [
        ({**PLAYED_OUT, "tricks": [10, 0]}, "paper_bad_value"),  # last trick to a seat without one
        ({**PLAYED_OUT, "tricks": [6, 5]}, "paper_bad_total"),
        ({**PLAYED_OUT, "points": [90, 40]}, "paper_bad_points"),
        ({**CLOSED, "tricks": [6, 3]}, "talon_too_short"),  # closed after four tricks
        ({**CLOSED, "tricks": [3, 1]}, "paper_bad_total"),
        ({**CLOSED, "points_at_close": [20, 40]}, "paper_bad_value"),  # more than at the end
        ({**CLOSED, "points_at_close": [20, 0], "tricks": [1, 6]}, "paper_bad_value"),
    ],
)
def test_paper_entries_the_rules_refuse(entry: dict[str, Any], code: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        PAPER.score(2, {}, B, [], entry)
    assert refused.value.code == code
