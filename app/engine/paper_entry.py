"""An entry of a deal kept on paper, read from its JSON text as strictly as the wire reads a
frame (docs/protocol.md §5.1).

The entry of ``enter:<entry>`` and ``amend:<entry>`` travels inside an action's text, so the
wire's own parser never sees it: :func:`read_entry` is its parser, used for every entry an
action carries, whether it comes from a player, the room's log or a record. It takes what
a form can produce and nothing else a JSON reader would let through:

- JSON as RFC 8259 defines it: ``NaN``, ``Infinity`` and ``-Infinity`` are not numbers;
- integers only, and exact ones: a number with a fraction or an exponent is refused
  (``1.0`` is not ``1``, and ``1e400`` would be infinity), and an integer lies within
  ±(2^53 - 1), what a browser holds exactly, as every integer of the wire does;
- text that is text: a lone surrogate (``"\\ud800"``) is refused, as the wire refuses it;
- an object with each key once (a reader would silently keep the last of two);
- nesting at most :data:`MAX_DEPTH` deep (an entry needs two levels, its object and the
  per-seat lists); how long it is, the action's text bounds already.

Whatever it refuses is a :class:`MalformedEntry`, code ``paper_bad_json``, its ``fault`` in
the detail. Whether the values are the ones a deal's form asks for is the form's check
(``paper.checked``), not this one.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any, Final, NoReturn

from .errors import ActionError, MalformedAction

INT_BOUND: Final = 2**53
"""Integers lie strictly within ±``INT_BOUND``: the wire's bound (docs/protocol.md §5.1)."""
MAX_DEPTH: Final = 4
"""The deepest an entry nests: its object, a per-seat list, and room for a value nested one
or two levels too deep to be refused by the form, which names the field."""

CODE: Final = "paper_bad_json"

SYNTAX: Final = "syntax"
NOT_OBJECT: Final = "not_object"
NOT_FINITE: Final = "not_finite"
NOT_INTEGER: Final = "not_integer"
OUT_OF_RANGE: Final = "out_of_range"
DUPLICATE_KEY: Final = "duplicate_key"
TOO_DEEP: Final = "too_deep"
BAD_TEXT: Final = "bad_text"
FAULTS: Final = (
    SYNTAX,
    NOT_OBJECT,
    NOT_FINITE,
    NOT_INTEGER,
    OUT_OF_RANGE,
    DUPLICATE_KEY,
    TOO_DEEP,
    BAD_TEXT,
)
"""Every ``fault`` a :class:`MalformedEntry` names, as the detail of ``paper_bad_json``."""

# the longest integer inside the bound has 16 digits: no longer one is converted at all
_MOST_DIGITS: Final = len(str(INT_BOUND))


class MalformedEntry(MalformedAction):
    """An entry that is not JSON as the wire takes it. Malformed, as any text outside the
    notation is, but with a code of its own, ``paper_bad_json``, and ``{"fault": ...}``."""

    def __init__(self, fault: str, message: str) -> None:
        ActionError.__init__(self, CODE, message, {"fault": fault})
        self.fault = fault


def read_entry(text: str) -> dict[str, Any]:
    """The entry written in ``text``: a JSON object, read strictly; :class:`MalformedEntry`
    otherwise."""
    try:
        entry = _DECODER(text)
    except MalformedEntry:
        raise
    except RecursionError:
        # json gives up on nesting deeper than the interpreter's recursion: far past ours
        raise MalformedEntry(TOO_DEEP, f"an entry nests at most {MAX_DEPTH} deep") from None
    except ValueError as broken:
        reason = broken.msg if isinstance(broken, json.JSONDecodeError) else str(broken)
        raise MalformedEntry(SYNTAX, f"an entry is a JSON object: {reason[:60]}") from None
    if not isinstance(entry, dict):
        raise MalformedEntry(NOT_OBJECT, "an entry is a JSON object of its fields")
    _check_tree(entry, 1)
    return entry


def _refuse(fault: str, message: str) -> NoReturn:
    raise MalformedEntry(fault, message)


def _constant(name: str) -> NoReturn:
    _refuse(NOT_FINITE, f"{name} is not a number an entry takes")


def _fraction(text: str) -> NoReturn:
    if not math.isfinite(float(text)):
        _refuse(NOT_FINITE, f"{text[:24]} is beyond any number an entry takes")
    _refuse(NOT_INTEGER, f"{text[:24]} is not a whole number written as one")


def _integer(text: str) -> int:
    if len(text.lstrip("-")) <= _MOST_DIGITS:
        value = int(text)
        if -INT_BOUND < value < INT_BOUND:
            return value
    _refuse(OUT_OF_RANGE, f"an integer of an entry lies within ±{INT_BOUND - 1}")


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            _refuse(DUPLICATE_KEY, f"{_shown(key)} is given twice")
        out[key] = value
    return out


def _shown(text: str) -> str:
    # a refusal's message is read by people and logs: never a lone surrogate, never long
    return ascii(text[:24])


def _check_tree(value: object, depth: int) -> None:
    """No container deeper than :data:`MAX_DEPTH`, and no text that is not text."""
    if isinstance(value, str):
        _check_text(value)
        return
    if not isinstance(value, dict | list):
        return
    if depth > MAX_DEPTH:
        _refuse(TOO_DEEP, f"an entry nests at most {MAX_DEPTH} deep")
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, item in items:
        if isinstance(key, str):
            _check_text(key)
        _check_tree(item, depth + 1)


def _check_text(text: str) -> None:
    if text.isascii():
        return
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        _refuse(BAD_TEXT, "an entry's text has a lone surrogate")


_DECODER: Final[Callable[[str], Any]] = json.JSONDecoder(
    object_pairs_hook=_pairs,
    parse_float=_fraction,
    parse_int=_integer,
    parse_constant=_constant,
).decode
