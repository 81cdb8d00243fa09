"""Playing at once, in the rooms layer: a room made with computer players in every other seat
that starts on its host's first seed, the host filling every free seat at once, and a person
taking a computer player's seat, at once between deals and, in the middle of one, after the
computer has finished it."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from app.engine import TABLE
from app.store import MemoryRoomStore
from app.tables import RoomState, Status, TableError, Tables
from app.tables import events as ev
from app.tables.commands import ClientSeed, FillBots, Hello
from app.tables.events import Event
from app.tables.room import BOT_NAMES

CODE = "PlayNowRoom12345"


class Log:
    """A room with its log: each accepted command's events are applied and kept."""

    def __init__(self, seats: int = 3, game: str = "bismarck", **kwargs: Any) -> None:
        self.room = RoomState(CODE, seats, game, **kwargs)
        self.log: list[Event] = [self.room.created()]
        self.room.version = 1
        self.rng = random.Random(11)
        events, self.secret = self.room.sit(0, "Anna", None)
        self.commit([*events, *self.room.commit_seed()])

    def commit(self, events: Sequence[Event]) -> None:
        for event in events:
            self.room.apply(event)
            self.log.append(event)

    def replayed(self) -> RoomState:
        stored = json.loads(json.dumps([e.to_json() for e in self.log]))
        return RoomState.from_events(CODE, [Event.from_json(e) for e in stored])

    def play(self) -> None:
        match = self.room.match
        assert match is not None and match.to_act is not None and match.to_act >= 0
        seat = match.to_act
        view = self.room.view_for(seat)
        assert view is not None and view["legal"] is not None
        legal = view["legal"]
        if "count" in legal:
            action = f"{legal['kind']}:" + ",".join(self.rng.sample(legal["from"], legal["count"]))
        else:
            action = str(self.rng.choice(legal["actions"]))
        self.commit(self.room.act(seat, action, self.rng))


class _Refused:
    """The block must raise TableError with that code."""

    def __init__(self, code: str) -> None:
        self.code = code

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, error: object, tb: object) -> bool:
        assert isinstance(error, TableError), f"expected {self.code}, got {error!r}"
        assert error.code == self.code, (error.code, error.message)
        return True


def public_seats(room: RoomState) -> list[dict[str, Any]]:
    seats: list[dict[str, Any]] = room.public([False] * room.size)["seats"]
    return seats


# -- filling every free seat ---------------------------------------------------------------


def test_the_host_fills_every_free_seat_with_computer_players_of_one_level() -> None:
    table = Log(4)
    sit, _ = table.room.sit(2, "Bertil", None)
    table.commit(sit)
    filled = table.room.fill_bots(0, "strong")
    assert [e.data["seat"] for e in filled] == [1, 3]
    table.commit(filled)
    seats = public_seats(table.room)
    assert [s["bot"] for s in seats] == [None, "strong", None, "strong"]
    assert [s["stand_in"] for s in seats] == [False] * 4
    names = [s["nickname"] for s in seats]
    assert names[1] in BOT_NAMES and names[3] in BOT_NAMES and names[1] != names[3]
    # a computer player's seat is one no secret a person holds proves
    assert table.room.seat_for_secret(table.secret) == 0
    assert public_seats(table.replayed()) == seats


def test_filling_seats_is_the_hosts_and_needs_a_level_and_a_free_seat() -> None:
    table = Log(3)
    sit, _ = table.room.sit(1, "Bertil", None)
    table.commit(sit)
    with _Refused("not_host"):
        table.room.fill_bots(1, "basic")
    with _Refused("not_host"):
        table.room.fill_bots(None, "basic")
    for level in ("genius", "", None, 1, ["basic"]):
        with _Refused("bad_bot_level"):
            table.room.fill_bots(0, level)
    table.commit(table.room.fill_bots(0, "random"))
    with _Refused("no_free_seat"):
        table.room.fill_bots(0, "random")


def test_a_room_kept_on_paper_seats_no_computer_player() -> None:
    table = Log(3, paper=True)
    with _Refused("paper_no_bots"):
        table.room.fill_bots(0, "basic")


def test_a_bot_name_taken_by_a_person_is_skipped() -> None:
    table = Log(3)
    sit, _ = table.room.sit(1, "ada", None)
    table.commit(sit)
    table.commit(table.room.fill_bots(0, "basic"))
    assert table.room.seats[2] is not None and table.room.seats[2].nickname == BOT_NAMES[1]


# -- a room that starts by itself ----------------------------------------------------------


def test_a_room_made_to_play_at_once_starts_on_the_hosts_first_seed_only() -> None:
    table = Log(3, autostart=True)
    assert table.log[0].data["autostart"] is True
    assert not table.room.starts_on_seed(0)  # seats are free
    table.commit(table.room.fill_bots(0, "basic"))
    assert table.room.starts_on_seed(0)
    assert not table.room.starts_on_seed(1) and not table.room.starts_on_seed(None)
    assert table.replayed().starts_on_seed(0)
    table.commit(table.room.start(0, table.rng))
    assert not table.room.starts_on_seed(0)  # the first match only
    ordinary = Log(3)
    ordinary.commit(ordinary.room.fill_bots(0, "basic"))
    assert not ordinary.room.starts_on_seed(0)
    with _Refused("bad_autostart"):
        RoomState(CODE, 3, autostart="yes")


class Collector:
    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    def send_text(self, text: str) -> None:
        self.messages.append(json.loads(text))

    def close(self, code: int, reason: str) -> None:
        return None


def test_tables_make_a_room_with_its_bots_that_deals_from_the_hosts_seed() -> None:
    async def scenario() -> None:
        tables = Tables(MemoryRoomStore(), random.Random(5))
        try:
            code, seat, secret = await tables.create_room(4, "Anna", "spades", bots="random")
            assert seat == 0
            live = await tables.room(code)
            assert live is not None
            state = live.state
            assert state.status is Status.WAITING
            assert [s.bot if s else "free" for s in state.seats] == [None, *["random"] * 3]
            assert state.version == 3 + 3  # created, Anna, the seed, three computer players
            anna = Collector()
            member = await tables.join(live, anna)
            await tables.handle(member, Hello(secret))
            assert state.status is Status.WAITING  # a hello gives no seed
            commitment = state.seeds_commitment()["next"]
            await tables.handle(member, ClientSeed("annas-seed", commitment), "s1")
            assert state.status is Status.PLAYING
            assert state.dealings[0].client_seeds == ("annas-seed", "", "", "")
            acked = [m for m in anna.messages if m.get("id") == "s1"]
            assert [m["type"] for m in acked] == ["state"]
            assert acked[0]["view"] is not None and acked[0]["room"]["status"] == "playing"
            # restarted, the room reads the same back
            stored = await tables.store.load(code)
            assert stored is not None
            again = RoomState.from_events(code, [Event.from_json(e) for e in stored])
            assert again.status is Status.PLAYING and again.autostart
        finally:
            await tables.close()

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"bots": "genius"}, "bad_bot_level"),
        ({"bots": 3}, "bad_bot_level"),
        ({"bots": "basic", "paper": True}, "paper_no_bots"),
    ],
)
def test_tables_refuse_a_room_with_bots_they_cannot_seat(kwargs: dict[str, Any], code: str) -> None:
    async def scenario() -> None:
        store = MemoryRoomStore()
        tables = Tables(store, random.Random(5))
        try:
            with _Refused(code):
                await tables.create_room(3, "Anna", "bismarck", **kwargs)
            assert tables.owned() == []
        finally:
            await tables.close()

    asyncio.run(scenario())


def test_the_host_fills_the_seats_through_the_command_path() -> None:
    async def scenario() -> None:
        tables = Tables(MemoryRoomStore(), random.Random(5))
        try:
            code, _, secret = await tables.create_room(3, "Anna")
            live = await tables.room(code)
            assert live is not None
            anna, bertil = Collector(), Collector()
            host = await tables.join(live, anna)
            await tables.handle(host, Hello(secret))
            guest = await tables.join(live, bertil)
            await tables.handle(guest, FillBots("basic"), "f1")
            assert bertil.messages[-1]["code"] == "not_host"
            assert bertil.messages[-1]["id"] == "f1"
            await tables.handle(host, FillBots("basic", v=live.state.version))
            assert [s.bot for s in live.state.seats if s] == [None, "basic", "basic"]
            last = anna.messages[-1]
            assert last["type"] == "state"
            assert [s["bot"] for s in last["room"]["seats"]] == [None, "basic", "basic"]
        finally:
            await tables.close()

    asyncio.run(scenario())


# -- a person takes a computer player's seat -----------------------------------------------


def bot_table(seats: int = 3) -> Log:
    table = Log(seats, autostart=True)
    table.commit(table.room.fill_bots(0, "basic"))
    return table


def test_before_the_match_a_person_takes_a_computer_players_seat_at_once() -> None:
    table = bot_table()
    bot_name = table.room.nickname(1)
    # the computer player's own name is free to take with its seat, not another's
    with _Refused("nickname_taken"):
        table.room.sit(1, table.room.nickname(2), None)
    with _Refused("nickname_taken"):
        table.room.sit(1, "ANNA", None)
    events, secret = table.room.sit(1, bot_name.upper(), None)
    assert [e.kind for e in events] == [ev.SIT]
    assert events[0].data["replaces"] == bot_name
    assert "stand_in" not in events[0].data
    table.commit(events)
    seats = public_seats(table.room)
    assert seats[1]["nickname"] == bot_name.upper()
    assert (seats[1]["bot"], seats[1]["stand_in"], seats[1].get("finishes_deal", False)) == (
        None,
        False,
        False,
    )
    assert table.room.seat_for_secret(secret) == 1
    assert table.room.starts_on_seed(0)  # every seat is still taken
    assert public_seats(table.replayed()) == seats


def test_in_the_middle_of_a_deal_the_computer_finishes_it_for_the_person() -> None:
    table = bot_table()
    table.commit(table.room.start(0, table.rng))
    table.play()  # someone has acted: the deal is under way
    assert table.room.deal_under_way()
    deal = len(table.room.dealings)
    events, secret = table.room.sit(2, "Bertil", None)
    assert events[0].data["stand_in"] == "basic"
    table.commit(events)
    seat = public_seats(table.room)[2]
    assert seat["nickname"] == "Bertil" and seat["player"] == "Bertil"
    assert (seat["bot"], seat["stand_in"], seat.get("finishes_deal", False)) == (
        "basic",
        True,
        True,
    )
    assert table.room.seat_for_secret(secret) == 2
    # the person coming back with the seat's secret does not cut the deal short
    assert table.room.reclaim(2) == []
    # nobody else takes it now: it is a person's
    with _Refused("seat_taken"):
        table.room.sit(2, "Cecilia", None)
    assert public_seats(table.replayed()) == public_seats(table.room)
    while len(table.room.dealings) == deal:
        table.play()
    seat = public_seats(table.room)[2]
    assert (seat["bot"], seat["stand_in"], seat.get("finishes_deal", False)) == (None, False, False)
    assert table.room.last_actor == TABLE
    assert public_seats(table.replayed()) == public_seats(table.room)
    # the computer player is not standing in any more: it is the person's turn when it comes
    while table.room.match is not None and table.room.match.to_act != 2:
        table.play()
    assert table.room.awaited() == 2


def test_a_deal_nobody_has_acted_in_yet_is_taken_over_at_once() -> None:
    table = bot_table()
    table.commit(table.room.start(0, table.rng))
    assert table.room.last_actor == TABLE and not table.room.deal_under_way()
    events, _ = table.room.sit(1, "Bertil", None)
    assert "stand_in" not in events[0].data
    table.commit(events)
    assert public_seats(table.room)[1]["bot"] is None


def test_the_end_of_the_match_and_the_hosts_choice_end_the_finishing_too() -> None:
    table = bot_table()
    table.commit(table.room.start(0, table.rng))
    table.play()
    table.commit(table.room.sit(1, "Bertil", None)[0])
    table.commit(table.room.sit(2, "Cecilia", None)[0])
    # the host lends Cecilia's seat a computer player for good
    table.commit(table.room.add_bot(0, 2, "strong"))
    assert public_seats(table.room)[2].get("finishes_deal", False) is False
    table.commit(table.room.end(0))
    seats = public_seats(table.room)
    assert [(s["bot"], s.get("finishes_deal", False)) for s in seats] == [
        (None, False),
        (None, False),
        ("strong", False),
    ]
    assert public_seats(table.replayed()) == seats


def test_a_stand_in_for_a_person_and_a_persons_seat_cannot_be_taken() -> None:
    table = Log(3)
    bertil, _ = table.room.sit(1, "Bertil", None)
    table.commit(bertil)
    table.commit(table.room.add_bot(0, 1, "basic"))  # standing in for Bertil
    table.commit(table.room.fill_bots(0, "basic"))
    for seat in (0, 1):
        with _Refused("seat_taken"):
            table.room.sit(seat, "Mallory", None)
    with _Refused("already_seated"):
        table.room.sit(2, "Mallory", 0)
