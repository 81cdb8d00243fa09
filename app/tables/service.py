"""Live rooms: one action at a time per room, committed before anyone sees its effect.

For every command the order is fixed: check it against the room (which yields events),
append the events to the store (durable on return), apply them to the room in memory, and
only then send every connection its own view. If the store fails, the room is rebuilt from
what the store holds, so memory never runs ahead of the disk.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from app.bots import DEFAULT_BUDGET, NotMyTurn
from app.bots.hints import hint_for
from app.store import LeaseLost, ReviewRow, RoomStore

from . import history
from .autoplay import Autoplay
from .chat import KEPT, ChatLog, check_reaction, clean_text, line_json, spectator_name
from .commands import (
    Act,
    AddBot,
    AskHint,
    ChatRules,
    ClientSeed,
    Command,
    End,
    FillBots,
    Hello,
    Hints,
    Leave,
    Mute,
    Remove,
    RemoveBot,
    Reorder,
    Say,
    Sit,
    Start,
    TransferHost,
)
from .credentials import new_room_code
from .events import START, Event
from .limits import CLOSE_LIMIT, RoomLimits
from .live import Client, Dormant, LiveRoom, Member
from .ownership import CLOSE_LOST, CLOSE_MOVED, Ownership, RoomElsewhere
from .projection import projection, room_row
from .review import DEFAULT_REVIEW_BUDGET, NoSuchDeal, Review, Reviews, ReviewStatus
from .room import AWAY_GRACE, RoomState, TableError
from .stall import StallGuard, next_due

log = logging.getLogger("kortbord.tables")


def _moved() -> TableError:
    return TableError("room_moved", "the room has moved to another server; reconnect")


def _secret_refused() -> TableError:
    return TableError("secret_refused", "that seat secret is not valid in this room")


def _seat_elsewhere() -> TableError:
    return TableError(
        "seat_connections", "this seat is open in too many places; this one, the oldest, closes"
    )


__all__ = ["Client", "LiveRoom", "Member", "RoomElsewhere", "Tables"]


class Tables:
    """Every room of this server process."""

    def __init__(
        self,
        store: RoomStore,
        rng: random.Random | None = None,
        *,
        bot_delay: float = 0.0,
        bot_budget: float = DEFAULT_BUDGET,
        review_budget: float = DEFAULT_REVIEW_BUDGET,
        lease_seconds: float = 10.0,
        lease_renew: float = 3.0,
        handover_tenure: float = 5.0,
        limits: RoomLimits | None = None,
        idle_after: float | None = None,
        dormant_after: float | None = None,
    ) -> None:
        """The lease settings matter only with a store several instances share; without
        ``limits`` rooms are unlimited and send everything at once. ``idle_after``: seconds
        after which a room nobody is at leaves memory (:meth:`unload`); ``None``: never.
        ``dormant_after``: seconds after which such a room is held as its log alone, still
        this instance's (:meth:`sleep`); ``None``: never."""
        self.store = store
        self.limits = limits or RoomLimits()
        self.rng = rng or random.SystemRandom()
        self.autoplay = Autoplay(self, bot_delay, bot_budget)
        self.reviews = Reviews(self.autoplay.worker, review_budget, store=self._keep_review)
        self.stall = StallGuard(self)
        self.ownership = Ownership(
            self,
            store,
            lease_seconds=lease_seconds,
            renew_every=lease_renew,
            tenure=handover_tenure,
        )
        self._rooms: dict[str, LiveRoom] = {}
        self._loading: dict[str, asyncio.Future[LiveRoom | None]] = {}
        self.idle_after = idle_after
        self.dormant_after = dormant_after
        self._dormant: dict[str, Dormant] = {}
        """Rooms held as their log alone (:meth:`sleep`): this instance's still, loaded
        again by their next visitor."""
        self._unloading: dict[str, asyncio.Future[None]] = {}
        """Rooms being unloaded, until what they keep is stored (and their lease released):
        loading one again waits for that."""
        self._sweeping: asyncio.Task[None] | None = None
        self._closing = False
        """Stopping: no room is loaded any more, and the rooms here are let go once."""

    async def start(self) -> None:
        """Serving starts (rooms also load without it, as tests make them)."""
        await self.ownership.start()
        self._sweep_soon()

    async def close(self) -> None:
        """Stopping: every room released at once for another instance to take, then every
        socket told to reconnect (1012). Called again, it does nothing: the server lets the
        rooms go before it closes its own connections, and the app's shutdown comes after."""
        if self._closing:
            return
        self._closing = True
        self.stall.close()
        if self._sweeping is not None:
            self._sweeping.cancel()
        codes = list(self._rooms)
        asleep = {code: dormant.kept() for code, dormant in self._dormant.items()}
        leaving = [live for code in codes if (live := self._detach(code)) is not None]
        for code in asleep:
            self._detach(code)
        try:
            if asleep:
                # what the sleeping rooms keep beyond their log is stored, as an unload
                # stores it, and their leases released with it
                try:
                    await self.store.release_idle(asleep)
                except Exception:
                    log.exception("could not store what %d sleeping rooms keep", len(asleep))
            await self.ownership.close([*codes, *asleep])
        finally:
            # told only once their rooms are free in the store: wherever they reconnect,
            # the room is taken at once, with no owner to ask and no lease to wait out
            for live in leaving:
                live.close_all("this server is stopping; reconnect", CLOSE_MOVED)
        await self.reviews.close()
        await self.autoplay.close()

    def held(self) -> dict[str, int]:
        """How many entries this instance keeps per room, by table: the rooms in memory and
        every table kept beside them. Each follows the rooms loaded (and the changes under
        way), never the rooms ever served; ``bench/memory.py`` and the tests count them."""
        return {
            "rooms": len(self._rooms),
            "dormant": len(self._dormant),
            "loading": len(self._loading),
            "unloading": len(self._unloading),
            **self.ownership.held(),
            **self.autoplay.held(),
            **self.stall.held(),
            "reviews": self.reviews.held(),
        }

    # -- ownership -------------------------------------------------------------------------------

    def owned(self) -> list[str]:
        """The rooms this instance holds, loaded or asleep: their leases are renewed."""
        return [*self._rooms, *self._dormant]

    def loaded(self) -> list[LiveRoom]:
        """The rooms in this instance's memory."""
        return list(self._rooms.values())

    def dormant(self) -> list[Dormant]:
        """What the rooms held as their log alone keep (:meth:`sleep`)."""
        return list(self._dormant.values())

    def lose(self, code: str, close_code: int, reason: str) -> None:
        """The room leaves this instance: nothing more is done here on its behalf, and its
        sockets are closed for their clients to reconnect to wherever it is now."""
        live = self._detach(code)
        if live is not None:
            live.close_all(reason, close_code)

    def _detach(self, code: str) -> LiveRoom | None:
        """Nothing more is done here on the room's behalf; its sockets stay open."""
        live = self._rooms.pop(code, None)
        self._dormant.pop(code, None)
        self.ownership.forget(code)
        self.stall.forget(code)
        self.autoplay.forget(code)
        if live is not None:
            live.gone = True
        return live

    async def give_up(self, code: str, to: str) -> bool:
        """The instance ``to`` asked for the room: it goes there once no change is in
        flight. It is handed over before its sockets close, so that they, reconnecting,
        cannot take it back here."""
        live = self._rooms.get(code)
        if live is None:
            return await self._give_dormant(code, to)
        async with live.lock:
            if self._rooms.get(code) is not live:
                return False
            try:
                await self.store.hand_over(code, to)
            finally:
                self.lose(code, CLOSE_MOVED, "the room moves to another server; reconnect")
            return True

    async def _give_dormant(self, code: str, to: str) -> bool:
        """A room held as its log goes as it is: nothing is in flight in it. A visitor
        that comes meanwhile waits until it has gone, then asks for it as for any room."""
        if code not in self._dormant or code in self._loading or code in self._unloading:
            return False  # not here, or on its way back into memory: asked again soon
        kept = self._dormant.pop(code).kept()
        handed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._unloading[code] = handed
        try:
            # what it keeps goes with it: its players' away clocks count on over there
            await self.store.hand_over(code, to, kept)
        finally:
            self.lose(code, CLOSE_MOVED, "the room moves to another server")
            handed.set_result(None)
            if self._unloading.get(code) is handed:
                del self._unloading[code]
        return True

    # -- idle rooms ------------------------------------------------------------------------------

    def quiet(self, live: LiveRoom) -> bool:
        """Nobody is at the room and nothing in it is to happen by itself: no connection, no
        computer player to move, nothing due on its clocks (a stand-in, the host's role, a
        move clock), no change under way."""
        return (
            not live.members
            and not live.held
            and not live.lock.locked()
            and not self.autoplay.to_move(live)
            and not self.stall.pending(live.state.code)
            and next_due(live) is None
        )

    def _sweep_soon(self) -> None:
        if self._sweeping is not None:
            return
        if self.idle_after is not None or self.dormant_after is not None:
            self._sweeping = asyncio.ensure_future(self._sweep())

    async def _sweep(self) -> None:
        """Puts to sleep the rooms that have been quiet for ``dormant_after`` and unloads
        those quiet (or asleep) for ``idle_after``: a look at every room a few times per
        the shorter of the two, costing next to nothing against a room's moves."""
        never = float("inf")
        idle_after = never if self.idle_after is None else self.idle_after
        dormant_after = never if self.dormant_after is None else self.dormant_after
        every = min(max(min(idle_after, dormant_after) / 4, 0.05), 30.0)
        while True:
            await asyncio.sleep(every)
            now = time.monotonic()
            idle: list[str] = []
            sleepy: list[str] = []
            for code, live in list(self._rooms.items()):
                quiet_for = now - live.active_at
                if quiet_for >= min(idle_after, dormant_after) and self.quiet(live):
                    (idle if quiet_for >= idle_after else sleepy).append(code)
            idle += [
                code
                for code, dormant in self._dormant.items()
                if now - dormant.active_at >= idle_after
            ]
            for code in sleepy:
                try:
                    await self._sleep(code)
                except Exception:  # one room's fault must not keep the others awake
                    log.exception("room %s: could not put it to sleep", code)
            if idle:
                try:
                    await self._unload(idle)
                except Exception:  # one room's fault must not keep the others in memory
                    log.exception("rooms %s: could not unload them", ", ".join(idle))

    async def sleep(self, code: str) -> bool:
        """The room is held as its log alone if it is quiet: it stays this instance's (its
        lease kept and renewed, with several instances), nothing is stored, and what it
        holds beyond its log (its players' away clocks, its spectators' numbering, its
        budgets) is kept in memory. Its next visitor loads it from its log, as after an
        unload, and it is the same room. ``False`` if it is not here or not quiet."""
        live = self._rooms.get(code)
        if live is None or not self.quiet(live):
            return False
        return await self._sleep(code)

    async def _sleep(self, code: str) -> bool:
        live = self._rooms.get(code)
        if live is None:
            return False
        async with live.lock:  # after whatever waits for the room: it may change it
            if self._rooms.get(code) is not live or live.members or live.held:
                return False
            if self.autoplay.to_move(live) or next_due(live) is not None:
                return False
            self._dormant[code] = live.dormant()
            del self._rooms[code]
            # a newcomer that still holds this object loads the room again (:meth:`_locked`)
            live.gone = live.unloaded = True
            self.stall.forget(code)
            self.autoplay.forget(code)
            return True

    async def unload(self, code: str) -> bool:
        """The room leaves memory if it is quiet: what it holds beyond its log is stored
        with it and, with several instances, its lease released, so that whichever instance
        its next visitor reaches loads it from the store as after a restart. ``False`` if
        it is not here or not quiet."""
        return bool(await self._unload([code]))

    async def _unload(self, codes: Sequence[str]) -> list[str]:
        """Unloads those of ``codes`` that are quiet, and stores what they keep in one
        write: one after another, a sweep unloaded fewer rooms a second than a busy server
        makes, and rooms piled up in memory. Returns the codes unloaded."""
        kept: dict[str, dict[str, Any]] = {}
        stored: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        try:
            for code in codes:
                dormant = self._dormant.get(code)
                if dormant is not None and code not in self._loading:
                    # asleep: nothing of it is in memory to wait for
                    kept[code] = dormant.kept()
                    del self._dormant[code]
                    self.ownership.forget(code)
                    self._unloading[code] = stored
                    continue
                live = self._rooms.get(code)
                if live is None:
                    continue
                async with live.lock:
                    if self._rooms.get(code) is not live or live.members or live.held:
                        continue
                    if self.autoplay.to_move(live) or next_due(live) is not None:
                        continue
                    kept[code] = live.idle_kept()
                    del self._rooms[code]
                    live.gone = live.unloaded = True
                    self.ownership.forget(code)
                    self.stall.forget(code)
                    self.autoplay.forget(code)
                    # loading it again waits until what it keeps is stored
                    self._unloading[code] = stored
            if kept:
                await self.store.release_idle(kept)
        except Exception:
            # Those unloaded stay out of memory: loaded again, their players' away clocks
            # start anew, and with several instances their leases run out instead of being
            # released.
            log.exception("rooms %s: could not store them as unloaded", ", ".join(kept))
        finally:
            stored.set_result(None)
            for code in kept:
                if self._unloading.get(code) is stored:
                    del self._unloading[code]
        return list(kept)

    # -- rooms -----------------------------------------------------------------------------------

    async def create_room(
        self,
        seats: int | None,
        nickname: str,
        game: str | None = None,
        options: dict[str, Any] | None = None,
        away_grace: object = AWAY_GRACE,
        move_clock: object = None,
        paper: object = False,
        bots: object = None,
    ) -> tuple[str, int, str]:
        """A new room for ``game`` (the default game when ``None``) with its creator, the
        host, in seat 0; ``seats`` ``None`` takes the game's default. ``bots``: a level of
        computer player, which then sits in every other seat, and the match starts as soon
        as the creator gives the seed for its first deal. Returns code, seat and secret."""
        code = new_room_code()
        state = RoomState(
            code, seats, game, options, away_grace, move_clock, paper, autostart=bots is not None
        )
        created = state.created()
        state.version = 1
        sit, secret = state.sit(0, nickname, None)
        # the first deal's server seed is committed to before anyone gives a client seed
        seed = state.commit_seed()
        for event in [*sit, *seed]:
            state.apply(event)
        events = [created, *sit, *seed]
        if bots is not None:
            filled = state.fill_bots(0, bots)
            for event in filled:
                state.apply(event)
            events.extend(filled)
        await self.store.create_room(
            code, room_row(state), [e.to_json() for e in events], projection(state, events, 0)
        )
        if not self.store.shared:
            # the one instance there is owns every room; with several, whichever the
            # creator's socket reaches takes it
            self._rooms[code] = LiveRoom(state, limits=self.limits)
            self._sweep_soon()
        return code, 0, secret

    async def room(self, code: str) -> LiveRoom | None:
        """The live room, loaded from the store on first use (once, however many ask)."""
        live = self._rooms.get(code)
        if live is not None:
            live.active_at = time.monotonic()
            return live
        loading = self._loading.get(code)
        if loading is None:
            loading = asyncio.ensure_future(self._load(code))
            self._loading[code] = loading
            loading.add_done_callback(lambda _: self._loading.pop(code, None))
        return await loading

    async def peek(self, code: str) -> LiveRoom | None:
        """The room to read, not to change: the live one when this instance has it, else
        one read from the store and kept nowhere, so that reading a room never takes it
        from the instance that owns it."""
        live = self._rooms.get(code)
        if live is not None or not self.store.shared:
            return live or await self.room(code)
        stored = await self.store.load(code)
        if stored is None:
            return None
        return LiveRoom(RoomState.from_events(code, [Event.from_json(e) for e in stored]))

    async def _load(self, code: str) -> LiveRoom | None:
        """The room from its log, as after a restart or an unload (:meth:`unload`)."""
        if self._closing:
            # stopping: a room taken now would be let go again at once, or kept past the
            # release of every other one; its client reconnects to where it goes
            raise RoomElsewhere(code)
        unloading = self._unloading.get(code)
        if unloading is not None:
            await asyncio.wait([unloading])  # its lease released, and what it kept stored
        # A room asleep is still this instance's: its lease is renewed with the others', and
        # taken again it would be renewed under an epoch the store no longer has for it.
        if code not in self._dormant and not await self.ownership.take(code):
            return None
        stored = await self.store.load(code)
        if stored is None:
            return None
        state = RoomState.from_events(code, [Event.from_json(e) for e in stored])
        live = LiveRoom(state, chat=ChatLog(await self.store.chat(code, KEPT)), limits=self.limits)
        # asleep, it kept in memory what an unloaded room keeps in the store
        dormant = self._dormant.pop(code, None)
        if dormant is not None:
            live.wake(dormant)
        else:
            live.restore(await self.store.take_idle_kept(code))
        self._rooms[code] = live
        self._sweep_soon()
        self.autoplay.wake(live)  # bots carry on after a restart
        self.stall.watch(live)  # and a table nobody is at does not wait for ever
        return live

    async def _reload(self, live: LiveRoom) -> None:
        stored = await self.store.load(live.state.code)
        assert stored is not None
        live.replace_state(
            RoomState.from_events(live.state.code, [Event.from_json(e) for e in stored])
        )

    # -- history -------------------------------------------------------------------------------

    async def matches(self, live: LiveRoom) -> list[dict[str, Any]]:
        """Every match of the room, from the stored scoresheet rows."""
        rows = await self.store.matches(live.state.code)
        state = live.state
        return [
            {
                "number": match.number,
                "players": match.players,
                "status": match.status,
                "deals_played": match.deals_played,
                "deals_total": state.game.deals_total(len(match.players), state.options),
                "totals": match.totals,
                "winners": match.winners,
                "scoresheet": history.stored_sheet(state, match, deals),
            }
            for match, deals in rows
        ]

    async def record(
        self, live: LiveRoom, number: int, secret: str | None
    ) -> dict[str, Any] | None:
        async with live.lock:  # never read a change that is not yet committed
            seat = live.state.seat_for_secret(secret) if secret else None
            return history.record_for(live.state, number, seat)

    async def replay(self, live: LiveRoom, number: int, deal: int) -> dict[str, Any] | None:
        async with live.lock:
            actions = await self._match_actions(live, number)
            return history.replay_for(live.state, number, deal, actions)

    async def _match_actions(self, live: LiveRoom, number: int) -> list[tuple[int, str]]:
        """Match ``number``'s actions, read from the room's log (the lock held, so that the
        log and the room in memory are at the same version): a room keeps them on disk."""
        stored = await self.store.load(live.state.code)
        log = [Event.from_json(e) for e in stored or []]
        return history.match_actions(log, number)

    async def review(self, live: LiveRoom, number: int, deal: int, start: bool) -> dict[str, Any]:
        """The strong player's review of a deal that is over: the one stored with the room,
        the one under way on this server, or, with ``start``, a new one queued; without,
        for a deal nobody asked to review, one with the status ``none``. Raises
        :class:`NoSuchDeal` for a deal that is not over (or none), and
        :class:`ReviewsBusy` when the server has as many reviews waiting as it takes."""
        code = live.state.code
        key = (code, number, deal)
        review = self.reviews.get(key)
        if review is None or review.status is ReviewStatus.DONE:
            # the stored review is the one everyone sees, whichever instance made it
            stored = await self.store.review(code, number, deal)
            if stored is not None:
                return stored.body
        if review is None:
            async with live.lock:
                actions = await self._match_actions(live, number)
                decisions = history.decisions_of(live.state, number, deal, actions)
            if decisions is None:
                raise NoSuchDeal(deal)
            game = live.state.game.name
            if not start:
                return self.reviews.unasked(key, game, decisions).as_json()
            review = self.reviews.request(key, game, decisions)
        return review.as_json()

    async def _keep_review(self, review: Review) -> None:
        code, number, deal = review.key
        await self.store.add_review(code, ReviewRow(number, deal, review.as_json()))

    async def protocol_csv(self, live: LiveRoom, number: int) -> str | None:
        async with live.lock:
            return history.protocol_csv(live.state, number)

    # -- connections -----------------------------------------------------------------------------

    async def _locked(self, live: LiveRoom) -> LiveRoom:
        """The room with its lock taken; if it was unloaded since it was looked up, the
        room loaded anew (the newcomer is its next visitor)."""
        while True:
            await live.lock.acquire()
            if not live.unloaded:
                return live
            live.lock.release()
            again = await self.room(live.state.code)
            if again is None:  # never: a room is not deleted
                await live.lock.acquire()
                return live
            live = again

    async def join(self, live: LiveRoom, client: Client) -> Member:
        """A new connection of the room (:attr:`Member.room` is the room it is in)."""
        live = await self._locked(live)
        try:  # the first snapshot must not show an uncommitted change
            live.active_at = time.monotonic()
            member = Member(client, live)
            refusal = live.no_place()
            if refusal is not None:
                # Counted nowhere and told nothing more until it proves a seat: a player's
                # page sends its hello at once, and a seat is never refused for a crowd.
                live.hold(member, refusal, lambda: self._expel(live, member, refusal))
                live.send_state([member])
                return member
            live.add(member)
            # the newcomer's snapshot at once, and one more watcher for the rest
            live.broadcast(at_once=member)
            live.send_chat_backlog(member)
            self.stall.watch(live)
            return member
        finally:
            live.lock.release()

    async def leave_connection(self, member: Member) -> None:
        live = member.room
        if member.held is not None:
            live.unhold(member)
            return
        async with live.lock:
            if member not in live.members:
                return  # closed by the room itself, which has told the others
            live.discard(member)
            live.active_at = time.monotonic()
            live.broadcast()  # presence changed: a seat went away, or a watcher left
            self.stall.watch(live)
            if not live.members and not live.held:
                live.drop_caches()  # nobody reads its frames now

    def _expel(self, live: LiveRoom, member: Member, refusal: TableError) -> None:
        """Closes a connection past a limit, after an error saying which."""
        live.unhold(member)
        if member in live.members:
            live.discard(member)
        member.closed = True
        live.refuse(member, refusal, None)
        member.client.close(CLOSE_LIMIT, refusal.code)

    async def _prove(
        self, member: Member, live: LiveRoom, command: Command, ident: str | None
    ) -> None:
        """A newcomer held past a limit: a hello with a seat's secret lets it in as that
        seat; anything else closes it, with the reason it was held."""
        refusal = member.held
        assert refusal is not None
        if isinstance(command, Hello) and command.secret is not None:
            if live.state.seat_for_secret(command.secret) is not None:
                live.unhold(member)
                live.add(member)
                try:
                    await self._hello(member, live, command, ident)
                finally:
                    if member in live.members:
                        live.send_chat_backlog(member)
                return
            live.refuse(member, _secret_refused(), ident)
        self._expel(live, member, refusal)

    # -- commands --------------------------------------------------------------------------------

    async def handle(self, member: Member, command: Command, ident: str | None = None) -> None:
        """Run one command; a refusal goes back to the member, carrying ``ident``."""
        live = member.room
        ident = ident or getattr(command, "id", None)
        if member.closed:
            return
        if live.gone:
            live.refuse(member, _moved(), ident)
            return
        async with live.lock:
            if member.held is not None:
                try:
                    await self._prove(member, live, command, ident)
                except TableError as refused:
                    live.refuse(member, refused, ident)
                self.stall.watch(live)
                return
            # Who watches reads what only spectators say: a connection that sits down or
            # stands up gets the chat as it may read it now.
            watching = (
                {m: m.seat is None for m in live.members}
                if isinstance(command, Hello | Sit | Leave | Remove)
                else None
            )
            try:
                await self._handle(member, live, command, ident)
            except TableError as refused:
                live.refuse(member, refused, ident)
            except Exception as failed:
                # A fault of the server's own, never the way a message is refused: the sender
                # is told, the socket stays open, and the log gets one line, not a traceback.
                await self._failed(live, member, command, ident, failed)
            if watching is not None:
                self._seats_changed(live, watching)
            live.active_at = time.monotonic()
            self.stall.watch(live)  # a seat taken or left, a player back, a move made

    async def _failed(
        self,
        live: LiveRoom,
        member: Member,
        command: Command,
        ident: str | None,
        failed: Exception,
    ) -> None:
        """A command that failed with an exception no rule raises: ``internal_error`` to its
        sender, and the room read back from the store, since what failed may have left it
        half changed in memory."""
        where = traceback.extract_tb(failed.__traceback__)[-1]
        log.error(
            "room %s: %s failed: %s at %s:%s: %s",
            live.state.code,
            type(command).__name__,
            type(failed).__name__,
            Path(where.filename).name,
            where.lineno,
            " ".join(str(failed).split())[:160],
        )
        if not live.gone:
            try:
                await self._reload(live)
            except Exception:
                log.exception("room %s: could not read it back either; closing it", live.state.code)
                self._drop(live)
        refused = TableError("internal_error", "the server failed to handle that")
        live.refuse(member, refused, ident)

    def _seats_changed(self, live: LiveRoom, watching: dict[Member, bool]) -> None:
        """After a command that may seat connections or unseat them: each one that changed
        is sent the chat as it may read it now, after the state that shows the change (a
        spectator's own state at once). A connection turned spectator in a room that holds
        as many as it takes is closed as a newcomer would be: giving a seat up is no way
        round the limit."""
        closed = False
        for m, was in watching.items():
            if m not in live.members or was == (m.seat is None):
                continue
            if m.seat is None:
                refusal = live.no_place(more=0)
                if refusal is not None:
                    self._expel(live, m, refusal)
                    closed = True
                    continue
                live.catch_up(m)
            live.send_chat_backlog(m)
        if closed:
            live.broadcast()

    async def _handle(
        self, member: Member, live: LiveRoom, command: Command, ident: str | None
    ) -> None:
        state = live.state
        version = getattr(command, "v", None)
        if version is not None and not state.current(version):
            raise TableError(
                "stale_version",
                "the table has moved on; here is where it stands now",
                {"v": version, "current": state.version},
            )
        if isinstance(command, Hello):
            await self._hello(member, live, command, ident)
            return
        if isinstance(command, Say):
            await self._say(member, live, command)
            return
        if isinstance(command, AskHint):
            self._hint(member, live, ident)
            return
        if isinstance(command, Mute) and command.watcher is not None:
            state.require_host(member.seat)
            if not any(m.watcher == command.watcher and m.seat is None for m in live.members):
                raise TableError(
                    "no_such_watcher", "no spectator has that number", {"watcher": command.watcher}
                )
            if command.muted:
                live.muted_watchers.add(command.watcher)
            else:
                live.muted_watchers.discard(command.watcher)
            live.presence += 1  # the room object names the muted connections
            live.broadcast()
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
            live.reply(
                member,
                {"type": "seated", "v": live.state.version, "seat": command.seat, "secret": secret},
            )
            live.broadcast()
            return
        if isinstance(command, Leave):
            events = state.leave(member.seat)
            await self._commit(live, events, broadcast=False)
            self._unseat(live, events[0].data["seat"])
            live.broadcast()
            return
        if isinstance(command, Remove):
            events = state.remove(member.seat, command.seat)
            await self._commit(live, events, broadcast=False)
            self._unseat(live, command.seat, removed=True)
            live.broadcast()
            return
        if isinstance(command, Reorder):
            events = state.reorder(member.seat, command.order)
            await self._commit(live, events, broadcast=False)
            for m in live.members:
                if m.seat is not None:
                    m.seat = command.order.index(m.seat)
            live.broadcast()
            return
        if isinstance(command, TransferHost):
            await self._commit(live, state.transfer_host(member.seat, command.seat))
        elif isinstance(command, Start):
            await self._commit(live, state.start(member.seat, self.rng))
        elif isinstance(command, End):
            await self._commit(live, state.end(member.seat))
        elif isinstance(command, AddBot):
            await self._commit(live, state.add_bot(member.seat, command.seat, command.level))
        elif isinstance(command, FillBots):
            await self._commit(live, state.fill_bots(member.seat, command.level))
        elif isinstance(command, RemoveBot):
            await self._commit(live, state.remove_bot(member.seat, command.seat))
        elif isinstance(command, ChatRules):
            await self._commit(live, state.chat_rules(member.seat, command.spectators))
        elif isinstance(command, Mute):
            await self._commit(live, state.mute(member.seat, command.seat, command.muted))
        elif isinstance(command, Hints):
            await self._commit(live, state.set_hints(member.seat, command.hints))
        elif isinstance(command, ClientSeed):
            events = state.set_client_seed(member.seat, command.seed, command.commitment)
            if events and state.starts_on_seed(member.seat):
                # a room made to play at once deals its first deal from the host's seed,
                # as every deal is dealt, rather than from the server's seed alone
                await self._commit(live, events, broadcast=False)
                await self._commit(live, state.start(member.seat, self.rng), acked=(member, ident))
            elif events:
                # the sender's copy, carrying the message's id, acknowledges its seed
                await self._commit(live, events, acked=(member, ident))

    async def _say(self, member: Member, live: LiveRoom, say: Say) -> None:
        """A chat line: checked, stored, then sent to whoever may read it."""
        state = live.state
        seat = member.seat
        if seat is None and member.watcher in live.muted_watchers:
            raise TableError("muted", "the host has muted you in the chat")
        audience = state.may_chat(seat)
        text = clean_text(say.text) if say.text is not None else None
        reaction = check_reaction(say.reaction) if say.reaction is not None else None
        seated = [s.nickname for s in state.seats if s is not None]
        line = live.chat.line(
            seat=seat,
            watcher=None if seat is not None else member.watcher,
            name=state.nickname(seat) if seat is not None else spectator_name(say.name, seated),
            text=text,
            reaction=reaction,
            audience=audience,
        )
        if seat is None and live.chat_budget is not None and not live.chat_budget.take():
            raise TableError("chat_busy", "the spectators' chat is busy; wait a moment")
        try:
            await self.store.add_chat(state.code, line)
        except Exception:
            log.exception("room %s: could not store a chat line", state.code)
            raise TableError("storage_failed", "the table could not save that; try again") from None
        live.chat.keep(line)
        if live.limits.chat_tick > 0:
            live.queue_chat(line_json(line))
        else:
            live.send_chat(live.members, [line_json(line)])

    def _hint(self, member: Member, live: LiveRoom, ident: str | None) -> None:
        """What the basic computer player would do in the member's seat now, sent to that
        connection alone: it is made from the seat's own view, which nobody else may see."""
        state = live.state
        seat = member.seat
        if seat is None:
            raise TableError("not_seated", "take a seat to ask for a hint")
        if not state.hints_for(seat):
            raise TableError("hints_off", "hints are off at this table")
        occupant = state.seats[seat]
        view = state.view_for(seat) if state.playing else None
        if view is None or not view.get("legal") or occupant is None or occupant.bot:
            raise TableError("not_your_turn", "a hint is for your own turn")
        if not live.may_hint(seat):
            raise TableError("hint_too_fast", "too many hints; wait a moment")
        try:
            hint = hint_for(state.game, view)
        except NotMyTurn:
            raise TableError("not_your_turn", "a hint is for your own turn") from None
        except Exception:
            log.exception("room %s: no hint for seat %d", state.code, seat)
            raise TableError("no_hint", "no hint could be found for this position") from None
        answer: dict[str, Any] = {"type": "hint", "v": state.version, "seat": seat}
        answer.update(hint.as_json())
        if ident is not None:
            answer["id"] = ident
        live.reply(member, answer)

    async def _hello(self, member: Member, live: LiveRoom, hello: Hello, ident: str | None) -> None:
        was = member.seat
        if hello.secret is not None:
            seat = live.state.seat_for_secret(hello.secret)
            if seat is None:
                member.seat = None
                live.refuse(member, _secret_refused(), ident)
                if was is not None:
                    # The connection gave up its seat: everyone sees the presence change,
                    # and the connection itself learns it is watching now.
                    live.broadcast()
                return
            member.seat = seat
            self._one_too_many(live, seat, member)
            back = live.state.reclaim(seat)
            if back:  # the player is back: the bot that stood in for them stops
                await self._commit(live, back)
                return
        else:
            member.seat = None
        if member.seat != was:
            live.broadcast()
        else:
            live.send_state([member])

    def _one_too_many(self, live: LiveRoom, seat: int, newest: Member) -> None:
        """A seat's newest connection always comes in: past the allowance, the seat's
        oldest other connections go."""
        allowed = self.limits.seat_connections
        if allowed is None:
            return
        others = sorted(
            (m for m in live.members if m.seat == seat and m is not newest),
            key=lambda m: m.watcher,
        )
        for old in others[: max(0, len(others) + 1 - allowed)]:
            self._expel(live, old, _seat_elsewhere())

    def _unseat(self, live: LiveRoom, seat: int, removed: bool = False) -> None:
        for m in live.members:
            if m.seat == seat:
                m.seat = None
                if removed:
                    live.reply(
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
        deals_before = state.match.deals_played if state.match and same_match else 0
        try:
            for event in events:
                state.apply(event)
            rows = projection(state, events, deals_before)
            await self.store.append(state.code, version, [e.to_json() for e in events], rows)
        except LeaseLost:
            # Another instance owns the room now: what this one holds in memory is a
            # history that will never be, and nobody may see it.
            log.warning("room %s: lost to another instance; dropping it", state.code)
            self.lose(state.code, CLOSE_LOST, "this server lost the room; reconnect")
            raise _moved() from None
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
        live.active_at = time.monotonic()
        self.autoplay.wake(live)
        if broadcast:
            live.broadcast(acked)

    async def commit_due(self, live: LiveRoom, events: list[Event]) -> None:
        """Commit what the stall guard found due (the room's lock held)."""
        await self._commit(live, events)

    def _drop(self, live: LiveRoom) -> None:
        if self._rooms.get(live.state.code) is live:
            self.lose(live.state.code, CLOSE_LOST, "the table could not be saved; reconnect")
        else:
            live.gone = True
            live.close_all("the table could not be saved; reconnect")
