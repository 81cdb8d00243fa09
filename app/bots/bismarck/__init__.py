"""Bismarck's computer players: ``basic`` (heuristics on bitmasks) and ``strong`` (sampling
the unseen cards and playing candidates out with the basic policy)."""

from __future__ import annotations

from ..base import Bot
from .basic import BasicBot
from .strong import StrongBot


def _basic(seed: int | None, budget: float) -> Bot:
    return BasicBot(seed)


def _strong(seed: int | None, budget: float) -> Bot:
    return StrongBot(seed, budget)


GAME = "bismarck"
LEVELS = {"basic": _basic, "strong": _strong}

__all__ = ["GAME", "LEVELS", "BasicBot", "StrongBot"]
