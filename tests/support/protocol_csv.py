"""Reading a match's CSV (docs/protocol.md §1.4): a header, then one row per deal."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any


def deal_rows(text: str) -> list[dict[str, str]]:
    """Each deal's row by its header's names, oldest deal first."""
    return list(csv.DictReader(io.StringIO(text)))


def final_totals(text: str, players: Sequence[str]) -> list[int]:
    """Each player's total after the last deal."""
    last = deal_rows(text)[-1]
    return [int(last[f"total {name}"]) for name in players]


def check_against_sheet(text: str, sheet: dict[str, Any], players: Sequence[str]) -> None:
    """One row per deal of ``sheet``, its scores and running totals as the sheet has them
    (``-`` for a seat that took no part)."""
    rows = deal_rows(text)
    assert [int(r["deal"]) for r in rows] == [d["number"] for d in sheet["deals"]]
    for row, deal in zip(rows, sheet["deals"], strict=True):
        for seat, name in enumerate(players):
            took_part = deal["scores"][seat] is not None
            assert row[f"score {name}"] == (str(deal["scores"][seat]) if took_part else "-")
            assert row[f"total {name}"] == (str(deal["totals"][seat]) if took_part else "-")
