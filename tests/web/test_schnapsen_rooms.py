"""Schnapsen by link: a person makes a room to play at once against each computer level
(``POST /api/rooms`` with ``bots``), plays a whole match over a real server's WebSocket from
what its own view shows, and the record, the stored scoresheet and the CSV say what was
played."""

from __future__ import annotations

import asyncio
import csv
import io
from typing import Any

import httpx
import pytest

from app.bots import make_bot
from app.engine.records import validate_record
from support.client import RoomClient, is_state, play_turns
from support.protocol_csv import check_against_sheet, final_totals
from support.server import ServerProcess

GAME = "schnapsen"


@pytest.fixture
def fast_server(fast_players_server: ServerProcess) -> ServerProcess:
    """Computer players that answer at once: the server the modules share
    (tests/web/conftest.py)."""
    return fast_players_server


@pytest.mark.parametrize("level", ["random", "basic", "strong"])
def test_a_person_plays_a_match_by_link_against_each_level(
    fast_server: ServerProcess, level: str
) -> None:
    # a short match (a Bummerl to 3), so that the strong level's thinking stays brief
    body = {"nickname": "Anna", "bots": level, "game": GAME, "options": {"target": 3}}
    response = httpx.post(f"{fast_server.base_url}/api/rooms", json=body, timeout=60)
    assert response.status_code == 201, response.text
    created = response.json()
    code = created["code"]

    async def scenario() -> dict[str, Any]:
        anna = await RoomClient.open(
            fast_server.ws_url, code, name="anna", secret=created["secret"]
        )
        dealt = await anna.give_seed("annas-first-seed")
        assert is_state(dealt) and dealt["room"]["status"] == "playing", dealt
        assert dealt["room"]["game"] == GAME and dealt["room"]["seats"][1]["bot"] == level
        # the person's view holds its own five cards, never the computer player's
        view = dealt["view"]
        assert len(view["deal"]["hand"]) == 5 and view["deal"]["hand_sizes"] == [5, 5]
        last = await play_turns(anna, make_bot(GAME, "basic", 3).decide)
        await anna.close()
        return last

    last = asyncio.run(scenario())
    assert last["target"] == 3 and last["winners"] and max(last["totals"]) >= 3
    record = httpx.get(f"{fast_server.base_url}/api/rooms/{code}/matches/1/record", timeout=60)
    assert record.status_code == 200, record.text
    doc = record.json()
    assert doc["game"] == GAME and doc["status"] == "finished"
    verdict = validate_record(doc)
    assert verdict.valid, verdict.error
    assert verdict.totals == last["totals"] == doc["totals"]
    [match] = httpx.get(f"{fast_server.base_url}/api/rooms/{code}/matches", timeout=60).json()
    assert match["scoresheet"] == last["scoresheet"]
    text = httpx.get(f"{fast_server.base_url}/api/rooms/{code}/matches/1/protocol.csv").text
    rows = list(csv.reader(io.StringIO(text)))
    assert len(rows) == 1 + len(doc["deals"])
    check_against_sheet(text, last["scoresheet"], doc["players"])
    assert final_totals(text, doc["players"]) == last["totals"]
