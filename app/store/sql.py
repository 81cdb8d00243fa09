"""Rooms in a SQL database (SQLite or PostgreSQL), written with group commit.

Every append waiting when the store is free to write goes into one transaction: one disk
flush serves many rooms, so a busy evening on a small machine is not bound by fsync
latency. An append's future resolves only after its transaction has committed.

At a human pace the store is mostly idle when an append comes, and each action would pay
for a commit of its own (the disk flush, some 200 us of CPU on a small virtual machine, the
hand-over to the store's thread and back, the wake-ups). So a commit starts no sooner than
``commit_window`` seconds (a few milliseconds, nothing to a person) after the last one
started: an append that comes sooner waits for the rest of it, and the appends of other
rooms that come meanwhile share its commit. After a quiet spell an append is committed at
once, as before.

Batches are written one at a time, by a task on the event loop. With SQLite the statements
run on the loop itself: they only change pages in memory, a few microseconds a row. Only
the commit, which writes the log and waits for the disk, goes to the store's own thread.
With PostgreSQL every statement is a round trip to the server, so the whole transaction
goes to that thread. Doing all of SQLite's work in a thread, as the store first did, cost
more than the work itself: each statement handed the interpreter lock back and forth
between that thread and the busy loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import orjson
import psycopg
from sqlalchemy import select, text
from sqlalchemy.pool import PoolProxiedConnection

from . import models as m
from .base import EventJson, LeaseLost, StaleAppend
from .batch_sql import BatchSql
from .engine import make_engine
from .migrate import upgrade
from .rows import ChatRow, DealRow, MatchRow, Projection, ReviewRow, RoomRow

log = logging.getLogger(__name__)

BATCH_LIMIT = 512
LOCK_IN_ORDER = "SELECT code FROM rooms WHERE code = ANY(%s) ORDER BY code FOR UPDATE"
"""PostgreSQL only: the rows of some rooms locked for the transaction, in one order."""
HANDOVER = "kortbord_handover"
"""The notification channel on which an instance asks for a room another one owns."""
# How long a write may wait for another process's lock on the SQLite file: only ever in the
# store's thread. On the loop a locked file fails the batch at once, and the batch is
# retried in the thread.
LOCK_PATIENCE_MS = 30_000


@dataclass(slots=True)
class _Write:
    code: str
    version: int  # events already stored; 0 creates the room (or, with chat, keeps a line)
    events: Sequence[EventJson]
    projection: Projection
    room: RoomRow | None  # what a new room is for; None for an append
    future: asyncio.Future[None]
    chat: ChatRow | None = None  # a chat line: no events, no version guard
    review: ReviewRow | None = None  # a finished review: no events, no guard, no lease
    epoch: int | None = None  # the owner's epoch the write is fenced with, when leased


def _json(value: object) -> str:
    return orjson.dumps(value).decode()


class SqlRoomStore:
    def __init__(
        self,
        url: str,
        *,
        migrate: bool = True,
        instance: str | None = None,
        lease_seconds: float = 10.0,
        commit_window: float = 0.0,
    ) -> None:
        """``instance``: this server instance's id. On PostgreSQL it makes the store own
        rooms by lease (:meth:`acquire`), and fences every write it makes with that lease;
        SQLite serves one instance, which owns every room. ``commit_window``: the least
        seconds between the starts of two commits."""
        self.engine = make_engine(url)
        dialect = self.engine.dialect
        self.instance = instance
        self.leased = instance is not None and dialect.name == "postgresql"
        self.lease_seconds = lease_seconds
        self.commit_window = commit_window
        self._epochs: dict[str, int] = {}
        """The rooms this instance owns, with the epoch it took each one under."""
        self._sql = BatchSql(dialect.name, dialect.paramstyle)
        self._on_loop = dialect.name == "sqlite"
        # A timestamp as the SQL layer would store it (SQLite keeps text), made once per batch.
        self._stamp = m.RoomEvent.__table__.c.created_at.type.dialect_impl(dialect).bind_processor(
            dialect
        )
        if migrate:
            upgrade(self.engine)
        self._pending: list[_Write] = []
        self._flushing: asyncio.Task[None] | None = None
        self._committed_at = float("-inf")
        """When (monotonic) the last commit started."""
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="room-writer")
        self._connection: PoolProxiedConnection | None = None
        self._closed = False

    # -- writing ---------------------------------------------------------------------------------

    async def create_room(
        self, code: str, room: RoomRow, events: Sequence[EventJson], projection: Projection
    ) -> None:
        await self._submit(code, 0, events, projection, room)

    async def append(
        self, code: str, version: int, events: Sequence[EventJson], projection: Projection
    ) -> None:
        await self._submit(code, version, events, projection, None)

    async def add_chat(self, code: str, line: ChatRow) -> None:
        # A chat line joins the same group commit as the rooms' events: a second writing
        # connection would only wait for the first one's lock on a SQLite file.
        await self._submit(code, 0, (), Projection(status="", host=None), None, line)

    async def add_review(self, code: str, review: ReviewRow) -> None:
        # Any instance may review any room's deal, the room's owner or not: the write is
        # fenced by no lease, and a deal's first stored review stays.
        await self._submit(code, 0, (), Projection(status="", host=None), None, review=review)

    async def _submit(
        self,
        code: str,
        version: int,
        events: Sequence[EventJson],
        projection: Projection,
        room: RoomRow | None,
        chat: ChatRow | None = None,
        review: ReviewRow | None = None,
    ) -> None:
        if self._closed:
            raise RuntimeError("the store is closed")
        epoch = None
        if self.leased and room is None and review is None:
            epoch = self._epochs.get(code)
            if epoch is None:
                raise LeaseLost(f"room {code} is not this instance's")
        loop = asyncio.get_running_loop()
        write = _Write(
            code,
            version,
            list(events),
            projection,
            room,
            loop.create_future(),
            chat=chat,
            review=review,
            epoch=epoch,
        )
        self._pending.append(write)
        flushing = self._flushing
        if flushing is None or flushing.done() or flushing.get_loop() is not loop:
            self._flushing = loop.create_task(self._flush())
        await write.future

    async def _flush(self) -> None:
        """Commits what is pending, a batch at a time, until nothing is: while one batch
        waits for the disk, the appends that arrive meanwhile gather into the next."""
        while True:
            # Appends made in this same turn of the loop join the batch, and so do those
            # made until a commit window has passed since the last commit started.
            wait = self._committed_at + self.commit_window - time.monotonic()
            await asyncio.sleep(max(0.0, wait))
            if not self._pending:
                return
            self._committed_at = time.monotonic()
            batch = self._pending[:BATCH_LIMIT]
            del self._pending[:BATCH_LIMIT]
            try:
                await self._commit(batch)
            except Exception as failure:
                # _commit settles every write itself; a fault of its own must not leave
                # the batch's callers waiting, nor stop the batches behind it
                log.exception("storing a batch of %d writes failed", len(batch))
                for write in batch:
                    if not write.future.done():
                        write.future.set_exception(failure)

    async def _commit(self, batch: list[_Write]) -> None:
        """Stores the batch in one transaction, and settles each write's future."""
        now = m.now()
        stamp = self._stamp(now) if self._stamp is not None else now
        loop = asyncio.get_running_loop()
        outcomes: list[BaseException | None] = [None] * len(batch)
        try:
            staged = self._stage(batch, stamp) if self._on_loop else None
            if staged is not None:
                await loop.run_in_executor(self._thread, self._finish, staged)
            else:
                await loop.run_in_executor(self._thread, self._transaction, batch, stamp)
        except Exception:
            # Nothing of the batch is stored. One room's bad write must not fail the others:
            # each write gets a transaction of its own, and only the bad one fails.
            outcomes = await loop.run_in_executor(self._thread, self._one_by_one, batch, stamp)
        for write, outcome in zip(batch, outcomes, strict=True):
            if write.future.done():  # its caller is gone (cancelled); the write stands
                continue
            if outcome is None:
                write.future.set_result(None)
            else:
                write.future.set_exception(outcome)

    def _writer_connection(self) -> PoolProxiedConnection:
        """The store's one writing connection, kept from batch to batch: checking one out of
        the pool and resetting it on return cost more than a small batch's statements."""
        if self._connection is None:
            connection = self.engine.raw_connection()
            if self._on_loop:
                self._set_lock_patience(connection, 0)
            self._connection = connection
        return self._connection

    @staticmethod
    def _set_lock_patience(connection: PoolProxiedConnection, ms: int) -> None:
        cursor = connection.cursor()
        try:
            cursor.execute(f"PRAGMA busy_timeout = {int(ms)}")
        finally:
            cursor.close()

    def _discard_connection(self, failure: Exception) -> None:
        """After a failed statement, nothing of the transaction may stay. A refused guard
        leaves the connection as good as it was: it is rolled back. Anything else may have
        left it unusable (a database restart, say): it is dropped, and the next
        transaction starts on a fresh one."""
        connection = self._connection
        if connection is None:
            return
        if isinstance(failure, StaleAppend):
            with contextlib.suppress(Exception):
                connection.rollback()
                return
        self._connection = None
        with contextlib.suppress(Exception):
            connection.invalidate()

    def _stage(self, batch: list[_Write], stamp: Any) -> PoolProxiedConnection | None:
        """On the loop: the batch's statements, uncommitted, and the connection that holds
        them; ``None`` if they failed, and then nothing of them is left."""
        connection = self._writer_connection()
        try:
            self._write_batch(connection, batch, stamp)
        except Exception as failure:
            self._discard_connection(failure)
            return None
        return connection

    def _finish(self, connection: PoolProxiedConnection) -> None:
        """In the store's thread: commits what :meth:`_stage` wrote."""
        try:
            connection.commit()
        except Exception as failure:
            self._discard_connection(failure)
            raise

    def _transaction(self, batch: list[_Write], stamp: Any) -> None:
        """In the store's thread: every write of the batch in one transaction, or none of
        them (raising)."""
        connection = self._writer_connection()
        try:
            self._write_batch(connection, batch, stamp)
            connection.commit()
        except Exception as failure:
            self._discard_connection(failure)
            raise

    def _one_by_one(self, batch: list[_Write], stamp: Any) -> list[BaseException | None]:
        """In the store's thread: each write in a transaction of its own. Here, unlike on
        the loop, a write may wait for another process's lock on a SQLite file."""
        outcomes: list[BaseException | None] = []
        try:
            for write in batch:
                try:
                    if self._on_loop:
                        self._set_lock_patience(self._writer_connection(), LOCK_PATIENCE_MS)
                    self._transaction([write], stamp)
                except Exception as failure:
                    outcomes.append(failure)
                else:
                    outcomes.append(None)
        finally:
            if self._on_loop and self._connection is not None:
                with contextlib.suppress(Exception):
                    self._set_lock_patience(self._connection, 0)
        return outcomes

    def _write_batch(
        self, connection: PoolProxiedConnection, batch: list[_Write], stamp: Any
    ) -> None:
        """The statements of a batch, uncommitted: the version guards of all rooms in one
        statement, their events in another, and the scoresheet rows where they changed."""
        sql = self._sql
        cursor = connection.cursor()
        try:
            if self.leased:
                # Rows are locked in the order of their codes, here and in a renewal, so that
                # the two never wait for each other in a circle (PostgreSQL would find the
                # deadlock only after a second, and abort one of them).
                codes = sorted({w.code for w in batch if w.room is None and w.review is None})
                if codes:
                    cursor.execute(LOCK_IN_ORDER, (codes,))
            sql.write_rows(
                cursor,
                sql.insert_room,
                [
                    (
                        w.code,
                        w.room.game,
                        None if w.room.options is None else _json(w.room.options),
                        w.room.size,
                        len(w.events),
                        w.projection.status,
                        w.projection.host,
                        stamp,
                        stamp,
                    )
                    for w in batch
                    if w.room is not None
                ],
            )
            guarded = [w for w in batch if w.version != 0]
            guards = [
                (
                    w.code,
                    w.version,
                    w.version + len(w.events),
                    w.projection.status,
                    w.projection.host,
                )
                for w in guarded
            ]
            # The version guard makes a second writer for the same room fail loudly
            # instead of interleaving two histories; with leases it also checks that this
            # instance still owns the room. Which room failed it is found when the batch is
            # retried one write at a time.
            if self.leased:
                assert self.instance is not None
                fenced = [(*g, w.epoch) for g, w in zip(guards, guarded, strict=True)]
                moved = sql.write_fenced_guards(cursor, stamp, fenced, self.instance)
            else:
                moved = sql.write_guards(cursor, stamp, guards) if guards else 0
            if guards and moved != len(guards):
                stale = batch[0] if len(batch) == 1 else None
                if stale is not None and self.leased:
                    self._check_owner(cursor, stale.code, stale.epoch)
                raise StaleAppend(
                    f"room {stale.code} is not at version {stale.version}"
                    if stale is not None
                    else "a room of the batch is not at the version its write expects"
                )
            events = [
                (w.code, w.version + i + 1, e["kind"], _json(e), stamp)
                for w in batch
                for i, e in enumerate(w.events)
            ]
            sql.write_events(cursor, events)
            self._write_projections(cursor, batch, stamp)
            lines = [
                (
                    w,
                    (
                        w.code,
                        c.seq,
                        c.at,
                        c.seat,
                        c.watcher,
                        c.name,
                        c.text,
                        c.reaction,
                        c.audience,
                    ),
                )
                for w in batch
                if (c := w.chat) is not None
            ]
            if self.leased:
                for w, row in lines:
                    cursor.execute(sql.insert_fenced_chat, (*row, w.code, self.instance, w.epoch))
                    if cursor.rowcount != 1:
                        self._check_owner(cursor, w.code, w.epoch)
            else:
                sql.write_rows(cursor, sql.insert_chat, [row for _, row in lines])
            sql.write_rows(
                cursor,
                sql.insert_review,
                [
                    (w.code, r.match_number, r.deal_number, _json(r.body), stamp)
                    for w in batch
                    if (r := w.review) is not None
                ],
            )
        finally:
            cursor.close()

    def _check_owner(self, cursor: Any, code: str, epoch: int | None) -> None:
        """After a fenced write matched nothing: :class:`LeaseLost` if the room is no longer
        this instance's under ``epoch`` (and it is then forgotten here)."""
        m = self._sql.mark
        cursor.execute(f"SELECT owner, owner_epoch FROM rooms WHERE code = {m}", (code,))
        row = cursor.fetchone()
        if row is None or row[0] != self.instance or row[1] != epoch:
            if self._epochs.get(code) == epoch:
                del self._epochs[code]
            raise LeaseLost(f"room {code} belongs to {row[0] if row else 'nobody'} now")

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
            [(d.number, d.dealer, _json(d.detail), code, d.match_number) for code, d in deals],
        )
        sql.write_rows(
            cursor,
            sql.insert_deal_seat,
            [
                (seat, score, code, d.match_number, d.number)
                for code, d in deals
                for seat, score in enumerate(d.scores)
                if score is not None
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
                    scores: list[int | None] = [None] * len(row.players)
                    for s in seat_rows:
                        scores[s.seat] = s.score
                    deal_rows.append(
                        DealRow(row.number, d.number, d.dealer, scores, dict(d.detail))
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

    async def chat(self, code: str, limit: int) -> list[ChatRow]:
        return await asyncio.to_thread(self._chat, code, limit)

    def _chat(self, code: str, limit: int) -> list[ChatRow]:
        line = m.ChatLine
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(line).where(line.room_code == code).order_by(line.seq.desc()).limit(limit)
            ).all()
        return [
            ChatRow(r.seq, r.sent_at, r.seat, r.watcher, r.name, r.text, r.reaction, r.audience)
            for r in reversed(rows)
        ]

    async def review(self, code: str, match: int, deal: int) -> ReviewRow | None:
        return await asyncio.to_thread(self._review, code, match, deal)

    def _review(self, code: str, match: int, deal: int) -> ReviewRow | None:
        kept = m.DealReview
        with self.engine.connect() as conn:
            body = conn.execute(
                select(kept.body).where(
                    kept.room_code == code, kept.match_number == match, kept.deal_number == deal
                )
            ).scalar()
        return None if body is None else ReviewRow(match, deal, orjson.loads(body))

    # -- leases ----------------------------------------------------------------------------------

    @property
    def shared(self) -> bool:
        """Several instances may serve this database, each owning its rooms by lease."""
        return self.leased

    async def request_handover(self, code: str) -> None:
        """Ask whichever instance owns ``code`` to hand it to this one (see :meth:`listen`)."""
        if self.leased:
            await asyncio.to_thread(self._notify, f"{code} {self.instance}")

    def _notify(self, payload: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {"channel": HANDOVER, "payload": payload},
            )

    async def hand_over(self, code: str, to: str, kept: dict[str, Any] | None = None) -> None:
        """Give the room straight to the instance ``to`` that asked for it, which takes it
        (:meth:`acquire`, under a new epoch) on its next try. Released to nobody, the room
        could be taken back at once by this instance's own reconnecting sockets. ``kept``
        goes with it, in the same statement, for ``to`` to load (:meth:`take_idle_kept`)."""
        if not self.leased or self._epochs.pop(code, None) is None:
            return
        await asyncio.to_thread(self._hand_over, code, to, None if kept is None else _json(kept))

    def _hand_over(self, code: str, to: str, kept: str | None) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                text(
                    "UPDATE rooms SET owner = :to, "
                    "lease_until = now() + make_interval(secs => :lease), "
                    "idle_kept = COALESCE(CAST(:kept AS TEXT), idle_kept) "
                    "WHERE code = :code AND owner = :me"
                ),
                {
                    "to": to,
                    "lease": self.lease_seconds,
                    "kept": kept,
                    "code": code,
                    "me": self.instance,
                },
            )

    def listen(self, asked: Callable[[str, str], None]) -> Callable[[], None]:
        """Calls ``asked(code, instance)`` (from a thread of its own) whenever another
        instance asks for a room; returns what stops listening. PostgreSQL's LISTEN/NOTIFY
        carries the requests: nothing but the database is shared between instances."""
        if not self.leased:
            return lambda: None
        stopped = threading.Event()
        dsn = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)

        def run() -> None:
            while not stopped.is_set():
                try:
                    with psycopg.connect(dsn, autocommit=True) as conn:
                        conn.execute(f"LISTEN {HANDOVER}")
                        while not stopped.is_set():
                            for note in conn.notifies(timeout=0.5):
                                code, _, asker = note.payload.partition(" ")
                                if asker and asker != self.instance:
                                    asked(code, asker)
                except Exception:
                    if stopped.is_set():
                        return
                    log.exception("listening for room handovers failed; listening again")
                    stopped.wait(1.0)

        thread = threading.Thread(target=run, name="room-handovers", daemon=True)
        thread.start()

        def stop() -> None:
            stopped.set()
            thread.join(timeout=5)

        return stop

    async def acquire(self, code: str) -> bool | None:
        if not self.leased:
            return True if await asyncio.to_thread(self._exists, code) else None
        epoch = await asyncio.to_thread(self._acquire, code)
        if epoch is None:
            return False if await asyncio.to_thread(self._exists, code) else None
        self._epochs[code] = epoch
        return True

    def _exists(self, code: str) -> bool:
        with self.engine.connect() as conn:
            found = conn.execute(select(m.Room.code).where(m.Room.code == code)).first()
        return found is not None

    def _acquire(self, code: str) -> int | None:
        # The database's clock alone says whether a lease has run out: instances' clocks
        # may disagree, and a paused instance's clock says nothing about the others.
        with self.engine.begin() as conn:
            row = conn.execute(
                text(
                    "UPDATE rooms SET owner = :me, owner_epoch = owner_epoch + 1, "
                    "lease_until = now() + make_interval(secs => :lease) "
                    "WHERE code = :code AND (owner IS NULL OR owner = :me "
                    "OR lease_until < now()) RETURNING owner_epoch"
                ),
                {"me": self.instance, "lease": self.lease_seconds, "code": code},
            ).first()
        return None if row is None else int(row[0])

    async def renew(self, codes: Sequence[str]) -> set[str]:
        if not self.leased:
            return set(codes)
        held = {c: e for c in codes if (e := self._epochs.get(c)) is not None}
        if not held:
            return set()
        renewed = await asyncio.to_thread(self._renew, list(held))
        kept = {c for c, epoch in renewed if held.get(c) == epoch}
        for code in held.keys() - kept:
            if self._epochs.get(code) == held[code]:
                del self._epochs[code]
        return kept

    def _renew(self, codes: list[str]) -> list[tuple[str, int]]:
        # One statement renews every room of the instance, however many it owns; its rows
        # are locked in the order of their codes first, as the writer locks its own.
        with self.engine.begin() as conn:
            conn.exec_driver_sql(LOCK_IN_ORDER, (sorted(codes),))
            rows = conn.execute(
                text(
                    "UPDATE rooms SET lease_until = now() + make_interval(secs => :lease) "
                    "WHERE owner = :me AND code = ANY(:codes) RETURNING code, owner_epoch"
                ),
                {"me": self.instance, "lease": self.lease_seconds, "codes": codes},
            ).all()
        return [(str(r[0]), int(r[1])) for r in rows]

    async def release(self, codes: Sequence[str]) -> None:
        if not self.leased:
            return
        held = [c for c in codes if c in self._epochs]
        for code in held:
            del self._epochs[code]
        if held:
            await asyncio.to_thread(self._release, held)

    async def release_earlier(self) -> int:
        if not self.leased:
            return 0
        return await asyncio.to_thread(self._release_earlier)

    def _release_earlier(self) -> int:
        with self.engine.begin() as conn:
            released = conn.execute(
                text("UPDATE rooms SET owner = NULL, lease_until = NULL WHERE owner = :me"),
                {"me": self.instance},
            ).rowcount
        return int(released)

    async def release_idle(self, rooms: Mapping[str, dict[str, Any]]) -> None:
        releases: list[tuple[str, str, int | None]] = []
        for code, kept in rooms.items():
            epoch = self._epochs.pop(code, None) if self.leased else None
            if self.leased and epoch is None:
                continue  # no longer this instance's: its owner keeps what it has
            releases.append((code, _json(kept), epoch))
        if releases:
            await asyncio.to_thread(self._release_idle, releases)

    def _release_idle(self, releases: list[tuple[str, str, int | None]]) -> None:
        with self.engine.begin() as conn:
            for code, kept, epoch in releases:
                if epoch is None:
                    conn.execute(
                        text("UPDATE rooms SET idle_kept = :kept WHERE code = :code"),
                        {"kept": kept, "code": code},
                    )
                else:
                    conn.execute(
                        text(
                            "UPDATE rooms SET idle_kept = :kept, owner = NULL,"
                            " lease_until = NULL"
                            " WHERE code = :code AND owner = :me AND owner_epoch = :epoch"
                        ),
                        {"kept": kept, "code": code, "me": self.instance, "epoch": epoch},
                    )

    async def take_idle_kept(self, code: str) -> dict[str, Any] | None:
        return await asyncio.to_thread(self._take_idle_kept, code)

    def _take_idle_kept(self, code: str) -> dict[str, Any] | None:
        with self.engine.begin() as conn:
            kept = conn.execute(select(m.Room.idle_kept).where(m.Room.code == code)).scalar()
            if kept is None:
                return None
            conn.execute(
                text("UPDATE rooms SET idle_kept = NULL WHERE code = :code"), {"code": code}
            )
        loaded: dict[str, Any] = orjson.loads(kept)
        return loaded

    def _release(self, codes: list[str]) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                text(
                    "UPDATE rooms SET owner = NULL, lease_until = NULL "
                    "WHERE owner = :me AND code = ANY(:codes)"
                ),
                {"me": self.instance, "codes": codes},
            )

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        flushing = self._flushing
        if flushing is not None and not flushing.done():
            with contextlib.suppress(Exception):
                await flushing
        await asyncio.get_running_loop().run_in_executor(self._thread, self._close_connection)
        self._thread.shutdown()
        self.engine.dispose()

    def _close_connection(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            connection.close()
