"""The deals the strong level samples fit what its seat was shown: the engine's resampler
deals the hidden cards so that every hand melds exactly what it showed (the ledger's
``exactly``, app/engine/clauses.py), so that in the double-deck game, where twenty-card hands
meld so easily that most random draws do not fit, every sampled hand shows exactly the melds
of the view, and the play so far stays legal."""

from __future__ import annotations

import random

from app.bots import make_bot
from app.bots.arena import play_deal
from app.engine import GameState
from app.engine.pinochle.double_deck_pinochle import GAME
from app.engine.pinochle.melds import best
from app.engine.pinochle.partnership.state import Match, meld_json


def test_every_sampled_hand_shows_the_melds_of_the_view() -> None:
    views = []

    def keep(state: GameState) -> None:
        assert isinstance(state, Match)
        if state.phase() == "play" and len(views) < 40:
            seat = state.to_act
            assert seat is not None
            views.append(GAME.view(state, seat, None, None))

    for seed in range(4):
        start = GAME.new_match(4, GAME.resolve_options({"claims": False}), 3)
        bots = [make_bot(GAME.name, "basic") for _ in range(4)]
        play_deal(GAME, bots, GAME.chance(start, random.Random(seed)), 3, on_view=keep)
    rng = random.Random(7)
    assert len(views) >= 40
    for view in views[::2]:
        d = view["deal"]
        for _ in range(3):
            sample = GAME.resample(view, rng)  # type: ignore[misc]
            assert isinstance(sample, Match)
            dealt = sample.deals[-1].dealt
            for seat in range(4):
                shown = [
                    meld_json(m) for m in best(dealt[seat], d["trump"], sample.VARIANT.meld_table)
                ]
                assert shown == d["melds"][seat]["melds"]
            assert GAME.view(sample, view["seat"], None, None)["deal"] == d
