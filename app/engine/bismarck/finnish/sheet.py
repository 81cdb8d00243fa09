"""Finnish Bismarck's scoresheet: a line per deal with forehand, the contract and its trump,
and each team's tricks; the teams' scores and running totals (``with_teams``); and the
protocol's grid of the contracts each player has played as forehand, as Swedish Bismarck's.

It is built from the scored deals alone (``ScoredDeal``), the rows the store keeps, so a
live match and a stored one read the same. Each partner carries his team's score.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Final

from ...game import Options, ScoredDeal
from ...teams import with_teams
from ...trick_game import scored_deals as deals_scored
from ..sheet import ProtocolSheet
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
    return [replace(d, scores=tuple(d.scores)) for d in deals_scored(match, start)]


def _suit_shown(contract: str, trump: str | None) -> str | None:
    # trump's suit is open card 1's and free's forehand's choice: both worth a look back
    return None if contract == NOTRUMP else trump


def _cells(detail: Mapping[str, Any]) -> dict[str, Any]:
    contract = detail["contract"]
    term: dict[str, Any] = {"term": f"contract.{contract}"}
    suit = _suit_shown(contract, detail["trump"])
    if suit is not None:
        term["suit"] = suit
    by_team = team_tricks(detail["tricks"])
    return {
        "forehand": detail["forehand"],
        "contract": term,
        "tricks": [by_team[team_of(s)] for s in range(SEATS)],
    }


class TeamSheet(ProtocolSheet):
    """Swedish Bismarck's sheet, the protocol's grid included, and the teams."""

    def scoresheet(
        self, seats: int, options: Options, deals: Sequence[ScoredDeal]
    ) -> dict[str, Any]:
        return with_teams(super().scoresheet(seats, options, deals), TEAMS)


SHEET: Final = TeamSheet(COLUMNS, _cells, CONTRACTS, _suit_shown)
scoresheet: Final = SHEET.scoresheet
