"""Auction pinochle's ``basic`` level: sensible, deterministic play from the view.

- Bidding: the dealt hand's worth as bidder is its best meld over the four trumps plus the
  card points the model (hand.py) expects from its trump length, aces, tens and voids, plus
  what the widow brings on average. It bids while the next bid stays within that worth less
  a margin, opens with the compulsory minimum as eldest whatever it holds, passes otherwise.
- Eldest holding the compulsory bid nobody raised throws in when the hand is unlikely to
  make it (paying the kitty the basic value costs less than the likely bete).
- After the widow: for each trump the expected count (meld, points buried, card points)
  gives a chance of making the bid, so an expected result in chips; it names the best
  trump, or concedes (single bete, half a double bete) when that is worth more. A meld
  that makes the bid on its own is taken at once, spades first (they pay double).
- It shows the suggested meld unless showing nothing frees a burial worth more; it buries
  the three unshown cards that bank the most points safely: plain tens and the cards of
  short plain suits (a suit emptied is trumped later), never a trump or an ace without
  need, never leaving a lone ten or king behind.
- Play follows policy.py: the bidder draws trumps and cashes aces; the opponents smear
  counters on their partner's winning tricks, play low on the bidder's, beat cheaply.
- It never concedes as an opponent: the concession pays the bidder whatever happens. Asked
  out of turn, where the only thing offered is that concession, it declines
  (:class:`NotMyTurn`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from app.engine.cards import SUITS

from ...base import NotMyTurn, View, legal_of
from . import hand as model
from .cards import bid_chips, points_table
from .policy import Seen, choose

BID_MARGIN = 10
"""Points below its expected count a hand bids to."""

THROW_IN_CHANCE = 0.45
"""Below this chance of making the compulsory bid, eldest throws in."""


def parse_hand(d: dict[str, Any], seat: int) -> list[str]:
    """The cards ``seat`` may still play: the bidder's buried cards are not among them."""
    hand = list(d["hand"])
    if seat == d["bidder"] and d.get("buried") and not d["led"]:
        for c in d["buried"]:
            hand.remove(c)
    return hand


def played_and_voids(d: dict[str, Any]) -> tuple[dict[str, int], dict[int, set[str]]]:
    """Every card played in the deal, and the suits each seat has shown void (a trump too
    when it did not trump a plain suit it lacked)."""
    trump = d["trump"]
    played: dict[str, int] = {}
    voids: dict[int, set[str]] = {s: set() for s in d["active"]}
    tricks = [t["cards"] for t in d["tricks_played"]] + [d["trick"]]
    for cards in tricks:
        if not cards:
            continue
        led = cards[0]["card"][1]
        for entry in cards:
            card = entry["card"]
            played[card] = played.get(card, 0) + 1
            if card[1] != led:
                voids[entry["seat"]].add(led)
                if trump is not None and card[1] != trump:
                    voids[entry["seat"]].add(trump)
    return played, voids


def seen_of(view: View) -> Seen:
    d = view["deal"]
    seat: int = view["seat"]
    bidder: int = d["bidder"]
    played, voids = played_and_voids(d)
    aside: dict[str, int] | None = None
    if seat == bidder and d.get("buried"):
        aside = dict(Counter(d["buried"]))
    return Seen(
        seat,
        bidder,
        tuple(d["active"]),
        parse_hand(d, seat),
        [(e["seat"], e["card"]) for e in d["trick"]],
        d["trump"],
        played,
        voids,
        points_table(view["options"]),
        aside,
    )


class BasicBot:
    level = "basic"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed  # unused: the level is deterministic

    def decide(self, view: View) -> str:
        legal = legal_of(view)
        kind = legal["kind"]
        if kind == "concede":
            raise NotMyTurn("an opponent's concession is never worth making: nothing to do")
        if kind == "bid":
            return self.bid(view, legal["actions"])
        if kind == "widow":
            return "throw_in" if self.throw_in(view) else "widow"
        if kind == "trump":
            return self.trump(view)
        if kind == "meld":
            return self.meld(view, legal["actions"])
        if kind == "bury":
            return self.bury(view, legal)
        plays = [a for a in legal["actions"] if a.startswith("play:")]
        return "play:" + choose(seen_of(view), [a[5:] for a in plays])

    # -- the auction -------------------------------------------------------------------------

    @staticmethod
    def limit(view: View) -> int:
        """The highest bid this hand goes to."""
        estimate = model.bid_estimate(view["deal"]["hand"])
        return int((estimate - BID_MARGIN) // 10 * 10)

    def bid(self, view: View, actions: list[str]) -> str:
        bids = [a for a in actions if a.startswith("bid:")]
        if "pass" not in actions:
            return bids[0]  # eldest's compulsory opening: the minimum
        if not bids:  # the high bid is at the table's limit
            return "pass"
        least = int(bids[0][4:])
        if least <= self.limit(view):
            return bids[0]
        return "pass"

    @staticmethod
    def throw_in(view: View) -> bool:
        d = view["deal"]
        estimate = model.bid_estimate(d["hand"])
        chance = model.chance(estimate, d["high_bid"], model.BID_SIGMA)
        return chance < THROW_IN_CHANCE

    # -- after the widow ---------------------------------------------------------------------

    @staticmethod
    def contract_values(view: View) -> dict[str, float]:
        """The expected result of each trump, and of conceding now, in chips per
        counterparty (a made contract worth +1 value, a double bete -2)."""
        d = view["deal"]
        options = view["options"]
        points = points_table(options)
        bid: int = d["high_bid"]
        hand: list[str] = d["hand"]
        out: dict[str, float] = {"concede": -float(bid_chips(bid, None, options))}
        for t in SUITS:
            value = bid_chips(bid, t, options)
            if model.meld_value(hand, t) >= bid:
                out[t] = float(value)
                continue
            count, _, _ = model.expected_count(hand, t, points)
            p = model.chance(count, bid, model.PLAY_SIGMA)
            out[t] = value * (p - 2.0 * (1.0 - p))
        return out

    def trump(self, view: View) -> str:
        values = self.contract_values(view)
        best = max(values, key=lambda k: (values[k], k != "concede", k))
        return best if best == "concede" else f"trump:{best}"

    def meld(self, view: View, actions: list[str]) -> str:
        shows = [a for a in actions if a.startswith("meld")]
        if len(shows) == 1:
            return shows[0]
        d = view["deal"]
        hand: list[str] = d["hand"]
        trump: str = d["trump"]
        points = points_table(view["options"])
        suggestion = d["suggestion"]
        if suggestion["value"] >= d["high_bid"]:
            return str(suggestion["action"])  # made on meld
        free = Counter(hand)
        free.subtract(suggestion["cards"])
        _, with_meld = model.choose_burial(hand, list(free.elements()), trump, points)
        _, without = model.choose_burial(hand, hand, trump, points)
        if suggestion["value"] + with_meld >= without:
            return str(suggestion["action"])
        return "meld"

    @staticmethod
    def bury(view: View, legal: dict[str, Any]) -> str:
        d = view["deal"]
        points = points_table(view["options"])
        cards, _ = model.choose_burial(d["hand"], legal["from"], d["trump"], points)
        return "bury:" + ",".join(cards)


__all__ = ["BasicBot"]
