"""The partnership pinochles' scoresheet: a line per deal with its bidder, bid, trump, each
seat's meld, the bidding side's hand points and how the deal ended; per-seat scores that
repeat the team's, running totals, and the teams block (``with_teams``).

It is built from the scored deals alone (``ScoredDeal``), the rows the store keeps, so a
live match and a stored one read the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ...game import Options, ScoredDeal
from ...teams import with_teams
from .deal import Deal
from .state import Match
from .variant import TEAMS

COLUMNS: Final[list[dict[str, str]]] = [
    {"key": "bidder", "label": "sheet.bidder", "kind": "seat"},
    {"key": "bid", "label": "sheet.bid", "kind": "number"},
    {"key": "trump", "label": "sheet.trump", "kind": "suit"},
    {"key": "meld", "label": "sheet.meld", "kind": "per_seat"},
    {"key": "hand", "label": "sheet.hand", "kind": "number"},
    {"key": "end", "label": "sheet.end", "kind": "term"},
]


def deal_detail(deal: Deal) -> dict[str, Any]:
    """What the scoresheet and the store keep of a finished deal."""
    result = deal.result
    assert result is not None
    team = deal.bidder_team
    claim = result.claim
    return {
        "bidder": deal.bidder,
        "bid": deal.high if deal.bidder is not None else None,
        "trump": deal.trump,
        "melds": None if deal.melds is None else [deal.meld_value(s) for s in range(4)],
        "team_meld": None if deal.melds is None else [deal.team_meld(t) for t in range(2)],
        "points": list(result.points),
        "melded": list(result.melded),
        "hand_points": list(result.hands),
        "hand": None if team is None else result.hands[team],
        "team_scores": list(result.scores),
        "end": result.end.value,
        "claim": None
        if claim is None
        else {
            "seat": claim.seat,
            "provisional": claim.provisional,
            "standing": claim.standing,
            "good": claim.good,
        },
    }


def scored_deals(match: Match, start: int = 0) -> list[ScoredDeal]:
    return [
        ScoredDeal(
            number=deal.number,
            dealer=deal.dealer,
            scores=tuple(match.deal_scores(deal)),
            detail=deal_detail(deal),
        )
        for deal in match.finished_deals[start:]
    ]


def scoresheet(seats: int, options: Options, deals: Sequence[ScoredDeal]) -> dict[str, Any]:
    totals = [0] * seats
    lines: list[dict[str, Any]] = []
    for deal in deals:
        detail = deal.detail
        for seat, score in enumerate(deal.scores):
            totals[seat] += score or 0
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
                    "meld": detail["melds"],
                    "hand": detail["hand"],
                    "end": {"term": f"end.{detail['end']}"},
                },
            }
        )
    sheet = {"columns": COLUMNS, "deals": lines, "totals": totals}
    return with_teams(sheet, TEAMS)
