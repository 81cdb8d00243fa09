"""Sixty-six at a real table: two players over WebSockets, a person against the strong
computer player, and rooms made for the game through the API."""

from __future__ import annotations

import asyncio
import csv
import io
import random
from typing import Any

import httpx
import pytest

from app.bots import make_bot
from app.engine.records import validate_record
from support.client import (
    Message,
    RoomClient,
    create_room,
    is_state,
    play_turns,
    seated_table,
    start_match,
)
from support.protocol_csv import check_against_sheet, final_totals
from support.server import ServerProcess

GAME = "sixty_six"


@pytest.fixture
def fast_server(fast_players_server: ServerProcess) -> ServerProcess:
    """Players here answer as fast as the server does, past the rate a person keeps to: the
    server the modules share (tests/web/conftest.py)."""
    return fast_players_server


async def play_in_turn(client: RoomClient, seed: int) -> dict[str, Any]:
    """This seat plays every turn with the basic computer player's choice until the match
    is over; returns the last view it was shown."""
    return await play_turns(client, make_bot(GAME, "basic", seed).decide)


def record_of(server: ServerProcess, code: str) -> dict[str, Any]:
    response = httpx.get(f"{server.base_url}/api/rooms/{code}/matches/1/record", timeout=60)
    assert response.status_code == 200, response.text
    record: dict[str, Any] = response.json()
    return record


def check_finished(server: ServerProcess, code: str, last: dict[str, Any]) -> dict[str, Any]:
    """The record validates and says what the players were shown; so do the stored
    scoresheet and the CSV."""
    assert last["winners"] and max(last["totals"]) >= last["target"]
    record = record_of(server, code)
    assert record["game"] == GAME and record["status"] == "finished"
    verdict = validate_record(record)
    assert verdict.valid, verdict.error
    assert verdict.totals == last["totals"] == record["totals"]
    assert verdict.winners == last["winners"]
    [match] = httpx.get(f"{server.base_url}/api/rooms/{code}/matches", timeout=60).json()
    assert match["status"] == "finished" and match["deals_total"] is None
    assert match["totals"] == last["totals"] and match["winners"] == last["winners"]
    assert match["scoresheet"] == last["scoresheet"]
    assert len(match["scoresheet"]["deals"]) == match["deals_played"] == len(record["deals"])
    text = httpx.get(f"{server.base_url}/api/rooms/{code}/matches/1/protocol.csv").text
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][:3] == ["deal", "dealer", "trump"] and len(rows) == 1 + len(record["deals"])
    check_against_sheet(text, last["scoresheet"], record["players"])
    assert final_totals(text, record["players"]) == last["totals"]
    return record


def test_two_players_play_a_complete_match(fast_server: ServerProcess) -> None:
    async def scenario() -> tuple[str, list[dict[str, Any]]]:
        code, players = await seated_table(
            fast_server.ws_url, fast_server.base_url, 2, ("Anna", "Bertil"), GAME
        )
        for player in players:
            assert player.state is not None and player.state["room"]["game"] == GAME
        await start_match(players)
        lasts = await asyncio.gather(*(play_in_turn(p, s) for s, p in enumerate(players)))
        for player in players:
            await player.close()
        return code, list(lasts)

    code, (anna, bertil) = asyncio.run(scenario())
    # both saw the same end, each from its own seat
    assert (anna["seat"], bertil["seat"]) == (0, 1)
    for key in ("totals", "winners", "scoresheet", "deals_played"):
        assert anna[key] == bertil[key], key
    record = check_finished(fast_server, code, anna)
    assert record["players"] == ["Anna", "Bertil"]


def test_a_person_plays_a_match_against_the_strong_computer_player(
    fast_server: ServerProcess,
) -> None:
    async def scenario() -> tuple[str, dict[str, Any]]:
        created = create_room(fast_server.base_url, 2, "Anna", GAME)
        anna = await RoomClient.open(
            fast_server.ws_url, created["code"], name="anna", secret=created["secret"]
        )
        since = anna.cursor
        await anna.send({"type": "add_bot", "seat": 1, "level": "strong"})
        await anna.wait_for(
            lambda m: is_state(m) and m["room"]["seats"][1]["bot"] == "strong", since
        )
        await anna.send({"type": "start"})
        last = await play_in_turn(anna, 7)
        await anna.close()
        return created["code"], last

    code, last = asyncio.run(scenario())
    record = check_finished(fast_server, code, last)
    assert record["players"][1] in ("Ada", "Boole", "Cantor")


def test_the_api_lists_the_games_and_makes_rooms_for_them(live_server: ServerProcess) -> None:
    base = live_server.base_url
    games = {g["name"]: g for g in httpx.get(f"{base}/api/games").json()}
    assert {"bismarck", GAME} <= set(games)
    sixty_six = games[GAME]
    assert sixty_six["seats"] == [2] and sixty_six["default_seats"] == 2
    assert sixty_six["bots"] == ["random", "basic", "strong"]
    assert {o["name"] for o in sixty_six["options"]} >= {"german_phase2", "target"}

    created = httpx.post(
        f"{base}/api/rooms", json={"game": GAME, "nickname": "Anna", "options": {"target": 3}}
    )
    assert created.status_code == 201, created.text
    room = httpx.get(f"{base}/api/rooms/{created.json()['code']}").json()
    assert room["game"] == GAME and room["size"] == 2 and room["options"]["target"] == 3

    def refused(body: dict[str, Any]) -> str:
        response = httpx.post(f"{base}/api/rooms", json={"nickname": "Anna", **body})
        assert response.status_code == 422, response.text
        code: str = response.json()["detail"]["code"]
        return code

    assert refused({"game": GAME, "seats": 3}) == "bad_seats"
    assert refused({"game": "bismarck", "seats": 2}) == "bad_seats"
    assert refused({"game": "whist"}) == "unknown_game"
    assert refused({"game": GAME, "options": {"target": 0}}) == "bad_option"
    assert refused({"game": GAME, "options": {"target": True}}) == "bad_option"
    assert refused({"game": GAME, "options": {"trumps": "yes"}}) == "unknown_option"


def test_a_claim_out_of_turn_ends_the_deal_for_both(live_server: ServerProcess) -> None:
    """Either player may claim at any moment of a deal: the one not to act as well."""

    async def scenario() -> tuple[Message, Message]:
        _, players = await seated_table(
            live_server.ws_url, live_server.base_url, 2, ("Anna", "Bertil"), GAME
        )
        await start_match(players)
        view = players[0].view
        assert view is not None
        idle = players[1 - view["to_act"]]
        assert idle.view is not None and idle.view["legal"] == {
            "kind": "claim",
            "actions": ["claim"],
        }
        ack = await idle.act("claim")
        assert is_state(ack), ack
        other = await players[1 - (idle.seat or 0)].until_version(ack["v"])
        for player in players:
            await player.close()
        return ack, other

    ack, other = asyncio.run(scenario())
    for message in (ack, other):
        view = message["view"]
        assert view["deals_played"] == 1
        previous = view["previous_deal"]
        assert previous["end"] == "wrong_claim" and previous["claimant"] == ack["seat"]
    # the claimant had no 66: the other player scores 2
    assert ack["view"]["totals"][1 - ack["seat"]] == 2


def test_random_play_of_sixty_six_rooms_never_breaks_a_table(fast_server: ServerProcess) -> None:
    async def scenario() -> None:
        rng = random.Random(66)
        _, players = await seated_table(
            fast_server.ws_url, fast_server.base_url, 2, ("Anna", "Bertil"), GAME
        )
        await start_match(players)
        for _ in range(60):
            view = players[0].view
            assert view is not None
            if view["phase"] == "match_over":
                break
            seat = view["to_act"]
            if seat is None:
                break
            legal = players[seat].view["legal"]  # type: ignore[index]
            ack = await players[seat].act(rng.choice(legal["actions"]))
            assert is_state(ack), ack
            for player in players:
                await player.until_version(ack["v"])
        for player in players:
            await player.close()

    asyncio.run(scenario())
