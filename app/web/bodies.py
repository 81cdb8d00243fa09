"""Request bodies: one strict JSON decoder, and refusals that never echo what they refuse.

The framework decodes a body with the standard ``json`` module, which takes texts that are
not JSON (``NaN``, ``Infinity``), strings no encoder can write back (a lone surrogate
escape such as ``"\\ud800"``), numbers past a double (``1e400``) and bodies in UTF-16 or
UTF-32. Its default validation answer then echoes the offending input and fails to encode
it: a 500 with a traceback, and a dropped keep-alive connection. Every route with a JSON
body goes through :class:`StrictJsonRoute` instead, and every validation refusal through
:func:`validation_refused`. The WebSocket frames use the same decoder (``messages.py``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Coroutine
from typing import Any

import orjson
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from starlette.requests import Request
from starlette.responses import Response

BOM = "\ufeff"


def decode_json(body: bytes | str) -> Any:
    """RFC 8259 JSON in UTF-8, or an exception.

    ``UnicodeDecodeError`` when the bytes are not UTF-8 (the route answers 400: the body
    cannot be read at all), ``orjson.JSONDecodeError`` (a ``json.JSONDecodeError``) when the
    text is not JSON we accept (the route answers 422 ``json_invalid``): ``NaN`` and
    ``Infinity``, a lone surrogate escape, a number beyond a double, nesting deeper than
    1,024 levels. A UTF-8 byte-order mark is ignored, as RFC 8259 §8.1 permits; integers
    beyond 64 bits decode as floats, so they fail an integer field.
    """
    text = body.decode("utf-8") if isinstance(body, bytes) else body
    if text.startswith(BOM):
        text = text[1:]
    return orjson.loads(text)


class StrictJsonRequest(Request):
    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = decode_json(await self.body())
        return self._json


class StrictJsonRoute(APIRoute):
    """A route whose JSON body is read by :func:`decode_json`."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handle = super().get_route_handler()

        async def strict(request: Request) -> Response:
            return await handle(StrictJsonRequest(request.scope, request.receive))

        return strict


def _text(value: str) -> str:
    # A string the JSON decoder let through cannot hold a lone surrogate, but a path or a
    # field name may reach an error by another way; never let one break the answer.
    return value.encode("utf-8", "backslashreplace").decode("utf-8")


def _scalar(value: object) -> str | int | float | bool | None:
    if value is None or isinstance(value, bool | int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    return _text(str(value))


def refusal_details(errors: Any) -> list[dict[str, Any]]:
    """The validation errors as the API documents them: ``type``, ``loc``, ``msg`` and,
    where the check has parameters, ``ctx``. The refused ``input`` is never sent back: the
    client has it, and it may be exactly what cannot be encoded."""
    out: list[dict[str, Any]] = []
    for error in errors:
        item: dict[str, Any] = {
            "type": _text(str(error.get("type", "invalid"))),
            "loc": [_scalar(part) for part in error.get("loc", ())],
            "msg": _text(str(error.get("msg", ""))),
        }
        ctx = error.get("ctx")
        if isinstance(ctx, dict) and ctx:
            item["ctx"] = {_text(str(k)): _scalar(v) for k, v in ctx.items()}
        out.append(item)
    return out


async def validation_refused(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    return JSONResponse({"detail": refusal_details(exc.errors())}, status_code=422)
