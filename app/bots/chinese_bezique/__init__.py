"""Chinese bezique's computer players: ``basic`` (declarations weighed against the cards
they spend, the trumps chosen for the beziques and fours of trumps they bring) and
``strong`` (the sampling search over the basic level), from the bezique bots library
(``app/bots/bezique/``)."""

from __future__ import annotations

from app.engine.chinese_bezique import GAME as RULES
from app.engine.chinese_bezique import VARIANT

from ..bezique import levels_for

GAME = RULES.name

LEVELS = levels_for(RULES, VARIANT)

__all__ = ["GAME", "LEVELS"]
