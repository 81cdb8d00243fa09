"""The computer players of rubicon bezique and Chinese bezique, one library for both: the
levels of each game in ``FAMILY_LEVELS``, built by :func:`levels_for`.

- ``prospects.py``: what a player's cards are worth to its declarations to come, and the
  declaration its cards show ready.
- ``basic.py``: the basic level, for either variant.
- ``strong.py``: the strong level, the sampling search over the basic level; ``playout.py``
  its playouts, ``weights.py`` the fit behind the playouts' judgement of a position.
"""

from __future__ import annotations

from collections.abc import Callable

from app.engine import Game
from app.engine.bezique import CHINESE, GAMES, RUBICON, Variant

from ..base import Bot
from .basic import BasicBot
from .strong import StrongBot

Factory = Callable[[int | None, float], Bot]


def levels_for(rules: Game, variant: Variant) -> dict[str, Factory]:
    """The ``basic`` and ``strong`` levels of the game ``rules`` of ``variant``."""

    def basic(seed: int | None, budget: float) -> Bot:
        return BasicBot(variant, seed)

    def strong(seed: int | None, budget: float) -> Bot:
        return StrongBot(rules, variant, seed, budget)

    return {"basic": basic, "strong": strong}


FAMILY_LEVELS = {
    game.name: levels_for(game, variant)
    for game, variant in zip(GAMES, (RUBICON, CHINESE), strict=True)
}
"""Each bezique game's levels beyond ``random``, for the bots registry."""

__all__ = ["FAMILY_LEVELS", "BasicBot", "StrongBot", "levels_for"]
