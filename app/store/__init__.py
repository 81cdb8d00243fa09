"""Durable storage of rooms: each room's append-only event log.

The rooms layer speaks to storage only through :class:`RoomStore`; whatever backs it
must make :meth:`RoomStore.append` durable before it returns.
"""

from __future__ import annotations

from .base import RoomStore, StaleAppend
from .memory import MemoryRoomStore

__all__ = ["MemoryRoomStore", "RoomStore", "StaleAppend"]
