"""What the rooms layer asks storage to keep besides the event log: plain rows, no rules.

The event log is the source of truth. These rows are a projection of it, written in the
same transaction, so the scoresheet of any evening can be queried and exported without
replaying a single card.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    nickname: str
    secret_hash: str
    bot: str | None = None


@dataclass(frozen=True, slots=True)
class MatchRow:
    number: int
    players: list[str]
    first_dealer: int
    status: str
    deals_played: int
    totals: list[int]
    winners: list[int] | None


@dataclass(frozen=True, slots=True)
class DealRow:
    """A scored deal: the score of each seat that settled (``None`` for one that took no
    part) and the game's own detail."""

    match_number: int
    number: int
    dealer: int
    scores: list[int | None]
    detail: dict[str, Any]


@dataclass(frozen=True, slots=True)
class RoomRow:
    """What a room is for; written once, when it is created."""

    game: str
    options: dict[str, Any] | None
    size: int


@dataclass(slots=True)
class Projection:
    """The rows an append changes. ``seats`` is the whole seating when it changed."""

    status: str
    host: int | None
    seats: list[SeatRow | None] | None = None
    match: MatchRow | None = None
    deals: list[DealRow] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class ChatRow:
    """One line of a room's chat: kept with the room, apart from its log."""

    seq: int
    at: int
    """When it was said: ms since the epoch."""
    seat: int | None
    watcher: int | None
    name: str
    text: str | None
    reaction: str | None
    audience: str
    """``all``, or ``spectators`` for a line only spectators read."""


@dataclass(frozen=True, slots=True)
class ReviewRow:
    """A finished review of one deal: kept with the room, apart from its log."""

    match_number: int
    deal_number: int
    body: dict[str, Any]
    """The review as the API gives it."""
