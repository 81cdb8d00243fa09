"""The basic level beats random play in both partnership pinochles: duplicate tournaments
with the partnerships rotated. Each shuffled pack is played twice, basic partners at North
and South against random ones at East and West, then the other way round, so the luck of
the cards cancels; the figure per pack is the mean basic seat's score less the mean random
seat's (``app.bots.arena.play_deal``: the pack as the first deal of a fresh match), and its
95% interval over the packs must lie above zero.

The tournaments are played without claims. A random player claims at random, and a claim
ends the match at once, the claiming side scoring its points so far and the other side
nothing: with claims, almost every deal against random players ends in their first turns
of play with both sides at 0 or the basic side at 0, and no player that never claims
wrongly can do better in the deal's scores. What claims do to random players is tested on
whole matches instead: they lose every one, since the basic level claims only when sure.

Every bot here is seeded, so every figure is the same on every machine."""

from __future__ import annotations

import random
import statistics

import pytest

from app.bots import Bot, make_bot
from app.bots.arena import play_deal, play_match
from app.engine import GAMES
from app.engine.pinochle.partnership.state import Match

Z95 = 1.96
TEAMS = ((0, 2), (1, 3))
PACKS = {"partnership_pinochle": 150, "double_deck_pinochle": 60}
"""Packs per tournament: enough for a clear interval, a few seconds each."""
NO_CLAIMS = {"claims": False}


def duplicate(name: str, level_a: str, level_b: str, packs: int) -> list[float]:
    """Per pack, level A's mean score per seat less level B's, over both rotations."""
    game = GAMES[name]
    margins = []
    for index in range(packs):
        start = game.new_match(4, game.resolve_options(NO_CLAIMS), 3)
        deal = game.chance(start, random.Random(f"{name}-pack:{index}"))
        total = 0.0
        for rotation, team in enumerate(TEAMS):
            bots: list[Bot] = [
                make_bot(name, level_a if s in team else level_b, seed=index * 8 + rotation * 4 + s)
                for s in range(4)
            ]
            scores = [x or 0 for x in play_deal(game, bots, deal, 3, options=NO_CLAIMS)]
            ours = statistics.fmean(scores[s] for s in team)
            theirs = statistics.fmean(scores[s] for s in range(4) if s not in team)
            total += ours - theirs
        margins.append(total / len(TEAMS))
    return margins


def lower_bound(values: list[float]) -> float:
    """The lower end of the 95% interval of the mean (normal approximation)."""
    return statistics.fmean(values) - Z95 * statistics.stdev(values) / len(values) ** 0.5


@pytest.mark.parametrize("name", sorted(PACKS))
def test_basic_beats_random_in_duplicate_deals(name: str) -> None:
    margins = duplicate(name, "basic", "random", PACKS[name])
    assert lower_bound(margins) > 0, statistics.fmean(margins)


@pytest.mark.parametrize("name", sorted(PACKS))
def test_random_players_claiming_at_random_lose_every_match_to_basic(name: str) -> None:
    game = GAMES[name]
    for index in range(4):
        team = TEAMS[index % 2]
        bots = [
            make_bot(name, "basic" if s in team else "random", seed=index * 4 + s) for s in range(4)
        ]
        state = play_match(game, bots, random.Random(index))
        assert isinstance(state, Match)
        outcome = game.outcome(state)
        assert outcome is not None and outcome.winners == team
        claim = state.deals[-1].result.claim if state.deals[-1].result else None
        if claim is not None:
            assert claim.good == (claim.team == team[0] % 2)
