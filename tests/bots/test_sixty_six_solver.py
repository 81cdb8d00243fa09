"""The Sixty-six family's strong level, once the stock is exhausted, plays a move of the best
value by minimax: its alpha-beta solver agrees with a search of every line of play without
cuts, and the level's choice on a seat's view is one of the best moves of the true deal."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from app.bots import make_bot
from app.bots.sixty_six.playout import choose
from app.bots.sixty_six.strong import solve
from app.engine import TABLE, get_game
from app.engine.trick_game import scored_deals


def _every_line(match: Any, seat: int, played: int) -> float:
    """Minimax without cuts: the deal's margin for ``seat`` with both sides at their best."""
    actor = match.to_act
    if match.deals_played > played or actor is None or actor == TABLE:
        scores = scored_deals(match, played)[0].scores
        return float(scores[seat] - scores[1 - seat])
    values = []
    for action in match.legal_actions(actor):
        child = match.clone()
        child.apply(actor, action)
        values.append(_every_line(child, seat, played))
    return max(values) if actor == seat else min(values)


def _exhausted(name: str, rng: random.Random, most: int) -> Any:
    """A match of ``name`` just after its stock ran out, each hand at most ``most`` cards,
    played there by the basic level's rules with some random moves; ``None`` if the deal
    ended before."""
    game = get_game(name)
    match = game.new_match(2, game.resolve_options({}), rng.randrange(2))
    match.apply(TABLE, game.chance(match, rng))
    while match.deals_played == 0:
        deal = match.current
        actor = match.to_act
        legal = match.legal_actions(actor)
        ledger = deal.ledger
        small = len(ledger.hands[actor]) <= most
        if not ledger.stock and small and not ledger.trick and len(legal) > 1:
            return match
        closing = [a for a in legal if a.kind in ("close", "claim")]
        pool = [a for a in legal if a not in closing]
        action = choose(match, actor) if rng.random() < 0.6 else rng.choice(pool or legal)
        if action.kind in ("close", "claim") and rng.random() < 0.9:
            action = rng.choice(pool or legal)
        match.apply(actor, action)
    return None


@pytest.mark.parametrize(("name", "most"), [("schnapsen", 4), ("sixty_six", 4)])
def test_the_solver_finds_the_best_move_of_the_exhausted_deal(name: str, most: int) -> None:
    game = get_game(name)
    rng = random.Random(3)
    bot = make_bot(name, "strong", seed=1, budget=5.0)
    checked = 0
    while checked < 12:
        match = _exhausted(name, rng, most)
        if match is None:
            continue
        seat = match.to_act
        actions = match.legal_actions(seat)
        values = []
        for action in actions:
            child = match.clone()
            child.apply(seat, action)
            values.append(_every_line(child, seat, 0))
        best = max(values)
        assert values[solve(match, seat, actions, math.inf)] == best
        chosen = game.parse_action(bot.decide(game.view(match, seat, None, None)))
        assert values[actions.index(chosen)] == best, (match.current.actions, chosen)
        checked += 1
