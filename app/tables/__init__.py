"""Rooms: seats, seat secrets, the host, spectators; runs actions. Knows nothing of HTTP."""

from __future__ import annotations

from .room import RoomState, Status, TableError
from .service import Client, LiveRoom, Member, Tables

__all__ = ["Client", "LiveRoom", "Member", "RoomState", "Status", "TableError", "Tables"]
