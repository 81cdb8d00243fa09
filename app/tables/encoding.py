"""Encoding what a room sends: JSON text, and view parts encoded once and spliced in.

The encoding of views was the largest cost of an action after storage, so the parts of a
view that stay the very same objects from one state to the next (the game says which) are
encoded once and reused as ``orjson.Fragment``.
"""

from __future__ import annotations

import json
import operator
from collections.abc import Sequence
from typing import Any

import orjson


def dumps(message: object) -> str:
    try:
        return orjson.dumps(message).decode()
    except TypeError:  # an integer past 64 bits, say, echoed from a client's message
        return json.dumps(message, separators=(",", ":"))


def exact(encoded: bytes) -> bytes:
    """A copy of ``encoded`` that takes only the memory its length needs. What orjson
    returns takes about 4 KB however short it is; that is nothing for a frame sent and
    dropped, but it is for the parts every room keeps: a thousand rooms kept 60 MB more."""
    return bytes(memoryview(encoded))


class EncodedParts:
    """The JSON of view parts that stay the very same objects from one state to the next.

    The scoresheet and the last finished deal are the bulk of a view late in a match, yet
    change only when a deal ends, and the tricks played so far only when a trick ends (the
    room's view cache hands out the same objects until then), so each is encoded once and
    spliced into every state as it is. Which parts those are, the game declares.
    """

    __slots__ = ("_growing", "_held", "growing_keys", "stable_keys")

    def __init__(self, stable_keys: Sequence[str] = (), growing_keys: Sequence[str] = ()) -> None:
        self.stable_keys = tuple(stable_keys)
        self.growing_keys = tuple(growing_keys)
        self._held: dict[str, tuple[object, orjson.Fragment]] = {}
        self._growing = {key: GrowingList() for key in self.growing_keys}

    def get(self, key: str, value: object) -> orjson.Fragment:
        held = self._held.get(key)
        if held is None or held[0] is not value:
            held = self._held[key] = (value, orjson.Fragment(exact(orjson.dumps(value))))
        return held[1]

    def shared(self, public: dict[str, Any]) -> dict[str, Any]:
        """The public view with its bulky parts already encoded, so that building each
        seat's view from it and encoding that does not encode them once per seat.

        The view's own dict and its deal's are changed in place: give it a public view
        made for this call, whose parts the view cache does not keep."""
        for key in self.stable_keys:
            if public.get(key) is not None:
                public[key] = self.get(key, public[key])
        deal = public.get("deal")
        if deal is not None:
            for key, growing in self._growing.items():
                if isinstance(deal.get(key), list):
                    deal[key] = growing.encoded(deal[key])
        return public


class GrowingList:
    """The JSON of a list that grows at its end, such as a deal's tricks played: when the
    list handed in begins with the very items of the last one, only the new items are
    encoded. Re-encoding every trick at each trick's end was a cost of every third move."""

    __slots__ = ("_body", "_fragment", "_items")

    def __init__(self) -> None:
        self._items: list[Any] | None = None
        self._body = b""  # the items' JSON, joined by commas
        self._fragment = orjson.Fragment(b"[]")

    def encoded(self, items: list[Any]) -> orjson.Fragment:
        known = self._items
        if items is known:
            return self._fragment
        body = self._body
        if known is None or len(known) > len(items) or not all(map(operator.is_, known, items)):
            known, body = [], b""
        if len(items) > len(known):
            new = b",".join([orjson.dumps(item) for item in items[len(known) :]])
            body = body + b"," + new if body else exact(new)
        self._items, self._body = items, body
        self._fragment = orjson.Fragment(b"[" + body + b"]")
        return self._fragment
