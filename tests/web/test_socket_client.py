"""SocketClient sends within the call while the connection takes data, falls back to a task of
its own while it does not, keeps every frame in order either way, and closes a connection
that falls ``limit`` frames behind.

The websocket here is the part of Starlette's interface the client uses; its sends wait, as
uvicorn's do, while the transport is paused.
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.websockets import WebSocketDisconnect, WebSocketState

from app.web.socket import CLOSE_TRY_AGAIN, SocketClient


class PausableSocket:
    def __init__(self) -> None:
        self.sent: list[str] = []
        self.writable = asyncio.Event()
        self.writable.set()
        self.closed: tuple[int, str] | None = None
        self.application_state = WebSocketState.CONNECTED
        self.broken = False

    async def send_text(self, text: str) -> None:
        await self.writable.wait()  # uvicorn waits here while its transport is paused
        if self.broken:
            raise WebSocketDisconnect(1006)
        self.sent.append(text)

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)
        self.application_state = WebSocketState.DISCONNECTED


def run(scenario: Any) -> None:
    asyncio.run(scenario())


def test_frames_go_out_within_the_call_while_the_socket_takes_them() -> None:
    async def scenario() -> None:
        ws = PausableSocket()
        client = SocketClient(ws, limit=8)  # type: ignore[arg-type]
        for i in range(100):
            client.send_text(f"m{i}")
            assert ws.sent[-1] == f"m{i}"  # no task, no waiting: sent already
        assert client.task is None
        await client.finish()
        assert ws.closed == (1000, "")

    run(scenario)


def test_a_paused_socket_gets_every_frame_in_order_once_it_resumes() -> None:
    async def scenario() -> None:
        ws = PausableSocket()
        client = SocketClient(ws, limit=50)  # type: ignore[arg-type]
        client.send_text("a")
        ws.writable.clear()
        for text in ("b", "c", "d"):
            client.send_text(text)
        await asyncio.sleep(0.01)
        assert ws.sent == ["a"] and client.task is not None
        ws.writable.set()
        await asyncio.sleep(0.01)
        assert ws.sent == ["a", "b", "c", "d"]
        assert client.task is None  # caught up: back to sending within the call
        client.send_text("e")
        assert ws.sent[-1] == "e"
        # paused again in the middle of a stream, resumed while more frames arrive
        ws.writable.clear()
        client.send_text("f")
        asyncio.get_running_loop().call_later(0.005, ws.writable.set)
        for text in ("g", "h"):
            client.send_text(text)
            await asyncio.sleep(0.004)
        client.send_text("i")
        await client.finish()
        assert ws.sent == list("abcdefghi")
        assert ws.closed == (1000, "")

    run(scenario)


def test_a_reader_that_falls_too_far_behind_is_closed_with_1013() -> None:
    async def scenario() -> None:
        ws = PausableSocket()
        client = SocketClient(ws, limit=5)  # type: ignore[arg-type]
        ws.writable.clear()
        for i in range(7):  # one send in flight, five waiting, then one too many
            client.send_text(f"m{i}")
        assert client.close_code == CLOSE_TRY_AGAIN
        client.send_text("after")  # ignored: the connection is closing
        ws.writable.set()
        await client.finish()
        # the send in flight completes; what waited behind it is dropped with the close
        assert ws.sent == ["m0"]
        assert ws.closed == (CLOSE_TRY_AGAIN, "too slow")

    run(scenario)


def test_a_peer_gone_mid_send_stops_the_client_quietly() -> None:
    async def scenario() -> None:
        ws = PausableSocket()
        client = SocketClient(ws, limit=5)  # type: ignore[arg-type]
        ws.broken = True
        client.send_text("lost")  # fails within the call
        assert client.gone and client.task is None
        client.send_text("ignored")
        ws.broken = False
        assert ws.sent == []
        # and a peer that goes away while a send waits
        ws2 = PausableSocket()
        other = SocketClient(ws2, limit=5)  # type: ignore[arg-type]
        ws2.writable.clear()
        other.send_text("x")
        other.send_text("y")
        ws2.broken = True
        ws2.writable.set()
        await asyncio.sleep(0.01)
        assert other.gone and ws2.sent == []
        await other.finish()

    run(scenario)


def test_finish_waits_for_a_paused_send_and_cancelling_it_ends_the_send() -> None:
    async def scenario() -> None:
        ws = PausableSocket()
        client = SocketClient(ws, limit=5)  # type: ignore[arg-type]
        ws.writable.clear()
        client.send_text("stuck")
        task = client.task
        assert task is not None
        task.cancel()
        await asyncio.sleep(0)
        assert task.cancelled()
        assert ws.sent == []

    run(scenario)
