"""Spades' scoresheet: a line per deal with its dealer, each seat's bid and tricks, and with
option ``bags`` each side's bags; each side's score and running total in the teams block.
Each partner carries his side's score.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..game import Options, ScoredDeal, resolve_options_of
from ..trick_game import Sheet, columns
from .rules import OPTIONS
from .state import TEAMS

COLUMNS: Final = columns("dealer:seat bids:per_seat tricks:per_seat")
BAGS_COLUMNS: Final = columns("bags:per_seat")


def cells(detail: Mapping[str, Any]) -> dict[str, Any]:
    """Each seat's bid and tricks; a number bid as it is, nil and blind nil as the terms
    ``bid.nil`` and ``bid.blind_nil``."""
    bids = [{"term": f"bid.{bid}"} if isinstance(bid, str) else bid for bid in detail["bids"]]
    return {"bids": bids, "tricks": list(detail["tricks"])}


class SpadesSheet(Sheet):
    def extend(
        self, sheet: dict[str, Any], seats: int, options: Options, deals: Sequence[ScoredDeal]
    ) -> None:
        with_bags = bool(resolve_options_of(OPTIONS, options, "Spades")["bags"])
        for line, deal in zip(sheet["deals"], deals, strict=True):
            line["cells"]["dealer"] = deal.dealer
            if with_bags:
                sides = deal.detail["sides"]
                line["cells"]["bags"] = [sides[s % 2]["bags"] for s in range(seats)]
        if with_bags:
            sheet["columns"] = COLUMNS + BAGS_COLUMNS


SHEET: Final = SpadesSheet(list(COLUMNS), cells, TEAMS)
