"""Finnish Bismarck's records (docs/records.md, "Finnish Bismarck"): the deal body, a round
trip through export, replay and validation, the record of a running match as one seat may
see it, and every broken rule reported with its deal and play."""

from __future__ import annotations

import copy
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from engine.finnish_bismarck.helpers import (
    PLAYERS,
    deal,
    play_planned,
    play_random,
    winners_for,
)

from app import validate as validate_cli
from app.engine import GAMES
from app.engine.bismarck.finnish import GAME
from app.engine.bismarck.finnish.state import Match
from app.engine.game import RecordError
from app.engine.records import export_record as export_any
from app.engine.records import replay_record, validate_record

Record = dict[str, Any]


def test_records_find_the_game_in_the_registry() -> None:
    assert GAMES[GAME.name] is GAME


def whole(match: Match) -> Record:
    doc: Record = json.loads(json.dumps(export_any(GAME, match, list(PLAYERS))))
    return doc


def full_match(seed: int = 1) -> Match:
    match, _ = play_random(random.Random(seed), first_dealer=seed % 4)
    return match


def error_of(doc: Record) -> str:
    verdict = validate_record(doc)
    assert not verdict.valid
    assert verdict.error is not None
    return verdict.error


# -- the body -----------------------------------------------------------------------------------


def test_a_deal_is_written_as_the_rules_say() -> None:
    match = Match(0)
    play_planned(match, "contract:free:S", winners_for(0, 9))
    play_planned(match, "contract:trump", winners_for(1, 5))
    doc = whole(match)
    assert doc["format"] == "kortbord-record/1" and doc["game"] == "finnish_bismarck"
    assert doc["players"] == list(PLAYERS) and doc["teams"] == [[0, 2], [1, 3]]
    first, second = doc["deals"]
    assert list(first) == [
        "dealer",
        "open",
        "hands",
        "contract",
        "trump",
        "exchange",
        "plays",
        "tricks",
        "scores",
    ]
    assert first["dealer"] == 0 and first["open"] == ["2S", "2H", "2D", "2C"]
    assert [len(h) for h in first["hands"]] == [12] * 4
    assert first["contract"] == "free" and first["trump"] == "S"
    assert first["exchange"] == {
        "to_partner": ["2S", "2H", "2D", "2C"],
        "from_partner": {"0": "2C", "1": "2S", "2": "2H"},
        "to_dealer": "2H",
        "from_dealer": "2H",
    }
    assert len(first["plays"]) == 52
    assert first["tricks"] == [4, 9] and first["scores"] == [-1, 1]
    assert "trump" not in second  # trump's suit is open card 1's, in the record already
    assert second["tricks"] == [5, 8] and second["scores"] == [-3, 3]  # forehand 2: team 0
    assert doc["totals"] == [-4, 4, -4, 4] and "winners" not in doc  # the match runs on


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_match_round_trips_through_export_replay_and_validation(seed: int) -> None:
    match = full_match(seed)
    doc = whole(match)
    verdict = validate_record(doc)
    assert verdict.valid, verdict.error
    assert verdict.totals == match.totals
    assert verdict.winners == match.winners() == doc["winners"]
    assert verdict.deals == [{"tricks": d["tricks"], "scores": d["scores"]} for d in doc["deals"]]
    game, again, players = replay_record(doc)
    assert game is GAME and players == list(PLAYERS)
    assert whole(again) == doc


@pytest.mark.parametrize("stop", [1, 2, 3, 5, 40, 57, 58, 400])
def test_a_running_match_round_trips_at_every_stage(stop: int) -> None:
    match, _ = play_random(random.Random(4), first_dealer=2, stop=stop)
    doc = whole(match)
    verdict = validate_record(doc)
    assert verdict.valid, verdict.error
    _, again, _ = replay_record(doc)
    assert whole(again) == doc
    assert again.to_act == match.to_act


def test_a_deal_waiting_for_its_contract_is_written_with_its_hands() -> None:
    match = Match(0)
    deal(match)
    (only,) = whole(match)["deals"]
    assert "contract" not in only and "exchange" not in only
    assert only["plays"] == [] and only["tricks"] == [0, 0] and only["scores"] == [0, 0]


# -- what one seat may see -------------------------------------------------------------------


def exchange_at(seat: int | None) -> Any:
    match = Match(0)
    play_planned(match, "contract:notrump", winners_for(0, 8))
    doc = GAME.records.export(match, list(PLAYERS), seat, False)
    (only,) = doc["deals"]
    assert only["hands"] == [
        h if s == seat else None for s, h in enumerate(whole(match)["deals"][0]["hands"])
    ]
    return only["exchange"]


def test_the_record_of_a_running_match_shows_a_seat_only_its_own_passes() -> None:
    assert exchange_at(None) == {
        "to_partner": None,
        "from_partner": {"0": None, "1": None, "2": None},
        "to_dealer": None,
        "from_dealer": None,
    }
    assert exchange_at(1) == {
        "to_partner": ["2S", "2H", "2D", "2C"],
        "from_partner": {"0": None, "1": "2S", "2": None},
        "to_dealer": None,
        "from_dealer": None,
    }
    assert exchange_at(3) == {
        "to_partner": ["2S", "2H", "2D", "2C"],
        "from_partner": {"0": "2C", "1": "2S", "2": "2H"},
        "to_dealer": None,
        "from_dealer": None,
    }
    assert exchange_at(2) == {
        "to_partner": None,
        "from_partner": {"0": None, "1": None, "2": "2H"},
        "to_dealer": "2H",
        "from_dealer": "2H",
    }
    assert exchange_at(0)["from_partner"] == {"0": "2C", "1": None, "2": None}


# -- broken rules -------------------------------------------------------------------------------


def plays_of(doc: Record, k: int) -> list[tuple[int, str]]:
    """(seat, card) of each play of deal ``k``, replayed to know who played it."""
    _, again, _ = replay_record(doc)
    deal = again.deals[k - 1]
    out: list[tuple[int, str]] = []
    for trick in deal.history:
        out.extend(((trick.leader + i) % 4, c) for i, c in enumerate(trick.cards))
    return out


def test_a_revoke_is_reported_with_its_deal_and_play() -> None:
    doc = whole(full_match(5))
    k = 3
    plays = plays_of(doc, k)
    for p, (seat, card) in enumerate(plays):
        led = plays[p - p % 4][1][1]
        if p % 4 == 0 or card[1] != led:
            continue
        later = next(
            (q for q in range(p + 1, len(plays)) if plays[q][0] == seat and plays[q][1][1] != led),
            None,
        )
        if later is not None:
            break
    else:  # pragma: no cover - a random match has one
        pytest.skip("no revoke to make")
    cards = doc["deals"][k - 1]["plays"]
    cards[p], cards[later] = cards[later], cards[p]
    suit = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}[led]
    who = f"seat {seat} ({PLAYERS[seat]})"
    assert error_of(doc) == f"deal {k}, play {p + 1}: {who} holds a {suit} and must follow suit"


def broken(change: str) -> Record:
    """A record of two planned deals, changed as ``change`` says."""
    match = Match(0)
    play_planned(match, "contract:misere", winners_for(0, 4))
    play_planned(match, "contract:free:S", winners_for(1, 9))
    doc = whole(match)
    second = doc["deals"][1]
    exchange = second["exchange"]
    if change == "pass_not_held":
        exchange["to_partner"] = [second["hands"][1][0], "2H", "2D", "2C"]
    elif change == "share_to_wrong_seats":
        exchange["from_partner"] = {"0": "2S", "1": "2H", "2": "2C"}
    elif change == "pass_repeated":
        exchange["to_partner"] = ["2S", "2S", "2D", "2C"]
    elif change == "share_repeated":
        exchange["from_partner"] = {"1": "2C", "2": "2C", "3": "2H"}
    elif change == "share_short":
        exchange["from_partner"] = {"1": "2C", "2": "2S"}
    elif change == "share_malformed":
        exchange["from_partner"] = {"north": "2S"}
    elif change == "to_dealer_not_held":
        exchange["to_dealer"] = "AH"
    elif change == "exchange_missing":
        del exchange["to_dealer"]
    elif change == "free_without_trump":
        second.pop("trump")
    elif change == "notrump_with_trump":
        second["contract"] = "notrump"
    elif change == "trump_of_another_suit":
        second["contract"] = "trump"
        second["trump"] = "H"
    elif change == "scores":
        second["scores"] = [-1, 1]
    elif change == "tricks":
        second["tricks"] = [6, 7]
    elif change == "dealer":
        second["dealer"] = 3
    elif change == "dealt_twice":
        second["hands"][0][0] = second["hands"][1][0]
    elif change == "short_hand":
        second["hands"][2] = second["hands"][2][:11]
    elif change == "unfinished":
        doc["deals"][0]["plays"] = doc["deals"][0]["plays"][:30]
    return doc


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("pass_not_held", "deal 2: seat 2 (Cecilia) does not hold {card} to pass at step 1"),
        (
            "share_to_wrong_seats",
            "deal 2: seat 0 (Aino) must give one card to each of the three other players",
        ),
        ("pass_repeated", "deal 2: seat 2 (Cecilia) passes the same card twice at step 1"),
        ("share_repeated", "deal 2: seat 0 (Aino) passes the same card twice at step 2"),
        ("share_short", "deal 2: step 2 of the exchange passes 3 cards"),
        ("share_malformed", 'deal 2: exchange: from_partner maps each seat ("0"-"3") to a card'),
        ("to_dealer_not_held", "deal 2: seat 3 (Daniel) does not hold AH to pass at step 3"),
        ("exchange_missing", "deal 2: the exchange's to_dealer is missing"),
        ("free_without_trump", "deal 2: free needs a trump suit (S, H, D or C)"),
        ("notrump_with_trump", "deal 2: notrump has no trump suit"),
        ("trump_of_another_suit", "deal 2: trump's trump is the suit of open card 1, 2S"),
        ("scores", "deal 2: scores is stated as [-1, 1] but the cards give [1, -1]"),
        ("tricks", "deal 2: tricks is stated as [6, 7] but the cards give [9, 4]"),
        ("dealer", "deal 2: dealer is seat 3 but seat 1 deals: the deal passes to the left"),
        ("short_hand", "deal 2: hand of seat 2 (Cecilia) must be a list of 12 cards"),
        ("unfinished", "deal 1: only 30 of 52 cards played, yet another deal follows"),
    ],
)
def test_a_broken_rule_is_reported_with_its_deal(change: str, message: str) -> None:
    doc = broken(change)
    assert validate_record(broken("nothing")).valid
    card = doc["deals"][1]["hands"][1][0]
    assert error_of(doc) == message.format(card=card)


def test_a_card_dealt_twice() -> None:
    error = error_of(broken("dealt_twice"))
    assert error.startswith("deal 2: ") and error.endswith("is dealt twice")


def test_a_contract_chosen_twice_by_one_player() -> None:
    match = Match(2)  # seat 3 is forehand in deals 1 and 5
    for contract in ("misere", "trump", "trump", "trump", "notrump"):
        play_planned(match, f"contract:{contract}", winners_for(match.next_dealer, 6))
    doc = whole(match)
    doc["deals"][4]["contract"] = "misere"
    assert error_of(doc) == "deal 5: seat 3 (Daniel) already chose misere as forehand"


def test_the_validator_on_the_command_line_names_the_deal_and_play(tmp_path: Path) -> None:
    doc = whole(full_match(6))
    good = tmp_path / "good.json"
    good.write_text(json.dumps(doc))
    bad_doc = copy.deepcopy(doc)
    bad_doc["deals"][0]["plays"][0] = bad_doc["deals"][0]["plays"][1]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(bad_doc))
    out = io.StringIO()
    assert validate_cli.run([str(good)], out=out) == 0
    assert "valid, 16 deals" in out.getvalue()
    out = io.StringIO()
    assert validate_cli.run([str(bad)], out=out) == 1
    assert out.getvalue().startswith(f"{bad}: deal 1, play 1: seat ")


def test_a_record_that_is_no_match_of_four_is_refused() -> None:
    doc = whole(full_match(1))
    doc["deals"] = doc["deals"] * 2
    assert error_of(doc) == "deal 17: a match has only 16 deals (the record has 32)"
    with pytest.raises(RecordError) as refused:
        GAME.records.replay(list("abcd"), {}, {"deals": doc["deals"][:17]})
    assert refused.value.deal == 17 and refused.value.play is None
    with pytest.raises(RecordError):
        GAME.records.replay(["a", "b", "c"], {}, {"deals": []})


def test_the_pack_a_deal_dealt_is_the_same_after_a_replay() -> None:
    match = full_match(7)
    again = replay_record(whole(match))[1]
    for index in range(16):
        pack = GAME.records.dealt_pack(match, index)
        assert pack == GAME.records.dealt_pack(again, index)
        assert pack[:4] == list(match.deals[index].open)
