"""Seeded deals in the room (docs/fairness.md): every deal is the game's pack shuffled from
the server seed committed before it and the seats' client seeds; each seed is shown only
once its deal is over; a client seed is checked, and one seat's seed changes the deal."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable

import pytest
from test_room_state import Table, _Refused

from app.engine.fairness import SCHEME, shuffled
from app.tables import events as ev
from app.tables.room import RoomState


def dealt(table: Table) -> list[str]:
    """The pack of the last deal the table dealt, from its log."""
    action = next(e for e in reversed(table.log) if e.kind == ev.ACT and e.data["seat"] == -1)
    return str(action.data["action"]).removeprefix("deal:").split(",")


def committed(table: Table) -> str:
    seed = table.room.next_seed
    assert seed is not None
    return seed


def test_each_deal_is_the_pack_shuffled_from_the_committed_seed_and_the_client_seeds() -> None:
    table = Table()
    table.fill()
    for seat, seed in enumerate(["anna-1", "", "C3c1l1a"]):
        table.commit(table.room.set_client_seed(seat, seed))
    seed = committed(table)
    shown = table.room.seeds_commitment()
    assert shown["next"] == hashlib.sha256(bytes.fromhex(seed)).hexdigest()
    table.start()
    game = table.room.game
    assert dealt(table) == shuffled(game.pack.cards, seed, 1, ["anna-1", "", "C3c1l1a"])
    # a new seed is committed to for the next deal, and this one is not shown yet
    after = table.room.seeds_commitment()
    assert after["next"] is not None and after["next"] != shown["next"]
    assert after["deals"] == [
        {
            "scheme": SCHEME,
            "deal": 1,
            "commitment": shown["next"],
            "client_seeds": ["anna-1", "", "C3c1l1a"],
            "server_seed": None,
            "pack": None,
        }
    ]
    assert seed not in json.dumps(table.room.public([True] * 3))
    second = committed(table)
    while table.room.match is not None and table.room.match.deals_played == 0:
        table.play()
    assert dealt(table) == shuffled(game.pack.cards, second, 2, ["anna-1", "", "C3c1l1a"])
    deals = table.room.seeds_commitment()["deals"]
    assert [d["server_seed"] for d in deals] == [seed, None]
    assert deals[0]["pack"] == shuffled(game.pack.cards, seed, 1, ["anna-1", "", "C3c1l1a"])
    assert deals[1]["pack"] is None
    record = table.room.record()
    assert record is not None and record["fairness"] == deals


def test_every_seed_is_shown_once_the_match_is_over() -> None:
    table = Table()
    table.fill()
    table.start()
    table.commit(table.room.end(0))
    deals = table.room.seeds_commitment()["deals"]
    assert len(deals) == 1 and deals[0]["server_seed"] is not None


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_any_one_client_seed_changes_the_deal(seat: int) -> None:
    def deal_with(change: Callable[[Table], None]) -> list[str]:
        table = Table()
        table.fill()
        table.room.next_seed = "ab" * 32  # the same server seed for both tables
        change(table)
        table.start()
        return dealt(table)

    plain = deal_with(lambda table: None)
    seeded = deal_with(lambda table: table.commit(table.room.set_client_seed(seat, "x")))
    assert sorted(plain) == sorted(seeded) and plain != seeded


def test_a_client_seed_is_checked_and_an_unchanged_one_is_no_event() -> None:
    table = Table()
    table.fill()
    for bad in ("with space", "x" * 65, "é", 7, None, "a,b", "a:b"):
        with _Refused("bad_client_seed"):
            table.room.set_client_seed(0, bad)
    with _Refused("not_seated"):
        table.room.set_client_seed(None, "abc")
    table.commit(table.room.set_client_seed(0, "x" * 64))
    assert table.room.set_client_seed(0, "x" * 64) == []
    # the seed is the seat's person's: another person in the seat starts without one
    table.commit(table.room.leave(0))
    assert table.room.client_seeds[0] == ""


def test_a_room_rebuilt_from_its_log_deals_what_it_committed_to() -> None:
    table = Table()
    table.fill()
    table.commit(table.room.set_client_seed(1, "b"))
    rebuilt = RoomState.from_events(table.room.code, table.log)
    assert rebuilt.next_seed == table.room.next_seed
    assert rebuilt.client_seeds == table.room.client_seeds
    # the same deal, whoever deals first: the cards come from the seeds alone
    here = table.room.start(0, random.Random(1))
    there = rebuilt.start(0, random.Random(2))
    assert here[1].data == there[1].data


def test_a_room_from_before_seeds_commits_its_first_seed_as_it_deals() -> None:
    table = Table()
    table.room.next_seed = None  # a log without a seed event
    table.fill()
    events = table.room.start(0, table.rng)
    assert [e.kind for e in events] == [ev.START, ev.SEED, ev.ACT, ev.SEED]
    table.commit(events)
    seed = events[1].data["seed"]
    assert dealt(table) == shuffled(table.room.game.pack.cards, seed, 1, ["", "", ""])


def test_the_room_shows_the_last_two_deals_and_the_record_every_one() -> None:
    table = Table()
    table.fill()
    table.start()
    while table.room.match is not None and table.room.match.deals_played < 2:
        table.play()
    shown = table.room.seeds_commitment()["deals"]
    assert [d["deal"] for d in shown] == [2, 3]
    assert shown[0]["server_seed"] is not None and shown[1]["server_seed"] is None
    record = table.room.record()
    assert record is not None
    assert [d["deal"] for d in record["fairness"]] == [1, 2, 3]
