"""A room as it lives in a server process: its state, its lock, its connections, and the
frames it sends them.

Each member is sent its own snapshot: what all seats see alike (the room, the public part
of the view) is computed and encoded once per change, not once per seat.

A crowd gets its share and no more (:class:`RoomLimits`): seated players are sent each change
at once, spectators the latest state at most every ``spectator_every`` seconds (never one
that is not yet committed, nor one older than the last), and new chat lines go out together
once per ``chat_tick``. A crowd's messages go out :data:`SEND_SLICE` connections at a time,
other rooms' work taking its turn in between, so that a crowd never holds a quiet table up
for longer than one slice.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from .chat import ChatLog
from .encoding import EncodedParts, dumps
from .limits import RoomLimits, TokenBucket
from .room import RoomState, TableError

CLOSE_TRY_AGAIN = 1013  # WebSocket close code: come back later, and resync on reconnect
SEND_SLICE = 16
"""Connections sent a spectators' state or a chat message in one go, before the rest of the
server gets a turn: sending one takes some 50 µs, so a slice well under a millisecond."""


class Client(Protocol):
    """A connection as the rooms layer sees it. ``send_text`` must not block."""

    def send_text(self, text: str) -> None: ...

    def close(self, code: int, reason: str) -> None: ...


class Member:
    """One connection in one room, seated or watching."""

    __slots__ = ("_seat", "client", "closed", "held", "room", "shown", "watcher")

    def __init__(self, client: Client, room: LiveRoom, seat: int | None = None) -> None:
        self.client = client
        self.room = room
        self._seat = seat
        room.watchers += 1
        self.watcher = room.watchers
        """The connection's number in the room: what its chat lines carry while it watches."""
        self.held: TableError | None = None
        """A newcomer the room had no place for: what it is told unless it proves a seat."""
        self.closed = False
        """Closed by the room for a limit: whatever it still sends is not heard."""
        self.shown = 0
        """The room's number of the last state this connection was sent (:meth:`send_state`):
        a state sent later in slices is not sent after a newer one."""

    @property
    def seat(self) -> int | None:
        return self._seat

    @seat.setter
    def seat(self, seat: int | None) -> None:
        if seat != self._seat:
            self._seat = seat
            self.room.presence += 1


class Dormant:
    """A room held as its log alone: still this instance's (its lease kept, with several
    instances), nothing of it in memory but what its log does not hold. Its next visitor
    rebuilds it from the log, as after an unload, and it comes back the same."""

    __slots__ = ("active_at", "away_since", "chat_budget", "hint_budgets", "watchers")

    def __init__(
        self,
        active_at: float,
        away_since: dict[int, float],
        watchers: int,
        chat_budget: TokenBucket | None,
        hint_budgets: dict[int, TokenBucket] | None,
    ) -> None:
        self.active_at = active_at
        """When (monotonic) someone last came, went or changed the room: the idle time
        after which it is unloaded counts from it, not from its falling asleep."""
        self.away_since = away_since
        self.watchers = watchers
        self.chat_budget = chat_budget
        """The spectators' chat budget, if it was not full (a full one is a new one)."""
        self.hint_budgets = hint_budgets
        """The seats' hint budgets that were not full, if any."""

    def kept(self) -> dict[str, Any]:
        """What an unload stores of it (:meth:`LiveRoom.idle_kept`)."""
        return {
            "away_since": {str(seat): at for seat, at in self.away_since.items()},
            "watchers": self.watchers,
        }


def _parts_for(state: RoomState) -> EncodedParts:
    game = state.game
    return EncodedParts(game.stable_view_keys, game.growing_deal_keys)


@dataclass(eq=False)
class LiveRoom:
    state: RoomState
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    members: set[Member] = field(default_factory=set)
    committed: int = 0
    """The version last made durable: what may be shown without taking the lock."""
    encoded: EncodedParts = field(init=False)
    presence: int = 0
    """Counts changes of who is here and where they sit (see :meth:`room_json`)."""
    _room: tuple[tuple[int, int], str] | None = field(default=None, init=False, repr=False)
    """The encoded room object, and what it was encoded for."""
    turn: tuple[int, int, float] | None = None
    """With a move clock: the room version and seat of the move awaited, and since when."""
    away_since: dict[int, float] = field(default_factory=dict)
    """Seats held by a person with no connection, and since when (wall clock, seconds): a
    restart counts from the room's loading."""
    chat: ChatLog = field(default_factory=ChatLog)
    watchers: int = 0
    """Connections numbered so far (:attr:`Member.watcher`)."""
    gone: bool = False
    """The room left this instance (its lease lost or given up, or it could not be saved):
    nothing more is done or shown here on its behalf."""
    muted_watchers: set[int] = field(default_factory=set)
    """Spectators' connections the host has muted in the chat; a mute ends with its
    connection."""
    limits: RoomLimits = field(default_factory=RoomLimits)
    held: dict[Member, asyncio.TimerHandle] = field(default_factory=dict)
    """Newcomers past a limit, each with the timer that closes it unless it proves a seat:
    sent their greeting alone, they count nowhere and hear nothing else."""
    _owed: bool = field(default=False, init=False, repr=False)
    """The spectators have not yet been sent the latest state."""
    _owed_soon: bool = field(default=False, init=False, repr=False)
    """A timer (or a task waiting for the lock) will send it."""
    _owed_task: asyncio.Task[None] | None = field(default=None, init=False, repr=False)
    _spectators_at: float = field(default=float("-inf"), init=False, repr=False)
    _chat_out: list[dict[str, Any]] = field(default_factory=list, init=False, repr=False)
    _chat_timer: asyncio.TimerHandle | None = field(default=None, init=False, repr=False)
    _chat_at: float = field(default=float("-inf"), init=False, repr=False)
    _chat_rest: list[tuple[Member, str]] = field(default_factory=list, init=False, repr=False)
    """The chat message going out slice by slice: those still to be sent it, and its text."""
    _snapshots: int = field(default=0, init=False, repr=False)
    """States built so far (:attr:`Member.shown`)."""
    chat_budget: TokenBucket | None = field(default=None, init=False, repr=False)
    """What the room's spectators may still say together (``limits.chat_burst``)."""
    hint_budgets: dict[int, TokenBucket] = field(default_factory=dict, init=False, repr=False)
    """The hints each seat may still ask for (``limits.hint_burst``), however many
    connections it has."""
    active_at: float = field(default_factory=time.monotonic, init=False, repr=False)
    """When (monotonic) someone last came, went or changed the room: an idle room is
    unloaded once nothing has happened in it for a while."""
    unloaded: bool = field(default=False, init=False, repr=False)
    """Left this instance's memory idle (:attr:`gone` too): a newcomer that still holds
    this object loads the room again."""

    def __post_init__(self) -> None:
        self.committed = self.state.version
        self.encoded = _parts_for(self.state)
        if self.limits.chat_burst is not None:
            self.chat_budget = TokenBucket(1 / self.limits.chat_every, self.limits.chat_burst)

    def idle_kept(self) -> dict[str, Any]:
        """What the room holds beyond its log, for it to come back the same after an
        unload: when each seat's player went away (the stand-in and the host's role count
        from it), and how many connections were numbered (a spectator's chat lines carry
        the number)."""
        return {
            "away_since": {str(seat): at for seat, at in self.away_since.items()},
            "watchers": self.watchers,
        }

    def restore(self, kept: dict[str, Any] | None) -> None:
        """Loaded again: what :meth:`idle_kept` kept, for the seats whose player is still
        a person away (nobody is connected yet)."""
        if kept is None:
            return
        for seat_text, at in kept.get("away_since", {}).items():
            seat = int(seat_text)
            if 0 <= seat < self.state.size and self.state.person_at(seat):
                self.away_since[seat] = float(at)
        self.watchers = max(self.watchers, int(kept.get("watchers", 0)))

    def dormant(self) -> Dormant:
        """The room falls asleep, quiet (no connection, nothing to happen by itself): what
        its log does not hold, for :meth:`wake` to give back. Budgets that are full again
        are as good as new ones, and are not kept."""
        chat = self.chat_budget
        hints = {seat: b for seat, b in self.hint_budgets.items() if not b.full()}
        return Dormant(
            self.active_at,
            dict(self.away_since),
            self.watchers,
            None if chat is None or chat.full() else chat,
            hints or None,
        )

    def wake(self, dormant: Dormant) -> None:
        """Loaded again from the log after it slept (:meth:`dormant`): what it kept, as it
        was. Nobody is connected yet, so every seat away then is away still."""
        self.away_since.update(dormant.away_since)
        self.watchers = max(self.watchers, dormant.watchers)
        if dormant.chat_budget is not None:
            self.chat_budget = dormant.chat_budget
        if dormant.hint_budgets:
            self.hint_budgets.update(dormant.hint_budgets)

    def may_hint(self, seat: int) -> bool:
        """Takes one of the seat's hints, if it has one left."""
        burst = self.limits.hint_burst
        if burst is None:
            return True
        budget = self.hint_budgets.get(seat)
        if budget is None:
            budget = self.hint_budgets[seat] = TokenBucket(1 / self.limits.hint_every, burst)
        return budget.take()

    def replace_state(self, state: RoomState) -> None:
        """The room rebuilt from the store: what was kept of the old state goes."""
        self.state = state
        self.committed = state.version
        self.encoded = _parts_for(state)
        self.presence += 1  # the new state's revision count may repeat one already shown

    def drop_caches(self) -> None:
        """Nobody is connected: what only speeds up the frames sent to connections (the
        match's view cache, the encoded view parts and room object) goes, to be made again
        by the next frame, the same. An idle room holds its state alone."""
        self.state.drop_caches()
        self.encoded = _parts_for(self.state)
        self._room = None

    def add(self, member: Member) -> None:
        self.members.add(member)
        self.presence += 1

    def discard(self, member: Member) -> None:
        self.members.discard(member)
        self.muted_watchers.discard(member.watcher)
        self.presence += 1

    def spectators(self) -> int:
        return sum(1 for m in self.members if m.seat is None)

    def no_place(self, more: int = 1) -> TableError | None:
        """Why the room cannot take ``more`` spectators (counting those it has), or ``None``
        if it can."""
        limits = self.limits
        if limits.connections is not None and len(self.members) + more > limits.connections:
            return TableError("room_full", "this room holds as many connections as it takes")
        if limits.spectators is not None and self.spectators() + more > limits.spectators:
            return TableError("too_many_spectators", "this room has as many spectators as it takes")
        return None

    def connected(self) -> list[bool]:
        seated = {m.seat for m in self.members}
        return [i in seated for i in range(self.state.size)]

    def note_presence(self, now: float | None = None) -> None:
        """Start or stop the clock of each seat whose person has gone or come back."""
        now = time.time() if now is None else now
        connected = self.connected()
        changed = False
        for seat in range(self.state.size):
            away = self.state.person_at(seat) and not connected[seat]
            if away and seat not in self.away_since:
                self.away_since[seat] = now
                changed = True
            elif not away and seat in self.away_since:
                del self.away_since[seat]
                changed = True
        if changed:
            self.presence += 1
        mover = self.state.awaited() if self.state.move_clock is not None else None
        if mover is None:
            self.turn = None
        elif self.turn is None or self.turn[:2] != (self.state.version, mover):
            self.turn = (self.state.version, mover, now)

    def move_due(self) -> tuple[int, float] | None:
        """With a move clock: the seat to move and when its time runs out."""
        clock = self.state.move_clock
        if clock is None or self.turn is None or self.turn[0] != self.state.version:
            return None
        return self.turn[1], self.turn[2] + clock

    def stand_in_due(self) -> tuple[int, float] | None:
        """The seat the match waits for while its player is away, and when (wall clock) a
        stand-in is to play for them."""
        grace = self.state.away_grace
        seat = self.state.awaited()
        if grace is None or seat is None or seat not in self.away_since:
            return None
        # only someone at the table is kept waiting: a table everyone has left is not played
        # out by computers in their absence
        connected = self.connected()
        if not any(
            connected[s] and self.state.person_at(s) for s in range(self.state.size) if s != seat
        ):
            return None
        return seat, self.away_since[seat] + grace

    def host_due(self) -> tuple[int, float] | None:
        """The seat the host role is to pass to while the host is away, and when: the next
        person with a connection after the host, in seat order."""
        grace = self.state.away_grace
        host = self.state.host
        if grace is None or host is None or host not in self.away_since:
            return None
        size = self.state.size
        connected = self.connected()
        for k in range(1, size):
            seat = (host + k) % size
            if self.state.person_at(seat) and connected[seat]:
                return seat, self.away_since[host] + grace
        return None

    def room_json(self) -> str:
        """The public room object, encoded; moves in a match leave it as it is, so it is
        encoded again only when the room itself or who is there has changed: the state's
        revision and the presence count say so without looking at every connection. A move
        may change whom the match waits for, so a room with someone away is encoded anew."""
        key = (self.state.revision, self.presence)
        timed = self.away_since or self.state.move_clock is not None
        if self._room is None or self._room[0] != key or timed:
            stand_in = self.stand_in_due()
            host = self.host_due()
            move = self.move_due()
            public = self.state.public(
                self.connected(),
                spectators=self.spectators(),
                due={stand_in[0]: int(stand_in[1] * 1000)} if stand_in else None,
                host_due=int(host[1] * 1000) if host else None,
                clock_at=(move[0], int(move[1] * 1000)) if move else None,
                muted_watchers=self.muted_watchers,
            )
            self._room = (key, dumps(public))
        return self._room[1]

    # -- sending ---------------------------------------------------------------------------------

    def send_state(
        self, members: Collection[Member], acked: tuple[Member, str | None] | None = None
    ) -> str | None:
        """Each member's own snapshot; returns the spectators' one, if one was made.

        ``acked``: the member whose action this state follows, and the action's id, which
        its copy carries."""
        state = self.state
        self.note_presence()
        if not members:
            return None
        self._snapshots += 1
        snapshot = self._snapshots
        public = state.view_for(None)
        if public is not None:
            public = self.encoded.shared(public)
        # the server's clock, so that a client can count down to a time the room names
        now = int(time.time() * 1000)
        head = f'{{"type":"state","v":{state.version},"t":{now},"seat":'
        room = f',"room":{self.room_json()},"view":'
        actor, ident = acked if acked is not None else (None, None)
        texts: dict[int | None, str] = {}
        for m in members:
            seat = m.seat
            text = texts.get(seat)
            if text is None:
                if seat is None:
                    text = f"{head}null{room}{dumps(public)}}}"
                else:
                    text = f"{head}{seat}{room}{dumps(state.view_for(seat, public))}}}"
                texts[seat] = text
            if m is actor:
                text = f'{text[:-1]},"id":{dumps(ident)}}}'
            m.shown = snapshot
            m.client.send_text(text)
        return texts.get(None)

    def broadcast(
        self, acked: tuple[Member, str | None] | None = None, at_once: Member | None = None
    ) -> None:
        """A change to every connection: the seated ones, the actor and ``at_once`` at
        once, the other spectators at most every ``limits.spectator_every`` seconds."""
        if self.limits.spectator_every <= 0 or self.spectators() <= self.limits.crowd:
            # a few spectators follow the table as its players do
            self.send_state(self.members, acked)
            return
        actor = acked[0] if acked is not None else None
        now = [m for m in self.members if m.seat is not None or m is actor or m is at_once]
        self.send_state(now, acked)
        if len(now) < len(self.members):
            self._owe_spectators()

    def catch_up(self, member: Member) -> None:
        """The latest state to a spectator at once, who would otherwise wait for the next
        one the spectators are sent (a spectator's own answer)."""
        if self.limits.spectator_every > 0:
            self.send_state([member])

    def _owe_spectators(self) -> None:
        """Called with the room's latest change committed: the spectators get it now if
        they have not been sent a state for ``spectator_every``, else when that is up."""
        self._owed = True
        if self._owed_soon:
            return  # the state they will be sent is the latest there is then
        wait = self._spectators_at + self.limits.spectator_every - time.monotonic()
        if wait <= 0:
            self._send_spectators()
        else:
            self._owed_soon = True
            asyncio.get_running_loop().call_later(wait, self._spectators_due)

    def _spectators_due(self) -> None:
        if not self.lock.locked():
            self._owed_soon = False
            self._send_spectators()
        elif self._owed_task is None:
            # a change may be applied in memory and not yet stored: wait until it is
            self._owed_task = asyncio.ensure_future(self._spectators_after_lock())

    async def _spectators_after_lock(self) -> None:
        try:
            async with self.lock:
                self._owed_soon = False
                self._send_spectators()
        finally:
            self._owed_task = None

    def _send_spectators(self) -> None:
        if not self._owed or self.gone:
            return
        self._owed = False
        self._spectators_at = time.monotonic()
        watching = [m for m in self.members if m.seat is None]
        text = self.send_state(watching[:SEND_SLICE])
        if text is not None and len(watching) > SEND_SLICE:
            asyncio.get_running_loop().call_soon(
                self._spectators_more, watching, SEND_SLICE, text, self._snapshots
            )

    def _spectators_more(
        self, watching: list[Member], start: int, text: str, snapshot: int
    ) -> None:
        """The next slice of spectators is sent the state made for them all: those still
        watching and not sent a newer one meanwhile."""
        if self.gone:
            return
        end = start + SEND_SLICE
        for m in watching[start:end]:
            if m.seat is None and m.shown < snapshot and m in self.members:
                m.shown = snapshot
                m.client.send_text(text)
        if end < len(watching):
            asyncio.get_running_loop().call_soon(
                self._spectators_more, watching, end, text, snapshot
            )

    def send_chat(self, members: Iterable[Member], lines: list[dict[str, Any]]) -> None:
        """New chat lines to the members who may read them, at once."""
        for m, text in self._chat_texts(members, lines):
            m.client.send_text(text)

    def _chat_texts(
        self, members: Iterable[Member], lines: list[dict[str, Any]]
    ) -> list[tuple[Member, str]]:
        """Each member who may read some of ``lines``, with the message it is to be sent: a
        line only spectators read goes to connections without a seat alone."""
        v = self.committed
        spectators_only = any(li.get("to") == "spectators" for li in lines)
        if spectators_only:
            everyone = [li for li in lines if li.get("to") != "spectators"]
            for_seats = dumps({"type": "chat", "v": v, "lines": everyone}) if everyone else None
        else:
            for_seats = dumps({"type": "chat", "v": v, "lines": lines})
        for_spectators = dumps({"type": "chat", "v": v, "lines": lines})
        out = []
        for m in members:
            text = for_spectators if m.seat is None else for_seats
            if text is not None:
                out.append((m, text))
        return out

    def queue_chat(self, line: dict[str, Any]) -> None:
        """A new line, stored already, to whoever may read it: at once if the room sent none
        for ``chat_tick``, else with the others said meanwhile when that is up."""
        self._chat_out.append(line)
        if self._chat_timer is not None:
            return
        wait = self._chat_at + self.limits.chat_tick - time.monotonic()
        if wait <= 0:
            self.flush_chat()
        else:
            self._chat_timer = asyncio.get_running_loop().call_later(wait, self.flush_chat)

    def flush_chat(self, at_once: bool = False) -> None:
        """Sends the lines waiting to go out, if any, a slice of the room at a time (all of
        it ``at_once``). A message still going out goes on first: the lines said since
        follow it."""
        if self._chat_timer is not None:
            self._chat_timer.cancel()
            self._chat_timer = None
        if self._chat_rest:
            if not at_once:
                return  # sent when that message has gone out
            self._chat_more(len(self._chat_rest))
        if not self._chat_out:
            return
        lines, self._chat_out = self._chat_out, []
        self._chat_at = time.monotonic()
        if not self.gone:
            self._chat_rest = self._chat_texts(self.members, lines)
            self._chat_more(len(self._chat_rest) if at_once else SEND_SLICE)

    def _chat_more(self, count: int) -> None:
        sending, self._chat_rest = self._chat_rest[:count], self._chat_rest[count:]
        for m, text in sending:
            if m in self.members:
                m.client.send_text(text)
        if self._chat_rest:
            asyncio.get_running_loop().call_soon(self._chat_more, SEND_SLICE)
        elif self._chat_out and self._chat_timer is None:
            # lines said while that message went out: the next one, when the tick is up
            wait = max(0.0, self._chat_at + self.limits.chat_tick - time.monotonic())
            self._chat_timer = asyncio.get_running_loop().call_later(wait, self.flush_chat)

    def send_chat_backlog(self, member: Member) -> None:
        # the lines waiting to go out first: the backlog, which has them, replaces them
        self.flush_chat(at_once=True)
        lines = self.chat.readable(member.seat is None)
        self.reply(
            member,
            {
                "type": "chat",
                "v": self.committed,
                "lines": lines,
                "watcher": member.watcher,
                "backlog": True,
            },
        )

    @staticmethod
    def reply(member: Member, message: dict[str, Any]) -> None:
        member.client.send_text(dumps(message))

    def refuse(self, member: Member, error: TableError, ident: str | None) -> None:
        message: dict[str, Any] = {
            "type": "error",
            "v": self.state.version,
            "code": error.code,
            "message": error.message,
            "detail": error.detail,
        }
        if ident is not None:
            message["id"] = ident
        self.reply(member, message)
        if error.code == "stale_version":
            self.send_state([member])

    def hold(self, member: Member, refusal: TableError, expel: Callable[[], None]) -> None:
        """A newcomer the room has no place for: it has ``limits.seat_proof`` seconds to
        prove a seat before ``expel`` is called."""
        member.held = refusal
        timer = asyncio.get_running_loop().call_later(self.limits.seat_proof, expel)
        self.held[member] = timer

    def unhold(self, member: Member) -> None:
        timer = self.held.pop(member, None)
        if timer is not None:
            timer.cancel()
        member.held = None

    def close_all(self, reason: str, code: int = CLOSE_TRY_AGAIN) -> None:
        for m in self.members:
            m.client.close(code, reason)
        for m in list(self.held):
            self.unhold(m)
            m.client.close(code, reason)
        self.members.clear()
        self.presence += 1
