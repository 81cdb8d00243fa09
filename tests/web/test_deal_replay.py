"""A deal that is over, step by step, from a real server: the deal itself, then every action of
it in order, each with the table as a spectator saw it and every seat's hand as it stood. A
deal still being played has no replay (its cards are secret until it is over)."""

from __future__ import annotations

import asyncio
import itertools
import random
from typing import Any

import httpx
import pytest
from test_fair_deals import seated, start

from support.client import is_state, step
from support.server import ServerProcess


@pytest.fixture
def replay_server(fast_players_server: ServerProcess) -> ServerProcess:
    """Each test plays in rooms of its own: the server the modules share
    (tests/web/conftest.py)."""
    return fast_players_server


def get(server: ServerProcess, path: str) -> httpx.Response:
    return httpx.get(f"{server.base_url}/api/rooms/{path}", timeout=60)


def test_a_finished_deal_replays_action_by_action_with_every_hand(
    replay_server: ServerProcess,
) -> None:
    refused: list[httpx.Response] = []

    async def scenario() -> str:
        code, players = await seated(replay_server)
        await start(players)
        refused.append(get(replay_server, f"{code}/matches/1/deals/1/replay"))
        rng = random.Random(8)
        while (players[0].view or {}).get("deals_played", 0) < 1:
            await step(players, rng)
        refused.append(get(replay_server, f"{code}/matches/1/deals/2/replay"))
        first = get(replay_server, f"{code}/matches/1/deals/1/replay")
        assert first.status_code == 200, first.text
        host = players[0]
        reply = await host.command({"type": "end", "v": host.v})
        assert is_state(reply), reply
        for player in players:
            await player.close()
        return code

    code = asyncio.run(scenario())
    for answer in refused:
        assert answer.status_code == 404
        assert answer.json()["detail"]["code"] == "no_such_deal"
    record = get(replay_server, f"{code}/matches/1/record").json()
    dealt = record["deals"][0]
    replay: dict[str, Any] = get(replay_server, f"{code}/matches/1/deals/1/replay").json()
    assert (replay["game"], replay["match"], replay["deal"]) == ("sixty_six", 1, 1)
    assert replay["players"] == ["Anna", "Bertil"]
    steps = replay["steps"]
    assert steps[0]["seat"] is None and steps[0]["action"] == "deal:" + ",".join(dealt["pack"])
    assert [[s["seat"], s["action"]] for s in steps[1:]] == dealt["actions"]
    # after the deal: six cards in each hand, from the pack, no card in two hands
    first_hands = steps[0]["hands"]
    assert [len(h) for h in first_hands] == [6, 6]
    assert not set(first_hands[0]) & set(first_hands[1])
    assert set(first_hands[0]) | set(first_hands[1]) <= set(dealt["pack"])
    for s in steps:
        assert s["view"]["seat"] is None and s["view"]["legal"] is None
    # a card played leaves its player's hand in the next step
    for before, after in itertools.pairwise(steps):
        action = after["action"]
        if action.startswith("play:"):
            card = action.removeprefix("play:")
            seat = after["seat"]
            assert card in before["hands"][seat]
            if after["hands"][seat] is not None:
                assert card not in after["hands"][seat]
    # the match was stopped during deal 2: that deal is over too, and replays
    assert get(replay_server, f"{code}/matches/1/deals/2/replay").status_code == 200
    assert get(replay_server, f"{code}/matches/1/deals/3/replay").status_code == 404
    missing = get(replay_server, f"{code}/matches/2/deals/1/replay")
    assert missing.json()["detail"]["code"] == "no_such_deal"
