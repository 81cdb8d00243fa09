"""Auction pinochle's records: every hand as dealt, the widow and every action; a running
session's record cut to what a seat saw; and ``kortbord validate`` judging them as a real
process."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

from test_auction_pinochle_rules import play_session
from test_validate_cli import lines, validate, write

from app.engine import get_game
from app.engine.game import TABLE
from app.engine.records import export_record, validate_record

GAME = get_game("auction_pinochle")
PLAYERS = ["Anna", "Bertil", "Cecilia", "David", "Eva"]


def session_record(seats: int, seed: int) -> dict[str, Any]:
    match = play_session(seats, seed, {"rounds": 1})
    return export_record(GAME, match, PLAYERS[:seats])


def test_a_record_holds_every_hand_the_widow_and_every_action() -> None:
    doc = session_record(5, 3)
    assert doc["game"] == "auction_pinochle" and doc["options"] == {"rounds": 1}
    for deal in doc["deals"]:
        sizes = [len(hand) for hand in deal["hands"]]
        assert sorted(sizes) == [0, 0, 15, 15, 15] and len(deal["widow"]) == 3
        assert deal["result"]["end"]
        assert sum(deal["result"]["chips"]) + deal["result"]["kitty"] == 0
    assert doc["deals"][-1]["result"]["share"] is not None
    verdict = validate_record(json.loads(json.dumps(doc)))
    assert verdict.valid and verdict.totals == doc["totals"]


def test_a_seat_sees_its_own_hand_and_a_burial_only_once_revealed() -> None:
    rng_seed = 0
    for rng_seed in range(40):
        match = play_session(3, rng_seed, {"rounds": 1})
        deal = match.deals[0]
        if deal.buried is not None:
            break
    else:
        raise AssertionError("no deal with a burial in 40 sessions")
    # cut the log just after the burial: the deal is running
    log = [(-1, f"deal:{','.join(deal.pack)}"), *deal.actions]
    cut = next(i for i, (_, text) in enumerate(log) if text.startswith("bury:")) + 1
    running = GAME.new_match(3, GAME.resolve_options({"rounds": 1}), match.first_dealer)
    for seat, text in log[:cut]:
        running.apply(seat, GAME.parse_action(text))
    bidder = deal.bidder
    assert bidder is not None
    other = next(s for s in deal.active if s != bidder)
    mine = export_record(GAME, running, PLAYERS[:3], seat=other, whole=False)
    theirs = export_record(GAME, running, PLAYERS[:3], seat=bidder, whole=False)
    shown_deal = mine["deals"][0]
    assert shown_deal["hands"][other] is not None and shown_deal["hands"][bidder] is None
    assert [bidder, "bury"] in shown_deal["actions"]
    assert any(text.startswith("bury:") for _, text in theirs["deals"][0]["actions"])


def test_validate_judges_auction_pinochle_records(tmp_path: Path) -> None:
    good = session_record(4, 5)
    eldest_passes = copy.deepcopy(good)
    first = eldest_passes["deals"][0]
    first["actions"][0] = [first["actions"][0][0], "pass"]
    sitting_out = copy.deepcopy(good)
    idle = next(s for s, hand in enumerate(sitting_out["deals"][1]["hands"]) if not hand)
    sitting_out["deals"][1]["actions"].insert(0, [idle, "bid:300"])
    wrong_chips = copy.deepcopy(good)
    wrong_chips["deals"][2]["result"]["chips"][0] += 1
    short_widow = copy.deepcopy(good)
    short_widow["deals"][0]["widow"] = short_widow["deals"][0]["widow"][:2]
    files = [
        write(tmp_path / "good.json", good),
        write(tmp_path / "eldest-passes.json", eldest_passes),
        write(tmp_path / "sitting-out.json", sitting_out),
        write(tmp_path / "chips.json", wrong_chips),
        write(tmp_path / "widow.json", short_widow),
    ]
    done = validate("--json", *files)
    assert done.returncode == 1
    verdicts = [json.loads(line) for line in lines(done.stdout)]
    assert [v["valid"] for v in verdicts] == [True, False, False, False, False]
    assert verdicts[0]["totals"] == good["totals"]
    assert "deal 1, play 1" in verdicts[1]["error"] and "must open" in verdicts[1]["error"]
    assert "deal 2, play 1" in verdicts[2]["error"] and "sits out" in verdicts[2]["error"]
    assert "deal 3" in verdicts[3]["error"] and "result is stated" in verdicts[3]["error"]
    assert "widow must list its 3 cards" in verdicts[4]["error"]


def test_a_running_auctions_record_states_the_high_bid_so_far_and_no_bidder() -> None:
    """While the auction runs ``bidder`` is null and ``bid`` the highest bid so far, as the
    exporter writes it: such a record validates, and one stating ``bid`` null is refused."""
    running = GAME.new_match(3, GAME.resolve_options({"rounds": 1}), 0)
    running.apply(TABLE, GAME.chance(running, random.Random(7)))
    deal = running.deals[-1]
    first, second = deal.active[0], deal.active[1]
    running.apply(first, GAME.parse_action("bid:300"))
    running.apply(second, GAME.parse_action("bid:320"))
    assert running.to_act is not None and deal.bidder is None
    for seat in (None, *deal.active):
        shown = export_record(GAME, running, PLAYERS[:3], seat=seat, whole=False)["deals"][0]
        assert (shown["bidder"], shown["bid"]) == (None, 320)
    doc = json.loads(json.dumps(export_record(GAME, running, PLAYERS[:3])))
    verdict = validate_record(doc)
    assert verdict.valid, verdict.error
    doc["deals"][0]["bid"] = None
    assert validate_record(doc).error == "deal 1: bid is stated as None but the cards give 320"


def test_a_bid_above_the_tables_limit_is_named_in_a_record() -> None:
    record = json.loads(json.dumps(session_record(3, 4)))
    first = record["deals"][0]
    seat = first["actions"][0][0]
    first["actions"][0] = [seat, "bid:20000"]
    verdict = validate_record(record)
    assert verdict.error == (
        f"deal 1, play 1: seat {seat} ({PLAYERS[seat]}) bids more than 10000, "
        "the most a bid may be at this table"
    )


def test_an_action_of_no_notation_is_named_with_the_games_title_and_its_article() -> None:
    record = json.loads(json.dumps(session_record(3, 4)))
    first = record["deals"][0]
    first["actions"][0] = [first["actions"][0][0], "bid:3x0"]
    assert validate_record(record).error == (
        "deal 1, play 1: 'bid:3x0' is not an auction pinochle action"
    )
