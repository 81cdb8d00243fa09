"""Fair shares of the server, over real sockets: a room holds so many spectators and so many
connections, a seat so many, a client address so many sockets and so many new rooms; each
refusal says why with a stable code (a socket: an error, then close 4429); a seat's own
player always gets in; behind a trusted proxy the forwarded address is the one counted, and
only there; and a crowd is sent the latest state and every chat line, in fewer frames."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect

from support.client import MAX_INCOMING, Message, RoomClient, create_room, is_state, seated_table
from support.server import ServerProcess, running_server

CLOSE_LIMIT = 4429
PROOF_SECONDS = 2  # how long a newcomer past a limit has to prove a seat
WAIT = 20.0  # far beyond PROOF_SECONDS: a bound, never a pause

ROOM_LIMITS = {
    "KORTBORD_ROOM_SPECTATORS": "3",
    "KORTBORD_ROOM_CONNECTIONS": "5",
    "KORTBORD_SEAT_CONNECTIONS": "2",
    "KORTBORD_SEAT_PROOF_SECONDS": str(PROOF_SECONDS),
    # a spectator's states a second apart: a burst of changes reaches it as one
    "KORTBORD_SPECTATOR_EVERY": "1",
    "KORTBORD_CROWD_SPECTATORS": "0",
    # four lines from the spectators of a room, and no more during a test
    "KORTBORD_ROOM_CHAT_BURST": "4",
    "KORTBORD_ROOM_CHAT_EVERY": "3600",
}
PROXY = "127.0.0.2"  # the one trusted proxy; tests connect from 127.0.0.1 or from it
ADDRESS_LIMITS = {
    "KORTBORD_ADDRESS_CONNECTIONS": "4",
    "KORTBORD_ADDRESS_ROOMS_BURST": "2",
    "KORTBORD_ADDRESS_ROOMS_EVERY": "3600",
    "KORTBORD_TRUSTED_PROXIES": PROXY,
}


@pytest.fixture(scope="module")
def rooms(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with running_server(tmp_path_factory.mktemp("fair-rooms"), env=ROOM_LIMITS) as server:
        yield server


@pytest.fixture(scope="module")
def addresses(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with running_server(tmp_path_factory.mktemp("fair-addresses"), env=ADDRESS_LIMITS) as server:
        yield server


def is_error(code: str) -> Any:
    return lambda m: m.get("type") == "error" and m.get("code") == code


def spectators(client: RoomClient) -> int:
    assert client.state is not None
    count: int = client.state["room"]["spectators"]
    return count


async def watchers(server: ServerProcess, code: str, count: int) -> list[RoomClient]:
    """``count`` spectators, each counted by the room before the next comes."""
    out = []
    for i in range(count):
        out.append(await RoomClient.open(server.ws_url, code, name=f"watcher{i}"))
        await out[0].wait_for(lambda m, n=i + 1: is_state(m) and m["room"]["spectators"] == n)
    return out


def answered(client: RoomClient, prefix: str) -> int:
    """How many of its chat lines (those starting with ``prefix``) a connection has heard
    back or had refused as over the room's budget."""
    heard = sum(
        line.get("text", "").startswith(prefix)
        for m in client.messages
        if m["type"] == "chat" and not m.get("backlog")
        for line in m["lines"]
    )
    return heard + sum(m.get("code") == "chat_busy" for m in client.messages)


async def refused(client: RoomClient, code: str) -> Message:
    """The error that refuses the connection, once it is closed with 4429."""
    error = await client.wait_for(is_error(code), timeout=WAIT)
    assert await client.wait_closed(WAIT) == CLOSE_LIMIT
    return error


# -- a room's share ------------------------------------------------------------------------------


def test_a_spectator_past_the_cap_is_told_why_and_closed(rooms: ServerProcess) -> None:
    async def scenario() -> None:
        code = create_room(rooms.base_url)["code"]
        crowd = await watchers(rooms, code, 3)

        extra = await RoomClient.open(rooms.ws_url, code, name="extra")
        # greeted as everyone is, but counted nowhere: it has not proved a seat
        assert extra.seat is None and spectators(extra) == 3
        error = await refused(extra, "too_many_spectators")
        assert error["v"] == extra.v and error["detail"] == {}
        # the others never heard of it, and no chat was sent it
        assert all(m["room"]["spectators"] <= 3 for w in crowd for m in w.messages if is_state(m))
        assert not any(m["type"] == "chat" for m in extra.messages)

        # saying anything but a seat's hello ends the wait at once
        blunt = await RoomClient.open(rooms.ws_url, code, name="blunt")
        await blunt.send({"type": "hello"})
        await refused(blunt, "too_many_spectators")
        wrong = await RoomClient.open(rooms.ws_url, code, name="wrong")
        await wrong.send({"type": "hello", "secret": "x" * 32})
        await wrong.wait_for(is_error("secret_refused"))
        await refused(wrong, "too_many_spectators")

        # a place comes free when a spectator goes
        await crowd[0].close()
        await crowd[1].wait_for(lambda m: is_state(m) and m["room"]["spectators"] == 2)
        late = await RoomClient.open(rooms.ws_url, code, name="late")
        assert spectators(late) == 3  # counting itself
        backlog = await late.wait_for(lambda m: m["type"] == "chat")
        assert backlog["backlog"] is True

    asyncio.run(scenario())


def test_a_seated_player_gets_in_past_the_caps_and_a_seat_keeps_its_newest_connections(
    rooms: ServerProcess,
) -> None:
    async def scenario() -> None:
        created = create_room(rooms.base_url)
        code, secret = created["code"], created["secret"]
        crowd = await watchers(rooms, code, 3)

        anna = await RoomClient.open(rooms.ws_url, code, name="anna", secret=secret)
        assert anna.seat == 0 and spectators(anna) == 3
        assert anna.state is not None and anna.state["room"]["seats"][0]["connected"]
        await crowd[0].wait_for(lambda m: is_state(m) and m["room"]["seats"][0]["connected"])
        backlog = await anna.wait_for(lambda m: m["type"] == "chat")
        assert backlog["backlog"] is True

        # a seat holds two connections here: a third one comes in, the oldest goes
        phone = await RoomClient.open(rooms.ws_url, code, name="phone", secret=secret)
        assert phone.seat == 0
        laptop = await RoomClient.open(rooms.ws_url, code, name="laptop", secret=secret)
        assert laptop.seat == 0
        error = await refused(anna, "seat_connections")
        assert error["detail"] == {}
        assert (await phone.ping())["type"] == "pong"
        assert (await laptop.ping())["type"] == "pong"
        assert phone.close_code is None and laptop.close_code is None

    asyncio.run(scenario())


def test_a_full_room_takes_no_more_spectators_but_still_its_players(rooms: ServerProcess) -> None:
    async def scenario() -> None:
        # five connections: two of seat 0, one each of seats 1 and 2, one spectator
        code, (anna, bertil, cecilia) = await seated_table(rooms.ws_url, rooms.base_url)
        assert anna.secret is not None and bertil.secret is not None
        await RoomClient.open(rooms.ws_url, code, name="anna-phone", secret=anna.secret)
        (watcher,) = await watchers(rooms, code, 1)
        assert spectators(watcher) == 1

        newcomer = await RoomClient.open(rooms.ws_url, code, name="newcomer")
        await refused(newcomer, "room_full")

        # past the room's cap, a seat's own connection still comes in
        second = await RoomClient.open(rooms.ws_url, code, name="bertil2", secret=bertil.secret)
        assert second.seat == 1
        assert (await cecilia.ping())["type"] == "pong"

    asyncio.run(scenario())


def test_giving_a_seat_up_is_no_way_round_the_cap(rooms: ServerProcess) -> None:
    async def scenario() -> None:
        created = create_room(rooms.base_url)
        code = created["code"]
        anna = await RoomClient.open(rooms.ws_url, code, name="anna", secret=created["secret"])
        bertil = await RoomClient.open(rooms.ws_url, code, name="bertil")
        assert (await bertil.sit(1, "Bertil"))["type"] == "seated"
        crowd = await watchers(rooms, code, 3)

        # bertil would be a fourth spectator: closed as a newcomer would be
        await bertil.send({"type": "hello"})
        await refused(bertil, "too_many_spectators")
        await anna.wait_for(lambda m: is_state(m) and not m["room"]["seats"][1]["connected"])
        assert spectators(anna) == 3 and spectators(crowd[0]) <= 3

    asyncio.run(scenario())


# -- a crowd's frames ------------------------------------------------------------------------------


def test_spectators_are_sent_the_latest_state_and_players_every_one(rooms: ServerProcess) -> None:
    async def scenario() -> None:
        code, (anna, bertil, _) = await seated_table(rooms.ws_url, rooms.base_url)
        (watcher,) = await watchers(rooms, code, 1)
        await anna.until_version(watcher.v)
        first, since = anna.v, watcher.cursor
        rules = itertools.cycle(["spectators", "all"])
        for _ in range(10):  # ten changes at once: each a new version
            await anna.send({"type": "chat_rules", "spectators": next(rules)})
        last = first + 10
        for player in (anna, bertil):
            await player.until_version(last)
            seen = sorted({m["v"] for m in player.messages if is_state(m) and m["v"] > first})
            assert seen == list(range(first + 1, last + 1))

        final = await watcher.wait_for(lambda m: is_state(m) and m["v"] == last, since, WAIT)
        assert final["room"]["chat"]["spectators"] == "all"
        shown = [m["v"] for m in watcher.messages[since:] if is_state(m)]
        assert shown == sorted(shown)  # never back
        assert len(shown) < 10  # the burst came to it in fewer states

    asyncio.run(scenario())


def test_a_crowd_hears_every_chat_line_in_order_in_fewer_frames(rooms: ServerProcess) -> None:
    async def scenario() -> None:
        code, players = await seated_table(rooms.ws_url, rooms.base_url)
        crowd = await watchers(rooms, code, 2)
        readers = [players[0], crowd[0]]
        since = [r.cursor for r in readers]
        # each player's five lines at once; players are not held to the room's budget
        for i, player in enumerate(players):
            for k in range(5):
                await player.send({"type": "chat", "text": f"p{i} {k}"})
        # the spectators together say four lines here, whoever says them
        for i, watcher in enumerate(crowd):
            for k in range(3):
                await watcher.send({"type": "chat", "text": f"w{i} {k}", "name": f"w{i}"})
        # each of their lines is heard, or refused as over the room's budget
        for i, watcher in enumerate(crowd):
            await watcher.wait_for(
                lambda m, w=watcher, who=f"w{i} ": answered(w, who) == 3, timeout=WAIT
            )
        said = 15 + 4

        for reader, start in zip(readers, since, strict=True):
            await reader.wait_for(
                lambda m, r=reader, s=start: (
                    sum(len(x["lines"]) for x in r.messages[s:] if x["type"] == "chat") >= said
                ),
                start,
                WAIT,
            )
            frames = [m for m in reader.messages[start:] if m["type"] == "chat"]
            lines = [line for m in frames for line in m["lines"]]
            assert [line["n"] for line in lines] == list(range(1, said + 1))
            for who in [f"p{i}" for i in range(3)]:
                own = [line["text"] for line in lines if line["text"].startswith(who)]
                assert own == [f"{who} {k}" for k in range(5)]
            assert len(frames) < said  # lines said together went out together
        refusals = [m for w in crowd for m in w.messages if m.get("code") == "chat_busy"]
        assert len(refusals) == 2 and all(w.close_code is None for w in crowd)

    asyncio.run(scenario())


# -- a client address's share ----------------------------------------------------------------------


def new_room(client: httpx.Client, forwarded: str | None = None, **headers: str) -> httpx.Response:
    if forwarded is not None:
        headers["X-Forwarded-For"] = forwarded
    return client.post("/api/rooms", json={"nickname": "Anna"}, headers=headers)


def proxy_client(server: ServerProcess) -> httpx.Client:
    """HTTP from the trusted proxy's address."""
    transport = httpx.HTTPTransport(local_address=PROXY)
    return httpx.Client(base_url=server.base_url, transport=transport, timeout=60)


def test_room_creations_are_counted_per_address_behind_a_trusted_proxy(
    addresses: ServerProcess,
) -> None:
    with proxy_client(addresses) as proxy:
        # the proxy appends the address it heard from; what a client wrote left of it is
        # the client's own say and changes nothing
        for forged in ("203.0.113.1", "203.0.113.2"):
            made = new_room(proxy, f"{forged}, 198.51.100.7", **{"X-Forwarded-Proto": "https"})
            assert made.status_code == 201, made.text
            assert made.json()["url"].startswith("https://")
        over = new_room(proxy, "203.0.113.3, 198.51.100.7")
        assert over.status_code == 429
        assert over.json() == {
            "detail": {
                "code": "too_many_rooms",
                "message": "this address has made rooms enough for now",
            }
        }
        assert 1 <= int(over.headers["Retry-After"]) <= 3600
        # a proxy of a proxy is passed over too; another client has a share of its own
        assert new_room(proxy, "198.51.100.8, 127.0.0.2").status_code == 201


def test_a_forwarded_address_from_an_untrusted_peer_is_ignored(addresses: ServerProcess) -> None:
    with httpx.Client(base_url=addresses.base_url, timeout=60) as direct:
        made = [
            new_room(direct, f"198.51.100.{i}", **{"X-Forwarded-Proto": "https"})
            for i in range(50, 53)
        ]
    assert [r.status_code for r in made] == [201, 201, 429]
    assert made[0].json()["url"].startswith("http://")
    assert made[2].json()["detail"]["code"] == "too_many_rooms"


async def socket_from(
    server: ServerProcess, code: str, local: str, forwarded: str | None = None
) -> RoomClient:
    headers = {"X-Forwarded-For": forwarded} if forwarded is not None else None
    ws = await connect(
        f"{server.ws_url}/ws/{code}",
        additional_headers=headers,
        local_addr=(local, 0),
        max_size=MAX_INCOMING,
        ping_interval=None,
        proxy=None,
        open_timeout=WAIT,
        close_timeout=2,
    )
    return RoomClient(ws, f"{local}/{forwarded}")


def test_sockets_are_counted_per_address_across_rooms(addresses: ServerProcess) -> None:
    async def scenario() -> None:
        with proxy_client(addresses) as proxy:
            codes = [new_room(proxy, f"198.51.100.{n}").json()["code"] for n in (60, 61)]
        # four sockets from one client, in two rooms, through the proxy
        held = [
            await socket_from(addresses, codes[i % 2], PROXY, "198.51.100.30") for i in range(4)
        ]
        for client in held:
            await client.wait_for(is_state)
        fifth = await socket_from(addresses, codes[0], PROXY, "203.0.113.9, 198.51.100.30")
        error = await refused(fifth, "too_many_connections")
        assert error["v"] is None
        assert not any(is_state(m) for m in fifth.messages)
        # another client behind the same proxy has a share of its own
        other = await socket_from(addresses, codes[0], PROXY, "198.51.100.31")
        await other.wait_for(is_state)

        # straight from an untrusted peer, X-Forwarded-For changes nothing
        direct = [
            await socket_from(addresses, codes[1], "127.0.0.1", f"198.51.100.{40 + i}")
            for i in range(5)
        ]
        for client in direct[:4]:
            await client.wait_for(is_state)
        await refused(direct[4], "too_many_connections")

        # a socket that closes gives its place back
        await held[0].close()
        for _ in range(int(WAIT / 0.1)):
            again = await socket_from(addresses, codes[0], PROXY, "198.51.100.30")
            first = await again.wait_for(lambda m: m["type"] in ("state", "error"))
            if is_state(first):
                break
            await again.wait_closed()
            await asyncio.sleep(0.1)  # the server is still letting the closed one go
        else:
            pytest.fail("the address never got its place back")

    asyncio.run(scenario())
