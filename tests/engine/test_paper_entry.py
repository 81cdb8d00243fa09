"""An entry kept on paper is read as strictly as the wire reads a frame
(``app/engine/paper_entry.py``): what it refuses, with which fault, what it takes, and that
no entry, however hostile, gets anything but a refusal out of any game kept on paper."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from app.engine import GAMES, Action, ActionError, MalformedAction, get_game
from app.engine import paper_entry as pe
from app.engine.actions import MAX_ACTION_TEXT
from app.engine.paper_entry import MalformedEntry, read_entry
from app.engine.paper_game import PaperMatch, paper_game
from app.engine.records import validate_record
from support.hostile_entries import BOUND, first_entry, misshapen, poisoned

FAST = settings(
    deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck)
)


def fault_of(text: str) -> str:
    with pytest.raises(MalformedEntry) as caught:
        read_entry(text)
    refused = caught.value
    assert refused.code == "paper_bad_json" and refused.detail == {"fault": refused.fault}
    assert refused.fault in pe.FAULTS
    # a refusal is itself strict JSON, whatever it refused
    json.dumps(refused.to_dict(), allow_nan=False).encode("utf-8")
    return refused.fault


@pytest.mark.parametrize(
    ("text", "fault"),
    [
        ('{"tricks": [6, 5, NaN]}', pe.NOT_FINITE),
        ('{"tricks": Infinity}', pe.NOT_FINITE),
        ('{"tricks": -Infinity}', pe.NOT_FINITE),
        ('{"tricks": [1e400, 0, 0]}', pe.NOT_FINITE),
        ('{"tricks": -1e999}', pe.NOT_FINITE),
        ('{"tricks": [6.0, 5, 5]}', pe.NOT_INTEGER),
        ('{"tricks": 1e1}', pe.NOT_INTEGER),
        ('{"tricks": -0.0}', pe.NOT_INTEGER),
        ('{"tricks": 9007199254740992}', pe.OUT_OF_RANGE),
        ('{"tricks": -9007199254740992}', pe.OUT_OF_RANGE),
        ('{"tricks": ' + "9" * 500 + "}", pe.OUT_OF_RANGE),
        ('{"contract": "spel", "contract": "pass"}', pe.DUPLICATE_KEY),
        ('{"contract": "spel", "contract": "spel"}', pe.DUPLICATE_KEY),
        ('{"x": {"a": 1, "a": 1}}', pe.DUPLICATE_KEY),
        ('{"tricks": [[[[6]]]]}', pe.TOO_DEEP),
        ('{"x": ' + "[" * 1000 + "]" * 1000 + "}", pe.TOO_DEEP),
        ('{"\\ud800": 1}', pe.BAD_TEXT),
        ('{"contract": "spel\\udfff"}', pe.BAD_TEXT),
        ('{"contract": ["\\udbff"]}', pe.BAD_TEXT),
        ("", pe.SYNTAX),
        ("{", pe.SYNTAX),
        ('{"contract": nan}', pe.SYNTAX),
        ('{"tricks": [6, 5, 5],}', pe.SYNTAX),
        ('{"tricks": 01}', pe.SYNTAX),
        ('{"a": 1} {"b": 2}', pe.SYNTAX),
        ("[6, 5, 5]", pe.NOT_OBJECT),
        ('"spel"', pe.NOT_OBJECT),
        ("42", pe.NOT_OBJECT),
        ("null", pe.NOT_OBJECT),
    ],
)
def test_what_the_wire_would_refuse_an_entry_refuses_too(text: str, fault: str) -> None:
    assert fault_of(text) == fault


@pytest.mark.parametrize(
    ("text", "entry"),
    [
        ('{"tricks": [9007199254740991, -9007199254740991, -0]}', {"tricks": [BOUND, -BOUND, 0]}),
        (' \n{ "contract" : "spel" }\t', {"contract": "spel"}),
        ('{"a": "\\ud83d\\ude00 \\u00e9", "b": "Ω"}', {"a": "😀 é", "b": "Ω"}),
        ('{"a": [[[1]]], "b": {"c": [null]}}', {"a": [[[1]]], "b": {"c": [None]}}),
        ("{}", {}),
    ],
)
def test_what_the_wire_takes_an_entry_takes(text: str, entry: dict[str, Any]) -> None:
    assert read_entry(text) == entry


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-BOUND, BOUND) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=10,
)


def depth(value: object) -> int:
    if isinstance(value, dict):
        return 1 + max((depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((depth(v) for v in value), default=0)
    return 0


@FAST
@given(entry=st.dictionaries(st.text(max_size=10), JSON_VALUES, max_size=5), ascii=st.booleans())
def test_any_object_the_wire_takes_reads_back_as_itself(entry: dict[str, Any], ascii: bool) -> None:
    text = json.dumps(entry, ensure_ascii=ascii)
    if depth(entry) > pe.MAX_DEPTH:
        assert fault_of(text) == pe.TOO_DEEP
    else:
        assert read_entry(text) == entry


# -- every game kept on paper ------------------------------------------------------------------

KEPT = {name: paper_game(game) for name, game in GAMES.items()}
CASES = [(name, seats) for name, game in GAMES.items() for seats in game.seat_counts]
_ENTERED: dict[tuple[str, int], PaperMatch] = {}


def entered_once(name: str, seats: int) -> PaperMatch:
    """A paper match of ``name`` with its first deal entered, so that an entry may be an
    ``enter`` of the second deal or an ``amend`` of the first (refusals change nothing, so
    one match serves every example)."""
    key = (name, seats)
    if key not in _ENTERED:
        kept = KEPT[name]
        state = kept.new_match(seats, kept.resolve_options(), 0)
        assert isinstance(state, PaperMatch)
        state.apply(0, kept.parse_action(f"enter:{json.dumps(first_entry(name, seats, 0))}"))
        _ENTERED[key] = state
    return _ENTERED[key]


def form_for(state: PaperMatch, kind: str) -> dict[str, Any]:
    form = state.form() if kind == "enter" else None
    return (form or state.form_of_last()).as_json()


def snapshot(name: str, state: PaperMatch) -> str:
    return json.dumps(KEPT[name].view(state, None, None, None), sort_keys=True)


def refused_alike(name: str, state: PaperMatch, text: str) -> ActionError:
    """The refusal of action ``text``: the same whether checked or applied, and whether the
    entry comes parsed or as its text straight (as the room's log or a record gives it);
    nothing changes."""
    kept = KEPT[name]
    before = snapshot(name, state)
    kind, _, arg = text.partition(":")
    with pytest.raises(ActionError) as caught:
        state.check(0, kept.parse_action(text))
    for attempt in (state.check, state.apply):
        with pytest.raises(ActionError) as again:
            attempt(1, Action(kind, arg))
        assert again.value.code == caught.value.code
    assert snapshot(name, state) == before
    refused = caught.value
    # the refusal goes to a client as it is: strict JSON
    json.dumps(refused.to_dict(), allow_nan=False).encode("utf-8")
    return refused


@settings(FAST, max_examples=300)
@given(data=st.data())
def test_every_game_refuses_an_entry_that_is_not_json_as_the_wire_takes_it(
    data: st.DataObject,
) -> None:
    name, seats = data.draw(st.sampled_from(CASES))
    kind = data.draw(st.sampled_from(["enter", "amend"]))
    state = entered_once(name, seats)
    text, fault = data.draw(poisoned(form_for(state, kind), seats))
    assume(len(f"{kind}:{text}") <= MAX_ACTION_TEXT)
    with pytest.raises(MalformedEntry) as caught:
        KEPT[name].parse_action(f"{kind}:{text}")
    assert caught.value.fault == fault, (text, caught.value.message)
    assert isinstance(caught.value, MalformedAction)
    refused = refused_alike(name, state, f"{kind}:{text}")
    assert (refused.code, refused.detail) == ("paper_bad_json", {"fault": fault})


@settings(FAST, max_examples=300)
@given(data=st.data())
def test_every_game_refuses_a_misshapen_entry_by_a_rule(data: st.DataObject) -> None:
    name, seats = data.draw(st.sampled_from(CASES))
    kind = data.draw(st.sampled_from(["enter", "amend"]))
    state = entered_once(name, seats)
    text = data.draw(misshapen(form_for(state, kind), seats))
    assume(len(f"{kind}:{text}") <= MAX_ACTION_TEXT)
    refused = refused_alike(name, state, f"{kind}:{text}")
    assert refused.code not in ("paper_bad_json", "malformed_action"), refused.to_dict()


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_a_per_seat_list_has_one_item_per_table_seat(name: str, seats: int) -> None:
    """The form names the seats that enter a value, not how many sit at the table: a list
    with an item too many or too few is refused by the field, nulls or not."""
    state = entered_once(name, seats)
    entry = state.entries[-1]
    for key, value in entry.items():
        if not isinstance(value, list):
            continue
        for wrong in ([*value, None], value[:-1], [*value, *[None] * 20]):
            refused = refused_alike(name, state, f"amend:{json.dumps({**entry, key: wrong})}")
            assert (refused.code, refused.detail) == ("paper_bad_value", {"field": key})
    # the entry as it was is still taken
    state.clone().apply(0, KEPT[name].parse_action(f"amend:{json.dumps(entry)}"))


@pytest.mark.parametrize(
    "spoilt",
    [
        {"contract": "spel", "tricks": [6.0, 5, 5]},
        {"contract": "spel", "tricks": [6, 5, float("nan")]},
        {"contract": "spel", "tricks": [6, 5, float("inf")]},
        {"contract": "spel", "tricks": [6, 5, 5, None]},
        {"contract": "spel", "tricks": [6, 5, 2**60]},
        {"contract": "spel", "tricks": [6, 5, 10**40]},
        {"contract": "spel\ud800", "tricks": [6, 5, 5]},
        {"contract": "spel", "tricks": [[[[[5]]]], 5, 6]},
    ],
)
def test_a_record_with_a_spoilt_entry_is_invalid_not_an_error(spoilt: dict[str, Any]) -> None:
    record: dict[str, Any] = {"format": "kortbord-record/1", "game": get_game("bismarck").name}
    record |= {"players": ["Ann", "Bo", "Cy"], "paper": True, "first_dealer": 0}
    record["deals"] = [{"entry": {"contract": "spel", "tricks": [6, 5, 5]}}, {"entry": spoilt}]
    checked = validate_record(record)
    assert not checked.valid and (checked.error or "").startswith("deal 2:"), checked.error
