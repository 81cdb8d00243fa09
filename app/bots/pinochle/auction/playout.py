"""A lean simulator of the play of one deal with every hand known (a determinized deal), for
the strong level's playouts and for calibrating the basic level's estimates.

Each player chooses with the heuristic policy (policy.py) from its own point of view: its
hand, the cards played, the suits players have shown void; the bidder also knows his buried
cards, which the opponents count among the cards they have not seen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cards import legal_cards, winner_index
from .policy import Seen, choose

LAST_TRICK = 10

Chooser = Callable[[Seen, list[str]], str]


class Play:
    """The play of a deal in progress: hands, trick, what was played, known voids, and the
    bidder's card points so far. :meth:`run` plays it to the end."""

    __slots__ = (
        "bidder",
        "buried",
        "hands",
        "order",
        "played",
        "points",
        "taken",
        "to_play",
        "trick",
        "tricks_left",
        "trump",
        "voids",
    )

    def __init__(
        self,
        order: Sequence[int],
        bidder: int,
        trump: str,
        hands: dict[int, list[str]],
        buried: Sequence[str],
        points: dict[str, int],
        trick: Sequence[tuple[int, str]] = (),
        played: dict[str, int] | None = None,
        voids: dict[int, set[str]] | None = None,
        taken: int = 0,
        tricks_left: int = 15,
        to_play: int | None = None,
    ) -> None:
        self.order = tuple(order)
        self.bidder = bidder
        self.trump = trump
        self.hands = {s: list(h) for s, h in hands.items()}
        self.buried = list(buried)
        self.points = points
        self.trick = list(trick)
        self.played = dict(played) if played is not None else {}
        self.voids = {s: set(v) for s, v in (voids or {}).items()}
        for s in self.order:
            self.voids.setdefault(s, set())
        self.taken = taken
        """The bidder's card points in the tricks he won so far (last-trick bonus included)."""
        self.tricks_left = tricks_left
        """Tricks not yet complete, the one in progress included."""
        self.to_play = bidder if to_play is None else to_play

    def copy(self) -> Play:
        other = Play.__new__(Play)
        other.order = self.order
        other.bidder = self.bidder
        other.trump = self.trump
        other.hands = {s: list(h) for s, h in self.hands.items()}
        other.buried = self.buried
        other.points = self.points
        other.trick = list(self.trick)
        other.played = dict(self.played)
        other.voids = {s: set(v) for s, v in self.voids.items()}
        other.taken = self.taken
        other.tricks_left = self.tricks_left
        other.to_play = self.to_play
        return other

    def seen(self, seat: int) -> Seen:
        aside: dict[str, int] | None = None
        if seat == self.bidder:
            aside = {}
            for c in self.buried:
                aside[c] = aside.get(c, 0) + 1
        return Seen(
            seat,
            self.bidder,
            self.order,
            self.hands[seat],
            self.trick,
            self.trump,
            self.played,
            self.voids,
            self.points,
            aside,
        )

    def legal(self, seat: int) -> list[str]:
        return legal_cards(self.hands[seat], [c for _, c in self.trick], self.trump)

    def step(self, card: str) -> None:
        """The player to play plays ``card``."""
        seat = self.to_play
        trick = self.trick
        trump = self.trump
        if trick:
            led = trick[0][1][1]
            if card[1] != led:
                voids = self.voids[seat]
                voids.add(led)
                if card[1] != trump:
                    voids.add(trump)
        self.hands[seat].remove(card)
        self.played[card] = self.played.get(card, 0) + 1
        trick.append((seat, card))
        order = self.order
        if len(trick) < 3:
            self.to_play = order[(order.index(seat) + 1) % 3]
            return
        cards = [c for _, c in trick]
        winner = trick[winner_index(cards, trump)][0]
        self.tricks_left -= 1
        if winner == self.bidder:
            pts = self.points
            self.taken += pts[cards[0][0]] + pts[cards[1][0]] + pts[cards[2][0]]
            if not self.tricks_left:
                self.taken += LAST_TRICK
        self.trick = []
        self.to_play = winner

    def run(self, policy: Chooser = choose, first: str | None = None) -> int:
        """Play to the end (``first``: the card the player to act plays now); the bidder's
        card points: tricks, buried cards and the last trick."""
        if first is not None:
            self.step(first)
        while self.tricks_left:
            seat = self.to_play
            legal = self.legal(seat)
            self.step(legal[0] if len(legal) == 1 else policy(self.seen(seat), legal))
        pts = self.points
        return self.taken + sum(pts[c[0]] for c in self.buried)
