"""uvicorn's WebSocket connection (``websockets``' sans-I/O one, its default), made smaller.

A table holds three sockets for as long as it is played, so what each connection keeps is
a large part of what an active table costs. uvicorn's connection keeps, for its whole life,
an ``asyncio.Queue`` for the messages the app has yet to read (four deques of 760 bytes each,
one of them in an Event nobody waits on), an ``asyncio.Event`` for the transport being
writable (another deque), and the handshake's request and response with their headers, in
``websockets``' form and again in the scope. Here the queue and the event are a list and a
flag with a future made only while someone waits, and once the socket is accepted the
handshake is let go of: the app reads its headers before it accepts. Everything else (the
framing, the handshake, the pings, the close and the flow control) is uvicorn's own.

It leans on that connection's insides (its ``queue``, ``writable``, ``request`` and
``response``, and ``start_keepalive`` called once the socket is accepted), which uvicorn does
not promise to keep: :func:`socket_protocol` gives uvicorn's own connection instead where they
are not as this module knows them.
"""

from __future__ import annotations

import asyncio
from typing import Any

try:
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
except ImportError:  # a uvicorn before its sans-I/O connection: its own is used
    WebSocketsSansIOProtocol = None  # type: ignore[assignment,misc]


class Inbox:
    """What an ``asyncio.Queue`` does for a connection's incoming messages: ``put_nowait``,
    ``get`` and ``empty``, in order, with any number of readers."""

    __slots__ = ("items", "waiters")

    def __init__(self) -> None:
        self.items: list[Any] = []
        self.waiters: list[asyncio.Future[None]] | None = None

    def put_nowait(self, item: Any) -> None:
        self.items.append(item)
        waiters = self.waiters
        if waiters:
            waiter = waiters.pop(0)  # one message, one reader woken, as a Queue does
            if not waiter.done():
                waiter.set_result(None)

    def empty(self) -> bool:
        return not self.items

    async def get(self) -> Any:
        while not self.items:
            waiter = asyncio.get_running_loop().create_future()
            if self.waiters is None:
                self.waiters = []
            self.waiters.append(waiter)
            try:
                await waiter
            except BaseException:
                if waiter in self.waiters:
                    self.waiters.remove(waiter)
                elif self.items:  # woken, then cancelled: the message is the next reader's
                    self._wake()
                raise
        return self.items.pop(0)

    def _wake(self) -> None:
        if self.waiters:
            waiter = self.waiters.pop(0)
            if not waiter.done():
                waiter.set_result(None)


class Gate:
    """What an ``asyncio.Event`` does for the transport being writable: ``set``, ``clear``
    and ``wait``, every waiter let through when it is set."""

    __slots__ = ("is_open", "waiters")

    def __init__(self) -> None:
        self.is_open = True
        self.waiters: list[asyncio.Future[None]] | None = None

    def is_set(self) -> bool:
        return self.is_open

    def set(self) -> None:
        self.is_open = True
        waiters, self.waiters = self.waiters, None
        for waiter in waiters or ():
            if not waiter.done():
                waiter.set_result(None)

    def clear(self) -> None:
        self.is_open = False

    async def wait(self) -> bool:
        if self.is_open:
            return True
        waiter = asyncio.get_running_loop().create_future()
        if self.waiters is None:
            self.waiters = []
        self.waiters.append(waiter)
        try:
            await waiter
        finally:
            if self.waiters is not None and waiter in self.waiters:
                self.waiters.remove(waiter)
        return True


class LeanWebSocketProtocol(WebSocketsSansIOProtocol or object):  # type: ignore[misc]
    """uvicorn's connection with the queue, the event and the handshake made small (see the
    module's docstring). Pass it as uvicorn's ``ws``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.queue = Inbox()
        self.writable = Gate()

    def start_keepalive(self) -> None:
        # Called once the accepting response is written: the handshake is over, and nothing
        # reads the request, the response or the scope's headers again.
        self.__dict__.pop("request", None)
        self.__dict__.pop("response", None)
        self.scope["headers"] = []
        super().start_keepalive()


def socket_protocol() -> type | str:
    """uvicorn's ``ws``: the lean connection where this uvicorn's is the one it was written
    against, else uvicorn's own (``"auto"``), larger but the same to a client."""
    if WebSocketsSansIOProtocol is None:
        return "auto"
    base = WebSocketsSansIOProtocol
    if not callable(getattr(base, "start_keepalive", None)):
        return "auto"
    source = getattr(base.__init__, "__code__", None)
    names = source.co_names if source is not None else ()
    if not {"queue", "writable"} <= set(names):
        return "auto"
    return LeanWebSocketProtocol


__all__ = ["Gate", "Inbox", "LeanWebSocketProtocol", "socket_protocol"]
