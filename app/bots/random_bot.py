"""The ``random`` level, for every game: any legal action, uniformly."""

from __future__ import annotations

from .base import View, decision_rng, legal_of


class RandomBot:
    level = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def decide(self, view: View) -> str:
        legal = legal_of(view)
        rng = decision_rng(self.seed, view)
        if "count" in legal:
            # a choice of cards by position: ``count`` of ``from`` (a discard, a burial)
            cards = rng.sample(list(legal["from"]), legal["count"])
            return f"{legal['kind']}:" + ",".join(cards)
        actions: list[str] = legal["actions"]
        return rng.choice(actions)
