"""The match CSV over a real server (docs/protocol.md §1.4): one row per deal with the
game's own columns, as its scoresheet has them, then each seat's score and running total.
Deals entered on paper make the match known in advance, so the CSV is expected byte for
byte; a match played here gives the same CSV as the same deals entered (see
test_paper_rooms_over_sockets.py)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest

from support.client import RoomClient, is_state, seated_table, start_match
from support.server import ServerProcess

NAMES = ("Anna", "Bertil", "Cecilia", "David")
TRIES = 60
"""Rooms opened until one's first dealer is seat 0: a table of real cards draws its first
dealer at random, and the expected bytes name the dealers."""

BISMARCK = (
    [
        {"contract": "spel", "tricks": [3, 9, 4]},
        {"contract": "valfri", "trump": "H", "tricks": [4, 4, 8]},
        {"contract": "pass", "tricks": [5, 6, 5]},
    ],
    "deal,dealer,forehand,contract,tricks Anna,tricks Bertil,tricks Cecilia,"
    "score Anna,score Bertil,score Cecilia,total Anna,total Bertil,total Cecilia\r\n"
    "1,Anna,Bertil,spel,3,9,4,-1,1,0,-1,1,0\r\n"
    "2,Bertil,Cecilia,valfri H,4,4,8,0,0,0,-1,1,0\r\n"
    "3,Cecilia,Anna,pass,5,6,5,-1,0,1,-2,1,1\r\n",
)
SPADES = (
    [
        {"bids": ["3", "nil", "4", "5"], "tricks": [3, 0, 5, 5]},
        {"bids": ["2", "3", "blind_nil", "4"], "tricks": [2, 4, 1, 6]},
    ],
    "deal,dealer,bids Anna,bids Bertil,bids Cecilia,bids David,"
    "tricks Anna,tricks Bertil,tricks Cecilia,tricks David,"
    "score Anna,score Bertil,score Cecilia,score David,"
    "total Anna,total Bertil,total Cecilia,total David\r\n"
    "1,Anna,3,nil,4,5,3,0,5,5,71,150,71,150,71,150,71,150\r\n"
    "2,Bertil,2,3,blind_nil,4,2,4,1,6,-180,73,-180,73,-109,223,-109,223\r\n",
)
SIXTY_SIX = (
    [
        {"trump": "S", "closed_by": "nobody", "claimed_by": "0", "tricks": [5, 3],
         "points": [70, 50]},
        {"trump": "D", "closed_by": "1", "trick_at_close": "yes", "claimed_by": "nobody",
         "tricks": [2, 4], "points": [30, 70]},
    ],
    "deal,dealer,trump,winner,end,closed_by,points Anna,points Bertil,tricks Anna,"
    "tricks Bertil,carried,score Anna,score Bertil,total Anna,total Bertil\r\n"
    "1,Anna,S,Anna,claim,,70,50,5,3,0,1,0,1,0\r\n"
    "2,Bertil,D,Bertil,played_out,Bertil,30,70,2,4,0,0,2,1,2\r\n",
)  # fmt: skip


async def table_dealt_by_seat_0(
    server: ServerProcess, game: str, seats: int
) -> tuple[str, list[RoomClient]]:
    for _ in range(TRIES):
        code, players = await seated_table(
            server.ws_url, server.base_url, seats, NAMES[:seats], game=game, paper=True
        )
        await start_match(players)
        view = players[0].view
        assert view is not None and view["phase"] == "enter"
        if view["first_dealer"] == 0:
            return code, players
        for player in players:
            await player.close()
    raise AssertionError(f"no table of {TRIES} had seat 0 deal first")


async def enter(server: ServerProcess, game: str, seats: int, entries: list[Any]) -> str:
    code, players = await table_dealt_by_seat_0(server, game, seats)
    try:
        for number, entry in enumerate(entries):
            enterer = players[number % seats]
            reply = await enterer.act(f"enter:{json.dumps(entry)}")
            assert is_state(reply), reply
            for player in players:
                await player.until_version(reply["v"])
    finally:
        for player in players:
            await player.close()
    return code


@pytest.mark.parametrize(
    ("game", "seats", "case"),
    [("bismarck", 3, BISMARCK), ("spades", 4, SPADES), ("sixty_six", 2, SIXTY_SIX)],
)
def test_the_csv_has_a_row_per_deal_with_the_games_own_columns(
    live_server: ServerProcess, game: str, seats: int, case: tuple[list[Any], str]
) -> None:
    entries, expected = case
    code = asyncio.run(enter(live_server, game, seats, entries))
    response = httpx.get(
        f"{live_server.base_url}/api/rooms/{code}/matches/1/protocol.csv", timeout=60
    )
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/csv")
    assert response.text == expected


def test_a_match_with_no_deal_yet_has_only_its_header(live_server: ServerProcess) -> None:
    async def opened() -> str:
        code, players = await table_dealt_by_seat_0(live_server, "sixty_six", 2)
        for player in players:
            await player.close()
        return code

    code = asyncio.run(opened())
    text = httpx.get(
        f"{live_server.base_url}/api/rooms/{code}/matches/1/protocol.csv", timeout=60
    ).text
    assert text == SIXTY_SIX[1].split("\r\n")[0] + "\r\n"
