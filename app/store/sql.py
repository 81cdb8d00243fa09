"""Rooms in a SQL database (SQLite or PostgreSQL), written with group commit.

All writes go through one writer thread that takes every append waiting in its queue and
commits them in a single transaction: one disk flush serves many rooms, so a busy evening
on a small machine is not bound by fsync latency. An append's future resolves only after
its transaction has committed.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import orjson
from sqlalchemy import Connection, select

from . import models as m
from .base import EventJson, StaleAppend
from .batch_sql import BatchSql
from .engine import make_engine
from .migrate import upgrade
from .rows import DealRow, MatchRow, Projection

BATCH_LIMIT = 512


@dataclass(slots=True)
class _Write:
    code: str
    version: int  # events already stored; 0 creates the room
    events: Sequence[EventJson]
    projection: Projection
    size: int
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[None]


def _json(value: object) -> str:
    return orjson.dumps(value).decode()


def _settle(done: list[tuple[_Write, BaseException | None]]) -> None:
    for write, error in done:
        if write.future.done():
            continue
        if error is None:
            write.future.set_result(None)
        else:
            write.future.set_exception(error)


class SqlRoomStore:
    def __init__(self, url: str, *, migrate: bool = True) -> None:
        self.engine = make_engine(url)
        dialect = self.engine.dialect
        self._sql = BatchSql(dialect.name, dialect.paramstyle)
        # A timestamp as the SQL layer would store it (SQLite keeps text), made once per batch.
        self._stamp = m.RoomEvent.__table__.c.created_at.type.dialect_impl(dialect).bind_processor(
            dialect
        )
        if migrate:
            upgrade(self.engine)
        self._queue: queue.SimpleQueue[_Write | None] = queue.SimpleQueue()
        self._connection: Connection | None = None
        self._thread = threading.Thread(target=self._writer, name="room-writer", daemon=True)
        self._thread.start()
        self._closed = False

    # -- writing ---------------------------------------------------------------------------------

    async def create_room(
        self, code: str, size: int, events: Sequence[EventJson], projection: Projection
    ) -> None:
        await self._submit(code, 0, events, projection, size)

    async def append(
        self, code: str, version: int, events: Sequence[EventJson], projection: Projection
    ) -> None:
        await self._submit(code, version, events, projection, 0)

    async def _submit(
        self,
        code: str,
        version: int,
        events: Sequence[EventJson],
        projection: Projection,
        size: int,
    ) -> None:
        if self._closed:
            raise RuntimeError("the store is closed")
        loop = asyncio.get_running_loop()
        write = _Write(code, version, list(events), projection, size, loop, loop.create_future())
        self._queue.put(write)
        await write.future

    def _writer(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            while len(batch) < BATCH_LIMIT:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._queue.put(None)  # finish this batch, then stop
                    break
                batch.append(more)
            self._commit(batch)
        if self._connection is not None:
            self._connection.close()

    def _writer_connection(self) -> Connection:
        """The writer thread's own connection, kept from batch to batch: checking one out of
        the pool and resetting it on return cost more than a small batch's statements."""
        if self._connection is None:
            self._connection = self.engine.connect()
        return self._connection

    def _commit(self, batch: list[_Write]) -> None:
        outcomes: list[BaseException | None] = [None] * len(batch)
        try:
            self._transaction(batch)
        except Exception:
            # Nothing of the batch is stored. One room's bad write must not fail the others:
            # each write gets a transaction of its own, and only the bad one fails.
            for i, write in enumerate(batch):
                try:
                    self._transaction([write])
                except Exception as failure:
                    outcomes[i] = failure
        # One wake-up per event loop for the whole batch: waking a loop is a system call.
        by_loop: dict[asyncio.AbstractEventLoop, list[tuple[_Write, BaseException | None]]] = {}
        for write, outcome in zip(batch, outcomes, strict=True):
            by_loop.setdefault(write.loop, []).append((write, outcome))
        for loop, done in by_loop.items():
            loop.call_soon_threadsafe(_settle, done)

    def _transaction(self, batch: list[_Write]) -> None:
        """Every write of the batch in one transaction, or none of them (raising): the version
        guards of all rooms in one statement, their events in another, and the scoresheet rows
        where they changed, all as driver statements (see :mod:`.batch_sql`).
        """
        now = m.now()
        stamp = self._stamp(now) if self._stamp is not None else now
        conn = self._writer_connection()
        try:
            self._write_batch(conn, batch, stamp)
        except Exception:
            # A failed statement may have left the connection unusable (a database restart,
            # say): start the next transaction on a fresh one.
            self._connection = None
            with contextlib.suppress(Exception):
                conn.invalidate()
            raise

    def _write_batch(self, conn: Connection, batch: list[_Write], stamp: Any) -> None:
        sql = self._sql
        with conn.begin():
            cursor = conn.connection.cursor()
            try:
                sql.write_rows(
                    cursor,
                    sql.insert_room,
                    [
                        (
                            w.code,
                            w.size,
                            len(w.events),
                            w.projection.status,
                            w.projection.host,
                            stamp,
                            stamp,
                        )
                        for w in batch
                        if w.version == 0
                    ],
                )
                guards = [
                    (
                        w.code,
                        w.version,
                        w.version + len(w.events),
                        w.projection.status,
                        w.projection.host,
                    )
                    for w in batch
                    if w.version != 0
                ]
                # The version guard makes a second writer for the same room fail loudly
                # instead of interleaving two histories. Which room failed it is found
                # when the batch is retried one write at a time.
                if guards and sql.write_guards(cursor, stamp, guards) != len(guards):
                    stale = batch[0] if len(batch) == 1 else None
                    raise StaleAppend(
                        f"room {stale.code} is not at version {stale.version}"
                        if stale is not None
                        else "a room of the batch is not at the version its write expects"
                    )
                events = [
                    (w.code, w.version + i + 1, e["kind"], orjson.dumps(e).decode(), stamp)
                    for w in batch
                    for i, e in enumerate(w.events)
                ]
                sql.write_events(cursor, events)
                self._write_projections(cursor, batch, stamp)
            finally:
                cursor.close()

    def _write_projections(self, cursor: Any, batch: list[_Write], stamp: Any) -> None:
        """The scoresheet rows of the batch: seatings, then matches, then their deals."""
        sql = self._sql
        seated = [w for w in batch if w.projection.seats is not None]
        if seated:
            sql.write_rows(cursor, sql.delete_seats, [(w.code,) for w in seated])
            sql.write_rows(
                cursor,
                sql.insert_seat,
                [
                    (w.code, s.seat, s.nickname, s.secret_hash, s.bot)
                    for w in seated
                    for s in w.projection.seats or ()
                    if s is not None
                ],
            )
        matches = [(w.code, w.projection.match) for w in batch if w.projection.match is not None]
        if not matches:
            return
        sql.write_rows(
            cursor,
            sql.upsert_match,
            [
                (
                    code,
                    row.number,
                    _json(row.players),
                    row.first_dealer,
                    row.status,
                    row.deals_played,
                    _json(row.totals),
                    None if row.winners is None else _json(row.winners),
                    stamp,
                    stamp,
                )
                for code, row in matches
            ],
        )
        deals = [(w.code, d) for w in batch for d in w.projection.deals]
        sql.write_rows(
            cursor,
            sql.insert_deal,
            [
                (d.number, d.dealer, d.forehand, d.contract, d.trump, code, d.match_number)
                for code, d in deals
            ],
        )
        sql.write_rows(
            cursor,
            sql.insert_deal_seat,
            [
                (seat, tricks, d.scores[seat], code, d.match_number, d.number)
                for code, d in deals
                for seat, tricks in enumerate(d.tricks)
                if tricks is not None
            ],
        )

    # -- reading ---------------------------------------------------------------------------------

    async def load(self, code: str) -> list[EventJson] | None:
        return await asyncio.to_thread(self._load, code)

    def _load(self, code: str) -> list[EventJson] | None:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(m.RoomEvent.data)
                .where(m.RoomEvent.room_code == code)
                .order_by(m.RoomEvent.seq)
            ).all()
        if not rows:
            return None
        loaded: list[EventJson] = [orjson.loads(r.data) for r in rows]
        return loaded

    async def matches(self, code: str) -> list[tuple[MatchRow, list[DealRow]]]:
        return await asyncio.to_thread(self._matches, code)

    def _matches(self, code: str) -> list[tuple[MatchRow, list[DealRow]]]:
        with self.engine.connect() as conn:
            matches = conn.execute(
                select(m.Match).where(m.Match.room_code == code).order_by(m.Match.number)
            ).all()
            out: list[tuple[MatchRow, list[DealRow]]] = []
            for row in matches:
                deals = conn.execute(
                    select(m.Deal).where(m.Deal.match_id == row.id).order_by(m.Deal.number)
                ).all()
                deal_rows: list[DealRow] = []
                for d in deals:
                    seat_rows = conn.execute(
                        select(m.DealSeat).where(m.DealSeat.deal_id == d.id)
                    ).all()
                    tricks: list[int | None] = [None] * len(row.players)
                    scores = [0] * len(row.players)
                    for s in seat_rows:
                        tricks[s.seat] = s.tricks
                        scores[s.seat] = s.score
                    deal_rows.append(
                        DealRow(
                            row.number,
                            d.number,
                            d.dealer,
                            d.forehand,
                            d.contract,
                            d.trump,
                            tricks,
                            scores,
                        )
                    )
                out.append(
                    (
                        MatchRow(
                            row.number,
                            list(row.players),
                            row.first_dealer,
                            row.status,
                            row.deals_played,
                            list(row.totals),
                            None if row.winners is None else list(row.winners),
                        ),
                        deal_rows,
                    )
                )
        return out

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._queue.put(None)
        await asyncio.to_thread(self._thread.join)
        self.engine.dispose()
