"""Finnish partnership Bismarck's contracts, quotas and scoring (shared/rules/bismarck-finnish.md
§1, §3, §6, §7): arithmetic only, no state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...teams import partnerships
from ..rules import ScoringError, quota_score

NAME: Final = "finnish_bismarck"

TRUMP: Final = "trump"
NOTRUMP: Final = "notrump"
FREE: Final = "free"
MISERE: Final = "misere"

CONTRACTS: tuple[str, ...] = (TRUMP, NOTRUMP, FREE, MISERE)
"""In the order of the protocol's columns (the spec's table)."""
POSITIVE: frozenset[str] = frozenset({TRUMP, NOTRUMP, FREE})

SEATS: Final = 4
DEALS_PER_MATCH: Final = 16
DEALT: Final = 12
"""Cards dealt to each player; the exchange brings every hand to 13."""
TRICKS: Final = 13
TEAMS: Final = partnerships(SEATS)
"""Seats 0 & 2 against 1 & 3: team ``seat % 2``."""


def team_of(seat: int) -> int:
    return seat % 2


def forehand_of(dealer: int) -> int:
    return (dealer + 1) % SEATS


def quotas(contract: str) -> tuple[int, int]:
    """(the non-dealer team's quota, the dealer's team's quota)."""
    return (8, 5) if contract in POSITIVE else (5, 8)


def team_quotas(contract: str, dealer: int) -> list[int]:
    """Each team's quota, by team index."""
    own, other = quotas(contract)
    ours = team_of(forehand_of(dealer))  # forehand's, which the quotas name first
    return [own if team == ours else other for team in range(2)]


def team_tricks(tricks: Sequence[int]) -> list[int]:
    """Each team's tricks from each seat's."""
    return [sum(tricks[s] for s in members) for members in TEAMS]


def deal_scores(contract: str, dealer: int, tricks: Sequence[int]) -> list[int]:
    """Each seat's score of a finished deal: its team's, the team over its quota paid a point
    per trick over by the other in a positive contract, paying one in misère (§6)."""
    if len(tricks) != SEATS or sum(tricks) != TRICKS or min(tricks) < 0:
        raise ScoringError(f"a finished deal has 13 tricks among 4 players, got {list(tricks)}")
    positive = contract in POSITIVE
    per_team = [
        quota_score(taken, quota, positive)
        for taken, quota in zip(team_tricks(tricks), team_quotas(contract, dealer), strict=True)
    ]
    return [per_team[team_of(seat)] for seat in range(SEATS)]
