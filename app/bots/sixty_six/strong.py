"""The Sixty-six family's ``strong`` level: the sampling search every game with a resampler
gets (``app/bots/sampling.py``), its playouts played by the basic level's rules read from the
state (``playout.py``) rather than by the basic bot on a view of every card."""

from __future__ import annotations

from typing import cast

from app.engine import TABLE, GameState
from app.engine.sixty_six.state import Match

from ..sampling import SamplingBot, margin
from .playout import choose


class FamilySearch(SamplingBot):
    def play_out(self, state: GameState, seat: int, played: int) -> float:
        match = cast(Match, state)
        apply = match.apply
        while match.deals_played == played and not match.is_over:
            actor = match.to_act
            if actor is None or actor == TABLE:
                break
            apply(actor, choose(match, actor))
        deals = self.game.scored_deals(state, played)
        if not deals:
            return 0.0
        return margin(deals[0].scores, seat)
