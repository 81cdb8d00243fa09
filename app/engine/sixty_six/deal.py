"""One deal of Sixty-six as data: hands, stock, turned trump, tricks, marriages, and what
the table has been shown of each hand. The rules that move it live in ``state.py``."""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from ..cards import Card, Suit
from ..game import Options
from ..hand_positions import HandPositions, dealt_to, positions_of
from .rules import HAND_SIZE, ORDER, TURNED_AT, End, card_points


@dataclass(frozen=True, slots=True)
class Trick:
    leader: int
    cards: tuple[Card, Card]
    """In play order: the leader's card first."""
    winner: int


@dataclass(frozen=True, slots=True)
class Marriage:
    seat: int
    suit: Suit
    points: int


@dataclass(frozen=True, slots=True)
class Result:
    """How a deal settled."""

    end: End
    winner: int | None
    claimant: int | None
    points: tuple[int, int]
    """Each player's points when the deal ended (card points, credited marriages and, for
    a deal played out that nobody closed, the last trick's 10)."""
    game_points: int
    """What the deal itself is worth to its winner, carried points apart."""
    carried_in: int
    """Carried points the winner took with this deal (§10)."""
    carried: int
    """Points carried on to the next deal after this one."""
    scores: tuple[int, int]
    """Game points gained by each seat: ``game_points + carried_in`` for the winner."""


PACKET: Final = 3
HAND_POSITIONS: Final = positions_of((1 - (p // PACKET) % 2 for p in range(2 * HAND_SIZE)), 2)
"""The positions of the pack each hand is dealt (Clarification 7), the dealer's first:
threes, the non-dealer's first (positions 0-2 and 6-8 to him, 3-5 and 9-11 to the dealer);
the turned card and the stock follow."""


def hand_positions(seats: int, options: Options) -> HandPositions:
    """``Game.hand_positions``: the same at every deal and whatever the options."""
    return HAND_POSITIONS


def dealt_hands(pack: Sequence[Card], dealer: int) -> list[list[Card]]:
    """The two hands the pack deals (Clarification 7), each in canonical order."""
    return [sorted(h, key=ORDER.__getitem__) for h in dealt_to(pack, HAND_POSITIONS, dealer)]


@dataclass(slots=True)
class Deal:
    number: int
    dealer: int
    trump: Suit
    first_turned: Card
    """The card turned up at the deal (public for good, whatever became of it)."""
    pack: tuple[Card, ...]
    """The pack as dealt."""
    hands: list[list[Card]]
    """What each seat holds, always in canonical order."""
    stock: list[Card]
    """The face-down cards of the stock, top first (the turned card apart)."""
    turned: Card | None
    """The card under the stock: face up while the stock is open, face down once closed,
    ``None`` once taken by the last draw (the stock is exhausted)."""
    leader: int
    closed_by: int | None = None
    closed_after: int | None = None
    """Tricks completed when the stock was closed."""
    exchanged: tuple[int, int] | None = None
    """Who exchanged the nine of trumps, and after how many tricks (§5)."""
    trick: list[Card] = field(default_factory=list)
    history: list[Trick] = field(default_factory=list)
    won: list[list[Card]] = field(default_factory=lambda: [[], []])
    tricks: list[int] = field(default_factory=lambda: [0, 0])
    marriages: list[Marriage] = field(default_factory=list)
    pending: Suit | None = None
    """The suit of a marriage just declared, until one of its cards is led."""
    shown: list[list[Card]] = field(default_factory=lambda: [[], []])
    """Cards of each hand the whole table has seen there: the partner of a declared marriage,
    the turned card taken by exchange or by the last draw. In canonical order."""
    window: int | None = None
    """The seat that has just won a trick or declared a marriage, while that was the last
    action (option claims_only_immediately)."""
    actions: list[tuple[int, str]] = field(default_factory=list)
    draws: list[list[Card]] = field(default_factory=lambda: [[], []])
    result: Result | None = None

    @property
    def finished(self) -> bool:
        return self.result is not None

    @property
    def stock_open(self) -> bool:
        return self.closed_by is None and self.turned is not None

    @property
    def exhausted(self) -> bool:
        return self.turned is None

    @property
    def follower(self) -> int:
        return 1 - self.leader

    def points(self, seat: int) -> int:
        """Card points won plus marriages, which count once the declarer has a trick (§6)."""
        total = card_points(self.won[seat])
        if self.tricks[seat]:
            total += sum(m.points for m in self.marriages if m.seat == seat)
        return total

    def credited(self, marriage: Marriage) -> bool:
        return self.tricks[marriage.seat] > 0

    def tricks_at_close(self) -> list[int] | None:
        if self.closed_after is None:
            return None
        counts = [0, 0]
        for trick in self.history[: self.closed_after]:
            counts[trick.winner] += 1
        return counts

    def show(self, seat: int, card: Card) -> None:
        if card not in self.shown[seat]:
            insort(self.shown[seat], card, key=ORDER.__getitem__)

    def take(self, seat: int, card: Card) -> None:
        insort(self.hands[seat], card, key=ORDER.__getitem__)

    def copy(self) -> Deal:
        return Deal(
            number=self.number,
            dealer=self.dealer,
            trump=self.trump,
            first_turned=self.first_turned,
            pack=self.pack,
            hands=[list(h) for h in self.hands],
            stock=list(self.stock),
            turned=self.turned,
            leader=self.leader,
            closed_by=self.closed_by,
            closed_after=self.closed_after,
            exchanged=self.exchanged,
            trick=list(self.trick),
            history=list(self.history),
            won=[list(w) for w in self.won],
            tricks=list(self.tricks),
            marriages=list(self.marriages),
            pending=self.pending,
            shown=[list(s) for s in self.shown],
            window=self.window,
            actions=list(self.actions),
            draws=[list(d) for d in self.draws],
            result=self.result,
        )


def deal_from_pack(number: int, dealer: int, pack: Sequence[Card]) -> Deal:
    turned = pack[TURNED_AT]
    assert len(pack) == TURNED_AT + 1 + 11 and HAND_SIZE == 6
    return Deal(
        number=number,
        dealer=dealer,
        trump=turned[1],
        first_turned=turned,
        pack=tuple(pack),
        hands=dealt_hands(pack, dealer),
        stock=list(pack[TURNED_AT + 1 :]),
        turned=turned,
        leader=1 - dealer,  # the non-dealer leads the first trick (§4)
    )
