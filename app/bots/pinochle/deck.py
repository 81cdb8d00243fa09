"""What the partnership pinochle bots need to know of a variant's pack and rules, read once
from the engine's :class:`~app.engine.pinochle.partnership.Variant`: the ranks and their
order, copies, card points, the last trick's bonus, the trick rules and the meld table."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from app.engine.cards import SUITS
from app.engine.pinochle.melds import MeldTable
from app.engine.pinochle.partnership.variant import Variant
from app.engine.tricks import TrickRules

SEATS: Final = 4


def partner(seat: int) -> int:
    return (seat + 2) % SEATS


def team(seat: int) -> int:
    """0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat % 2


@dataclass(frozen=True)
class Deck:
    variant: Variant
    ranks: str
    copies: int
    strength: dict[str, int]
    """By rank, higher is stronger."""
    points: dict[str, int]
    """Card points by rank."""
    last_trick: int
    hand_size: int
    minimum_bid: int
    meld_table: MeldTable
    trick_rules: TrickRules
    cards: tuple[str, ...]
    """Each card once, suit by suit, high to low."""
    by_suit: dict[str, tuple[str, ...]]
    """A suit's cards once each, high to low."""
    total: int
    """Card points in the pack, the last trick's included."""
    higher: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Per card, the cards of its suit that rank above it."""

    @property
    def name(self) -> str:
        return self.variant.name


_DECKS: dict[str, Deck] = {}


def deck_of(variant: Variant) -> Deck:
    """The bots' description of ``variant`` (one per variant, built once)."""
    found = _DECKS.get(variant.name)
    if found is not None and found.variant is variant:
        return found
    ranks = variant.ranks
    by_suit = {s: tuple(r + s for r in ranks) for s in SUITS}
    cards = tuple(c for s in SUITS for c in by_suit[s])
    points = dict(variant.card_points)
    made = Deck(
        variant=variant,
        ranks=ranks,
        copies=variant.copies,
        strength={r: len(ranks) - i for i, r in enumerate(ranks)},
        points=points,
        last_trick=variant.last_trick,
        hand_size=variant.hand_size,
        minimum_bid=variant.minimum_bid,
        meld_table=variant.meld_table,
        trick_rules=variant.trick_rules,
        cards=cards,
        by_suit=by_suit,
        total=sum(points[c[0]] for c in variant.cards) + variant.last_trick,
        higher={c: by_suit[c[1]][: ranks.index(c[0])] for c in cards},
    )
    _DECKS[variant.name] = made
    return made


def beats(deck: Deck, card: str, best: str, trump: str | None) -> bool:
    """Whether ``card`` played after ``best`` (the trick's winning card so far) takes over:
    only a strictly higher card does, so the first of identical cards wins."""
    if card[1] == best[1]:
        return deck.strength[card[0]] > deck.strength[best[0]]
    return card[1] == trump


def winner_at(deck: Deck, cards: Sequence[str], trump: str | None) -> int:
    """The index in play order of the card that wins ``cards`` so far."""
    best = 0
    for i in range(1, len(cards)):
        if beats(deck, cards[i], cards[best], trump):
            best = i
    return best
