"""A room kept on paper, in the rooms layer: what its creation records and a restart reads
back, what it refuses, and the scoresheet rows an entry and a correction write."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from app.engine import get_game, registry
from app.tables import events as ev
from app.tables.events import Event
from app.tables.projection import projection
from app.tables.room import RoomState, TableError

ENTRY = {"contract": "spel", "tricks": [8, 4, 4]}
FIXED = {"contract": "spel", "tricks": [4, 4, 8]}


def paper_room() -> tuple[RoomState, list[Event]]:
    room = RoomState("Paper1234", 3, "bismarck", paper=True)
    log = [room.created()]
    room.version = 1
    for seat, name in enumerate(("Anna", "Bertil", "Cecilia")):
        events, _ = room.sit(seat, name, None)
        log.extend(events)
        for event in events:
            room.apply(event)
    return room, log


def commit(room: RoomState, log: list[Event], events: list[Event]) -> list[Event]:
    for event in events:
        room.apply(event)
    log.extend(events)
    return events


def test_the_creation_records_paper_and_a_restart_reads_it_back() -> None:
    room, log = paper_room()
    assert log[0].data["paper"] is True
    commit(room, log, room.start(0, random.Random(1)))
    commit(room, log, room.act(1, f"enter:{json.dumps(ENTRY)}", random.Random()))
    commit(room, log, room.act(2, f"amend:{json.dumps(FIXED)}", random.Random()))
    again = RoomState.from_events(room.code, log)
    assert again.paper and again.version == room.version
    public = again.view_for(None)
    assert public is not None and public["paper"] is True
    assert public["last"]["entry"] == FIXED and public["last"]["amendments"] == 1
    assert again.public([False] * 3)["paper"] is True


def test_a_paper_room_deals_nothing_and_keeps_no_seeds() -> None:
    room, log = paper_room()
    assert room.next_seed is None and room.commit_seed() == []
    assert room.public([False] * 3)["fairness"] is None
    assert room.set_client_seed(1, "mine", None) == []
    started = commit(room, log, room.start(0, random.Random(1)))
    assert [e.kind for e in started] == [ev.START]
    assert room.match is not None and room.match.to_act is None
    assert room.awaited() is None  # nobody's turn: no stand-in, no clock


def test_a_paper_room_refuses_computer_players_and_spectators_entries() -> None:
    room, log = paper_room()
    with pytest.raises(TableError) as caught:
        room.add_bot(0, 1, "basic")
    assert caught.value.code == "paper_no_bots"
    assert room.public([False] * 3)["bots"] == []
    commit(room, log, room.start(0, random.Random(1)))
    with pytest.raises(TableError) as caught:
        room.act(None, f"enter:{json.dumps(ENTRY)}", random.Random())
    assert caught.value.code == "not_seated"
    with pytest.raises(TableError) as caught:
        room.act(0, "enter:{", random.Random())
    assert caught.value.code == "paper_bad_json"
    assert caught.value.detail == {"fault": "syntax"}
    with pytest.raises(TableError) as caught:
        room.act(0, "close:now", random.Random())
    assert caught.value.code == "malformed_action"


@pytest.mark.parametrize(("paper", "code"), [("yes", "bad_paper"), (1, "bad_paper")])
def test_paper_is_true_or_false(paper: object, code: str) -> None:
    with pytest.raises(TableError) as caught:
        RoomState("Paper1234", 3, "bismarck", paper=paper)
    assert caught.value.code == code


def test_a_game_without_paper_makes_no_paper_room(monkeypatch: pytest.MonkeyPatch) -> None:
    bare = dataclasses.replace(get_game("bismarck"), name="bare_bismarck", paper=None)
    monkeypatch.setitem(registry.GAMES, bare.name, bare)
    with pytest.raises(TableError) as caught:
        RoomState("Paper1234", 3, bare.name, paper=True)
    assert caught.value.code == "no_paper"
    assert RoomState("Paper1234", 3, bare.name).paper is False


def test_an_entry_adds_a_deal_row_and_a_correction_writes_it_again() -> None:
    room, log = paper_room()
    commit(room, log, room.start(0, random.Random(1)))
    assert room.match is not None
    entered = commit(room, log, room.act(1, f"enter:{json.dumps(ENTRY)}", random.Random()))
    rows = projection(room, entered, 0)
    assert rows.match is not None and rows.match.deals_played == 1
    [first] = rows.deals
    amended = commit(room, log, room.act(2, f"amend:{json.dumps(FIXED)}", random.Random()))
    rows = projection(room, amended, 1)
    assert rows.match is not None and rows.match.deals_played == 1
    [again] = rows.deals
    assert again.number == first.number == 1 and again.scores != first.scores
    assert rows.match.totals == [s or 0 for s in again.scores]
