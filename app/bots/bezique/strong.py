"""The ``strong`` level of rubicon and Chinese bezique: the sampling search every game with a
resampler gets (``app/bots/sampling.py``), over the basic level, on a few candidates and
with short playouts.

A bezique decision may offer a dozen cards and as many declarations, and a deal runs to a
hundred and eighty actions or more: played out in full for every candidate, a decision's
budget would see one or two sampled deals. So the search compares only the basic level's
first few choices (``CANDIDATES``) and, when declaring, ``draw``, the others being the ones
it would not play in any case; and each playout plays a few tricks with the basic level on
the state itself, then judges the position (``playout.py``).

A playout's result is the seat's points taken in play less the other player's, the judged
lead at the horizon or the points at the deal's end: the same measure either way. The
deal's settled score would add the winner's bonus (500 in rubicon, or a rubicon) to the
playouts that end on the winning side of the line, a jump that a few dozen sampled deals
cannot average out, and a measure of another kind than the judged positions'.

The candidate with the best mean is taken only if it beats the basic level's choice by
:data:`CONFIDENCE` standard errors of their paired difference (as the partnership
pinochles' strong level does): of three candidates that are as good as each other one
would lead on noise alone most of the time, and the basic level's choice is a fair guess.
Sampling stops at the budget or the cap on sampled deals, or sooner, from the sixteenth
deal on, once one candidate is clearly best or every other trails the basic level's choice
by a standard error: a person waiting should not watch the bot confirm the obvious.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from time import perf_counter
from typing import Final, cast

from app.engine import TABLE, Game, GameState
from app.engine.bezique import Match, Variant

from ..base import DEFAULT_BUDGET, View, legal_of
from ..sampling import Reviewer, SamplingBot
from ..search import Estimate, argmax, paired, sampled_rows
from .basic import DRAW, BasicBot
from .playout import HORIZON, estimate, may_declare, play_choice, quick_view

CANDIDATES: Final = 3
"""The basic level's best few actions the search compares."""
CONFIDENCE: Final = 1.0
"""Standard errors of the paired difference by which another candidate must beat the basic
level's choice on the sampled deals to be taken instead."""
LEAST_EVIDENCE: Final = 8
"""Sampled deals below which the basic level's choice is kept whatever they show: the
spread of a handful of paired differences is itself too noisy to judge by."""
FIRST_CHECK: Final = 16
"""Sampled deals before the first check whether the decision is settled (:func:`settled`).
Once the stock is gone the sampled deals hardly differ (the unseen cards are the other
player's hand, or nearly), and every candidate scores alike on each of them: sixteen show
it, where the shared search's first check waits for sixty-four."""


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
                and not deal.ledger.trick
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
        """``seat``'s points taken in the deal ``played`` less the other player's."""
        match = cast(Match, state)
        deal = match.current
        if deal is not None and match.deals_played == played:
            return float(deal.points[seat] - deal.points[1 - seat])
        deals = self.game.scored_deals(state, played)
        if not deals:
            return 0.0
        points = deals[0].detail["points"]
        return float(points[seat] - points[1 - seat])

    def confident(self, view: View, actions: Sequence[str], z: float) -> str:
        """The best of ``actions`` on the sampled deals if it beats ``actions[0]`` by ``z``
        standard errors of their paired difference, else ``actions[0]``."""
        deadline = perf_counter() + self.budget
        sample = self.sampler(view, actions)
        rows = sampled(len(actions), sample, deadline, self.max_samples, z)
        samples = self.last_samples = len(rows[0])
        best = argmax([sum(row) for row in rows])
        if best == 0 or samples < LEAST_EVIDENCE:
            return actions[0]
        mean, error = paired(rows[best], rows[0])
        return actions[best] if mean > z * error else actions[0]


def kept(rows: list[list[float]], z: float) -> bool:
    """Whether every other candidate trails the basic level's choice (``rows[0]``) by ``z``
    standard errors: ``2 z`` short of being taken, it would take a run of luck to get
    there, and the rest of the budget is better saved."""
    for row in rows[1:]:
        mean, error = paired(row, rows[0])
        if mean >= -z * error:
            return False
    return True


def sampled(
    count: int,
    sample: Callable[[], list[float]],
    deadline: float,
    max_samples: int | None,
    z: float,
) -> list[list[float]]:
    """Each candidate's results, one per sampled deal, sampled until the deadline, the cap
    or a check (from :data:`FIRST_CHECK` deals on, at geometric steps) finds the decision
    settled: one candidate clearly best (search.py's test), or the basic level's choice
    kept (:func:`kept`); at least one deal."""
    flat = [0.0] * count
    guess = Estimate(list(flat), 0.0)
    enough = partial(kept, z=z)
    return sampled_rows(count, sample, deadline, max_samples, flat, guess, FIRST_CHECK, enough)


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
        confidence: float = CONFIDENCE,
    ) -> None:
        self.policy = BasicBot(variant)
        self.search = Search(game, self.policy, seed, budget, max_samples, horizon)
        self.candidates = candidates
        self.confidence = confidence

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

    @property
    def game(self) -> Game:
        """The game whose ``resample`` deals the searched deals: the engine's, or one that
        hands over the true deal (the open-hand yardstick, ``bench/cheat.py``)."""
        return self.search.game

    @game.setter
    def game(self, value: Game) -> None:
        self.search.game = value

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
        return self.search.confident(view, chosen, self.confidence)
