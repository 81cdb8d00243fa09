"""Rooms over a real SQL store: what the players saw is exactly what the database can give
back, and a store that fails leaves no trace in memory or on anyone's screen.

The rooms layer runs in-process; its connections are a small collecting client, which is
the rooms layer's own interface (``send_text``/``close``), not a stand-in for any of our
components.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Coroutine, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import pytest

from app.engine.bismarck.rules import winners
from app.engine.trick_game import scored_deals
from app.store import DealRow, EventJson, MatchRow, Projection
from app.store.sql import SqlRoomStore
from app.tables import LiveRoom, Member, RoomState, Tables
from app.tables.commands import Act, End, Hello, Sit, Start
from support.databases import fresh_database

T = TypeVar("T")
Message = dict[str, Any]
NAMES = ("Anna", "Bertil", "Cecilia", "David")


def run(coro: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(coro)


class Collector:
    """A connection that keeps every text it is sent."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.closed: tuple[int, str] | None = None

    def send_text(self, text: str) -> None:
        self.texts.append(text)

    def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)

    def messages(self, since: int = 0) -> list[Message]:
        return [json.loads(t) for t in self.texts[since:]]

    def last_state(self) -> Message:
        for text in reversed(self.texts):
            message: Message = json.loads(text)
            if message["type"] == "state":
                return message
        raise AssertionError("no state received")


@dataclass
class Table:
    """One room with a connection per seat and one spectator."""

    tables: Tables
    live: LiveRoom
    members: list[Member]
    clients: list[Collector]
    secrets: list[str]
    watcher: Collector
    rng: random.Random
    ids: Iterator[int] = field(default_factory=lambda: iter(range(1, 1 << 30)))

    @property
    def code(self) -> str:
        return self.live.state.code

    @property
    def view(self) -> Message:
        view: Message | None = self.watcher.last_state()["view"]
        assert view is not None
        return view

    def next_action(self) -> tuple[int, str]:
        """The seat to act and a random legal action, read from what that seat was sent."""
        seat = self.view["to_act"]
        assert seat is not None, "nobody is to act"
        state = self.clients[seat].last_state()
        legal = state["view"]["legal"]
        assert legal is not None, f"seat {seat} was sent no legal actions"
        if legal["kind"] == "discard":
            return seat, "discard:" + ",".join(self.rng.sample(legal["from"], legal["count"]))
        return seat, str(self.rng.choice(legal["actions"]))

    async def act(self, seat: int, action: str) -> Message:
        """The acknowledging state (it carries the action's id) or the error answering it."""
        client = self.clients[seat]
        since = len(client.texts)
        ident = f"a{next(self.ids)}"
        await self.tables.handle(
            self.members[seat], Act(v=client.last_state()["v"], action=action, id=ident)
        )
        replies = [m for m in client.messages(since) if m.get("id") == ident]
        assert len(replies) == 1, client.messages(since)
        return replies[0]

    async def step(self) -> Message:
        seat, action = self.next_action()
        reply = await self.act(seat, action)
        assert reply["type"] == "state", reply
        return reply

    async def play_deals(self, deals: int) -> None:
        match = self.live.state.match
        assert match is not None
        while len(match.finished_deals) < deals and not match.is_over:
            await self.step()


async def seated_table(tables: Tables, seats: int, rng: random.Random) -> Table:
    code, _, host_secret = await tables.create_room(seats, NAMES[0])
    live = await tables.room(code)
    assert live is not None
    clients = [Collector() for _ in range(seats)]
    members = [await tables.join(live, c) for c in clients]
    watcher = Collector()
    await tables.join(live, watcher)
    await tables.handle(members[0], Hello(host_secret))
    secrets = [host_secret]
    for seat in range(1, seats):
        since = len(clients[seat].texts)
        await tables.handle(members[seat], Sit(seat, NAMES[seat]))
        seated = [m for m in clients[seat].messages(since) if m["type"] == "seated"]
        assert len(seated) == 1, clients[seat].messages(since)
        secrets.append(seated[0]["secret"])
    return Table(tables, live, members, clients, secrets, watcher, rng)


async def started_table(store: SqlRoomStore, seats: int, seed: int) -> Table:
    table = await seated_table(Tables(store, random.Random(seed)), seats, random.Random(seed + 1))
    await table.tables.handle(table.members[0], Start(v=table.live.state.version))
    assert table.live.state.match is not None
    return table


def assert_same_room(reloaded: RoomState, original: RoomState, secrets: Sequence[str]) -> None:
    assert reloaded.version == original.version
    assert reloaded.size == original.size
    assert reloaded.status == original.status
    assert reloaded.host == original.host
    assert reloaded.seats == original.seats
    assert reloaded.players == original.players
    assert reloaded.match_number == original.match_number
    nobody = [False] * original.size
    assert reloaded.public(nobody) == original.public(nobody)
    for seat in [*range(original.size), None]:
        assert reloaded.view_for(seat) == original.view_for(seat), f"view of seat {seat}"
    assert reloaded.record() == original.record()
    assert [(p.number, p.players, p.status) for p in reloaded.past] == [
        (p.number, p.players, p.status) for p in original.past
    ]
    for seat, secret in enumerate(secrets):
        assert reloaded.seat_for_secret(secret) == seat
    assert reloaded.seat_for_secret("not-a-secret-of-this-room") is None


async def reload(url: str, code: str) -> tuple[SqlRoomStore, Tables, LiveRoom]:
    """The room as a freshly started process would load it."""
    store = SqlRoomStore(url)
    tables = Tables(store, random.Random(99))
    live = await tables.room(code)
    assert live is not None
    return store, tables, live


# -- a whole match, played once per backend ------------------------------------------------------


@dataclass
class Played:
    url: str
    code: str
    state: RoomState
    secrets: list[str]
    seen: dict[int | None, Message]  # the last state each connection was sent


@pytest.fixture(scope="module")
def played_match(backend: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Played]:
    with fresh_database(backend, tmp_path_factory.mktemp(f"durability-{backend}")) as url:

        async def play() -> Played:
            store = SqlRoomStore(url)
            try:
                table = await started_table(store, 3, seed=1130)
                await table.play_deals(12)
            finally:
                await store.close()
            seen: dict[int | None, Message] = {
                seat: client.last_state() for seat, client in enumerate(table.clients)
            }
            seen[None] = table.watcher.last_state()
            return Played(url, table.code, table.live.state, table.secrets, seen)

        yield run(play())


def test_whole_match_is_played_to_the_end(played_match: Played) -> None:
    state = played_match.state
    assert state.status.value == "finished"
    assert state.match is not None and state.match.is_over
    assert len(state.match.finished_deals) == 12
    # the connections were shown the room as it is in memory
    for seat, message in played_match.seen.items():
        assert message["v"] == state.version
        assert message["view"] == state.view_for(seat)


def test_scoresheet_rows_equal_the_engines_protocol(played_match: Played) -> None:
    state = played_match.state
    assert state.match is not None
    expected_deals = scored_deals(state.match)

    async def rows() -> list[tuple[MatchRow, list[DealRow]]]:
        store = SqlRoomStore(played_match.url)
        try:
            return await store.matches(played_match.code)
        finally:
            await store.close()

    stored = run(rows())

    assert len(stored) == 1
    match, deals = stored[0]
    assert match.number == 1
    assert match.players == list(NAMES[:3])
    assert match.first_dealer == state.match.first_dealer
    assert match.status == "finished"
    assert match.deals_played == 12
    assert match.totals == state.match.totals
    assert match.winners == winners(state.match.totals)
    assert len(deals) == len(expected_deals) == 12
    for row, expected in zip(deals, expected_deals, strict=True):
        assert row.match_number == 1
        assert (row.number, row.dealer) == (expected.number, expected.dealer)
        assert row.detail == expected.detail
        assert tuple(row.scores) == expected.scores
        assert None not in row.detail["tricks"]


def test_a_new_process_reproduces_the_finished_room(played_match: Played) -> None:
    async def scenario() -> RoomState:
        store, _, live = await reload(played_match.url, played_match.code)
        await store.close()
        return live.state

    reloaded = run(scenario())

    assert_same_room(reloaded, played_match.state, played_match.secrets)
    for seat, message in played_match.seen.items():
        assert reloaded.view_for(seat) == message["view"]


# -- reloads and failures mid-match --------------------------------------------------------------


@pytest.fixture
def url(backend: str, tmp_path: Path) -> Iterator[str]:
    with fresh_database(backend, tmp_path) as url:
        yield url


@pytest.mark.parametrize("seed", [3, 17])
def test_a_room_reloaded_mid_deal_is_the_same_room_and_plays_on(url: str, seed: int) -> None:
    async def scenario() -> None:
        store = SqlRoomStore(url)
        table = await started_table(store, 3, seed)
        stop = random.Random(seed).randrange(2, 160)
        for _ in range(stop):
            await table.step()
        if table.live.state.match is not None and table.live.state.match.current is None:
            await table.step()  # a random stop may fall between deals; be inside one
        assert table.live.state.match is not None and table.live.state.match.current is not None
        await store.close()

        store, tables, live = await reload(url, table.code)
        try:
            assert_same_room(live.state, table.live.state, table.secrets)
            # The reloaded room takes the next action at the stored version.
            again = await seated_again(tables, live, table)
            before = live.state.version
            await again.step()
            assert live.state.version > before
            stored = await store.load(table.code)
            assert stored is not None and len(stored) == live.state.version
        finally:
            await store.close()

    run(scenario())


async def seated_again(tables: Tables, live: LiveRoom, old: Table) -> Table:
    """The old table's seats reconnected to a reloaded room with their secrets."""
    clients = [Collector() for _ in old.clients]
    members = [await tables.join(live, c) for c in clients]
    for member, secret in zip(members, old.secrets, strict=True):
        await tables.handle(member, Hello(secret))
    watcher = Collector()
    await tables.join(live, watcher)
    return Table(tables, live, members, clients, list(old.secrets), watcher, random.Random(5))


class FailingStore(SqlRoomStore):
    """The real store, made to refuse the next appends (and loads) on request."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.failures = 0
        self.load_failures = 0

    async def append(
        self, code: str, version: int, events: Sequence[EventJson], projection: Projection
    ) -> None:
        if self.failures:
            self.failures -= 1
            raise OSError("disk unplugged")
        await super().append(code, version, events, projection)

    async def load(self, code: str) -> list[EventJson] | None:
        if self.load_failures:
            self.load_failures -= 1
            raise OSError("database unreachable")
        return await super().load(code)


def snapshot(table: Table) -> tuple[int, list[Message | None], list[int]]:
    state = table.live.state
    views = [state.view_for(s) for s in [*range(state.size), None]]
    sent = [len(c.texts) for c in [*table.clients, table.watcher]]
    return state.version, views, sent


@pytest.mark.parametrize("moment", ["first", "mid", "deal_end"])
def test_a_failed_append_changes_nothing_and_the_retry_succeeds(url: str, moment: str) -> None:
    async def scenario() -> None:
        store = FailingStore(url)
        try:
            table = await started_table(store, 3, seed=41)
            match = table.live.state.match
            assert match is not None
            if moment == "mid":
                for _ in range(23):
                    await table.step()
            elif moment == "deal_end":
                # the last card of a deal also appends the next deal and the scoresheet row
                while not (match.phase() == "play" and len(match.deals[-1].plays) == 47):
                    await table.step()
            version, views, sent = snapshot(table)
            deals_done = len(match.finished_deals)
            seat, action = table.next_action()

            store.failures = 1
            since = len(table.clients[seat].texts)
            reply = await table.act(seat, action)

            assert reply["type"] == "error"
            assert reply["code"] == "storage_failed"
            assert reply["v"] == version
            after_version, after_views, after_sent = snapshot(table)
            assert after_version == version
            assert after_views == views
            # the actor heard of the failure and nothing else; nobody else heard anything
            assert after_sent[seat] == since + 1
            assert after_sent[:seat] + after_sent[seat + 1 :] == sent[:seat] + sent[seat + 1 :]
            stored = await store.load(table.code)
            assert stored is not None and len(stored) == version
            assert [len(d) for _, d in await store.matches(table.code)] == [deals_done]
            # the room in memory is rebuilt from the store, not the one the failure touched
            match = table.live.state.match
            assert match is not None and len(match.finished_deals) == deals_done

            retry = await table.act(seat, action)

            assert retry["type"] == "state", retry
            assert retry["v"] > version
            assert table.watcher.last_state()["v"] == retry["v"]
            stored = await store.load(table.code)
            assert stored is not None and len(stored) == retry["v"]
            match = table.live.state.match
            assert match is not None
            assert [len(d) for _, d in await store.matches(table.code)] == [
                len(match.finished_deals)
            ]
        finally:
            await store.close()

    run(scenario())


def test_a_store_that_cannot_even_be_read_closes_the_room_unseen(url: str) -> None:
    # When the rebuild after a failed append fails too, the room in memory holds an action
    # the disk does not: nobody may be shown it, and the room must come back from the disk.
    async def scenario() -> None:
        store = FailingStore(url)
        try:
            table = await started_table(store, 3, seed=43)
            for _ in range(5):
                await table.step()
            version, views, sent = snapshot(table)
            seat, action = table.next_action()

            store.failures = store.load_failures = 1
            since = len(table.clients[seat].texts)
            reply = await table.act(seat, action)

            assert reply["type"] == "error"
            assert reply["code"] == "storage_failed"
            assert [m["type"] for m in table.clients[seat].messages(since)] == ["error"]
            others = [*table.clients[:seat], *table.clients[seat + 1 :], table.watcher]
            assert [len(c.texts) for c in others] == sent[:seat] + sent[seat + 1 :]
            for client in [*table.clients, table.watcher]:
                assert client.closed is not None
                assert client.closed[0] == 1013
            stored = await store.load(table.code)
            assert stored is not None and len(stored) == version

            # whoever comes back gets the room as stored, and the action can be retried
            back = await table.tables.room(table.code)
            assert back is not None and back is not table.live
            assert back.state.version == version
            assert [back.state.view_for(s) for s in [*range(3), None]] == views
            again = await seated_again(table.tables, back, table)
            retry = await again.act(seat, action)
            assert retry["type"] == "state", retry
            stored = await store.load(table.code)
            assert stored is not None and len(stored) == back.state.version > version
        finally:
            await store.close()

    run(scenario())


def test_a_failed_sit_gives_no_seat_and_no_secret(url: str) -> None:
    async def scenario() -> None:
        store = FailingStore(url)
        try:
            tables = Tables(store, random.Random(2))
            code, _, _ = await tables.create_room(3, "Anna")
            live = await tables.room(code)
            assert live is not None
            guest, other = Collector(), Collector()
            member = await tables.join(live, guest)
            await tables.join(live, other)
            version = live.state.version
            heard = len(other.texts)

            store.failures = 1
            await tables.handle(member, Sit(1, "Bertil"))

            replies = guest.messages(len(guest.texts) - 1)
            assert [(m["type"], m.get("code")) for m in replies] == [("error", "storage_failed")]
            assert member.seat is None
            assert live.state.seats[1] is None
            assert live.state.version == version
            assert len(other.texts) == heard

            await tables.handle(member, Sit(1, "Bertil"))

            assert member.seat == 1
            assert live.state.seats[1] is not None
            stored = await store.load(code)
            assert stored is not None and len(stored) == live.state.version == version + 1
        finally:
            await store.close()

    run(scenario())


def test_four_seat_rows_mark_the_seat_sitting_out(url: str) -> None:
    async def scenario() -> tuple[Table, list[tuple[MatchRow, list[DealRow]]], RoomState]:
        store = SqlRoomStore(url)
        try:
            table = await started_table(store, 4, seed=7)
            await table.play_deals(3)
            await table.tables.handle(table.members[0], End(v=table.live.state.version))
            rows = await store.matches(table.code)
        finally:
            await store.close()
        store, _, live = await reload(url, table.code)
        await store.close()
        return table, rows, live.state

    table, rows, reloaded = run(scenario())

    state = table.live.state
    assert state.status.value == "ended"
    assert state.match is not None
    expected_deals = scored_deals(state.match)
    [(match, deals)] = rows
    assert match.status == "ended"
    assert match.deals_played == 3
    assert match.totals == state.match.totals
    assert len(deals) == 3
    for row, expected in zip(deals, expected_deals, strict=True):
        out = row.dealer  # at four seats the dealer sits out
        tricks = row.detail["tricks"]
        assert tricks[out] is None
        # the seat sitting out settles nothing: it has no score at all
        assert row.scores[out] is None
        active = [s for s in range(4) if s != out]
        assert all(tricks[s] is not None for s in active)
        assert sum(tricks[s] or 0 for s in active) == 16
        assert row.detail == expected.detail
        assert tuple(row.scores) == expected.scores
    assert_same_room(reloaded, state, table.secrets)
