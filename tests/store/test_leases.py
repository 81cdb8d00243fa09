"""Rooms owned by lease in a PostgreSQL database that several server instances share: one
owner at a time, by the database's clock, and every write of an instance that lost a room
refused.

Two stores on one database play two instances. Leases are PostgreSQL's alone: SQLite serves
one instance, which owns every room (the last test)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from sqlalchemy import select

from app.store import (
    ChatRow,
    EventJson,
    LeaseLost,
    Projection,
    ReviewRow,
    RoomRow,
    SeatRow,
    StaleAppend,
)
from app.store import models as m
from app.store.sql import SqlRoomStore
from support.databases import fresh_database, fresh_postgres

T = TypeVar("T")
ROOM = RoomRow("bismarck", None, 3)


@pytest.fixture
def url() -> Iterator[str]:
    with fresh_postgres() as url:
        yield url


def run(coro: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(coro)


def created() -> list[EventJson]:
    return [
        {"kind": "created", "seats": 3},
        {"kind": "sit", "seat": 0, "nickname": "Anna", "secret_hash": "a" * 64},
    ]


def act(n: int) -> list[EventJson]:
    return [{"kind": "act", "seat": n % 3, "action": f"n:{n}"}]


def waiting() -> Projection:
    return Projection(status="waiting", host=0, seats=[SeatRow(0, "Anna", "a" * 64), None, None])


def playing() -> Projection:
    return Projection(status="playing", host=0)


def line(seq: int) -> ChatRow:
    return ChatRow(seq, 1_796_083_200_000, 0, None, "Anna", f"line {seq}", None, "all")


def owner_row(store: SqlRoomStore, code: str) -> tuple[str | None, int]:
    with store.engine.connect() as conn:
        row = conn.execute(
            select(m.Room.owner, m.Room.owner_epoch).where(m.Room.code == code)
        ).one()
    return row[0], int(row[1])


async def until_acquired(store: SqlRoomStore, code: str) -> None:
    """Waits for a lease to run out by the database's clock, asking as the owner would."""
    for _ in range(400):
        if await store.acquire(code):
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"{store.instance} never took {code}")


def test_one_owner_at_a_time_and_a_stranger_cannot_write(url: str) -> None:
    async def scenario() -> None:
        a = SqlRoomStore(url, instance="a")
        b = SqlRoomStore(url, instance="b", migrate=False)
        try:
            # creating a room takes no ownership
            await a.create_room("Leased001", ROOM, created(), waiting())
            assert owner_row(a, "Leased001") == (None, 0)
            assert await b.acquire("Leased001") is True
            assert await a.acquire("Leased001") is False
            assert await a.acquire("NoSuchOne") is None
            assert owner_row(a, "Leased001") == ("b", 1)

            await b.append("Leased001", 2, act(2), playing())
            with pytest.raises(LeaseLost):
                await a.append("Leased001", 3, act(3), playing())
            with pytest.raises(LeaseLost):
                await a.add_chat("Leased001", line(1))
            await b.add_chat("Leased001", line(1))
            assert [e["action"] for e in (await b.load("Leased001") or [])[2:]] == ["n:2"]

            # the owner hands the room over at once
            await b.release(["Leased001"])
            assert owner_row(a, "Leased001") == (None, 1)
            assert await a.acquire("Leased001") is True
            assert owner_row(a, "Leased001") == ("a", 2)
            with pytest.raises(LeaseLost):
                await b.append("Leased001", 3, act(3), playing())
            await a.append("Leased001", 3, act(3), playing())
            # the version guard still stands beside the lease
            with pytest.raises(StaleAppend):
                await a.append("Leased001", 3, act(3), playing())
            assert len(await a.load("Leased001") or []) == 4
        finally:
            await a.close()
            await b.close()

    run(scenario())


def test_a_lapsed_lease_is_taken_over_and_its_old_owner_fenced_off(url: str) -> None:
    async def scenario() -> None:
        # a paused or cut-off instance: it took the room and then stopped renewing
        a = SqlRoomStore(url, instance="a", lease_seconds=0.3)
        b = SqlRoomStore(url, instance="b", migrate=False)
        try:
            await a.create_room("Lapsed001", ROOM, created(), waiting())
            assert await a.acquire("Lapsed001") is True
            await a.append("Lapsed001", 2, act(2), playing())
            await until_acquired(b, "Lapsed001")
            assert owner_row(b, "Lapsed001") == ("b", 2)

            # back from its pause, the old owner learns on its next write, or renewal
            with pytest.raises(LeaseLost):
                await a.append("Lapsed001", 3, act(3), playing())
            assert await a.renew(["Lapsed001"]) == set()
            await b.append("Lapsed001", 3, act(3), playing())
            assert [e.get("action") for e in (await b.load("Lapsed001") or [])[2:]] == [
                "n:2",
                "n:3",
            ]
        finally:
            await a.close()
            await b.close()

    run(scenario())


def test_one_renewal_keeps_every_room_the_instance_still_owns(url: str) -> None:
    async def scenario() -> None:
        a = SqlRoomStore(url, instance="a", lease_seconds=0.5)
        b = SqlRoomStore(url, instance="b", migrate=False)
        try:
            codes = [f"Renewal{n:02d}" for n in range(5)]
            for code in codes:
                await a.create_room(code, ROOM, created(), waiting())
                assert await a.acquire(code) is True
            # one room lapses and goes to another instance; the others stay renewed
            taken = codes[2]
            kept = set(codes) - {taken}
            for _ in range(3):
                assert await a.renew([c for c in codes if c != taken]) == kept
            await until_acquired(b, taken)
            assert await a.renew(codes) == kept
            for code in kept:
                assert await b.acquire(code) is False
        finally:
            await a.close()
            await b.close()

    run(scenario())


def test_a_batch_with_one_lost_room_stores_the_others(url: str) -> None:
    async def scenario() -> None:
        a = SqlRoomStore(url, instance="a")
        b = SqlRoomStore(url, instance="b", migrate=False)
        try:
            for code in ("Batch0001", "Batch0002", "Batch0003"):
                await a.create_room(code, ROOM, created(), waiting())
                assert await a.acquire(code) is True
            await a.release(["Batch0002"])
            assert await b.acquire("Batch0002") is True
            # a still believes it might write Batch0002: the fence refuses that one alone
            a._epochs["Batch0002"] = 1
            results = await asyncio.gather(
                a.append("Batch0001", 2, act(2), playing()),
                a.append("Batch0002", 2, act(2), playing()),
                a.append("Batch0003", 2, act(2), playing()),
                return_exceptions=True,
            )
            assert results[0] is None and results[2] is None
            assert isinstance(results[1], LeaseLost)
            assert len(await a.load("Batch0002") or []) == 2
        finally:
            await a.close()
            await b.close()

    run(scenario())


def test_sqlite_serves_one_instance_which_owns_every_room(tmp_path: Path) -> None:
    async def scenario() -> None:
        with fresh_database("sqlite", tmp_path) as sqlite_url:
            store = SqlRoomStore(sqlite_url, instance="a")
            try:
                await store.create_room("Sqlite001", ROOM, created(), waiting())
                assert await store.acquire("Sqlite001") is True
                assert await store.acquire("NoSuchOne") is None
                await store.append("Sqlite001", 2, act(2), playing())
                assert await store.renew(["Sqlite001"]) == {"Sqlite001"}
                await store.release(["Sqlite001"])
                await store.append("Sqlite001", 3, act(3), playing())
            finally:
                await store.close()

    run(scenario())


def test_renewals_and_batches_of_many_rooms_never_deadlock(url: str) -> None:
    # A renewal locks every room of the instance, a batch every room it writes; taken in
    # different orders, each would wait for the other until PostgreSQL aborted one.
    async def scenario() -> None:
        store = SqlRoomStore(url, instance="a")
        try:
            codes = [f"Many{n:05d}" for n in range(60)]
            for code in codes:
                await store.create_room(code, ROOM, created(), waiting())
                assert await store.acquire(code) is True
            for step in range(12):
                order = codes if step % 2 else list(reversed(codes))
                results = await asyncio.gather(
                    store.renew(codes),
                    *(store.append(code, 2 + step, act(2 + step), playing()) for code in order),
                    store.renew(list(reversed(codes))),
                    return_exceptions=True,
                )
                failures = [r for r in results if isinstance(r, BaseException)]
                assert failures == [], failures[:3]
                assert results[0] == set(codes) and results[-1] == set(codes)
        finally:
            await store.close()

    run(scenario())


def test_an_owner_frozen_inside_a_transaction_does_not_keep_its_rooms(url: str) -> None:
    # Paused between two statements, an instance holds its rows locked; PostgreSQL ends the
    # idle transaction, and another instance takes the room once the lease is out.
    async def scenario() -> None:
        a = SqlRoomStore(url, instance="a", lease_seconds=0.3)
        b = SqlRoomStore(url, instance="b", migrate=False)
        frozen = a.engine.connect()
        try:
            await a.create_room("Frozen001", ROOM, created(), waiting())
            assert await a.acquire("Frozen001") is True
            frozen.begin()
            frozen.exec_driver_sql(
                "SELECT code FROM rooms WHERE code = %s FOR UPDATE", ("Frozen001",)
            )
            await asyncio.wait_for(until_acquired(b, "Frozen001"), timeout=30)
            assert owner_row(b, "Frozen001") == ("b", 2)
        finally:
            with contextlib.suppress(Exception):
                frozen.close()
            await a.close()
            await b.close()

    run(scenario())


def test_any_instance_keeps_a_review_and_every_instance_reads_it(url: str) -> None:
    """A review is no part of the room's log: an instance that does not own the room may
    store one (its visitors asked it for the review), and the owner reads it, as does any
    instance after."""
    review = ReviewRow(1, 1, {"game": "bismarck", "status": "done", "judgements": []})

    async def scenario() -> None:
        a = SqlRoomStore(url, instance="a")
        b = SqlRoomStore(url, instance="b", migrate=False)
        try:
            await a.create_room("Leased003", ROOM, created(), waiting())
            assert await a.acquire("Leased003") is True
            await b.add_review("Leased003", review)
            assert await a.review("Leased003", 1, 1) == review
            assert owner_row(a, "Leased003") == ("a", 1)
            # the owner's own writes go on under its lease
            await a.append("Leased003", 2, act(2), playing())
        finally:
            await a.close()
            await b.close()
        c = SqlRoomStore(url, instance="c", migrate=False)
        try:
            assert await c.review("Leased003", 1, 1) == review
        finally:
            await c.close()

    run(scenario())


def test_an_instance_restarted_under_its_name_releases_what_its_earlier_run_held(
    url: str,
) -> None:
    async def scenario() -> None:
        killed = SqlRoomStore(url, instance="a", lease_seconds=60)
        other = SqlRoomStore(url, instance="b", lease_seconds=60, migrate=False)
        try:
            for code in ("Restart001", "Restart002"):
                await killed.create_room(code, ROOM, created(), waiting())
                assert await killed.acquire(code) is True
            await other.create_room("Restart003", ROOM, created(), waiting())
            assert await other.acquire("Restart003") is True
            assert await other.acquire("Restart001") is False  # a lease of a minute

            # the same name, a new process: nothing of the earlier run is in its memory
            restarted = SqlRoomStore(url, instance="a", lease_seconds=60, migrate=False)
            try:
                assert await restarted.release_earlier() == 2
                assert owner_row(other, "Restart001") == (None, 1)
                assert owner_row(other, "Restart003") == ("b", 1)  # another's stays
                assert await other.acquire("Restart001") is True  # at once, not in a minute
                assert await restarted.acquire("Restart002") is True
                # the earlier run, were it still writing, is fenced off by the new epoch
                with pytest.raises(LeaseLost):
                    await killed.append("Restart002", 2, act(2), playing())
                await restarted.append("Restart002", 2, act(2), playing())
            finally:
                await restarted.close()
        finally:
            await killed.close()
            await other.close()

    run(scenario())


def test_a_room_unloaded_idle_keeps_its_clocks_and_is_free_for_any_instance(url: str) -> None:
    async def scenario() -> None:
        a = SqlRoomStore(url, instance="a", lease_seconds=60)
        b = SqlRoomStore(url, instance="b", lease_seconds=60, migrate=False)
        try:
            await a.create_room("IdleRoom01", ROOM, created(), waiting())
            assert await a.acquire("IdleRoom01") is True
            kept = {"away_since": {"0": 1796083200.5}, "watchers": 4}
            await a.release_idle({"IdleRoom01": kept})
            assert owner_row(a, "IdleRoom01") == (None, 1)
            assert await b.acquire("IdleRoom01") is True
            assert await b.take_idle_kept("IdleRoom01") == kept
            assert await b.take_idle_kept("IdleRoom01") is None  # for one loading only

            # an instance that lost the room releases and keeps nothing of it
            await b.release(["IdleRoom01"])
            assert await a.acquire("IdleRoom01") is True
            await b.release_idle({"IdleRoom01": {"away_since": {}, "watchers": 9}})
            assert owner_row(a, "IdleRoom01") == ("a", 3)
            assert await a.take_idle_kept("IdleRoom01") is None
        finally:
            await a.close()
            await b.close()

    run(scenario())


def test_a_room_handed_over_carries_what_it_keeps_beyond_its_log(url: str) -> None:
    async def scenario() -> None:
        a = SqlRoomStore(url, instance="a", lease_seconds=60)
        b = SqlRoomStore(url, instance="b", lease_seconds=60, migrate=False)
        try:
            await a.create_room("Handed0001", ROOM, created(), waiting())
            assert await a.acquire("Handed0001") is True
            kept = {"away_since": {"2": 1796083202.75}, "watchers": 5}
            await a.hand_over("Handed0001", "b", kept)
            assert owner_row(a, "Handed0001") == ("b", 1)
            assert await b.acquire("Handed0001") is True
            assert await b.take_idle_kept("Handed0001") == kept

            # handed over with nothing to carry, it carries nothing
            await b.hand_over("Handed0001", "a")
            assert owner_row(a, "Handed0001") == ("a", 2)
            assert await a.acquire("Handed0001") is True
            assert await a.take_idle_kept("Handed0001") is None
        finally:
            await a.close()
            await b.close()

    run(scenario())


def test_sqlite_keeps_what_an_idle_room_holds_beyond_its_log(tmp_path: Path) -> None:
    async def scenario() -> None:
        with fresh_database("sqlite", tmp_path) as url:
            store = SqlRoomStore(url, instance="a")
            try:
                await store.create_room("IdleRoom02", ROOM, created(), waiting())
                kept = {"away_since": {"1": 1796083201.25}, "watchers": 2}
                await store.release_idle({"IdleRoom02": kept})
                assert await store.release_earlier() == 0  # no leases on SQLite
                assert await store.take_idle_kept("IdleRoom02") == kept
                assert await store.take_idle_kept("IdleRoom02") is None
            finally:
                await store.close()

    run(scenario())
