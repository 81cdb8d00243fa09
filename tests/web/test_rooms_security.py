"""Seat secrets, origins and unknown rooms, against a real server."""

from __future__ import annotations

import asyncio
import base64
import json
import random
import secrets
from collections.abc import Iterator

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

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


def b64_bits(text: str) -> int:
    return len(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))) * 8


# -- origins ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "origin",
    [
        "http://evil.example",
        "https://evil.example",
        "null",
        "http://127.0.0.1.evil.example",
        "http://evil.example/127.0.0.1",
        "file://",
    ],
)
def test_an_upgrade_from_a_foreign_origin_is_refused(
    live_server: ServerProcess, origin: str
) -> None:
    code = create_room(live_server.base_url)["code"]

    async def scenario() -> None:
        with pytest.raises(InvalidStatus) as refused:
            await RoomClient.open(live_server.ws_url, code, origin=origin)
        assert refused.value.response.status_code == 403

    asyncio.run(scenario())


def test_an_upgrade_from_another_port_of_the_same_host_is_refused(
    live_server: ServerProcess,
) -> None:
    code = create_room(live_server.base_url)["code"]
    origin = f"http://{live_server.host}:{live_server.port + 1}"

    async def scenario() -> None:
        with pytest.raises(InvalidStatus) as refused:
            await RoomClient.open(live_server.ws_url, code, origin=origin)
        assert refused.value.response.status_code == 403

    asyncio.run(scenario())


def test_our_own_origin_and_clients_without_an_origin_are_let_in(
    live_server: ServerProcess,
) -> None:
    created = create_room(live_server.base_url)

    async def scenario() -> None:
        own = await RoomClient.open(
            live_server.ws_url, created["code"], origin=live_server.base_url
        )
        bare = await RoomClient.open(live_server.ws_url, created["code"])
        for client in (own, bare):
            assert client.state is not None
            assert client.state["room"]["code"] == created["code"]
            await client.close()

    asyncio.run(scenario())


@pytest.fixture(scope="module")
def server_with_allowed_origin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    server = ServerProcess(
        tmp_path_factory.mktemp("origin-server") / "data",
        env={"KORTBORD_ALLOWED_ORIGINS": "https://cards.example, https://other.example/"},
    )
    server.start()
    try:
        yield server
    finally:
        server.stop()


def test_configured_origins_are_let_in_and_no_others(
    server_with_allowed_origin: ServerProcess,
) -> None:
    server = server_with_allowed_origin
    code = create_room(server.base_url)["code"]

    async def scenario() -> None:
        for origin in ("https://cards.example", "https://other.example"):
            client = await RoomClient.open(server.ws_url, code, origin=origin)
            await client.close()
        with pytest.raises(InvalidStatus) as refused:
            await RoomClient.open(server.ws_url, code, origin="https://cards.example.evil")
        assert refused.value.response.status_code == 403

    asyncio.run(scenario())


# -- seat secrets ----------------------------------------------------------------------------------


def test_claiming_a_seat_returns_a_fresh_secret_of_at_least_128_random_bits(
    live_server: ServerProcess,
) -> None:
    async def scenario() -> list[str]:
        found = []
        for _ in range(3):
            _, players = await seated_table(live_server.ws_url, live_server.base_url)
            found += [p.secret or "" for p in players]
            for p in players:
                await p.close()
        return found

    found = asyncio.run(scenario())

    assert len(set(found)) == len(found) == 9
    for secret in found:
        assert b64_bits(secret) >= 128


def test_the_secret_reclaims_the_same_seat_on_another_device(live_server: ServerProcess) -> None:
    async def scenario() -> None:
        code, players = await seated_table(live_server.ws_url, live_server.base_url)
        await start_match(players)
        phone = await RoomClient.open(live_server.ws_url, code, secret=players[2].secret)

        assert phone.seat == 2
        assert phone.view == players[2].view
        # both devices hold the seat; dropping one leaves the seat present
        mark = players[0].cursor
        await players[2].close()
        presence = await players[0].wait_for(is_state, mark)
        assert presence["room"]["seats"][2]["connected"]
        info = httpx.get(f"{live_server.base_url}/api/rooms/{code}").json()
        assert info["seats"][2]["connected"]
        for p in (phone, players[0], players[1]):
            await p.close()

    asyncio.run(scenario())


def test_a_wrong_secret_is_refused_and_leaves_a_spectator(live_server: ServerProcess) -> None:
    async def scenario() -> None:
        code, players = await seated_table(live_server.ws_url, live_server.base_url)
        await start_match(players)
        _, other_players = await seated_table(live_server.ws_url, live_server.base_url)
        intruder = await RoomClient.open(live_server.ws_url, code, name="intruder")
        attempts = [
            secrets.token_urlsafe(24),
            other_players[1].secret,  # valid, but in another room
            (players[1].secret or "")[:-1],  # one character short
            (players[1].secret or "") + "A",
            (players[1].secret or "").upper(),
            "",
        ]
        for attempt in attempts:
            if attempt == players[1].secret:
                continue
            reply = await intruder.hello(attempt)
            assert reply["type"] == "error", attempt
            assert reply["code"] == "secret_refused"
            assert intruder.seat is None
        refused = await intruder.act("contract:spel")
        assert refused["code"] == "not_seated"
        # nobody else heard of the attempts, and the view of a spectator shows no hand
        assert intruder.view is not None and intruder.view["deal"]["hand"] is None
        for p in [*players, *other_players, intruder]:
            await p.close()

    asyncio.run(scenario())


def test_a_secret_given_up_by_leaving_no_longer_works(live_server: ServerProcess) -> None:
    async def scenario() -> None:
        code, players = await seated_table(live_server.ws_url, live_server.base_url)
        old = players[1].secret
        reply = await players[1].command({"type": "leave"})
        assert is_state(reply) and reply["seat"] is None
        assert not reply["room"]["seats"][1]["taken"]

        later = await RoomClient.open(live_server.ws_url, code)
        refused = await later.hello(old)
        assert refused["type"] == "error" and refused["code"] == "secret_refused"
        # the seat is free for someone else, who gets a different secret
        seated = await later.sit(1, "Bertil")
        assert seated["type"] == "seated" and seated["secret"] != old
        for p in [*players, later]:
            await p.close()

    asyncio.run(scenario())


def test_a_seated_connection_that_presents_a_bad_secret_shows_as_away(
    live_server: ServerProcess,
) -> None:
    # The connection is no longer seated after a refused hello; the others must see that
    # its seat has nobody connected, not keep showing the seat as present.
    async def scenario() -> None:
        code, players = await seated_table(live_server.ws_url, live_server.base_url)
        mark = players[0].cursor
        since = players[1].cursor
        reply = await players[1].hello(secrets.token_urlsafe(24))
        assert reply["code"] == "secret_refused"
        watching = await players[1].wait_for(is_state, since)
        assert watching["seat"] is None and watching["view"] is None
        info = httpx.get(f"{live_server.base_url}/api/rooms/{code}").json()
        assert not info["seats"][1]["connected"]
        away = await players[0].wait_for(
            lambda m: is_state(m) and not m["room"]["seats"][1]["connected"], mark
        )
        assert away["v"] == players[0].v
        for p in players:
            await p.close()

    asyncio.run(scenario())


def test_an_oversized_secret_is_refused_as_a_bad_field(live_server: ServerProcess) -> None:
    async def scenario() -> None:
        code = create_room(live_server.base_url)["code"]
        client = await RoomClient.open(live_server.ws_url, code)
        reply = await client.hello("A" * 129)
        assert reply["type"] == "error" and reply["code"] == "bad_field"
        await client.close()

    asyncio.run(scenario())


def test_secrets_stay_out_of_urls_logs_and_other_connections(live_server: ServerProcess) -> None:
    created = create_room(live_server.base_url)

    async def scenario() -> list[str]:
        code = created["code"]
        host = await RoomClient.open(live_server.ws_url, code, secret=created["secret"])
        watcher = await RoomClient.open(live_server.ws_url, code, name="watcher")
        guest = await RoomClient.open(live_server.ws_url, code, name="guest")
        seated = await guest.sit(1, "Bertil")
        # another device of the guest's seat: the reclaim must not echo the secret either
        again = await RoomClient.open(live_server.ws_url, code, secret=seated["secret"])
        await host.until_version(guest.v)
        await watcher.until_version(guest.v)
        found = [created["secret"], seated["secret"]]
        for client, own in (
            (host, None),
            (watcher, None),
            (guest, seated["secret"]),
            (again, None),
        ):
            for frame, message in zip(client.frames, client.messages, strict=True):
                for secret in found:
                    if secret in str(frame):
                        assert secret == own and message["type"] == "seated", message
            await client.close()
        return found

    found = asyncio.run(scenario())
    assert not any(s in created["url"] for s in found)
    info = httpx.get(f"{live_server.base_url}/api/rooms/{created['code']}").text
    page = httpx.get(f"{live_server.base_url}/r/{created['code']}").text
    logs = live_server.stdout() + live_server.stderr()
    for secret in found:
        assert secret not in info
        assert secret not in page
        assert secret not in logs
    assert f"/ws/{created['code']}" in logs  # the requests were logged, the secrets were not


def test_the_record_of_a_running_match_shows_each_asker_only_their_own_cards(
    live_server: ServerProcess,
) -> None:
    async def scenario() -> tuple[str, list[str], list[int]]:
        rng = random.Random(21)
        code, players = await seated_table(live_server.ws_url, live_server.base_url)
        await start_match(players)
        await play_until(players, rng, lambda m: m["view"]["phase"] == "play")
        for _ in range(5):
            await step(players, rng)
        forehand = players[0].view["deal"]["forehand"]  # type: ignore[index]
        for p in players:
            await p.close()
        return code, [p.secret or "" for p in players], [forehand]

    code, found, (forehand,) = asyncio.run(scenario())
    url = f"{live_server.base_url}/api/rooms/{code}/matches/1/record"
    askers: list[tuple[int | None, dict[str, str]]] = [
        (None, {}),
        (None, {"X-Seat-Secret": secrets.token_urlsafe(24)}),
        *((s, {"X-Seat-Secret": secret}) for s, secret in enumerate(found)),
    ]
    for seat, headers in askers:
        response = httpx.get(url, headers=headers)
        assert response.status_code == 200, response.text
        (deal,) = response.json()["deals"]
        shown = [i for i, hand in enumerate(deal["hands"]) if hand is not None]
        assert shown == ([] if seat is None else [seat]), (seat, deal["hands"])
        assert ("discard" in deal) == (seat == forehand), seat
        assert len(deal["plays"]) == 5


# -- unknown rooms ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "code", ["AAAAAAAAAAAAAAAA", "short", "not-a-room-code-at-all-far-too-long-x"]
)
def test_an_unknown_room_is_an_error_and_close_4404(live_server: ServerProcess, code: str) -> None:
    async def scenario() -> None:
        async with connect(f"{live_server.ws_url}/ws/{code}", proxy=None) as ws:
            message = json.loads(await ws.recv())
            assert message["type"] == "error" and message["code"] == "no_such_room"
            await ws.wait_closed()
            assert ws.close_code == 4404

    asyncio.run(scenario())
    assert httpx.get(f"{live_server.base_url}/api/rooms/{code}").status_code == 404
    assert httpx.get(f"{live_server.base_url}/r/{code}").status_code == 404
