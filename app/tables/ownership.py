"""Which rooms this server instance owns, when several share one PostgreSQL database.

A room lives in one instance at a time: the one holding its lease (app/store/sql.py). This
instance takes a room before loading it, asking its owner to give it up if another instance
has it, renews all its leases in one statement every few seconds, drops a room at once when
its lease did not come back, and gives a room up when another instance asks for it (its
sockets reconnect, and the proxy sends them where the room is going). Starting, it releases
whatever the database still names it the owner of (its earlier run's, under the same name),
and a room that goes back and forth between two instances settles on one of them.

With a store only one instance serves (SQLite, memory), every room is this instance's and
none of this costs anything: the store grants every room and renews every lease.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Protocol

from app.store import RoomStore

log = logging.getLogger("kortbord.tables")

CLOSE_ELSEWHERE = 4409
"""A socket's room is served by another instance: reconnect (the proxy routes by room)."""
CLOSE_MOVED = 1012
"""The room is moving to another instance (asked for, or this one is stopping): reconnect."""
CLOSE_LOST = 1013
"""This instance lost the room's lease: reconnect, to whichever instance has it now."""


class RoomElsewhere(Exception):
    """Another instance owns the room and did not give it up in time."""

    def __init__(self, code: str) -> None:
        super().__init__(f"room {code} is served by another instance")
        self.code = code


class Owner(Protocol):
    """What ownership needs of the rooms layer."""

    def owned(self) -> list[str]: ...

    def lose(self, code: str, close_code: int, reason: str) -> None: ...

    async def give_up(self, code: str, to: str) -> bool: ...


class Ownership:
    def __init__(
        self,
        owner: Owner,
        store: RoomStore,
        *,
        lease_seconds: float,
        renew_every: float,
        tenure: float,
    ) -> None:
        """``tenure``: how long this instance keeps a room it took before it gives it up on
        request, so that two instances both asked for one room pass it back and forth no
        faster than that."""
        self.owner = owner
        self.store = store
        self.shared = store.shared
        self.lease_seconds = lease_seconds
        self.renew_every = renew_every
        self.tenure = tenure
        self._since: dict[str, float] = {}
        self._renewing: asyncio.Task[None] | None = None
        self._stop_listening: Callable[[], None] | None = None
        self._giving: set[asyncio.Task[None]] = set()
        self.settle = 2 * lease_seconds
        self._gave: dict[str, tuple[float, float, int]] = {}
        """Rooms this instance gave to another on request: when, until when it does not ask
        for them back, and how many times in a row it gave each away (:meth:`_gave_away`)."""

    # -- taking a room -------------------------------------------------------------------------

    async def take(self, code: str) -> bool:
        """Own ``code`` before it is loaded: ``False`` if there is no such room.

        Raises :class:`RoomElsewhere` if its owner kept it for longer than a lease, or if
        it has just settled on another instance (:meth:`_gave_away`)."""
        if not self.shared:
            return True  # the one instance owns every room; loading says if there is one
        taken = await self.store.acquire(code)
        if taken is None:
            return False
        if not taken:
            gave = self._gave.get(code)
            if gave is not None and time.monotonic() < gave[1]:
                # It went back and forth already: its clients here are told to reconnect,
                # and one that can reach another instance finds it there, rather than
                # taking it from the players who have it now.
                raise RoomElsewhere(code)
            self._start()
            taken = await self._ask(code)
            if taken is None:
                return False
            if not taken:
                raise RoomElsewhere(code)
        self._since[code] = time.monotonic()
        self._start()
        return True

    async def _ask(self, code: str) -> bool | None:
        """Asks the owner to give the room up, and takes it once it has (or once its lease
        has run out, when the owner is gone): a dead owner costs a client one lease, and its
        socket stays open meanwhile. Two leases: a room handed to an instance that had
        stopped waiting for it is free again one lease later."""
        deadline = time.monotonic() + 2 * self.lease_seconds + 1.0
        asked_at = 0.0
        while time.monotonic() < deadline:
            now = time.monotonic()
            if now - asked_at >= 1.0:
                await self.store.request_handover(code)
                asked_at = now
            await asyncio.sleep(0.1)
            taken = await self.store.acquire(code)
            if taken is not False:
                return taken
        return False

    def forget(self, code: str) -> None:
        self._since.pop(code, None)

    def held(self) -> dict[str, int]:
        """Entries kept per room (:meth:`Tables.held`)."""
        return {"owned_since": len(self._since), "given_away": len(self._gave)}

    async def start(self) -> None:
        """The instance starts serving. Whatever the store still names it the owner of is
        its earlier run's (it was killed, or lost the database, under the same
        ``KORTBORD_INSTANCE_ID``), and nothing of it is in memory: those rooms are released
        at once, for whichever instance their players reach, this one included, to take
        without waiting for their leases to run out. It then listens for requests."""
        if not self.shared:
            return
        released = await self.store.release_earlier()
        if released:
            log.info("released %d rooms this instance held before it restarted", released)
        self._start()

    # -- keeping the rooms ---------------------------------------------------------------------

    def _start(self) -> None:
        if not self.shared:
            return
        if self._renewing is None:
            self._renewing = asyncio.create_task(self._keep())
        if self._stop_listening is None:
            loop = asyncio.get_running_loop()

            def asked(code: str, asker: str) -> None:  # from the listening thread
                loop.call_soon_threadsafe(self._asked, code, asker)

            self._stop_listening = self.store.listen(asked)

    async def _keep(self) -> None:
        renewed_at = time.monotonic()
        while True:
            await asyncio.sleep(self.renew_every)
            codes = self.owner.owned()
            try:
                held = await self.store.renew(codes)
            except Exception:
                log.exception("renewing the rooms' leases failed")
                if time.monotonic() - renewed_at > self.lease_seconds * 0.8:
                    # The leases may be running out unseen: another instance may be taking
                    # the rooms. Nothing more may be shown or done here on their behalf.
                    for code in self.owner.owned():
                        self.owner.lose(code, CLOSE_LOST, "the room's lease could not be renewed")
                continue
            renewed_at = time.monotonic()
            self._forget_old_gifts()
            for code in codes:
                if code not in held:
                    log.warning("room %s: its lease was lost; dropping it", code)
                    self.owner.lose(code, CLOSE_LOST, "this server lost the room; reconnect")

    def _asked(self, code: str, asker: str) -> None:
        since = self._since.get(code)
        if since is None or time.monotonic() - since < self.tenure:
            return  # not ours, or taken just now: the asker asks again
        task = asyncio.ensure_future(self._give(code, asker))
        self._giving.add(task)
        task.add_done_callback(self._giving.discard)

    async def _give(self, code: str, asker: str) -> None:
        if await self.owner.give_up(code, asker):
            self._gave_away(code)

    def _gave_away(self, code: str) -> None:
        """A room given away on request. Given away once, it is asked for again as soon as
        one of its players reaches this instance: behind a proxy that routes by room, the
        players who had it here follow it, and one reaching here means it is routed here.
        Given away again soon after it came back, it is bouncing between two instances
        that its players reach directly: this instance then leaves it where it went for a
        while, longer each time it bounces (twice a lease, doubling, at most 32 leases),
        so that it settles on one of them."""
        now = time.monotonic()
        last = self._gave.get(code)
        streak = 1
        if last is not None and now - last[0] < self.settle + (last[1] - last[0]):
            streak = last[2] + 1
        hold = 0.0 if streak == 1 else self.settle * 2 ** min(streak - 2, 4)
        self._gave[code] = (now, now + hold, streak)

    def _forget_old_gifts(self) -> None:
        now = time.monotonic()
        for code, (at, until, _) in list(self._gave.items()):
            if now - at >= self.settle + (until - at):
                del self._gave[code]

    async def close(self, codes: list[str]) -> None:
        """Stopping: every room is released for the other instances to take at once."""
        if self._stop_listening is not None:
            await asyncio.to_thread(self._stop_listening)
        if self._renewing is not None:
            self._renewing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._renewing
        with contextlib.suppress(Exception):
            await self.store.release(codes)
