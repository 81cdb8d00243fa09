"""Rubicon bezique's computer players: ``basic`` (declarations weighed against the cards
they spend) and ``strong`` (the sampling search over the basic level), from the bezique
bots library (``app/bots/bezique/``)."""

from __future__ import annotations

from app.engine.bezique_rubicon import GAME as RULES
from app.engine.bezique_rubicon import VARIANT

from ..bezique import levels_for

GAME = RULES.name

LEVELS = levels_for(RULES, VARIANT)

__all__ = ["GAME", "LEVELS"]
