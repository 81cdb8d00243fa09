"""Rubicon bezique and Chinese bezique (shared/rules/bezique-rubicon.md and
chinese-bezique.md): one engine for both, each game a :class:`~.variant.Variant` and its
``Game`` made by :func:`make_game`. A family library, as ``app/engine/pinochle/``: it exports
its games in ``GAMES`` (the registry finds them there), and nothing outside this folder and
``app/bots/bezique/`` imports it."""

from __future__ import annotations

from typing import Final

from .game import make_game
from .state import Match
from .variant import CHINESE, RUBICON, Variant

GAMES: Final = (make_game(RUBICON), make_game(CHINESE))
MEMBERS: Final = tuple(game.name for game in GAMES)

__all__ = [
    "CHINESE",
    "GAMES",
    "MEMBERS",
    "RUBICON",
    "Match",
    "Variant",
    "make_game",
]
