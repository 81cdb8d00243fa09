"""What a room holds while nobody is at it, and what an instance keeps once its rooms leave.

A room with no connection lets go of what only speeds its frames up (the match's view cache,
the encoded view parts and room object); the next frame builds them again and is the same.
An instance that served many short-lived rooms keeps nothing of them once they are unloaded
(``Tables.held``), not even the bot of a room that left while the bot waited to move.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable, Coroutine, Iterator, Mapping
from pathlib import Path
from typing import Any, TypeVar

import pytest

from app.store.sql import SqlRoomStore
from app.tables import LiveRoom, Member, Tables
from app.tables.commands import Act, ClientSeed, End, Hello, Sit, Start
from app.tables.encoding import dumps
from app.tables.events import Event
from app.tables.ownership import CLOSE_LOST
from app.tables.room import RoomState
from support.databases import fresh_database

T = TypeVar("T")
PATIENCE = 30.0


class Collector:
    def __init__(self) -> None:
        self.texts: list[str] = []

    def send_text(self, text: str) -> None:
        self.texts.append(text)

    def close(self, code: int, reason: str) -> None:
        pass

    def last_state(self) -> dict[str, Any]:
        states = [json.loads(t) for t in self.texts if t.startswith('{"type":"state"')]
        assert states, "no state received"
        return states[-1]


def run(coro: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(coro)


async def until(check: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not check():
        assert time.monotonic() < deadline, f"not within {PATIENCE} s: {what}"
        await asyncio.sleep(0.02)


@pytest.fixture
def url(backend: str, tmp_path: Path) -> Iterator[str]:
    with fresh_database(backend, tmp_path) as url:
        yield url


def choose(legal: dict[str, Any], rng: random.Random) -> str:
    if "count" in legal:
        return f"{legal['kind']}:" + ",".join(rng.sample(legal["from"], legal["count"]))
    return str(rng.choice(legal["actions"]))


async def rebuilt(store: SqlRoomStore, code: str) -> RoomState:
    stored = await store.load(code)
    assert stored is not None
    return RoomState.from_events(code, [Event.from_json(e) for e in stored])


def views(state: RoomState) -> list[str]:
    return [dumps(state.view_for(seat)) for seat in [*range(state.size), None]]


def test_a_room_nobody_is_connected_to_drops_its_caches_and_shows_the_same(url: str) -> None:
    async def scenario() -> None:
        store = SqlRoomStore(url)
        tables = Tables(store, random.Random(3))
        rng = random.Random(4)
        try:
            code, _, secret = await tables.create_room(3, "Anna", "bismarck")
            live = await tables.room(code)
            assert live is not None
            secrets = [secret]
            clients = [Collector() for _ in range(3)]
            members: list[Member] = [await tables.join(live, clients[0])]
            await tables.handle(members[0], Hello(secret))
            for seat, name in ((1, "Bertil"), (2, "Cecilia")):
                members.append(await tables.join(live, clients[seat]))
                await tables.handle(members[seat], Sit(seat, name))
                seated = [json.loads(t) for t in clients[seat].texts if '"seated"' in t]
                secrets.append(seated[-1]["secret"])
            await tables.handle(members[0], Start(v=live.state.version))

            async def play(moves: int) -> None:
                for _ in range(moves):
                    seat = clients[0].last_state()["view"]["to_act"]
                    legal = clients[seat].last_state()["view"]["legal"]
                    await tables.handle(members[seat], Act(live.state.version, choose(legal, rng)))
                    # every frame is what a room read from its log shows, caches or not
                    fresh = await rebuilt(store, code)
                    for s in range(3):
                        shown = clients[s].last_state()
                        assert shown["v"] == fresh.version
                        assert dumps(shown["view"]) == dumps(fresh.view_for(s))

            await play(12)  # past the contract and the discard, into the tricks
            before = views(live.state)
            assert live.state._views is not None and live._room is not None
            for member in members:
                await tables.leave_connection(member)
            # nobody reads its frames now: the room holds its state alone
            assert live.state._views is None and live._room is None
            assert views(live.state) == before == views(await rebuilt(store, code))

            # back at the table, they play on, shown what they would have been shown
            clients = [Collector() for _ in range(3)]
            members = []
            for seat, client in enumerate(clients):
                members.append(await tables.join(live, client))
                await tables.handle(members[seat], Hello(secrets[seat]))
            await play(12)
        finally:
            await tables.close()
            await store.close()

    run(scenario())


async def short_room(tables: Tables, rng: random.Random, fate: int) -> LiveRoom:
    """A room made to play at once with two computer players, visited briefly: left before
    the first card (0), mid-deal (1), or after its host ended the match (2)."""
    code, _, secret = await tables.create_room(None, "Anna", "bismarck", bots="random")
    live = await tables.room(code)
    assert live is not None
    client = Collector()
    member = await tables.join(live, client)
    await tables.handle(member, Hello(secret))
    if fate > 0:
        shown = live.state.seeds_commitment()["next"]
        await tables.handle(member, ClientSeed(f"seed-{rng.getrandbits(32)}", shown))
        assert live.state.playing
        await until(lambda: not tables.autoplay.to_move(live), "the bots have moved")
        view = live.state.view_for(0)
        assert view is not None and view["legal"]
        await tables.handle(member, Act(live.state.version, choose(view["legal"], rng)))
        if fate == 2:
            await tables.handle(member, End(v=live.state.version))
    await tables.leave_connection(member)
    return live


def test_an_instance_keeps_nothing_of_the_rooms_it_served_once_they_are_unloaded(
    url: str,
) -> None:
    async def scenario() -> None:
        store = SqlRoomStore(url)
        tables = Tables(store, random.Random(3), idle_after=0.2, bot_delay=0.01)
        rng = random.Random(5)
        try:
            rooms = [await short_room(tables, rng, i % 3) for i in range(30)]
            assert tables.held()["rooms"] >= 1
            await until(lambda: tables.held()["rooms"] == 0, "every room is unloaded")
            await until(lambda: not any(tables.held().values()), "nothing kept per room")
            assert all(live.unloaded for live in rooms)
        finally:
            await tables.close()
            await store.close()

    run(scenario())


def test_a_room_that_leaves_while_its_bot_waits_to_move_leaves_no_bot_behind(url: str) -> None:
    async def scenario() -> None:
        store = SqlRoomStore(url)
        tables = Tables(store, random.Random(3), bot_delay=0.3)
        rng = random.Random(6)
        try:
            code, _, secret = await tables.create_room(None, "Anna", "bismarck", bots="random")
            live = await tables.room(code)
            assert live is not None
            client = Collector()
            member = await tables.join(live, client)
            await tables.handle(member, Hello(secret))
            shown = live.state.seeds_commitment()["next"]
            await tables.handle(member, ClientSeed("anna", shown))
            while not tables.held()["thinking"]:  # the person's moves, up to a bot's turn
                view = live.state.view_for(0)
                assert view is not None and view["legal"]
                await tables.handle(member, Act(live.state.version, choose(view["legal"], rng)))
            assert tables.held()["thinking"] == 1
            # the room goes (to another instance, say) while its bot waits out its delay
            tables.lose(code, CLOSE_LOST, "lost")
            await until(lambda: tables.held()["thinking"] == 0, "the bot's turn is over")
            await asyncio.sleep(0.05)
            assert tables.held() == dict.fromkeys(tables.held(), 0)
        finally:
            await tables.close()
            await store.close()

    run(scenario())


class CountingStore(SqlRoomStore):
    """Notes the rooms of each write that unloads idle rooms."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.unloads: list[list[str]] = []

    async def release_idle(self, rooms: Mapping[str, dict[str, Any]]) -> None:
        self.unloads.append(sorted(rooms))
        await super().release_idle(rooms)


def test_rooms_idle_together_are_unloaded_in_one_write(url: str) -> None:
    """One write per room, one after another, unloaded fewer rooms a second than a busy
    server makes: rooms then piled up in memory, however short-lived."""

    async def scenario() -> None:
        store = CountingStore(url)
        tables = Tables(store, random.Random(3), idle_after=5)
        try:
            codes = [(await tables.create_room(3, "Anna", "bismarck"))[0] for _ in range(12)]
            quiet_since = time.monotonic() - 10
            for live in tables.loaded():
                live.active_at = quiet_since  # all idle for long enough, from one moment
            await until(
                lambda: not tables.held()["rooms"] and not tables.held()["unloading"],
                "every room is unloaded",
            )
            assert store.unloads == [sorted(codes)]
            again = await tables.room(codes[0])  # and each comes back from its log
            assert again is not None and again.state.code == codes[0]
        finally:
            await tables.close()
            await store.close()

    run(scenario())


def test_a_finished_deal_replays_from_the_log_the_room_keeps_on_disk(url: str) -> None:
    """A room keeps no list of its match's actions in memory (a whole match of Bismarck is
    some 600): the replay and the review read them from the room's log."""

    async def scenario() -> None:
        store = SqlRoomStore(url)
        tables = Tables(store, random.Random(3))
        rng = random.Random(7)
        try:
            code, _, secret = await tables.create_room(3, "Anna", "bismarck")
            live = await tables.room(code)
            assert live is not None
            clients = [Collector() for _ in range(3)]
            members = [await tables.join(live, clients[0])]
            await tables.handle(members[0], Hello(secret))
            for seat, name in ((1, "Bertil"), (2, "Cecilia")):
                members.append(await tables.join(live, clients[seat]))
                await tables.handle(members[seat], Sit(seat, name))
            await tables.handle(members[0], Start(v=live.state.version))
            played: list[tuple[int, str]] = []
            while clients[0].last_state()["view"]["deals_played"] == 0:
                seat = clients[0].last_state()["view"]["to_act"]
                action = choose(clients[seat].last_state()["view"]["legal"], rng)
                await tables.handle(members[seat], Act(live.state.version, action))
                played.append((seat, str(live.state.game.parse_action(action))))
            assert not any(
                isinstance(value, list) and len(value) >= len(played)
                for value in vars(live.state).values()
            )
            replay = await tables.replay(live, 1, 1)
            assert replay is not None
            steps = [(step["seat"], step["action"]) for step in replay["steps"]]
            assert steps[0][0] is None and steps[0][1].startswith("deal:")
            assert steps[1:] == played
            review = await tables.review(live, 1, 1, start=False)
            assert review["status"] == "none" and review["decisions"] == len(played)
        finally:
            await tables.close()
            await store.close()

    run(scenario())
