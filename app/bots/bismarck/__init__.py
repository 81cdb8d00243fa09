"""Bismarck's computer players: ``basic`` (heuristics on bitmasks) and ``strong`` (sampling
the unseen cards and playing candidates out with the basic policy), for Swedish Bismarck
(``GAME``, ``LEVELS``) and, in ``finnish/``, for Finnish partnership Bismarck
(``FAMILY_LEVELS``), which shares the cards as bitmasks (``bits.py``), the runs of equal
cards the search plays once (``strong.py``) and the least-squares fit of the contract
models (``calibrate.py``)."""

from __future__ import annotations

from app.engine.bismarck.finnish.rules import NAME as FINNISH

from ..base import Bot
from .basic import BasicBot
from .finnish import LEVELS as FINNISH_LEVELS
from .strong import StrongBot


def _basic(seed: int | None, budget: float) -> Bot:
    return BasicBot(seed)


def _strong(seed: int | None, budget: float) -> Bot:
    return StrongBot(seed, budget)


GAME = "bismarck"
LEVELS = {"basic": _basic, "strong": _strong}
FAMILY_LEVELS = {FINNISH: FINNISH_LEVELS}
"""The levels of the other Bismarck games, for the bots registry."""

__all__ = ["FAMILY_LEVELS", "GAME", "LEVELS", "BasicBot", "StrongBot"]
