"""One deal of auction pinochle as data: the active seats, hands, widow, auction, the bidder's
provisional trump, meld and burial, concessions, tricks and result. The rules that move it
live in ``state.py``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ...cards import Card, Suit
from ..melds import Meld
from .rules import WIDOW, End, sort_cards


@dataclass(frozen=True, slots=True)
class Trick:
    leader: int
    cards: tuple[tuple[int, Card], ...]
    """(seat, card) in play order."""
    winner: int


@dataclass(frozen=True, slots=True)
class Result:
    """How a deal settled (§10)."""

    end: End
    bid: int
    value: int
    """The bid's value in chips as settled (spade doubling included)."""
    total: int | None
    """The bidder's count (meld + card points + buried + last trick) when played out."""
    card_points: int | None
    """Card points the bidder took in tricks and burial, last trick apart."""
    last_trick: int | None
    """The seat that won the last trick, when played out."""
    chips: tuple[int, ...]
    """What the deal's settlement gave each seat."""
    kitty: int
    """What it gave the kitty."""


@dataclass(slots=True)
class Deal:
    number: int
    dealer: int
    active: tuple[int, int, int]
    """The active seats in bidding order, eldest first."""
    pack: tuple[Card, ...]
    minimum: int
    """The compulsory opening bid."""
    dealt: list[list[Card]]
    """Each seat's 15 cards as dealt (empty for a seat sitting out), in canonical order."""
    hands: list[list[Card]]
    """What each seat holds now, in canonical order."""
    widow: list[Card]
    bids: list[tuple[int, int | None]] = field(default_factory=list)
    """The auction in order: (seat, bid), ``None`` for a pass."""
    high: int = 0
    high_seat: int | None = None
    out: list[int] = field(default_factory=list)
    """Seats that passed, in order."""
    bidder: int | None = None
    widow_turned: bool = False
    trump: Suit | None = None
    shown: list[Card] | None = None
    """The cards shown in melds (``None`` until the bidder melds; ``[]`` shows nothing)."""
    melds: list[Meld] = field(default_factory=list)
    """What ``shown`` is worth at its best with ``trump``."""
    buried: list[Card] | None = None
    conceded: dict[int, int] = field(default_factory=dict)
    """Opponents who conceded, each with the bid's value at that moment."""
    led: bool = False
    """The bidder has led: trump, meld and burial are final."""
    trick: list[tuple[int, Card]] = field(default_factory=list)
    history: list[Trick] = field(default_factory=list)
    won: list[list[Card]] = field(default_factory=lambda: [[], []])
    """Cards taken in tricks by the bidder [0] and by the opponents together [1]."""
    actions: list[tuple[int, str]] = field(default_factory=list)
    result: Result | None = None

    @property
    def finished(self) -> bool:
        return self.result is not None

    @property
    def eldest(self) -> int:
        return self.active[0]

    @property
    def opponents(self) -> tuple[int, ...]:
        return tuple(s for s in self.active if s != self.bidder)

    @property
    def meld_value(self) -> int:
        return sum(m.value for m in self.melds)

    @property
    def auction_over(self) -> bool:
        return self.bidder is not None

    @property
    def may_throw_in(self) -> bool:
        """Eldest holds the compulsory bid nobody raised, the widow still down (§4.1,
        Clarification 1)."""
        return (
            self.bidder == self.eldest
            and not self.widow_turned
            and self.high == self.minimum
            and sum(1 for _, bid in self.bids if bid is not None) == 1
        )

    def bidder_known(self) -> tuple[Counter[Card], Counter[Card]]:
        """What everyone knows the bidder still has: cards certainly in his hand (shown in a
        meld and not since played, copy for copy) and cards certainly in his hand or among
        his buried (the widow's and the shown, less what he played)."""
        if self.bidder is None or not self.widow_turned:
            return Counter(), Counter()
        played = Counter(c for t in self.history for s, c in t.cards if s == self.bidder)
        played.update(c for s, c in self.trick if s == self.bidder)
        shown = Counter(self.shown or ())
        in_hand = shown - played
        held = (Counter(self.widow) | shown) - played
        return in_hand, held

    def side(self, seat: int) -> int:
        """0 for the bidder, 1 for an opponent."""
        return 0 if seat == self.bidder else 1

    def copy(self) -> Deal:
        return Deal(
            number=self.number,
            dealer=self.dealer,
            active=self.active,
            pack=self.pack,
            minimum=self.minimum,
            dealt=self.dealt,  # never changed after the deal
            hands=[list(h) for h in self.hands],
            widow=self.widow,
            bids=list(self.bids),
            high=self.high,
            high_seat=self.high_seat,
            out=list(self.out),
            bidder=self.bidder,
            widow_turned=self.widow_turned,
            trump=self.trump,
            shown=None if self.shown is None else list(self.shown),
            melds=list(self.melds),
            buried=None if self.buried is None else list(self.buried),
            conceded=dict(self.conceded),
            led=self.led,
            trick=list(self.trick),
            history=list(self.history),
            won=[list(w) for w in self.won],
            actions=list(self.actions),
            result=self.result,
        )


def dealt_places(
    pack: Sequence[Card], layout: Sequence[int]
) -> tuple[list[list[Card]], list[Card]]:
    """The three active hands (bidding order) and the widow a pack deals."""
    places: list[list[Card]] = [[], [], [], []]
    for card, place in zip(pack, layout, strict=True):
        places[place].append(card)
    return [sort_cards(places[k]) for k in range(3)], sort_cards(places[WIDOW])
