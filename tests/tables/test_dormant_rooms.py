"""A room nobody is at is held as its log alone well before it is unloaded: it stays this
instance's (with several instances its lease is kept and renewed), nothing of it is stored,
and its next visitor rebuilds it from its log, the same room down to its seat secrets, its
chat, its players' away clocks, the seed it committed to for the next deal, its spectators'
numbering and what its seats and spectators may still ask for or say.

The rooms layer runs in-process over the real store, on SQLite and on PostgreSQL; its
connections are a small collecting client, the rooms layer's own interface.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from test_idle_memory import short_room
from test_idle_rooms import (
    GRACE,
    Collector,
    Room,
    owner,
    room_in_play,
    run,
    snapshot,
    started_on,
    until,
)

from app.store import models as m
from app.store.sql import SqlRoomStore
from app.tables import Tables
from app.tables.commands import AskHint, Hello, Hints, Say
from app.tables.limits import RoomLimits
from support.databases import fresh_database, fresh_postgres

ASLEEP = 0.3
"""The time after which these tests' quiet rooms are held as their log, in seconds."""


@pytest.fixture
def url(backend: str, tmp_path: Path) -> Iterator[str]:
    with fresh_database(backend, tmp_path) as url:
        yield url


def idle_kept(store: SqlRoomStore, code: str) -> Any:
    with store.engine.connect() as conn:
        return conn.execute(select(m.Room.idle_kept).where(m.Room.code == code)).scalar()


async def asleep(tables: Tables, code: str) -> None:
    await until(lambda: tables.held()["dormant"] == 1, "the quiet room is held as its log")
    assert code in tables.owned() and all(live.state.code != code for live in tables.loaded())


async def budgets_spent(tables: Tables, room: Room) -> None:
    """The host turns hints on and the seat to act spends its one hint; a spectator says
    the one line the spectators may say."""
    await tables.handle(room.members[0], Hints("on", v=room.live.state.version))
    seat = room.live.state.awaited()
    assert seat is not None
    await tables.handle(room.members[seat], AskHint())
    assert room.clients[seat].messages()[-1]["type"] == "hint"
    await tables.handle(room.members[seat], AskHint())
    assert room.clients[seat].messages()[-1]["code"] == "hint_too_fast"
    watching = Collector()
    watcher = await tables.join(room.live, watching)
    await tables.handle(watcher, Say(text="one line", name="Kibitz"))
    await tables.handle(watcher, Say(text="and another", name="Kibitz"))
    assert watching.messages()[-1]["code"] == "chat_busy"
    await tables.leave_connection(watcher)


async def budgets_still_spent(tables: Tables, room: Room) -> None:
    seat = room.live.state.awaited()
    assert seat is not None
    await tables.handle(room.members[seat], AskHint())
    assert room.clients[seat].messages()[-1]["code"] == "hint_too_fast"
    watching = Collector()
    watcher = await tables.join(room.live, watching)
    await tables.handle(watcher, Say(text="still here", name="Kibitz"))
    assert watching.messages()[-1]["code"] == "chat_busy"
    await tables.leave_connection(watcher)


def test_a_quiet_room_is_held_as_its_log_and_comes_back_the_same(url: str) -> None:
    async def scenario() -> None:
        store = SqlRoomStore(url)
        limits = RoomLimits(hint_burst=1, hint_every=3600, chat_burst=1, chat_every=3600)
        tables = Tables(store, random.Random(3), dormant_after=ASLEEP, limits=limits)
        try:
            room = await room_in_play(tables, random.Random(4))
            code = room.code
            await budgets_spent(tables, room)
            await room.leave()
            before = snapshot(room.live)
            assert sorted(before["away_since"]) == [0, 1, 2]
            watchers = room.live.watchers
            await asleep(tables, code)
            assert room.live.gone and room.live.unloaded
            # nothing stored for it: it is still this instance's, and what it keeps is here
            assert idle_kept(store, code) is None
            assert tables.held()["rooms"] == 0 and not tables.held()["unloading"]

            again = await tables.room(code)
            assert again is not None and again is not room.live
            assert tables.held()["dormant"] == 0
            assert snapshot(again) == before
            assert again.watchers == watchers  # a new spectator is not taken for an old one
            for seat, secret in enumerate(room.secrets):
                assert again.state.seat_for_secret(secret) == seat

            # one player back: the stand-in for the player the deal waits for counts from
            # when that player went, not from the rebuilding
            awaited = again.state.awaited()
            assert awaited is not None
            other = next(s for s in range(3) if s != awaited)
            member = await tables.join(again, Collector())
            await tables.handle(member, Hello(room.secrets[other]))
            assert again.stand_in_due() == (awaited, before["away_since"][awaited] + GRACE)
            await tables.leave_connection(member)

            # everyone back: the hint spent and the spectators' line said still count
            await room.connect(again)
            await budgets_still_spent(tables, room)
            # and it plays on, each action stored at the version it follows
            for _ in range(3):
                await room.step(random.Random(5))
            stored = await store.load(code)
            assert stored is not None and len(stored) == again.state.version
        finally:
            await tables.close()
            await store.close()

    run(scenario())


def test_a_newcomer_holding_the_room_from_before_it_slept_joins_it_rebuilt(url: str) -> None:
    async def scenario() -> None:
        store = SqlRoomStore(url)
        tables = Tables(store, random.Random(3), dormant_after=ASLEEP)
        try:
            room = await room_in_play(tables, random.Random(6))
            await room.leave()
            before = snapshot(room.live)
            await asleep(tables, room.code)
            # a socket that looked the room up before it slept, joining only now
            member = await tables.join(room.live, Collector())
            assert member.room is not room.live and not member.room.gone
            assert member.room is await tables.room(room.code)
            await tables.leave_connection(member)
            assert snapshot(member.room) == before
        finally:
            await tables.close()
            await store.close()

    run(scenario())


def test_rooms_in_use_stay_awake_and_a_sleeping_room_is_unloaded_in_time(url: str) -> None:
    async def scenario() -> None:
        store = SqlRoomStore(url)
        idle = 3.0
        tables = Tables(
            store, random.Random(3), dormant_after=ASLEEP, idle_after=idle, bot_delay=600
        )
        try:
            # a player at the table, alone and not moving
            busy = await room_in_play(tables, random.Random(7))
            # a quiet room beside it, whose idle time counts from when it was last used
            quiet = await room_in_play(tables, random.Random(8))
            await quiet.leave()
            left_at = time.monotonic()
            before = snapshot(quiet.live)
            await asleep(tables, quiet.code)
            assert not busy.live.gone and busy.code in tables.owned()
            await until(lambda: quiet.code not in tables.owned(), "the sleeping room is unloaded")
            assert time.monotonic() - left_at >= idle
            assert not busy.live.gone
            # unloaded, what it kept went to the store, and comes back from there
            await until(lambda: not tables.held()["unloading"], "what it keeps is stored")
            assert idle_kept(store, quiet.code) is not None
            again = await tables.room(quiet.code)
            assert again is not None and snapshot(again) == before
            assert idle_kept(store, quiet.code) is None
        finally:
            await tables.close()
            await store.close()

    run(scenario())


def test_a_server_stopping_stores_what_its_sleeping_rooms_keep(url: str) -> None:
    async def scenario() -> None:
        store = SqlRoomStore(url)
        tables = Tables(store, random.Random(3), dormant_after=ASLEEP)
        restarted = Tables(store, random.Random(4))
        try:
            room = await room_in_play(tables, random.Random(9))
            await room.leave()
            before = snapshot(room.live)
            await asleep(tables, room.code)
        finally:
            await tables.close()
        try:
            # the next run loads it with its players' away clocks, as after an unload
            again = await restarted.room(room.code)
            assert again is not None and snapshot(again) == before
        finally:
            await restarted.close()
            await store.close()

    run(scenario())


def test_a_sleeping_room_keeps_its_lease_and_goes_when_another_instance_asks() -> None:
    async def scenario() -> None:
        with fresh_postgres() as url:
            lease = 3.0  # renewed ten times a lease: a busy machine does not lose it
            first = SqlRoomStore(url, instance="a", lease_seconds=lease)
            second = SqlRoomStore(url, instance="b", lease_seconds=lease, migrate=False)
            a = Tables(
                first,
                random.Random(1),
                dormant_after=ASLEEP,
                lease_seconds=lease,
                lease_renew=0.3,
                handover_tenure=0,
            )
            b = Tables(second, random.Random(2), lease_seconds=lease, handover_tenure=0)
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
                await asleep(a, code)
                # asleep for two leases, it is still this instance's
                await asyncio.sleep(lease * 2)
                assert owner(first, code) == "a" and a.held()["dormant"] == 1
                woke = await a.room(code)
                assert woke is not None and snapshot(woke) == before
                room.live = woke
                await asleep(a, code)

                # another instance asks for it: it is handed over at once, as it is
                again = await b.room(code)
                assert again is not None and owner(first, code) == "b"
                assert a.held()["dormant"] == 0 and code not in a.owned()
                assert snapshot(again) == before
                room.tables = b
                await room.connect(again)
                for _ in range(4):
                    await room.step(random.Random(9))
                stored = await first.load(code)
                assert stored is not None and len(stored) == again.state.version
            finally:
                await a.close()
                await b.close()
                await first.close()
                await second.close()

    run(scenario())


def test_short_lived_rooms_sleep_then_leave_and_nothing_is_kept_of_them(url: str) -> None:
    async def scenario() -> None:
        store = SqlRoomStore(url)
        tables = Tables(store, random.Random(3), dormant_after=0.05, idle_after=1.0, bot_delay=0.01)
        rng = random.Random(5)
        try:
            rooms = [await short_room(tables, rng, i % 3) for i in range(12)]
            await until(lambda: tables.held()["dormant"] >= 1, "rooms fall asleep")
            await until(
                lambda: not tables.held()["rooms"] and not tables.held()["dormant"],
                "every room is unloaded, asleep first or not",
            )
            await until(lambda: not any(tables.held().values()), "nothing kept per room")
            assert all(live.unloaded for live in rooms)
        finally:
            await tables.close()
            await store.close()

    run(scenario())
