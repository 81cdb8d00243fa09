"""One bezique deal as data, its cards lying in the deal's ledger. The rules that move it
live in ``state.py``.

A physical card is a *copy*, its position in the pack as dealt (the table's ``deal:``
action) and its index in the ledger; ``pack[copy]`` is its code. The pack never changes, so
every copy of a deal shares it.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, cast

from ..cards import Card, Suit
from ..ledger import HAND, STOCK, Ledger
from ..trick_game import TrickDeal
from .combinations import Combination, Copy
from .declarations import Context
from .holding import Holding
from .scoring import Result
from .variant import Variant


class Trick(NamedTuple):
    """A trick played: a named tuple, as one is made per trick of every playout (a frozen
    dataclass sets each field through ``object.__setattr__``)."""

    leader: int
    copies: tuple[Copy, Copy]
    """In play order: the leader's card first."""
    cards: tuple[Card, Card]
    winner: int

    def to_json(self, seats: int = 2) -> dict[str, Any]:
        cards = [{"seat": (self.leader + i) % 2, "card": c} for i, c in enumerate(self.cards)]
        return {"leader": self.leader, "winner": self.winner, "cards": cards}


@dataclass(frozen=True, slots=True)
class Declaration:
    """One declaration scored."""

    seat: int
    after: int
    """Tricks played when it was scored (it follows the last of them)."""
    points: int
    fixes_trump: Suit | None
    combination: Combination


@dataclass(frozen=True, slots=True)
class Shown:
    """Carte blanche (rubicon §8): a dealt hand without a court card, or a card drawn by
    that player afterwards before his first court card; each is shown and scores."""

    seat: int
    after: int
    """Tricks played when it was shown: 0 for the dealt hand, shown before the first lead."""
    cards: tuple[Card, ...]
    points: int


def layout(variant: Variant, dealer: int) -> list[int]:
    """The seat each dealt position goes to: packets of ``variant.packet`` cards, the
    non-dealer's first (rubicon §3: one at a time; Chinese §2: threes)."""
    first = 1 - dealer
    return [
        first if (position // variant.packet) % 2 == 0 else dealer
        for position in range(2 * variant.hand_size)
    ]


class CopyLedger(Ledger):
    """A ledger whose indexes are the pack's positions (copies), each hand kept in copy order."""

    __slots__ = ()

    @classmethod
    def laid_out(cls, pack: Sequence[Card], seats: Sequence[int]) -> CopyLedger:
        """``pack`` laid out at once as :meth:`deal` and :meth:`lay_stock` would lay it a
        card at a time (a call per card would cost as much again): position ``p`` into the
        hand of ``seats[p]``, seen by that seat alone, the positions after ``seats`` the
        stock, top first."""
        ledger = cls(2)
        size, rest = len(seats), len(pack) - len(seats)
        ledger.cards = list(pack)
        ledger.place = [HAND] * size + [STOCK] * rest
        ledger.holder = [*seats, *[-1] * rest]
        ledger.seen = [1 << seat for seat in seats] + [0] * rest
        ledger.pack_seen = list(ledger.seen)
        for position, seat in enumerate(seats):
            ledger.hands[seat].append(position)
        ledger.stock = list(range(size, len(pack)))
        return ledger

    def _to_hand(self, seat: int, i: int) -> None:
        insort(self.hands[seat], i)

    def draw_two(self, winner: int) -> tuple[Copy, Copy]:
        """After a trick won by ``winner``, both draw (rubicon §5): the winner the stock's
        top card, the loser the one under it, each seen by its taker alone. Written out, as
        a playout draws after every trick."""
        stock, seen, pack_seen = self.stock, self.seen, self.pack_seen
        place, holder = self.place, self.holder
        top, under = stock[0], stock[1]
        del stock[:2]
        loser = 1 - winner
        bit = 1 << winner
        seen[top] |= bit
        pack_seen[top] |= bit
        place[top] = HAND
        holder[top] = winner
        insort(self.hands[winner], top)
        bit = 1 << loser
        seen[under] |= bit
        pack_seen[under] |= bit
        place[under] = HAND
        holder[under] = loser
        insort(self.hands[loser], under)
        self.voids[winner] = self.voids[loser] = 0
        return top, under


@dataclass(slots=True)
class Deal(TrickDeal):
    number: int
    dealer: int
    variant: Variant
    pack: tuple[Card, ...]
    dealt: tuple[tuple[Copy, ...], tuple[Copy, ...]]
    """Each seat's copies as dealt, ascending; empty for a seat whose hand as dealt is not
    known (a state dealt anew from a view, which has no record)."""
    holdings: list[Holding]
    ledger: CopyLedger = field(compare=False)
    """Not compared (a ledger has no equality of its own): the holdings compare its hands."""
    leader: int
    previous_trump: Suit | None = None
    """The suit that may not become trumps (Chinese §4): the last deal's trumps; always
    ``None`` in rubicon bezique."""
    trump: Suit | None = None
    history: list[Trick] = field(default_factory=list)  # type: ignore[assignment]
    won: list[int] = field(default_factory=lambda: [0, 0])
    points: list[int] = field(default_factory=lambda: [0, 0])
    """Declarations, carte blanche and (once played) the last trick, per seat."""
    brisques: list[int] = field(default_factory=lambda: [0, 0])
    """Aces and tens won in tricks, 10 apiece (kept only where the variant counts them)."""
    declarations: list[Declaration] = field(default_factory=list)
    shown: list[Shown] = field(default_factory=list)
    blank: list[bool] = field(default_factory=lambda: [False, False])
    """Whether each player's carte blanche still runs: a non-court draw shows and scores."""
    deciding: int | None = None
    """The winner of the trick just played while the stock lasts, who must now declare or
    draw."""
    draws: list[list[Copy]] = field(default_factory=lambda: [[], []])
    actions: list[tuple[int, str]] = field(default_factory=list)
    result: Result | None = None
    scores: tuple[int, int] | None = None
    """The result's scores, once settled (the base's mark of a deal over)."""
    context: Context | None = field(default=None, compare=False, repr=False)
    """What its declarations are judged by, once built (``Match.context``; ``None`` again
    when trumps are made); shared by copies, as it never changes."""
    viewed: list[list[Any]] = field(default_factory=list, compare=False, repr=False)
    """Its actions as views show them, as far as views have asked (:func:`~.view.actions_json`);
    a copy reads them again."""

    @property
    def endgame(self) -> bool:
        """The stock is gone: the tables are taken up and the last tricks are played."""
        return not self.ledger.stock

    def copy(self) -> Deal:
        ledger = cast(CopyLedger, self.ledger.copy())
        hands = ledger.hands
        return Deal(
            number=self.number,
            dealer=self.dealer,
            variant=self.variant,
            pack=self.pack,
            dealt=self.dealt,
            holdings=[self.holdings[0].copy(hands[0]), self.holdings[1].copy(hands[1])],
            ledger=ledger,
            leader=self.leader,
            previous_trump=self.previous_trump,
            trump=self.trump,
            history=list(self.history),
            won=list(self.won),
            points=list(self.points),
            brisques=list(self.brisques),
            declarations=list(self.declarations),
            shown=list(self.shown),
            blank=list(self.blank),
            deciding=self.deciding,
            draws=[list(d) for d in self.draws],
            actions=list(self.actions),
            result=self.result,
            scores=self.scores,
            context=self.context,
        )


def deal_from_pack(
    variant: Variant,
    number: int,
    dealer: int,
    pack: Sequence[Card],
    previous_trump: Suit | None,
) -> Deal:
    """A deal as the table's pack deals it; the non-dealer leads the first trick (rubicon
    §5)."""
    ledger = CopyLedger.laid_out(pack, layout(variant, dealer))
    return Deal(
        number=number,
        dealer=dealer,
        variant=variant,
        pack=tuple(pack),
        dealt=(tuple(ledger.hands[0]), tuple(ledger.hands[1])),  # the hands just laid out
        holdings=[Holding(ledger.hands[0]), Holding(ledger.hands[1])],
        ledger=ledger,
        leader=1 - dealer,
        previous_trump=previous_trump if variant.no_trump_twice else None,
    )
