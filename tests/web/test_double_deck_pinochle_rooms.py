"""Double-deck pinochle at a real table, through the same table and checks as partnership
pinochle's (test_partnership_pinochle_rooms): four people on WebSockets play a whole match
to a low target, each from its own views, claiming as soon as a claim is right. Here the
permitted announcements are made too: an announcement of the meld for information before
the first bid (once a deal: a second is refused), one after a bid that is a bid of 10 more for
every 100 announced, and bids that say "flush" or "long suit" whenever the hand holds one.
Each seat's best meld is shown to that seat alone, and every announcement the server takes
is within it; what it refuses is refused with its code."""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

import pytest
from test_partnership_pinochle_rooms import (
    TEAMS,
    Played,
    Table,
    bids,
    check_finished,
    check_frames,
    check_passed_out,
    forge_auction,
    forge_play,
    forge_trump,
    longest_suit,
    plays,
    run_match,
)

from support.client import is_state
from support.server import ServerProcess

GAME = "double_deck_pinochle"
OPTIONS = {"target": 3500}
RANKS = "ATKQJ"
FLAGS = ("flush", "long_suit")


@pytest.fixture
def fast_server(fast_players_server: ServerProcess) -> ServerProcess:
    """Players here answer as fast as the server does, past the rate a person keeps to: the
    server the game modules share (tests/web/conftest.py)."""
    return fast_players_server


def announcements(legal: dict[str, Any]) -> list[int]:
    return [int(a.removeprefix("announce:")) for a in legal["actions"] if a.startswith("announce:")]


def flagged(legal: dict[str, Any], bid: str) -> str:
    """``bid`` with the first flag the hand allows, as ``legal`` lists it; else ``bid``."""
    for flag in FLAGS:
        if f"{bid}:{flag}" in legal["actions"]:
            return f"{bid}:{flag}"
    return bid


def sensible(view: dict[str, Any], rng: random.Random) -> str:
    """A plain player: the first to speak opens at the least bid, the others raise a little
    now and then or pass; a bid says "flush" or "long suit" whenever the hand allows; the
    bidder names his longest suit; every card is a random legal one."""
    legal = view["legal"]
    assert legal is not None, view
    deal = view["deal"]
    kind = legal["kind"]
    if kind == "bid":
        least = bids(legal)[0]
        if deal["high_bid"] is None or rng.random() < 0.2:
            return flagged(legal, least)
        return "pass"
    if kind == "trump":
        return f"trump:{longest_suit(deal['hand'])}"
    assert kind == "play", legal
    return "play:" + rng.choice(plays(legal))


async def forge(table: Table, view: dict[str, Any], played: Played) -> None:
    legal = view["legal"]
    kind = legal["kind"]
    seat = view["seat"]
    refused = played.refused
    if kind == "bid" and not refused["announce_exceeds_meld"]:
        await forge_auction(table, view, played)
        deal = view["deal"]
        best = deal["best_meld"]
        least = deal["least_bid"]
        await table.refuse(seat, f"announce:{best + 10}", "announce_exceeds_meld")
        await table.refuse(seat, "announce:15", "announce_not_multiple_of_10")
        await table.refuse(seat, f"bid:{least}:both", "malformed_action")
        refused.update(["announce_exceeds_meld", "announce_not_multiple_of_10"])
        for flag in FLAGS:
            if f"bid:{least}:{flag}" not in legal["actions"]:
                await table.refuse(seat, f"bid:{least}:{flag}", "flag_not_held")
                refused["flag_not_held"] += 1
    elif kind == "trump" and not refused["auction_over"]:
        await forge_trump(table, view, played)
    elif kind == "play":
        await forge_play(table, view, played, RANKS)


async def scripted(table: Table, view: dict[str, Any], played: Played) -> bool:
    """The announcements. In the first deal after the first whose first to speak holds meld,
    he announces it for information; the others pass; he may not announce again before a
    bid, and bids. From the third deal, the second to speak announces 100 (a bid of 10 more)
    after the opening bid where his meld allows."""
    legal = view["legal"]
    deal = view["deal"]
    if legal["kind"] != "bid":
        return False
    seat = view["seat"]
    first = deal["leader"]
    offered = announcements(legal)
    informed = first in deal["announced"] and deal["high_bid"] is None
    if deal["number"] >= 2 and informed:
        if seat != first:
            await table.act(seat, "pass")
        else:
            assert not offered
            await table.refuse(seat, f"announce:{deal['best_meld']}", "already_announced")
            played.refused["already_announced"] += 1
            await table.act(seat, flagged(legal, bids(legal)[0]))
        return True
    if (
        deal["number"] >= 2
        and seat == first
        and deal["high_bid"] is None
        and offered
        and not played.refused["announced_for_information"]
    ):
        assert offered == [deal["best_meld"]], (offered, deal["best_meld"])
        await table.act(seat, f"announce:{offered[0]}")
        played.refused["announced_for_information"] += 1
        return True
    if deal["number"] >= 3 and seat == (first + 1) % 4 and deal["high_bid"] is not None:
        said = any(c["seat"] == seat and c["call"] == "announce" for c in deal["bids"])
        if 100 in offered and not said:
            await table.act(seat, "announce:100")
            played.refused["announced_as_bid"] += 1
            return True
    return False


def check_announcements(table: Table, record: dict[str, Any]) -> Counter[str]:
    """The calls as the record keeps them, and each seat's best meld as its views gave it:
    to itself alone, during the auction, every announcement within it."""
    seen: Counter[str] = Counter()
    for number, deal in enumerate(record["deals"], start=1):
        high = None
        for call in deal["bids"]:
            if call["call"] == "announce":
                if high is None:
                    assert call["bid"] is None
                    seen["information"] += 1
                else:
                    assert call["bid"] == high + 10 * math.ceil(call["announced"] / 100)
                    seen["as_bid"] += 1
            if call["flag"] is not None:
                hand = deal["hands"][call["seat"]]
                counts = Counter(c[1] for c in hand)
                if call["flag"] == "flush":
                    assert any(all(r + s in hand for r in RANKS) for s in "SHDC"), hand
                else:
                    assert max(counts.values()) >= 8, hand
                seen[f"flag_{call['flag']}"] += 1
            if call["bid"] is not None:
                high = call["bid"]
        seen[f"deal_{number}"] += 1
    for client in table.everyone:
        for message in client.messages:
            if not is_state(message) or message["view"] is None:
                continue
            view = message["view"]
            deal = view["deal"]
            if deal is None:
                continue
            best = deal["best_meld"]
            if view["seat"] is None or deal["bidder"] is not None:
                assert best is None, (view["seat"], best)
                continue
            assert isinstance(best, int)
            legal = view["legal"]
            if legal is not None and legal["kind"] == "bid":
                assert all(10 <= v <= best and v % 10 == 0 for v in announcements(legal))
            seen["best_meld_shown"] += 1
    return seen


def test_four_play_a_whole_match_with_announcements(fast_server: ServerProcess) -> None:
    table, played = run_match(
        fast_server, GAME, OPTIONS, sensible, forge, seed=23, scripted=scripted
    )
    record = check_finished(table, played.last, OPTIONS["target"])
    check_passed_out(record, played.last["scoresheet"])
    seen = check_frames(table, record)
    assert seen["spectator"] > 0 and seen["melds_shown"] > 0
    assert all(seen[f"melds_seen_by_{seat}"] > 0 for seat in (0, 1, 2, 3, None))
    announced = check_announcements(table, record)
    assert announced["best_meld_shown"] > 0
    assert played.refused.keys() >= {
        "not_your_turn",
        "bid_too_low",
        "bid_not_multiple_of_10",
        "malformed_action",
        "announce_exceeds_meld",
        "announce_not_multiple_of_10",
        "already_announced",
        "auction_over",
        "wrong_phase",
        "card_not_in_hand",
        "must_follow_suit",
    }, played.refused
    # a deal after the first opened with an announcement for information, kept in the record
    informed = [d for d in record["deals"][1:] if d["bids"][0]["call"] == "announce"]
    assert informed, record["deals"]
    first_call = informed[0]["bids"][0]
    assert first_call["bid"] is None
    assert first_call["seat"] == (informed[0]["dealer"] + 1) % 4
    assert announced["information"] >= played.refused["announced_for_information"] == 1
    assert announced["as_bid"] >= played.refused["announced_as_bid"]
    if played.last["termination"] == "claim":
        assert sorted(played.last["winners"]) in TEAMS
