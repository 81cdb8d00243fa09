"""The registry of games: every package of ``app.engine`` that exports a ``GAME``, and every
family library that exports the ``GAMES`` built on it.

Games are found, not listed: a new game is a package with a ``GAME`` in its ``__init__`` (or
a family's ``GAMES``), and nothing else in the project names it. Everything outside a game's
own folders reaches it through :data:`GAMES` (python-chess's variant registry, OpenSpiel's
``load_game``).
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path
from typing import Final

from .game import Game

DEFAULT_GAME: Final = "bismarck"
"""The game of rooms and records that name none: everything made before there were others."""


def _discover() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for module in pkgutil.iter_modules([str(Path(__file__).parent)]):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"{__package__}.{module.name}")
        games = (getattr(package, "GAME", None), *getattr(package, "GAMES", ()))
        for game in games:
            if not isinstance(game, Game):
                continue
            if game.name in found:
                raise RuntimeError(f"two games are named {game.name!r}")
            if game.hand_positions is None:
                # a player's browser checks its dealt cards by them (docs/fairness.md)
                raise RuntimeError(f"{game.name!r} declares no hand_positions")
            found[game.name] = game
    # Bismarck, the first game, leads every list; the rest by name.
    return dict(sorted(found.items(), key=lambda item: (item[0] != DEFAULT_GAME, item[0])))


GAMES: Final[dict[str, Game]] = _discover()
MAX_SEATS: Final = max(n for game in GAMES.values() for n in game.seat_counts)
MIN_SEATS: Final = min(n for game in GAMES.values() for n in game.seat_counts)


class UnknownGame(LookupError):
    def __init__(self, name: object) -> None:
        shown = str(name)[:40]
        super().__init__(f"no game named {shown!r}; games: {', '.join(GAMES)}")
        self.name = shown


def get_game(name: object) -> Game:
    game = GAMES.get(name) if isinstance(name, str) else None
    if game is None:
        raise UnknownGame(name)
    return game
