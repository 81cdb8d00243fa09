"""One deal of spades as data: the hands, who has looked at his cards, the bids, the nil
exchanges, the tricks and the result. The rules that move it live in ``state.py``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from ..cards import Card
from ..game import Options
from ..hand_positions import HandPositions, dealt_to, pack_from, positions_of
from .rules import HAND_SIZE, SEATS, Bid, SideScore, sort_hand


@dataclass(frozen=True, slots=True)
class Trick:
    leader: int
    cards: tuple[Card, ...]
    """In play order, the leader's first; card ``i`` is seat ``(leader + i) % 4``'s."""
    winner: int


@dataclass(slots=True)
class Exchange:
    """A side's nil exchange (§3.1, Clarifications 1 and 2): the nil bidder lays three cards
    face down, his partner gives three, and the two sets change hands at once."""

    nil: int
    partner: int
    laid: list[Card] | None = None
    given: list[Card] | None = None
    cancelled: bool = False
    """The partner bid nil too: the laid cards went back and nothing changes hands."""

    @property
    def done(self) -> bool:
        return self.given is not None

    def copy(self) -> Exchange:
        return Exchange(
            self.nil,
            self.partner,
            None if self.laid is None else list(self.laid),
            None if self.given is None else list(self.given),
            self.cancelled,
        )


@dataclass(frozen=True, slots=True)
class Result:
    """How a deal scored."""

    sides: tuple[SideScore, SideScore]
    """Per side (seats 0 & 2, then 1 & 3)."""
    winner: int | None
    """The side that won the match with this deal, if it did."""

    @property
    def side_totals(self) -> tuple[int, int]:
        return (self.sides[0].total, self.sides[1].total)

    @property
    def scores(self) -> tuple[int, int, int, int]:
        """Per seat: each partner carries his side's score."""
        a, b = self.side_totals
        return (a, b, a, b)


HAND_POSITIONS: Final = positions_of(((1 + p) % SEATS for p in range(SEATS * HAND_SIZE)), SEATS)
"""The positions of the pack each hand is dealt, the dealer's first: one card at a time from
the dealer's left, card ``p`` to the seat ``(1 + p) % 4`` places after the dealer (§2)."""


def hand_positions(seats: int, options: Options) -> HandPositions:
    """``Game.hand_positions``: the same at every deal and whatever the options."""
    return HAND_POSITIONS


def dealt_hands(pack: Sequence[Card], dealer: int) -> list[list[Card]]:
    """The four hands the pack deals, one card at a time from the dealer's left: card ``k``
    to seat ``(dealer + 1 + k) % 4`` (§2), each in canonical order."""
    return [sort_hand(h) for h in dealt_to(pack, HAND_POSITIONS, dealer)]


def pack_for(hands: Sequence[Sequence[Card]], dealer: int) -> list[Card]:
    """A pack that deals ``hands`` (the inverse of :func:`dealt_hands`)."""
    return pack_from(hands, HAND_POSITIONS, dealer)


@dataclass(slots=True)
class Deal:
    number: int
    dealer: int
    order: tuple[int, int, int, int]
    """The seats in bidding order."""
    pack: tuple[Card, ...]
    dealt: list[list[Card]]
    """Each seat's 13 cards as dealt, in canonical order."""
    hands: list[list[Card]]
    """What each seat holds now, in canonical order (laid cards are out of the hand)."""
    looked: list[bool] = field(default_factory=lambda: [False] * SEATS)
    bids: list[Bid | None] = field(default_factory=lambda: [None] * SEATS)
    exchanges: list[Exchange | None] = field(default_factory=lambda: [None, None])
    """Per side."""
    step: str = "bid"
    """What the seat to act does: ``bid``, ``lay``, ``give`` or ``play``."""
    leader: int = 0
    """Who leads the trick in progress (or the next one)."""
    trick: list[Card] = field(default_factory=list)
    history: list[Trick] = field(default_factory=list)
    tricks: list[int] = field(default_factory=lambda: [0] * SEATS)
    spades_broken: bool = False
    actions: list[tuple[int, str]] = field(default_factory=list)
    result: Result | None = None

    @property
    def finished(self) -> bool:
        return self.result is not None

    @property
    def bid_count(self) -> int:
        return sum(1 for b in self.bids if b is not None)

    @property
    def first_lead(self) -> int:
        """The dealer's left-hand neighbour leads first, whoever bid first (Cl. 7)."""
        return (self.dealer + 1) % SEATS

    def on_table(self) -> list[tuple[int, Card]]:
        """The trick in progress: (seat, card) in play order."""
        return [((self.leader + i) % SEATS, c) for i, c in enumerate(self.trick)]

    def copy(self) -> Deal:
        return Deal(
            number=self.number,
            dealer=self.dealer,
            order=self.order,
            pack=self.pack,
            dealt=self.dealt,  # never changed once dealt
            hands=[list(h) for h in self.hands],
            looked=list(self.looked),
            bids=list(self.bids),
            exchanges=[e.copy() if e is not None else None for e in self.exchanges],
            step=self.step,
            leader=self.leader,
            trick=list(self.trick),
            history=list(self.history),
            tricks=list(self.tricks),
            spades_broken=self.spades_broken,
            actions=list(self.actions),
            result=self.result,
        )
