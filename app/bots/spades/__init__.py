"""Spades' computer players: ``basic`` (a player's heuristics: counting tricks, nil and its
cover, second hand low, third hand high) and ``strong`` (sampling the unseen cards and
playing candidates out with the basic policy)."""

from __future__ import annotations

from app.engine.spades import GAME as RULES

from ..base import Bot
from .basic import BasicBot
from .strong import StrongBot

GAME = RULES.name


def _basic(seed: int | None, budget: float) -> Bot:
    return BasicBot(seed)


def _strong(seed: int | None, budget: float) -> Bot:
    return StrongBot(seed, budget)


LEVELS = {"basic": _basic, "strong": _strong}

__all__ = ["GAME", "LEVELS", "BasicBot", "StrongBot"]
