"""Rooms kept in process memory: for tests and for benchmarks of everything but the disk."""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .base import EventJson, StaleAppend
from .rows import ChatRow, DealRow, MatchRow, Projection, ReviewRow, RoomRow


class MemoryRoomStore:
    def __init__(self) -> None:
        self._logs: dict[str, list[EventJson]] = {}
        self._matches: dict[str, dict[int, tuple[MatchRow, list[DealRow]]]] = {}
        self._chat: dict[str, list[ChatRow]] = {}
        self._reviews: dict[tuple[str, int, int], ReviewRow] = {}
        self._idle: dict[str, dict[str, Any]] = {}

    async def create_room(
        self, code: str, room: RoomRow, events: Sequence[EventJson], projection: Projection
    ) -> None:
        if code in self._logs:
            raise StaleAppend(f"room {code} exists")
        self._logs[code] = copy.deepcopy(list(events))
        self._matches[code] = {}

    async def append(
        self, code: str, version: int, events: Sequence[EventJson], projection: Projection
    ) -> None:
        log = self._logs[code]
        if len(log) != version:
            raise StaleAppend(f"room {code} has {len(log)} events, not {version}")
        log.extend(copy.deepcopy(list(events)))
        if projection.match is not None:
            number = projection.match.number
            _, deals = self._matches[code].get(number, (None, []))
            # a deal written again (corrected on paper) replaces the row of its number
            written = {d.number: d for d in [*deals, *projection.deals]}
            self._matches[code][number] = (projection.match, [written[n] for n in sorted(written)])

    async def load(self, code: str) -> list[EventJson] | None:
        log = self._logs.get(code)
        return copy.deepcopy(log) if log is not None else None

    async def matches(self, code: str) -> list[tuple[MatchRow, list[DealRow]]]:
        return [self._matches[code][n] for n in sorted(self._matches.get(code, {}))]

    async def add_chat(self, code: str, line: ChatRow) -> None:
        if code not in self._logs:
            raise KeyError(f"no room {code}")
        lines = self._chat.setdefault(code, [])
        if lines and lines[-1].seq >= line.seq:
            raise StaleAppend(f"room {code}: duplicate chat line number {line.seq}")
        lines.append(line)

    async def chat(self, code: str, limit: int) -> list[ChatRow]:
        return list(self._chat.get(code, [])[-limit:]) if limit > 0 else []

    async def add_review(self, code: str, review: ReviewRow) -> None:
        if code not in self._logs:
            raise KeyError(f"no room {code}")
        key = (code, review.match_number, review.deal_number)
        self._reviews.setdefault(key, copy.deepcopy(review))

    async def review(self, code: str, match: int, deal: int) -> ReviewRow | None:
        kept = self._reviews.get((code, match, deal))
        return copy.deepcopy(kept) if kept is not None else None

    # One process is the only instance there is: every room is its own.
    async def acquire(self, code: str) -> bool | None:
        return True if code in self._logs else None

    async def renew(self, codes: Sequence[str]) -> set[str]:
        return set(codes)

    async def release(self, codes: Sequence[str]) -> None:
        return None

    async def release_earlier(self) -> int:
        return 0

    async def release_idle(self, rooms: Mapping[str, dict[str, Any]]) -> None:
        for code, kept in rooms.items():
            if code in self._logs:
                self._idle[code] = copy.deepcopy(kept)

    async def take_idle_kept(self, code: str) -> dict[str, Any] | None:
        return self._idle.pop(code, None)

    @property
    def shared(self) -> bool:
        return False

    async def request_handover(self, code: str) -> None:
        return None

    async def hand_over(self, code: str, to: str, kept: dict[str, Any] | None = None) -> None:
        return None

    def listen(self, asked: Callable[[str, str], None]) -> Callable[[], None]:
        return lambda: None

    async def close(self) -> None:
        return None
