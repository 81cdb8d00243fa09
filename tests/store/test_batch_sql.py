"""The batched driver statements, on each database and in each of their forms: across the
chunk boundary, and telling a stale room apart by the count of rooms moved."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select

from app.store import Projection, RoomRow
from app.store import models as m
from app.store.batch_sql import ROWS_PER_STATEMENT, BatchSql
from app.store.sql import SqlRoomStore
from support.databases import fresh_database

ROOMS = ROWS_PER_STATEMENT + 7  # two statements, the second a short one
ROOM3 = RoomRow("bismarck", None, 3)


@pytest.fixture
def store(backend: str, tmp_path: Path) -> Iterator[SqlRoomStore]:
    with fresh_database(backend, tmp_path) as url:
        store = SqlRoomStore(url)

        async def rooms() -> None:
            created = [{"kind": "created", "seats": 3}]
            await asyncio.gather(
                *(
                    store.create_room(f"Batch{i:04d}", ROOM3, created, Projection("waiting", None))
                    for i in range(ROOMS)
                )
            )

        asyncio.run(rooms())
        yield store
        asyncio.run(store.close())


@pytest.mark.parametrize("update_from", [True, False], ids=["update-from", "row-by-row"])
def test_guards_move_every_room_at_its_version_and_no_other(
    store: SqlRoomStore, update_from: bool
) -> None:
    dialect = store.engine.dialect
    sql = BatchSql(dialect.name, dialect.paramstyle)
    sql.update_from = update_from
    stamp = m.now()
    bind = m.Room.__table__.c.updated_at.type.dialect_impl(dialect).bind_processor(dialect)
    value = bind(stamp) if bind is not None else stamp
    # every room is at version 1; room 3 claims 2, so it must not move
    guards = [(f"Batch{i:04d}", 2 if i == 3 else 1, 5, "playing", i % 3) for i in range(ROOMS)]
    events = [(f"Batch{i:04d}", 2, "act", '{"kind":"act"}', value) for i in range(ROOMS)]
    with store.engine.begin() as conn:
        cursor = conn.connection.cursor()
        moved = sql.write_guards(cursor, value, guards)
        sql.write_events(cursor, events)
        cursor.close()
    assert moved == ROOMS - 1
    with store.engine.connect() as conn:
        rooms = {r.code: r for r in conn.execute(select(m.Room)).all()}
        stored = conn.execute(select(m.RoomEvent.room_code, m.RoomEvent.seq)).all()
    assert rooms["Batch0003"].version == 1 and rooms["Batch0003"].status == "waiting"
    for i in range(ROOMS):
        if i != 3:
            room = rooms[f"Batch{i:04d}"]
            assert (room.version, room.status, room.host) == (5, "playing", i % 3)
            assert room.updated_at.replace(tzinfo=None) == stamp.replace(tzinfo=None)
    assert len([s for s in stored if s.seq == 2]) == ROOMS
    if dialect.name == "sqlite":
        # SQLite keeps timestamps as text: rows written through the driver (the store's own
        # and those above) must look like the SQL layer's
        with store.engine.connect() as conn:
            ours = conn.exec_driver_sql("SELECT created_at FROM room_events")
            theirs = conn.exec_driver_sql("SELECT created_at FROM rooms").scalar()
            shape = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}")
            assert shape.fullmatch(str(theirs)), theirs
            for (text,) in ours:
                assert shape.fullmatch(text), text
