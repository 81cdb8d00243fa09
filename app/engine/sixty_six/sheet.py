"""Sixty-six's scoresheet: a line per deal with its winner, how it ended, the trump, who
closed, both players' points and tricks, and the game points carried on."""

from __future__ import annotations

from typing import Final

from ..trick_game import Sheet, column_cells

COLUMNS: Final[list[dict[str, str]]] = [
    {"key": "trump", "label": "sheet.trump", "kind": "suit"},
    {"key": "winner", "label": "sheet.winner", "kind": "seat"},
    {"key": "end", "label": "sheet.end", "kind": "term"},
    {"key": "closed_by", "label": "sheet.closed_by", "kind": "seat"},
    {"key": "points", "label": "sheet.points", "kind": "per_seat"},
    {"key": "tricks", "label": "sheet.tricks", "kind": "per_seat"},
    {"key": "carried", "label": "sheet.carried", "kind": "number"},
]

SHEET: Final = Sheet(COLUMNS, column_cells(COLUMNS))
