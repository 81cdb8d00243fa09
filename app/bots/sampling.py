"""A ``strong`` level for any game with a resampler: sample the unseen cards, play each
candidate out, keep the best.

For every decision the bot asks the game to deal the cards it has not seen anew, many times
over (``Game.resample``: each deal consistent with its view, uniformly), plays every legal
action out to the end of the deal on each sampled deal, with a policy (the game's ``basic``
level, which sees each seat's view of the sampled deal) choosing for every seat, and keeps
the action with the best average result for its seat: its score in the deal less the mean of
the others'. All candidates share the same sampled deals, so their differences are measured
with little noise (search.py stops early once one is clearly best). This is perfect-
information Monte Carlo, as OpenSpiel's ``ISMCTS`` and the bridge programs of the 1990s began:
it assumes the other players will see everything in the playouts, which is its known bias,
and it is far stronger than its policy all the same.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from time import perf_counter

from app.engine import TABLE, Game, GameState

from .base import DEFAULT_BUDGET, Bot, View, decision_rng, legal_of
from .search import best_candidate

Policy = Callable[[View], str]


class SamplingBot:
    level = "strong"

    def __init__(
        self,
        game: Game,
        policy: Bot,
        seed: int | None = None,
        budget: float = DEFAULT_BUDGET,
        max_samples: int | None = None,
    ) -> None:
        if game.resample is None:
            raise ValueError(f"{game.name} has no resampler to search with")
        self.game = game
        self.policy = policy
        self.seed = seed
        self.budget = budget
        self.max_samples = max_samples
        self.last_samples = 0
        """Sampled deals behind the last decision (for benchmarks and tests)."""

    def decide(self, view: View) -> str:
        legal = legal_of(view)
        actions: list[str] = list(legal.get("actions", []))
        self.last_samples = 0
        if "count" in legal or len(actions) < 2:
            # a choice of cards by position is the policy's (too many to play out each)
            return self.policy.decide(view) if "count" in legal else actions[0]
        return self.choose(view, actions)

    def choose(
        self, view: View, actions: Sequence[str], bias: Sequence[float] | None = None
    ) -> str:
        """The best of ``actions`` for the seat whose view this is, by the mean result of
        playouts from the deals sampled within the budget, ``bias`` added to each mean."""
        deadline = perf_counter() + self.budget
        best, self.last_samples = best_candidate(
            len(actions), self.sampler(view, actions), deadline, self.max_samples, bias
        )
        return actions[best]

    def sampler(self, view: View, actions: Sequence[str]) -> Callable[[], list[float]]:
        """A function that deals one sample of the hidden cards this view allows, plays each
        of ``actions`` out from it, and returns their results in order."""
        seat: int = view["seat"]
        rng = decision_rng(self.seed, view)
        game = self.game
        resample = game.resample
        assert resample is not None
        parsed = [game.parse_action(a) for a in actions]

        def sample() -> list[float]:
            dealt: GameState = resample(view, rng)
            played = dealt.deals_played
            results: list[float] = []
            for action in parsed:
                state = dealt.clone()
                state.apply(seat, action)  # a claim, say, may end the deal at once
                results.append(self.play_out(state, seat, played))
            return results

        return sample

    def play_out(self, state: GameState, seat: int, played: int) -> float:
        """Play the deal in progress to its end with the policy; ``seat``'s margin in it.
        ``played``: the deals scored before this one."""
        game = self.game
        while state.deals_played == played and not state.is_over:
            actor = state.to_act
            if actor is None or actor == TABLE:
                break
            shown = game.view(state, actor, None, None)
            state.apply(actor, game.parse_action(self.policy.decide(shown)))
        deals = game.scored_deals(state, played)
        if not deals:
            return 0.0
        return margin(deals[0].scores, seat)


@dataclass(frozen=True, slots=True)
class Reviewer:
    """How a game's strong player weighs a decision, for the review of one already made
    (``review.py``): its ``search`` plays candidates out (``search.play_out``) and
    ``choices`` names the ones worth weighing (all legal actions when ``None``)."""

    search: SamplingBot
    choices: Callable[[View], list[str]] | None = None


def margin(scores: Sequence[int | None], seat: int) -> float:
    """A seat's score less the mean of the other seats' that took part."""
    others = [s for i, s in enumerate(scores) if i != seat and s is not None]
    own = scores[seat] or 0
    return own - (sum(others) / len(others) if others else 0.0)
