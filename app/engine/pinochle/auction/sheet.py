"""Auction pinochle's scoresheet: a line per deal with its bidder, bid, trump, meld, the
bidder's count, the result, each seat's chips and the kitty's; running balances; the kitty
as an account of its own, shared out after the last deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ...game import Options, ScoredDeal
from ...trick_game import Sheet, columns
from .rules import ranks

COLUMNS: Final = columns(
    "bidder:seat bid:number trump:suit meld:number points:number end:term kitty:number"
    " share:per_seat"
)


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


SHEET: Final = KittySheet(COLUMNS)
