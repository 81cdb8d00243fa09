"""What the computer players of rubicon bezique and Chinese bezique share; no game of its own
(no ``GAME``, no ``LEVELS``): each game's bots package builds its levels with
:func:`levels_for`.

- ``prospects.py``: what a player's cards are worth to its declarations to come, and the
  declaration its cards show ready.
- ``basic.py``: the basic level, for either variant.
- ``strong.py``: the strong level, the sampling search over the basic level.
"""

from __future__ import annotations

from collections.abc import Callable

from app.engine import Game
from app.engine.bezique import Variant

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


__all__ = ["BasicBot", "StrongBot", "levels_for"]
