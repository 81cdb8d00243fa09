"""A real server holds a room nobody is at as its log alone after
``KORTBORD_ROOM_DORMANT_SECONDS``, and its players, back, find the same table: their seats by
their secrets, their views, the chat, the seed committed for the next deal, and they play on.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from support.client import RoomClient, is_state, seated_table, start_match, step
from support.server import ServerProcess, running_server

ENV = {
    "KORTBORD_ROOM_DORMANT_SECONDS": "0.3",
    "KORTBORD_BENCH_ECHO": "1",  # for /bench/memory, which says what the rooms layer holds
    "KORTBORD_WS_MESSAGES_PER_SECOND": "1000",
    "KORTBORD_WS_BURST": "1000",
}
PATIENCE = 30.0


@pytest.fixture(scope="module")
def server(backend: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    directory: Path = tmp_path_factory.mktemp(f"dormant-{backend}")
    with running_server(directory, backend, ENV) as running:
        yield running


def held(server: ServerProcess) -> dict[str, int]:
    reply = httpx.get(f"{server.base_url}/bench/memory", timeout=30)
    reply.raise_for_status()
    found: dict[str, int] = reply.json()["held"]
    return found


async def until_held(server: ServerProcess, what: str, **counts: int) -> None:
    deadline = time.monotonic() + PATIENCE
    while True:
        now = await asyncio.to_thread(held, server)
        if all(now[k] == v for k, v in counts.items()):
            return
        assert time.monotonic() < deadline, f"not within {PATIENCE} s: {what} ({now})"
        await asyncio.sleep(0.1)


def table(state: dict[str, Any]) -> dict[str, Any]:
    """What a seat's state shows of the table itself, less the clocks and who is here."""
    room = dict(state["room"])
    for key in ("connected", "spectators", "stand_in_at", "host_due"):
        room.pop(key, None)
    return {"v": state["v"], "seat": state["seat"], "view": state["view"], "room": room}


def test_a_room_held_as_its_log_comes_back_the_same_over_sockets(server: ServerProcess) -> None:
    async def scenario() -> None:
        rng = random.Random(11)
        code, players = await seated_table(server.ws_url, server.base_url, 3, game="bismarck")
        await start_match(players)
        for _ in range(6):
            await step(players, rng)
        said = await players[1].request(
            {"type": "chat", "text": "back in a minute"}, lambda m: m["type"] == "chat"
        )
        assert said["lines"][-1]["text"] == "back in a minute"
        await players[2].give_seed("cecilias-seed")
        for player in players:
            await player.ping()  # every broadcast read
        before = [table(p.state or {}) for p in players]
        secrets = [p.secret for p in players]
        for player in players:
            await player.close()
        await until_held(server, "the room is held as its log", rooms=0, dormant=1)

        back = [
            await RoomClient.open(server.ws_url, code, name=f"back{seat}", secret=secret)
            for seat, secret in enumerate(secrets)
        ]
        for player in back:
            await player.ping()
        assert [table(p.state or {}) for p in back] == before
        backlog = [m for m in back[0].messages if m["type"] == "chat" and m.get("backlog")]
        assert backlog and backlog[-1]["lines"][-1]["text"] == "back in a minute"
        assert held(server)["dormant"] == 0
        for _ in range(4):
            ack = await step(back, rng)
            assert is_state(ack)
        for player in back:
            await player.close()

    asyncio.run(scenario())
