"""The basic level beats the random one: a duplicate tournament for each game. Each shuffled
pack is dealt twice, basic in each seat in turn against random in the other, so the luck of
the cards cancels; the figure per pack is basic's score less random's, and its 95% interval
over the packs must lie above zero. Every bot is seeded: the figures are the same on every
machine."""

from __future__ import annotations

import random
import statistics

import pytest

from app.bots import make_bot
from app.bots.arena import play_deal
from app.engine import Game
from app.engine.bezique import GAMES

RUBICON_GAME, CHINESE_GAME = GAMES

Z95 = 1.96
PACKS = {RUBICON_GAME.name: 6, CHINESE_GAME.name: 4}
"""Packs per game: a Chinese deal is half as long again, and basic wins it by more."""


def duplicate(game: Game, level_a: str, level_b: str, packs: int) -> list[float]:
    """Per pack, level A's score less level B's, averaged over both seatings."""
    margins = []
    for index in range(packs):
        dealt = game.new_match(2, game.resolve_options({}), 1)
        deal = game.chance(dealt, random.Random(f"{game.name}-pack:{index}"))
        total = 0.0
        for seat_a in (0, 1):
            bots = [
                make_bot(game.name, level_a if seat == seat_a else level_b, seed=index * 4 + seat)
                for seat in (0, 1)
            ]
            scores = [s or 0 for s in play_deal(game, bots, deal, first_dealer=1)]
            total += scores[seat_a] - scores[1 - seat_a]
        margins.append(total / 2)
    return margins


def lower_bound(values: list[float]) -> float:
    """The lower end of the 95% interval of the mean (normal approximation)."""
    return statistics.fmean(values) - Z95 * statistics.stdev(values) / len(values) ** 0.5


@pytest.mark.parametrize("game", [RUBICON_GAME, CHINESE_GAME], ids=lambda g: g.name)
def test_basic_beats_random(game: Game) -> None:
    packs = PACKS[game.name]
    margins = duplicate(game, "basic", "random", packs)
    assert lower_bound(margins) > 0, margins
    assert all(m > 0 for m in margins), margins
