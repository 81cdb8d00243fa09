"""Bismarck's contracts, quotas and scoring (rules §4, §8, §10)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

SPEL: Final = "spel"
SPADER: Final = "spader"
VALFRI: Final = "valfri"
PASS: Final = "pass"

CONTRACTS: tuple[str, ...] = (SPADER, VALFRI, SPEL, PASS)
"""In the order of the protocol's columns (pagat's order)."""

POSITIVE: frozenset[str] = frozenset({SPEL, SPADER, VALFRI})

DEALS_PER_MATCH: dict[int, int] = {3: 12, 4: 16}
TRICKS_PER_DEAL: Final = 16
CARDS_PER_HAND: Final = 16
OPEN_CARDS: Final = 4
DISCARD_SIZE: Final = 4


class ScoringError(RuntimeError):
    """Impossible input to scoring: an internal fault of the engine, never a game outcome."""


def quota_score(tricks: int, quota: int, positive: bool) -> int:
    """Quota scoring, the arithmetic of every Bismarck game: a player (or a team) is
    expected to take its quota of tricks, and scores a point per trick over it in a contract
    that takes tricks (``tricks - quota``), in one that avoids them a point per trick under
    it (``quota - tricks``)."""
    return tricks - quota if positive else quota - tricks


def quotas(contract: str) -> tuple[int, int]:
    """(forehand's quota, each other active player's quota)."""
    return (8, 4) if contract in POSITIVE else (4, 6)


def deal_scores(contract: str, forehand: int, tricks: Sequence[int | None]) -> list[int]:
    """Scores of one deal; ``tricks`` has an entry per seat, ``None`` for the one sitting out."""
    counted = [t for t in tricks if t is not None]
    if len(counted) != 3 or sum(counted) != TRICKS_PER_DEAL or min(counted) < 0:
        raise ScoringError(f"a finished deal needs 16 tricks among 3 players, got {list(tricks)}")
    own, other = quotas(contract)
    positive = contract in POSITIVE
    return [
        0 if taken is None else quota_score(taken, own if seat == forehand else other, positive)
        for seat, taken in enumerate(tricks)
    ]


def winners(totals: Sequence[int]) -> list[int]:
    """Every seat whose total equals the highest: ties share the win."""
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]


def ranks(totals: Sequence[int]) -> list[int]:
    """1 + the number of players with a strictly higher total (5, 5, -10 rank 1, 1, 3)."""
    return [1 + sum(1 for other in totals if other > total) for total in totals]
