"""Nobody can stall a table: when the player to act has been away (no connection) for the
room's grace, a computer player stands in for them until they return; when the host has
been away as long, the role passes to the next player who is there, and back on return;
with a move clock, a move not made in time is made by a computer player for that once.

Each room has at most one timer, set for the earliest of those moments and set again after
every change to the room; when it fires, the room is looked at again under its lock, so a
player who came back in the meantime keeps their seat. The moments are also in the room's
public object (``stand_in_at``, ``host_due``), so that every client counts down to them.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Protocol

from app.bots import make_bot

from .commands import Act, Command
from .events import Event
from .live import LiveRoom, Member
from .room import STAND_IN_LEVEL, TableError

log = logging.getLogger("kortbord.tables")


class Committing(Protocol):
    async def commit_due(self, live: LiveRoom, events: list[Event]) -> None: ...

    async def handle(self, member: Member, command: Command, ident: str | None = None) -> None: ...


class _Quiet:
    """Where the room's replies to a move the clock made go: nobody reads them."""

    def send_text(self, text: str) -> None:
        return None

    def close(self, code: int, reason: str) -> None:
        return None


def due_events(live: LiveRoom, now: float) -> list[Event]:
    """What is due in ``live`` at ``now``: a stand-in, a host's role passed on, or nothing."""
    stand_in = live.stand_in_due()
    if stand_in is not None and stand_in[1] <= now:
        return live.state.stand_in(stand_in[0])
    host = live.host_due()
    if host is not None and host[1] <= now:
        return live.state.pass_host(host[0])
    return []


def next_due(live: LiveRoom) -> float | None:
    dues = (live.stand_in_due(), live.host_due(), live.move_due())
    times = [due[1] for due in dues if due is not None]
    return min(times) if times else None


def clock_move(live: LiveRoom, now: float) -> tuple[int, Act] | None:
    """With a move clock run out: the seat and the move a stand-in makes for it (the player
    keeps the seat and plays the next move themselves)."""
    due = live.move_due()
    if due is None or due[1] > now:
        return None
    seat = due[0]
    view = live.state.view_for(seat)
    if view is None or view.get("legal") is None:
        return None
    bot = make_bot(live.state.game.name, STAND_IN_LEVEL, seed=live.state.version)
    return seat, Act(live.state.version, bot.decide(view))


class StallGuard:
    def __init__(self, tables: Committing) -> None:
        self.tables = tables
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._acting: set[asyncio.Task[None]] = set()
        """Tasks running what fell due: kept, so that none is collected before it ends."""

    def watch(self, live: LiveRoom) -> None:
        """Set the room's timer for its next due moment (after any change to the room)."""
        if live.gone:
            self.forget(live.state.code)
            return
        live.note_presence()
        code = live.state.code
        timer = self._timers.pop(code, None)
        if timer is not None:
            timer.cancel()
        when = next_due(live)
        if when is None:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, when - time.time())
        self._timers[code] = loop.call_later(delay, self._fire, live)

    def pending(self, code: str) -> bool:
        """Whether something is due in the room later (its timer is set)."""
        return code in self._timers

    def held(self) -> dict[str, int]:
        """Entries kept per room (:meth:`Tables.held`)."""
        return {"timers": len(self._timers), "due_running": len(self._acting)}

    def forget(self, code: str) -> None:
        timer = self._timers.pop(code, None)
        if timer is not None:
            timer.cancel()

    def _fire(self, live: LiveRoom) -> None:
        self._timers.pop(live.state.code, None)
        task = asyncio.ensure_future(self._act(live))
        self._acting.add(task)
        task.add_done_callback(self._acting.discard)

    async def _act(self, live: LiveRoom) -> None:
        async with live.lock:
            live.note_presence()
            now = time.time()
            events = due_events(live, now)
            move = None if events else clock_move(live, now)
            if events:
                try:
                    await self.tables.commit_due(live, events)
                except TableError:
                    log.warning("room %s: what was due could not be saved", live.state.code)
        if move is not None:
            # through the room's own path, as a person's move: a stale one is refused
            seat, act = move
            await self.tables.handle(Member(_Quiet(), live, seat), act)
        self.watch(live)

    def close(self) -> None:
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        for task in self._acting:
            task.cancel()
