"""Cards, seats and tricks as spades' computer players reason about them: ranks by
strength, partners and sides, and which card beats which."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from app.engine.spades.rules import BLIND_NIL, NIL, RANKS, SEATS, TRUMP

PLAIN: Final = ("H", "D", "C")
SUITS: Final = (TRUMP, *PLAIN)
STRENGTH: Final[dict[str, int]] = {r: len(RANKS) - i for i, r in enumerate(RANKS)}
"""A is 13, K 12, ... 2 is 1."""
BY_SUIT: Final[dict[str, tuple[str, ...]]] = {s: tuple(r + s for r in RANKS) for s in SUITS}
"""Every card of a suit, high to low."""

Bid = int | str | None


def partner(seat: int) -> int:
    return (seat + 2) % SEATS


def side(seat: int) -> int:
    return seat % 2


def opponents(seat: int) -> tuple[int, int]:
    return ((seat + 1) % SEATS, (seat + 3) % SEATS)


def is_nil(bid: Bid) -> bool:
    return bid in (NIL, BLIND_NIL)


def power(card: str) -> int:
    """How hard a card is to beat: any spade above any other card."""
    return STRENGTH[card[0]] + (20 if card[1] == TRUMP else 0)


def beats(card: str, best: str) -> bool:
    """Whether ``card``, played after ``best`` (the card winning the trick so far), wins."""
    if card[1] == best[1]:
        return STRENGTH[card[0]] > STRENGTH[best[0]]
    return card[1] == TRUMP


def winner_index(cards: Sequence[str]) -> int:
    """The position in play order of the card that wins ``cards`` so far."""
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best]):
            best = i
    return best


def suit_counts(hand: Sequence[str]) -> dict[str, int]:
    counts = dict.fromkeys(SUITS, 0)
    for c in hand:
        counts[c[1]] += 1
    return counts


def legal_cards(hand: Sequence[str], trick: Sequence[str], broken: bool) -> list[str]:
    """The cards of ``hand`` that may be played to ``trick`` (rules §4)."""
    if trick:
        led = trick[0][1]
        same = [c for c in hand if c[1] == led]
        return same or list(hand)
    if broken:
        return list(hand)
    plain = [c for c in hand if c[1] != TRUMP]
    return plain or list(hand)
