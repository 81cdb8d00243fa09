"""The partnership pinochles' ``basic`` level: sensible, deterministic play from the view.

- The auction and trump: bidding.py (the side's worth from the hand, the partner's calls
  and the fitted estimate; support the partner, never overbid him without need, stop at the
  estimate; announce a meld worth telling before any bid).
- The play: policy.py, within the duties the engine lists.
- A claim only when it is sure: the view's ``claim_standing`` is what the engine would
  count, so a claim that reaches the target there wins the game, and any other would lose
  it. Asked out of turn, where only a claim is offered, it claims when sure and otherwise
  has nothing to do (:class:`NotMyTurn`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import NotMyTurn, View, legal_of
from .bidding import choose_call, choose_trump
from .deck import team
from .estimate import Tuning
from .policy import choose
from .seen import seen_of


def claim_is_sure(view: Mapping[str, Any]) -> bool:
    """Whether the seat's side reaches the target by the engine's own count of a claim."""
    d = view.get("deal")
    if not d or not d.get("claimable") or d.get("claim_standing") is None:
        return False
    return bool(d["claim_standing"][team(view["seat"])] >= view["target"])


class BasicBot:
    level = "basic"

    def __init__(self, tuning: Tuning, seed: int | None = None) -> None:
        self.tuning = tuning
        self.seed = seed  # unused: the level is deterministic

    def decide(self, view: View) -> str:
        legal = legal_of(view)
        actions: list[str] = legal["actions"]
        if "claim" in actions and claim_is_sure(view):
            return "claim"
        kind = legal["kind"]
        if kind == "claim":
            raise NotMyTurn("a claim now would not reach the target: nothing to do")
        if kind == "bid":
            return choose_call(self.tuning, view, actions)
        if kind == "trump":
            return choose_trump(self.tuning, view)
        plays = [a[5:] for a in actions if a.startswith("play:")]
        return "play:" + choose(seen_of(self.tuning.deck, view), plays)
