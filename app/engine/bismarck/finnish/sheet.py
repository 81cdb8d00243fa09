"""Finnish Bismarck's scoresheet: a line per deal with forehand, the contract and its trump,
and each team's tricks; the teams' scores and running totals (``with_teams``); and the
protocol's grid of the contracts each player has played as forehand, as Swedish Bismarck's.

It is built from the scored deals alone (``ScoredDeal``), the rows the store keeps, so a
live match and a stored one read the same. Each partner carries his team's score.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ...game import Options, ScoredDeal
from ...teams import with_teams
from ..protocol import ContractGrid
from .rules import CONTRACTS, NOTRUMP, SEATS, TEAMS, team_of, team_tricks
from .state import Match

COLUMNS: Final[list[dict[str, str]]] = [
    {"key": "forehand", "label": "sheet.forehand", "kind": "seat"},
    {"key": "contract", "label": "sheet.contract", "kind": "term"},
    {"key": "tricks", "label": "sheet.team_tricks", "kind": "per_seat"},
]


def scored_deals(match: Match, start: int = 0) -> list[ScoredDeal]:
    """The scored deals from the ``start``-th on: each seat's score (its team's), and the
    detail: forehand, the contract, its trump and each seat's own tricks."""
    out: list[ScoredDeal] = []
    for deal in match.finished_deals[start:]:
        assert deal.scores is not None
        out.append(
            ScoredDeal(
                number=deal.number,
                dealer=deal.dealer,
                scores=tuple(deal.scores),
                detail={
                    "forehand": deal.forehand,
                    "contract": deal.contract,
                    "trump": deal.trump,
                    "tricks": list(deal.tricks),
                },
            )
        )
    return out


def _suit_shown(contract: str, trump: str | None) -> str | None:
    # trump's suit is open card 1's and free's forehand's choice: both worth a look back
    return None if contract == NOTRUMP else trump


def scoresheet(seats: int, options: Options, deals: Sequence[ScoredDeal]) -> dict[str, Any]:
    totals = [0] * seats
    grid = ContractGrid(seats, CONTRACTS)
    lines: list[dict[str, Any]] = []
    for deal in deals:
        for seat, score in enumerate(deal.scores):
            totals[seat] += score or 0
        detail = deal.detail
        contract, forehand = detail["contract"], detail["forehand"]
        suit = _suit_shown(contract, detail["trump"])
        grid.mark(forehand, contract, deal.number, suit, deal.scores[forehand])
        term: dict[str, Any] = {"term": f"contract.{contract}"}
        if suit is not None:
            term["suit"] = suit
        by_team = team_tricks(detail["tricks"])
        lines.append(
            {
                "number": deal.number,
                "dealer": deal.dealer,
                "scores": list(deal.scores),
                "totals": list(totals),
                "cells": {
                    "forehand": forehand,
                    "contract": term,
                    "tricks": [by_team[team_of(s)] for s in range(SEATS)],
                },
            }
        )
    sheet = {"columns": COLUMNS, "deals": lines, "totals": totals, "grid": grid.to_json()}
    return with_teams(sheet, TEAMS)
