"""Generated requests, valid and invalid, against every operation in the OpenAPI schema the
live server publishes: no 5xx, and every answer is one the schema documents (status code,
content type, body schema).

Schemathesis generates the requests from the schema; its pytest plugin is not used, because
it does not run on the pytest this project pins, so each operation gets a plain Hypothesis
test over the operation's strategy instead.
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
import schemathesis

# Imported here, at collection, rather than lazily inside the first test: pytest rewrites a
# plugin's modules as they are imported, and Python 3.11's AST converter can fail with a
# SystemError when that happens on a deep stack.
import schemathesis.specs.openapi.schemas
from hypothesis import HealthCheck, given, settings
from schemathesis import Case, GenerationMode
from schemathesis.checks import positive_data_acceptance
from schemathesis.core.result import Ok
from schemathesis.schemas import BaseSchema

from support.client import play_until, seated_table, start_match
from support.server import ServerProcess

OPERATIONS = {
    "GET /api/games",
    "POST /api/rooms",
    "GET /api/rooms/{code}",
    "GET /api/rooms/{code}/matches",
    "GET /api/rooms/{code}/matches/{number}/record",
    "GET /api/rooms/{code}/matches/{number}/protocol.csv",
    "GET /api/rooms/{code}/matches/{number}/deals/{deal}/replay",
    "GET /api/rooms/{code}/matches/{number}/deals/{deal}/review",
    "POST /api/rooms/{code}/matches/{number}/deals/{deal}/review",
    "GET /healthz",
}
# Operations whose schema leaves something to get wrong: a constrained body, number or header.
# A free-form string path parameter has no invalid values, so negative generation would
# find nothing to generate for the rest.
NEGATIVE = {
    "POST /api/rooms",
    "GET /api/rooms/{code}/matches/{number}/record",
    "GET /api/rooms/{code}/matches/{number}/protocol.csv",
    "GET /api/rooms/{code}/matches/{number}/deals/{deal}/replay",
    "GET /api/rooms/{code}/matches/{number}/deals/{deal}/review",
    "POST /api/rooms/{code}/matches/{number}/deals/{deal}/review",
}
PROBLEM_CODES = {
    "no_such_room",
    "no_such_match",
    "no_such_deal",
    "bad_nickname",
    "bad_seats",
}
# what a room may refuse of a schema-valid request to create it
GAME_RULES = {
    "bad_nickname",
    "bad_seats",
    "unknown_option",
    "bad_option",
    # a level another game has, and computer players at a table of real cards
    "bad_bot_level",
    "paper_no_bots",
}
EXAMPLES = 40


@dataclass(frozen=True)
class Room:
    code: str
    secret: str


@pytest.fixture
def api_schema(live_server: ServerProcess) -> BaseSchema:
    return schemathesis.openapi.from_url(f"{live_server.base_url}/openapi.json")


@pytest.fixture(scope="module")
def room_in_play(live_server: ServerProcess) -> Room:
    """A room with a match running and a deal finished, so the 200 answers get generated too."""

    async def setup() -> Room:
        code, players = await seated_table(live_server.ws_url, live_server.base_url)
        try:
            await start_match(players)
            await play_until(players, random.Random(5), lambda m: m["view"]["deals_played"] >= 1)
            assert players[1].secret is not None
            return Room(code, players[1].secret)
        finally:
            for player in players:
                await player.close()

    return asyncio.run(setup())


def test_the_schema_lists_every_operation_fuzzed_here(api_schema: BaseSchema) -> None:
    results = list(api_schema.get_all_operations())
    labels = {result.ok().label for result in results if isinstance(result, Ok)}
    assert len(labels) == len(results), "an operation's schema could not be loaded"
    assert labels == OPERATIONS


def fuzz(
    api_schema: BaseSchema,
    label: str,
    mode: GenerationMode,
    **fixed: Any,
) -> None:
    operation = api_schema.find_operation_by_label(label)
    assert operation is not None, label

    @given(case=operation.as_strategy(generation_mode=mode, **fixed))
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def check(case: Case[Any]) -> None:
        excluded = []
        if label == "POST /api/rooms" and mode is GenerationMode.POSITIVE:
            # A schema-valid body may still be refused by the room's own rules, which JSON
            # Schema cannot state: a nickname must be printable and at most 24 characters
            # once whitespace is collapsed, the seat count and the options depend on the
            # game. Such a refusal must be a documented problem, checked below.
            excluded.append(positive_data_acceptance)
        response = case.call_and_validate(excluded_checks=excluded)
        assert response.status_code < 500, response.text
        if label == "POST /api/rooms" and mode is GenerationMode.POSITIVE:
            assert response.status_code in (201, 422), response.text
            if response.status_code == 422:
                assert response.json()["detail"]["code"] in GAME_RULES, response.text
        if response.status_code == 404 and label != "GET /healthz":
            detail = response.json()["detail"]
            assert detail["code"] in PROBLEM_CODES, response.text
            assert isinstance(detail["message"], str) and detail["message"]

    check()


@pytest.mark.parametrize("label", sorted(OPERATIONS))
def test_valid_requests_get_documented_answers(api_schema: BaseSchema, label: str) -> None:
    fuzz(api_schema, label, GenerationMode.POSITIVE)


@pytest.mark.parametrize("label", sorted(NEGATIVE))
def test_invalid_requests_are_refused_as_documented(api_schema: BaseSchema, label: str) -> None:
    fuzz(api_schema, label, GenerationMode.NEGATIVE)


# Every operation about a room, aimed at a real one; negative only where something can be.
ROOM_CASES = [
    (label, mode)
    for label in sorted(op for op in OPERATIONS if "{code}" in op)
    for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)
    if mode is GenerationMode.POSITIVE or label in NEGATIVE
]


@pytest.mark.parametrize(
    ("label", "mode"), ROOM_CASES, ids=[f"{op}-{mode}" for op, mode in ROOM_CASES]
)
def test_requests_about_a_room_in_play_get_documented_answers(
    api_schema: BaseSchema, room_in_play: Room, label: str, mode: GenerationMode
) -> None:
    fuzz(api_schema, label, mode, path_parameters={"code": room_in_play.code})


@pytest.mark.parametrize("secret", ["seat", "forged"])
def test_record_requests_with_seat_secrets_get_documented_answers(
    api_schema: BaseSchema, room_in_play: Room, secret: str
) -> None:
    value = room_in_play.secret if secret == "seat" else room_in_play.secret[::-1]
    fuzz(
        api_schema,
        "GET /api/rooms/{code}/matches/{number}/record",
        GenerationMode.POSITIVE,
        path_parameters={"code": room_in_play.code},
        headers={"X-Seat-Secret": value},
    )


def test_documented_error_shapes_are_what_is_sent(
    api_schema: BaseSchema, live_server: ServerProcess, room_in_play: Room
) -> None:
    # Fixed requests for each documented refusal, so that a schema drifting from the wire
    # shape fails even on a run where generation happens not to reach it.
    base = live_server.base_url
    probes = [
        ("POST /api/rooms", httpx.post(f"{base}/api/rooms", json={"nickname": "\u0000"})),
        ("POST /api/rooms", httpx.post(f"{base}/api/rooms", json={"seats": 5})),
        (
            "POST /api/rooms",
            httpx.post(
                f"{base}/api/rooms",
                content=b"\xff\xfe{",
                headers={"content-type": "application/json"},
            ),
        ),
        ("GET /api/rooms/{code}", httpx.get(f"{base}/api/rooms/NoSuchRoom0")),
        ("GET /api/rooms/{code}/matches", httpx.get(f"{base}/api/rooms/NoSuchRoom0/matches")),
        (
            "GET /api/rooms/{code}/matches/{number}/record",
            httpx.get(f"{base}/api/rooms/{room_in_play.code}/matches/2/record"),
        ),
        (
            "GET /api/rooms/{code}/matches/{number}/protocol.csv",
            httpx.get(f"{base}/api/rooms/{room_in_play.code}/matches/9/protocol.csv"),
        ),
        (
            "GET /api/rooms/{code}/matches/{number}/record",
            httpx.get(f"{base}/api/rooms/{room_in_play.code}/matches/0/record"),
        ),
    ]
    statuses = []
    for label, response in probes:
        operation = api_schema.find_operation_by_label(label)
        assert operation is not None
        assert 400 <= response.status_code < 500, response.text
        documented = operation.definition.raw["responses"]
        assert str(response.status_code) in documented, (label, response.status_code)
        media_type = response.headers["content-type"].split(";")[0]
        assert media_type in documented[str(response.status_code)]["content"], label
        operation.validate_response(response)
        statuses.append(response.status_code)
    assert statuses == [422, 422, 400, 404, 404, 404, 404, 422]
