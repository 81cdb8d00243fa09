"""Every state a room sends carries exactly the engine's view for its recipient, and the room
as it stands.

States are assembled from parts encoded once per room (the scoresheet, the last deal) or once
per change (the tricks played): whatever the assembly, each recipient must read what the
engine's ``view`` of the match gives for its seat, built from scratch.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from app.engine.bismarck import GAME
from app.store import MemoryRoomStore
from app.tables import LiveRoom, Member, Tables
from app.tables.commands import Act, End, Hello, Sit, Start, TransferHost

view = GAME.view


class Collector:
    def __init__(self) -> None:
        self.texts: list[str] = []

    def send_text(self, text: str) -> None:
        self.texts.append(text)

    def close(self, code: int, reason: str) -> None:
        pass

    def last(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.texts[-1])
        return message


NAMES = ("Anna", "Bertil", "Cecilia", "David")


async def started_room(
    tables: Tables, seats: int
) -> tuple[LiveRoom, list[Collector], list[Member]]:
    """A room whose seats are all taken and whose match has started, with one connection per
    seat (in seat order) and a spectator's last."""
    code, _, secret = await tables.create_room(seats, NAMES[0])
    live = await tables.room(code)
    assert live is not None
    clients = [Collector() for _ in range(seats + 1)]
    members = [await tables.join(live, c) for c in clients]
    await tables.handle(members[0], Hello(secret))
    for seat in range(1, seats):
        await tables.handle(members[seat], Sit(seat, NAMES[seat]))
    await tables.handle(members[0], Start())
    return live, clients, members


def pick(rng: random.Random, legal: dict[str, Any]) -> str:
    """A random one of the actions a view's ``legal`` offers."""
    if legal["kind"] == "discard":
        return "discard:" + ",".join(rng.sample(legal["from"], legal["count"]))
    return str(rng.choice(legal["actions"]))


def test_every_state_carries_the_fresh_view_of_its_recipient() -> None:
    async def scenario() -> int:
        rng = random.Random(11)
        tables = Tables(MemoryRoomStore(), random.Random(12))
        live, clients, members = await started_room(tables, 3)
        checked = 0
        # three deals: the scoresheet and the previous deal change in between
        while len(live.state.match.finished_deals) < 3:  # type: ignore[union-attr]
            match = live.state.match
            assert match is not None
            for seat, client in zip([0, 1, 2, None], clients, strict=True):
                state = client.last()
                assert state["type"] == "state" and state["v"] == live.state.version
                assert state["seat"] == seat
                assert state["view"] == json.loads(json.dumps(view(match, seat))), seat
                room = live.state.public(live.connected(), spectators=live.spectators())
                assert state["room"] == json.loads(json.dumps(room)), seat
                checked += 1
            seat = match.to_act
            assert seat is not None
            if checked % 37 == 0:
                # the host role goes round and comes back: room changes amid the moves
                host = live.state.host
                assert host is not None
                await tables.handle(members[host], TransferHost((host + 1) % 3))
                for client in clients:
                    assert client.last()["room"]["host"] == (host + 1) % 3
            action = pick(rng, clients[seat].last()["view"]["legal"])
            await tables.handle(members[seat], Act(live.state.version, action, f"a{checked}"))
        await tables.close()
        return checked

    assert asyncio.run(scenario()) >= 3 * 50 * 4


def test_four_seats_and_a_stopped_match_show_each_recipient_its_own_view() -> None:
    """The dealer who sits out holds nothing; once the host stops the match, every seat is
    shown the public view (its hand is nobody's any more) while keeping its seat."""

    async def scenario() -> None:
        rng = random.Random(5)
        tables = Tables(MemoryRoomStore(), random.Random(6))
        live, clients, members = await started_room(tables, 4)
        seats = [0, 1, 2, 3, None]
        for moves in range(70):  # past the end of the first deal
            match = live.state.match
            assert match is not None
            for seat, client in zip(seats, clients, strict=True):
                state = client.last()
                assert state["seat"] == seat
                assert state["view"] == json.loads(json.dumps(view(match, seat))), seat
            seat = match.to_act
            assert seat is not None
            action = pick(rng, clients[seat].last()["view"]["legal"])
            await tables.handle(members[seat], Act(live.state.version, action, f"m{moves}"))
        await tables.handle(members[0], End())
        match = live.state.match
        assert match is not None
        public = json.loads(json.dumps(view(match, None)))
        for seat, client in zip(seats, clients, strict=True):
            state = client.last()
            assert state["seat"] == seat and state["view"] == public
        await tables.close()

    asyncio.run(scenario())


def test_a_growing_list_is_encoded_as_a_whole_list_at_every_step() -> None:
    import orjson

    from app.tables.encoding import GrowingList

    def trick(n: int) -> dict[str, Any]:
        return {"leader": n % 3, "cards": [{"seat": n % 3, "card": "QS"}]}

    growing = GrowingList()
    first = [trick(i) for i in range(3)]
    steps = [
        [],
        first[:1],
        first[:1],  # equal but another list
        first[:2],
        first,
        [trick(0), *first[1:]],  # equal items, but not the same ones: encoded afresh
        first[:1],  # shorter: a new deal, say
        [trick(9), trick(10)],  # other items altogether
    ]
    for items in steps:
        assert orjson.dumps({"t": growing.encoded(items)}) == orjson.dumps({"t": items})
    mutated = [trick(0)]
    growing.encoded(mutated)
    replaced = [trick(5)]
    assert orjson.dumps(growing.encoded(replaced)) == orjson.dumps(replaced)
