"""Sixty-six's computer players: ``basic`` (counting heuristics) and ``strong`` (the sampling
search every game with a resampler gets, over the basic level); and, in ``schnapsen.py``,
those of Schnapsen (``FAMILY_LEVELS``), which plays on Sixty-six's machine."""

from __future__ import annotations

from app.engine.sixty_six import GAME as RULES

from ..base import Bot
from .basic import BasicBot
from .schnapsen import GAME as SCHNAPSEN
from .schnapsen import LEVELS as SCHNAPSEN_LEVELS
from .strong import FamilySearch

GAME = RULES.name


def _basic(seed: int | None, budget: float) -> Bot:
    return BasicBot(seed)


def _strong(seed: int | None, budget: float) -> Bot:
    return FamilySearch(RULES, BasicBot(), seed, budget)


LEVELS = {"basic": _basic, "strong": _strong}
FAMILY_LEVELS = {SCHNAPSEN: SCHNAPSEN_LEVELS}
"""The levels of the other games of the Sixty-six family, for the bots registry."""

__all__ = ["FAMILY_LEVELS", "GAME", "LEVELS", "BasicBot"]
