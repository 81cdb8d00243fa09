"""Every decision of a match played by one policy, for the tests that hold a fast playout
or a review to the engine's from each of them."""

from __future__ import annotations

import random
from typing import Any, Protocol, TypeVar, cast

from app.engine import TABLE, Game, GameState


class Policy(Protocol):
    def decide(self, view: Any) -> str: ...


State = TypeVar("State", bound=GameState)


def decisions(
    game: Game, match: State, policy: Policy, rng: random.Random, deals: int
) -> list[tuple[State, int]]:
    """Each decision of ``match``'s deals until ``deals`` are scored, ``policy`` acting for
    every seat and ``rng`` dealing: a copy of the state before it and the seat to act."""
    out: list[tuple[State, int]] = []
    while match.deals_played < deals and not match.is_over:
        actor = match.to_act
        assert actor is not None
        if actor == TABLE:
            match.apply(TABLE, game.chance(match, rng))
            continue
        out.append((cast(State, match.clone()), actor))
        match.apply(actor, game.parse_action(policy.decide(game.view(match, actor, None, None))))
    return out
