"""The Swedish protocol (scoresheet), derived from the finished deals and never stored apart
from them (rules §9)."""

from __future__ import annotations

from typing import Any

from .rules import CONTRACTS
from .state import Match


def protocol_rows(match: Match) -> dict[str, Any]:
    """Columns, one entry per finished deal, and one row per seat.

    A row's ``cells`` map each contract to ``None`` (still to play) or the deal where that
    seat played it as forehand (the X). ``running`` holds the seat's total after each deal,
    ``None`` where the seat sat out. Totals of all seats sum to zero after every deal.
    """
    seats = match.seats
    totals = [0] * seats
    deals: list[dict[str, Any]] = []
    cells: list[dict[str, Any]] = [dict.fromkeys(CONTRACTS) for _ in range(seats)]
    running: list[list[int | None]] = [[] for _ in range(seats)]
    for deal in match.finished_deals:
        assert deal.scores is not None and deal.contract is not None
        for seat in range(seats):
            totals[seat] += deal.scores[seat]
            running[seat].append(totals[seat] if seat in deal.order else None)
        cells[deal.forehand][deal.contract] = {
            "deal": deal.number,
            "trump": deal.trump,
            "score": deal.scores[deal.forehand],
        }
        deals.append(
            {
                "number": deal.number,
                "dealer": deal.dealer,
                "forehand": deal.forehand,
                "sitting_out": deal.dealer if seats == 4 else None,
                "contract": deal.contract,
                "trump": deal.trump,
                "tricks": list(deal.tricks),
                "scores": list(deal.scores),
                "totals": list(totals),
            }
        )
    return {
        "columns": list(CONTRACTS),
        "deals": deals,
        "rows": [
            {"seat": seat, "cells": cells[seat], "running": running[seat], "total": totals[seat]}
            for seat in range(seats)
        ],
    }
