"""Auction pinochle's scoresheet: a line per deal with its bidder, bid, trump, meld, the
bidder's count, the result, each seat's chips and the kitty's; running balances; the kitty
as an account of its own, shared out after the last deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ...game import Options, ScoredDeal
from ...trick_game import Sheet, column_cells
from .rules import ranks

COLUMNS: Final[list[dict[str, str]]] = [
    {"key": "bidder", "label": "sheet.bidder", "kind": "seat"},
    {"key": "bid", "label": "sheet.bid", "kind": "number"},
    {"key": "trump", "label": "sheet.trump", "kind": "suit"},
    {"key": "meld", "label": "sheet.meld", "kind": "number"},
    {"key": "points", "label": "sheet.points", "kind": "number"},
    {"key": "end", "label": "sheet.end", "kind": "term"},
    {"key": "kitty", "label": "sheet.kitty", "kind": "number"},
    {"key": "share", "label": "sheet.share", "kind": "per_seat"},
]


class KittySheet(Sheet):
    """The base's sheet with each seat's place and the kitty's account."""

    def extend(
        self, sheet: dict[str, Any], seats: int, options: Options, deals: Sequence[ScoredDeal]
    ) -> None:
        kitty = 0
        balances: list[int] = []
        for deal in deals:
            kitty += deal.detail["kitty"] - sum(deal.detail["share"] or ())
            balances.append(kitty)
        sheet["ranks"] = ranks(sheet["totals"])
        sheet["accounts"] = [
            {"key": "kitty", "label": "sheet.kitty", "running": balances, "total": kitty}
        ]


SHEET: Final = KittySheet(COLUMNS, column_cells(COLUMNS))
