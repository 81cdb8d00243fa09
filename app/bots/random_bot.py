"""The ``random`` level: any legal action, uniformly."""

from __future__ import annotations

from .base import View, decision_rng, legal_of


class RandomBot:
    level = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def decide(self, view: View) -> str:
        legal = legal_of(view)
        rng = decision_rng(self.seed, view)
        if legal["kind"] == "discard":
            cards = rng.sample(list(legal["from"]), legal["count"])
            return "discard:" + ",".join(cards)
        actions: list[str] = legal["actions"]
        return rng.choice(actions)
