"""The partnership pinochles' scoresheet: a line per deal with its bidder, bid, trump, each
seat's meld, the bidding side's hand points and how the deal ended; per-seat scores that
repeat the team's, running totals (the base's :class:`Sheet`), and the teams block.
"""

from __future__ import annotations

from typing import Final

from ...trick_game import Sheet, column_cells, columns
from .variant import TEAMS

COLUMNS: Final = columns("bidder:seat bid:number trump:suit meld:per_seat hand:number end:term")

SHEET: Final = Sheet(COLUMNS, column_cells(COLUMNS, {"meld": "melds"}), TEAMS)
