"""The WebSocket endpoint: origin check, frame and rate limits, then commands to the room."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import deque
from collections.abc import Coroutine
from typing import Any
from urllib.parse import urlsplit

from starlette.types import Scope
from starlette.websockets import WebSocketDisconnect, WebSocketState

from app.config import Settings
from app.tables import LiveRoom, RoomElsewhere, Tables
from app.tables.commands import Say
from app.tables.credentials import is_room_code
from app.tables.limits import CLOSE_LIMIT, TokenBucket

from .addresses import AddressConnections, address_key
from .front import Connection, header
from .messages import Ping, ProtocolError, parse_message

CLOSE_POLICY = 1008  # floods, repeated garbage, foreign origin
CLOSE_TOO_BIG = 1009
CLOSE_TRY_AGAIN = 1013  # a client too slow to read its messages
CLOSE_NO_ROOM = 4404
CLOSE_ELSEWHERE = 4409  # the room is served by another instance: reconnect
WAITING_AFTER = 1.0
"""Seconds a connection waits for its room (on its way from another instance) before it is
told so; then again every WAITING_EVERY, so that neither it nor a proxy takes the silence
for a dead line."""
WAITING_EVERY = 5.0
# CLOSE_LIMIT (4429): past a limit of the room, the seat or the client's address


class SocketClient:
    """Sends a connection's frames in order, and never makes a room wait for it.

    A frame goes out within the call when the connection can take it, which is nearly
    always: a send that needs no waiting completes as soon as it is started. Only when the
    peer reads too slowly and the transport stops taking data does that send, and every
    frame after it, wait for a task of the connection's own; when ``limit`` frames are
    waiting, the connection is closed with 1013. Handing every frame to a task instead was
    a sizeable part of the cost of a move on a busy server.
    """

    __slots__ = ("close_code", "close_reason", "gone", "limit", "task", "waiting", "websocket")

    def __init__(self, websocket: Connection, limit: int) -> None:
        self.websocket = websocket
        self.limit = limit
        # made only when a send must wait: an empty deque is 760 bytes, per connection
        self.waiting: deque[str] | None = None
        self.close_code: int | None = None
        self.close_reason = ""
        self.task: asyncio.Task[None] | None = None
        self.gone = False

    def send_text(self, text: str) -> None:
        if self.close_code is not None or self.gone:
            return
        if self.task is not None:  # a send is waiting: this frame must follow it
            if self.waiting is None:
                self.waiting = deque()
            if len(self.waiting) >= self.limit:
                self.close(CLOSE_TRY_AGAIN, "too slow")
            else:
                self.waiting.append(text)
            return
        send = self.websocket.send_text(text)
        try:
            step = send.send(None)
        except StopIteration:
            return
        except (WebSocketDisconnect, RuntimeError, OSError):
            self.gone = True  # the peer is gone; the reader notices and cleans up
            return
        self.task = asyncio.create_task(self._write(send, step))

    def close(self, code: int, reason: str) -> None:
        if self.close_code is not None:
            return
        self.close_code, self.close_reason = code, reason
        self.waiting = None  # frames not yet sent are dropped: the connection is closing
        if self.task is None:
            self.task = asyncio.create_task(self._write(None, None))

    async def _write(self, send: Coroutine[Any, Any, None] | None, step: Any) -> None:
        ws = self.websocket
        try:
            if send is not None:
                await _finish(send, step)
            while self.waiting:
                await ws.send_text(self.waiting.popleft())
            self.waiting = None
            if self.close_code is not None:
                if ws.application_state == WebSocketState.CONNECTED:
                    await ws.close(self.close_code, self.close_reason)
                return
        except (WebSocketDisconnect, RuntimeError, OSError):
            self.gone = True  # the peer is gone; the reader notices and cleans up
            return
        finally:
            if self.close_code is None:
                self.task = None  # caught up: frames go out directly again

    async def finish(self) -> None:
        """Close normally once the frames still waiting are sent (a close for a slow reader
        drops them; this one says goodbye after them)."""
        if self.task is not None and self.close_code is None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(self.task), 5)
        self.close(1000, "")
        if self.task is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.task, 5)


async def _finish(send: Coroutine[Any, Any, None], step: Any) -> None:
    """Runs a send that stopped to wait to its end, as a task would have run it.

    ``step`` is what the send yielded: the future it waits for (the transport becoming
    writable), or ``None`` for a bare pass of control. The send reads the future's outcome
    itself when resumed.
    """
    while True:
        try:
            if step is None:
                await asyncio.sleep(0)
            else:
                await asyncio.wait([step])
        except asyncio.CancelledError:
            send.close()
            raise
        try:
            step = send.send(None)
        except StopIteration:
            return


def origin_allowed(scope: Scope, settings: Settings) -> bool:
    """A browser page may open our socket only from our own origin (or a configured one).

    Clients that are not browsers send no Origin; they cannot ride on a visitor's session,
    and a seat secret is still needed to play.
    """
    origin = header(scope, b"origin")
    if origin is None:
        return True
    allowed = {o.strip().rstrip("/") for o in settings.allowed_origins.split(",") if o.strip()}
    if settings.public_origin:
        allowed.add(settings.public_origin.rstrip("/"))
    if origin.rstrip("/") in allowed:
        return True
    host = header(scope, b"host") or ""
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc == host


def _error(code: str, message: str, v: int | None, ident: str | None = None) -> str:
    body: dict[str, Any] = {"type": "error", "v": v, "code": code, "message": message}
    if ident is not None:
        body["id"] = ident
    return json.dumps(body, separators=(",", ":"))


async def room_socket(
    scope: Scope,
    websocket: Connection,
    code: str,
    tables: Tables,
    settings: Settings,
    addresses: AddressConnections | None = None,
) -> None:
    if not origin_allowed(scope, settings):
        await websocket.close(CLOSE_POLICY)  # before accept: the upgrade is refused (403)
        return
    # Past the address's share the socket is still accepted, so that a browser learns why.
    key = address_key(scope.get("client"))
    if addresses is not None and not addresses.enter(key):
        await websocket.accept()
        await websocket.send_text(
            _error("too_many_connections", "this address holds as many sockets as it may", None)
        )
        await websocket.close(CLOSE_LIMIT, "too_many_connections")
        return
    try:
        await _serve(websocket, code, tables, settings)
    finally:
        if addresses is not None:
            addresses.leave(key)


async def _room(websocket: Connection, code: str, tables: Tables) -> LiveRoom | None:
    """The room, loaded here if need be. A room on its way from another instance may take
    a while (a lease, when that instance died): meanwhile the connection, accepted already,
    is told that it waits, and then again every few seconds."""
    loading = asyncio.ensure_future(tables.room(code))
    # however this connection ends, the loading goes on (other connections may wait for
    # it), and its outcome is read
    loading.add_done_callback(lambda done: done.cancelled() or done.exception())
    wait = WAITING_AFTER
    while True:
        finished, _ = await asyncio.wait([loading], timeout=wait)
        if finished:
            return loading.result()
        try:
            await websocket.send_text(_WAITING)
        except (WebSocketDisconnect, RuntimeError, OSError):
            raise _Left from None
        wait = WAITING_EVERY


_WAITING = json.dumps(
    {
        "type": "waiting",
        "v": None,
        "code": "room_moving",
        "message": "the room is on its way to this server; hold on",
    },
    separators=(",", ":"),
)


class _Left(Exception):
    """The client left while it waited for its room."""


async def _serve(websocket: Connection, code: str, tables: Tables, settings: Settings) -> None:
    # Accepted at once, before the room is looked for: a room that must first come from
    # another instance would otherwise hold the handshake past a browser's or a proxy's
    # patience.
    await websocket.accept()
    try:
        live = await _room(websocket, code, tables) if is_room_code(code) else None
    except RoomElsewhere:
        # Another instance has the room and kept it: the client reconnects, and the proxy
        # (or the owner's handing it over meanwhile) brings it to the room.
        await websocket.send_text(
            _error("room_elsewhere", "the room is served by another server; reconnect", None)
        )
        await websocket.close(CLOSE_ELSEWHERE, "room served elsewhere")
        return
    except _Left:
        return  # the room still comes, for whoever is next
    if live is None:
        await websocket.send_text(_error("no_such_room", "there is no room with that code", None))
        await websocket.close(CLOSE_NO_ROOM, "no such room")
        return
    client = SocketClient(websocket, settings.ws_send_queue)
    member = await tables.join(live, client)
    live = member.room  # loaded anew if it was unloaded meanwhile
    bucket = TokenBucket(settings.ws_messages_per_second, settings.ws_burst)
    strikes = TokenBucket(
        1 / settings.ws_bad_message_forgiven_after, settings.ws_max_bad_messages - 1
    )
    chat = TokenBucket(1 / settings.ws_chat_every, settings.ws_chat_burst)
    limit = settings.ws_max_frame_bytes
    try:
        while client.close_code is None:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            problem: tuple[str, str] | None = None
            ident: str | None = None
            close_code = CLOSE_POLICY
            if text is None:
                problem = ("binary_frame", "messages are JSON text")
            elif len(text) > limit or len(text.encode("utf-8", "surrogatepass")) > limit:
                problem = ("frame_too_large", f"a message is at most {limit} bytes")
                close_code = CLOSE_TOO_BIG
            elif not bucket.take():
                problem = ("rate_limited", "too many messages; slow down")
            if problem is None:
                assert text is not None
                try:
                    command, ident = parse_message(text)
                except ProtocolError as refused:
                    problem = (refused.code, refused.message)
                    ident = refused.ident
                else:
                    if isinstance(command, Say) and not chat.take():
                        problem = ("chat_too_fast", "too many chat lines; wait a moment")
                    elif isinstance(command, Ping):
                        pong: dict[str, Any] = {"type": "pong", "v": live.committed}
                        if ident is not None:
                            pong["id"] = ident
                        client.send_text(json.dumps(pong))
                    else:
                        await tables.handle(member, command, ident)
                        continue
                    if problem is None:
                        continue
            # live.committed, not the state's version: a change may be in flight to the store
            client.send_text(_error(problem[0], problem[1], live.committed, ident))
            if not strikes.take():
                client.close(close_code, "too many bad messages")
    except WebSocketDisconnect:
        pass
    finally:
        await tables.leave_connection(member)
        await client.finish()
