"""The room's public information carries where its match stands (`score`): nothing before the
first match, the running totals while one is played, and the last match's totals after it
ends, equal to what the scoresheet says; never more than a spectator sees."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx

from support.client import RoomClient, create_room, play_until, seated_table, start_match
from support.server import ServerProcess


def room_info(server: ServerProcess, code: str) -> dict[str, Any]:
    response = httpx.get(f"{server.base_url}/api/rooms/{code}", timeout=60)
    assert response.status_code == 200, response.text
    info: dict[str, Any] = response.json()
    return info


def one_deal_played(message: dict[str, Any]) -> bool:
    return bool(message["view"]["deals_played"] >= 1)


async def close_all(players: list[RoomClient]) -> None:
    for player in players:
        await player.close()


def test_a_room_without_a_match_has_no_score(live_server: ServerProcess) -> None:
    created = create_room(live_server.base_url, seats=4, nickname="Anna")

    info = room_info(live_server, created["code"])

    assert info["status"] == "waiting"
    assert info["score"] is None
    assert [s["nickname"] for s in info["seats"]] == ["Anna", None, None, None]


def test_the_score_follows_the_match_and_stays_after_it_ends(live_server: ServerProcess) -> None:
    async def play() -> tuple[str, dict[str, Any], dict[str, Any]]:
        code, players = await seated_table(live_server.ws_url, live_server.base_url)
        try:
            await start_match(players)
            at_start = room_info(live_server, code)
            await play_until(players, random.Random(5), one_deal_played)
            view = players[0].view
            assert view is not None
            playing = room_info(live_server, code)
            assert playing["score"]["totals"] == view["totals"]
            assert playing["score"]["deals_played"] == view["deals_played"]
            host = players[0]
            ended = await host.command({"type": "end", "v": host.v})
            assert ended["type"] == "state", ended
            return code, at_start, playing
        finally:
            await close_all(players)

    code, at_start, playing = asyncio.run(play())

    assert at_start["status"] == "playing"
    assert at_start["score"] == {
        "match": 1,
        "deals_played": 0,
        "deals_total": 12,
        "totals": [0, 0, 0],
    }
    assert playing["score"]["match"] == 1
    assert playing["score"]["deals_played"] >= 1
    # the running totals are the scoresheet's
    [match] = httpx.get(f"{live_server.base_url}/api/rooms/{code}/matches", timeout=60).json()
    after = room_info(live_server, code)
    assert after["status"] == "ended"
    assert after["score"]["totals"] == match["totals"]
    assert after["score"]["deals_played"] == match["deals_played"]
    assert [s["player"] for s in after["seats"]] == ["Anna", "Bertil", "Cecilia"]
    # where the match stands, and nothing of anyone's cards
    assert set(after["score"]) == {"match", "deals_played", "deals_total", "totals"}


def test_a_game_that_ends_on_a_score_has_no_deal_count(live_server: ServerProcess) -> None:
    async def start() -> str:
        code, players = await seated_table(
            live_server.ws_url, live_server.base_url, seats=2, game="sixty_six"
        )
        try:
            await start_match(players)
            return code
        finally:
            await close_all(players)

    info = room_info(live_server, asyncio.run(start()))

    assert info["game"] == "sixty_six"
    assert info["score"] == {"match": 1, "deals_played": 0, "deals_total": None, "totals": [0, 0]}
