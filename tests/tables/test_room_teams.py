"""Partnerships in a room: the room object names each seat's team, and the host's seat order,
set before a match, chooses who partners whom."""

from __future__ import annotations

import random

from app.engine import GAMES
from app.tables import RoomState
from app.tables import events as ev
from app.tables.events import Event

PARTNERSHIP = next(name for name, game in GAMES.items() if game.partnerships)
NAMES = ("Anna", "Bertil", "Cecilia", "David")


def seated(game: str, seats: int) -> RoomState:
    room = RoomState("TestRoomCode1234", seats, game)
    room.version = 1
    for seat in range(seats):
        for event in room.sit(seat, NAMES[seat], None)[0]:
            room.apply(event)
    return room


def team_members(room: RoomState) -> list[set[str]]:
    public = room.public([True] * room.size)
    assert public["teams"] is not None
    by_team: dict[int, set[str]] = {}
    for seat in public["seats"]:
        by_team.setdefault(seat["team"], set()).add(seat["nickname"])
    return [by_team[i] for i in range(len(public["teams"]))]


def test_a_partnership_room_names_the_teams_and_each_seats_team() -> None:
    public = seated(PARTNERSHIP, 4).public([True] * 4)
    assert public["teams"] == [[0, 2], [1, 3]]
    assert [s["team"] for s in public["seats"]] == [0, 1, 0, 1]


def test_a_room_without_partnerships_has_no_teams() -> None:
    for name, game in GAMES.items():
        if game.partnerships:
            continue
        public = seated(name, game.seat_counts[0]).public([True] * game.seat_counts[0])
        assert public["teams"] is None
        assert all(s["team"] is None for s in public["seats"])


def test_the_hosts_seat_order_chooses_the_partnerships() -> None:
    room = seated(PARTNERSHIP, 4)
    assert team_members(room) == [{"Anna", "Cecilia"}, {"Bertil", "David"}]
    for event in room.reorder(room.host, [0, 1, 3, 2]):
        room.apply(event)
    assert team_members(room) == [{"Anna", "David"}, {"Bertil", "Cecilia"}]
    # the match is dealt to the seats as ordered: partners are who sit opposite now
    for event in room.start(room.host, random.Random(3)):
        room.apply(event)
    view = room.view_for(0)
    assert view is not None and view["teams"] == [[0, 2], [1, 3]]
    assert room.nickname(2) == "David"


def test_a_reorder_event_moves_a_player_into_the_other_team() -> None:
    room = seated(PARTNERSHIP, 4)
    room.apply(Event(ev.REORDER, {"order": [1, 0, 2, 3]}))
    assert team_members(room) == [{"Bertil", "Cecilia"}, {"Anna", "David"}]
