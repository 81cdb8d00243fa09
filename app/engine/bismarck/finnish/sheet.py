"""Finnish Bismarck's scoresheet: a line per deal with forehand, the contract and its trump,
and each team's tricks; the teams' scores and running totals (the base's teams block); and the
protocol's grid of the contracts each player has played as forehand, as Swedish Bismarck's.
Each partner carries his team's score.
"""

from __future__ import annotations

from typing import Final

from ..sheet import ProtocolSheet
from .rules import CONTRACTS, NOTRUMP, SEATS, TEAMS, team_of, team_tricks


def _suit_shown(contract: str, trump: str | None) -> str | None:
    # trump's suit is open card 1's and free's forehand's choice: both worth a look back
    return None if contract == NOTRUMP else trump


def _tricks(tricks: list[int]) -> list[int]:
    """Each seat's team's tricks."""
    by_team = team_tricks(tricks)
    return [by_team[team_of(s)] for s in range(SEATS)]


SHEET: Final = ProtocolSheet("sheet.team_tricks", CONTRACTS, _suit_shown, _tricks, TEAMS)
