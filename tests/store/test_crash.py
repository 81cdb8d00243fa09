"""A server killed with SIGKILL at random moments of a match loses nothing.

Three players play a whole match over real WebSockets while the server process is killed
and restarted at least twelve times, the kills spread evenly over the whole match and never
two in the same step. On PostgreSQL the server runs as docker-compose.yml runs it, under a
fixed instance name, so that each restart frees the room its killed run held at once (a
restart under a new name waits out the lease: tests/cluster covers that). Players
reconnect with their seat secrets and carry on. Afterwards the match's record must equal an
uninterrupted replay of its own actions, and every action a player saw acknowledged must be in
it, once, in order.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from app.engine.bismarck import GAME
from app.engine.bismarck.contracts import contract_action
from app.engine.bismarck.state import TABLE, Match, deck_from, discard_action, play_order
from app.engine.records import validate_record
from app.engine.trick_game import deal_action
from app.engine.verify import verify_record
from support.server import ServerProcess, running_server

KILLS = 12
STALL = 60.0  # seconds without an acknowledged action: the players are stuck, not slow
SERVER_ENV = {
    "KORTBORD_WS_MESSAGES_PER_SECOND": "1000",
    "KORTBORD_WS_BURST": "1000",
    "KORTBORD_INSTANCE_ID": "app",
}


class Player:
    def __init__(self, server: ServerProcess, code: str, seat: int, secret: str, seed: int):
        self.server = server
        self.code = code
        self.seat = seat
        self.secret = secret
        self.rng = random.Random(seed)
        self.acked: list[str] = []  # actions the server acknowledged, in order
        self.pending: dict[str, str] = {}
        self.done = False
        self.reconnects = 0

    def choose(self, view: dict[str, Any]) -> str:
        legal = view["legal"]
        if legal["kind"] == "discard":
            return str(discard_action(self.rng.sample(legal["from"], legal["count"])))
        return str(self.rng.choice(legal["actions"]))

    async def run(self) -> None:
        while not self.done:
            try:
                async with connect(f"{self.server.ws_url}/ws/{self.code}", open_timeout=2) as ws:
                    await ws.send(json.dumps({"type": "hello", "secret": self.secret}))
                    await self.play(ws)
            # A kill can land mid-handshake as well as mid-game: any failure to talk to the
            # server is a reason to connect again, as a browser would.
            except (OSError, WebSocketException, TimeoutError, EOFError):
                self.reconnects += 1
                await asyncio.sleep(0.05)

    async def play(self, ws: Any) -> None:
        async for text in ws:
            message = json.loads(text)
            if message["type"] == "state" and message.get("id") in self.pending:
                self.acked.append(self.pending.pop(message["id"]))
            if message["type"] == "error":
                assert message["code"] in ("stale_version", "not_your_turn"), message
            elif message["type"] == "state" and message["seat"] == self.seat:
                view = message["view"]
                if view is None:
                    continue
                if view["phase"] == "match_over":
                    self.done = True
                    return
                if view["legal"] is not None:
                    ident = f"{self.seat}-{message['v']}-{self.rng.random()}"
                    action = self.choose(view)
                    self.pending[ident] = action
                    await ws.send(
                        json.dumps(
                            {"type": "act", "v": message["v"], "action": action, "id": ident}
                        )
                    )


def replay_record(record: dict[str, Any]) -> tuple[Match, list[tuple[int, str]]]:
    """An uninterrupted replay of the record's actions, and those actions by seat."""
    players = record["players"]
    n = len(players)
    match = Match(n, record["deals"][0]["dealer"])
    actions: list[tuple[int, str]] = []

    def apply(seat: int, text: str) -> None:
        match.apply(seat, GAME.parse_action(text))
        actions.append((seat, text))

    for deal in record["deals"]:
        order = play_order(match.seats, deal["dealer"])
        apply(TABLE, str(deal_action(deck_from(deal["open"], deal["hands"], deal["dealer"]))))
        if match.phase() == "contract":
            trump = deal["trump"] if deal["contract"] == "valfri" else None
            apply(order[0], str(contract_action(deal["contract"], trump)))
        apply(order[0], str(discard_action(deal["discard"])))
        for card in deal["plays"]:
            assert match.to_act is not None
            apply(match.to_act, f"play:{card}")
    return match, actions


def is_subsequence(part: list[str], whole: list[str]) -> bool:
    it = iter(whole)
    return all(any(x == y for y in it) for x in part)


async def killer(
    server: ServerProcess, players: list[Player], rng: random.Random, kills_wanted: int
) -> int:
    """Kill the server when the match reaches randomly drawn numbers of acknowledged actions,
    each at a random instant after that: about 590 actions give room for all the kills.

    The marks are drawn one to each of equal stretches of the match, so the kills reach every
    part of it (about one to each of its twelve deals) rather than bunching. A mark passed
    while the server was down would kill it again in the step the last kill landed in: it
    is left out, and two more marks than kills leave room for that."""
    stretches = kills_wanted + 2
    width = (560 - 5) // stretches
    marks = [rng.randrange(5 + i * width, 5 + (i + 1) * width) for i in range(stretches)]
    kills = 0
    for mark in marks:
        if kills and sum(len(p.acked) for p in players) >= mark:
            continue
        progress, since = -1, asyncio.get_running_loop().time()
        while (acked := sum(len(p.acked) for p in players)) < mark and not all(
            p.done for p in players
        ):
            now = asyncio.get_running_loop().time()
            if acked != progress:
                progress, since = acked, now
            assert now - since < STALL, (
                f"no action acknowledged for {STALL} s after {kills} kills;"
                f" reconnects {[p.reconnects for p in players]}"
            )
            await asyncio.sleep(0.005)
        if all(p.done for p in players):
            break
        await asyncio.sleep(rng.uniform(0, 0.03))
        await asyncio.to_thread(server.kill)
        kills += 1
        await asyncio.to_thread(server.start)
    return kills


@pytest.mark.slow
def test_sigkill_at_random_moments_loses_nothing(backend: str, tmp_path: Path) -> None:
    rng = random.Random(20261130)
    with running_server(tmp_path, backend, SERVER_ENV) as server:
        created = httpx.post(
            f"{server.base_url}/api/rooms", json={"seats": 3, "nickname": "Anna"}
        ).json()
        code = created["code"]
        secrets = [created["secret"]]
        asyncio.run(_seat_and_start(server, code, created["secret"], secrets))
        players = [Player(server, code, s, secrets[s], rng.randrange(1 << 30)) for s in range(3)]

        async def match() -> int:
            tasks = [asyncio.create_task(p.run()) for p in players]
            kills = await killer(server, players, rng, KILLS)
            await asyncio.wait_for(asyncio.gather(*tasks), 300)
            return kills

        kills = asyncio.run(match())
        assert kills >= KILLS
        record = httpx.get(f"{server.base_url}/api/rooms/{code}/matches/1/record").json()

    assert record["status"] == "finished"
    assert len(record["deals"]) == 12
    assert validate_record(record).valid
    replayed, actions = replay_record(record)
    expected = GAME.records.export(replayed, record["players"])
    assert {k: v for k, v in record.items() if k not in ("status", "fairness")} == expected
    # however often it was killed, the server dealt every deal from the seeds it committed to
    checks = verify_record(record)
    assert [c.deal for c in checks] == list(range(1, 13))
    assert all(c.verified for c in checks), checks
    for player in players:
        own = [text for seat, text in actions if seat == player.seat]
        assert is_subsequence(player.acked, own), f"seat {player.seat} lost an acknowledged action"
        # every action of the seat was acknowledged at most once
        assert len(player.acked) <= len(own)


async def _seat_and_start(
    server: ServerProcess, code: str, host_secret: str, secrets: list[str]
) -> None:
    url = f"{server.ws_url}/ws/{code}"
    for seat, name in ((1, "Bertil"), (2, "Cecilia")):
        async with connect(url) as ws:
            await ws.send(json.dumps({"type": "sit", "seat": seat, "nickname": name}))
            while True:
                message = json.loads(await ws.recv())
                if message["type"] == "seated":
                    secrets.append(message["secret"])
                    break
    async with connect(url) as ws:
        await ws.send(json.dumps({"type": "hello", "secret": host_secret}))
        await ws.send(json.dumps({"type": "start"}))
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == "state" and message["view"] is not None:
                return
