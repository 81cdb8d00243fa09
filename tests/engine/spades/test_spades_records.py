"""Spades records: export, replay and validation round-trip; the record of a running match
shows a seat only what it saw; a tampered record fails naming the deal, the play and the
rule; ``kortbord validate`` reads spades through the registry."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest
from engine.spades.helpers import PLAYERS, E, N, S, W, act, random_match, start

from app.engine.game import RecordError
from app.engine.records import export_record, replay_record, validate_record
from app.engine.spades import GAME
from app.engine.spades.state import Match, dealt_hands
from app.validate import run

view = GAME.view

SHORT = dict(GAME.short_match)


def whole(match: Match) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(json.dumps(export_record(GAME, match, PLAYERS)))
    return record


def finished() -> Match:
    """A complete match of several deals."""
    match = random_match(5, {**SHORT, "bags": True})[0]
    assert match.deals_played > 2
    return match


def broken(record: dict[str, Any]) -> str:
    verdict = validate_record(record)
    assert not verdict.valid
    assert verdict.error is not None
    return verdict.error


def test_a_finished_match_round_trips() -> None:
    match = finished()
    record = whole(match)
    assert record["game"] == "spades" and record["teams"] == [[0, 2], [1, 3]]
    assert record["options"] == {**SHORT, "bags": True}
    assert record["winners"] == match.winners()
    verdict = validate_record(record)
    assert verdict.valid, verdict.error
    assert verdict.totals == match.totals and verdict.winners == match.winners()
    assert len(verdict.deals) == match.deals_played
    assert verdict.deals[0]["scores"] == list(match.deals[0].scores or ())
    game, again, players = replay_record(record)
    assert game is GAME and players == list(PLAYERS)
    for seat in (None, N, E, S, W):
        assert json.dumps(view(again, seat)) == json.dumps(view(match, seat))


def test_a_running_match_round_trips_with_its_unfinished_deal() -> None:
    match = start({N: "2C 3C 4C"})
    act(match, "look", N)
    act(match, "bid:nil")
    act(match, "lay:2C,3C,4C")
    record = whole(match)
    deal = record["deals"][0]
    assert deal["actions"] == [[N, "look"], [N, "bid:nil"], [N, "lay:4C,3C,2C"]]
    assert deal["bids"] == ["nil", None, None, None]
    assert deal["scores"] == [0, 0, 0, 0] and deal["sides"] is None
    assert validate_record(record).valid
    _, again, _ = replay_record(record)
    assert json.dumps(view(again, N)) == json.dumps(view(match, N))


def test_the_record_of_a_running_match_shows_a_seat_only_what_it_saw() -> None:
    match = start({N: "2C 3C 4C", S: "AH KH QH"})
    act(match, "look", N)
    act(match, "bid:nil")
    act(match, "lay:2C,3C,4C")
    act(match, "bid:3")
    act(match, "look", S)
    act(match, "bid:4")
    before = export_record(GAME, match, PLAYERS, seat=S, whole=False)["deals"][0]
    assert [S, "bid:4"] in before["actions"] and [N, "lay"] in before["actions"]
    act(match, "give:AH,KH,QH")
    for seat in (N, S):
        deal = export_record(GAME, match, PLAYERS, seat=seat, whole=False)["deals"][0]
        assert [N, "lay:4C,3C,2C"] in deal["actions"] and [S, "give:AH,KH,QH"] in deal["actions"]
        assert deal["hands"][seat] is not None
        assert [h is None for h in deal["hands"]].count(True) == 3
    for seat in (E, W, None):
        record = export_record(GAME, match, PLAYERS, seat=seat, whole=False)
        deal = record["deals"][0]
        assert [N, "lay"] in deal["actions"] and [S, "give"] in deal["actions"]
        assert all(h is None for h in deal["hands"])  # E and W have not looked
        assert "winners" not in record
    act(match, "look", E)
    mine = export_record(GAME, match, PLAYERS, seat=E, whole=False)["deals"][0]
    played = match.deals[0]
    assert played.pack is not None
    assert mine["hands"][E] == dealt_hands(played.pack, played.dealer)[E]


def first_play(record: dict[str, Any], k: int = 0) -> int:
    """The index in deal ``k``'s actions of its first card played after the first lead."""
    actions = record["deals"][k]["actions"]
    return next(i for i, (_, t) in enumerate(actions) if t.startswith("play:")) + 1


def test_a_card_not_held_is_named_with_deal_and_play() -> None:
    record = whole(finished())
    at = first_play(record)
    seat, _ = record["deals"][0]["actions"][at]
    owner = next(s for s in range(4) if s != seat)
    foreign = record["deals"][0]["hands"][owner][0]
    played = {t[5:] for _, t in record["deals"][0]["actions"][:at] if t.startswith("play:")}
    if foreign in played:
        foreign = record["deals"][0]["hands"][owner][1]
    record["deals"][0]["actions"][at][1] = f"play:{foreign}"
    error = broken(record)
    assert error.startswith(f"deal 1, play {at + 1}: seat {seat} ({PLAYERS[seat]})")
    assert "does not hold" in error or "must follow suit" in error


def test_a_stated_score_the_cards_do_not_give_is_refused() -> None:
    record = whole(finished())
    record["deals"][0]["scores"][0] += 10
    assert "scores is stated as" in broken(record)
    record = whole(finished())
    record["totals"] = [0, 0, 0, 0]
    assert "totals are stated as" in broken(record)
    record = whole(finished())
    record["deals"][0]["bids"][0] = 13 if record["deals"][0]["bids"][0] != 13 else 12
    assert broken(record).startswith("deal 1: bids is stated as")


def test_blind_nil_after_a_look_is_refused_in_a_record() -> None:
    match = start()
    act(match, "bid:blind_nil")
    record = whole(match)
    record["deals"][0]["actions"].insert(0, [N, "look"])
    del record["deals"][0]["bids"]
    assert broken(record) == (
        "deal 1, play 2: seat 0 (North) has looked at his cards and may no longer bid blind nil"
    )


def test_a_lay_give_or_play_without_a_look_is_valid_and_counts_as_looking() -> None:
    record = whole(start({N: "2C 3C 4C", E: "5C", S: "2D 3D 4D"}))
    record["deals"][0]["actions"] = [
        [E, "look"],
        [N, "bid:blind_nil"],
        [N, "lay:4C,3C,2C"],  # laid unseen (Cl. 6: laying them is looking)
        [E, "bid:3"],
        [S, "bid:4"],
        [S, "give:4D,3D,2D"],  # given unseen
        [W, "bid:2"],
        [E, "play:5C"],
    ]
    for key in ("bids", "tricks", "scores", "sides"):
        del record["deals"][0][key]
    verdict = validate_record(record)
    assert verdict.valid, verdict.error
    _, again, _ = replay_record(record)
    deal = again.current
    assert deal is not None and deal.looked == [True, True, True, False]


def test_a_spade_led_unbroken_and_a_revoke_are_named() -> None:
    match = start({E: "2H AS", S: "KH 2D"})
    for seat in range(4):
        act(match, "look", seat)
    for _ in range(4):
        act(match, "bid:3")
    record = whole(match)
    record["deals"][0]["actions"].append([E, "play:AS"])
    assert broken(record) == (
        "deal 1, play 9: seat 1 (East) leads a spade before spades are broken, holding another suit"
    )
    record["deals"][0]["actions"][-1] = [E, "play:2H"]
    record["deals"][0]["actions"].append([S, "play:2D"])
    assert broken(record) == "deal 1, play 10: seat 2 (South) holds a heart and must follow suit"


def test_the_deal_must_pass_to_the_left_and_hold_every_card_once() -> None:
    record = whole(finished())
    wrong = copy.deepcopy(record)
    wrong["deals"][1]["dealer"] = (wrong["deals"][0]["dealer"] + 2) % 4
    assert "the deal passes to the left" in broken(wrong)
    twice = copy.deepcopy(record)
    hands = twice["deals"][0]["hands"]
    hands[1][0] = hands[0][0]
    assert broken(twice) == f"deal 1: hands: {hands[0][0]} is dealt twice"
    short = copy.deepcopy(record)
    short["deals"][0]["hands"][2] = short["deals"][0]["hands"][2][:12]
    assert broken(short) == "deal 1: hands: seat 2 is dealt 13 cards"


def test_a_deal_after_the_match_was_won_is_refused() -> None:
    record = whole(finished())
    record["deals"].append(copy.deepcopy(record["deals"][-1]))
    del record["winners"], record["totals"]
    assert "the match was already won, yet another deal follows" in broken(record)


def test_an_unfinished_deal_before_another_is_refused() -> None:
    record = whole(finished())
    record["deals"][0]["actions"] = record["deals"][0]["actions"][:10]
    assert "the deal is unfinished, yet another deal follows" in broken(record)


def test_kortbord_validate_reads_spades_records(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(whole(finished())))
    out = io.StringIO()
    assert run([str(good)], out=out) == 0
    assert "valid" in out.getvalue()
    bad_record = whole(finished())
    bad_record["deals"][0]["scores"][1] -= 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(bad_record))
    out = io.StringIO()
    assert run([str(bad)], as_json=True, out=out) == 1
    line = json.loads(out.getvalue())
    assert line["valid"] is False and "scores is stated as" in line["error"]


def test_replaying_a_broken_record_raises_a_record_error_with_its_place() -> None:
    record = whole(finished())
    actions = record["deals"][1]["actions"]
    plays = [i for i, (_, t) in enumerate(actions) if t.startswith("play:")]
    at = plays[4]  # the second trick's lead: by a seat that has played, so has looked
    actions[at][1] = "look"
    with pytest.raises(RecordError) as refused:
        replay_record(record)
    assert (refused.value.deal, refused.value.play) == (2, at + 1)
    assert "has looked at his cards already" in refused.value.rule
