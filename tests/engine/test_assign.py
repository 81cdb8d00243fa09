"""Dealing unseen cards anew: every assignment that fits, each as likely as the others."""

from __future__ import annotations

import random
from collections import Counter
from itertools import permutations

import pytest

from app.engine.assign import Assignment, NoDealFits


def all_fitting(
    places: dict[str, list[int]], caps: tuple[int, ...]
) -> set[tuple[frozenset[str], ...]]:
    """Every assignment that fits, by brute force."""
    cards = sorted(places)
    out = set()
    slots = [p for p, n in enumerate(caps) for _ in range(n)]
    for arrangement in set(permutations(slots)):
        if all(place in places[c] for c, place in zip(cards, arrangement, strict=True)):
            out.add(
                tuple(
                    frozenset(c for c, p in zip(cards, arrangement, strict=True) if p == i)
                    for i in range(len(caps))
                )
            )
    return out


def test_every_fitting_deal_is_drawn_about_equally_often() -> None:
    # a void in hearts for place 0, and a card that may only go to place 1 or 2
    places = {
        "AH": [1, 2],
        "KH": [1, 2],
        "QS": [0, 1, 2],
        "JS": [0, 1, 2],
        "TD": [0, 1, 2],
        "9C": [1, 2],
        "8C": [0, 1, 2],
    }
    caps = (2, 3, 2)
    fitting = all_fitting(places, caps)
    assignment = Assignment.of(places, caps)
    assert assignment.ways(0, caps) == len(fitting)
    rng = random.Random(3)
    draws = 200 * len(fitting)
    seen = Counter(tuple(frozenset(p) for p in assignment.draw(rng)) for _ in range(draws))
    assert set(seen) == fitting
    expected = draws / len(fitting)
    # a chi-square statistic far beyond chance would mean some deals are favoured
    chi2 = sum((n - expected) ** 2 / expected for n in seen.values())
    assert chi2 < 2.0 * len(fitting)


def test_contradictions_are_refused() -> None:
    with pytest.raises(NoDealFits):
        Assignment.of({"AS": []}, (1,))
    with pytest.raises(NoDealFits):
        Assignment.of({"AS": [0], "KS": [0]}, (1, 1))
    with pytest.raises(NoDealFits):
        Assignment.of({"AS": [0]}, (2,))
