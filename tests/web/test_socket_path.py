"""The WebSocket's own path: the app's socket routes ahead of the HTTP stack, and uvicorn's
connection with a smaller queue and writable flag (app/web/front.py, app/web/wire.py)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from app.web import wire
from app.web.wire import Gate, Inbox
from support.client import RoomClient, create_room, is_state
from support.server import ServerProcess


def run(scenario: Any) -> None:
    asyncio.run(scenario())


def test_the_inbox_hands_out_messages_in_order_to_a_waiting_reader() -> None:
    async def scenario() -> None:
        inbox = Inbox()
        inbox.put_nowait(1)
        assert not inbox.empty()
        assert await inbox.get() == 1
        assert inbox.empty()
        reader = asyncio.create_task(inbox.get())
        await asyncio.sleep(0)
        assert not reader.done()
        inbox.put_nowait(2)
        inbox.put_nowait(3)
        assert await reader == 2
        assert await inbox.get() == 3

    run(scenario)


def test_a_cancelled_reader_loses_no_message() -> None:
    async def scenario() -> None:
        inbox = Inbox()
        first = asyncio.create_task(inbox.get())
        second = asyncio.create_task(inbox.get())
        await asyncio.sleep(0)
        inbox.put_nowait("m")  # wakes the first reader ...
        first.cancel()  # ... which is cancelled before it runs
        with contextlib.suppress(asyncio.CancelledError):
            await first
        assert await asyncio.wait_for(second, 1) == "m"
        assert inbox.empty()
        lone = asyncio.create_task(inbox.get())
        await asyncio.sleep(0)
        lone.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await lone
        assert not inbox.waiters

    run(scenario)


def test_the_gate_holds_writers_while_closed_and_lets_them_all_through() -> None:
    async def scenario() -> None:
        gate = Gate()
        assert gate.is_set()
        assert await gate.wait()
        gate.clear()
        writers = [asyncio.create_task(gate.wait()) for _ in range(3)]
        await asyncio.sleep(0)
        assert not any(w.done() for w in writers)
        writers[2].cancel()
        await asyncio.sleep(0)
        gate.set()
        assert await writers[0] and await writers[1]
        assert writers[2].cancelled()
        assert not gate.waiters

    run(scenario)


@pytest.mark.parametrize("path", ["/ws/", "/ws/ABC/more", "/nowhere", "/bench/echo/x"])
def test_a_socket_to_no_socket_route_is_refused(live_server: ServerProcess, path: str) -> None:
    async def scenario() -> None:
        with pytest.raises(InvalidStatus) as refused:
            await connect(f"{live_server.ws_url}{path}", proxy=None, open_timeout=10)
        assert refused.value.response.status_code == 403

    run(scenario)


def test_a_room_socket_plays_after_the_handshake_is_let_go_of(live_server: ServerProcess) -> None:
    # the server drops the handshake's headers once it accepts; the socket carries on
    code = create_room(live_server.base_url)["code"]

    async def scenario() -> None:
        client = await RoomClient.open(live_server.ws_url, code, origin=live_server.base_url)
        try:
            await client.wait_for(is_state)
            await client.send({"type": "ping", "id": "p"})
            pong = await client.wait_for(lambda m: m["type"] == "pong")
            assert pong["id"] == "p"
        finally:
            await client.close()

    run(scenario)


def test_the_lean_connection_is_used_only_on_a_uvicorn_it_was_written_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert wire.socket_protocol() is wire.LeanWebSocketProtocol

    class Other:  # a uvicorn whose connection keeps its messages otherwise
        def __init__(self) -> None:
            self.inbox: list[Any] = []

        def start_keepalive(self) -> None: ...

    monkeypatch.setattr(wire, "WebSocketsSansIOProtocol", Other)
    assert wire.socket_protocol() == "auto"
    monkeypatch.setattr(wire, "WebSocketsSansIOProtocol", None)
    assert wire.socket_protocol() == "auto"
