"""Finnish Bismarck's levels are ordered: duplicate tournaments with the partnerships
rotated. Each shuffled pack is played twice as the first deal of a match (seat 0 forehand),
level A partners at seats 0 and 2 against level B at 1 and 3, then the other way round, so
the luck of the cards cancels; the figure per pack is A's mean seat score less B's, and its
95% interval over the packs must lie above zero.

The bots are seeded and the strong level's search is cut at a number of sampled deals,
never at a clock, so every figure here is the same on every machine."""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable

import pytest

from app.bots import Bot, make_bot
from app.bots.arena import play_deal
from app.bots.bismarck.finnish import StrongBot
from app.engine.bismarck.finnish import GAME
from app.engine.bismarck.finnish.state import Match
from app.engine.trick_game import shuffled_deal

Z95 = 1.96
TEAMS = ((0, 2), (1, 3))

Maker = Callable[[str, int], Bot]


def duplicate(level_a: str, level_b: str, packs: int, make: Maker) -> list[float]:
    """Per pack, level A's mean score per seat less level B's, over both rotations."""
    margins = []
    for index in range(packs):
        deal = shuffled_deal(Match, random.Random(f"finnish-bismarck-pack:{index}"))
        total = 0.0
        for rotation, team in enumerate(TEAMS):
            bots = [
                make(level_a if seat in team else level_b, (index * 2 + rotation) * 4 + seat)
                for seat in range(4)
            ]
            scores = [s or 0 for s in play_deal(GAME, bots, deal, first_dealer=3)]
            ours = statistics.fmean(scores[s] for s in team)
            theirs = statistics.fmean(scores[s] for s in range(4) if s not in team)
            total += ours - theirs
        margins.append(total / len(TEAMS))
    return margins


def lower_bound(values: list[float]) -> float:
    """The lower end of the 95% interval of the mean (normal approximation)."""
    return statistics.fmean(values) - Z95 * statistics.stdev(values) / len(values) ** 0.5


STRONG_SAMPLES = 32
"""Sampled deals per strong decision here: enough to see the search at work, few enough to
run in well under a minute."""


def bot(level: str, seed: int) -> Bot:
    if level == "strong":
        return StrongBot(seed, budget=60.0, max_samples=STRONG_SAMPLES)
    return make_bot(GAME.name, level, seed=seed)


def test_basic_beats_random() -> None:
    margins = duplicate("basic", "random", 60, bot)
    assert lower_bound(margins) > 0, (statistics.fmean(margins), margins)
    assert sum(m > 0 for m in margins) >= 50


@pytest.mark.slow
def test_strong_beats_basic() -> None:
    margins = duplicate("strong", "basic", 16, bot)
    assert lower_bound(margins) > 0, (statistics.fmean(margins), margins)
