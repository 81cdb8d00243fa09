"""The declarations of bezique as data: their kinds, families and levels, the cards each
needs and what each scores (rubicon §6, Chinese §3 and §5). Which declarations a player may
make, and when, is ``declarations.py``'s business.

A *family* is a class of rubicon §6 (A: same suit, B: beziques, C: four of a kind); within
a family, a *group* is what two declarations must share to compete at all: the suit of a
marriage or sequence, the rank of a four, nothing for beziques. Two declarations of the
same family and group are of the *same type* when their levels are equal (Clarification 12:
marriage 1 < sequence 2; any four 1 < four of trumps 2; a k-fold bezique is level k).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from ..cards import SUITS, Card, Suit
from .variant import Variant

Copy = int
"""A physical card: its position in the pack as dealt. Identical cards share a code on the
wire; the state tells them apart by copy (Clarification 6)."""


class Family(StrEnum):
    # hashed as the text, in C: Enum's own hash is a Python call, and kinds key the tables
    # read on every declaration considered
    __hash__ = str.__hash__

    SAME_SUIT = "A"
    BEZIQUE = "B"
    FOUR = "C"


class Kind(StrEnum):
    __hash__ = str.__hash__

    MARRIAGE = "marriage"
    SEQUENCE = "sequence"
    BEZIQUE = "bezique"
    DOUBLE_BEZIQUE = "double_bezique"
    TRIPLE_BEZIQUE = "triple_bezique"
    QUADRUPLE_BEZIQUE = "quadruple_bezique"
    ACES = "aces"
    KINGS = "kings"
    QUEENS = "queens"
    JACKS = "jacks"
    TRUMP_ACES = "trump_aces"
    TRUMP_TENS = "trump_tens"
    TRUMP_KINGS = "trump_kings"
    TRUMP_QUEENS = "trump_queens"
    TRUMP_JACKS = "trump_jacks"


@dataclass(frozen=True, slots=True)
class KindInfo:
    family: Family
    level: int
    rank: str | None
    """The rank of a four; ``None`` for the other families."""
    points: int
    """The value; for a marriage or sequence the plain-suit value (doubled or raised when
    it is of trumps: :func:`value`)."""


SEQUENCE_RANKS: Final = "ATKQJ"
BEZIQUES: Final = (Kind.BEZIQUE, Kind.DOUBLE_BEZIQUE, Kind.TRIPLE_BEZIQUE, Kind.QUADRUPLE_BEZIQUE)

INFO: Final[dict[Kind, KindInfo]] = {
    Kind.MARRIAGE: KindInfo(Family.SAME_SUIT, 1, None, 20),
    Kind.SEQUENCE: KindInfo(Family.SAME_SUIT, 2, None, 150),
    Kind.BEZIQUE: KindInfo(Family.BEZIQUE, 1, None, 40),
    Kind.DOUBLE_BEZIQUE: KindInfo(Family.BEZIQUE, 2, None, 500),
    Kind.TRIPLE_BEZIQUE: KindInfo(Family.BEZIQUE, 3, None, 1500),
    Kind.QUADRUPLE_BEZIQUE: KindInfo(Family.BEZIQUE, 4, None, 4500),
    Kind.ACES: KindInfo(Family.FOUR, 1, "A", 100),
    Kind.KINGS: KindInfo(Family.FOUR, 1, "K", 80),
    Kind.QUEENS: KindInfo(Family.FOUR, 1, "Q", 60),
    Kind.JACKS: KindInfo(Family.FOUR, 1, "J", 40),
    Kind.TRUMP_ACES: KindInfo(Family.FOUR, 2, "A", 1000),
    Kind.TRUMP_TENS: KindInfo(Family.FOUR, 2, "T", 900),
    Kind.TRUMP_KINGS: KindInfo(Family.FOUR, 2, "K", 800),
    Kind.TRUMP_QUEENS: KindInfo(Family.FOUR, 2, "Q", 600),
    Kind.TRUMP_JACKS: KindInfo(Family.FOUR, 2, "J", 400),
}
TRUMP_VALUE: Final[dict[Kind, int]] = {Kind.MARRIAGE: 40, Kind.SEQUENCE: 250}
"""A royal marriage and a trump sequence (rubicon §6)."""
TRUMP_FOURS: Final = frozenset(
    k for k, i in INFO.items() if i.family is Family.FOUR and i.level == 2
)


_EVERY_KIND: Final = tuple(Kind)
_NO_TRUMP_FOURS: Final = tuple(k for k in Kind if k not in TRUMP_FOURS)


def kinds_of(variant: Variant) -> tuple[Kind, ...]:
    """The kinds a game has: the fours of trumps only in Chinese bezique."""
    return _EVERY_KIND if variant.trump_fours else _NO_TRUMP_FOURS


@dataclass(frozen=True, slots=True)
class Combination:
    """A declaration's cards: ``suit`` is the suit of a marriage or sequence, and the trump
    suit of a four of trumps; ``cards`` are the copies, in ascending order."""

    kind: Kind
    suit: Suit | None
    cards: tuple[Copy, ...]


def group_of(kind: Kind, suit: Suit | None) -> tuple[Family, str | None]:
    info = INFO[kind]
    return info.family, suit if info.family is Family.SAME_SUIT else info.rank


def required(variant: Variant, kind: Kind, suit: Suit | None, trump: Suit | None) -> Counter[Card]:
    """The codes a combination of ``kind`` (any but a plain four) needs, each as often as it
    needs it; empty when it cannot be formed now (a Chinese bezique or four of trumps before
    trumps exist)."""
    info = INFO[kind]
    if info.family is Family.SAME_SUIT:
        assert suit is not None
        ranks = "KQ" if kind is Kind.MARRIAGE else SEQUENCE_RANKS
        return Counter(r + suit for r in ranks)
    if info.family is Family.BEZIQUE:
        pair = variant.bezique_cards(trump)
        if pair is None:
            return Counter()
        return Counter({pair[0]: info.level, pair[1]: info.level})
    assert info.rank is not None and info.level == 2
    if trump is None:
        return Counter()
    return Counter({info.rank + trump: 4})


def value(
    variant: Variant,
    kind: Kind,
    suit: Suit | None,
    trump: Suit | None,
    previous_trump: Suit | None,
) -> tuple[int, Suit | None]:
    """What a combination scores when it is scored, and the trump suit it fixes (rubicon §4
    and Clarifications 2-3; Chinese §4 and its Clarification 2). A marriage or sequence
    declared while no trumps exist makes its suit trumps and scores as of trumps, unless
    its suit was last deal's trumps in Chinese bezique: then it scores as plain and fixes
    nothing."""
    info = INFO[kind]
    if info.family is not Family.SAME_SUIT:
        return info.points, None
    assert suit is not None
    if trump is None:
        if variant.no_trump_twice and suit == previous_trump:
            return info.points, None
        return TRUMP_VALUE[kind], suit
    return (TRUMP_VALUE[kind] if suit == trump else info.points), None


def suits_of(kind: Kind) -> tuple[Suit | None, ...]:
    """The suits a kind's groups may take: each suit for a marriage or sequence, none
    otherwise (a four of trumps takes the trump suit from the deal)."""
    return SUITS if INFO[kind].family is Family.SAME_SUIT else (None,)
