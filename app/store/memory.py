"""Rooms kept in process memory: for tests and for benchmarks of everything but the disk."""

from __future__ import annotations

import copy
from collections.abc import Sequence

from .base import EventJson, StaleAppend


class MemoryRoomStore:
    def __init__(self) -> None:
        self._logs: dict[str, list[EventJson]] = {}

    async def create_room(self, code: str, events: Sequence[EventJson]) -> None:
        if code in self._logs:
            raise StaleAppend(f"room {code} exists")
        self._logs[code] = copy.deepcopy(list(events))

    async def append(self, code: str, version: int, events: Sequence[EventJson]) -> None:
        log = self._logs[code]
        if len(log) != version:
            raise StaleAppend(f"room {code} has {len(log)} events, not {version}")
        log.extend(copy.deepcopy(list(events)))

    async def load(self, code: str) -> list[EventJson] | None:
        log = self._logs.get(code)
        return copy.deepcopy(log) if log is not None else None

    async def close(self) -> None:
        return None
