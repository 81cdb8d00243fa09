"""One bezique deal as data: the pack as dealt, each player's holding, the stock, the
trumps, the tricks, every declaration and carte blanche shown, and the result. The rules
that move it live in ``state.py``.

A physical card is a *copy*, its position in the pack as dealt (the table's ``deal:``
action); ``pack[copy]`` is its code. Identical codes are told apart by copy wherever it
matters (Clarification 6), and the pack never changes, so every copy of a deal shares it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from ..cards import Card, Suit
from ..hand_positions import HandPositions, positions_of
from ..stock import Stock
from ..trick_game import TrickDeal
from .combinations import Combination, Copy
from .declarations import Context
from .holding import Holding, new_holding
from .scoring import Result
from .variant import Variant

if TYPE_CHECKING:
    from .view import Course


class Trick(NamedTuple):
    """A trick played. A named tuple, not a frozen dataclass: one is made per trick of every
    playout, and a frozen dataclass sets each field through ``object.__setattr__``."""

    leader: int
    copies: tuple[Copy, Copy]
    """In play order: the leader's card first."""
    cards: tuple[Card, Card]
    winner: int

    def to_json(self, seats: int = 2) -> dict[str, Any]:
        seated = (self.leader, 1 - self.leader)
        return {
            "leader": self.leader,
            "winner": self.winner,
            "cards": [{"seat": s, "card": c} for s, c in zip(seated, self.cards, strict=True)],
        }


@dataclass(frozen=True, slots=True)
class Declaration:
    """One declaration scored, as the scoresheet and the record keep it."""

    seat: int
    after: int
    """Tricks played when it was scored (it follows the last of them)."""
    kind: str
    cards: tuple[Card, ...]
    """The combination's codes, in copy order."""
    points: int
    fixes_trump: Suit | None
    combination: Combination
    laid_out: tuple[Copy, ...]
    """The copies it brought from the concealed hand to the table."""


@dataclass(frozen=True, slots=True)
class Shown:
    """Carte blanche (rubicon §8): a dealt hand without a court card, or a card drawn by
    that player afterwards before his first court card; each is shown and scores."""

    seat: int
    after: int
    """Tricks played when it was shown: 0 for the dealt hand, shown before the first lead."""
    copies: tuple[Copy, ...]
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


def hand_positions(variant: Variant) -> HandPositions:
    """For the seat ``k`` places after the dealer, the positions of the pack it is dealt:
    those :func:`layout` gives it when seat 0 deals (``Game.hand_positions``); the stock
    follows."""
    return positions_of(layout(variant, 0), 2)


@dataclass(slots=True)
class Deal(TrickDeal):
    """A deal on the base's (:class:`~app.engine.trick_game.TrickDeal`) without its ledger:
    a card is a copy, which the holdings, the stock and the trick hold."""

    number: int
    dealer: int
    variant: Variant
    pack: tuple[Card, ...]
    dealt: tuple[tuple[Copy, ...], tuple[Copy, ...]]
    """Each seat's copies as dealt, ascending."""
    holdings: list[Holding]
    stock: Stock[Copy]
    leader: int
    """Who leads the trick in progress (or the next one)."""
    previous_trump: Suit | None = None
    """The suit that may not become trumps (Chinese §4): the last deal's trumps; always
    ``None`` in rubicon bezique."""
    trump: Suit | None = None
    trick: list[Copy] = field(default_factory=list)
    """The trick in progress, the leader's copy first."""
    history: list[Trick] = field(default_factory=list)  # type: ignore[assignment]
    won: list[int] = field(default_factory=lambda: [0, 0])
    """Tricks taken per seat."""
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
    draw; ``None`` otherwise."""
    draws: list[list[Copy]] = field(default_factory=lambda: [[], []])
    """What each seat drew from the stock, in order."""
    actions: list[tuple[int, str]] = field(default_factory=list)
    result: Result | None = None
    scores: tuple[int, int] | None = None
    """The result's scores, once settled (the base's mark of a deal over)."""
    codes: dict[Copy, Card] = field(default_factory=dict, compare=False, repr=False)
    """``pack`` as a dict, copy to code, shared by copies: a C-level map reads a dict's
    items by its bound ``__getitem__`` faster than a tuple's."""
    context: Context | None = field(default=None, compare=False, repr=False)
    """What its declarations are judged by, once built (``Match.context`` builds it again
    when the trumps it names are no longer the deal's); shared by copies, as it never
    changes."""
    course: Course | None = field(default=None, compare=False, repr=False)
    """What the table has seen of it, read from its actions as far as views have asked
    (:func:`~.view.course`); a copy reads them again."""

    @property
    def seats(self) -> int:
        return 2

    @property
    def endgame(self) -> bool:
        """The stock is gone: the tables are taken up and the last tricks are played."""
        return self.stock.empty

    @property
    def follower(self) -> int:
        return 1 - self.leader

    def trick_cards(self) -> list[Card]:
        return list(map(self.pack.__getitem__, self.trick))

    def copy(self) -> Deal:
        return Deal(
            number=self.number,
            dealer=self.dealer,
            variant=self.variant,
            pack=self.pack,
            dealt=self.dealt,
            holdings=[h.copy() for h in self.holdings],
            stock=self.stock.copy(),
            leader=self.leader,
            previous_trump=self.previous_trump,
            trump=self.trump,
            trick=list(self.trick),
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
            codes=self.codes,
            context=self.context,
        )


def deal_from_pack(
    variant: Variant,
    number: int,
    dealer: int,
    pack: Sequence[Card],
    previous_trump: Suit | None,
) -> Deal:
    """A deal as the table's pack deals it; the cards after the hands are the stock, top
    first. The non-dealer leads the first trick (rubicon §5)."""
    positions = hand_positions(variant)  # a copy is its position in the pack
    dealt = (positions[(0 - dealer) % 2], positions[(1 - dealer) % 2])
    return Deal(
        number=number,
        dealer=dealer,
        variant=variant,
        pack=tuple(pack),
        dealt=dealt,
        holdings=[new_holding(dealt[0]), new_holding(dealt[1])],
        stock=Stock(range(2 * variant.hand_size, variant.pack_size)),
        leader=1 - dealer,
        previous_trump=previous_trump if variant.no_trump_twice else None,
        codes=dict(enumerate(pack)),
    )
