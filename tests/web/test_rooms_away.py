"""Nobody can stall a table: a player away (no connection) on their turn for the room's
grace gets a computer player standing in until they return, and a host away as long hands
the role to the next player there, who gives it back on their return. Real server, real
sockets; the grace is a second, and every wait is for a message, never a sleep."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from support.client import Message, RoomClient, is_state, start_match
from support.server import ServerProcess

GRACE = 1


@pytest.fixture
def server(fast_players_server: ServerProcess) -> ServerProcess:
    """Each test plays in rooms of its own: the server the modules share
    (tests/web/conftest.py), whose computer players act at once."""
    return fast_players_server


def new_room(
    server: ServerProcess, away_grace: int | None = GRACE, move_clock: int | None = None
) -> dict[str, object]:
    body = {
        "seats": 3,
        "nickname": "Anna",
        "game": "bismarck",
        "away_grace": away_grace,
        "move_clock": move_clock,
    }
    response = httpx.post(f"{server.base_url}/api/rooms", json=body, timeout=60)
    assert response.status_code == 201, response.text
    created: dict[str, object] = response.json()
    return created


async def seated(server: ServerProcess, created: dict[str, object]) -> list[RoomClient]:
    code = str(created["code"])
    host = await RoomClient.open(server.ws_url, code, name="Anna", secret=str(created["secret"]))
    players = [host]
    for seat, name in ((1, "Bertil"), (2, "Cecilia")):
        player = await RoomClient.open(server.ws_url, code, name=name)
        reply = await player.sit(seat, name)
        assert reply["type"] == "seated", reply
        players.append(player)
    for player in players:
        await player.until_version(players[-1].v)
    return players


def to_act(message: Message) -> int | None:
    view = message.get("view")
    return None if view is None else view.get("to_act")


async def _a_stand_in_plays_for_a_player_away_on_their_turn_until_they_return(
    server: ServerProcess,
) -> None:
    created = new_room(server)
    players = await seated(server, created)
    await start_match(players)
    state = players[0].state
    assert state is not None and state["room"]["away_grace"] == GRACE
    seat = to_act(state)
    assert seat is not None
    away = players[seat]
    secret = away.secret
    watcher = players[(seat + 1) % 3]
    since = len(watcher.messages)
    await away.close()

    # everyone sees when the stand-in will play, in the server's time
    counted = await watcher.wait_for(
        lambda m: is_state(m) and m["room"]["seats"][seat]["stand_in_at"] is not None, since
    )
    due = counted["room"]["seats"][seat]["stand_in_at"]
    assert 0 < due - counted["t"] <= GRACE * 1000
    # then a computer player stands in and plays the seat's move
    stood = await watcher.wait_for(
        lambda m: is_state(m) and m["room"]["seats"][seat]["stand_in"], since
    )
    assert stood["room"]["seats"][seat]["bot"] == "basic"
    await watcher.wait_for(lambda m: is_state(m) and to_act(m) != seat, since)

    # the player comes back and has the seat again
    back = await RoomClient.open(server.ws_url, str(created["code"]), name="back", secret=secret)
    mine = await back.wait_for(
        lambda m: is_state(m) and m["seat"] == seat and not m["room"]["seats"][seat]["stand_in"]
    )
    assert mine["room"]["seats"][seat]["stand_in_at"] is None
    for player in [back, *(p for p in players if p is not away)]:
        await player.close()


async def _an_away_host_hands_the_role_on_and_gets_it_back(server: ServerProcess) -> None:
    created = new_room(server)
    players = await seated(server, created)
    host, bertil, _ = players
    since = len(bertil.messages)
    await host.close()
    counted = await bertil.wait_for(
        lambda m: is_state(m) and m["room"]["host_due"] is not None, since
    )
    assert counted["room"]["host"] == 0
    passed = await bertil.wait_for(lambda m: is_state(m) and m["room"]["host"] == 1, since)
    assert passed["room"]["home_host"] == 0
    # the new host can run the table: start a match
    reply = await bertil.command({"type": "start", "v": bertil.v})
    assert is_state(reply) and reply["room"]["status"] == "playing"

    back = await RoomClient.open(
        server.ws_url, str(created["code"]), name="Anna", secret=str(created["secret"])
    )
    mine = await back.wait_for(lambda m: is_state(m) and m["room"]["host"] == 0)
    assert mine["room"]["home_host"] is None
    for player in (back, *players[1:]):
        await player.close()


async def _a_room_that_never_waits_for_stand_ins_keeps_waiting(
    server: ServerProcess,
) -> None:
    created = new_room(server, away_grace=None)
    players = await seated(server, created)
    await start_match(players)
    state = players[0].state
    assert state is not None and state["room"]["away_grace"] is None
    seat = to_act(state)
    assert seat is not None
    watcher = players[(seat + 1) % 3]
    since = len(watcher.messages)
    await players[seat].close()
    gone = await watcher.wait_for(
        lambda m: is_state(m) and not m["room"]["seats"][seat]["connected"], since
    )
    assert gone["room"]["seats"][seat]["stand_in_at"] is None
    assert gone["room"]["host_due"] is None or seat != 0
    # a ping is answered by a room that has moved on by nothing
    pong = await watcher.ping()
    assert pong["v"] == gone["v"]
    for player in players:
        if player is not players[seat]:
            await player.close()


def test_the_grace_and_the_clock_are_checked(server: ServerProcess) -> None:
    for field, bads in (
        ("away_grace", (0, -5, 3601, "60", True, 1.5, [60])),
        ("move_clock", (0, 601, "30", False, 2.5)),
    ):
        for bad in bads:
            body = {"seats": 3, "nickname": "Anna", field: bad}
            response = httpx.post(f"{server.base_url}/api/rooms", json=body, timeout=60)
            assert response.status_code == 422, (field, bad, response.text)


async def _a_move_not_made_in_time_is_made_for_the_player_who_keeps_the_seat(
    server: ServerProcess,
) -> None:
    created = new_room(server, away_grace=None, move_clock=1)
    players = await seated(server, created)
    await start_match(players)
    state = players[0].state
    assert state is not None and state["room"]["move_clock"] == 1
    seat = to_act(state)
    assert seat is not None
    slow = players[seat]
    since = len(slow.messages)
    timed = await slow.wait_for(
        lambda m: is_state(m) and m["room"]["seats"][seat]["clock_at"] is not None, 0
    )
    assert 0 < timed["room"]["seats"][seat]["clock_at"] - timed["t"] <= 1000
    # nobody moves: the clock runs out and the move is made for the seat, which stays its own
    moved = await slow.wait_for(lambda m: is_state(m) and m["v"] > timed["v"], since)
    assert not moved["room"]["seats"][seat]["stand_in"]
    assert moved["room"]["seats"][seat]["bot"] is None
    assert moved["view"]["phase"] != state["view"]["phase"] or to_act(moved) != seat
    for player in players:
        await player.close()


def test_a_move_not_made_in_time_is_made_for_the_player_who_keeps_the_seat(
    server: ServerProcess,
) -> None:
    asyncio.run(_a_move_not_made_in_time_is_made_for_the_player_who_keeps_the_seat(server))


def test_a_stand_in_plays_for_a_player_away_on_their_turn_until_they_return(
    server: ServerProcess,
) -> None:
    asyncio.run(_a_stand_in_plays_for_a_player_away_on_their_turn_until_they_return(server))


def test_an_away_host_hands_the_role_on_and_gets_it_back(server: ServerProcess) -> None:
    asyncio.run(_an_away_host_hands_the_role_on_and_gets_it_back(server))


def test_a_room_that_never_waits_for_stand_ins_keeps_waiting(server: ServerProcess) -> None:
    asyncio.run(_a_room_that_never_waits_for_stand_ins_keeps_waiting(server))
