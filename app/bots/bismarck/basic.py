"""The ``basic`` level: sensible, deterministic play from the view.

Contract from the open cards and the contracts left (contract.py), a discard that fits the
contract (discard.py), and heuristic card play that knows the cards played and the voids shown
(policy.py). The same view always gets the same action.
"""

from __future__ import annotations

from app.engine.cards import sorted_cards

from ..base import View, legal_of
from .bits import TEXT, cards_of
from .contract import choose_contract
from .discard import best_discard
from .knowledge import read
from .policy import choose


class BasicBot:
    level = "basic"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed  # unused: the level is deterministic

    def decide(self, view: View) -> str:
        legal = legal_of(view)
        kind = legal["kind"]
        if kind == "contract":
            left = len(view["contracts_left"][view["seat"]])
            return choose_contract(view["deal"]["open"], legal["actions"], left)
        k = read(view)
        if kind == "discard":
            out = best_discard(k.hand, k.trump, k.take)
            return "discard:" + ",".join(sorted_cards(cards_of(out)))
        card = choose(k.hand, k.trick, k.me, k.voids, k.unseen, k.trump, k.take)
        action = f"play:{TEXT[card]}"
        actions: list[str] = legal["actions"]
        if action not in actions:  # the policy follows suit by construction; never trust it blindly
            return actions[0]
        return action
