"""A bare WebSocket echo-broadcast endpoint: the baseline ``bench/load.py`` measures against.

Every text frame a connection sends goes, unparsed and unchanged, to every connection in the
same group (the sender included), as a room's state goes to all its seats after an action.
It runs on the very path the game's socket does (uvicorn, the app's own WebSocket routes
ahead of the HTTP stack), so the gap between the two is what rooms, the engine and views
cost. No limits and no parsing: it is mounted only when ``KORTBORD_BENCH_ECHO=1`` and must
never be enabled on a public server.
"""

from __future__ import annotations

import contextlib

from starlette.types import Scope
from starlette.websockets import WebSocketDisconnect

from .front import Connection, KortbordApp

ECHO_PREFIX = "/bench/echo/"
"""The echo's path, up to its group: ``/bench/echo/{group}``."""


def add_echo_route(web: KortbordApp) -> None:
    groups: dict[str, list[Connection]] = {}

    async def echo(scope: Scope, websocket: Connection, group: str) -> None:
        await websocket.accept()
        members = groups.setdefault(group, [])
        members.append(websocket)
        try:
            while True:
                message = await websocket.receive()
                text = message.get("text")
                if text is None:
                    if message["type"] == "websocket.disconnect":
                        return
                    continue  # binary frames carry nothing the benchmark sends
                # A copy: a peer may leave (and be removed) while we wait on a send.
                for peer in tuple(members):
                    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
                        await peer.send_text(text)
        finally:
            members.remove(websocket)
            if not members:
                groups.pop(group, None)

    web.add_socket(ECHO_PREFIX, echo)
