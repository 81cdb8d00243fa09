"""The protocol's grid: a row per player and a column per contract, each cell marked (the X)
with the deal where that player played the contract as forehand, the trump it named where
the contract names one, and the score it brought. Both Bismarck games' scoresheets carry it
as their ``grid`` (docs/engine.md, scoresheets), which the browser and the CSV draw as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class ContractGrid:
    """The marks so far; :meth:`to_json` is the scoresheet's ``grid``."""

    __slots__ = ("contracts", "rows")

    def __init__(self, seats: int, contracts: Sequence[str]) -> None:
        self.contracts = tuple(contracts)
        self.rows: list[dict[str, Any]] = [dict.fromkeys(self.contracts) for _ in range(seats)]

    def mark(
        self, seat: int, contract: str, deal: int, suit: str | None, score: int | None
    ) -> None:
        self.rows[seat][contract] = {"deal": deal, "suit": suit, "score": score}

    def to_json(self) -> dict[str, Any]:
        return {
            "label": "sheet.contracts",
            "columns": [{"key": c, "label": f"contract.{c}"} for c in self.contracts],
            "rows": [{"seat": seat, "cells": cells} for seat, cells in enumerate(self.rows)],
        }
