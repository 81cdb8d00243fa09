"""The ledger's deal anew where seats hold sets of cards exactly so often (``exactly`` in a
view, :mod:`app.engine.clauses`) against brute force on small deals: every arrangement of the
hidden copies that fits is counted, and the draws give each deal as often as the
arrangements that give it."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from app.engine.assign import NoDealFits
from app.engine.clauses import ClauseDeal, exactly
from app.engine.ledger import Ledger

CARDS = ("AS", "KS", "QS", "AH", "KH", "QH", "JD", "TD", "9C", "9H")
SETS: list[tuple[str, ...]] = [("KS", "QS"), ("KH", "QH"), ("QS", "JD"), ("AS", "AH"), ("9C",)]
SEATS = 4
VIEWER = 0
"""The seat whose view is dealt anew: its own hand known, the three others hidden."""


def held(cards: Sequence[str], cards_set: Sequence[str]) -> int:
    counts = Counter(cards)
    return min(counts[c] for c in cards_set)


def instance(rng: random.Random) -> dict[str, Any]:
    """A deal at random: its hands, what each seat played, the sets each other seat shows
    (their cards in its hand, seen by all) and cards barred from it, kept when it fits."""
    while True:
        pack = [rng.choice(CARDS) for _ in range(rng.randint(9, 12))]
        rng.shuffle(pack)
        played: list[list[str]] = [[] for _ in range(SEATS)]
        hands: list[list[str]] = [[] for _ in range(SEATS)]
        hands[VIEWER] = pack[:2]
        at = 2
        for s in range(1, SEATS):
            n = rng.randint(2, 4)
            hands[s] = pack[at : at + n]
            at += n
            if rng.random() < 0.5 and at < len(pack):
                played[s] = [pack[at]]
                at += 1
        if at != len(pack):
            continue
        sets = [[(c, held(hands[s] + played[s], c)) for c in SETS] for s in range(SEATS)]
        sets[VIEWER] = []
        known: list[list[str]] = [[] for _ in range(SEATS)]
        for s in range(1, SEATS):
            shown: Counter[str] = Counter()
            for cards, times in sets[s]:
                shown |= Counter({c: times for c in cards})
            known[s] = sorted((shown - Counter(played[s])).elements())
        barred = [
            {c for c in rng.sample(CARDS, 2) if c not in hands[s]} if s != VIEWER else set()
            for s in range(SEATS)
        ]
        return {
            "pack": pack,
            "hands": hands,
            "played": played,
            "known": known,
            "sets": sets,
            "barred": barred,
        }


def fits(deal: dict[str, Any], hands: Sequence[Sequence[str]]) -> bool:
    return all(
        Counter(deal["known"][s]) <= Counter(hands[s])
        and not set(hands[s]) & deal["barred"][s]
        and all(held([*hands[s], *deal["played"][s]], c) == t for c, t in deal["sets"][s])
        for s in range(1, SEATS)
    )


def arrangements(deal: dict[str, Any]) -> Counter[tuple[tuple[str, ...], ...]]:
    """Every arrangement of the hidden copies (each copy the physical card it is) over the
    other hands' unknown places, counted per deal it gives."""
    hidden = Counter(deal["pack"]) - Counter(deal["hands"][VIEWER])
    for s in range(SEATS):
        hidden -= Counter(deal["known"][s]) + Counter(deal["played"][s])
    copies = sorted(hidden.elements())
    room = [len(deal["hands"][s]) - len(deal["known"][s]) for s in range(SEATS)]
    out: Counter[tuple[tuple[str, ...], ...]] = Counter()
    for places in itertools.product(range(1, SEATS), repeat=len(copies)):
        got = [[c for c, p in zip(copies, places, strict=True) if p == s] for s in range(SEATS)]
        if [len(g) for g in got[1:]] != room[1:]:
            continue
        hands = [sorted(deal["hands"][VIEWER])] + [
            sorted([*deal["known"][s], *got[s]]) for s in range(1, SEATS)
        ]
        if fits(deal, hands):
            out[tuple(tuple(h) for h in hands)] += 1
    return out


def dealt_anew(deal: dict[str, Any], rng: random.Random) -> Ledger:
    shown = {
        "hand": deal["hands"][VIEWER],
        "hand_sizes": [len(h) for h in deal["hands"]],
        "known": deal["known"],
        "exactly": deal["sets"],
        "played": deal["played"],
    }
    taken = [deal["played"][s] for s in range(SEATS)]  # who won them does not matter here
    return Ledger.from_view(shown, VIEWER, deal["pack"], [], taken, rng, None, deal["barred"])


@pytest.mark.parametrize("seed", range(16))
def test_the_ledger_deals_every_deal_that_holds_the_sets_alike(seed: int) -> None:
    rng = random.Random(seed)
    deal = instance(rng)
    deals = arrangements(deal)
    assert deals  # the true deal fits
    draws = min(150 * len(deals), 6000)
    drawn: Counter[tuple[tuple[str, ...], ...]] = Counter()
    for _ in range(draws):
        ledger = dealt_anew(deal, rng)
        drawn[tuple(tuple(sorted(ledger.hand(s))) for s in range(SEATS))] += 1
    assert set(drawn) <= set(deals)
    total = sum(deals.values())
    # chi-square against the arrangements' shares, at a threshold rarely crossed by chance
    chi = sum((drawn[d] - draws * n / total) ** 2 / (draws * n / total) for d, n in deals.items())
    assert chi < len(deals) + 6 * (2 * len(deals)) ** 0.5 + 10


@pytest.mark.parametrize("seed", range(16))
def test_the_counter_counts_every_arrangement_that_keeps_the_clauses(seed: int) -> None:
    rng = random.Random(100 + seed)
    deal = instance(rng)
    hidden = Counter(deal["pack"]) - Counter(deal["hands"][VIEWER])
    for s in range(SEATS):
        hidden -= Counter(deal["known"][s]) + Counter(deal["played"][s])
    kinds = sorted(hidden)
    allowed = [tuple(s for s in range(1, SEATS) if c not in deal["barred"][s]) for c in kinds]
    clauses = []
    for s in range(1, SEATS):
        floor = Counter(deal["known"][s]) + Counter(deal["played"][s])
        for cards, times in deal["sets"][s]:
            candidates = exactly(cards, times, floor)
            if all(c in hidden for c in candidates):
                clauses.append((s - 1, tuple(kinds.index(c) for c in candidates)))
    caps = tuple(len(deal["hands"][s]) - len(deal["known"][s]) for s in range(1, SEATS))
    shifted = [tuple(p - 1 for p in a) for a in allowed]
    drawer = ClauseDeal(caps, [hidden[c] for c in kinds], shifted, clauses)
    assert drawer.ways(0, drawer._room(caps), 0) == sum(arrangements(deal).values())


def test_a_seat_that_holds_a_set_more_often_than_shown_fits_no_deal() -> None:
    deal = {
        "pack": ["KS", "QS", "KS", "QS", "AH", "9C", "9H"],
        "hands": [["AH"], ["KS", "QS", "KS", "QS", "9C"], ["9H"], []],
        "played": [[], [], [], []],
        "known": [[], ["KS", "QS", "KS", "QS"], [], []],
        "sets": [[], [(("KS", "QS"), 1)], [], []],
        "barred": [set(), set(), set(), set()],
    }
    with pytest.raises(NoDealFits):
        dealt_anew(deal, random.Random(1))
    assert exactly(("KS", "QS"), 1, {"KS": 2, "QS": 1}) == ("QS",)
    with pytest.raises(ValueError, match="fewer"):
        exactly(("KS", "QS"), 2, {"KS": 2, "QS": 1})
