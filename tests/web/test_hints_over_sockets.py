"""Hints over a real server: the host's room setting, a seat's ``hint`` answered to that
connection alone with the basic computer player's legal choice, and every refusal
(docs/protocol.md §5.2, §5.3, §6.6)."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from app.bots.hints import REASONS
from support.client import Message, RoomClient, is_state, seated_table, start_match
from support.server import FAST_PLAYERS, ServerProcess

# The server's: a seat may ask for this many hints at once, and then one an hour.
HINT_BURST = int(FAST_PLAYERS["KORTBORD_ROOM_HINT_BURST"])
assert float(FAST_PLAYERS["KORTBORD_ROOM_HINT_EVERY"]) >= 3600


@pytest.fixture
def server(fast_players_server: ServerProcess) -> ServerProcess:
    """Each test plays in rooms of its own: the server the modules share
    (tests/web/conftest.py)."""
    return fast_players_server


def error(code: str) -> Any:
    return lambda m: m.get("type") == "error" and m.get("code") == code


def answer_to(ident: str) -> Any:
    return lambda m: m.get("id") == ident and m["type"] in ("hint", "error")


async def ask(client: RoomClient, ident: str) -> Message:
    return await client.request({"type": "hint", "id": ident}, answer_to(ident))


def check_hint(hint: Message, client: RoomClient) -> None:
    assert hint["type"] == "hint", hint
    assert hint["seat"] == client.seat
    legal = client.view["legal"] if client.view else None
    assert legal is not None and hint["action"] in legal["actions"], (hint, legal)
    assert hint["reason"] is None or hint["reason"] in REASONS


async def nothing_but_my_own(*clients: RoomClient) -> None:
    """Every message a connection was sent before its pong: none of them a hint."""
    for client in clients:
        await client.ping()
        assert not [m for m in client.messages if m["type"] == "hint"], client.name


def test_the_host_turns_hints_on_and_a_hint_goes_to_the_asking_seat_alone(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        code, players = await seated_table(
            server.ws_url, server.base_url, 2, ("Anna", "Bertil"), game="german_whist"
        )
        anna, bertil = players
        watcher = await RoomClient.open(server.ws_url, code, name="watcher")
        assert anna.state is not None
        # two people at the table: off unless the host says otherwise
        assert anna.state["room"]["hints"] == {"setting": "auto", "seats": []}
        await start_match(players)
        state = await anna.wait_for(
            lambda m: is_state(m) and bool(m["view"]) and m["view"]["to_act"] in (0, 1)
        )
        mover = players[state["view"]["to_act"]]
        other = players[1 - state["view"]["to_act"]]
        await mover.until_version(state["v"])

        off = await ask(mover, "h0")
        assert off["code"] == "hints_off", off
        refused = await bertil.request({"type": "hints", "hints": "on"}, error("not_host"))
        assert refused["code"] == "not_host"
        bad = await anna.request(
            {"type": "hints", "hints": "sometimes"}, lambda m: m["type"] == "error"
        )
        assert bad["code"] == "bad_hints"
        turned = await anna.command({"type": "hints", "hints": "on", "v": anna.v})
        assert turned["room"]["hints"] == {"setting": "on", "seats": [0, 1]}, turned
        for client in (bertil, watcher):
            seen = await client.until_version(turned["v"])
            assert seen["room"]["hints"]["setting"] == "on"
        await mover.until_version(turned["v"])

        assert (await ask(watcher, "w1"))["code"] == "not_seated"
        assert (await ask(other, "o1"))["code"] == "not_your_turn"
        # the mover's seat open in a second place: that connection is not told either
        twin = await RoomClient.open(server.ws_url, code, name="twin", secret=mover.secret)
        hint = await ask(mover, "h1")
        check_hint(hint, mover)
        await nothing_but_my_own(other, watcher, twin)

        # the seat's hints are counted: the burst, then a refusal
        for n in range(2, HINT_BURST + 1):
            check_hint(await ask(mover, f"h{n}"), mover)
        too_fast = await ask(mover, "h-more")
        assert too_fast["code"] == "hint_too_fast", too_fast

        closed = await anna.command({"type": "hints", "hints": "off", "v": anna.v})
        assert closed["room"]["hints"] == {"setting": "off", "seats": []}
        await mover.until_version(closed["v"])
        assert (await ask(mover, "h-off"))["code"] == "hints_off"
        await nothing_but_my_own(other, watcher, twin)
        for client in (anna, bertil, watcher, twin):
            await client.close()

    asyncio.run(scenario())


@pytest.mark.parametrize("game", ["spades", "sixty_six"])
def test_hints_are_on_by_themselves_at_a_table_of_computer_players(
    server: ServerProcess, game: str
) -> None:
    async def scenario() -> None:
        response = httpx.post(
            f"{server.base_url}/api/rooms",
            json={"nickname": "Anna", "bots": "basic", "game": game},
            timeout=60,
        )
        assert response.status_code == 201, response.text
        created = response.json()
        anna = await RoomClient.open(
            server.ws_url, created["code"], name="anna", secret=created["secret"]
        )
        assert anna.state is not None
        assert anna.state["room"]["hints"] == {"setting": "auto", "seats": [0]}
        watcher = await RoomClient.open(server.ws_url, created["code"], name="watcher")
        await anna.give_seed("anna-seed")

        def annas_turn(m: Message) -> bool:
            view = m.get("view") if is_state(m) else None
            return bool(view and view["to_act"] == 0 and view["legal"])

        await anna.wait_for(annas_turn)
        hint = await ask(anna, "a1")
        check_hint(hint, anna)
        await nothing_but_my_own(watcher)
        for client in (anna, watcher):
            await client.close()

    asyncio.run(scenario())
