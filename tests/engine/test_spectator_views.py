"""A spectator's view of a deal in progress holds no hand: ``deal.hand`` is null in every
game (docs/protocol.md 8.0), at every step of a deal played at random."""

from __future__ import annotations

import random

import pytest

from app.engine import GAMES, TABLE


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_spectators_deal_has_a_null_hand(name: str) -> None:
    game = GAMES[name]
    state = game.new_match(game.seats_default, game.resolve_options({}), 0)
    rng = random.Random(3)
    seen = 0
    for _ in range(300):
        if state.to_act is None:
            break
        if state.to_act == TABLE:
            state.apply(TABLE, game.chance(state, rng))
            continue
        deal = game.view(state, None, None, None)["deal"]
        assert deal is not None and deal["hand"] is None, (name, deal.get("hand"))
        seen += 1
        state.apply(state.to_act, rng.choice(state.legal_actions(state.to_act)))
    assert seen > 20
