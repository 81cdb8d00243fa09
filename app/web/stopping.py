"""uvicorn's server, stopping in the order a room's players need.

On SIGTERM uvicorn first tells every socket to go (1012), then waits for them all and only then
runs the app's shutdown. The clients reconnect at once, through the proxy to another instance,
and find their room still owned here: it moves only once this instance is asked for it, or
after a whole lease. Here the rooms are let go first, each released to the database as its
sockets are told to reconnect, so that whoever reconnects takes it at once.
"""

from __future__ import annotations

import socket

import uvicorn
from fastapi import FastAPI

from app.tables import Tables


class RoomsFirstServer(uvicorn.Server):
    def __init__(self, config: uvicorn.Config, web: FastAPI) -> None:
        super().__init__(config)
        self.web = web

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        # no new connection comes to load a room while the rooms here are let go
        for server in self.servers:
            server.close()
        tables: Tables | None = getattr(self.web.state, "tables", None)
        if tables is not None:
            # the lifespan's own close, which runs after, finds nothing left to do
            await tables.close()
        await super().shutdown(sockets)
