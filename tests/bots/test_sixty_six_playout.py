"""The Sixty-six family's playout policy, read from the state, chooses what the basic level
chooses on the same seat's view, at every decision of whole matches of both games and under
the options that change what the view shows or offers."""

from __future__ import annotations

import random

import pytest

from app.bots.sixty_six.basic import BasicBot
from app.bots.sixty_six.playout import choose
from app.engine import TABLE, get_game

CASES = [
    ("sixty_six", {}),
    ("sixty_six", {"german_phase2": True, "show_points": True, "claims_only_immediately": True}),
    ("schnapsen", {}),
    ("schnapsen", {"no_marriages_after_closing": True, "show_points": True}),
]


@pytest.mark.parametrize(("name", "options"), CASES)
def test_the_playout_chooses_as_the_basic_level(name: str, options: dict[str, object]) -> None:
    game = get_game(name)
    basic = BasicBot()
    # a random seat decides now and then, so that the matches reach states basic play avoids
    rng = random.Random(7)
    compared = 0
    seen: set[str] = set()
    for _ in range(6):
        match = game.new_match(2, game.resolve_options(options), rng.randrange(2))
        while not match.is_over:
            actor = match.to_act
            if actor == TABLE:
                match.apply(TABLE, game.chance(match, rng))
                continue
            expected = basic.decide(game.view(match, actor, None, None))
            chosen = choose(match, actor)  # type: ignore[arg-type]
            assert str(chosen) == expected, (match.current.actions, expected, str(chosen))
            compared += 1
            seen.add(chosen.kind)
            action = chosen if rng.random() < 0.7 else rng.choice(match.legal_actions(actor))
            match.apply(actor, action)
    assert compared > 200
    assert len(seen) >= 4, seen  # plays, and some of exchange, close, marriage, claim
