"""The rules engine: pure, deterministic, standard library only.

Nothing here performs I/O or imports anything of the project outside ``app.engine``.
"""

from __future__ import annotations

from .actions import Action
from .bismarck import BISMARCK
from .errors import ActionError, IllegalAction, MalformedAction
from .game import Game, GameState

GAMES: dict[str, Game] = {BISMARCK.name: BISMARCK}

__all__ = [
    "BISMARCK",
    "GAMES",
    "Action",
    "ActionError",
    "Game",
    "GameState",
    "IllegalAction",
    "MalformedAction",
]
