"""A lean simulator of the rest of a deal's play with every hand known (a determinized deal),
for the strong level's playouts.

Each player chooses with the heuristic policy (policy.py) from its own point of view: its
hand, the trick, the cards played, the suits players have shown they lack, the bids and the
tricks taken, as it would from its view; it never looks at the other hands.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.engine.spades.rules import BAG_LIMIT, BAG_PENALTY, SEATS, TRICKS, TRUMP, side_score

from .cards import PLAIN, Bid, legal_cards, winner_index
from .policy import choose
from .seen import Seen

BAG_COST = BAG_PENALTY / BAG_LIMIT


class Play:
    """The play of a deal in progress; :meth:`run` plays it to the end."""

    __slots__ = (
        "bags",
        "bids",
        "broken",
        "failed_nil",
        "hands",
        "played",
        "to_play",
        "trick",
        "tricks",
        "voids",
    )

    def __init__(
        self,
        hands: Sequence[Sequence[str]],
        bids: Sequence[Bid],
        to_play: int,
        trick: Sequence[tuple[int, str]] = (),
        tricks: Sequence[int] = (0, 0, 0, 0),
        played: set[str] | None = None,
        voids: Sequence[set[str]] | None = None,
        broken: bool = False,
        bags: bool = False,
        failed_nil: str = "nothing",
    ) -> None:
        self.hands = [list(h) for h in hands]
        self.bids = list(bids)
        self.to_play = to_play
        self.trick = list(trick)
        self.tricks = list(tricks)
        self.played = set(played) if played is not None else set()
        self.voids = [set(v) for v in voids] if voids is not None else [set() for _ in range(4)]
        self.broken = broken
        self.bags = bags
        self.failed_nil = failed_nil

    def copy(self) -> Play:
        other = Play.__new__(Play)
        other.hands = [list(h) for h in self.hands]
        other.bids = self.bids  # never changed in the play
        other.to_play = self.to_play
        other.trick = list(self.trick)
        other.tricks = list(self.tricks)
        other.played = set(self.played)
        other.voids = [set(v) for v in self.voids]
        other.broken = self.broken
        other.bags = self.bags
        other.failed_nil = self.failed_nil
        return other

    def seen(self, seat: int) -> Seen:
        return Seen(
            seat,
            self.hands[seat],
            self.trick,
            self.bids,
            self.tricks,
            self.played,
            self.voids,
            self.broken,
            self.bags,
            self.failed_nil,
        )

    def legal(self, seat: int) -> list[str]:
        return legal_cards(self.hands[seat], [c for _, c in self.trick], self.broken)

    def step(self, card: str) -> None:
        """The player to play plays ``card``."""
        seat = self.to_play
        trick = self.trick
        if trick:
            led = trick[0][1][1]
            if card[1] != led:
                self.voids[seat].add(led)
        elif card[1] == TRUMP and not self.broken:
            self.voids[seat].update(PLAIN)  # a spade led unbroken: nothing else was held
        self.hands[seat].remove(card)
        self.played.add(card)
        trick.append((seat, card))
        if len(trick) < SEATS:
            self.to_play = (seat + 1) % SEATS
            return
        cards = [c for _, c in trick]
        winner = trick[winner_index(cards)][0]
        self.tricks[winner] += 1
        if any(c[1] == TRUMP for c in cards):
            self.broken = True
        self.trick = []
        self.to_play = winner

    def run(self, first: str | None = None) -> list[int]:
        """Play to the end (``first``: the card the player to act plays now); the tricks
        per seat."""
        if first is not None:
            self.step(first)
        while sum(self.tricks) < TRICKS:
            seat = self.to_play
            legal = self.legal(seat)
            self.step(legal[0] if len(legal) == 1 else choose(self.seen(seat), legal))
        return self.tricks


def side_values(
    bids: Sequence[Bid], tricks: Sequence[int], failed_nil: str, bags: bool
) -> tuple[float, float]:
    """What the deal is worth to each side (seats 0 & 2, then 1 & 3): its score, each
    overtrick charged its share of the penalty when overtricks cost (a tenth of 100), rather
    than the whole penalty in the deal that happens to reach ten."""
    out = []
    for team in (0, 1):
        a, b = team, team + 2
        bid_a, bid_b = bids[a], bids[b]
        assert bid_a is not None and bid_b is not None
        score = side_score((bid_a, bid_b), (tricks[a], tricks[b]), failed_nil, None)
        out.append(score.total - (BAG_COST * score.overtricks if bags else 0.0))
    return out[0], out[1]


def margin(
    seat: int, bids: Sequence[Bid], tricks: Sequence[int], failed_nil: str, bags: bool
) -> float:
    """The deal's worth to ``seat``'s side less its worth to the other side."""
    values = side_values(bids, tricks, failed_nil, bags)
    mine = seat % 2
    return values[mine] - values[1 - mine]
