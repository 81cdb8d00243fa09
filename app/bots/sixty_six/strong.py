"""The Sixty-six family's ``strong`` level: the sampling search every game with a resampler
gets (``app/bots/sampling.py``), its playouts played by the basic level's rules read from the
state (``playout.py``) rather than by the basic bot on a view of every card; and, once the
stock is exhausted, when every card's place is known to a player who counts, the game itself
solved to its end.

After the last draw the hidden cards are the other hand, and the cards seen (the player's
own, every card played, the card turned and any exchanged) leave exactly one: every sampled
deal is the same deal, and playing it out by rules of thumb would only misjudge it. The
search instead tries every line of play, both players choosing their best (minimax, with
alpha-beta cuts), and scores each end as the deal scores it: game points, a claim the moment
it wins.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from time import perf_counter
from typing import cast

from app.engine import TABLE, Action, GameState
from app.engine.sixty_six.state import Match
from app.engine.trick_game import scored_deals

from ..base import View, decision_rng, legal_of
from ..sampling import SamplingBot, margin
from .playout import choose


class FamilySearch(SamplingBot):
    def decide(self, view: View) -> str:
        deal = view.get("deal")
        legal = legal_of(view)
        actions: list[str] = list(legal.get("actions", []))
        if deal is None or not deal["exhausted"] or len(actions) < 2:
            return super().decide(view)
        resample = self.game.resample
        assert resample is not None
        state = cast(Match, resample(view, decision_rng(self.seed, view)))
        seat: int = view["seat"]
        parsed = [self.game.parse_action(a) for a in actions]
        budget = self.budget
        try:
            best = solve(state, seat, parsed, perf_counter() + budget / 2)
        except OutOfTime:
            # six cards a hand can take long: the sampling search decides in what is left
            self.budget = budget / 2
            try:
                return super().decide(view)
            finally:
                self.budget = budget
        self.last_samples = 1
        return actions[best]

    def play_out(self, state: GameState, seat: int, played: int) -> float:
        return _play_out(cast(Match, state), seat, played)


def _play_out(match: Match, seat: int, played: int) -> float:
    """``seat``'s margin in the deal in progress played to its end by the basic level's
    rules; ``played``: the deals scored before it."""
    apply = match.apply
    while match.deals_played == played and not match.is_over:
        actor = match.to_act
        if actor is None or actor == TABLE:
            break
        apply(actor, choose(match, actor))
    return _settled(match, seat, played)


def _settled(match: Match, seat: int, played: int) -> float:
    """``seat``'s margin in the deal ``played`` (the deals scored before it), once over."""
    deals = scored_deals(match, played)
    return margin(deals[0].scores, seat) if deals else 0.0


class OutOfTime(Exception):
    """The solver passed its deadline."""


def solve(match: Match, seat: int, actions: Sequence[Action], deadline: float) -> int:
    """The index of the best of ``actions`` for ``seat``, the seat to act, by minimax over
    every line of play to the end of the deal; :class:`OutOfTime` past ``deadline``. Of moves
    that do equally well against the best defence (every move of a lost deal, say), the one
    whose playout by the basic level's rules does best: the other player is no solver."""
    played = match.deals_played
    values: list[float] = []
    best_value = -math.inf
    for action in actions:
        child = match.clone()
        child.apply(seat, action)
        # a window just under the best so far: a move as good returns its exact value
        # (margins are whole points), a worse one no more than the window's floor
        values.append(_value(child, seat, played, best_value - 0.5, math.inf, deadline))
        best_value = max(best_value, values[-1])
    tied = [i for i, value in enumerate(values) if value >= best_value]
    if len(tied) == 1:
        return tied[0]

    def played_out(i: int) -> float:
        child = match.clone()
        child.apply(seat, actions[i])
        return _play_out(child, seat, played)

    return max(tied, key=played_out)


def _value(
    match: Match, seat: int, played: int, alpha: float, beta: float, deadline: float
) -> float:
    if perf_counter() > deadline:
        raise OutOfTime
    actor = match.to_act
    if match.deals_played > played or match.is_over or actor is None or actor == TABLE:
        return _settled(match, seat, played)
    maximising = actor == seat
    for action in match.legal_actions(actor):
        child = match.clone()
        child.apply(actor, action)
        value = _value(child, seat, played, alpha, beta, deadline)
        if maximising:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            break
    return alpha if maximising else beta
