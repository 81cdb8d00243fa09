"""Sixty-six's ``basic`` level: sensible, deterministic play from the view.

It counts, as a good player does: its points are the cards of the tricks it won and its
credited marriages, all in its view. It claims as soon as it has 66; declares a marriage
when it may (the one in trumps first) and leads from it; exchanges the nine of trumps;
closes the stock when it holds enough to make 66 on its own; and otherwise plays to win
tricks that carry points cheaply and to throw nothing of value to the other's tricks.
"""

from __future__ import annotations

from typing import Any

from ..base import View, legal_of

RANKS = "ATKQJ9"
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
STRENGTH = {r: len(RANKS) - i for i, r in enumerate(RANKS)}
GOAL = 66


def beats(card: str, best: str, trump: str) -> bool:
    """Whether ``card`` played after ``best`` (the card led) wins the trick."""
    if card[1] == best[1]:
        return STRENGTH[card[0]] > STRENGTH[best[0]]
    return card[1] == trump


def points_of(deal: dict[str, Any], seat: int) -> int:
    """The seat's points so far: the cards of its tricks and its credited marriages."""
    if deal.get("points") is not None:
        return int(deal["points"][seat])
    won = sum(
        POINTS[c["card"][0]]
        for t in deal["tricks_played"]
        if t["winner"] == seat
        for c in t["cards"]
    )
    marriages = sum(
        int(m["points"]) for m in deal["marriages"] if m["seat"] == seat and m["credited"]
    )
    return won + marriages


def value(card: str, trump: str) -> int:
    """How much a card is worth keeping: its points, and more for a trump."""
    return POINTS[card[0]] + (12 if card[1] == trump else 0) + STRENGTH[card[0]]


class BasicBot:
    level = "basic"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed  # unused: the level is deterministic

    def decide(self, view: View) -> str:
        legal = legal_of(view)
        actions: list[str] = legal["actions"]
        if "claim" in actions and self._can_claim(view):
            return "claim"
        plays = [a for a in actions if a.startswith("play:")]
        if not plays:
            return actions[0]  # only a claim is offered, and it would be wrong: wait
        deal = view["deal"]
        trump: str = deal["trump"]
        hand: list[str] = deal["hand"]
        if deal["pending_marriage"]:
            suit = deal["pending_marriage"]
            # lead the queen and keep the king, which still wins more often
            for rank in "QK":
                if f"play:{rank}{suit}" in plays:
                    return f"play:{rank}{suit}"
        if "exchange" in actions:
            return "exchange"
        marriages = [a for a in actions if a.startswith("marriage:")]
        if marriages:
            marriages.sort(key=lambda a: a != f"marriage:{trump}")
            return marriages[0]
        if "close" in actions and points_of(deal, view["seat"]) + sure_points(hand, trump) >= GOAL:
            return "close"
        cards = [a.partition(":")[2] for a in plays]
        open_stock = deal["stock"] > 0 and deal["closed_by"] is None
        if deal["trick"]:
            return f"play:{follow(cards, deal['trick'][0]['card'], trump, open_stock)}"
        return f"play:{lead(cards, hand, trump, open_stock)}"

    @staticmethod
    def _can_claim(view: View) -> bool:
        return points_of(view["deal"], view["seat"]) >= GOAL


def sure_points(hand: list[str], trump: str) -> int:
    """What the tricks the hand is sure to win would bring: the top trumps and aces of plain
    suits, counted with what they take (closing when they bring 66)."""
    sure = 0
    for card in hand:
        if card[1] == trump and card[0] in "AT":
            sure += POINTS[card[0]] + 4
        elif card[0] == "A":
            sure += 11 + 2
    return sure


def follow(cards: list[str], led: str, trump: str, open_stock: bool) -> str:
    """Win with the cheapest card that does it, when the trick is worth it or the stock is
    gone (every trick counts then), a card of the suit led first; else throw the cheapest."""
    winners = [c for c in cards if beats(c, led, trump)]
    if winners:
        same = [c for c in winners if c[1] == led[1]]
        cheapest = min(same or winners, key=lambda c: value(c, trump))
        if not open_stock or POINTS[led[0]] >= 10 or cheapest[1] == led[1]:
            return cheapest
    return min(cards, key=lambda c: value(c, trump))


def lead(cards: list[str], hand: list[str], trump: str, open_stock: bool) -> str:
    """With the stock gone or closed, the winners first (high trumps, then aces); else the
    cheapest card that is no trump and breaks no marriage while the stock lasts."""
    if not open_stock:
        best = max(cards, key=lambda c: (c[1] == trump, STRENGTH[c[0]]))
        if best[1] == trump or best[0] == "A":
            return best

    def partnered(card: str) -> bool:
        other = {"K": "Q", "Q": "K"}.get(card[0])
        return other is not None and other + card[1] in hand

    safe = [c for c in cards if c[1] != trump and not partnered(c)]
    return min(safe or cards, key=lambda c: value(c, trump))
