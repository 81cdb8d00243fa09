"""German Whist's computer players: ``basic`` (heuristics for the face-up card, then plain
whist) and ``strong`` (the sampling search every game with a resampler gets, over the basic
level)."""

from __future__ import annotations

from app.engine.german_whist import GAME as RULES

from ..base import Bot
from ..sampling import SamplingBot
from .basic import BasicBot

GAME = RULES.name


def _basic(seed: int | None, budget: float) -> Bot:
    return BasicBot(seed)


def _strong(seed: int | None, budget: float) -> Bot:
    return SamplingBot(RULES, BasicBot(), seed, budget)


LEVELS = {"basic": _basic, "strong": _strong}

__all__ = ["GAME", "LEVELS", "BasicBot"]
