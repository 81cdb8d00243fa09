"""The rules engine: pure, deterministic, standard library only.

Nothing here performs I/O or imports anything of the project outside ``app.engine``.
Each game is a package of its own; the rest of the project reaches games through the
registry (:data:`GAMES`, :func:`get_game`).
"""

from __future__ import annotations

from .actions import Action
from .errors import ActionError, IllegalAction, MalformedAction
from .game import (
    TABLE,
    Game,
    GameState,
    Option,
    OptionError,
    Outcome,
    RecordError,
    RecordFormatError,
    ScoredDeal,
    Termination,
    Validation,
)
from .registry import DEFAULT_GAME, GAMES, MAX_SEATS, MIN_SEATS, UnknownGame, get_game

__all__ = [
    "DEFAULT_GAME",
    "GAMES",
    "MAX_SEATS",
    "MIN_SEATS",
    "TABLE",
    "Action",
    "ActionError",
    "Game",
    "GameState",
    "IllegalAction",
    "MalformedAction",
    "Option",
    "OptionError",
    "Outcome",
    "RecordError",
    "RecordFormatError",
    "ScoredDeal",
    "Termination",
    "UnknownGame",
    "Validation",
    "get_game",
]
