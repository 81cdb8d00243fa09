"""A record is a file anyone may hand to ``kortbord validate`` or ``kortbord verify``: whatever
value stands anywhere in it, the verdict is a refusal in words (or, where the value happens to
be right, a valid record), never an exception from inside a game's rules.

Every game's record of a played match, and of a match stopped part way, is taken apart: each
place of its JSON (two drawn of each shape of place, such as ``deals[k].hands[s][c]``) is given
each value of :data:`HOSTILE` in turn.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from engine.conformance_checks import play_match, seeded_record

from app.engine import GAMES, RecordFormatError
from app.engine.records import export_record, validate_record
from app.engine.verify import verify_record

HOSTILE: tuple[object, ...] = ([], {}, None, -1, 10**30, "x", 1.5, True, ["AS"], [[]], {"a": 1})
"""Values of every JSON type, and a card where a list is expected, a list where a card is."""

Path = tuple[str | int, ...]


def places(value: object, path: Path = ()) -> Iterator[Path]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from places(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from places(item, (*path, i))


def shape(path: Path) -> tuple[object, ...]:
    """A place with its indexes left out: ``deals[#].hands[#][#]``."""
    return tuple(p if isinstance(p, str) else "#" for p in path)


def some_of_each_shape(record: dict[str, Any], rng: random.Random) -> list[Path]:
    """Two places of each shape, drawn from all the record's places of that shape."""
    by_shape: dict[tuple[object, ...], list[Path]] = {}
    for path in places(record):
        if path:
            by_shape.setdefault(shape(path), []).append(path)
    return [
        path
        for _, paths in sorted(by_shape.items(), key=repr)
        for path in rng.sample(paths, min(2, len(paths)))
    ]


def replaced(record: dict[str, Any], path: Path, value: object) -> dict[str, Any]:
    doc = copy.deepcopy(record)
    parent: Any = doc
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = copy.deepcopy(value)
    return doc


def records(name: str) -> list[dict[str, Any]]:
    game = GAMES[name]
    seats = game.seat_counts[-1]
    played = play_match(game, seats, 0, snapshots=4)
    players = [f"P{i}" for i in range(seats)]
    states = [played.points[len(played.points) // 2][0], played.state]
    return [json.loads(json.dumps(export_record(game, state, players))) for state in states]


@pytest.mark.parametrize("name", list(GAMES))
def test_any_value_anywhere_in_a_record_is_refused_in_words(name: str) -> None:
    rng = random.Random(name)
    judged = 0
    for record in records(name):
        assert validate_record(record).valid
        for path in some_of_each_shape(record, rng):
            for value in HOSTILE:
                doc = replaced(record, path, value)
                try:
                    verdict = validate_record(doc)
                except RecordFormatError:
                    continue  # the envelope's own refusal, in words
                assert verdict.valid or verdict.error, (path, value)
                judged += 1
    assert judged > 100


@pytest.mark.parametrize("name", list(GAMES))
def test_any_value_anywhere_in_a_seeded_record_is_verified_or_refused_in_words(name: str) -> None:
    """``kortbord verify`` reads the fairness entries and replays the deals: each check it
    returns either verifies its deal or says in words what is wrong."""
    game = GAMES[name]
    rng = random.Random(f"verify:{name}")
    record = seeded_record(game, game.seat_counts[-1], rng, deals=2)
    assert all(check.verified for check in verify_record(record))
    judged = 0
    for path in some_of_each_shape(record, rng):
        for value in HOSTILE:
            try:
                checks = verify_record(replaced(record, path, value))
            except RecordFormatError:
                continue
            assert all(c.verified is not False or c.problem for c in checks), (path, value)
            judged += 1
    assert judged > 100
