"""A room nobody is at leaves memory after the idle time, and its next visitor loads it from
its log: the same room, down to its seat secrets, its chat, when each player went away (the
clocks of the stand-in and of the host's role) and the seed it committed to for the next
deal. With several instances its lease is released, and another instance that loads it plays
on with one history.

The rooms layer runs in-process over the real store, on SQLite and on PostgreSQL; its
connections are a small collecting client, the rooms layer's own interface.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Awaitable, Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from app.store.sql import SqlRoomStore
from app.tables import LiveRoom, Member, Tables
from app.tables.commands import Act, ClientSeed, Hello, Say, Sit, Start
from support.databases import fresh_database, fresh_postgres

T = TypeVar("T")
IDLE = 0.3
"""The idle time of these tests' rooms, in seconds."""
PATIENCE = 30.0
"""How long a test waits for what it expects before it fails: far past the idle time, for a
busy machine."""
GRACE = 40
"""The rooms' away grace: longer than any test, so that no stand-in acts in one."""


class Collector:
    def __init__(self) -> None:
        self.texts: list[str] = []
        self.closed: tuple[int, str] | None = None

    def send_text(self, text: str) -> None:
        self.texts.append(text)

    def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)

    def messages(self) -> list[dict[str, Any]]:
        return [json.loads(t) for t in self.texts]

    def last_state(self) -> dict[str, Any]:
        states = [m for m in self.messages() if m["type"] == "state"]
        assert states, "no state received"
        return states[-1]


def run(coro: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(coro)


async def until(check: Callable[[], bool | Awaitable[bool]], what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while True:
        outcome = check()
        if not isinstance(outcome, bool):
            outcome = await outcome
        if outcome:
            return
        assert time.monotonic() < deadline, f"not within {PATIENCE} s: {what}"
        await asyncio.sleep(0.02)


@pytest.fixture
def url(backend: str, tmp_path: Path) -> Iterator[str]:
    with fresh_database(backend, tmp_path) as url:
        yield url


class Room:
    """A three-seat Bismarck room with a connection per seat and a spectator, mid-deal."""

    def __init__(self, tables: Tables, live: LiveRoom, secrets: list[str]) -> None:
        self.tables = tables
        self.live = live
        self.secrets = secrets
        self.members: list[Member] = []
        self.clients: list[Collector] = []

    @property
    def code(self) -> str:
        return self.live.state.code

    async def connect(self, live: LiveRoom | None = None) -> None:
        """Every seat connected with its secret, as a browser says hello."""
        self.live = live or self.live
        self.clients = [Collector() for _ in self.secrets]
        self.members = []
        for client, secret in zip(self.clients, self.secrets, strict=True):
            member = await self.tables.join(self.live, client)
            await self.tables.handle(member, Hello(secret))
            self.members.append(member)
        self.live = self.members[0].room

    async def step(self, rng: random.Random) -> None:
        """The seat to act plays a legal action, read from what it was sent."""
        view = self.clients[0].last_state()["view"]
        seat = view["to_act"]
        legal = self.clients[seat].last_state()["view"]["legal"]
        if legal["kind"] == "discard":
            action = "discard:" + ",".join(rng.sample(legal["from"], legal["count"]))
        else:
            action = str(rng.choice(legal["actions"]))
        before = self.live.state.version
        await self.tables.handle(self.members[seat], Act(before, action, id="a"))
        assert self.live.state.version > before, self.clients[seat].messages()[-1]

    async def leave(self) -> None:
        for member in self.members:
            await self.tables.leave_connection(member)


async def room_in_play(tables: Tables, rng: random.Random) -> Room:
    code, _, secret = await tables.create_room(3, "Anna", "bismarck", away_grace=GRACE)
    live = await tables.room(code)
    assert live is not None
    room = Room(tables, live, [secret])
    host = Collector()
    member = await tables.join(live, host)
    await tables.handle(member, Hello(secret))
    sitting = [member]
    for seat, name in ((1, "Bertil"), (2, "Cecilia")):
        client = Collector()
        sitting.append(await tables.join(live, client))
        await tables.handle(sitting[-1], Sit(seat, name))
        room.secrets.append(next(m for m in client.messages() if m["type"] == "seated")["secret"])
    await tables.handle(member, Start(v=live.state.version))
    for gone in sitting:
        await tables.leave_connection(gone)
    await room.connect()
    for _ in range(7):
        await room.step(rng)
    # the chat: a player's line, and a spectator's, numbered as that connection
    await tables.handle(room.members[1], Say(text="nice cards"))
    watcher = await tables.join(room.live, Collector())
    await tables.handle(watcher, Say(text="hello from the rail", name="Kibitz"))
    await tables.leave_connection(watcher)
    # a seed given for the next deal, against the commitment shown
    shown = room.live.state.seeds_commitment()["next"]
    await tables.handle(room.members[2], ClientSeed("cecilias-seed", shown))
    assert room.live.state.seeded[2]
    return room


def snapshot(live: LiveRoom) -> dict[str, Any]:
    """Everything of a room its players can see or act on, and its clocks."""
    state = live.state
    return {
        "version": state.version,
        "views": [state.view_for(s) for s in [*range(state.size), None]],
        "public": state.public([False] * state.size),
        "record": state.record(),
        "fairness": state.seeds_commitment(),
        "next_seed": state.next_seed,
        "client_seeds": list(state.client_seeds),
        "chat_seated": live.chat.readable(False),
        "chat_watching": live.chat.readable(True),
        "away_since": dict(live.away_since),
        "stand_in_due": live.stand_in_due(),
        "host_due": live.host_due(),
        "move_due": live.move_due(),
    }


def test_an_idle_room_leaves_memory_and_comes_back_the_same(url: str) -> None:
    async def scenario() -> None:
        store = SqlRoomStore(url)
        tables = Tables(store, random.Random(3), idle_after=IDLE)
        try:
            room = await room_in_play(tables, random.Random(4))
            code = room.code
            await room.leave()
            before = snapshot(room.live)
            assert sorted(before["away_since"]) == [0, 1, 2]
            watchers = room.live.watchers
            await until(lambda: code not in tables.owned(), "the idle room is unloaded")
            assert room.live.gone

            again = await tables.room(code)
            assert again is not None and again is not room.live
            assert snapshot(again) == before
            assert again.watchers == watchers  # a new spectator is not taken for an old one
            for seat, secret in enumerate(room.secrets):
                assert again.state.seat_for_secret(secret) == seat

            # one player back: the stand-in for the player the deal waits for counts from
            # when that player went, not from the reloading
            awaited = again.state.awaited()
            assert awaited is not None
            other = next(s for s in range(3) if s != awaited)
            member = await tables.join(again, Collector())
            await tables.handle(member, Hello(room.secrets[other]))
            assert again.stand_in_due() == (awaited, before["away_since"][awaited] + GRACE)
            await tables.leave_connection(member)

            # and it plays on, each action stored at the version it follows
            await room.connect(again)
            for _ in range(3):
                await room.step(random.Random(5))
            stored = await store.load(code)
            assert stored is not None and len(stored) == again.state.version
        finally:
            await tables.close()
            await store.close()

    run(scenario())


def test_a_room_someone_is_at_or_a_bot_is_to_move_in_stays(url: str) -> None:
    async def scenario() -> None:
        store = SqlRoomStore(url)
        tables = Tables(store, random.Random(3), idle_after=IDLE, bot_delay=600)
        try:
            # a player at the table, alone and not moving
            room = await room_in_play(tables, random.Random(6))
            # a bot about to move, nobody there
            code, _, secret = await tables.create_room(2, "Anna", "sixty_six", bots="basic")
            bots = await tables.room(code)
            assert bots is not None
            person = Collector()
            host = await tables.join(bots, person)
            await tables.handle(host, Hello(secret))
            shown = bots.state.seeds_commitment()["next"]
            await tables.handle(host, ClientSeed("anna", shown))  # the match starts
            assert bots.state.playing
            if not tables.autoplay.to_move(bots):  # the person leads: a card, then the bot
                legal = person.last_state()["view"]["legal"]["actions"]
                card = next(a for a in legal if a.startswith("play:"))
                await tables.handle(host, Act(bots.state.version, card))
            await tables.leave_connection(host)
            assert tables.autoplay.to_move(bots)
            # a quiet room beside them, to see the sweep at work
            quiet = await room_in_play(tables, random.Random(7))
            await quiet.leave()
            await until(lambda: quiet.code not in tables.owned(), "the quiet room is unloaded")
            assert room.code in tables.owned() and not room.live.gone
            assert code in tables.owned() and not bots.gone
        finally:
            await tables.close()
            await store.close()

    run(scenario())


def test_a_room_released_by_one_instance_plays_on_in_another_with_one_history() -> None:
    async def scenario() -> None:
        with fresh_postgres() as url:
            first = SqlRoomStore(url, instance="a", lease_seconds=30)
            second = SqlRoomStore(url, instance="b", lease_seconds=30, migrate=False)
            a = Tables(first, random.Random(1), idle_after=IDLE, handover_tenure=0)
            b = Tables(second, random.Random(2), idle_after=IDLE * 100, handover_tenure=0)
            try:
                await a.start()
                await b.start()
                code, _, secret = await a.create_room(3, "Anna", "bismarck", away_grace=GRACE)
                loaded = await a.room(code)
                assert loaded is not None
                room = await started_on(a, loaded, code, secret)
                for _ in range(5):
                    await room.step(random.Random(8))
                await room.leave()
                before = snapshot(room.live)
                await until(
                    lambda: code not in a.owned() and not a.held()["unloading"],
                    "the idle room is unloaded and its lease released",
                )
                # released: nobody owns it, and another instance takes it at once
                assert owner(first, code) is None
                again = await b.room(code)
                assert again is not None and owner(first, code) == "b"
                assert snapshot(again) == before
                room.tables = b
                await room.connect(again)
                for _ in range(4):
                    await room.step(random.Random(9))
                # and back to the first, asked for by a player that reaches it
                back = await a.room(code)
                assert back is not None and owner(first, code) == "a"
                assert room.live.gone
                room.tables = a
                await room.connect(back)
                await room.step(random.Random(10))
                stored = await first.load(code)
                assert stored is not None and len(stored) == back.state.version
            finally:
                await a.close()
                await b.close()
                await first.close()
                await second.close()

    run(scenario())


async def started_on(tables: Tables, live: LiveRoom, code: str, secret: str) -> Room:
    room = Room(tables, live, [secret])
    host = Collector()
    member = await tables.join(live, host)
    await tables.handle(member, Hello(secret))
    sitting = [member]
    for seat, name in ((1, "Bertil"), (2, "Cecilia")):
        client = Collector()
        sitting.append(await tables.join(live, client))
        await tables.handle(sitting[-1], Sit(seat, name))
        room.secrets.append(next(m for m in client.messages() if m["type"] == "seated")["secret"])
    await tables.handle(member, Start(v=live.state.version))
    for gone in sitting:
        await tables.leave_connection(gone)
    await room.connect()
    return room


def owner(store: SqlRoomStore, code: str) -> str | None:
    from sqlalchemy import select

    from app.store import models as m

    with store.engine.connect() as conn:
        found: str | None = conn.execute(select(m.Room.owner).where(m.Room.code == code)).scalar()
    return found
