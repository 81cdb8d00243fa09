"""SqlRoomStore on its own: the log round-trips, a stale writer is refused without a trace,
group commit keeps every room's order, and what was stored outlives the store and the
process that wrote it."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from sqlalchemy import func, select

from app.store import (
    ChatRow,
    DealRow,
    EventJson,
    MatchRow,
    Projection,
    ReviewRow,
    RoomRow,
    SeatRow,
    StaleAppend,
)
from app.store import models as m
from app.store.memory import MemoryRoomStore
from app.store.sql import SqlRoomStore
from support.databases import fresh_database
from support.server import REPO_ROOT

T = TypeVar("T")
ROOM3 = RoomRow("bismarck", None, 3)
ROOM4 = RoomRow("bismarck", None, 4)


@pytest.fixture
def url(backend: str, tmp_path: Path) -> Iterator[str]:
    with fresh_database(backend, tmp_path) as url:
        yield url


def created(size: int = 3) -> list[EventJson]:
    return [
        {"kind": "created", "seats": size},
        {"kind": "sit", "seat": 0, "nickname": "Anna", "secret_hash": "a" * 64},
    ]


def acts(start: int, count: int) -> list[EventJson]:
    # Distinct payloads per position, so a reordering or a lost event cannot go unseen.
    return [
        {"kind": "act", "seat": (start + i) % 3, "action": f"n:{start + i}"} for i in range(count)
    ]


def waiting() -> Projection:
    return Projection(status="waiting", host=0, seats=[SeatRow(0, "Anna", "a" * 64), None, None])


def playing() -> Projection:
    return Projection(status="playing", host=0)


def run(coro: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(coro)


def count_events(store: SqlRoomStore, code: str) -> int:
    with store.engine.connect() as conn:
        return int(
            conn.execute(
                select(func.count()).select_from(m.RoomEvent).where(m.RoomEvent.room_code == code)
            ).scalar_one()
        )


def room_version(store: SqlRoomStore, code: str) -> int:
    with store.engine.connect() as conn:
        return int(conn.execute(select(m.Room.version).where(m.Room.code == code)).scalar_one())


def test_create_append_load_round_trips_events_in_order(url: str) -> None:
    events = created() + acts(2, 5) + acts(7, 1) + acts(8, 3)

    async def scenario() -> tuple[list[EventJson] | None, list[EventJson] | None]:
        store = SqlRoomStore(url)
        try:
            await store.create_room("RoomOne12", ROOM3, created(), waiting())
            await store.append("RoomOne12", 2, acts(2, 5), playing())
            await store.append("RoomOne12", 7, acts(7, 1), playing())
            await store.append("RoomOne12", 8, acts(8, 3), playing())
            return await store.load("RoomOne12"), await store.load("NoSuchRoom")
        finally:
            await store.close()

    loaded, missing = run(scenario())

    assert loaded == events
    assert missing is None


def test_events_keep_unicode_and_nesting(url: str) -> None:
    odd: EventJson = {
        "kind": "sit",
        "seat": 1,
        "nickname": 'Åsa 🂡 \u0301 "q" \\',
        "nested": {"list": [1, None, True, 2.5], "empty": {}},
    }

    async def scenario() -> list[EventJson] | None:
        store = SqlRoomStore(url)
        try:
            await store.create_room("Unicode12", ROOM3, [*created(), odd], waiting())
            return await store.load("Unicode12")
        finally:
            await store.close()

    assert run(scenario()) == [*created(), odd]


@pytest.mark.parametrize("stale", [0, 1, 3, 99])
def test_append_at_a_wrong_version_is_refused_and_stores_nothing(url: str, stale: int) -> None:
    async def scenario() -> None:
        store = SqlRoomStore(url)
        try:
            await store.create_room("Stale1234", ROOM3, created(), waiting())
            await store.append("Stale1234", 2, acts(2, 2), playing())  # now at 4
            if stale == 0:
                # version 0 means "create": the room exists, so this must fail too
                with pytest.raises(Exception):  # noqa: B017 - the backend's own refusal will do
                    await store.create_room("Stale1234", ROOM3, created(), waiting())
            else:
                with pytest.raises(StaleAppend):
                    await store.append(
                        "Stale1234",
                        stale,
                        acts(stale, 2),
                        Projection(
                            status="finished",
                            host=2,
                            match=MatchRow(1, ["A", "B", "C"], 0, "playing", 0, [0, 0, 0], None),
                        ),
                    )
            assert await store.load("Stale1234") == created() + acts(2, 2)
            assert count_events(store, "Stale1234") == 4
            assert room_version(store, "Stale1234") == 4
            assert await store.matches("Stale1234") == []
            # the refused writer did not break the room for the rightful one
            await store.append("Stale1234", 4, acts(4, 1), playing())
            assert await store.load("Stale1234") == created() + acts(2, 3)
        finally:
            await store.close()

    run(scenario())


def test_append_to_a_room_that_does_not_exist_is_refused(url: str) -> None:
    async def scenario() -> None:
        store = SqlRoomStore(url)
        try:
            with pytest.raises(StaleAppend):
                await store.append("Nowhere12", 2, acts(2, 1), playing())
            assert await store.load("Nowhere12") is None
        finally:
            await store.close()

    run(scenario())


def test_many_concurrent_appends_across_rooms_land_in_order(url: str) -> None:
    rooms = [f"Group{i:04d}" for i in range(50)]
    per_room = 4  # 200 appends

    async def writer(store: SqlRoomStore, code: str) -> None:
        for k in range(per_room):
            await store.append(code, 2 + 2 * k, acts(2 + 2 * k, 2), playing())

    async def scenario() -> dict[str, list[EventJson] | None]:
        store = SqlRoomStore(url)
        try:
            await asyncio.gather(
                *(store.create_room(c, ROOM3, created(), waiting()) for c in rooms)
            )
            await asyncio.gather(*(writer(store, c) for c in rooms))
            return {c: await store.load(c) for c in rooms}
        finally:
            await store.close()

    logs = run(scenario())

    for code in rooms:
        assert logs[code] == created() + acts(2, 2 * per_room), code


def test_concurrent_appends_are_committed_together(url: str) -> None:
    # Group commit is the point of the store's design: 200 appends racing each other must
    # share transactions, and every one of them must still land.
    rooms = [f"Batch{i:04d}" for i in range(50)]
    batches: list[int] = []

    class Counting(SqlRoomStore):
        async def _commit(self, batch: list[Any]) -> None:
            batches.append(len(batch))
            await super()._commit(batch)

    async def scenario() -> dict[str, list[EventJson] | None]:
        store = Counting(url)
        try:
            await asyncio.gather(
                *(store.create_room(c, ROOM3, created(), waiting()) for c in rooms)
            )
            batches.clear()

            async def four(code: str) -> None:
                for k in range(4):
                    await store.append(code, 2 + k, acts(2 + k, 1), playing())

            await asyncio.gather(*(four(c) for c in rooms))
            return {c: await store.load(c) for c in rooms}
        finally:
            await store.close()

    logs = run(scenario())

    assert sum(batches) == 200
    assert len(batches) < 200
    assert max(batches) > 1
    for code in rooms:
        assert logs[code] == created() + acts(2, 4), code


def test_one_rooms_bad_write_does_not_fail_the_others_in_its_batch(url: str) -> None:
    # A duplicate room breaks its transaction; the good writes queued beside it must land.
    async def scenario() -> list[BaseException | None]:
        store = SqlRoomStore(url)
        try:
            await store.create_room("Taken0001", ROOM3, created(), waiting())
            await store.create_room("Other0001", ROOM3, created(), waiting())
            outcomes = await asyncio.gather(
                store.create_room("Taken0001", ROOM3, created(), waiting()),
                store.append("Other0001", 2, acts(2, 3), playing()),
                store.create_room("Fresh0001", ROOM3, created(), waiting()),
                return_exceptions=True,
            )
            assert await store.load("Other0001") == created() + acts(2, 3)
            assert await store.load("Fresh0001") == created()
            assert await store.load("Taken0001") == created()
            return [o if isinstance(o, BaseException) else None for o in outcomes]
        finally:
            await store.close()

    duplicate, good, fresh = run(scenario())
    assert duplicate is not None
    assert good is None and fresh is None


def test_a_stale_write_fails_alone_in_a_shared_batch(url: str) -> None:
    # The version guards of a batch run as one statement; when one room's guard fails, the
    # batch is retried write by write, and only that room's append is refused.
    gate = threading.Event()
    batches: list[list[str]] = []

    class Gated(SqlRoomStore):
        async def _commit(self, batch: list[Any]) -> None:
            await asyncio.to_thread(gate.wait, 10)
            batches.append([w.code for w in batch])
            await super()._commit(batch)

    async def scenario() -> list[BaseException | None]:
        store = Gated(url)
        try:
            gate.set()
            rooms = ["Plug00001", "Good00001", "Stale0001", "Good00002"]
            for code in rooms:
                await store.create_room(code, ROOM3, created(), waiting())
            gate.clear()
            batches.clear()
            plug = asyncio.ensure_future(store.append("Plug00001", 2, acts(2, 1), playing()))
            await asyncio.sleep(0.2)  # the writer now holds the plug at the gate
            racing = asyncio.gather(
                store.append("Good00001", 2, acts(2, 2), playing()),
                store.append("Stale0001", 5, acts(5, 1), playing()),
                store.append("Good00002", 2, acts(2, 1), playing()),
                return_exceptions=True,
            )
            await asyncio.sleep(0.2)  # all three queued behind the plug
            gate.set()
            outcomes = await racing
            await plug
            assert await store.load("Good00001") == created() + acts(2, 2)
            assert await store.load("Good00002") == created() + acts(2, 1)
            assert await store.load("Stale0001") == created()
            assert room_version(store, "Stale0001") == 2
            assert room_version(store, "Good00001") == 4
            return [o if isinstance(o, BaseException) else None for o in outcomes]
        finally:
            await store.close()

    good, stale, other = run(scenario())
    assert good is None and other is None
    assert isinstance(stale, StaleAppend)
    # the three shared a batch, and went one by one only within it
    assert batches == [["Plug00001"], ["Good00001", "Stale0001", "Good00002"]]


def test_a_fault_in_storing_a_batch_fails_its_writes_and_spares_the_next(url: str) -> None:
    # A batch whose storing breaks in an unforeseen way fails its own writes; the writes
    # that queued behind it meanwhile are still stored.
    class Faulty(SqlRoomStore):
        faults = 0

        async def _commit(self, batch: list[Any]) -> None:
            if self.faults:
                self.faults -= 1
                await asyncio.sleep(0.05)  # the next write queues up meanwhile
                raise RuntimeError("a fault of the store itself")
            await super()._commit(batch)

    async def scenario() -> tuple[list[BaseException | None], list[EventJson] | None]:
        store = Faulty(url)
        try:
            await store.create_room("Fault1234", ROOM3, created(), waiting())
            await store.create_room("Queue1234", ROOM3, created(), waiting())
            store.faults = 1
            faulty = asyncio.ensure_future(store.append("Fault1234", 2, acts(2, 1), playing()))
            await asyncio.sleep(0.01)
            queued = asyncio.ensure_future(store.append("Queue1234", 2, acts(2, 2), playing()))
            outcomes = await asyncio.wait_for(
                asyncio.gather(faulty, queued, return_exceptions=True), 10
            )
            return [o if isinstance(o, BaseException) else None for o in outcomes], (
                await store.load("Queue1234")
            )
        finally:
            await store.close()

    (failure, queued), stored = run(scenario())

    assert isinstance(failure, RuntimeError)
    assert queued is None
    assert stored == created() + acts(2, 2)


def test_close_then_reopen_sees_everything(url: str) -> None:
    match = MatchRow(1, ["Anna", "Bertil", "Cecilia"], 2, "playing", 1, [10, -5, -5], None)
    deal = DealRow(
        1, 1, 2, [10, -5, -5], {"forehand": 0, "contract": "spader", "tricks": [6, 3, 3]}
    )

    async def write() -> None:
        store = SqlRoomStore(url)
        await store.create_room("Reopen123", ROOM3, created(), waiting())
        await store.append(
            "Reopen123", 2, acts(2, 3), Projection("playing", 0, match=match, deals=[deal])
        )
        await store.close()
        with pytest.raises(RuntimeError):
            await store.append("Reopen123", 5, acts(5, 1), playing())

    async def read() -> tuple[list[EventJson] | None, list[tuple[MatchRow, list[DealRow]]]]:
        store = SqlRoomStore(url)
        try:
            return await store.load("Reopen123"), await store.matches("Reopen123")
        finally:
            await store.close()

    run(write())
    log, matches = run(read())

    assert log == created() + acts(2, 3)
    assert matches == [(match, [deal])]


def test_match_rows_update_in_place_and_deals_accumulate(url: str) -> None:
    players = ["Anna", "Bertil", "Cecilia", "David"]
    first = DealRow(1, 1, 0, [None, -10, 0, 10], {"contract": "spel", "tricks": [None, 4, 5, 7]})
    second = DealRow(
        1, 2, 1, [-5, None, 15, -10], {"contract": "valfri", "tricks": [3, None, 9, 4]}
    )

    stamps: list[list[Any]] = []

    def match_rows(store: SqlRoomStore) -> list[Any]:
        with store.engine.connect() as conn:
            return list(conn.execute(select(m.Match.id, m.Match.started_at, m.Match.updated_at)))

    async def scenario() -> list[tuple[MatchRow, list[DealRow]]]:
        store = SqlRoomStore(url)
        try:
            await store.create_room("Rows12345", ROOM4, created(4), waiting())
            await store.append(
                "Rows12345",
                2,
                acts(2, 1),
                Projection(
                    "playing", 0, match=MatchRow(1, players, 0, "playing", 0, [0] * 4, None)
                ),
            )
            stamps.append(match_rows(store))
            await asyncio.sleep(0.01)  # the clock moves on before the match row is rewritten
            await store.append(
                "Rows12345",
                3,
                acts(3, 1),
                Projection(
                    "playing",
                    0,
                    match=MatchRow(1, players, 0, "playing", 1, [0, -10, 0, 10], None),
                    deals=[first],
                ),
            )
            await store.append(
                "Rows12345",
                4,
                acts(4, 1),
                Projection(
                    "ended",
                    0,
                    match=MatchRow(1, players, 0, "ended", 2, [-5, -10, 15, 0], [2]),
                    deals=[second],
                ),
            )
            stamps.append(match_rows(store))
            return await store.matches("Rows12345")
        finally:
            await store.close()

    assert run(scenario()) == [
        (MatchRow(1, players, 0, "ended", 2, [-5, -10, 15, 0], [2]), [first, second])
    ]
    # one row, rewritten: the same id, started when the match started, updated since
    [(started_id, started, updated)], [(ended_id, started_after, updated_after)] = stamps
    assert ended_id == started_id
    assert started_after == started
    assert updated_after > updated


def test_a_deal_written_again_replaces_its_row(url: str) -> None:
    """A deal entered on paper and corrected is written again under its number: the row and
    its seats' scores are replaced, in the SQL store and in memory alike."""
    players = ["Anna", "Bertil", "Cecilia"]
    first = DealRow(1, 1, 0, [0, -10, 10], {"contract": "spel", "tricks": [None, 4, 7]})
    fixed = DealRow(1, 1, 0, [0, 5, -5], {"contract": "spel", "tricks": [None, 7, 4]})
    second = DealRow(1, 2, 1, [-5, 15, -10], {"contract": "pass", "tricks": [3, 9, 4]})

    def match(deals_played: int, totals: list[int]) -> MatchRow:
        return MatchRow(1, players, 0, "playing", deals_played, totals, None)

    writes = [
        Projection("playing", 0, match=match(0, [0, 0, 0])),
        Projection("playing", 0, match=match(1, [0, -10, 10]), deals=[first]),
        Projection("playing", 0, match=match(1, [0, 5, -5]), deals=[fixed]),
        Projection("playing", 0, match=match(2, [-5, 20, -15]), deals=[fixed, second]),
    ]

    async def scenario(store: Any) -> list[tuple[MatchRow, list[DealRow]]]:
        await store.create_room("Again1234", ROOM3, created(3), waiting())
        for version, rows in enumerate(writes, start=2):
            await store.append("Again1234", version, acts(version, 1), rows)
        found: list[tuple[MatchRow, list[DealRow]]] = await store.matches("Again1234")
        return found

    async def in_sql() -> list[tuple[MatchRow, list[DealRow]]]:
        store = SqlRoomStore(url)
        try:
            return await scenario(store)
        finally:
            await store.close()

    expected = [(match(2, [-5, 20, -15]), [fixed, second])]
    assert run(in_sql()) == expected
    assert run(scenario(MemoryRoomStore())) == expected


_CHILD = """
import asyncio, json, sys
from app.store import Projection, RoomRow
from app.store.memory import MemoryRoomStore
from app.store.sql import SqlRoomStore

ROOM3 = RoomRow("bismarck", None, 3)

async def main(url, mode):
    store = SqlRoomStore(url)
    if mode == "write":
        await store.create_room("Child1234", ROOM3, [{"kind": "created", "seats": 3}],
                                Projection("waiting", None))
        await store.append("Child1234", 1, [{"kind": "act", "seat": 0, "action": "x"}],
                           Projection("waiting", None))
        # no close(): the process ends with the store still open
    else:
        print(json.dumps(await store.load("Child1234")))
        await store.close()

asyncio.run(main(sys.argv[1], sys.argv[2]))
"""


def test_sqlite_file_survives_the_process(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'kept.db'}"

    def child(mode: str) -> str:
        done = subprocess.run(
            [sys.executable, "-c", _CHILD, url, mode],
            cwd=REPO_ROOT,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    child("write")
    expected = [{"kind": "created", "seats": 3}, {"kind": "act", "seat": 0, "action": "x"}]
    assert json.loads(child("read")) == expected

    async def second_store() -> list[EventJson] | None:
        store = SqlRoomStore(url)
        try:
            return await store.load("Child1234")
        finally:
            await store.close()

    assert run(second_store()) == expected


def test_two_stores_on_one_file_see_each_others_commits(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shared.db'}"

    async def scenario() -> tuple[list[EventJson] | None, list[EventJson] | None]:
        writer, reader = SqlRoomStore(url), SqlRoomStore(url)
        try:
            await writer.create_room("Shared123", ROOM3, created(), waiting())
            first = await reader.load("Shared123")
            await writer.append("Shared123", 2, acts(2, 2), playing())
            return first, await reader.load("Shared123")
        finally:
            await writer.close()
            await reader.close()

    first, second = run(scenario())

    assert first == created()
    assert second == created() + acts(2, 2)


def test_a_file_locked_by_another_process_never_stalls_the_event_loop(tmp_path: Path) -> None:
    # SQLite statements run on the event loop; a lock held elsewhere (a migration run
    # beside the server, say) must make the write wait in the store's thread, with the
    # loop serving everyone else meanwhile, and the write must land once the lock is gone.
    path = tmp_path / "locked.db"
    url = f"sqlite:///{path}"

    async def scenario() -> tuple[float, bool, list[EventJson] | None]:
        store = SqlRoomStore(url)
        other = sqlite3.connect(path, isolation_level=None)
        loop = asyncio.get_running_loop()
        try:
            await store.create_room("Locked123", ROOM3, created(), waiting())
            other.execute("BEGIN IMMEDIATE")  # the write lock, held by another connection
            append = asyncio.create_task(store.append("Locked123", 2, acts(2, 1), playing()))
            # the loop keeps turning while the write waits: twenty short sleeps, none of
            # them held up by a wait for the lock (which would last its full 30 seconds)
            longest = 0.0
            for _ in range(20):
                before = loop.time()
                await asyncio.sleep(0.01)
                longest = max(longest, loop.time() - before)
            waiting_for_lock = not append.done()
            other.execute("COMMIT")
            await append
            return longest, waiting_for_lock, await store.load("Locked123")
        finally:
            other.close()
            await store.close()

    longest, waiting_for_lock, stored = run(scenario())

    assert waiting_for_lock
    assert longest < 10
    assert stored == created() + acts(2, 1)


def chat_line(seq: int, **fields: Any) -> ChatRow:
    values: dict[str, Any] = {
        "at": 1_796_083_200_000 + seq,
        "seat": 0,
        "watcher": None,
        "name": "Anna",
        "text": f"line {seq}",
        "reaction": None,
        "audience": "all",
    }
    values.update(fields)
    return ChatRow(seq=seq, **values)


def test_chat_lines_are_kept_apart_from_the_log_and_read_back_newest_last(url: str) -> None:
    lines = [
        chat_line(1, text='<img src=x onerror="alert(1)"> Åsa 🂡'),
        chat_line(2, seat=None, watcher=7, name="", text=None, reaction="thanks"),
        chat_line(3, text="between us", seat=None, watcher=7, audience="spectators"),
        *(chat_line(n) for n in range(4, 9)),
    ]

    async def scenario() -> tuple[list[ChatRow], list[ChatRow], list[ChatRow], int, int]:
        store = SqlRoomStore(url)
        try:
            await store.create_room("Chatty123", ROOM3, created(), waiting())
            # chat lines and a room's events in one group commit
            await asyncio.gather(
                *(store.add_chat("Chatty123", line) for line in lines[:4]),
                store.append("Chatty123", 2, acts(2, 3), playing()),
            )
            for line in lines[4:]:
                await store.add_chat("Chatty123", line)
            # a number is never used twice: a second writer's line is refused, not merged
            with pytest.raises(Exception, match=r"(?i)unique|duplicate"):
                await store.add_chat("Chatty123", chat_line(1, text="another first line"))
            return (
                await store.chat("Chatty123", 200),
                await store.chat("Chatty123", 3),
                await store.chat("Nobody123", 10),
                count_events(store, "Chatty123"),
                room_version(store, "Chatty123"),
            )
        finally:
            await store.close()

    every, last_three, none, events, version = run(scenario())

    assert every == lines
    assert last_three == lines[-3:]
    assert none == []
    assert (events, version) == (5, 5)  # chat neither adds events nor moves the version


def review_body(deal: int, note: str) -> dict[str, Any]:
    return {
        "game": "bismarck",
        "match": 1,
        "deal": deal,
        "status": "done",
        "judgements": [{"step": 3, "seat": 1, "played": "play:AS", "note": note, "cost": 1.25}],
    }


@pytest.mark.parametrize("make", ["sql", "memory"])
def test_a_review_is_kept_once_per_deal_apart_from_the_log(url: str, make: str) -> None:
    first = ReviewRow(1, 2, review_body(2, "Åsa 🂡 <b>"))

    async def scenario() -> tuple[ReviewRow | None, ...]:
        store = SqlRoomStore(url) if make == "sql" else MemoryRoomStore()
        try:
            await store.create_room("Reviewed1", ROOM3, created(), waiting())
            assert await store.review("Reviewed1", 1, 2) is None
            # a review joins the group commit of the rooms' events
            await asyncio.gather(
                store.add_review("Reviewed1", first),
                store.append("Reviewed1", 2, acts(2, 3), playing()),
            )
            # a second review of the same deal (another instance's) leaves the first
            await store.add_review("Reviewed1", ReviewRow(1, 2, review_body(2, "second")))
            await store.add_review("Reviewed1", ReviewRow(2, 2, review_body(2, "match 2")))
            with pytest.raises(Exception, match=r"(?i)foreign|no room"):
                await store.add_review("Nobody123", ReviewRow(1, 1, review_body(1, "x")))
            if make == "sql":
                assert isinstance(store, SqlRoomStore)
                assert (count_events(store, "Reviewed1"), room_version(store, "Reviewed1")) == (
                    5,
                    5,
                )
            return (
                await store.review("Reviewed1", 1, 2),
                await store.review("Reviewed1", 2, 2),
                await store.review("Reviewed1", 1, 1),
                await store.review("Nobody123", 1, 2),
            )
        finally:
            await store.close()

    kept, other_match, other_deal, no_room = run(scenario())
    assert kept == first
    assert other_match is not None and other_match.body["judgements"][0]["note"] == "match 2"
    assert other_deal is None and no_room is None

    if make == "sql":

        async def reopened() -> ReviewRow | None:
            store = SqlRoomStore(url)
            try:
                return await store.review("Reviewed1", 1, 2)
            finally:
                await store.close()

        assert run(reopened()) == first
