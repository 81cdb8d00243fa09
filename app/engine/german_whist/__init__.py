"""German Whist, the two-player whist whose first thirteen tricks build the hand that plays
the last thirteen (shared/rules/german-whist.md).

Everything but the rules below comes from the trick-game base (``app/engine/trick_game.py``)
and the card ledger (``app/engine/ledger.py``): actions, refusals, views, hidden cards,
resampling, records and the scoresheet's totals.
"""

from __future__ import annotations

from .game import GAME, Match, hand_positions

GERMAN_WHIST = GAME

__all__ = ["GAME", "GERMAN_WHIST", "Match", "hand_positions"]
