"""Creating rooms, taking seats and what only the host may do, against a real server."""

from __future__ import annotations

import asyncio
import random

import httpx
import pytest

from support.client import (
    RoomClient,
    create_room,
    is_state,
    play_until,
    seated_table,
    start_match,
    step,
)
from support.server import ServerProcess


def nicknames(state: dict[str, object]) -> list[str | None]:
    room = state["room"]
    assert isinstance(room, dict)
    return [s["nickname"] for s in room["seats"]]


# -- rooms and seats -------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [3, 4])
def test_a_room_is_created_with_its_creator_as_host_in_seat_0(
    live_server: ServerProcess, seats: int
) -> None:
    created = create_room(live_server.base_url, seats, "Anna")
    assert created["seat"] == 0

    info = httpx.get(f"{live_server.base_url}/api/rooms/{created['code']}").json()
    assert info["size"] == seats
    assert info["status"] == "waiting"
    assert info["host"] == 0
    assert info["match_number"] == 0
    assert [s["nickname"] for s in info["seats"]] == ["Anna"] + [None] * (seats - 1)
    assert [s["taken"] for s in info["seats"]] == [True] + [False] * (seats - 1)
    # the creator has not opened the room yet
    assert not any(s["connected"] for s in info["seats"])
    page = httpx.get(created["url"])
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")


@pytest.mark.parametrize(
    "body",
    [
        {"seats": 2, "nickname": "Anna"},
        {"seats": 5, "nickname": "Anna"},
        {"seats": "three", "nickname": "Anna"},
        {"seats": 3, "nickname": ""},
        {"seats": 3},
    ],
)
def test_a_room_needs_3_or_4_seats_and_a_nickname(
    live_server: ServerProcess, body: dict[str, object]
) -> None:
    response = httpx.post(f"{live_server.base_url}/api/rooms", json=body)
    assert response.status_code == 422


def test_a_visitor_watches_or_takes_a_free_seat_under_a_free_nickname(
    live_server: ServerProcess,
) -> None:
    async def scenario() -> None:
        created = create_room(live_server.base_url, 3, "Anna")
        code = created["code"]
        host = await RoomClient.open(live_server.ws_url, code, secret=created["secret"])
        visitor = await RoomClient.open(live_server.ws_url, code, name="visitor")
        assert visitor.seat is None and visitor.view is None

        refusals = [
            ((0, "Bertil"), "seat_taken"),
            ((3, "Bertil"), "bad_seat"),
            ((1, "anna"), "nickname_taken"),  # names are told apart regardless of case
            ((1, "   "), "bad_nickname"),
            ((1, "x" * 25), "bad_nickname"),
            ((1, "Bert\u0000il"), "bad_nickname"),
        ]
        for (seat, name), code_expected in refusals:
            reply = await visitor.sit(seat, name)
            assert reply["type"] == "error" and reply["code"] == code_expected, (seat, name)
        assert visitor.seat is None

        seated = await visitor.sit(2, "  Bertil   Berg ")
        assert seated["type"] == "seated" and seated["seat"] == 2
        assert visitor.seat == 2
        again = await visitor.sit(1, "Bertil")
        assert again["code"] == "already_seated"
        state = await host.wait_for(lambda m: is_state(m) and m["room"]["seats"][2]["taken"])
        # whitespace in a nickname is tidied up
        assert nicknames(state) == ["Anna", None, "Bertil Berg"]
        assert state["room"]["seats"][2]["connected"]
        for c in (host, visitor):
            await c.close()

    asyncio.run(scenario())


# -- starting --------------------------------------------------------------------------------------


def test_only_the_host_starts_and_only_with_every_seat_taken(live_server: ServerProcess) -> None:
    async def scenario() -> None:
        created = create_room(live_server.base_url, 3, "Anna")
        code = created["code"]
        host = await RoomClient.open(live_server.ws_url, code, secret=created["secret"])
        early = await host.command({"type": "start"})
        assert early["code"] == "seats_free"
        guests = [await RoomClient.open(live_server.ws_url, code) for _ in range(2)]
        for seat, guest in enumerate(guests, start=1):
            assert (await guest.sit(seat, f"Guest{seat}"))["type"] == "seated"
        for client in (host, guests[0]):
            await client.until_version(guests[-1].v)

        assert (await guests[0].command({"type": "start"}))["code"] == "not_host"
        stale = await host.command({"type": "start", "v": host.v - 1})
        assert stale["code"] == "stale_version"
        started = await host.command({"type": "start", "v": host.v})
        assert is_state(started)
        assert started["room"]["status"] == "playing"
        assert started["room"]["match_number"] == 1
        assert started["view"]["phase"] in ("contract", "discard")
        assert (await host.command({"type": "start"}))["code"] == "match_running"
        for c in (host, *guests):
            await c.close()

    asyncio.run(scenario())


# -- reordering ------------------------------------------------------------------------------------


def test_the_host_reorders_the_seats_before_the_match_only(live_server: ServerProcess) -> None:
    async def scenario() -> None:
        code, players = await seated_table(live_server.ws_url, live_server.base_url)
        anna, bertil, cecilia = players
        assert (await bertil.command({"type": "reorder", "order": [1, 0, 2]}))["code"] == "not_host"
        for order in ([0, 0, 1], [0, 1], [0, 1, 3], [2, 1, 0, 3]):
            reply = await anna.command({"type": "reorder", "order": order})
            assert reply["code"] == "bad_order", order

        # new seat i is old seat order[i]
        moved = await anna.command({"type": "reorder", "order": [2, 0, 1], "v": anna.v})
        assert is_state(moved)
        assert nicknames(moved) == ["Cecilia", "Anna", "Bertil"]
        assert moved["room"]["host"] == 1
        for client, seat in ((anna, 1), (bertil, 2), (cecilia, 0)):
            await client.until_version(moved["v"])
            assert client.seat == seat
        # each secret now opens its owner's new seat
        again = await RoomClient.open(live_server.ws_url, code, secret=cecilia.secret)
        assert again.seat == 0

        started = await anna.command({"type": "start"})
        assert is_state(started)
        refused = await anna.command({"type": "reorder", "order": [1, 2, 0]})
        assert refused["code"] == "match_running"
        for c in (*players, again):
            await c.close()

    asyncio.run(scenario())


# -- removing --------------------------------------------------------------------------------------


def test_the_host_removes_a_player_mid_match_and_someone_else_plays_on(
    live_server: ServerProcess,
) -> None:
    async def scenario() -> None:
        rng = random.Random(5)
        code, players = await seated_table(live_server.ws_url, live_server.base_url)
        await start_match(players)
        await play_until(players, rng, lambda m: m["view"]["phase"] == "play")
        for _ in range(4):
            await step(players, rng)
        anna, bertil, cecilia = players
        hand = cecilia.view["deal"]["hand"]  # type: ignore[index]

        assert (await bertil.command({"type": "remove", "seat": 2}))["code"] == "not_host"
        assert (await anna.command({"type": "remove", "seat": 0}))["code"] == "cannot_remove_self"
        since = cecilia.cursor
        removed = await anna.command({"type": "remove", "seat": 2, "v": anna.v})
        assert is_state(removed)
        assert not removed["room"]["seats"][2]["taken"]
        assert not removed["room"]["seats"][2]["connected"]
        assert removed["room"]["status"] == "playing"
        revoked = await cecilia.wait_for(lambda m: m["type"] == "error", since)
        assert revoked["code"] == "seat_revoked"
        watching = await cecilia.wait_for(is_state, since)
        assert watching["seat"] is None
        assert watching["view"]["deal"]["hand"] is None
        assert (await anna.command({"type": "remove", "seat": 2}))["code"] == "seat_free"

        # the old secret is dead, on a new connection and on the old one
        late = await RoomClient.open(live_server.ws_url, code, name="late")
        assert (await late.hello(cecilia.secret))["code"] == "secret_refused"
        assert (await cecilia.hello(cecilia.secret))["code"] == "secret_refused"
        assert (await cecilia.act(f"play:{hand[0]}"))["code"] == "not_seated"

        # a newcomer takes the seat over, with the hand as it stood, and play goes on
        dora = await RoomClient.open(live_server.ws_url, code, name="Dora")
        assert (await dora.sit(2, "Dora"))["type"] == "seated"
        assert dora.view["deal"]["hand"] == hand  # type: ignore[index]
        assert dora.state["room"]["seats"][2]["player"] == "Dora"  # type: ignore[index]
        table = [anna, bertil, dora]
        for p in table:
            await p.until_version(dora.v)
        before = dora.v
        for _ in range(6):  # two full rounds: every seat, Dora's included, has played
            await step(table, rng)
        assert dora.v > before
        for c in (*players, late, dora):
            await c.close()

    asyncio.run(scenario())


# -- ending and starting again ---------------------------------------------------------------------


def test_the_host_ends_the_match_and_starts_a_new_one_with_the_same_players(
    live_server: ServerProcess,
) -> None:
    async def scenario() -> None:
        rng = random.Random(6)
        code, players = await seated_table(live_server.ws_url, live_server.base_url)
        anna = players[0]
        assert (await anna.command({"type": "end"}))["code"] == "no_match"
        await start_match(players)
        for _ in range(5):
            await step(players, rng)
        assert (await players[1].command({"type": "end"}))["code"] == "not_host"

        ended = await anna.command({"type": "end", "v": anna.v})
        assert is_state(ended)
        assert ended["room"]["status"] == "ended"
        for p in players:
            await p.until_version(ended["v"])
        # nothing more is played in an ended match
        for p in players:
            assert (await p.act("play:AS"))["code"] == "no_match"
        assert (await anna.command({"type": "end"}))["code"] == "no_match"

        again = await anna.command({"type": "start", "v": anna.v})
        assert is_state(again)
        assert again["room"]["status"] == "playing"
        assert again["room"]["match_number"] == 2
        assert nicknames(again) == ["Anna", "Bertil", "Cecilia"]
        assert [s["player"] for s in again["room"]["seats"]] == ["Anna", "Bertil", "Cecilia"]
        assert again["view"]["deals_played"] == 0
        assert again["view"]["totals"] == [0, 0, 0]
        for p in players:
            await p.until_version(again["v"])
        await step(players, rng)
        info = httpx.get(f"{live_server.base_url}/api/rooms/{code}").json()
        assert info["match_number"] == 2 and info["status"] == "playing"
        for p in players:
            await p.close()

    asyncio.run(scenario())


# -- handing the host role over --------------------------------------------------------------------


def test_the_host_role_can_be_handed_over(live_server: ServerProcess) -> None:
    async def scenario() -> None:
        created = create_room(live_server.base_url, 3, "Anna")
        code = created["code"]
        anna = await RoomClient.open(live_server.ws_url, code, secret=created["secret"])
        bertil = await RoomClient.open(live_server.ws_url, code)
        await bertil.sit(1, "Bertil")
        await anna.until_version(bertil.v)

        assert (await anna.command({"type": "host", "seat": 2}))["code"] == "seat_free"
        assert (await anna.command({"type": "host", "seat": 3}))["code"] == "bad_seat"
        assert (await bertil.command({"type": "host", "seat": 1}))["code"] == "not_host"
        handed = await anna.command({"type": "host", "seat": 1, "v": anna.v})
        assert is_state(handed) and handed["room"]["host"] == 1
        assert httpx.get(f"{live_server.base_url}/api/rooms/{code}").json()["host"] == 1

        cecilia = await RoomClient.open(live_server.ws_url, code)
        await cecilia.sit(2, "Cecilia")
        for c in (anna, bertil):
            await c.until_version(cecilia.v)
        assert (await anna.command({"type": "start"}))["code"] == "not_host"
        assert is_state(await bertil.command({"type": "start"}))
        for c in (anna, bertil, cecilia):
            await c.close()

    asyncio.run(scenario())


def test_a_host_who_leaves_passes_the_role_to_the_next_seat(live_server: ServerProcess) -> None:
    async def scenario() -> None:
        _, players = await seated_table(live_server.ws_url, live_server.base_url)
        left = await players[0].command({"type": "leave"})
        assert is_state(left)
        assert left["seat"] is None
        assert left["room"]["host"] == 1
        assert not left["room"]["seats"][0]["taken"]
        assert is_state(await players[1].command({"type": "reorder", "order": [1, 0, 2]}))
        for p in players:
            await p.close()

    asyncio.run(scenario())
