"""Game records (shared/records.md): export, replay, validation, and every way to break one."""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from playout import (
    PLAYERS,
    Log,
    deal_indexes,
    make_revoke,
    play_match,
    plays_by_seat,
    record_json,
    replay_log,
)

from app.engine.bismarck import GAME
from app.engine.bismarck.rules import winners
from app.engine.bismarck.state import Match
from app.engine.cards import SUIT_NAMES, Card
from app.engine.game import RecordError, RecordFormatError
from app.engine.records import replay_record, validate_record

view = GAME.view

Record = dict[str, Any]


Cut = float | tuple[str, int]


@cache
def played(seats: int, seed: int, cut: Cut = 1.0) -> tuple[Match, Log]:
    """A random match of ``seats`` from ``seed``, cut after a fraction ``cut`` of its actions,
    or the ``n``-th time it reaches a phase when ``cut`` is ``(phase, n)``."""
    full, log = play_match(seats, random.Random(seed))
    if isinstance(cut, tuple):
        phase, n = cut
        probe = Match(seats, full.first_dealer)
        reached = [
            i + 1 for i, (seat, text) in enumerate(log) if _reaches(probe, seat, text, phase)
        ]
        keep = reached[n - 1]
    else:
        keep = max(2, round(len(log) * cut))
    if keep >= len(log):
        return full, log
    return replay_log(seats, full.first_dealer, log[:keep]), log[:keep]


def _reaches(match: Match, seat: int, text: str, phase: str) -> bool:
    match.apply(seat, GAME.parse_action(text))
    return match.phase() == phase


def record_of(seats: int, seed: int = 1, cut: Cut = 1.0) -> Record:
    match, _ = played(seats, seed, cut)
    return record_json(match)


def who(doc: Record, seat: int) -> str:
    return f"seat {seat} ({doc['players'][seat]})"


def forehand(doc: Record, k: int) -> int:
    return int((doc["deals"][k - 1]["dealer"] + 1) % len(doc["players"]))


def error_of(doc: Record) -> str:
    """The one-line error of a broken record, checked to agree between the two entry points."""
    result = validate_record(doc)
    assert not result.valid, "the broken record was accepted"
    assert result.error is not None
    assert result.to_json("f.json") == {"file": "f.json", "valid": False, "error": result.error}
    where = re.match(r"deal (\d+)(?:, play (\d+))?: ", result.error)
    if where is not None:
        with pytest.raises(RecordError) as broken:
            replay_record(doc)
        assert str(broken.value) == result.error
        assert broken.value.deal == int(where[1])
        assert broken.value.play == (int(where[2]) if where[2] else None)
    return result.error


# -- export, validate, replay ---------------------------------------------------------------------

CASES = [
    (seats, seed, cut)
    for seats in (3, 4)
    for seed, cut in (
        (1, 1.0),
        (2, 1.0),
        (3, 0.5),
        (4, 0.03),
        (5, 0.2),
        (6, 0.77),
        (7, 0.999),
        (8, ("contract", 1)),
        (9, ("contract", 6)),
        (10, ("discard", 1)),
        (11, ("discard", 9)),
        (12, ("deal", 5)),
    )
]


@pytest.mark.parametrize(("seats", "seed", "cut"), CASES)
def test_export_then_validate_gives_the_same_results(seats: int, seed: int, cut: Cut) -> None:
    match, _ = played(seats, seed, cut)
    doc = record_of(seats, seed, cut)
    assert (cut == 1.0) == match.is_over
    if isinstance(cut, tuple):
        assert match.phase() == cut[0]
    in_record = [d for d in match.deals if d.contract is not None]
    assert len(doc["deals"]) == len(in_record)
    result = validate_record(doc)
    assert result.valid, result.error
    assert result.deals == [
        {"tricks": d.tricks, "scores": d.scores or [0] * seats} for d in in_record
    ]
    assert [{"tricks": d["tricks"], "scores": d["scores"]} for d in doc["deals"]] == result.deals
    assert result.totals == match.totals == doc["totals"]
    assert result.winners == winners(match.totals) == doc["winners"]
    assert sum(result.totals) == 0
    assert json.loads(json.dumps(result.to_json("game.json"))) == {
        "file": "game.json",
        "valid": True,
        "deals": result.deals,
        "totals": match.totals,
        "winners": result.winners,
    }
    if seats == 4:
        for entry, deal in zip(doc["deals"], in_record, strict=True):
            assert entry["hands"][deal.dealer] is None and entry["tricks"][deal.dealer] is None
            assert entry["scores"][deal.dealer] == 0


@pytest.mark.parametrize(("seats", "seed", "cut"), CASES)
def test_a_record_replays_to_the_same_views(seats: int, seed: int, cut: Cut) -> None:
    match, log = played(seats, seed, cut)
    expected = match
    if match.current is not None and match.current.contract is None:
        # a deal still waiting for its contract is not in the record: nothing in it happened
        expected = replay_log(seats, match.first_dealer, log[: deal_indexes(log)[-1]])
    doc = record_of(seats, seed, cut)
    _, replayed, players = replay_record(doc)
    assert players == list(PLAYERS[:seats])
    assert replayed.phase() == expected.phase()
    for seat in (*range(seats), None):
        seen, wanted = view(replayed, seat), view(expected, seat)
        if not doc["deals"]:
            # the first dealer is written only with the first deal
            del seen["first_dealer"], wanted["first_dealer"]
        assert seen == wanted
    # and the record of the replay is the record itself
    assert GAME.records.export(replayed, players) == GAME.records.export(expected, players)


def test_an_unfinished_deal_states_tricks_so_far_and_zero_scores() -> None:
    doc = record_of(3, 6, 0.77)
    last = doc["deals"][-1]
    assert 0 < len(last["plays"]) < 48
    assert sum(last["tricks"]) == len(last["plays"]) // 3
    assert last["scores"] == [0, 0, 0]
    assert validate_record(doc).valid


def test_a_deal_before_its_discard_is_valid_as_the_last_deal() -> None:
    match, log = played(3, 1)
    # the discard follows the contract (or the deal itself when the contract is forced)
    cut = next(i for i in range(1, len(log)) if log[i][1].startswith("discard:"))
    partial = replay_log(3, match.first_dealer, log[:cut])
    assert partial.phase() == "discard"
    doc = json.loads(json.dumps(GAME.records.export(partial, PLAYERS[:3])))
    assert "discard" not in doc["deals"][-1] and doc["deals"][-1]["plays"] == []
    assert validate_record(doc).valid


# -- broken records are rejected, naming the deal and the play ------------------------------------


@pytest.mark.parametrize(("seats", "k"), [(3, 1), (3, 3), (3, 12), (4, 3), (4, 16)])
def test_a_revoke_names_deal_play_seat_and_suit(seats: int, k: int) -> None:
    doc = record_of(seats)
    match, _ = played(seats, 1)
    p, seat, led = make_revoke(doc, match, k)
    assert error_of(doc) == (
        f"deal {k}, play {p}: {who(doc, seat)} holds a {SUIT_NAMES[led]} and must follow suit"
    )


def test_a_revoke_breaks_nothing_before_its_play() -> None:
    doc = record_of(3)
    match, _ = played(3, 1)
    p, _, led = make_revoke(doc, match, 3)
    plays = doc["deals"][2]["plays"]
    assert plays[p - 1][1] != led
    assert plays_by_seat(match, 3)[p - 1][1] in plays[p:]
    # cut just before the revoke, the same record is valid
    doc["deals"] = doc["deals"][:3]
    doc["deals"][2]["plays"] = plays[: p - 1]
    for key in ("tricks", "scores"):
        del doc["deals"][2][key]
    del doc["totals"], doc["winners"]
    assert validate_record(doc).valid


@pytest.mark.parametrize(("seats", "k", "trick"), [(3, 2, 5), (3, 12, 15), (4, 7, 1)])
def test_playing_a_card_held_by_someone_else(seats: int, k: int, trick: int) -> None:
    doc = record_of(seats)
    match, _ = played(seats, 1)
    plays = plays_by_seat(match, k)
    p = 3 * trick  # the lead of trick ``trick`` (0-based), so following suit plays no part
    seat = plays[p][0]
    other = next(c for s, c in plays[p + 1 :] if s != seat)
    doc["deals"][k - 1]["plays"][p] = other
    assert error_of(doc) == f"deal {k}, play {p + 1}: {who(doc, seat)} does not hold {other}"


def test_playing_a_card_twice_or_a_discarded_card() -> None:
    doc = record_of(3)
    deal = doc["deals"][4]
    again = copy.deepcopy(doc)
    again["deals"][4]["plays"][9] = deal["plays"][2]
    match, _ = played(3, 1)
    seat = plays_by_seat(match, 5)[9][0]
    assert error_of(again) == f"deal 5, play 10: {who(doc, seat)} does not hold {deal['plays'][2]}"
    hidden = copy.deepcopy(doc)
    hidden["deals"][4]["plays"][0] = deal["discard"][0]
    lead = forehand(doc, 5)
    assert error_of(hidden) == (
        f"deal 5, play 1: {who(doc, lead)} does not hold {deal['discard'][0]}"
    )


def test_a_play_that_is_no_card_and_too_many_plays() -> None:
    doc = record_of(3)
    bad = copy.deepcopy(doc)
    bad["deals"][1]["plays"][20] = "1S"
    assert error_of(bad) == "deal 2, play 21: '1S' is not a card"
    extra = copy.deepcopy(doc)
    extra["deals"][1]["plays"].append("AS")
    assert error_of(extra) == "deal 2: 49 plays, but a deal has 48"


@pytest.mark.parametrize("seats", [3, 4])
def test_a_contract_chosen_twice_by_the_same_forehand(seats: int) -> None:
    doc = record_of(seats)
    k = seats + 1  # the same forehand as deal 1
    assert forehand(doc, k) == forehand(doc, 1)
    first = doc["deals"][0]
    doc["deals"][k - 1]["contract"] = first["contract"]
    doc["deals"][k - 1]["trump"] = first["trump"]
    assert error_of(doc) == (
        f"deal {k}: {who(doc, forehand(doc, 1))} already chose {first['contract']} as forehand"
    )


def test_a_forced_deal_with_an_already_used_contract() -> None:
    doc = record_of(3)
    # deal 10 is seat f's fourth turn as forehand; deal 7 was its third
    doc["deals"][9]["contract"] = doc["deals"][6]["contract"]
    doc["deals"][9]["trump"] = doc["deals"][6]["trump"]
    f = forehand(doc, 10)
    assert forehand(doc, 7) == f
    assert error_of(doc) == (
        f"deal 10: {who(doc, f)} already chose {doc['deals'][6]['contract']} as forehand"
    )


def _with_discard(doc: Record, k: int, make: Callable[[list[Card], Record], list[Card]]) -> str:
    broken = copy.deepcopy(doc)
    deal = broken["deals"][k - 1]
    deal["discard"] = make(list(deal["discard"]), deal)
    f = forehand(doc, k)
    expected = (
        f"deal {k}: {who(doc, f)} must discard 4 different cards of the 20 they hold,"
        f" not {' '.join(deal['discard'])}"
    )
    assert error_of(broken) == expected
    return expected


@pytest.mark.parametrize("seats", [3, 4])
def test_a_bad_discard(seats: int) -> None:
    doc = record_of(seats)
    k = 6
    _with_discard(doc, k, lambda d, _: d[:3])
    _with_discard(doc, k, lambda d, _: [d[0], d[0], d[1], d[2]])
    _with_discard(doc, k, lambda d, _: [*d, d[0]])
    _with_discard(doc, k, lambda d, _: [])

    def not_held(d: list[Card], deal: Record) -> list[Card]:
        f = (deal["dealer"] + 1) % seats
        other = next(s for s in range(seats) if s not in (f, deal["dealer"]))
        return [*d[:3], deal["hands"][other][0]]

    _with_discard(doc, k, not_held)
    broken = copy.deepcopy(doc)
    broken["deals"][k - 1]["discard"] = ["AS", "KS", "QS", 7]
    assert error_of(broken) == f"deal {k}: discard must be a list of 4 cards"


@pytest.mark.parametrize("seats", [3, 4])
def test_a_card_dealt_twice(seats: int) -> None:
    doc = record_of(seats)
    k = 2
    deal = doc["deals"][k - 1]
    order = [(deal["dealer"] + i) % seats for i in (1, 2, 3)]
    twice = copy.deepcopy(doc)
    card = deal["hands"][order[0]][5]
    twice["deals"][k - 1]["hands"][order[2]][7] = card
    assert error_of(twice) == f"deal {k}: {card} is dealt twice"
    open_twice = copy.deepcopy(doc)
    open_twice["deals"][k - 1]["hands"][order[1]][0] = deal["open"][2]
    assert error_of(open_twice) == f"deal {k}: {deal['open'][2]} is dealt twice"
    in_open = copy.deepcopy(doc)
    in_open["deals"][k - 1]["open"][3] = deal["open"][0]
    assert error_of(in_open) == f"deal {k}: a card appears twice among the open cards"


def _deal_with(doc: Record, contract: str) -> int:
    return next(k for k, d in enumerate(doc["deals"], start=1) if d["contract"] == contract)


@pytest.mark.parametrize("seats", [3, 4])
def test_valfri_without_a_trump(seats: int) -> None:
    doc = record_of(seats)
    k = _deal_with(doc, "valfri")
    for missing in (None, "", "X", "spader"):
        broken = copy.deepcopy(doc)
        broken["deals"][k - 1]["trump"] = missing
        assert error_of(broken) == f"deal {k}: valfri needs a trump suit (S, H, D or C)"
    del doc["deals"][k - 1]["trump"]
    assert error_of(doc) == f"deal {k}: valfri needs a trump suit (S, H, D or C)"


@pytest.mark.parametrize("seats", [3, 4])
def test_a_trump_where_the_contract_forbids_one(seats: int) -> None:
    doc = record_of(seats)
    for contract, trump, message in (
        ("spel", "H", "spel has no trump suit"),
        ("pass", "D", "pass has no trump suit"),
        ("pass", "S", "pass has no trump suit"),
        ("spader", "H", "spader's trump is spades"),
    ):
        k = _deal_with(doc, contract)
        broken = copy.deepcopy(doc)
        broken["deals"][k - 1]["trump"] = trump
        assert error_of(broken) == f"deal {k}: {message}"
    # spader may name its spades or leave them out
    k = _deal_with(doc, "spader")
    del doc["deals"][k - 1]["trump"]
    assert validate_record(doc).valid


def test_an_unknown_contract() -> None:
    doc = record_of(3)
    doc["deals"][7]["contract"] = "grand"
    assert error_of(doc) == "deal 8: contract must be one of spader, valfri, spel, pass"


@pytest.mark.parametrize(("seats", "k"), [(3, 2), (3, 9), (4, 2), (4, 14)])
def test_a_dealer_out_of_rotation(seats: int, k: int) -> None:
    doc = record_of(seats)
    right = doc["deals"][k - 1]["dealer"]
    wrong = (right + 2) % seats
    doc["deals"][k - 1]["dealer"] = wrong
    assert error_of(doc) == (
        f"deal {k}: dealer is seat {wrong} but the deal passes to the left: it is seat {right}"
    )


def test_a_dealer_that_is_no_seat() -> None:
    doc = record_of(3)
    doc["deals"][0]["dealer"] = 3
    assert error_of(doc) == "deal 1: dealer must be a seat from 0 to 2"


@pytest.mark.parametrize("seats", [3, 4])
def test_wrong_stated_scores_tricks_totals_and_winners(seats: int) -> None:
    doc = record_of(seats)
    k = 5
    stated = copy.deepcopy(doc)
    actual = list(doc["deals"][k - 1]["scores"])
    wrong = list(actual)
    active = (doc["deals"][k - 1]["dealer"] + 1) % seats
    wrong[active] += 1
    stated["deals"][k - 1]["scores"] = wrong
    assert error_of(stated) == f"deal {k}: scores are stated as {wrong} but the cards give {actual}"

    tricks = copy.deepcopy(doc)
    actual = list(doc["deals"][k - 1]["tricks"])
    wrong = list(actual)
    wrong[active] += 1
    wrong[(active + 1) % seats] -= 1
    tricks["deals"][k - 1]["tricks"] = wrong
    assert error_of(tricks) == f"deal {k}: tricks are stated as {wrong} but the cards give {actual}"

    totals = copy.deepcopy(doc)
    wrong = [t + 1 if s == 0 else t for s, t in enumerate(doc["totals"])]
    totals["totals"] = wrong
    assert error_of(totals) == f"totals are stated as {wrong} but the deals give {doc['totals']}"

    won = copy.deepcopy(doc)
    losers = [s for s in range(seats) if s not in doc["winners"]]
    won["winners"] = losers
    assert error_of(won) == (f"winners are stated as {losers} but the totals give {doc['winners']}")


@pytest.mark.parametrize("seats", [3, 4])
def test_too_many_deals(seats: int) -> None:
    doc = record_of(seats)
    extra = copy.deepcopy(doc["deals"][0])
    extra["dealer"] = (doc["deals"][-1]["dealer"] + 1) % seats
    doc["deals"].append(extra)
    total = {3: 12, 4: 16}[seats]
    assert error_of(doc) == (
        f"deal {total + 1}: a match of {seats} players has only {total} deals "
        f"(the record has {total + 1})"
    )


@pytest.mark.parametrize(("seats", "k", "keep"), [(3, 4, 30), (3, 11, 47), (4, 1, 3)])
def test_an_unfinished_deal_before_the_last(seats: int, k: int, keep: int) -> None:
    doc = record_of(seats)
    doc["deals"][k - 1]["plays"] = doc["deals"][k - 1]["plays"][:keep]
    for field in ("tricks", "scores"):
        del doc["deals"][k - 1][field]
    assert error_of(doc) == f"deal {k}: only {keep} of 48 cards played, yet another deal follows"


def test_a_missing_discard_before_the_last_deal() -> None:
    doc = record_of(3)
    deal = doc["deals"][5]
    del deal["discard"], deal["tricks"], deal["scores"]
    deal["plays"] = []
    assert error_of(doc) == "deal 6: the discard is missing"


@pytest.mark.parametrize("k", [1, 4, 13])
def test_a_seat_sitting_out_with_a_hand(k: int) -> None:
    doc = record_of(4)
    deal = doc["deals"][k - 1]
    dealer = deal["dealer"]
    deal["hands"][dealer] = list(deal["hands"][(dealer + 1) % 4])
    assert error_of(doc) == f"deal {k}: {who(doc, dealer)} sits out and must have no hand (null)"
    deal["hands"][dealer] = []
    assert error_of(doc) == f"deal {k}: {who(doc, dealer)} sits out and must have no hand (null)"


def test_an_active_seat_without_a_hand() -> None:
    doc = record_of(4)
    deal = doc["deals"][2]
    f = (deal["dealer"] + 1) % 4
    deal["hands"][f] = None
    assert error_of(doc) == f"deal 3: hand of {who(doc, f)} must be a list of 16 cards"


def test_a_hand_entry_per_seat() -> None:
    doc = record_of(4)
    doc["deals"][1]["hands"].pop()
    assert error_of(doc) == "deal 2: hands must have one entry per seat (4)"


# -- documents that are not records at all ---------------------------------------------------------


_MISSING = object()


def _not_records() -> list[tuple[str, object]]:
    good = record_of(3, 4, 0.03)

    def changed(key: str, value: object) -> Record:
        doc = copy.deepcopy(good)
        if value is _MISSING:
            del doc[key]
        else:
            doc[key] = value
        return doc

    return [
        ("a list", [good]),
        ("text", "kortbord-record/1"),
        ("null", None),
        ("a number", 1),
        ("format missing", changed("format", _MISSING)),
        ("another format", changed("format", "kortbord-record/2")),
        ("pbn", changed("format", "pbn")),
        ("another game", changed("game", "whist")),
        ("game missing", changed("game", _MISSING)),
        ("two players", changed("players", ["Anna", "Bertil"])),
        ("five players", changed("players", [*PLAYERS, "Erik"])),
        ("no players", changed("players", [])),
        ("a player who is no string", changed("players", ["Anna", 2, "Cecilia"])),
        ("null player", changed("players", ["Anna", None, "Cecilia"])),
        ("players as text", changed("players", "ABC")),
        ("players missing", changed("players", _MISSING)),
        ("deals as an object", changed("deals", {"1": good["deals"][0]})),
        ("deals null", changed("deals", None)),
        ("deals missing", changed("deals", _MISSING)),
    ]


NOT_RECORDS = _not_records()


@pytest.mark.parametrize("doc", [d for _, d in NOT_RECORDS], ids=[w for w, _ in NOT_RECORDS])
def test_a_document_that_is_no_record_raises_a_format_error(doc: object) -> None:
    with pytest.raises(RecordFormatError):
        validate_record(doc)
    with pytest.raises(RecordFormatError):
        replay_record(doc)


def test_an_empty_record_is_valid() -> None:
    doc = {"format": "kortbord-record/1", "game": "bismarck", "players": list(PLAYERS[:3])}
    result = validate_record({**doc, "deals": []})
    assert result.valid and result.deals == [] and result.totals == [0, 0, 0]
    assert result.winners == [0, 1, 2]
