"""The storage interface the rooms layer depends on."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from .rows import ChatRow, DealRow, MatchRow, Projection, ReviewRow, RoomRow

EventJson = dict[str, Any]


class StaleAppend(RuntimeError):
    """The log already has more events than the writer knew of: two writers for one room."""


class LeaseLost(StaleAppend):
    """The room belongs to another server instance now: this one may never write to it
    again, and drops it."""


class RoomStore(Protocol):
    async def create_room(
        self, code: str, room: RoomRow, events: Sequence[EventJson], projection: Projection
    ) -> None:
        """Store a new room with its first events. Durable on return."""

    async def append(
        self, code: str, version: int, events: Sequence[EventJson], projection: Projection
    ) -> None:
        """Append ``events`` after the room's first ``version`` events, with the rows they
        change, in one transaction. Durable on return.

        Raises :class:`StaleAppend` if the stored log is not exactly ``version`` long.
        """

    async def load(self, code: str) -> list[EventJson] | None:
        """The room's whole log, or ``None`` if there is no such room."""

    async def matches(self, code: str) -> list[tuple[MatchRow, list[DealRow]]]:
        """Every match of the room with its scoresheet rows, oldest first."""

    async def add_chat(self, code: str, line: ChatRow) -> None:
        """Keep a chat line of the room. Durable on return."""

    async def chat(self, code: str, limit: int) -> list[ChatRow]:
        """The room's last ``limit`` chat lines, oldest first."""

    async def add_review(self, code: str, review: ReviewRow) -> None:
        """Keep a finished review of one of the room's deals. Any instance may, whoever owns
        the room; a deal already reviewed keeps the review it has. Durable on return."""

    async def review(self, code: str, match: int, deal: int) -> ReviewRow | None:
        """The stored review of deal ``deal`` of match ``match``, or ``None``."""

    async def acquire(self, code: str) -> bool | None:
        """Take the room for this instance: ``True``; ``False`` while another instance holds
        a live lease on it; ``None`` if there is no such room.

        Stores that serve one instance (SQLite, memory) grant every room they hold."""

    async def renew(self, codes: Sequence[str]) -> set[str]:
        """Renew this instance's leases on ``codes``; the rooms it still holds."""

    async def release(self, codes: Sequence[str]) -> None:
        """Give up this instance's rooms, for another instance to take at once."""

    async def release_earlier(self) -> int:
        """Give up every room the store names this instance the owner of, as it starts: an
        instance restarted under its name holds none of them in memory, and another
        instance takes them at once rather than after their leases. Returns how many."""

    async def release_idle(self, rooms: Mapping[str, dict[str, Any]]) -> None:
        """The rooms leave this instance's memory, idle: each one's kept (what of it lives
        outside its log) is stored with it and, with leases, its lease released, all in
        one transaction. Durable on return."""

    async def take_idle_kept(self, code: str) -> dict[str, Any] | None:
        """What the room kept when it was last unloaded idle, cleared from the store so that
        it applies to one loading only; ``None`` if nothing is kept."""

    @property
    def shared(self) -> bool:
        """Several server instances may serve this store (rooms are then owned by lease)."""

    async def request_handover(self, code: str) -> None:
        """Ask the instance that owns ``code`` to hand it to this one."""

    def listen(self, asked: Callable[[str, str], None]) -> Callable[[], None]:
        """Have ``asked(code, instance)`` called (from any thread) when another instance
        asks for a room; returns what stops it."""

    async def hand_over(self, code: str, to: str, kept: dict[str, Any] | None = None) -> None:
        """Give this instance's room ``code`` to the instance ``to`` that asked for it;
        ``kept``: what the room holds beyond its log, stored with it as
        :meth:`release_idle` stores it (a room held as its log alone has it to give)."""

    async def close(self) -> None: ...
