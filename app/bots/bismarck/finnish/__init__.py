"""Finnish partnership Bismarck's computer players: ``basic`` (a partnership's heuristics
on bitmasks: the contract by a fitted model of forehand's sixteen cards, the exchange by a
hand estimate, cooperative card play). ``random`` is the generic one: the exchange's
choices of cards, the share's included, are answered in the shape every game's views
share."""

from __future__ import annotations

from ...base import Bot
from .basic import BasicBot


def _basic(seed: int | None, budget: float) -> Bot:
    return BasicBot(seed)


LEVELS = {"basic": _basic}

__all__ = ["LEVELS", "BasicBot"]
