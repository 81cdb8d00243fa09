"""Rubicon bezique and Chinese bezique (shared/rules/bezique-rubicon.md and
chinese-bezique.md): one engine for both, each game a :class:`~.variant.Variant` and its
``Game`` made by :func:`make_game`. A family library, as ``app/engine/pinochle/``: it exports
its games in ``GAMES`` (the registry finds them there), and nothing outside this folder and
``app/bots/bezique/`` imports it."""

from __future__ import annotations

from typing import Final

from .deal import Deal, Declaration, Shown, Trick, layout
from .game import make_game
from .rules import OPTIONS, resolve_options
from .scoring import Result, round_to_hundreds, settle
from .state import (
    DRAW,
    TABLE,
    Match,
    deal_action,
    new_match,
    parse_action,
    random_deal,
    replay,
)
from .variant import CHINESE, RUBICON, Variant

GAMES: Final = (make_game(RUBICON), make_game(CHINESE))
"""The games built on this library, in the registry."""
MEMBERS: Final = tuple(game.name for game in GAMES)

__all__ = [
    "CHINESE",
    "DRAW",
    "GAMES",
    "MEMBERS",
    "OPTIONS",
    "RUBICON",
    "TABLE",
    "Deal",
    "Declaration",
    "Match",
    "Result",
    "Shown",
    "Trick",
    "Variant",
    "deal_action",
    "layout",
    "make_game",
    "new_match",
    "parse_action",
    "random_deal",
    "replay",
    "resolve_options",
    "round_to_hundreds",
    "settle",
]
