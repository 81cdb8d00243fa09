"""Pinochle melds for every pack of the pinochle games: what each meld is, what a hand
makes at its best under a meld table, and how a meld a player names is checked against the
combining rules (auction-pinochle.md §6 and Clarification 5; partnership-pinochle.md §5 and
Clarification 4; double-deck-pinochle.md §5).

A card may serve in melds of different classes, never in two melds of one class. Within a
class the melds share no card except the flush and the royal marriage, and a flush is worth
more than the marriage it contains, so the best value of a set of cards is a count per meld
kind; no search.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from ..cards import SUITS, Card, Suit
from ..errors import IllegalAction

ORDER: Final[dict[Card, int]] = {
    card: i for i, card in enumerate(r + s for s in SUITS for r in "ATKQJ9")
}
"""Canonical order of a pinochle hand: spades, hearts, diamonds, clubs; A T K Q J 9 in each;
copies of a card side by side."""


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=ORDER.__getitem__)


@dataclass(frozen=True, slots=True)
class Meld:
    """One meld as shown: its kind, its cards, its value and its class (A, B or C); ``times``
    is how often a set is held when the table values the repeat as one meld (a double
    pinochle is one meld with ``times=2``, its cards each twice)."""

    kind: str
    cards: tuple[Card, ...]
    value: int
    group: str
    times: int = 1

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "cards": list(self.cards), "value": self.value}


@dataclass(frozen=True)
class MeldTable:
    """What each meld is worth. ``flush``, ``pinochle`` and each of ``arounds`` (by rank
    ``A K Q J``) list the value of holding the set once, twice, ...: entry ``n - 1`` is the
    value of ``n``; the marriages and the dix count the same each time (``dix=0``: a pack
    without nines)."""

    flush: tuple[int, ...]
    pinochle: tuple[int, ...]
    arounds: Mapping[str, tuple[int, ...]]
    royal_marriage: int = 40
    marriage: int = 20
    dix: int = 10

    def __post_init__(self) -> None:
        if sorted(self.arounds) != sorted(AROUND):
            raise ValueError("a meld table values the arounds of A, K, Q and J")
        sizes = {len(self.flush), len(self.pinochle), *(len(v) for v in self.arounds.values())}
        if len(sizes) != 1:
            raise ValueError("a meld table values every set for the same number of copies")


MELD_STEP: Final = 10
"""Every meld of every table is worth a multiple of ten."""
AROUND: Final[dict[str, str]] = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks"}
PINOCHLE_CARDS: Final = ("QS", "JD")

AUCTION: Final = MeldTable(
    flush=(150, 300),
    pinochle=(40, 80),
    arounds={"A": (100, 200), "K": (80, 160), "Q": (60, 120), "J": (40, 80)},
)
"""auction-pinochle.md §6: the basic table; a set held twice counts twice."""

PARTNERSHIP: Final = MeldTable(
    flush=(150, 1500),
    pinochle=(40, 300),
    arounds={"A": (100, 1000), "K": (80, 800), "Q": (60, 600), "J": (40, 400)},
)
"""partnership-pinochle.md §5: the basic table with the doubled melds (double flush 1500,
eight aces 1000, eight kings 800, eight queens 600, eight jacks 400, double pinochle 300)."""

DOUBLE_DECK: Final = MeldTable(
    flush=(150, 300, 450, 600),
    pinochle=(40, 300, 450, 3000),
    arounds={
        "A": (100, 1000, 1500, 2000),
        "K": (80, 800, 1200, 1600),
        "Q": (60, 600, 900, 1200),
        "J": (40, 400, 600, 800),
    },
    dix=0,
)
"""double-deck-pinochle.md §5 and Clarification 4: flushes 150 each, pinochles 40/300/450/
3000, arounds by the seed's higher values; no nines, so no dix."""


def _flush(trump: Suit) -> tuple[Card, ...]:
    return tuple(r + trump for r in "ATKQJ")


def kinds(trump: Suit) -> list[Meld]:
    """Every meld there is with ``trump``, one copy of each, at the basic values."""
    out = [
        Meld("flush", _flush(trump), 150, "A"),
        Meld("royal_marriage", ("K" + trump, "Q" + trump), 40, "A"),
    ]
    out += [Meld("marriage", ("K" + s, "Q" + s), 20, "A") for s in SUITS if s != trump]
    out += [Meld("pinochle", PINOCHLE_CARDS, 40, "B"), Meld("dix", ("9" + trump,), 10, "B")]
    out += [
        Meld(name, tuple(r + s for s in SUITS), AUCTION.arounds[r][0], "C")
        for r, name in AROUND.items()
    ]
    return out


_BY_CARDS: Final[dict[Suit, dict[tuple[Card, ...], Meld]]] = {
    s: {tuple(sort_cards(m.cards)): m for m in kinds(s)} for s in SUITS
}


def _sets(
    kind: str, cards: tuple[Card, ...], n: int, values: tuple[int, ...], group: str
) -> list[Meld]:
    """A set held ``n`` times: ``n`` melds when the table adds the single value up, else one
    meld ``times=n``."""
    if n <= 0:
        return []
    if n > len(values):
        raise ValueError(f"the meld table values {kind} up to {len(values)} times, not {n}")
    single = values[0]
    if values[n - 1] == n * single:
        return [Meld(kind, cards, single, group)] * n
    return [Meld(kind, tuple(sort_cards(cards * n)), values[n - 1], group, times=n)]


def best(cards: Iterable[Card], trump: Suit, table: MeldTable = AUCTION) -> list[Meld]:
    """The melds ``cards`` make at their best with ``trump`` under ``table``, each as often
    as it counts (partnership Clarification 4, double-deck §5 "Computation")."""
    held = Counter(cards)
    flush = _flush(trump)
    king, queen = "K" + trump, "Q" + trump
    flushes = min(held[c] for c in flush)
    out = _sets("flush", flush, flushes, table.flush, "A")
    # the K and Q of a flush are not a royal marriage as well
    royal = Meld("royal_marriage", (king, queen), table.royal_marriage, "A")
    out.extend([royal] * (min(held[king], held[queen]) - flushes))
    for s in SUITS:
        if s != trump:
            pair = ("K" + s, "Q" + s)
            count = min(held[pair[0]], held[pair[1]])
            out.extend([Meld("marriage", pair, table.marriage, "A")] * count)
    pinochles = min(held[c] for c in PINOCHLE_CARDS)
    out += _sets("pinochle", PINOCHLE_CARDS, pinochles, table.pinochle, "B")
    if table.dix:
        out.extend([Meld("dix", ("9" + trump,), table.dix, "B")] * held["9" + trump])
    for rank, name in AROUND.items():
        around = tuple(rank + s for s in SUITS)
        out += _sets(name, around, min(held[c] for c in around), table.arounds[rank], "C")
    return out


def value(cards: Iterable[Card], trump: Suit, table: MeldTable = AUCTION) -> int:
    return sum(m.value for m in best(cards, trump, table))


def best_value(cards: Sequence[Card], table: MeldTable = AUCTION) -> int:
    """The most ``cards`` meld under any of the four trump suits."""
    return max(value(cards, s, table) for s in SUITS)


def _by_class(melds: Sequence[Meld]) -> dict[str, Counter[Card]]:
    """The cards each class of ``melds`` needs: within a class each meld its own copies."""
    need: dict[str, Counter[Card]] = {group: Counter() for group in "ABC"}
    for m in melds:
        need[m.group].update(m.cards)
    return need


def shown_cards(melds: Sequence[Meld]) -> list[Card]:
    """The cards that show ``melds``: across classes one copy serves them all (§6)."""
    shown: Counter[Card] = Counter()
    for need in _by_class(melds).values():
        shown |= need
    return sort_cards(shown.elements())


def meld_text(melds: Sequence[Meld]) -> str:
    """The ``meld:`` action that shows ``melds``: each meld's cards, melds apart by ``;``."""
    if not melds:
        return "meld"
    return "meld:" + ";".join(",".join(m.cards) for m in melds)


def parse_groups(arg: str) -> list[tuple[Card, ...]]:
    """The groups of a ``meld:`` argument (already known to be cards, commas and ``;``)."""
    return [tuple(sort_cards(g.split(","))) for g in arg.split(";")] if arg else []


def name_melds(groups: Sequence[Sequence[Card]], trump: Suit | None) -> list[Meld]:
    """Each group as the single meld it is with ``trump`` at the basic values (a player who
    chooses his melds names each set once), or :class:`IllegalAction`."""
    if trump is None:
        raise IllegalAction("meld_needs_trump", "name trumps before showing a meld")
    table = _BY_CARDS[trump]
    out: list[Meld] = []
    for group in groups:
        meld = table.get(tuple(sort_cards(group)))
        if meld is None:
            raise IllegalAction(
                "not_a_meld",
                f"{','.join(group)} is not a meld with {trump} as trumps",
                {"cards": list(group), "trump": trump},
            )
        out.append(meld)
    return out


def check_held(melds: Sequence[Meld], hand: Sequence[Card]) -> list[Card]:
    """The cards ``melds`` show, if ``hand`` holds enough of them to show each class; else
    :class:`IllegalAction` (a card not held, or one used twice in one class)."""
    held = Counter(hand)
    missing = sort_cards({c for m in melds for c in m.cards if held[c] == 0})
    if missing:
        raise IllegalAction(
            "meld_cards_not_held",
            f"you do not hold {', '.join(missing)}",
            {"cards": missing},
        )
    for group, need in _by_class(melds).items():
        twice = sort_cards(c for c, n in need.items() if n > held[c])
        if twice:
            raise IllegalAction(
                "card_twice_in_class",
                f"{', '.join(twice)} would serve twice in melds of one class",
                {"cards": twice, "class": group},
            )
    return shown_cards(melds)
