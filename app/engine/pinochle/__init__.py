"""The pinochle games: auction pinochle (``auction/``), and partnership auction pinochle and
double-deck pinochle (``partnership_pinochle.py`` and ``double_deck_pinochle.py``, two
variants of the one partnership state machine in ``partnership/``), with the melds and
their tables they share (``melds``). A family library, as ``app/engine/bezique/``: it
exports its games in ``GAMES`` (the registry finds them there), and nothing outside this
folder and ``app/bots/pinochle/`` imports it (tests/test_boundaries.py holds it to this)."""

from __future__ import annotations

from typing import Final

from .auction import GAME as AUCTION
from .double_deck_pinochle import GAME as DOUBLE_DECK
from .partnership_pinochle import GAME as PARTNERSHIP

GAMES: Final = (AUCTION, PARTNERSHIP, DOUBLE_DECK)
MEMBERS: Final = tuple(game.name for game in GAMES)

__all__ = ["GAMES", "MEMBERS"]
