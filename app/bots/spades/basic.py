"""Spades' ``basic`` level: a real player's heuristics, deterministic, from the view alone.

Bidding, the nil exchange and the judgement of a hand are in hand.py; the card play in
policy.py. It looks at its cards before it bids, unless it bids blind nil (far behind, the
partner not nil); a nil bidder lays his most dangerous cards, his partner gives his lowest.
"""

from __future__ import annotations

from typing import Any

from ..base import View, legal_of
from . import hand as judge
from .policy import choose
from .seen import seen_of


def bid_of(view: View) -> str:
    """The basic bid (``bid:…``) of the seat whose view this is, once it has looked."""
    d: dict[str, Any] = view["deal"]
    seat: int = view["seat"]
    bags = d["bags"][seat % 2] if d["bags"] is not None else None
    bid = judge.choose_bid(d["hand"], seat, d["bids"], view["totals"], view["target"], bags)
    return f"bid:{bid}"


class BasicBot:
    level = "basic"
    trump = "S"
    """Spades are always trump; the view names no trump suit (for a hint's reason)."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed  # unused: the level is deterministic

    def decide(self, view: View) -> str:
        legal = legal_of(view)
        kind = legal["kind"]
        if kind == "look":
            return "look"
        d = view["deal"]
        seat: int = view["seat"]
        if kind == "lay":
            return "lay:" + ",".join(judge.lay(d["hand"]))
        if kind == "give":
            return "give:" + ",".join(judge.give(d["hand"]))
        actions: list[str] = legal["actions"]
        if kind == "bid":
            if "look" in actions:
                wise = judge.blind_nil_wise(seat, d["bids"], view["totals"])
                if wise and "bid:blind_nil" in actions:
                    return "bid:blind_nil"
                return "look"
            return bid_of(view)
        cards = [a[5:] for a in actions]
        return "play:" + choose(seen_of(view), cards)
