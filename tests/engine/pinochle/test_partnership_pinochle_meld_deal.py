"""Deals whose hands meld exactly what they showed, drawn under the clauses the meld sets
make (app/engine/clauses.py, as the resampler states them to the ledger) against brute force
on small deals: every fitting arrangement of the hidden copies is counted, and each fitting
deal drawn as often as the arrangements that give it."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from app.engine.assign import NoDealFits
from app.engine.clauses import ClauseDeal, exactly
from app.engine.pinochle.partnership.resample import meld_sets

CARDS = ("KS", "QS", "KH", "QH", "AS", "AH", "AD", "AC", "JD", "JH", "TH", "9C", "9H")
SETS = meld_sets("H", dix=True)


def instance(
    rng: random.Random,
) -> tuple[list[str], list[int], list[Counter[str]], list[Counter[str]], list[set[str]]]:
    """Hidden copies, the room of three hands, what each is known to hold, its melds' cards
    and its bans: drawn at random, kept when the hidden copies' true places fit."""
    while True:
        hidden = [rng.choice(CARDS) for _ in range(rng.randint(5, 8))]
        places = [rng.randrange(3) for _ in hidden]
        floor = [Counter(rng.choices(CARDS, k=rng.randint(0, 2))) for _ in range(3)]
        held = [
            floor[h] + Counter(c for c, p in zip(hidden, places, strict=True) if p == h)
            for h in range(3)
        ]
        shown = [Counter({c: rng.randint(0, n) for c, n in f.items()}) for f in floor]
        bans = [set(rng.sample(CARDS, 2)) - set(held[h]) for h in range(3)]
        if all(fits(held[h], shown[h]) for h in range(3)):
            return hidden, [places.count(h) for h in range(3)], floor, shown, bans


def drawer_of(
    caps: list[int],
    hidden: list[str],
    bans: list[set[str]],
    floor: list[Counter[str]],
    shown: list[Counter[str]],
) -> tuple[ClauseDeal, list[str]]:
    """The drawer the ledger makes of these hands (``Ledger.redeal`` with ``exactly``), and
    the card of each kind it draws."""
    pool = Counter(hidden)
    kinds = sorted(pool)
    clauses = []
    for h in range(3):
        for cards in SETS:
            candidates = exactly(cards, min(shown[h][c] for c in cards), floor[h])
            if all(c in pool for c in candidates):
                clauses.append((h, tuple(kinds.index(c) for c in candidates)))
    allowed = [tuple(h for h in range(3) if c not in bans[h]) for c in kinds]
    return ClauseDeal(tuple(caps), [pool[c] for c in kinds], allowed, clauses), kinds


def fits(held: Counter[str], shown: Counter[str]) -> bool:
    return all(min(held[c] for c in s) == min(shown[c] for c in s) for s in SETS)


@pytest.mark.parametrize("seed", range(24))
def test_the_drawer_counts_and_draws_every_fitting_deal_alike(seed: int) -> None:
    rng = random.Random(seed)
    hidden, caps, floor, shown, bans = instance(rng)
    deals: Counter[tuple[tuple[str, ...], ...]] = Counter()
    for places in itertools.product(range(3), repeat=len(hidden)):
        if any(c in bans[p] for c, p in zip(hidden, places, strict=True)):
            continue
        hands = [sorted(c for c, p in zip(hidden, places, strict=True) if p == h) for h in range(3)]
        if [len(x) for x in hands] != caps:
            continue
        if all(fits(floor[h] + Counter(hands[h]), shown[h]) for h in range(3)):
            deals[tuple(tuple(x) for x in hands)] += 1
    try:
        drawer, kinds = drawer_of(caps, hidden, bans, floor, shown)
    except NoDealFits:
        assert not deals
        return
    assert drawer.ways(0, drawer._room(tuple(caps)), 0) == sum(deals.values())
    draws = min(200 * len(deals), 12_000)
    drawn = Counter(
        tuple(tuple(sorted(kinds[k] for k in x)) for x in drawer.draw(rng)) for _ in range(draws)
    )
    assert set(drawn) <= set(deals)
    total = sum(deals.values())
    # chi-square against the arrangements' shares, at a threshold rarely crossed by chance
    chi = sum((drawn[d] - draws * n / total) ** 2 / (draws * n / total) for d, n in deals.items())
    assert min(draws * n / total for n in deals.values()) >= 5 or len(deals) > 50
    assert chi < len(deals) + 6 * (2 * len(deals)) ** 0.5 + 10
