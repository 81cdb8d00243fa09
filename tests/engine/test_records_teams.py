"""The ``teams`` of a record's envelope: named by partnership games, refused elsewhere."""

from __future__ import annotations

from typing import Any

import pytest

from app.engine import GAMES, Game
from app.engine.game import RecordFormatError
from app.engine.records import validate_record

PARTNERSHIP_GAMES = [name for name, game in GAMES.items() if game.partnerships]
SOLO_GAMES = [name for name, game in GAMES.items() if not game.partnerships]


def empty_record(game: Game, seats: int, **extra: Any) -> dict[str, Any]:
    players = [f"P{i}" for i in range(seats)]
    return {"format": "kortbord-record/1", "game": game.name, "players": players, **extra}


@pytest.mark.parametrize("name", SOLO_GAMES)
def test_a_game_without_partnerships_refuses_teams(name: str) -> None:
    game = GAMES[name]
    seats = max(game.seat_counts)
    assert validate_record({**empty_record(game, seats), "deals": []}).valid
    doc = {**empty_record(game, seats, teams=[[0, 2], [1, 3]]), "deals": []}
    with pytest.raises(RecordFormatError, match="has no 'teams'"):
        validate_record(doc)


@pytest.mark.parametrize("name", PARTNERSHIP_GAMES)
def test_a_partnership_game_takes_its_own_teams_and_no_others(name: str) -> None:
    game = GAMES[name]
    seats = game.seat_counts[0]
    teams = [list(members) for members in game.teams(seats) or ()]
    assert teams == [[0, 2], [1, 3]]
    # the field may be left out, as derived fields may
    assert validate_record({**empty_record(game, seats), "deals": []}).valid
    assert validate_record({**empty_record(game, seats, teams=teams), "deals": []}).valid
    for wrong in ([[0, 1], [2, 3]], [[0, 2]], "0,2", [[1, 3], [0, 2]]):
        doc = {**empty_record(game, seats, teams=wrong), "deals": []}
        with pytest.raises(RecordFormatError, match="'teams'"):
            validate_record(doc)


def test_partnership_games_are_registered_and_the_others_have_no_teams() -> None:
    assert PARTNERSHIP_GAMES  # the check above must not run over nothing
    assert SOLO_GAMES and all(GAMES[name].teams(4) is None for name in SOLO_GAMES)
