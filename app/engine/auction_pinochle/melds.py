"""The bidder's melds (rules §6 and Clarification 5): what each meld is, what cards show at
their best, and how a meld the bidder names is checked against the combining rules.

A card may serve in melds of different classes, never in two melds of one class; two melds
of one kind count twice when they use distinct copies. Within a class the melds share no
card except the flush and the royal marriage, and a flush is worth more than the marriage
it contains, so the best value of a set of cards is a count per meld kind; no search.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from ..cards import SUITS, Card, Suit
from ..errors import IllegalAction
from .rules import sort_cards


@dataclass(frozen=True, slots=True)
class Meld:
    """One meld as shown: its kind, its cards, its value and its class (A, B or C)."""

    kind: str
    cards: tuple[Card, ...]
    value: int
    group: str

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "cards": list(self.cards), "value": self.value}


AROUND: Final[dict[str, tuple[str, int]]] = {
    "A": ("aces", 100),
    "K": ("kings", 80),
    "Q": ("queens", 60),
    "J": ("jacks", 40),
}
FLUSH_RANKS: Final = "ATKQJ"
PINOCHLE_CARDS: Final = ("QS", "JD")


def _flush(trump: Suit) -> tuple[Card, ...]:
    return tuple(r + trump for r in FLUSH_RANKS)


def kinds(trump: Suit) -> list[Meld]:
    """Every meld there is with ``trump``, one copy of each."""
    out = [
        Meld("flush", _flush(trump), 150, "A"),
        Meld("royal_marriage", ("K" + trump, "Q" + trump), 40, "A"),
    ]
    out += [Meld("marriage", ("K" + s, "Q" + s), 20, "A") for s in SUITS if s != trump]
    out += [Meld("pinochle", PINOCHLE_CARDS, 40, "B"), Meld("dix", ("9" + trump,), 10, "B")]
    out += [Meld(name, tuple(r + s for s in SUITS), v, "C") for r, (name, v) in AROUND.items()]
    return out


_KINDS: Final[dict[Suit, list[Meld]]] = {s: kinds(s) for s in SUITS}
_BY_CARDS: Final[dict[Suit, dict[tuple[Card, ...], Meld]]] = {
    s: {tuple(sort_cards(m.cards)): m for m in melds} for s, melds in _KINDS.items()
}


def best(cards: Iterable[Card], trump: Suit) -> list[Meld]:
    """The melds ``cards`` make at their best with ``trump``, each as often as it counts."""
    held = Counter(cards)
    out: list[Meld] = []
    flushes = min(held[c] for c in _flush(trump))
    for m in _KINDS[trump]:
        count = min(held[c] for c in m.cards)
        if m.kind == "royal_marriage":
            count -= flushes  # the K and Q of a flush are not a royal marriage as well
        out.extend([m] * count)
    return out


def value(cards: Iterable[Card], trump: Suit) -> int:
    return sum(m.value for m in best(cards, trump))


def shown_cards(melds: Sequence[Meld]) -> list[Card]:
    """The cards that show ``melds``: within a class each meld needs its own copies, across
    classes one copy serves them all (§6)."""
    need: Counter[Card] = Counter()
    for group in "ABC":
        in_group: Counter[Card] = Counter()
        for m in melds:
            if m.group == group:
                in_group.update(m.cards)
        need |= in_group
    return sort_cards(need.elements())


def meld_text(melds: Sequence[Meld]) -> str:
    """The ``meld:`` action that shows ``melds``: each meld's cards, melds apart by ``;``."""
    if not melds:
        return "meld"
    return "meld:" + ";".join(",".join(m.cards) for m in melds)


def parse_groups(arg: str) -> list[tuple[Card, ...]]:
    """The groups of a ``meld:`` argument (already known to be cards, commas and ``;``)."""
    return [tuple(sort_cards(g.split(","))) for g in arg.split(";")] if arg else []


def name_melds(groups: Sequence[Sequence[Card]], trump: Suit | None) -> list[Meld]:
    """Each group as the meld it is with ``trump``, or :class:`IllegalAction`."""
    if trump is None:
        raise IllegalAction("meld_needs_trump", "name trumps before showing a meld")
    table = _BY_CARDS[trump]
    out: list[Meld] = []
    for group in groups:
        meld = table.get(tuple(sort_cards(group)))
        if meld is None:
            shown = ",".join(group)
            raise IllegalAction(
                "not_a_meld",
                f"{shown} is not a meld with {trump} as trumps",
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
    for group in "ABC":
        need: Counter[Card] = Counter()
        for m in melds:
            if m.group == group:
                need.update(m.cards)
        twice = sort_cards(c for c, n in need.items() if n > held[c])
        if twice:
            raise IllegalAction(
                "card_twice_in_class",
                f"{', '.join(twice)} would serve twice in melds of one class",
                {"cards": twice, "class": group},
            )
    return shown_cards(melds)
