"""Auction pinochle's scoresheet: a line per deal with its bidder, bid, trump, meld, the
bidder's count, the result, each seat's chips and the kitty's; running balances; the kitty
as an account of its own, shared out after the last deal.

It is built from the scored deals alone (``ScoredDeal``), the rows the store keeps, so a
live session and a stored one read the same. A deal's ``scores`` are what each seat's
balance changed by: its settlement, and after the session's last deal the kitty's share.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ...game import Options, ScoredDeal
from .rules import ranks
from .state import Deal, Match

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


def deal_detail(deal: Deal, share: Sequence[int] | None) -> dict[str, Any]:
    """What the scoresheet and the store keep of a finished deal."""
    result = deal.result
    assert result is not None
    return {
        "bidder": deal.bidder,
        "bid": result.bid,
        "trump": deal.trump,
        "meld": deal.meld_value if deal.trump is not None else None,
        "points": None if result.total is None else result.total - deal.meld_value,
        "total": result.total,
        "end": result.end.value,
        "value": result.value,
        "active": list(deal.active),
        "conceded": sorted(deal.conceded),
        "chips": list(result.chips),
        "kitty": result.kitty,
        "share": list(share) if share is not None else None,
    }


def scored_deals(match: Match, start: int = 0) -> list[ScoredDeal]:
    return [
        ScoredDeal(
            number=deal.number,
            dealer=deal.dealer,
            scores=tuple(match.deal_scores(deal)),
            detail=deal_detail(deal, match.share_of(deal)),
        )
        for deal in match.finished_deals[start:]
    ]


def scoresheet(seats: int, options: Options, deals: Sequence[ScoredDeal]) -> dict[str, Any]:
    totals = [0] * seats
    kitty = 0
    balances: list[int] = []
    lines: list[dict[str, Any]] = []
    for deal in deals:
        detail = deal.detail
        for seat, score in enumerate(deal.scores):
            totals[seat] += score or 0
        kitty += detail["kitty"]
        if detail["share"] is not None:
            kitty -= sum(detail["share"])
        balances.append(kitty)
        lines.append(
            {
                "number": deal.number,
                "dealer": deal.dealer,
                "scores": list(deal.scores),
                "totals": list(totals),
                "cells": {
                    "bidder": detail["bidder"],
                    "bid": detail["bid"],
                    "trump": detail["trump"],
                    "meld": detail["meld"],
                    "points": detail["points"],
                    "end": {"term": f"end.{detail['end']}"},
                    "kitty": detail["kitty"],
                    "share": detail["share"],
                },
            }
        )
    return {
        "columns": COLUMNS,
        "deals": lines,
        "totals": totals,
        "ranks": ranks(totals),
        "accounts": [{"key": "kitty", "label": "sheet.kitty", "running": balances, "total": kitty}],
    }
