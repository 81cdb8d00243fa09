"""Several rooms' actions in one group commit: at a human pace a commit starts no sooner than
the store's commit window after the last one, and other rooms' actions that come meanwhile
share it; still nobody sees an action before it is committed. A group write that fails
refuses each of its actions and loses nothing."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

from app.store import models as m
from app.store.sql import SqlRoomStore
from app.tables import Member, Tables
from app.tables.commands import Act, Hello, Sit, Start
from support.databases import fresh_database

ROOMS = 3
WINDOW = 2.0
"""Generous, so that on a busy machine the actions surely come within it."""
BOUND = 30.0


class Collector:
    def __init__(self) -> None:
        self.texts: list[str] = []

    def send_text(self, text: str) -> None:
        self.texts.append(text)

    def close(self, code: int, reason: str) -> None:
        return None

    def since(self, start: int) -> list[dict[str, Any]]:
        return [json.loads(t) for t in self.texts[start:]]


class Watched(SqlRoomStore):
    """The store as it is, with its batches noted, a gate before each commit and, while
    ``broken``, a disk that refuses every write."""

    def __init__(self, url: str, **options: Any) -> None:
        super().__init__(url, **options)
        self.batches: list[list[str]] = []
        self.gate = asyncio.Event()
        self.gate.set()
        self.broken = False

    async def _commit(self, batch: list[Any]) -> None:
        self.batches.append([w.code for w in batch])
        await self.gate.wait()
        await super()._commit(batch)

    def _write_batch(self, connection: Any, batch: list[Any], stamp: Any) -> None:
        if self.broken:
            raise OSError("disk I/O error")
        super()._write_batch(connection, batch, stamp)


@pytest.fixture
def url(backend: str, tmp_path: Path) -> Iterator[str]:
    with fresh_database(backend, tmp_path) as url:
        yield url


async def until(condition: Any) -> None:
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), BOUND)


def stored_events(store: SqlRoomStore, code: str) -> int:
    with store.engine.connect() as conn:
        return int(
            conn.execute(
                select(func.count()).select_from(m.RoomEvent).where(m.RoomEvent.room_code == code)
            ).scalar_one()
        )


async def seated_rooms(
    tables: Tables, count: int
) -> list[tuple[str, list[Member], list[Collector]]]:
    rooms = []
    for _ in range(count):
        code, _, secret = await tables.create_room(3, "Anna", "bismarck")
        live = await tables.room(code)
        assert live is not None
        clients = [Collector() for _ in range(3)]
        members = [await tables.join(live, c) for c in clients]
        await tables.handle(members[0], Hello(secret))
        for seat in (1, 2):
            await tables.handle(members[seat], Sit(seat, ("Bertil", "Cecilia")[seat - 1]))
        await tables.handle(members[0], Start())
        rooms.append((code, members, clients))
    return rooms


def next_move(member: Member) -> tuple[int, Act]:
    """The room's seat to act, and a legal action of theirs, as a message with an id."""
    state = member.room.state
    match = state.match
    assert match is not None and match.to_act is not None
    seat: int = match.to_act
    return seat, Act(state.version, str(match.legal_actions(seat)[0]), f"a-{state.code}")


def test_rooms_acting_within_the_window_share_a_commit_and_are_seen_after_it(url: str) -> None:
    async def scenario() -> None:
        store = Watched(url)
        tables = Tables(store, random.Random(5))
        try:
            rooms = await seated_rooms(tables, ROOMS + 1)
            moves = []
            for code, members, clients in rooms:
                seat, act = next_move(members[0])
                moves.append((code, members[seat], act, clients, [len(c.texts) for c in clients]))
            # a first room acts after a quiet spell, and its commit starts at once
            (first, first_member, first_act, *_), moves = moves[0], moves[1:]
            store.commit_window = WINDOW
            store.batches.clear()
            await tables.handle(first_member, first_act)
            assert store.batches == [[first]]
            stored = {code: stored_events(store, code) for code, *_ in moves}
            store.gate.clear()
            handling = []
            for _code, member, act, _clients, _sent in moves:
                handling.append(asyncio.ensure_future(tables.handle(member, act)))
                for _ in range(3):  # each action in a later turn of the loop, as messages come
                    await asyncio.sleep(0)
            await until(lambda: len(store.batches) > 1)
            # the others came within the window of the first room's commit: one commit for
            # them all, which waits at the gate; nothing of it is stored yet, and nobody has
            # been sent anything
            assert store.batches[1:] == [[code for code, *_ in moves]]
            for code, _member, _act, clients, sent in moves:
                assert stored_events(store, code) == stored[code]
                assert all(len(c.texts) == n for c, n in zip(clients, sent, strict=True))
            store.gate.set()
            await asyncio.wait_for(asyncio.gather(*handling), BOUND)
            for code, member, act, clients, sent in moves:
                assert stored_events(store, code) > stored[code]
                assert member.seat is not None
                actor = clients[member.seat]
                acks = [t for t in actor.since(sent[member.seat]) if t.get("id") == act.id]
                assert [a["type"] for a in acks] == ["state"], code
                # every seat sees the move, once, after its commit
                for client, n in zip(clients, sent, strict=True):
                    states = [t for t in client.since(n) if t["type"] == "state"]
                    assert [s["v"] for s in states] == [member.room.state.version], code
        finally:
            store.gate.set()
            await tables.close()
            await store.close()

    asyncio.run(scenario())


def test_a_failed_group_write_refuses_each_action_and_loses_nothing(url: str) -> None:
    async def scenario() -> None:
        store = Watched(url)
        tables = Tables(store, random.Random(6))
        try:
            rooms = await seated_rooms(tables, ROOMS + 1)
            moves = []
            for code, members, clients in rooms:
                seat, act = next_move(members[0])
                version = members[0].room.state.version
                moves.append((code, members[seat], act, clients, version))
            # a first room's commit starts the window the others' actions come in
            (_, first_member, first_act, *_), moves = moves[0], moves[1:]
            store.commit_window = WINDOW
            await tables.handle(first_member, first_act)
            stored = {code: stored_events(store, code) for code, *_ in moves}
            store.broken = True
            store.batches.clear()
            sent = [[len(c.texts) for c in clients] for *_, clients, _ in moves]
            await asyncio.wait_for(
                asyncio.gather(*(tables.handle(member, act) for _, member, act, *_ in moves)),
                BOUND,
            )
            # the three shared a write, which failed; each then failed alone as well
            assert store.batches == [[code for code, *_ in moves]]
            for (code, member, act, clients, version), counts in zip(moves, sent, strict=True):
                assert stored_events(store, code) == stored[code]
                assert member.room.state.version == version and not member.room.gone
                assert member.seat is not None
                actor = clients[member.seat]
                [refusal] = actor.since(counts[member.seat])
                assert refusal["type"] == "error" and refusal["code"] == "storage_failed"
                assert refusal["id"] == act.id
                # nobody else was sent anything: nothing happened
                for client, n in zip(clients, counts, strict=True):
                    if client is not actor:
                        assert client.since(n) == []
            # the disk back, each action goes through as it would have
            store.broken = False
            await asyncio.wait_for(
                asyncio.gather(*(tables.handle(member, act) for _, member, act, *_ in moves)),
                BOUND,
            )
            for code, member, act, clients, version in moves:
                assert member.room.state.version > version
                assert stored_events(store, code) > stored[code]
                assert member.seat is not None
                assert clients[member.seat].since(-1)[0]["id"] == act.id
        finally:
            store.gate.set()
            await tables.close()
            await store.close()

    asyncio.run(scenario())
