"""Sixty-six's scoresheet: a line per deal with its winner, how it ended, the trump, who
closed, both players' points and tricks, and the game points carried on."""

from __future__ import annotations

from typing import Final

from ..trick_game import Sheet, columns

COLUMNS: Final = columns(
    "trump:suit winner:seat end:term closed_by:seat points:per_seat tricks:per_seat carried:number"
)
SHEET: Final = Sheet(COLUMNS)
