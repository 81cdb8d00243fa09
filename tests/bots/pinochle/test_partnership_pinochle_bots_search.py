"""The parts of the strong level's search: sampled deals judged against the auction (a
player who bid holds a hand worth it, one who passed does not), and the choice that keeps
the basic level's candidate unless the samples show a better one with confidence."""

from __future__ import annotations

import itertools
from time import perf_counter

from pinochle_bots_table import E, N, S, W

from app.bots.pinochle.agreement import disagreements
from app.bots.pinochle.partnership_pinochle import TUNING
from app.bots.pinochle.strong import confident_choice


def cards(text: str) -> list[str]:
    return text.split()


JUNK = cards("TS TS 9S 9S TH 9H 9H TD 9D 9D TC 9C")
BIG = cards("AS TS KS QS JS AH AD AC KH QH JD 9S")
MID = cards("AS KS QS JD AH TH KH 9H AD TC 9C 9C")
OPTIONS = {"target": 1000, "made_bid_scores": "bid", "claims": True}


def call(seat: int, bid: int | None) -> dict[str, object]:
    if bid is None:
        return {"seat": seat, "call": "pass", "bid": None, "announced": None, "flag": None}
    return {"seat": seat, "call": "bid", "bid": bid, "announced": None, "flag": None}


def dealt(east: list[str], south: list[str]) -> list[list[str]]:
    return [MID, east, south, JUNK]


def test_a_bid_agrees_with_a_hand_worth_it_and_not_with_junk() -> None:
    calls = [call(N, None), call(E, 300)]
    assert disagreements(TUNING, N, calls, dealt(BIG, MID), OPTIONS) == 0
    assert disagreements(TUNING, N, calls, dealt(JUNK, MID), OPTIONS) == 1


def test_a_pass_agrees_with_junk_and_not_with_a_hand_that_would_have_bid() -> None:
    calls = [call(N, 100), call(E, None), call(S, None), call(W, None)]
    assert disagreements(TUNING, N, calls, dealt(JUNK, JUNK), OPTIONS) == 0
    assert disagreements(TUNING, N, calls, dealt(BIG, JUNK), OPTIONS) == 1


def test_the_seats_own_calls_are_not_judged() -> None:
    calls = [call(N, 600)]
    assert disagreements(TUNING, N, calls, dealt(JUNK, JUNK), OPTIONS) == 0


def samples(rows: list[list[float]]) -> itertools.cycle[list[float]]:
    return itertools.cycle(rows)


def test_the_basic_candidate_is_kept_unless_another_is_clearly_better() -> None:
    far = perf_counter() + 60.0
    # candidate 1 leads on average, but its edge over candidate 0 is noise
    noisy = samples([[0.0, 30.0], [0.0, -25.0], [0.0, 20.0], [0.0, -20.0]])
    assert confident_choice(2, lambda: next(noisy), far, 8, 0, 1.0) == (0, 8)
    # candidate 1 is better on every sampled deal
    clear = samples([[0.0, 10.0], [0.0, 12.0], [0.0, 9.0], [0.0, 11.0]])
    assert confident_choice(2, lambda: next(clear), far, 8, 0, 1.0) == (1, 8)
    # ties stay with the basic level's choice
    tied = samples([[5.0, 5.0, 5.0]])
    assert confident_choice(3, lambda: next(tied), far, 4, 2, 1.0) == (2, 4)
    # one sample proves nothing
    assert confident_choice(2, lambda: [0.0, 50.0], far, 1, 0, 1.0) == (0, 1)
