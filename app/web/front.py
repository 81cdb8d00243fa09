"""The WebSocket routes' own path, ahead of the HTTP stack.

A table's three sockets live as long as the table is played, and every one of them used to
pass, for all of its life, through Starlette's and FastAPI's whole stack: the middleware, the
router, the endpoint's dependency solving with two exit stacks of its own, each a coroutine
frame or an object held until the socket closes, and a copy of the scope at every level. Of
an active table that was a tenth of its memory, for nothing a socket uses. So the app takes
WebSocket connections itself, before that stack: the trusted proxies' addresses are read as
for HTTP, the path picks its handler, and the handler talks to the server through a
:class:`Connection`, the few state checks of Starlette's ``WebSocket`` and nothing else.
HTTP requests go through the stack as before.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from fastapi import FastAPI
from starlette.types import Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect, WebSocketState

from .addresses import ForwardedClient

SocketHandler = Callable[[Scope, "Connection", str], Awaitable[None]]
"""A WebSocket route's handler: the scope, the connection, and the path's last segment."""

_CONNECTING = WebSocketState.CONNECTING
_CONNECTED = WebSocketState.CONNECTED
_DISCONNECTED = WebSocketState.DISCONNECTED


class Connection:
    """One WebSocket, as Starlette's ``WebSocket`` has it (the same states, messages and
    exceptions), without the scope, headers and request machinery it keeps for each socket.
    """

    __slots__ = ("_receive", "_send", "application_state", "client_state")

    def __init__(self, receive: Receive, send: Send) -> None:
        self._receive = receive
        self._send = send
        self.client_state = _CONNECTING
        self.application_state = _CONNECTING

    async def receive(self) -> Message:
        if self.client_state is _CONNECTED:
            message = await self._receive()
            kind = message["type"]
            if kind == "websocket.disconnect":
                self.client_state = _DISCONNECTED
            elif kind != "websocket.receive":
                raise RuntimeError(f"unexpected ASGI message {kind!r}")
            return message
        if self.client_state is _CONNECTING:
            message = await self._receive()
            if message["type"] != "websocket.connect":
                raise RuntimeError(f"expected websocket.connect, got {message['type']!r}")
            self.client_state = _CONNECTED
            return message
        raise RuntimeError("receive after a disconnect")

    async def send(self, message: Message) -> None:
        kind = message["type"]
        if self.application_state is _CONNECTED:
            if kind == "websocket.close":
                self.application_state = _DISCONNECTED
            elif kind != "websocket.send":
                raise RuntimeError(f"unexpected ASGI message {kind!r}")
            try:
                await self._send(message)
            except OSError:
                self.application_state = _DISCONNECTED
                raise WebSocketDisconnect(code=1006) from None
            return
        if self.application_state is _CONNECTING:
            if kind == "websocket.close":
                self.application_state = _DISCONNECTED
            elif kind == "websocket.accept":
                self.application_state = _CONNECTED
            else:
                raise RuntimeError(f"unexpected ASGI message {kind!r}")
            await self._send(message)
            return
        raise RuntimeError("send after the socket was closed")

    async def accept(self) -> None:
        if self.client_state is _CONNECTING:
            await self.receive()  # the connect message comes first
        await self.send({"type": "websocket.accept", "subprotocol": None, "headers": []})

    def send_text(self, text: str) -> Coroutine[Any, Any, None]:
        return self.send({"type": "websocket.send", "text": text})

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        await self.send({"type": "websocket.close", "code": code, "reason": reason or ""})


def header(scope: Scope, name: bytes) -> str | None:
    """A request header's first value, as Starlette reads it (latin-1)."""
    for key, value in scope["headers"]:
        if key == name:
            return str(value.decode("latin-1"))
    return None


class KortbordApp(FastAPI):
    """FastAPI for HTTP; WebSockets on a path of their own (see the module's docstring).

    Every WebSocket route is added with :meth:`add_socket`; a socket to any other path is
    refused (403), as the router would.
    """

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.socket_routes: list[tuple[str, SocketHandler]] = []
        self.forwarded: ForwardedClient | None = None

    def add_socket(self, prefix: str, handler: SocketHandler) -> None:
        """``prefix`` is the path up to its last segment, which the handler is given
        (``/ws/`` for ``/ws/{code}``)."""
        self.socket_routes.append((prefix, handler))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await super().__call__(scope, receive, send)
            return
        if self.forwarded is not None:
            self.forwarded.rewrite(scope)
        path = scope["path"]
        root = scope.get("root_path", "")
        if root and path.startswith(root):
            path = path[len(root) :]
        for prefix, handler in self.socket_routes:
            if path.startswith(prefix):
                last = path[len(prefix) :]
                if last and "/" not in last:
                    await handler(scope, Connection(receive, send), last)
                    return
        await send({"type": "websocket.close", "code": 1000, "reason": ""})


__all__ = ["Connection", "KortbordApp", "SocketHandler", "header"]
