"""Durable storage of rooms: each room's append-only event log, and the scoresheet rows
projected from it.

The rooms layer speaks to storage only through :class:`RoomStore`; whatever backs it
must make :meth:`RoomStore.append` durable before it returns.
"""

from __future__ import annotations

from .base import EventJson, LeaseLost, RoomStore, StaleAppend
from .memory import MemoryRoomStore
from .rows import ChatRow, DealRow, MatchRow, Projection, ReviewRow, RoomRow, SeatRow


def open_store(
    url: str,
    instance: str | None = None,
    lease_seconds: float = 10.0,
    commit_window: float = 0.0,
) -> RoomStore:
    """The store for a database URL, migrated to the newest schema; ``memory:`` keeps
    nothing. ``instance``: this server instance's id, under which it owns rooms in a
    PostgreSQL database several instances share (``lease_seconds`` at a time).
    ``commit_window``: the least seconds between the starts of two commits, so that the
    writes of rooms acting meanwhile share one."""
    if url == "memory:":
        return MemoryRoomStore()
    from .sql import SqlRoomStore

    return SqlRoomStore(
        url, instance=instance, lease_seconds=lease_seconds, commit_window=commit_window
    )


__all__ = [
    "ChatRow",
    "DealRow",
    "EventJson",
    "LeaseLost",
    "MatchRow",
    "MemoryRoomStore",
    "Projection",
    "ReviewRow",
    "RoomRow",
    "RoomStore",
    "SeatRow",
    "StaleAppend",
    "open_store",
]
