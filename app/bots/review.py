"""The strong player's review of a decision already made: what each choice the seat had was
worth on average, and whether the one it made was clearly worse than the best.

The review thinks as the ``strong`` level does (``sampling.py``): it deals the cards the
seat had not seen anew, many times over, consistently with its view; plays every candidate
out on each sampled deal, the game's ``basic`` level choosing for every seat; and compares the
candidates on the same sampled deals, so that the noise of the deal cancels in their
differences. A game whose strong player searches in its own way gives the review that search
(its bot's ``reviewer()``: the candidates it weighs, its playouts); every other game gets the
sampling search over its basic level. A candidate's worth is what the strong player
maximises: the seat's score in the deal less the mean of the other seats' (``margin``), in the
game's points; in a two-player game, the difference of the two scores.

A play is *clearly worse* when the best candidate beats it by ``CLEAR`` standard errors of
the paired difference, and by at least ``MIN_COST`` points and ``MATTERS`` of what the deal
was worth (the mean size of the best candidate's results): far enough to be no accident of
the sampled deals, and large enough to matter in a game whose deals are worth a few points
(Bismarck) or thousands (bezique). Judgements carry the cost and its error, so a reader can
weigh what is not marked as well.

A claim (the pinochles') is weighed only when it was made: it is no way of playing the
deal but a statement that the side has won, and the playouts, which see every card, would
find one right or wrong for certain where the player could not.
"""

from __future__ import annotations

from dataclasses import dataclass
from time import perf_counter
from typing import Any

from app.engine import Game

from . import levels_for, make_bot
from .base import View, decision_rng, legal_of
from .sampling import Reviewer, SamplingBot

MIN_SAMPLES = 4
"""Sampled deals behind every judgement, however short the budget: with fewer the error of
a cost is not known well enough to mark anything (a caller may cap the deals lower)."""

MAX_SAMPLES = 200
"""Sampled deals beyond which a judgement stops even with budget left."""

CLEAR = 3.0
"""Standard errors of the paired difference by which the best must beat the play made."""

MIN_COST = 0.5
"""Points (on average) below which no play is marked: scores are whole points."""

MATTERS = 0.05
"""The share of what a deal was worth below which a cost is not marked."""

CLAIM = "claim"


def reviewer_for(game: Game, seed: int | None) -> Reviewer:
    levels = levels_for(game.name)
    if "strong" not in levels:
        # a game whose strong player is still to come is reviewed by sampling deals and
        # playing them out with its best level
        policy = make_bot(game.name, "basic" if "basic" in levels else "random", seed)
        return Reviewer(SamplingBot(game, policy, seed))
    strong = make_bot(game.name, "strong", seed)
    own = getattr(strong, "reviewer", None)
    if callable(own):
        found: Reviewer = own()
        return found
    if isinstance(strong, SamplingBot):
        return Reviewer(strong)
    return Reviewer(SamplingBot(game, make_bot(game.name, "basic", seed), seed))


@dataclass(frozen=True, slots=True)
class Judgement:
    """The review of one decision: the action ``played`` against the reviewer's ``best``."""

    played: str
    best: str
    cost: float
    """Points the played action lost on average against the best (0 when it is the best)."""
    error: float
    """The standard error of ``cost``."""
    samples: int
    candidates: int
    worth: float = 0.0
    """What the deal was worth: the mean size of the best candidate's results."""

    @property
    def clearly_worse(self) -> bool:
        return (
            self.samples >= MIN_SAMPLES
            and self.cost >= max(MIN_COST, MATTERS * self.worth)
            and self.cost >= CLEAR * self.error
        )

    def as_json(self) -> dict[str, Any]:
        return {
            "played": self.played,
            "best": self.best,
            "cost": round(self.cost, 2),
            "error": round(self.error, 2),
            "samples": self.samples,
            "candidates": self.candidates,
            "worth": round(self.worth, 2),
            "worse": self.clearly_worse,
        }


def candidates_of(
    view: View, played: str, choice: str | None, listed: list[str] | None
) -> list[str]:
    """The choices weighed: ``listed`` (the reviewer's own) or the seat's legal actions, or,
    where the seat chose a set of cards (too many sets to play every one out), the set it
    chose and the policy's ``choice``. The action played is always among them."""
    legal = legal_of(view)
    if "count" in legal:
        return [played] if choice in (None, played) else [played, choice]
    found = list(listed) if listed is not None else [str(a) for a in legal.get("actions", [])]
    found = [a for a in found if a == played or a.partition(":")[0] != CLAIM]
    if played not in found:
        found.append(played)  # an action the list leaves out (a claim, say)
    return found


def judge(
    game: Game,
    reviewer: Reviewer,
    view: View,
    played: str,
    seed: int | None,
    budget: float,
    max_samples: int = MAX_SAMPLES,
) -> Judgement | None:
    """The review of ``played`` by the seat whose ``view`` this is, sampling for up to
    ``budget`` seconds (at least ``MIN_SAMPLES`` deals); ``None`` when the seat had no
    choice."""
    resample = game.resample
    if resample is None:
        raise ValueError(f"{game.name} has no resampler to review with")
    search = reviewer.search
    played = str(game.parse_action(played))
    legal = legal_of(view)
    # the policy's set of cards as the notation writes it, as ``played`` is: the same set
    # in another order is the same choice, not a second candidate
    choice = str(game.parse_action(search.policy.decide(view))) if "count" in legal else None
    listed = None
    if reviewer.choices is not None and "count" not in legal and len(legal["actions"]) > 1:
        listed = reviewer.choices(view)
    texts = candidates_of(view, played, choice, listed)
    if len(texts) < 2:
        return None
    seat: int = view["seat"]
    rng = decision_rng(seed, view)
    actions = [game.parse_action(text) for text in texts]
    rows: list[list[float]] = [[] for _ in texts]
    deadline = perf_counter() + budget
    samples = 0
    while samples < max_samples and (samples < MIN_SAMPLES or perf_counter() < deadline):
        dealt = resample(view, rng)
        before = dealt.deals_played
        for row, action in zip(rows, actions, strict=True):
            state = dealt.clone()
            state.apply(seat, action)
            row.append(search.play_out(state, seat, before))
        samples += 1
    means = [sum(row) / samples for row in rows]
    best = max(range(len(texts)), key=lambda i: (means[i], -i))
    cost, error = _paired(rows[best], rows[texts.index(played)])
    worth = sum(abs(x) for x in rows[best]) / samples
    return Judgement(played, texts[best], cost, error, samples, len(texts), worth)


def _paired(best: list[float], mine: list[float]) -> tuple[float, float]:
    """The mean of ``best - mine`` over the sampled deals, and its standard error."""
    diffs = [b - m for b, m in zip(best, mine, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, 0.0
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, (variance / n) ** 0.5
