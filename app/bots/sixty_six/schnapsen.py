"""Schnapsen's computer players: Sixty-six's ``basic`` policy, which reads its view by the
same fields (an exchange offered, a closing, marriages, the claim at 66) and ranks the
20-card pack's cards as Sixty-six ranks them, and the sampling search over Schnapsen's
resampler as ``strong``."""

from __future__ import annotations

from app.engine.sixty_six.schnapsen import GAME as RULES

from ..base import Bot
from .basic import BasicBot
from .strong import FamilySearch

GAME = RULES.name


def _basic(seed: int | None, budget: float) -> Bot:
    return BasicBot(seed)


def _strong(seed: int | None, budget: float) -> Bot:
    return FamilySearch(RULES, BasicBot(), seed, budget)


LEVELS = {"basic": _basic, "strong": _strong}
