"""The ``strong`` level of rubicon and Chinese bezique: the sampling search every game with a
resampler gets (``app/bots/sampling.py``), over the basic level, on a few candidates and
with short playouts.

A bezique decision may offer a dozen cards and as many declarations, and a deal runs to a
hundred and eighty actions or more: played out in full for every candidate, a decision's
budget would see one or two sampled deals. So the search compares only the basic level's
first few choices (``CANDIDATES``) and, when declaring, ``draw``, the others being the ones
it would not play in any case; and each playout plays a few tricks with the basic level on
the state itself, then judges the position (``playout.py``).
"""

from __future__ import annotations

from typing import Final, cast

from app.engine import TABLE, Game, GameState
from app.engine.bezique import Match, Variant

from ..base import DEFAULT_BUDGET, View, legal_of
from ..sampling import Reviewer, SamplingBot, margin
from .basic import DRAW, BasicBot
from .playout import HORIZON, estimate, may_declare, play_choice, quick_view

CANDIDATES: Final = 3
"""The basic level's best few actions the search compares."""
LOYALTY: Final = 10.0
"""Points by which another candidate must beat the basic level's choice on average: with a
few dozen noisy playouts, a smaller lead is as likely chance as merit."""


class Search(SamplingBot):
    """The sampling search with playouts cut at ``horizon`` tricks while the stock lasts."""

    def __init__(
        self,
        game: Game,
        policy: BasicBot,
        seed: int | None,
        budget: float,
        max_samples: int | None,
        horizon: int,
    ) -> None:
        super().__init__(game, policy, seed, budget, max_samples)
        self.horizon = horizon

    def play_out(self, state: GameState, seat: int, played: int) -> float:
        match = cast(Match, state)
        deal = match.current
        if deal is None:
            return self.settled(state, seat, played)
        start = len(deal.history)
        decide = self.policy.decide
        parse = self.game.parse_action
        drawn = parse(DRAW)
        while match.deals_played == played and not match.is_over:
            actor = match.to_act
            if actor is None or actor == TABLE:
                break
            if (
                deal.deciding is None
                and not deal.trick
                and not deal.endgame
                and len(deal.history) - start >= self.horizon
            ):
                return estimate(match, seat)
            if deal.deciding is None:
                match.apply(actor, play_choice(match, actor))
                continue
            if not may_declare(match, actor):
                match.apply(actor, drawn)
                continue
            match.apply(actor, parse(decide(quick_view(match, actor))))
        return self.settled(state, seat, played)

    def settled(self, state: GameState, seat: int, played: int) -> float:
        deals = self.game.scored_deals(state, played)
        return margin(deals[0].scores, seat) if deals else 0.0


class StrongBot:
    level = "strong"

    def __init__(
        self,
        game: Game,
        variant: Variant,
        seed: int | None = None,
        budget: float = DEFAULT_BUDGET,
        max_samples: int | None = None,
        candidates: int = CANDIDATES,
        horizon: int = HORIZON,
        loyalty: float = LOYALTY,
    ) -> None:
        self.policy = BasicBot(variant)
        self.search = Search(game, self.policy, seed, budget, max_samples, horizon)
        self.candidates = candidates
        self.loyalty = loyalty

    @property
    def max_samples(self) -> int | None:
        """Sampled deals per decision at most (``None``: as many as the budget allows)."""
        return self.search.max_samples

    @max_samples.setter
    def max_samples(self, value: int | None) -> None:
        self.search.max_samples = value

    @property
    def last_samples(self) -> int:
        return self.search.last_samples

    def choices(self, view: View) -> list[str]:
        """The actions searched: the basic level's first few, of a card played while the
        stock lasts only one of each score (most of a hand's sevens, eights and nines are
        alike to it), and ``draw`` when declaring."""
        chosen: list[str] = []
        scores: set[float] = set()
        ranked = self.policy.scored(view)
        for action, score in ranked:
            if len(chosen) == self.candidates:
                break
            if score is not None:
                if score in scores:
                    continue
                scores.add(score)
            chosen.append(action)
        if DRAW not in chosen and any(action == DRAW for action, _ in ranked):
            chosen.append(DRAW)
        return chosen

    def reviewer(self) -> Reviewer:
        """The review weighs what this player weighs, with its short playouts."""
        return Reviewer(self.search, self.choices)

    def decide(self, view: View) -> str:
        legal = legal_of(view)
        actions: list[str] = legal["actions"]
        if len(actions) == 1:
            return actions[0]
        chosen = self.choices(view)
        if len(chosen) == 1:
            return chosen[0]
        bias = [self.loyalty if i == 0 else 0.0 for i in range(len(chosen))]
        return self.search.choose(view, chosen, bias)
