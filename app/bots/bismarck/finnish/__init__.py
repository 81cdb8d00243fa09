"""Finnish partnership Bismarck's computer players: ``basic`` (a partnership's heuristics
on bitmasks: the contract by a fitted model of forehand's sixteen cards, the exchange by a
hand estimate, cooperative card play) and ``strong`` (sampling the unseen cards with the
engine's resampler and playing candidates out with the basic policy in a lean simulator).
``random`` is the generic one: the exchange's choices of cards, the share's included, are
answered in the shape every game's views share."""

from __future__ import annotations

from ...base import Bot
from .basic import BasicBot
from .strong import StrongBot


def _basic(seed: int | None, budget: float) -> Bot:
    return BasicBot(seed)


def _strong(seed: int | None, budget: float) -> Bot:
    return StrongBot(seed, budget)


LEVELS = {"basic": _basic, "strong": _strong}

__all__ = ["LEVELS", "BasicBot", "StrongBot"]
