"""Client messages: JSON text parsed into the closed set of room commands.

Parsing is strict (unknown types and unknown or mistyped fields are refused with a code the
client can translate) and cheap: plain checks, no model building on the per-message path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

from app.tables.catalogue import MAX_SEATS
from app.tables.chat import TEXT_MAX
from app.tables.commands import (
    Act,
    AddBot,
    AskHint,
    ChatRules,
    ClientSeed,
    Command,
    End,
    FillBots,
    Hello,
    Hints,
    Leave,
    Mute,
    Remove,
    RemoveBot,
    Reorder,
    Say,
    Sit,
    Start,
    TransferHost,
)

from .bodies import decode_json


class ProtocolError(ValueError):
    def __init__(self, code: str, message: str, ident: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.ident = ident
        """The refused message's own ``id``, when it had a usable one, so the client knows
        which of its messages this answers."""


@dataclass(frozen=True, slots=True)
class Ping:
    pass


_ID_MAX = 64
ACTION_MAX = 512
"""The longest action a client may send: room for a deal entered on paper (a card is four
characters)."""
# Seats and versions are small; a browser cannot even represent integers past 2**53.
_INT_BOUND = 2**53

_KIND_NAMES: dict[type, str] = {
    int: "an integer",
    str: "text",
    list: "a list",
    bool: "true or false",
}

# field name -> (type, required, maximum length for text)
_INT = (int, True, None)
_OPT_INT = (int, False, None)
_FIELDS: dict[str, dict[str, tuple[type, bool, int | None]]] = {
    "hello": {"secret": (str, False, 128)},
    "sit": {"seat": _INT, "nickname": (str, True, 64)},
    "leave": {},
    "act": {"v": _INT, "action": (str, True, ACTION_MAX), "id": (str, False, _ID_MAX)},
    "start": {"v": _OPT_INT},
    "end": {"v": _OPT_INT},
    "reorder": {"v": _OPT_INT, "order": (list, True, MAX_SEATS)},
    "remove": {"v": _OPT_INT, "seat": _INT},
    "host": {"v": _OPT_INT, "seat": _INT},
    "add_bot": {"v": _OPT_INT, "seat": _INT, "level": (str, True, 16)},
    "remove_bot": {"v": _OPT_INT, "seat": _INT},
    "fill_bots": {"v": _OPT_INT, "level": (str, True, 16)},
    "ping": {},
    "chat": {
        "text": (str, False, TEXT_MAX),
        "reaction": (str, False, 32),
        "name": (str, False, 64),
    },
    "chat_rules": {"v": _OPT_INT, "spectators": (str, True, 16)},
    "mute": {"v": _OPT_INT, "seat": _OPT_INT, "watcher": _OPT_INT, "muted": (bool, True, None)},
    # their lengths are the room's to judge, so that a seed one character too long is
    # refused as a seed (bad_client_seed), not as a field; the frame cap bounds them
    "seed": {"seed": (str, True, None), "commitment": (str, True, None)},
    "hints": {"v": _OPT_INT, "hints": (str, True, 16)},
    "hint": {},
}

MESSAGE_TYPES = tuple(_FIELDS)


def parse_message(text: str) -> tuple[Command | Ping, str | None]:
    """The command, and the message's own ``id`` (any message may carry one; every answer
    to it repeats it)."""
    try:
        obj = decode_json(text)
    except orjson.JSONDecodeError as refused:
        # NaN and Infinity, a lone surrogate escape, a number past a double, nesting past
        # 1,024 levels: not JSON this server takes, in a frame as in an HTTP body
        raise ProtocolError("malformed_json", f"not JSON: {refused.msg}") from None
    if not isinstance(obj, dict):
        raise ProtocolError("malformed_message", "a message is one JSON object")
    ident = obj.get("id")
    usable = ident if isinstance(ident, str) and len(ident) <= _ID_MAX else None
    try:
        if ident is not None and usable is None:
            raise ProtocolError("bad_field", f"field 'id' is text of at most {_ID_MAX} characters")
        return _parse_object(obj), usable
    except ProtocolError as refused:
        refused.ident = usable
        raise


def _parse_object(obj: dict[str, Any]) -> Command | Ping:
    kind = obj.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("malformed_message", "a message needs a 'type'")
    spec = _FIELDS.get(kind)
    if spec is None:
        raise ProtocolError("unknown_type", f"unknown message type {kind[:32]!r}")
    fields = _check_fields(obj, spec)
    if kind == "hello":
        return Hello(fields.get("secret"))
    if kind == "sit":
        return Sit(fields["seat"], fields["nickname"])
    if kind == "leave":
        return Leave()
    if kind == "act":
        return Act(fields["v"], fields["action"], fields.get("id"))
    if kind == "start":
        return Start(fields.get("v"))
    if kind == "end":
        return End(fields.get("v"))
    if kind == "reorder":
        order = fields["order"]
        if not all(isinstance(i, int) and not isinstance(i, bool) for i in order):
            raise ProtocolError("bad_field", "'order' lists seat numbers")
        return Reorder(order, fields.get("v"))
    if kind == "remove":
        return Remove(fields["seat"], fields.get("v"))
    if kind == "host":
        return TransferHost(fields["seat"], fields.get("v"))
    if kind == "add_bot":
        return AddBot(fields["seat"], fields["level"], fields.get("v"))
    if kind == "remove_bot":
        return RemoveBot(fields["seat"], fields.get("v"))
    if kind == "fill_bots":
        return FillBots(fields["level"], fields.get("v"))
    if kind == "chat":
        if ("text" in fields) == ("reaction" in fields):
            raise ProtocolError("bad_field", "a chat line has either 'text' or 'reaction'")
        return Say(fields.get("text"), fields.get("reaction"), fields.get("name"))
    if kind == "chat_rules":
        return ChatRules(fields["spectators"], fields.get("v"))
    if kind == "mute":
        if ("seat" in fields) == ("watcher" in fields):
            raise ProtocolError("bad_field", "'mute' names either a 'seat' or a 'watcher'")
        return Mute(fields["muted"], fields.get("seat"), fields.get("watcher"), fields.get("v"))
    if kind == "seed":
        return ClientSeed(fields["seed"], fields["commitment"])
    if kind == "hints":
        return Hints(fields["hints"], fields.get("v"))
    if kind == "hint":
        return AskHint()
    return Ping()


def _check_fields(
    obj: dict[str, Any], spec: dict[str, tuple[type, bool, int | None]]
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, value in obj.items():
        if name == "type" or (name == "id" and name not in spec):
            continue  # every message may carry an id; parse_message has checked it
        rule = spec.get(name)
        if rule is None:
            raise ProtocolError("bad_field", f"unknown field {name[:32]!r}")
        kind, _, limit = rule
        if value is None and not rule[1]:
            continue
        # bool is an int in Python, never a seat number or a version
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ProtocolError("bad_field", f"field {name!r} must be {_KIND_NAMES[kind]}")
        if isinstance(value, int) and not -_INT_BOUND < value < _INT_BOUND:
            # integers past 64 bits decode as floats and are refused just above
            raise ProtocolError("bad_field", f"field {name!r} is out of range")
        if limit is not None and isinstance(value, str | list) and len(value) > limit:
            raise ProtocolError("bad_field", f"field {name!r} is too long")
        out[name] = value
    for name, (_, required, _) in spec.items():
        if required and name not in out:
            raise ProtocolError("bad_field", f"field {name!r} is missing")
    return out
