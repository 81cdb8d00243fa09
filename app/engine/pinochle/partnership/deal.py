"""One deal of a partnership pinochle as data: the hands, the auction with its
announcements, the trump, every player's melds, the tricks and the result. The rules that
move it live in ``state.py``."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ...cards import Card, Suit
from ..melds import Meld, shown_cards
from .variant import End, team_of


@dataclass(frozen=True, slots=True)
class Call:
    """One turn of the auction: ``call`` is ``bid``, ``pass`` or ``announce``. ``bid`` is
    the bid it makes (``None`` for a pass or an information-only announcement),
    ``announced`` the meld value announced, ``flag`` a bid's ``flush`` or ``long_suit``."""

    seat: int
    call: str
    bid: int | None = None
    announced: int | None = None
    flag: str | None = None

    def to_json(self) -> dict[str, object]:
        return {
            "seat": self.seat,
            "call": self.call,
            "bid": self.bid,
            "announced": self.announced,
            "flag": self.flag,
        }


@dataclass(frozen=True, slots=True)
class Trick:
    leader: int
    cards: tuple[tuple[int, Card], ...]
    """(seat, card) in play order."""
    winner: int


@dataclass(frozen=True, slots=True)
class Claim:
    seat: int
    team: int
    hand: int
    """The claiming side's points so far: card points and, once it won a trick, its meld."""
    provisional: int
    """What the claim counts of them (§9, Clarification 7)."""
    standing: int
    """The side's total before the deal plus ``provisional``."""
    good: bool


@dataclass(frozen=True, slots=True)
class Result:
    """How a deal ended and what each team scored."""

    end: End
    points: tuple[int, int]
    """Card points per team, the last trick's bonus included (so far, for a claim)."""
    melded: tuple[int, int]
    """Each team's meld as credited: its meld if it won a trick, else 0."""
    hands: tuple[int, int]
    """Hand points per team: ``points`` + ``melded``."""
    scores: tuple[int, int]
    claim: Claim | None = None


@dataclass(slots=True)
class Deal:
    number: int
    dealer: int
    pack: tuple[Card, ...]
    dealt: list[list[Card]]
    """Each seat's cards as dealt, in canonical order."""
    hands: list[list[Card]]
    """What each seat holds now, in canonical order."""
    calls: list[Call] = field(default_factory=list)
    high: int = 0
    high_seat: int | None = None
    out: list[int] = field(default_factory=list)
    """Seats that passed, in order."""
    announced: list[int] = field(default_factory=list)
    """Seats that made their information-only announcement."""
    bidder: int | None = None
    trump: Suit | None = None
    melds: list[list[Meld]] | None = None
    """Every seat's melds, once trump is named (Clarification 3); set by :meth:`show`."""
    meld_values: tuple[int, ...] = (0, 0, 0, 0)
    trick: list[tuple[int, Card]] = field(default_factory=list)
    history: list[Trick] = field(default_factory=list)
    points: list[int] = field(default_factory=lambda: [0, 0])
    """Card points taken in tricks per team, the last trick's bonus apart."""
    tricks_won: list[int] = field(default_factory=lambda: [0, 0])
    actions: list[tuple[int, str]] = field(default_factory=list)
    result: Result | None = None
    best_melds: dict[int, int] = field(default_factory=dict)
    """Each seat's best meld over the four trump suits, as announcements check it (filled
    when first asked: the dealt hand never changes during the auction)."""

    @property
    def finished(self) -> bool:
        return self.result is not None

    @property
    def leader(self) -> int:
        """The seat to the dealer's left, who leads to the first trick (§6)."""
        return (self.dealer + 1) % 4

    @property
    def bidder_team(self) -> int | None:
        return None if self.bidder is None else team_of(self.bidder)

    def show(self, melds: list[list[Meld]]) -> None:
        """Show every seat's melds."""
        self.melds = melds
        self.meld_values = tuple(sum(m.value for m in seat) for seat in melds)

    def meld_value(self, seat: int) -> int:
        return self.meld_values[seat]

    def team_meld(self, team: int) -> int:
        return self.meld_values[team] + self.meld_values[team + 2]

    def meld_cards(self, seat: int) -> Counter[Card]:
        """The cards ``seat``'s melds show (none before trump)."""
        if self.melds is None:
            return Counter()
        return Counter(shown_cards(self.melds[seat]))

    def known(self, seat: int) -> Counter[Card]:
        """What everyone knows ``seat`` still holds: its shown meld cards, less what it has
        played since, copy for copy."""
        shown = self.meld_cards(seat)
        if not shown:
            return shown
        played = Counter(c for t in self.history for s, c in t.cards if s == seat)
        played.update(c for s, c in self.trick if s == seat)
        return shown - played

    def copy(self) -> Deal:
        return Deal(
            number=self.number,
            dealer=self.dealer,
            pack=self.pack,
            dealt=self.dealt,  # never changed after the deal
            hands=[list(h) for h in self.hands],
            calls=list(self.calls),
            high=self.high,
            high_seat=self.high_seat,
            out=list(self.out),
            announced=list(self.announced),
            bidder=self.bidder,
            trump=self.trump,
            melds=self.melds,  # set once, never changed
            meld_values=self.meld_values,
            trick=list(self.trick),
            history=list(self.history),
            points=list(self.points),
            tricks_won=list(self.tricks_won),
            actions=list(self.actions),
            result=self.result,
            best_melds=self.best_melds,  # values of the dealt hands: the same in every copy
        )
