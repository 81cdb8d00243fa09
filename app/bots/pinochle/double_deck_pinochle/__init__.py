"""Double-deck pinochle's computer players: ``basic`` (the side's worth from the
hand and the partner's calls, heuristic card play, sure claims only) and ``strong``
(sampling the unseen cards and playing the candidates out with the basic policy). The
players themselves are the partnership pinochles' shared ones (``app/bots/pinochle/``);
this package gives them the game's rules and fitted figures."""

from __future__ import annotations

from app.engine.pinochle.double_deck_pinochle import GAME as RULES

from ...base import Bot
from ..basic import BasicBot
from ..strong import StrongBot
from .tuning import TUNING


def _basic(seed: int | None, budget: float) -> Bot:
    return BasicBot(TUNING, seed)


def _strong(seed: int | None, budget: float) -> Bot:
    return StrongBot(RULES, TUNING, seed, budget)


LEVELS = {"basic": _basic, "strong": _strong}

__all__ = ["LEVELS", "RULES", "TUNING"]
