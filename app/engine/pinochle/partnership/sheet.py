"""The partnership pinochles' scoresheet: a line per deal with its bidder, bid, trump, each
seat's meld, the bidding side's hand points and how the deal ended; per-seat scores that
repeat the team's, running totals (the base's :class:`Sheet`), and the teams block.
"""

from __future__ import annotations

from typing import Final

from ...trick_game import Sheet, column_cells
from .variant import TEAMS

COLUMNS: Final[list[dict[str, str]]] = [
    {"key": "bidder", "label": "sheet.bidder", "kind": "seat"},
    {"key": "bid", "label": "sheet.bid", "kind": "number"},
    {"key": "trump", "label": "sheet.trump", "kind": "suit"},
    {"key": "meld", "label": "sheet.meld", "kind": "per_seat"},
    {"key": "hand", "label": "sheet.hand", "kind": "number"},
    {"key": "end", "label": "sheet.end", "kind": "term"},
]


SHEET: Final = Sheet(COLUMNS, column_cells(COLUMNS, {"meld": "melds"}), TEAMS)
