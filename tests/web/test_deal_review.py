"""The strong player's review of a finished deal, from a real server: asked for once, it is
made one decision at a time in the worker that thinks for the bots, shown as it goes to
whoever asks, and it marks a deliberately bad bid with what it cost. A deal still being
played cannot be reviewed, and a deal nobody asked about has no review yet: asking says
so without an error. A finished review is kept with the room: a server started again
shows it at once, without thinking about it again."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from test_fair_deals import FAST

from support.bad_play import BAD_BID, play_a_deal_with_a_bad_bid
from support.client import seated_table, start_match
from support.server import FAST_PLAYERS, ServerProcess, ServersByBackend, running_server

QUICK = {**FAST, "KORTBORD_REVIEW_BUDGET": "0.02", "KORTBORD_BOT_DELAY": "0"}


@pytest.fixture
def review_server(players_servers: ServersByBackend) -> ServerProcess:
    """The SQLite one of the servers the modules share (tests/web/conftest.py), whose
    reviews think as briefly as ``QUICK``'s. A review reads the room as the server holds it,
    never the store: one backend is enough, and the review's thinking is the costly part of
    this module."""
    server = players_servers.on("sqlite")
    assert FAST_PLAYERS["KORTBORD_REVIEW_BUDGET"] == QUICK["KORTBORD_REVIEW_BUDGET"]
    return server


def review(server: ServerProcess, code: str, deal: int, method: str = "GET") -> httpx.Response:
    url = f"{server.base_url}/api/rooms/{code}/matches/1/deals/{deal}/review"
    return httpx.request(method, url, timeout=60)


def test_a_deal_is_reviewed_on_request_and_the_bad_bid_is_marked(
    review_server: ServerProcess,
) -> None:
    async def scenario() -> tuple[str, int]:
        code, players = await seated_table(
            review_server.ws_url, review_server.base_url, 4, game="spades"
        )
        await start_match(players)
        # nothing is over yet: there is nothing to review
        assert review(review_server, code, 1, "POST").json()["detail"]["code"] == "no_such_deal"
        bad = await play_a_deal_with_a_bad_bid(players)
        # deal 2 is being played: its cards are secret, so it has no review
        refused = review(review_server, code, 2, "POST")
        assert refused.status_code == 404, refused.text
        assert refused.json()["detail"]["code"] == "no_such_deal"
        for player in players:
            await player.close()
        return code, bad

    code, bad = asyncio.run(scenario())
    untouched = review(review_server, code, 1)
    assert untouched.status_code == 200, untouched.text
    unasked = untouched.json()
    assert unasked["status"] == "none" and unasked["judgements"] == []
    assert (unasked["game"], unasked["match"], unasked["deal"]) == ("spades", 1, 1)
    assert unasked["judged"] == unasked["failed"] == 0 and unasked["decisions"] > 0
    assert unasked["budget"] == 0.02
    # asking starts nothing
    assert review(review_server, code, 1).json()["status"] == "none"

    started = review(review_server, code, 1, "POST")
    assert started.status_code in (200, 202), started.text
    first: dict[str, Any] = started.json()
    assert (first["game"], first["match"], first["deal"]) == ("spades", 1, 1)
    assert first["status"] in ("queued", "running", "done")
    # asked again, the same review is returned, not a second one
    assert review(review_server, code, 1, "POST").json()["decisions"] == first["decisions"]
    assert first["decisions"] == unasked["decisions"]

    seen = [first]
    while seen[-1]["status"] != "done":
        polled = review(review_server, code, 1)
        assert polled.status_code == 200, polled.text
        seen.append(polled.json())
    judged = [s["judged"] for s in seen]
    assert judged == sorted(judged), "a review only goes forward"
    done = seen[-1]
    assert done["judged"] == done["decisions"] and done["failed"] == 0
    assert review(review_server, code, 1, "POST").status_code == 200

    replay = httpx.get(
        f"{review_server.base_url}/api/rooms/{code}/matches/1/deals/1/replay", timeout=10
    ).json()
    steps = replay["steps"]
    judgements = done["judgements"]
    assert judgements
    for j in judgements:
        step = steps[j["step"]]
        # each judgement is of a decision made at that step, by that seat, as it was made
        assert (step["seat"], step["action"]) == (j["seat"], j["played"])
        assert j["cost"] >= 0 and j["samples"] >= 4 and j["candidates"] >= 2
        large = j["cost"] >= max(0.5, 0.05 * j["worth"])
        # cost and error come rounded to hundredths: on the boundary either verdict is right
        if abs(j["cost"] - 3 * j["error"]) > 0.02:
            assert j["worse"] == (large and j["cost"] >= 3 * j["error"] and j["samples"] >= 4)
    (thirteen,) = [j for j in judgements if j["played"] == BAD_BID]
    assert thirteen["seat"] == bad
    assert thirteen["worse"] is True and thirteen["best"] != BAD_BID
    assert thirteen["cost"] >= 50
    # forced plays (the last trick's) are not judged: every judged decision had a choice
    decided = [i for i, s in enumerate(steps) if s["seat"] is not None]
    assert len(judgements) < len(decided)


def test_bad_requests_for_a_review_are_refused_clearly(review_server: ServerProcess) -> None:
    base = f"{review_server.base_url}/api/rooms"
    missing = httpx.post(f"{base}/ZZZZZZ/matches/1/deals/1/review", timeout=60)
    assert missing.status_code == 404
    assert missing.json()["detail"]["code"] == "no_such_room"
    for path in ("matches/0/deals/1", "matches/1/deals/0", "matches/x/deals/1"):
        answer = httpx.post(f"{base}/ZZZZZZ/{path}/review", timeout=60)
        assert answer.status_code == 422, (path, answer.text)


def play_and_review(server: ServerProcess) -> tuple[str, dict[str, Any]]:
    """A spades room whose first deal is over and reviewed to its end."""

    async def scenario() -> str:
        code, players = await seated_table(server.ws_url, server.base_url, 4, game="spades")
        await start_match(players)
        await play_a_deal_with_a_bad_bid(players)
        for player in players:
            await player.close()
        return code

    code = asyncio.run(scenario())
    assert review(server, code, 1, "POST").status_code in (200, 202)
    done = review(server, code, 1).json()
    while done["status"] != "done":
        done = review(server, code, 1).json()
    return code, done


def test_a_finished_review_survives_a_restart_of_the_server(
    backend: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    root = tmp_path_factory.mktemp(f"review-restart-{backend}")
    with running_server(root, backend, QUICK) as server:
        code, done = play_and_review(server)
        assert done["judgements"] and done["failed"] == 0
        server.restart()
        # the first question after the restart has the whole review: it was stored, not
        # made again (a review nobody asked this server for would say "none")
        again = review(server, code, 1)
        assert again.status_code == 200, again.text
        assert again.json() == done
        posted = review(server, code, 1, "POST")
        assert posted.status_code == 200 and posted.json() == done
        # a deal of no match, and a deal not over, are still no deals
        assert review(server, code, 2).json()["detail"]["code"] == "no_such_deal"
        missing = httpx.get(
            f"{server.base_url}/api/rooms/{code}/matches/2/deals/1/review", timeout=60
        )
        assert missing.status_code == 404
        assert missing.json()["detail"]["code"] == "no_such_deal"
