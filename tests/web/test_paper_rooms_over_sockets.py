"""Rooms kept on paper, against a real server: a table plays with real cards and enters each
deal over WebSockets; the server checks each entry, scores it into the same scoresheet, CSV
and record as a match played here, and lets anyone seated correct the last deal, everyone
seeing the change.

The deals entered are those of a match played here by the engine (with the server's first
dealer): entered on paper, its CSV is byte for byte the CSV of that match played online.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from app.engine import TABLE, Game, get_game
from app.engine.records import validate_record
from app.tables import events as ev
from app.tables.events import Event
from app.tables.history import protocol_csv
from app.tables.room import RoomState
from support.client import Message, RoomClient, create_room, is_state, seated_table, start_match
from support.server import ServerProcess, running_server

FAST = {"KORTBORD_WS_MESSAGES_PER_SECOND": "1000", "KORTBORD_WS_BURST": "1000"}
NAMES = ("Anna", "Bertil", "Cecilia", "David")


@pytest.fixture(scope="module")
def paper_server(backend: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with running_server(tmp_path_factory.mktemp("paper-server"), backend, FAST) as server:
        yield server


def played_online(game: Game, seats: int, options: dict[str, Any], first_dealer: int) -> RoomState:
    """A match of ``game`` played to its end by random legal play in a room of its own, as the
    table plays one online (the deals shuffled here rather than from seeds)."""
    room = RoomState("Online123", seats, game.name, options)
    for seat in range(seats):
        room.apply(Event(ev.SIT, {"seat": seat, "nickname": NAMES[seat], "secret_hash": "x"}))
    room.apply(Event(ev.START, {"first_dealer": first_dealer}))
    rng = random.Random(f"{game.name}-{first_dealer}")
    while room.playing:
        match = room.match
        assert match is not None
        seat = match.to_act
        assert seat is not None
        if seat == TABLE:
            action = str(game.chance(match, rng))
        else:
            action = str(rng.choice(match.legal_actions(seat)))
        room.apply(Event(ev.ACT, {"seat": seat, "action": action}))
    return room


def view_of(message: Message | None) -> dict[str, Any]:
    assert message is not None
    view = message["view"]
    assert isinstance(view, dict)
    return view


async def everyone_sees(clients: list[RoomClient], v: int) -> list[Message]:
    return [await c.until_version(v) for c in clients]


@pytest.mark.parametrize(("name", "seats"), [("bismarck", 3), ("spades", 4), ("bismarck", 4)])
def test_a_match_entered_on_paper_keeps_the_online_scoresheet(
    paper_server: ServerProcess, name: str, seats: int
) -> None:
    asyncio.run(enter_a_whole_match(paper_server, name, seats))


async def enter_a_whole_match(paper_server: ServerProcess, name: str, seats: int) -> None:
    game = get_game(name)
    paper = game.paper
    assert paper is not None
    options = dict(game.short_match)
    base, ws = paper_server.base_url, paper_server.ws_url
    code, players = await seated_table(
        ws, base, seats, NAMES[:seats], game=name, options=options, paper=True
    )
    watcher = await RoomClient.open(ws, code, name="watcher")
    everyone = [*players, watcher]
    try:
        room = httpx.get(f"{base}/api/rooms/{code}").json()
        assert room["paper"] is True and room["bots"] == []
        await start_match(players)
        first = view_of(await watcher.until_version(players[0].v))
        assert first["paper"] is True and first["phase"] == "enter"
        assert first["to_act"] is None and first["form"]["number"] == 1
        assert first["scoresheet"] == game.scoresheet(seats, game.resolve_options(options), [])

        online = played_online(game, seats, options, first["first_dealer"])
        assert online.match is not None
        deals = game.scored_deals(online.match, 0)
        for deal in deals:
            entry = paper.entry_of(deal)
            enterer = players[deal.number % seats]
            if deal.number == 2:
                # the tricks (or points) one short of the deal's total: refused, nothing kept
                bad = impossible(entry)
                before = enterer.v
                refused = await enterer.act(f"enter:{json.dumps(bad)}")
                assert refused["type"] == "error", refused
                assert refused["code"] in ("paper_bad_total", "paper_bad_value"), refused
                assert refused["message"]
                assert enterer.v == before
                # a spectator enters nothing
                watched = await watcher.act(f"enter:{json.dumps(entry)}")
                assert watched["type"] == "error" and watched["code"] == "not_seated"
            if deal.number == 3:
                # first a slip of the pen, then its correction by another seat
                slip = await enterer.act(
                    f"enter:{json.dumps(another_entry(view_of(enterer.state), entry))}"
                )
                assert is_state(slip), slip
                fixer = players[(deal.number + 1) % seats]
                await fixer.until_version(slip["v"])
                fixed = await fixer.act(f"amend:{json.dumps(entry)}")
                assert is_state(fixed), fixed
                for seen in await everyone_sees(everyone, fixed["v"]):
                    last = view_of(seen)["last"]
                    assert last["number"] == 3 and last["amendments"] == 1
                    assert last["entry"] == entry and last["entered_by"] == players.index(fixer)
                    assert last["scores"] == list(deal.scores)
                continue
            reply = await enterer.act(f"enter:{json.dumps(entry)}")
            assert is_state(reply), reply
            await everyone_sees(everyone, reply["v"])

        confirming = view_of(players[0].state)
        assert confirming["phase"] == "confirm" and confirming["form"] is None
        assert confirming["totals"] == online.match.totals
        closed = await players[1].act("close")
        assert is_state(closed), closed
        for seen in await everyone_sees(everyone, closed["v"]):
            assert seen["room"]["status"] == "finished"
            assert view_of(seen)["phase"] == "match_over"

        csv_text = httpx.get(f"{base}/api/rooms/{code}/matches/1/protocol.csv").text
        assert csv_text == protocol_csv(online, 1)
        [stored] = httpx.get(f"{base}/api/rooms/{code}/matches").json()
        outcome = game.outcome(online.match)
        assert outcome is not None
        assert stored["status"] == "finished" and stored["winners"] == list(outcome.winners)
        assert stored["totals"] == online.match.totals
        expected_sheet = game.scoresheet(
            seats, online.options, [paper.as_entered(d) for d in deals]
        )
        assert stored["scoresheet"] == json.loads(json.dumps(expected_sheet))

        record = httpx.get(f"{base}/api/rooms/{code}/matches/1/record").json()
        assert record["paper"] is True and "fairness" not in record
        checked = validate_record(record)
        assert checked.valid, checked.error
        assert checked.totals == online.match.totals
        # no deal was dealt here: nothing to replay
        replay = httpx.get(f"{base}/api/rooms/{code}/matches/1/deals/1/replay")
        assert replay.status_code == 404
    finally:
        for client in everyone:
            await client.close()


def impossible(entry: dict[str, Any]) -> dict[str, Any]:
    """``entry`` with one seat's tricks one fewer: the deal's total is not made."""
    tricks = list(entry["tricks"])
    seat = next(s for s, t in enumerate(tricks) if t)
    tricks[seat] -= 1
    return {**entry, "tricks": tricks}


def another_entry(view: dict[str, Any], entry: dict[str, Any]) -> dict[str, Any]:
    """A different entry the form accepts: two seats' tricks moved by one."""
    tricks = list(entry["tricks"])
    given = [s for s, t in enumerate(tricks) if t is not None]
    low = next(s for s in given if tricks[s] > 0)
    high = next(s for s in given if s != low)
    tricks[low] -= 1
    tricks[high] += 1
    assert view["form"]["fields"]
    return {**entry, "tricks": tricks}


def test_a_paper_room_survives_a_killed_server(paper_server: ServerProcess) -> None:
    """The entries and the correction are in the room's log: a server killed and started
    again shows the corrected deal, and the scoresheet rows hold it."""
    asyncio.run(survive_a_kill(paper_server))


async def survive_a_kill(paper_server: ServerProcess) -> None:
    base, ws = paper_server.base_url, paper_server.ws_url
    code, players = await seated_table(ws, base, 3, NAMES[:3], paper=True)
    try:
        await start_match(players)
        entry = {"contract": "spel", "tricks": [8, 4, 4]}
        assert is_state(await players[0].act(f"enter:{json.dumps(entry)}"))
        await players[2].until_version(players[0].v)
        fixed = {"contract": "spel", "tricks": [4, 4, 8]}
        amended = await players[2].act(f"amend:{json.dumps(fixed)}")
        assert is_state(amended)
    finally:
        for client in players:
            await client.close()
    paper_server.kill()
    paper_server.start()
    back = await RoomClient.open(ws, code, name="back")
    try:
        view = view_of(back.state)
        assert view["last"]["entry"] == fixed and view["last"]["amendments"] == 1
        assert view["form"]["number"] == 2
        [stored] = httpx.get(f"{base}/api/rooms/{code}/matches").json()
        assert stored["deals_played"] == 1
        assert stored["totals"] == view["totals"]
        [row] = stored["scoresheet"]["deals"]
        assert row["scores"] == view["last"]["scores"]
    finally:
        await back.close()


def test_only_a_game_with_paper_makes_a_paper_room(paper_server: ServerProcess) -> None:
    base = paper_server.base_url
    games = httpx.get(f"{base}/api/games").json()
    assert games and all(g["paper"] is True for g in games)
    refused = httpx.post(f"{base}/api/rooms", json={"nickname": "Anna", "paper": "yes"}, timeout=60)
    assert refused.status_code == 422
    plain = create_room(base, 3, "Anna")
    assert httpx.get(f"{base}/api/rooms/{plain['code']}").json()["paper"] is False


def test_a_paper_room_takes_no_computer_player(paper_server: ServerProcess) -> None:
    asyncio.run(no_computer_player(paper_server))


async def no_computer_player(paper_server: ServerProcess) -> None:
    base, ws = paper_server.base_url, paper_server.ws_url
    created = create_room(base, 3, "Anna", paper=True)
    host = await RoomClient.open(ws, created["code"], name="Anna", secret=created["secret"])
    try:
        state = host.state
        assert state is not None
        assert state["room"]["fairness"] is None
        reply = await host.command({"type": "add_bot", "seat": 1, "level": "basic", "v": host.v})
        assert reply["type"] == "error" and reply["code"] == "paper_no_bots", reply
    finally:
        await host.close()
