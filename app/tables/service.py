"""Live rooms: one action at a time per room, committed before anyone sees its effect.

For every command the order is fixed: check it against the room (which yields events),
append the events to the store (durable on return), apply them to the room in memory, and
only then send every connection its own view. If the store fails, the room is rebuilt from
what the store holds, so memory never runs ahead of the disk.
"""

from __future__ import annotations

import asyncio
import json
import logging
import operator
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import orjson

from app.bots import DEFAULT_BUDGET
from app.engine.bismarck import DEALS_PER_MATCH
from app.store import RoomStore

from . import history
from .autoplay import Autoplay
from .commands import (
    Act,
    AddBot,
    Command,
    End,
    Hello,
    Leave,
    Remove,
    RemoveBot,
    Reorder,
    Sit,
    Start,
    TransferHost,
)
from .credentials import new_room_code
from .events import CREATED, START, Event
from .projection import projection
from .room import RoomState, TableError

log = logging.getLogger("kortbord.tables")

CLOSE_TRY_AGAIN = 1013  # WebSocket close code: come back later, and resync on reconnect


class Client(Protocol):
    """A connection as the rooms layer sees it. ``send_text`` must not block."""

    def send_text(self, text: str) -> None: ...

    def close(self, code: int, reason: str) -> None: ...


class Member:
    """One connection in one room, seated or watching."""

    __slots__ = ("_seat", "client", "room")

    def __init__(self, client: Client, room: LiveRoom, seat: int | None = None) -> None:
        self.client = client
        self.room = room
        self._seat = seat

    @property
    def seat(self) -> int | None:
        return self._seat

    @seat.setter
    def seat(self, seat: int | None) -> None:
        if seat != self._seat:
            self._seat = seat
            self.room.presence += 1


class EncodedParts:
    """The JSON of view parts that stay the very same objects from one state to the next.

    The scoresheet and the last finished deal are the bulk of a view late in a match, yet
    change only when a deal ends, and the tricks played so far only when a trick ends (the
    room's view cache hands out the same objects until then), so each is encoded once and
    spliced into every state as it is.
    """

    __slots__ = ("_held", "_tricks")

    # View parts that stay the same objects until a deal ends.
    UNCHANGING = ("previous_deal", "protocol", "contracts_left", "totals", "ranks")

    def __init__(self) -> None:
        self._held: dict[str, tuple[object, orjson.Fragment]] = {}
        self._tricks = _GrowingList()

    def get(self, key: str, value: object) -> orjson.Fragment:
        held = self._held.get(key)
        if held is None or held[0] is not value:
            held = self._held[key] = (value, orjson.Fragment(_exact(orjson.dumps(value))))
        return held[1]

    def shared(self, public: dict[str, Any]) -> dict[str, Any]:
        """The public view with its bulky parts already encoded, so that building each
        seat's view from it and encoding that does not encode them once per seat.

        The view's own dict and its deal's are changed in place: give it a public view
        made for this call, whose parts the view cache does not keep."""
        for key in self.UNCHANGING:
            if public[key] is not None:
                public[key] = self.get(key, public[key])
        deal = public["deal"]
        if deal is not None:
            deal["tricks_played"] = self._tricks.encoded(deal["tricks_played"])
        return public


class _GrowingList:
    """The JSON of a list that grows at its end, such as a deal's tricks played: when the
    list handed in begins with the very items of the last one, only the new items are
    encoded. Re-encoding every trick at each trick's end was a cost of every third move."""

    __slots__ = ("_body", "_fragment", "_items")

    def __init__(self) -> None:
        self._items: list[Any] | None = None
        self._body = b""  # the items' JSON, joined by commas
        self._fragment = orjson.Fragment(b"[]")

    def encoded(self, items: list[Any]) -> orjson.Fragment:
        known = self._items
        if items is known:
            return self._fragment
        body = self._body
        if known is None or len(known) > len(items) or not all(map(operator.is_, known, items)):
            known, body = [], b""
        if len(items) > len(known):
            new = b",".join([orjson.dumps(item) for item in items[len(known) :]])
            body = body + b"," + new if body else _exact(new)
        self._items, self._body = items, body
        self._fragment = orjson.Fragment(b"[" + body + b"]")
        return self._fragment


def _exact(encoded: bytes) -> bytes:
    """A copy of ``encoded`` that takes only the memory its length needs. What orjson
    returns takes about 4 KB however short it is; that is nothing for a frame sent and
    dropped, but it is for the parts every room keeps: a thousand rooms kept 60 MB more."""
    return bytes(memoryview(encoded))


@dataclass(eq=False)
class LiveRoom:
    state: RoomState
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    members: set[Member] = field(default_factory=set)
    committed: int = 0
    """The version last made durable: what may be shown without taking the lock."""
    encoded: EncodedParts = field(default_factory=EncodedParts)
    presence: int = 0
    """Counts changes of who is here and where they sit (see :meth:`room_json`)."""
    _room: tuple[tuple[int, int], str] | None = field(default=None, init=False, repr=False)
    """The encoded room object, and what it was encoded for."""

    def __post_init__(self) -> None:
        self.committed = self.state.version

    def add(self, member: Member) -> None:
        self.members.add(member)
        self.presence += 1

    def discard(self, member: Member) -> None:
        self.members.discard(member)
        self.presence += 1

    def spectators(self) -> int:
        return sum(1 for m in self.members if m.seat is None)

    def room_json(self) -> str:
        """The public room object, encoded; moves in a match leave it as it is, so it is
        encoded again only when the room itself or who is there has changed: the state's
        revision and the presence count say so without looking at every connection."""
        key = (self.state.revision, self.presence)
        if self._room is None or self._room[0] != key:
            public = self.state.public(self.connected(), spectators=self.spectators())
            self._room = (key, _dumps(public))
        return self._room[1]

    def connected(self) -> list[bool]:
        seated = {m.seat for m in self.members}
        return [i in seated for i in range(self.state.size)]


def _dumps(message: object) -> str:
    # orjson: the encoding of views was the largest cost of an action after storage
    try:
        return orjson.dumps(message).decode()
    except TypeError:  # an integer past 64 bits, say, echoed from a client's message
        return json.dumps(message, separators=(",", ":"))


class Tables:
    """Every room of this server process."""

    def __init__(
        self,
        store: RoomStore,
        rng: random.Random | None = None,
        *,
        bot_delay: float = 0.0,
        bot_budget: float = DEFAULT_BUDGET,
    ) -> None:
        self.store = store
        self.rng = rng or random.SystemRandom()
        self.autoplay = Autoplay(self, bot_delay, bot_budget)
        self._rooms: dict[str, LiveRoom] = {}
        self._loading: dict[str, asyncio.Future[LiveRoom | None]] = {}

    async def close(self) -> None:
        await self.autoplay.close()

    # -- rooms -----------------------------------------------------------------------------------

    async def create_room(self, seats: int, nickname: str) -> tuple[str, int, str]:
        """A new room with its creator, the host, in seat 0. Returns code, seat and secret."""
        code = new_room_code()
        state = RoomState(code, seats)
        created = Event(CREATED, {"seats": seats})
        state.version = 1
        sit, secret = state.sit(0, nickname, None)
        for event in sit:
            state.apply(event)
        events = [created, *sit]
        await self.store.create_room(
            code, seats, [e.to_json() for e in events], projection(state, events, 0)
        )
        self._rooms[code] = LiveRoom(state)
        return code, 0, secret

    async def room(self, code: str) -> LiveRoom | None:
        """The live room, loaded from the store on first use (once, however many ask)."""
        live = self._rooms.get(code)
        if live is not None:
            return live
        loading = self._loading.get(code)
        if loading is None:
            loading = asyncio.ensure_future(self._load(code))
            self._loading[code] = loading
            loading.add_done_callback(lambda _: self._loading.pop(code, None))
        return await loading

    async def _load(self, code: str) -> LiveRoom | None:
        stored = await self.store.load(code)
        if stored is None:
            return None
        live = LiveRoom(RoomState.from_events(code, [Event.from_json(e) for e in stored]))
        self._rooms[code] = live
        self.autoplay.wake(live)  # bots carry on after a restart
        return live

    async def _reload(self, live: LiveRoom) -> None:
        stored = await self.store.load(live.state.code)
        assert stored is not None
        live.state = RoomState.from_events(live.state.code, [Event.from_json(e) for e in stored])
        live.committed = live.state.version
        live.presence += 1  # the new state's revision count may repeat one already shown

    # -- history -------------------------------------------------------------------------------

    async def matches(self, live: LiveRoom) -> list[dict[str, Any]]:
        """Every match of the room, from the stored scoresheet rows."""
        rows = await self.store.matches(live.state.code)
        return [
            {
                "number": match.number,
                "players": match.players,
                "status": match.status,
                "deals_played": match.deals_played,
                "deals_total": DEALS_PER_MATCH[len(match.players)],
                "totals": match.totals,
                "winners": match.winners,
                "deals": [
                    {
                        "number": d.number,
                        "dealer": d.dealer,
                        "forehand": d.forehand,
                        "contract": d.contract,
                        "trump": d.trump,
                        "tricks": d.tricks,
                        "scores": d.scores,
                    }
                    for d in deals
                ],
            }
            for match, deals in rows
        ]

    async def record(
        self, live: LiveRoom, number: int, secret: str | None
    ) -> dict[str, Any] | None:
        async with live.lock:  # never read a change that is not yet committed
            seat = live.state.seat_for_secret(secret) if secret else None
            return history.record_for(live.state, number, seat)

    async def protocol_csv(self, live: LiveRoom, number: int) -> str | None:
        async with live.lock:
            return history.protocol_csv(live.state, number)

    # -- connections -----------------------------------------------------------------------------

    async def join(self, live: LiveRoom, client: Client) -> Member:
        async with live.lock:  # the first snapshot must not show an uncommitted change
            member = Member(client, live)
            live.add(member)
            self._broadcast(live)  # the newcomer's snapshot, and one more watcher for the rest
            return member

    async def leave_connection(self, member: Member) -> None:
        live = member.room
        async with live.lock:
            live.discard(member)
            self._broadcast(live)  # presence changed: a seat went away, or a watcher left

    # -- commands --------------------------------------------------------------------------------

    async def handle(self, member: Member, command: Command, ident: str | None = None) -> None:
        """Run one command; a refusal goes back to the member, carrying ``ident``."""
        live = member.room
        ident = ident or getattr(command, "id", None)
        async with live.lock:
            try:
                await self._handle(member, live, command, ident)
            except TableError as refused:
                self._error(member, live, refused, ident)

    async def _handle(
        self, member: Member, live: LiveRoom, command: Command, ident: str | None
    ) -> None:
        state = live.state
        version = getattr(command, "v", None)
        if version is not None and version != state.version:
            raise TableError(
                "stale_version",
                "the table has moved on; here is where it stands now",
                {"v": version, "current": state.version},
            )
        if isinstance(command, Hello):
            await self._hello(member, live, command, ident)
            return
        if isinstance(command, Act):
            # The actor's own state, carrying the action's id, is its acknowledgement.
            events = state.act(member.seat, command.action, self.rng)
            await self._commit(live, events, acked=(member, command.id))
            return
        if isinstance(command, Sit):
            events, secret = state.sit(command.seat, command.nickname, member.seat)
            await self._commit(live, events, broadcast=False)
            member.seat = command.seat
            self._reply(
                member,
                {"type": "seated", "v": live.state.version, "seat": command.seat, "secret": secret},
            )
            self._broadcast(live)
            return
        if isinstance(command, Leave):
            events = state.leave(member.seat)
            await self._commit(live, events, broadcast=False)
            self._unseat(live, events[0].data["seat"])
            self._broadcast(live)
            return
        if isinstance(command, Remove):
            events = state.remove(member.seat, command.seat)
            await self._commit(live, events, broadcast=False)
            self._unseat(live, command.seat, removed=True)
            self._broadcast(live)
            return
        if isinstance(command, Reorder):
            events = state.reorder(member.seat, command.order)
            await self._commit(live, events, broadcast=False)
            for m in live.members:
                if m.seat is not None:
                    m.seat = command.order.index(m.seat)
            self._broadcast(live)
            return
        if isinstance(command, TransferHost):
            await self._commit(live, state.transfer_host(member.seat, command.seat))
        elif isinstance(command, Start):
            await self._commit(live, state.start(member.seat, self.rng))
        elif isinstance(command, End):
            await self._commit(live, state.end(member.seat))
        elif isinstance(command, AddBot):
            await self._commit(live, state.add_bot(member.seat, command.seat, command.level))
        elif isinstance(command, RemoveBot):
            await self._commit(live, state.remove_bot(member.seat, command.seat))

    async def _hello(self, member: Member, live: LiveRoom, hello: Hello, ident: str | None) -> None:
        was = member.seat
        if hello.secret is not None:
            seat = live.state.seat_for_secret(hello.secret)
            if seat is None:
                member.seat = None
                refused = TableError("secret_refused", "that seat secret is not valid in this room")
                self._error(member, live, refused, ident)
                if was is not None:
                    # The connection gave up its seat: everyone sees the presence change,
                    # and the connection itself learns it is watching now.
                    self._broadcast(live)
                return
            member.seat = seat
            back = live.state.reclaim(seat)
            if back:  # the player is back: the bot that stood in for them stops
                await self._commit(live, back)
                return
        else:
            member.seat = None
        if member.seat != was:
            self._broadcast(live)
        else:
            self._send_state(live, [member])

    def _unseat(self, live: LiveRoom, seat: int, removed: bool = False) -> None:
        for m in live.members:
            if m.seat == seat:
                m.seat = None
                if removed:
                    self._reply(
                        m,
                        {
                            "type": "error",
                            "v": live.state.version,
                            "code": "seat_revoked",
                            "message": "the host gave your seat up; you are watching now",
                            "detail": {"seat": seat},
                        },
                    )

    async def _commit(
        self,
        live: LiveRoom,
        events: Sequence[Event],
        broadcast: bool = True,
        acked: tuple[Member, str | None] | None = None,
    ) -> None:
        """Apply checked events, store them, then (optionally) show everyone the result.

        Memory runs ahead of the disk only inside the room lock, where nobody can see it;
        if the store refuses, the room is rebuilt from what the store holds.
        """
        state = live.state
        version = state.version
        same_match = not any(e.kind == START for e in events)
        deals_before = len(state.match.finished_deals) if state.match and same_match else 0
        try:
            for event in events:
                state.apply(event)
            rows = projection(state, events, deals_before)
            await self.store.append(state.code, version, [e.to_json() for e in events], rows)
        except Exception:
            log.exception("room %s: could not store events; reloading", state.code)
            try:
                await self._reload(live)
            except Exception:
                # Memory is ahead of the disk and cannot be put back: nobody may see or act on
                # it, so the room is dropped and loaded afresh by whoever comes back.
                log.exception("room %s: could not reload it either; closing it", state.code)
                self._drop(live)
            raise TableError("storage_failed", "the table could not save that; try again") from None
        live.committed = state.version
        self.autoplay.wake(live)
        if broadcast:
            self._send_state(live, live.members, acked)

    def _drop(self, live: LiveRoom) -> None:
        if self._rooms.get(live.state.code) is live:
            del self._rooms[live.state.code]
        for m in live.members:
            m.client.close(CLOSE_TRY_AGAIN, "the table could not be saved; reconnect")
        live.members.clear()
        live.presence += 1

    # -- sending ---------------------------------------------------------------------------------

    def _send_state(
        self,
        live: LiveRoom,
        members: Sequence[Member] | set[Member],
        acked: tuple[Member, str | None] | None = None,
    ) -> None:
        """Each member's own snapshot. What all seats see alike (the room, the public part
        of the view) is computed and encoded once per call, not once per seat.

        ``acked``: the member whose action this state follows, and the action's id, which
        its copy carries."""
        state = live.state
        public = state.view_for(None)
        if public is not None:
            public = live.encoded.shared(public)
        head = f'{{"type":"state","v":{state.version},"seat":'
        room = f',"room":{live.room_json()},"view":'
        actor, ident = acked if acked is not None else (None, None)
        texts: dict[int | None, str] = {}
        for m in members:
            seat = m.seat
            text = texts.get(seat)
            if text is None:
                if seat is None:
                    text = f"{head}null{room}{_dumps(public)}}}"
                else:
                    text = f"{head}{seat}{room}{_dumps(state.view_for(seat, public))}}}"
                texts[seat] = text
            if m is actor:
                text = f'{text[:-1]},"id":{_dumps(ident)}}}'
            m.client.send_text(text)

    def _broadcast(self, live: LiveRoom) -> None:
        self._send_state(live, live.members)

    def _reply(self, member: Member, message: dict[str, Any]) -> None:
        member.client.send_text(_dumps(message))

    def _error(self, member: Member, live: LiveRoom, error: TableError, ident: str | None) -> None:
        message: dict[str, Any] = {
            "type": "error",
            "v": live.state.version,
            "code": error.code,
            "message": error.message,
            "detail": error.detail,
        }
        if ident is not None:
            message["id"] = ident
        self._reply(member, message)
        if error.code == "stale_version":
            self._send_state(live, [member])
