"""A match kept on paper as a game (``app/engine/paper_game.py``): its actions, refusals,
phases, views and records, on Bismarck (the conformance suite runs every game through it)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from app.engine import ActionError, IllegalAction, MalformedAction, RecordFormatError, get_game
from app.engine.paper_game import PaperMatch, paper_game
from app.engine.records import export_record, validate_record

BISMARCK = get_game("bismarck")
KEPT = paper_game(BISMARCK)
PLAYERS = ["Ann", "Bo", "Cy"]


def new_match(first_dealer: int = 0) -> PaperMatch:
    state = KEPT.new_match(3, KEPT.resolve_options(), first_dealer)
    assert isinstance(state, PaperMatch)
    return state


def act(state: PaperMatch, seat: int, kind: str, entry: dict[str, Any] | None = None) -> None:
    text = kind if entry is None else f"{kind}:{json.dumps(entry)}"
    state.apply(seat, KEPT.parse_action(text))


def refused(state: PaperMatch, seat: int, text: str) -> ActionError:
    """The refusal of ``text``, which changes nothing."""
    before = json.dumps(KEPT.view(state, None, None, None))
    with pytest.raises(ActionError) as caught:
        state.check(seat, KEPT.parse_action(text))
    with pytest.raises(ActionError):
        state.apply(seat, KEPT.parse_action(text))
    assert json.dumps(KEPT.view(state, None, None, None)) == before
    return caught.value


def a_deal(state: PaperMatch) -> dict[str, Any]:
    """An entry the next deal's form accepts: forehand's first contract left, tricks 6/5/5."""
    form = state.form()
    assert form is not None
    contract = form.fields[0].choices[0]
    entry: dict[str, Any] = {"contract": contract, "tricks": [6, 5, 5]}
    if contract == "valfri":
        entry["trump"] = "H"
    return entry


def test_kept_on_paper_is_the_game_with_entries_for_actions() -> None:
    assert (KEPT.name, KEPT.title, KEPT.seat_counts) == ("bismarck", "Bismarck", (3, 4))
    assert KEPT.scoresheet is BISMARCK.scoresheet and KEPT.paper is None
    assert paper_game(BISMARCK) is KEPT
    state = new_match()
    assert state.to_act is None and not state.is_over and state.phase() == "enter"
    with pytest.raises(ValueError):
        KEPT.chance(state, None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text",
    [
        "enter:",
        "enter:{not json",
        "enter:[6, 5, 5]",
        "enter:" + "[" * 1500,
        "amend:42",
        "close:now",
        "deal:AS,KS",
        'enter:{"tricks": NaN}' + "}",
    ],
)
def test_what_is_no_entry_is_malformed(text: str) -> None:
    with pytest.raises(MalformedAction):
        KEPT.parse_action(text)


def test_an_entry_is_written_back_compact() -> None:
    action = KEPT.parse_action('enter: { "contract" : "spel", "tricks": [6, 5, 5] }')
    assert str(action) == 'enter:{"contract":"spel","tricks":[6,5,5]}'


def test_any_seat_enters_and_corrects_the_last_deal() -> None:
    state = new_match(first_dealer=2)
    first_form = state.form()
    assert first_form is not None
    act(state, 1, "enter", {"contract": "spel", "tricks": [8, 4, 4]})
    first = state.deals[-1]
    assert (first.number, first.dealer) == (1, 2)
    view = KEPT.view(state, 2, None, None)
    assert view["last"] == {
        "number": 1,
        "dealer": 2,
        "entry": {"contract": "spel", "tricks": [8, 4, 4]},
        "scores": list(first.scores),
        "entered_by": 1,
        "amendments": 0,
        "form": first_form.as_json(),
    }
    act(state, 0, "amend", {"contract": "spel", "tricks": [4, 8, 4]})
    assert state.deals_played == 1 and state.deals[-1].scores != first.scores
    assert KEPT.view(state, None, None, None)["last"]["amendments"] == 1
    assert KEPT.view(state, None, None, None)["last"]["entered_by"] == 0
    assert KEPT.view(state, None, None, None)["last"]["form"] == first_form.as_json()
    # forehand (seat 0) has used spel: the form offers it no more, and the rules refuse it
    form = state.form()
    assert form is not None and form.number == 2
    act(state, 2, "enter", a_deal(state))
    assert state.deals_played == 2


def test_refusals_name_what_is_wrong_and_change_nothing() -> None:
    state = new_match()
    assert refused(state, 0, "amend:{}").code == "paper_nothing_to_amend"
    assert refused(state, 0, "close").code == "paper_deals_left"
    assert refused(state, -1, 'enter:{"contract":"spel","tricks":[6,5,5]}').code == (
        "not_your_turn"
    )
    assert refused(state, 0, 'enter:{"contract":"spel","tricks":[6,5,4]}').code == (
        "paper_bad_total"
    )
    assert refused(state, 0, 'enter:{"contract":"spel"}').code == "paper_missing_field"
    assert refused(state, 0, 'enter:{"x":1}').code == "paper_unknown_field"
    for _ in range(3):  # each seat is forehand once and plays spel
        act(state, 0, "enter", {"contract": "spel", "tricks": [6, 5, 5]})
    error = refused(state, 0, 'enter:{"contract":"spel","tricks":[6,5,5]}')
    assert isinstance(error, IllegalAction) and error.code == "contract_already_used"
    # a correction of the last deal is checked against the deals before it
    act(state, 2, "amend", {"contract": "spel", "tricks": [5, 6, 5]})
    assert refused(state, 0, 'amend:{"contract":"pass","tricks":[6,5,4]}').code == (
        "paper_bad_total"
    )


def test_a_match_complete_waits_for_close_and_may_still_be_corrected() -> None:
    state = new_match()
    while state.form() is not None:
        act(state, 0, "enter", a_deal(state))
    assert state.deals_played == 12 and state.phase() == "confirm"
    assert KEPT.view(state, 1, None, None)["form"] is None
    assert KEPT.legal(state, 1) == {"kind": "close", "actions": ["close"]}
    assert refused(state, 0, f"enter:{json.dumps(a_deal_of_last(state))}").code == (
        "paper_all_entered"
    )
    last = state.deals[-1]
    entry = a_deal_of_last(state)
    entry["tricks"] = [2, 7, 7]
    act(state, 2, "amend", entry)
    assert state.deals[-1].scores != last.scores and state.phase() == "confirm"
    assert KEPT.outcome(state) is None
    act(state, 1, "close")
    assert state.is_over and state.phase() == "match_over"
    outcome = KEPT.outcome(state)
    assert outcome is not None and outcome.winners
    assert refused(state, 0, "amend:{}").code == "match_over"


def a_deal_of_last(state: PaperMatch) -> dict[str, Any]:
    return dict(state.entries[-1])


def test_every_seat_sees_the_same_but_its_own_seat() -> None:
    state = new_match()
    act(state, 0, "enter", a_deal(state))
    public = KEPT.view(state, None, None, None)
    assert public["paper"] is True and public["seat"] is None and public["legal"] is None
    assert public["to_act"] is None and public["phase"] == "enter"
    assert public["form"]["number"] == 2 and public["deals_total"] == 12
    assert public["scoresheet"] == BISMARCK.scoresheet(3, state.options, state.deals)
    for seat in range(3):
        own = KEPT.view(state, seat, public, None)
        assert {**own, "seat": None} == public


def test_a_clone_goes_its_own_way() -> None:
    state = new_match()
    act(state, 0, "enter", a_deal(state))
    twin = state.clone()
    act(twin, 1, "amend", {**state.entries[-1], "tricks": [16, 0, 0]})
    assert state.entries[-1]["tricks"] == [6, 5, 5]
    assert twin.entries[-1]["tricks"] == [16, 0, 0]


def test_the_record_holds_the_entries_and_validates() -> None:
    state = new_match(first_dealer=1)
    for _ in range(3):
        act(state, 0, "enter", a_deal(state))
    record = json.loads(json.dumps(export_record(KEPT, state, PLAYERS)))
    assert record["paper"] is True and record["first_dealer"] == 1
    assert [d["entry"] for d in record["deals"]] == state.entries
    checked = validate_record(record)
    assert checked.valid, checked.error
    assert checked.totals == state.totals and checked.winners == []

    record["deals"][1]["scores"][0] += 1
    broken = validate_record(record)
    assert not broken.valid and broken.error is not None and "deal 2" in broken.error

    record["deals"][1] = {"entry": {"contract": "spel", "tricks": [9, 9, 9]}}
    broken = validate_record(record)
    assert not broken.valid and broken.error is not None
    assert broken.error.startswith("deal 2:")


def test_a_record_of_every_deal_is_closed_and_names_its_winners() -> None:
    state = new_match()
    while state.form() is not None:
        act(state, 0, "enter", a_deal(state))
    act(state, 0, "close")
    record = json.loads(json.dumps(export_record(KEPT, state, PLAYERS)))
    outcome = KEPT.outcome(state)
    assert outcome is not None and record["winners"] == list(outcome.winners)
    checked = validate_record(record)
    assert checked.valid and checked.winners == list(outcome.winners)
    record["winners"] = [s for s in range(3) if s not in outcome.winners]
    assert not validate_record(record).valid


@pytest.mark.parametrize("paper", ["yes", 1, None])
def test_paper_in_a_record_is_true_or_false(paper: object) -> None:
    record = {"format": "kortbord-record/1", "game": "bismarck", "players": PLAYERS}
    record |= {"paper": paper, "deals": [], "first_dealer": 0}
    with pytest.raises(RecordFormatError, match="'paper' is true or false"):
        validate_record(record)


@pytest.mark.parametrize("first_dealer", [3, -1, True, "0", None])
def test_a_paper_record_names_a_first_dealer(first_dealer: object) -> None:
    record = {"format": "kortbord-record/1", "game": "bismarck", "players": PLAYERS}
    record |= {"paper": True, "deals": [], "first_dealer": first_dealer}
    checked = validate_record(record)
    assert not checked.valid and "first_dealer" in (checked.error or "")
