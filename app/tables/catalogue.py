"""The games a room can be made for, as the web layer offers them: the engine's registry
and, for each game, its levels of computer player."""

from __future__ import annotations

from typing import Any, Final

from app.bots import levels_for
from app.engine import DEFAULT_GAME, GAMES, MAX_SEATS, MIN_SEATS

GAME_NAMES: Final = tuple(GAMES)
BOT_LEVELS: Final = tuple(dict.fromkeys(level for name in GAMES for level in levels_for(name)))
"""Every level of computer player some game has, weakest first."""


def describe_games() -> list[dict[str, Any]]:
    return [{**game.describe(), "bots": list(levels_for(name))} for name, game in GAMES.items()]


__all__ = ["BOT_LEVELS", "DEFAULT_GAME", "GAME_NAMES", "MAX_SEATS", "MIN_SEATS", "describe_games"]
