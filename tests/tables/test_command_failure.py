"""A command that fails with an exception no rule raises (a fault of the server's own) is
answered ``internal_error`` with the message's id, logged as one line without a traceback,
and leaves the room as the store holds it: the connection and the table carry on."""

from __future__ import annotations

import asyncio
import json
import logging
import random
from typing import Any

import pytest

from app.store import MemoryRoomStore
from app.tables import Tables
from app.tables.commands import Act, Hello, Sit, Start
from app.tables.room import RoomState


class Collector:
    def __init__(self) -> None:
        self.texts: list[str] = []
        self.closed: tuple[int, str] | None = None

    def send_text(self, text: str) -> None:
        self.texts.append(text)

    def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)

    def last(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.texts[-1])
        return message


def test_a_failing_command_is_answered_and_the_room_read_back(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> None:
        tables = Tables(MemoryRoomStore(), random.Random(3))
        code, _, secret = await tables.create_room(3, "Anna")
        live = await tables.room(code)
        assert live is not None
        clients = [Collector() for _ in range(3)]
        members = [await tables.join(live, c) for c in clients]
        await tables.handle(members[0], Hello(secret))
        for seat in (1, 2):
            await tables.handle(members[seat], Sit(seat, ("Bertil", "Cecilia")[seat - 1]))
        await tables.handle(members[0], Start())
        match = live.state.match
        assert match is not None and match.to_act is not None
        seat = match.to_act
        action = str(match.legal_actions(seat)[0])
        version = live.state.version

        def broken(self: RoomState, *args: object) -> object:
            self.version += 7  # memory spoilt before the fault: the store must win
            raise RuntimeError("no rule\nraises this")

        monkeypatch.setattr(RoomState, "act", broken)
        sent = len(clients[seat].texts)
        with caplog.at_level(logging.ERROR, logger="kortbord.tables"):
            await tables.handle(members[seat], Act(version, action, "a1"))
        [reply] = [json.loads(t) for t in clients[seat].texts[sent:]]
        assert reply["type"] == "error" and reply["code"] == "internal_error", reply
        assert reply["id"] == "a1" and reply["v"] == version
        [line] = [r for r in caplog.records if r.name == "kortbord.tables"]
        assert line.exc_info is None and "\n" not in line.getMessage()
        assert "Act failed: RuntimeError at" in line.getMessage()
        assert "no rule raises this" in line.getMessage()
        assert live.state.version == version and not live.gone
        assert all(c.closed is None for c in clients)

        monkeypatch.undo()
        await tables.handle(members[seat], Act(version, action, "a2"))
        acked = clients[seat].last()
        assert acked["type"] == "state" and acked["id"] == "a2" and acked["v"] > version

    asyncio.run(scenario())
