"""Rooms: seats, seat secrets, the host, spectators; runs actions. Knows nothing of HTTP."""

from __future__ import annotations

from .live import Client, LiveRoom, Member
from .ownership import RoomElsewhere
from .review import NoSuchDeal, ReviewsBusy
from .room import RoomState, Status, TableError
from .service import Tables

__all__ = [
    "Client",
    "LiveRoom",
    "Member",
    "NoSuchDeal",
    "ReviewsBusy",
    "RoomElsewhere",
    "RoomState",
    "Status",
    "TableError",
    "Tables",
]
