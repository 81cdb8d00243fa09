"""Request bodies the standard library would take but that are not JSON this server accepts:
lone surrogate escapes, NaN and Infinity, numbers past a double, deep nesting, other UTF
encodings. Each gets its documented 4xx, never echoes the input, and leaves the server's
log and the client's keep-alive connection as they were.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.schemas import BaseSchema

from support.server import ServerProcess

JSON = {"content-type": "application/json"}


@pytest.fixture(scope="module")
def api_schema(live_server: ServerProcess) -> BaseSchema:
    return schemathesis.openapi.from_url(f"{live_server.base_url}/openapi.json")


def json_body_operations(schema: BaseSchema) -> list[tuple[str, str]]:
    """(method, path) of every operation that takes a JSON body."""
    found = []
    for result in schema.get_all_operations():
        operation = result.ok()
        body = operation.definition.raw.get("requestBody", {})
        if "application/json" in body.get("content", {}):
            found.append((operation.method.upper(), operation.path))
    return found


def assert_refused_as_documented(
    schema: BaseSchema, method: str, path: str, response: httpx.Response, status: int
) -> None:
    assert response.status_code == status, response.text
    found = schema.find_operation_by_label(f"{method} {path}")
    assert found is not None
    found.validate_response(response)
    body = response.json()
    if status == 422:
        for error in body["detail"]:
            assert set(error) <= {"type", "loc", "msg", "ctx"}, error  # no "input" echoed


# (name, raw body, expected status): each was a 500 with a traceback, or an answer that
# differed from the documentation.
HOSTILE = [
    ("lone surrogate in a string", b'{"nickname": "\\ud800"}', 422),
    ("lone low surrogate as a number", b'{"nickname": "Anna", "seats": "\\udfff"}', 422),
    ("surrogate as a key", b'{"\\udc80": 1, "nickname": "Anna"}', 422),
    ("NaN", b'{"nickname": "Anna", "seats": NaN}', 422),
    ("Infinity", b'{"nickname": "Anna", "seats": Infinity}', 422),
    ("-Infinity", b'{"nickname": "Anna", "seats": -Infinity}', 422),
    ("number past a double", b'{"nickname": "Anna", "seats": 1e400}', 422),
    ("integer past 64 bits", b'{"nickname": "Anna", "seats": 123456789012345678901234567890}', 422),
    ("nested 300 deep", b'{"nickname": ' + b"[" * 300 + b"]" * 300 + b"}", 422),
    ("nested 5000 deep", b"[" * 5000 + b"]" * 5000, 422),
    ("UTF-16 with a byte-order mark", '\ufeff{"nickname": "Anna"}'.encode("utf-16-le"), 400),
    # ASCII in UTF-16 without a byte-order mark is valid UTF-8 (with NULs): text, not JSON
    ("UTF-16 without one", '{"nickname": "Anna"}'.encode("utf-16-be"), 422),
    ("UTF-32", '{"nickname": "Anna"}'.encode("utf-32"), 400),
    ("not UTF-8 at all", b'{"nickname": "\xff\xfe"}', 400),
    ("encoded surrogate (CESU-8)", b'{"nickname": "\xed\xa0\x80"}', 400),
]


@pytest.mark.parametrize(("name", "body", "status"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_hostile_body_gets_its_documented_refusal(
    api_schema: BaseSchema, live_server: ServerProcess, name: str, body: bytes, status: int
) -> None:
    for method, path in json_body_operations(api_schema):
        url = live_server.base_url + path
        response = httpx.request(method, url, content=body, headers=JSON)
        assert_refused_as_documented(api_schema, method, path, response, status)


def test_every_route_with_a_json_body_is_covered(api_schema: BaseSchema) -> None:
    assert json_body_operations(api_schema) == [("POST", "/api/rooms")]


def test_a_utf8_byte_order_mark_is_ignored(live_server: ServerProcess) -> None:
    body = '\ufeff{"nickname": "Anna"}'.encode()
    response = httpx.post(f"{live_server.base_url}/api/rooms", content=body, headers=JSON)
    assert response.status_code == 201, response.text


def test_refusals_keep_the_connection_and_leave_no_traceback(live_server: ServerProcess) -> None:
    before = live_server.stderr()
    with httpx.Client(base_url=live_server.base_url) as client:
        for _, body, status in HOSTILE:
            response = client.post("/api/rooms", content=body, headers=JSON)
            assert response.status_code == status
            # keep-alive survives: the server did not hang up on an internal error
            assert response.headers.get("connection", "").lower() != "close"
        assert client.get("/healthz").status_code == 200
    added = live_server.stderr()[len(before) :]
    assert "Traceback" not in added
    assert " 500 " not in added


# -- generated hostile bodies --------------------------------------------------------------------

NOT_JSON_VALUES = st.sampled_from(
    ["NaN", "Infinity", "-Infinity", "1e400", "-1e999", '"\\ud800"', '"\\udfff x"', '"a\\udbff"']
)
PLAIN = st.one_of(
    st.integers(-(10**30), 10**30).map(str),
    st.text(max_size=30).map(json.dumps),
    st.sampled_from(["3", "4", "true", "null", "[]", "{}"]),
)


@st.composite
def hostile_bodies(draw: st.DrawFn) -> bytes:
    """A JSON-looking object whose fields hold, somewhere, a value that is not JSON."""
    keys = draw(st.lists(st.sampled_from(["nickname", "seats", "x", "\\ud800"]), max_size=4))
    values = [draw(st.one_of(NOT_JSON_VALUES, PLAIN)) for _ in keys]
    poison = draw(NOT_JSON_VALUES)
    depth = draw(st.integers(0, 40))
    poisoned = "[" * depth + poison + "]" * depth
    fields = [f'"{k}": {v}' for k, v in zip(keys, values, strict=True)]
    fields.insert(draw(st.integers(0, len(fields))), f'"nickname": {poisoned}')
    return ("{" + ", ".join(fields) + "}").encode()


def test_generated_hostile_bodies_are_refused_as_documented(
    api_schema: BaseSchema, live_server: ServerProcess
) -> None:
    operations = json_body_operations(api_schema)

    @given(body=hostile_bodies())
    @settings(
        max_examples=60, deadline=None, database=None, suppress_health_check=list(HealthCheck)
    )
    def check(body: bytes) -> None:
        for method, path in operations:
            response = httpx.request(
                method, live_server.base_url + path, content=body, headers=JSON
            )
            assert_refused_as_documented(api_schema, method, path, response, 422)

    check()


def test_refusal_details_never_carry_the_input(live_server: ServerProcess) -> None:
    secretish = "do-not-echo-" + "x" * 70
    response = httpx.post(
        f"{live_server.base_url}/api/rooms", json={"nickname": secretish, "seats": 9}
    )
    assert response.status_code == 422
    assert secretish not in response.text
    detail: list[dict[str, Any]] = response.json()["detail"]
    assert {e["loc"][-1] for e in detail} == {"nickname", "seats"}
