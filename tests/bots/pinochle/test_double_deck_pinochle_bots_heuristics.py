"""Double-deck pinochle's basic level on positions built through the engine: bids from 500,
a junk hand passing, the trump of the long meld suit, a partner holding the bid never
overbid (a made bid scores all its points, so a higher bid only adds risk), the meld
announcement before any bid (the whole best meld, which the engine verifies) and what it
tells the partner, no flags, and the first of four identical cards winning in the play."""

from __future__ import annotations

import pytest
from pinochle_bots_table import E, N, S, W, act, auction, table, view_of

from app.bots.pinochle.basic import BasicBot
from app.bots.pinochle.bidding import side_worth
from app.bots.pinochle.double_deck_pinochle import TUNING
from app.engine.pinochle.partnership.state import Match

DD = "double_deck_pinochle"
JUNK = "TS TS TS TS TH TH TH TH TD TD TD TD TC TC TC TC JS JS JH JH"
"""Tens and jacks: not a meld in any trump."""
STRONG = "AH AH TH TH KH KH QH QH JH JH AS AD AC KS KD KC QS JD TS TD"
"""Two heart flushes, aces and kings around, a pinochle: 540 in hearts."""
TELLING = "AS AH AD AC KH QH KC QC JS JS JH JH JC JC QD QD QS TD TS TS"
"""Aces and queens around, two marriages (220 at best), and few cards to take tricks with:
not enough to open at 500, a meld worth telling the partner."""
BACKING = "AS TS QS AH AH AH TH TH KH JH AD TD KD KD JD JD AC TC TC JC"
"""Long hearts with three aces and a meld of 140: just short of opening on its own."""


def basic(match: Match, seat: int | None = None) -> str:
    return BasicBot(TUNING).decide(view_of(match, seat))


def test_a_junk_hand_passes_and_a_strong_one_opens_at_the_minimum() -> None:
    assert basic(table(DD, {N: JUNK})) == "pass"
    assert basic(table(DD, {N: STRONG})) == "bid:500"


def test_no_flag_is_added_to_a_bid() -> None:
    view = view_of(table(DD, {N: STRONG}))
    assert "bid:500:flush" in view["legal"]["actions"]
    assert BasicBot(TUNING).decide(view) == "bid:500"


def test_the_trump_named_is_the_suit_of_the_long_meld() -> None:
    match = table(DD, {N: STRONG})
    act(match, "bid:500", "pass", "pass", "pass")
    assert basic(match) == "trump:H"


def test_a_partner_holding_the_bid_is_never_overbid() -> None:
    match = table(DD, {N: STRONG}, dealer=E)  # South first, then West, North
    act(match, "bid:500", "pass")
    assert basic(match) == "pass"


def test_an_opponents_bid_beyond_the_estimate_is_let_go() -> None:
    match = table(DD, {N: STRONG}, dealer=S)  # West first
    act(match, "bid:1000")
    assert basic(match) == "pass"


def test_the_whole_meld_is_announced_before_any_bid_and_the_engine_accepts_it() -> None:
    match = table(DD, {N: TELLING})
    view = view_of(match)
    call = BasicBot(TUNING).decide(view)
    assert call == f"announce:{view['deal']['best_meld']}" == "announce:220"
    act(match, call)
    shown = view_of(match, S)["deal"]
    assert shown["announced"] == [N]
    assert shown["bids"] == [
        {"seat": N, "call": "announce", "bid": None, "announced": 220, "flag": None}
    ]
    assert match.to_act == E  # information only: the turn passes, North is still in


def test_once_a_bid_stands_a_meld_is_no_longer_announced() -> None:
    match = table(DD, {N: TELLING}, dealer=S)  # West opens first
    act(match, "bid:500")
    view = view_of(match)
    assert "announce:100" in view["legal"]["actions"]
    assert basic(match) == "pass"


def test_the_announcement_tells_the_partner_enough_to_bid() -> None:
    told = table(DD, {N: TELLING, S: BACKING})
    act(told, "announce:220", "pass")
    untold = table(DD, {N: TELLING, S: BACKING})
    act(untold, "pass", "pass")
    gained = side_worth(TUNING, view_of(told))[0] - side_worth(TUNING, view_of(untold))[0]
    assert gained == pytest.approx(220 - TUNING.partner_meld)
    assert basic(untold) == "pass"
    assert basic(told) == "bid:500"


def test_the_second_of_identical_aces_does_not_beat_the_partners_and_a_king_goes_on_it() -> None:
    north = "KS QS AD AD AD AD AH AH TH TH KD KD QD QD JD JD AC AC TC TC"
    match = table(DD, {N: north, E: "JS", S: "AS", W: "AS"}, dealer=N)
    auction(match, E, 500, "H")  # East leads
    act(match, "play:JS", "play:AS", "play:AS")
    view = view_of(match)
    assert sorted(view["legal"]["actions"]) == ["claim", "play:KS", "play:QS"]
    assert BasicBot(TUNING).decide(view) == "play:KS"  # ten points; the queen has none
