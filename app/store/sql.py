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
from sqlalchemy import Connection, bindparam, delete, insert, select, update

from . import models as m
from .base import EventJson, StaleAppend
from .batch_sql import BatchSql
from .engine import make_engine
from .migrate import upgrade
from .rows import DealRow, MatchRow, Projection, SeatRow

BATCH_LIMIT = 512

# Built once, with bound parameters, so that each is compiled once: building statements per
# write (and compiling each anew) was most of the cost of a write that ends a deal.
_INSERT_ROOM = insert(m.Room)
_DELETE_SEATS = delete(m.Seat).where(m.Seat.room_code == bindparam("b_code"))
_INSERT_SEAT = insert(m.Seat)
_MATCH_ID = select(m.Match.id).where(
    m.Match.room_code == bindparam("b_code"), m.Match.number == bindparam("b_number")
)
_INSERT_MATCH = insert(m.Match).returning(m.Match.id)
# the SET clause comes from the parameters' names, which are always the same ones
_UPDATE_MATCH = update(m.Match).where(m.Match.id == bindparam("b_id"))
_INSERT_DEAL = insert(m.Deal).returning(m.Deal.id)
_INSERT_DEAL_SEAT = insert(m.DealSeat)


@dataclass(slots=True)
class _Write:
    code: str
    version: int  # events already stored; 0 creates the room
    events: Sequence[EventJson]
    projection: Projection
    size: int
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[None]


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
        where they changed.

        The two statements every action needs go straight to the driver: through the SQL
        layer they cost more than all the rest of storing an action.
        """
        now = m.now()
        stamp = self._stamp(now) if self._stamp is not None else now
        conn = self._writer_connection()
        try:
            self._write_batch(conn, batch, now, stamp)
        except Exception:
            # A failed statement may have left the connection unusable (a database restart,
            # say): start the next transaction on a fresh one.
            self._connection = None
            with contextlib.suppress(Exception):
                conn.invalidate()
            raise

    def _write_batch(self, conn: Connection, batch: list[_Write], now: Any, stamp: Any) -> None:
        with conn.begin():
            for w in batch:
                if w.version == 0:
                    self._insert_room(conn, w, now)
            cursor = conn.connection.cursor()
            try:
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
                if guards and self._sql.write_guards(cursor, stamp, guards) != len(guards):
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
                self._sql.write_events(cursor, events)
            finally:
                cursor.close()
            for w in batch:
                self._write_projection(conn, w, now)

    def _insert_room(self, conn: Connection, w: _Write, now: Any) -> None:
        p = w.projection
        conn.execute(
            _INSERT_ROOM,
            {
                "code": w.code,
                "size": w.size,
                "version": w.version + len(w.events),
                "status": p.status,
                "host": p.host,
                "created_at": now,
                "updated_at": now,
            },
        )

    def _write_projection(self, conn: Connection, w: _Write, now: Any) -> None:
        p = w.projection
        if p.seats is not None:
            self._write_seats(conn, w.code, p.seats)
        if p.match is not None:
            match_id = self._write_match(conn, w.code, p.match, now)
            for deal in p.deals:
                self._write_deal(conn, match_id, deal)

    def _write_seats(self, conn: Connection, code: str, seats: list[SeatRow | None]) -> None:
        conn.execute(_DELETE_SEATS, {"b_code": code})
        rows = [
            {
                "room_code": code,
                "seat": s.seat,
                "nickname": s.nickname,
                "secret_hash": s.secret_hash,
                "bot": s.bot,
            }
            for s in seats
            if s is not None
        ]
        if rows:
            conn.execute(_INSERT_SEAT, rows)

    def _write_match(self, conn: Connection, code: str, row: MatchRow, now: Any) -> int:
        values = {
            "players": row.players,
            "first_dealer": row.first_dealer,
            "status": row.status,
            "deals_played": row.deals_played,
            "totals": row.totals,
            "winners": row.winners,
            "updated_at": now,
        }
        match_id = conn.execute(_MATCH_ID, {"b_code": code, "b_number": row.number}).scalar()
        if match_id is None:
            values.update(room_code=code, number=row.number, started_at=now)
            return int(conn.execute(_INSERT_MATCH, values).scalar_one())
        conn.execute(_UPDATE_MATCH, {"b_id": match_id, **values})
        return int(match_id)

    def _write_deal(self, conn: Connection, match_id: int, deal: DealRow) -> None:
        deal_id = conn.execute(
            _INSERT_DEAL,
            {
                "match_id": match_id,
                "number": deal.number,
                "dealer": deal.dealer,
                "forehand": deal.forehand,
                "contract": deal.contract,
                "trump": deal.trump,
            },
        ).scalar_one()
        conn.execute(
            _INSERT_DEAL_SEAT,
            [
                {"deal_id": deal_id, "seat": seat, "tricks": tricks, "score": deal.scores[seat]}
                for seat, tricks in enumerate(deal.tricks)
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
