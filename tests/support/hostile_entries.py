"""Hostile entries of a deal kept on paper, for tests that throw them at the engine and at a
real server: Hypothesis strategies drawn from a deal's form as a client sees it (the view's
``form``, or ``last.form`` for a correction).

Two kinds:

- :func:`poisoned` entries are not JSON as the wire takes it (``NaN``, ``1e400``, ``1.0``,
  an integer past 2^53, a lone surrogate, a key twice, nesting too deep, no JSON at all, no
  object): each is refused ``paper_bad_json`` with the ``fault`` drawn with it;
- :func:`misshapen` entries are JSON the wire takes with something wrong for the form
  (a wrong type, a list of the wrong length, a number out of range, text where a number
  goes, an unknown field, unicode, long text): each is refused by some rule, never taken.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import strategies as st

from app.engine import TABLE, get_game
from app.engine import paper_entry as pe

BOUND = pe.INT_BOUND - 1
"""The largest integer an entry may hold."""
TEXT_MOST = 120
"""The longest text drawn, so that an entry stays within the wire's action limit most of
the time (a test filters out the few that do not)."""

# what a form never asks for but JSON allows, of every type and size within the limits
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-BOUND, BOUND),
    st.sampled_from([0, -1, 1, 13, 16, -BOUND, BOUND, 2**31, -(2**31), 2**32 + 1]),
    st.text(max_size=12),
    st.text(min_size=40, max_size=TEXT_MOST),
    st.sampled_from(["", " ", "\x00", "é", "Ω", "😀", "\u202e", "\ufeff", "NaN", "1e400", "0"]),
)
LISTS = st.lists(SCALARS, max_size=7)
VALUES = st.one_of(
    SCALARS,
    LISTS,
    st.lists(LISTS, max_size=3),
    st.dictionaries(st.text(max_size=8), SCALARS, max_size=3),
)
"""Any value a field may be given that nests at most two levels below the field: with the
entry's object, never deeper than the parser allows."""

# text that is a number, a constant or a string the wire would refuse, and what it breaks
POISON_VALUES: tuple[tuple[str, str], ...] = (
    ("NaN", pe.NOT_FINITE),
    ("Infinity", pe.NOT_FINITE),
    ("-Infinity", pe.NOT_FINITE),
    ("1e400", pe.NOT_FINITE),
    ("-1E999", pe.NOT_FINITE),
    ("1.0", pe.NOT_INTEGER),
    ("5.5", pe.NOT_INTEGER),
    ("-0.0", pe.NOT_INTEGER),
    ("2e1", pe.NOT_INTEGER),
    ("1E-7", pe.NOT_INTEGER),
    ("9007199254740992", pe.OUT_OF_RANGE),
    ("-9007199254740992", pe.OUT_OF_RANGE),
    ("1" + "0" * 30, pe.OUT_OF_RANGE),
    ("-" + "9" * 400, pe.OUT_OF_RANGE),
    ('"\\ud800"', pe.BAD_TEXT),
    ('"x\\udfff"', pe.BAD_TEXT),
    ('"\\udbff\\u0041"', pe.BAD_TEXT),
    ("[[[[0]]]]", pe.TOO_DEEP),
    ('{"a": [{"b": []}]}', pe.TOO_DEEP),
)
POISON_KEYS: tuple[str, ...] = ('"\\ud800"', '"\\udc00tricks"')
NOT_OBJECTS: tuple[str, ...] = (
    "[]",
    "[1, 2]",
    "1",
    "-3",
    '"tricks"',
    "null",
    "true",
    "false",
    "[" * 300 + "]" * 300,
)
NOT_JSON: tuple[str, ...] = (
    "",
    " ",
    "{",
    "}",
    '{"a": 1,}',
    "{'a': 1}",
    '{"a": 01}',
    '{"a" 1}',
    '{"a": tru}',
    '{"a": nan}',
    '{"a": +1}',
    '{"a": .5}',
    '{"a": 0x10}',
    '{"a": "\\x41"}',
    '{"a": "line\nbreak"}',
    '{"a": 1} {"b": 2}',
    '{"a": 1} x',
    "{" * 300,
    "[" * 300,
)


def keys_of(form: dict[str, Any]) -> list[str]:
    return [f["key"] for f in form["fields"]]


def _fitting(field: dict[str, Any], seats: int) -> st.SearchStrategy[Any]:
    """A value of the shape the field asks for (not necessarily one the rules take)."""
    if field["kind"] == "choice":
        return st.sampled_from(field["choices"])
    entering = set(field["seats"])
    if field["kind"] == "seat_choice":
        item: st.SearchStrategy[Any] = st.sampled_from(field["choices"])
    else:
        item = st.integers(field["minimum"], field["maximum"])
    return st.tuples(*(item if s in entering else st.none() for s in range(seats))).map(list)


def _wrong(field: dict[str, Any], seats: int) -> st.SearchStrategy[Any]:
    """A value the field can never take, asked or not (a field not asked takes only null)."""
    not_null = VALUES.filter(lambda v: v is not None)
    if field["kind"] == "choice":
        choices = set(field["choices"])
        return not_null.filter(lambda v: not isinstance(v, str) or v not in choices)
    entering = sorted(field["seats"])

    def bad_item(value: object) -> bool:
        if field["kind"] == "seat_choice":
            return not isinstance(value, str) or value not in field["choices"]
        return (
            isinstance(value, bool)
            or not isinstance(value, int)
            or not field["minimum"] <= value <= field["maximum"]
        )

    @st.composite
    def one_bad_item(draw: st.DrawFn) -> list[Any]:
        values: list[Any] = draw(_fitting(field, seats))
        seat = draw(st.sampled_from(entering))
        values[seat] = draw(SCALARS.filter(lambda v: v is not None and bad_item(v)))
        return values

    return st.one_of(
        not_null.filter(lambda v: not isinstance(v, list)),
        LISTS.filter(lambda v: len(v) != seats),
        one_bad_item(),
    )


@st.composite
def misshapen(draw: st.DrawFn, form: dict[str, Any], seats: int) -> str:
    """An entry for ``form`` at a table of ``seats`` that is JSON the wire takes and that no
    rule can take: each field absent, null, fitting or anything, and one of them (or a field
    the form does not have) wrong whatever the others say."""
    entry: dict[str, Any] = {}
    for field in form["fields"]:
        how = draw(st.sampled_from(["absent", "null", "fitting", "fitting", "any"]))
        if how == "null":
            entry[field["key"]] = None
        elif how == "fitting":
            entry[field["key"]] = draw(_fitting(field, seats))
        elif how == "any":
            entry[field["key"]] = draw(VALUES)
    known = keys_of(form)
    fields = form["fields"]
    target = draw(st.integers(0, len(fields)))
    if target == len(fields):
        unknown = draw(st.text(max_size=TEXT_MOST).filter(lambda k: k not in known))
        entry[unknown] = draw(VALUES)
    else:
        entry[fields[target]["key"]] = draw(_wrong(fields[target], seats))
    keys = list(entry)
    order = draw(st.permutations(keys))
    return json.dumps({k: entry[k] for k in order}, ensure_ascii=draw(st.booleans()))


@st.composite
def poisoned(draw: st.DrawFn, form: dict[str, Any], seats: int) -> tuple[str, str]:
    """An entry text for ``form`` that is not JSON as the wire takes it, and its fault
    (each fault as likely as any other)."""
    fault = draw(st.sampled_from(pe.FAULTS))
    if fault == pe.NOT_OBJECT:
        return draw(st.sampled_from(NOT_OBJECTS)), fault
    if fault == pe.SYNTAX:
        return draw(st.sampled_from(NOT_JSON)), fault
    # a fitting entry written field by field, then one thing in it spoilt
    pieces = [(json.dumps(f["key"]), json.dumps(draw(_fitting(f, seats)))) for f in form["fields"]]
    at = draw(st.integers(0, len(pieces)))
    if fault == pe.DUPLICATE_KEY:
        # every key of the form is there already: one of them once more
        key = draw(st.sampled_from(keys_of(form)))
        pieces.insert(at, (json.dumps(key), draw(VALUES.map(json.dumps))))
    elif fault == pe.BAD_TEXT and draw(st.booleans()):
        pieces.insert(at, (draw(st.sampled_from(POISON_KEYS)), draw(VALUES.map(json.dumps))))
    else:
        poison = draw(st.sampled_from([text for text, f in POISON_VALUES if f == fault]))
        key = json.dumps(draw(st.sampled_from([*keys_of(form), "x"])))
        if draw(st.booleans()):
            items = [json.dumps(v) for v in draw(LISTS)]
            items.insert(draw(st.integers(0, len(items))), poison)
            poison = "[" + ", ".join(items) + "]"
        # the key spoilt replaces its fitting value, or is added once
        pieces = [(k, v) for k, v in pieces if k != key]
        pieces.insert(min(at, len(pieces)), (key, poison))
    space = draw(st.sampled_from(["", " ", "\n", "\t "]))
    text = "{" + ",".join(f"{space}{k}:{space}{v}" for k, v in pieces) + space + "}"
    return text, fault


def first_entry(name: str, seats: int, first_dealer: int, seed: int = 0) -> dict[str, Any]:
    """An entry the first deal's form takes, with the game's default options: the first deal
    of a match played here by random legal play, as its paper enters it."""
    game = get_game(name)
    paper = game.paper
    assert paper is not None
    state = game.new_match(seats, game.resolve_options(), first_dealer)
    rng = random.Random(f"{name}:{seats}:{seed}")
    while not game.scored_deals(state, 0):
        seat = state.to_act
        if seat == TABLE:
            state.apply(TABLE, game.chance(state, rng))
            continue
        assert seat is not None, "the first deal ended unscored"
        legal = game.legal(state, seat)
        assert legal is not None
        if "count" in legal:
            text = f"{legal['kind']}:" + ",".join(rng.sample(legal["from"], legal["count"]))
        else:
            text = rng.choice(legal["actions"])
        state.apply(seat, game.parse_action(text))
    return paper.entry_of(game.scored_deals(state, 0)[0])
