"""Spades' scoresheet: a line per deal with its dealer, each seat's bid and tricks, and with
option ``bags`` each side's bags; each side's score and running total in the teams block.

It is built from the scored deals alone (``ScoredDeal``), the rows the store keeps, so a
live match and a stored one read the same. Each partner carries his side's score.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ..game import Options, ScoredDeal
from ..teams import partnerships, with_teams
from .deal import Deal
from .rules import BLIND_NIL, NIL, SEATS, Bid, is_nil, resolve_options
from .state import Match, side_of

COLUMNS: Final[list[dict[str, str]]] = [
    {"key": "dealer", "label": "sheet.dealer", "kind": "seat"},
    {"key": "bids", "label": "sheet.bids", "kind": "per_seat"},
    {"key": "tricks", "label": "sheet.tricks", "kind": "per_seat"},
]
BAGS_COLUMN: Final = {"key": "bags", "label": "sheet.bags", "kind": "per_seat"}
TERMS: Final[dict[str, dict[str, str]]] = {
    NIL: {"term": "bid.nil"},
    BLIND_NIL: {"term": "bid.blind_nil"},
}


def nil_results(deal: Deal) -> list[str | None]:
    """Per seat: ``made`` or ``failed`` for a nil bidder, judged on his own tricks alone."""
    return [
        ("made" if deal.tricks[s] == 0 else "failed") if is_nil(deal.bids[s]) else None
        for s in range(SEATS)
    ]


def deal_detail(deal: Deal) -> dict[str, Any]:
    """What the scoresheet and the store keep of a finished deal."""
    result = deal.result
    assert result is not None
    return {
        "bids": list(deal.bids),
        "blind": [b == BLIND_NIL for b in deal.bids],
        "tricks": list(deal.tricks),
        "nil": nil_results(deal),
        "sides": [side.to_json() for side in result.sides],
        "winner": result.winner,
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


def bid_cell(bid: Bid | None) -> int | dict[str, str] | None:
    if isinstance(bid, str):
        return TERMS[bid]
    return bid


def scoresheet(seats: int, options: Options, deals: Sequence[ScoredDeal]) -> dict[str, Any]:
    with_bags = bool(resolve_options(options)["bags"])
    totals = [0] * seats
    lines: list[dict[str, Any]] = []
    for deal in deals:
        for seat, score in enumerate(deal.scores):
            totals[seat] += score or 0
        detail = deal.detail
        cells: dict[str, Any] = {
            "dealer": deal.dealer,
            "bids": [bid_cell(b) for b in detail["bids"]],
            "tricks": list(detail["tricks"]),
        }
        if with_bags:
            cells["bags"] = [detail["sides"][side_of(s)]["bags"] for s in range(seats)]
        lines.append(
            {
                "number": deal.number,
                "dealer": deal.dealer,
                "scores": list(deal.scores),
                "totals": list(totals),
                "cells": cells,
            }
        )
    columns = [*COLUMNS, BAGS_COLUMN] if with_bags else list(COLUMNS)
    sheet = {"columns": columns, "deals": lines, "totals": totals}
    return with_teams(sheet, partnerships(seats))
