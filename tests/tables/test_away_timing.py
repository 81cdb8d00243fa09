"""When a table stops waiting for a player away, by the room's own clock arithmetic: only the
seat the match waits for gets a stand-in, only while someone else is there to be kept
waiting, and the host role passes only to a person who is there."""

from __future__ import annotations

import random

from app.tables.events import Event
from app.tables.live import LiveRoom, Member
from app.tables.room import RoomState
from app.tables.stall import clock_move, due_events, next_due


class Quiet:
    def send_text(self, text: str) -> None:
        pass

    def close(self, code: int, reason: str) -> None:
        pass


def room(grace: int | None = 10, clock: int | None = None) -> tuple[LiveRoom, list[Member]]:
    state = RoomState("AWAYTEST01", 3, "bismarck", None, grace, clock)
    for seat, name in enumerate(("Anna", "Bertil", "Cecilia")):
        events, _ = state.sit(seat, name, None)
        for event in events:
            state.apply(event)
    for event in state.start(0, random.Random(1)):
        state.apply(event)
    live = LiveRoom(state)
    members = [Member(Quiet(), live, seat) for seat in range(3)]
    for member in members:
        live.add(member)
    live.note_presence(now=0.0)
    return live, members


def leaves(live: LiveRoom, member: Member, at: float) -> None:
    live.discard(member)
    live.note_presence(now=at)


def test_the_seat_the_match_waits_for_gets_a_stand_in_after_the_grace() -> None:
    live, members = room()
    seat = live.state.awaited()
    assert seat is not None
    assert next_due(live) is None
    leaves(live, members[seat], at=100.0)
    assert live.stand_in_due() == (seat, 110.0)
    events = due_events(live, 110.0)
    assert events and events[0] == Event("bot", {"seat": seat, "level": "basic", "away": True})


def test_a_player_away_while_another_is_to_act_keeps_their_seat() -> None:
    live, members = room()
    seat = live.state.awaited()
    assert seat is not None
    other = next(s for s in range(3) if s not in (seat, live.state.host))
    leaves(live, members[other], at=5.0)
    assert live.stand_in_due() is None and other in live.away_since


def test_a_table_everyone_left_is_not_played_out_in_their_absence() -> None:
    live, members = room()
    for k, member in enumerate(members):
        leaves(live, member, at=float(k))
    assert live.stand_in_due() is None and live.host_due() is None
    assert next_due(live) is None and due_events(live, 1_000_000.0) == []


def test_a_host_away_hands_the_role_to_the_next_person_there() -> None:
    live, members = room()
    host = live.state.host
    assert host == 0
    leaves(live, members[0], at=50.0)
    assert live.host_due() == (1, 60.0)
    leaves(live, members[1], at=55.0)
    assert live.host_due() == (2, 60.0)


def test_never_means_never() -> None:
    live, members = room(grace=None)
    for member in members[:2]:
        leaves(live, member, at=0.0)
    assert next_due(live) is None and due_events(live, 1e12) == []


def test_a_move_clock_counts_from_the_move_awaited() -> None:
    live, _ = room(clock=30)
    seat = live.state.awaited()
    assert live.move_due() == (seat, 0.0 + 30)
    assert next_due(live) == 30.0
    live.note_presence(now=12.0)  # the same move still awaited: the clock runs on
    assert live.move_due() == (seat, 30.0)
    assert clock_move(live, 29.9) is None
    move = clock_move(live, 30.0)
    assert move is not None and move[0] == seat and move[1].v == live.state.version


def test_no_clock_no_move_made_for_anyone() -> None:
    live, _ = room(clock=None)
    assert live.move_due() is None and clock_move(live, 1e12) is None
