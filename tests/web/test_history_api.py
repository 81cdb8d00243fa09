"""The history API over real HTTP, next to a match played over real WebSockets: the
scoresheet, its CSV export and the game record, cut down to what the requester may see
while the match runs and whole once it is over."""

from __future__ import annotations

import asyncio
import csv
import io
import random
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from app.engine.bismarck.rules import CONTRACTS
from app.engine.records import validate_record
from support.client import RoomClient, create_room, play_until, seated_table, start_match, step
from support.server import ServerProcess

NAMES = ["Anna", "Bertil", "Cecilia"]


@dataclass(frozen=True)
class Running:
    """A room whose match has two deals played and a third under way."""

    code: str
    secrets: list[str]
    views: list[dict[str, Any]]  # the last view each seat was sent


def in_third_deal(message: dict[str, Any]) -> bool:
    view = message["view"]
    return bool(
        view["deals_played"] >= 2
        and view["phase"] == "play"
        and view["deal"] is not None
        and len(view["deal"]["tricks_played"]) >= 2
    )


async def close_all(players: list[RoomClient]) -> None:
    for player in players:
        await player.close()


@pytest.fixture(scope="module")
def running(live_server: ServerProcess) -> Running:
    async def setup() -> Running:
        code, players = await seated_table(live_server.ws_url, live_server.base_url)
        try:
            await start_match(players)
            await play_until(players, random.Random(11), in_third_deal)
            secrets = [p.secret for p in players]
            views = [p.view for p in players]
            assert all(s is not None for s in secrets) and all(v is not None for v in views)
            return Running(code, secrets, views)  # type: ignore[arg-type]
        finally:
            await close_all(players)

    return asyncio.run(setup())


def api(live_server: ServerProcess, path: str, **kwargs: Any) -> httpx.Response:
    return httpx.get(f"{live_server.base_url}/api/rooms/{path}", timeout=60, **kwargs)


def forehand(deal: dict[str, Any], seats: int = 3) -> int:
    return int((deal["dealer"] + 1) % seats)


# -- the scoresheet ------------------------------------------------------------------------------


def test_matches_lists_the_running_match_with_its_deals(
    live_server: ServerProcess, running: Running
) -> None:
    response = api(live_server, f"{running.code}/matches")

    assert response.status_code == 200
    view = running.views[0]
    [match] = response.json()
    assert match["number"] == 1
    assert match["players"] == NAMES
    assert match["status"] == "playing"
    assert match["deals_played"] == view["deals_played"] == 2
    assert match["totals"] == view["totals"]
    assert match["winners"] is None
    # the stored scoresheet reads exactly as the one the players are shown
    sheet = match["scoresheet"]
    assert sheet == view["scoresheet"]
    assert len(sheet["deals"]) == 2
    assert sheet["totals"] == view["totals"]
    for row in sheet["deals"]:
        assert sum(row["cells"]["tricks"]) == 16


def test_protocol_csv_has_a_header_and_a_row_per_deal(
    live_server: ServerProcess, running: Running
) -> None:
    response = api(live_server, f"{running.code}/matches/1/protocol.csv")

    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/csv")
    assert response.headers["content-disposition"].startswith("attachment;")
    rows = list(csv.reader(io.StringIO(response.text)))
    view = running.views[0]
    assert rows[0] == [
        "deal",
        "dealer",
        "forehand",
        "contract",
        *(f"tricks {name}" for name in NAMES),
        *(f"score {name}" for name in NAMES),
        *(f"total {name}" for name in NAMES),
    ]
    assert len(rows) == 1 + 2
    sheet = view["scoresheet"]
    for row, deal in zip(rows[1:], sheet["deals"], strict=True):
        cells = deal["cells"]
        contract = cells["contract"]["term"].removeprefix("contract.")
        if cells["contract"].get("suit"):
            contract += f" {cells['contract']['suit']}"
        assert row == [
            str(deal["number"]),
            NAMES[deal["dealer"]],
            NAMES[cells["forehand"]],
            contract,
            *map(str, cells["tricks"]),
            *map(str, deal["scores"]),
            *map(str, deal["totals"]),
        ]
        assert contract.split()[0] in CONTRACTS
    assert [int(t) for t in rows[-1][-3:]] == view["totals"] == sheet["totals"]


# -- records of a running match ------------------------------------------------------------------


def record(live_server: ServerProcess, code: str, secret: str | None = None) -> dict[str, Any]:
    headers = {"X-Seat-Secret": secret} if secret is not None else {}
    response = api(live_server, f"{code}/matches/1/record", headers=headers)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def test_a_spectator_sees_no_hand_and_no_discard(
    live_server: ServerProcess, running: Running
) -> None:
    seen = record(live_server, running.code)

    assert seen["status"] == "playing"
    assert seen["seen_by"] is None
    assert len(seen["deals"]) == 3
    for deal in seen["deals"]:
        assert deal["hands"] == [None, None, None]
        assert "discard" not in deal
        # the public part is there: the open cards and every card played so far
        assert len(deal["open"]) == 4
    assert [len(d["plays"]) for d in seen["deals"][:2]] == [48, 48]
    assert len(seen["deals"][2]["plays"]) >= 6


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_seat_sees_its_own_hands_and_its_own_discards_only(
    live_server: ServerProcess, running: Running, seat: int
) -> None:
    seen = record(live_server, running.code, running.secrets[seat])

    assert seen["status"] == "playing"
    assert seen["seen_by"] == seat
    assert len(seen["deals"]) == 3
    for deal in seen["deals"]:
        assert [h is not None for h in deal["hands"]] == [s == seat for s in range(3)]
        assert len(deal["hands"][seat]) == 16
        assert ("discard" in deal) == (forehand(deal) == seat)
        if "discard" in deal:
            assert len(deal["discard"]) == 4
            assert set(deal["discard"]) <= set(deal["hands"][seat]) | set(deal["open"])
    # the hand the seat holds now came from what the record says it was dealt
    current = seen["deals"][2]
    held = running.views[seat]["deal"]["hand"]
    assert set(held) <= set(current["hands"][seat]) | set(current["open"])


@pytest.mark.parametrize(
    "forged",
    ["not-a-secret", "x" * 128, "", "Ö-ünïcode-🂡"],
    ids=["word", "long", "empty", "unicode"],
)
def test_a_forged_secret_sees_what_a_spectator_sees(
    live_server: ServerProcess, running: Running, forged: str
) -> None:
    # header values are bytes on the wire; a browser or script may send any UTF-8 there
    headers = {"X-Seat-Secret": forged.encode("utf-8")}
    response = api(live_server, f"{running.code}/matches/1/record", headers=headers)

    assert response.status_code == 200, response.text
    assert response.json() == record(live_server, running.code)


def test_a_secret_from_another_room_sees_what_a_spectator_sees(
    live_server: ServerProcess, running: Running
) -> None:
    other = create_room(live_server.base_url)

    assert record(live_server, running.code, other["secret"]) == record(live_server, running.code)


def test_a_secret_one_character_off_sees_what_a_spectator_sees(
    live_server: ServerProcess, running: Running
) -> None:
    secret = running.secrets[1]
    near = secret[:-1] + ("A" if secret[-1] != "A" else "B")

    assert record(live_server, running.code, near) == record(live_server, running.code)


# -- a match ended by the host -------------------------------------------------------------------


def test_an_ended_match_has_its_whole_record(live_server: ServerProcess) -> None:
    async def scenario() -> tuple[str, dict[str, Any]]:
        code, players = await seated_table(live_server.ws_url, live_server.base_url)
        try:
            await start_match(players)
            rng = random.Random(23)
            await play_until(players, rng, lambda m: m["view"]["deals_played"] >= 1)
            for _ in range(9):  # into the second deal's play
                await step(players, rng)
            host = players[0]
            ended = await host.command({"type": "end", "v": host.v})
            assert ended["type"] == "state", ended
            assert ended["room"]["status"] == "ended"
            view: dict[str, Any] = ended["view"]
            return code, view
        finally:
            await close_all(players)

    code, view = asyncio.run(scenario())

    whole = record(live_server, code)
    assert whole["status"] == "ended"
    assert "seen_by" not in whole
    assert whole["players"] == NAMES
    assert whole["totals"] == view["totals"]
    assert len(whole["deals"]) == 2
    for deal in whole["deals"]:
        assert all(hand is not None and len(hand) == 16 for hand in deal["hands"])
        assert len(deal["discard"]) == 4
    validation = validate_record(whole)
    assert validation.valid, validation.error
    assert validation.totals == view["totals"]
    # a seat's secret changes nothing once the match is over
    assert record(live_server, code, "any-secret") == whole
    [match] = api(live_server, f"{code}/matches").json()
    assert match["status"] == "ended"
    assert match["totals"] == view["totals"]
    assert match["deals_played"] == 1


# -- refusals ------------------------------------------------------------------------------------


def assert_problem(response: httpx.Response, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    detail = response.json()["detail"]
    assert detail["code"] == code
    assert isinstance(detail["message"], str) and detail["message"]


@pytest.mark.parametrize(
    "path",
    [
        "NoSuchRoom0/matches",
        "NoSuchRoom0/matches/1/record",
        "NoSuchRoom0/matches/1/protocol.csv",
        "x/matches",  # not even the shape of a room code
        "a%20b%20c%20d%20e/matches/1/record",
        ("Z" * 33) + "/matches/1/protocol.csv",
    ],
)
def test_unknown_rooms_are_404_no_such_room(live_server: ServerProcess, path: str) -> None:
    assert_problem(api(live_server, path), 404, "no_such_room")


@pytest.mark.parametrize("number", [2, 3, 1_000_000])
@pytest.mark.parametrize("what", ["record", "protocol.csv"])
def test_unknown_matches_are_404_no_such_match(
    live_server: ServerProcess, running: Running, what: str, number: int
) -> None:
    assert_problem(
        api(live_server, f"{running.code}/matches/{number}/{what}"), 404, "no_such_match"
    )


def test_a_room_without_matches_lists_none_and_has_no_match_1(live_server: ServerProcess) -> None:
    code = create_room(live_server.base_url)["code"]

    response = api(live_server, f"{code}/matches")
    assert response.status_code == 200
    assert response.json() == []
    assert_problem(api(live_server, f"{code}/matches/1/record"), 404, "no_such_match")
    assert_problem(api(live_server, f"{code}/matches/1/protocol.csv"), 404, "no_such_match")


@pytest.mark.parametrize("number", ["0", "-1", "1000001", "one", "1.5"])
def test_match_numbers_out_of_range_are_refused(
    live_server: ServerProcess, running: Running, number: str
) -> None:
    response = api(live_server, f"{running.code}/matches/{number}/record")

    assert response.status_code == 422, response.text
    assert isinstance(response.json()["detail"], list)


@pytest.mark.parametrize("number", ["1.0", "1.", "01", "+1", " 1", "1_0", "\uff11"])
@pytest.mark.parametrize(
    "path",
    [
        "matches/{n}/record",
        "matches/{n}/protocol.csv",
        "matches/{n}/deals/1/replay",
        "matches/1/deals/{n}/replay",
        "matches/1/deals/{n}/review",
    ],
)
def test_a_match_or_deal_number_is_its_digits_alone(
    live_server: ServerProcess, running: Running, path: str, number: str
) -> None:
    """docs/protocol.md 1.4: ``1.0``, ``01`` or ``+1`` is no number of a match or a deal,
    even where ``1`` is one: refused as ``one`` is, not read as 1."""
    assert api(live_server, f"{running.code}/{path.format(n=1)}").status_code in (200, 404)
    response = api(live_server, f"{running.code}/{path.format(n=number)}")

    assert response.status_code == 422, response.text
    [problem] = response.json()["detail"]
    assert problem["type"] == "int_parsing" and problem["loc"][0] == "path", problem


def test_the_replay_page_takes_the_same_numbers_as_the_api(
    live_server: ServerProcess, running: Running
) -> None:
    page = f"{live_server.base_url}/r/{running.code}/matches"
    assert httpx.get(f"{page}/1/deals/1", timeout=60).status_code == 200
    for path in ("1.0/deals/1", "1/deals/01", "one/deals/1"):
        response = httpx.get(f"{page}/{path}", timeout=60)
        assert response.status_code == 422, (path, response.text)
        assert response.json()["detail"][0]["type"] == "int_parsing"
