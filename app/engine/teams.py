"""Partnerships: which seats play together, and the scoresheet's block of one total per team.

A partnership game keeps its scores per seat, each partner carrying the team's score, so the
store, the history and the CSV treat it as any other game; what is added here is the reading of
those per-seat rows as teams.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

Teams = tuple[tuple[int, ...], ...]


def partnerships(seats: int) -> Teams:
    """Teams of partners sitting opposite: seat ``k`` with seat ``k + seats / 2`` (four seats:
    ``((0, 2), (1, 3))``)."""
    half = seats // 2
    return tuple((k, k + half) for k in range(half))


def team_of(teams: Sequence[Sequence[int]], seat: int) -> int:
    """The index of the team ``seat`` plays in."""
    for index, members in enumerate(teams):
        if seat in members:
            return index
    raise ValueError(f"seat {seat} is in no team")


def team_scores(teams: Sequence[Sequence[int]], per_seat: Sequence[int | None]) -> list[int | None]:
    """One value per team from per-seat values that repeat the team's (its first seat's)."""
    return [per_seat[members[0]] for members in teams]


def with_teams(sheet: dict[str, Any], teams: Sequence[Sequence[int]]) -> dict[str, Any]:
    """``sheet`` with its ``teams`` block: the members and total of each team, and each deal's
    team scores and running team totals (docs/engine.md, scoresheets)."""
    sheet["teams"] = {
        "members": [list(members) for members in teams],
        "totals": team_scores(teams, sheet["totals"]),
    }
    for line in sheet["deals"]:
        line["team_scores"] = team_scores(teams, line["scores"])
        line["team_totals"] = team_scores(teams, line["totals"])
    return sheet
