"""Sixty-six's scoresheet: a line per deal with its winner, how it ended, the trump, who
closed, both players' points and tricks, and the game points carried on.

It is built from the scored deals alone (``ScoredDeal``), the rows the store keeps, so a
live match and a stored one read the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ..game import Options, ScoredDeal
from .deal import Deal
from .state import Match

COLUMNS: Final[list[dict[str, str]]] = [
    {"key": "trump", "label": "sheet.trump", "kind": "suit"},
    {"key": "winner", "label": "sheet.winner", "kind": "seat"},
    {"key": "end", "label": "sheet.end", "kind": "term"},
    {"key": "closed_by", "label": "sheet.closed_by", "kind": "seat"},
    {"key": "points", "label": "sheet.points", "kind": "per_seat"},
    {"key": "tricks", "label": "sheet.tricks", "kind": "per_seat"},
    {"key": "carried", "label": "sheet.carried", "kind": "number"},
]


def deal_detail(deal: Deal) -> dict[str, Any]:
    result = deal.result
    assert result is not None
    return {
        "winner": result.winner,
        "end": result.end.value,
        "claimant": result.claimant,
        "trump": deal.trump,
        "closed_by": deal.closed_by,
        "points": list(result.points),
        "tricks": list(deal.tricks),
        "game_points": result.game_points,
        "carried_in": result.carried_in,
        "carried": result.carried,
    }


def scored_deals(match: Match, start: int = 0) -> list[ScoredDeal]:
    """The scored deals from the ``start``-th on."""
    return [
        ScoredDeal(
            number=deal.number,
            dealer=deal.dealer,
            scores=deal.result.scores,
            detail=deal_detail(deal),
        )
        for deal in match.finished_deals[start:]
        if deal.result is not None
    ]


def scoresheet(seats: int, options: Options, deals: Sequence[ScoredDeal]) -> dict[str, Any]:
    totals = [0] * seats
    lines: list[dict[str, Any]] = []
    for deal in deals:
        for seat, score in enumerate(deal.scores):
            totals[seat] += score or 0
        detail = deal.detail
        lines.append(
            {
                "number": deal.number,
                "dealer": deal.dealer,
                "scores": list(deal.scores),
                "totals": list(totals),
                "cells": {
                    "trump": detail["trump"],
                    "winner": detail["winner"],
                    "end": {"term": f"end.{detail['end']}"},
                    "closed_by": detail["closed_by"],
                    "points": list(detail["points"]),
                    "tricks": list(detail["tricks"]),
                    "carried": detail["carried"],
                },
            }
        )
    return {"columns": COLUMNS, "deals": lines, "totals": totals}
