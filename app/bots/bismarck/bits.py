"""Cards as bit positions, hands as integer masks: the bots' working representation.

Card ``suit * 13 + rank`` (rank 0 is the two, 12 the ace), so within a suit a higher bit is a
higher card, and "highest card of a suit" is one ``bit_length``. Playouts run many thousand
card plays per decision; masks keep those plays to a few integer operations.
"""

from __future__ import annotations

from collections.abc import Iterable

from app.engine.cards import RANKS, SUITS, Card

SUIT_INDEX: dict[str, int] = {s: i for i, s in enumerate(SUITS)}
RANK_CHARS: str = RANKS[::-1]  # "23456789TJQKA": index is the rank's strength

TEXT: tuple[Card, ...] = tuple(r + s for s in SUITS for r in RANK_CHARS)
CODE: dict[Card, int] = {c: i for i, c in enumerate(TEXT)}

SUIT_MASK: tuple[int, ...] = tuple(0x1FFF << (13 * s) for s in range(4))
FULL: int = (1 << 52) - 1

# Every bit of the card's suit above / below the card itself.
ABOVE: tuple[int, ...] = tuple(SUIT_MASK[c // 13] & ~((2 << c) - 1) for c in range(52))
BELOW: tuple[int, ...] = tuple(SUIT_MASK[c // 13] & ((1 << c) - 1) for c in range(52))


def mask_of(cards: Iterable[Card]) -> int:
    m = 0
    for card in cards:
        m |= 1 << CODE[card]
    return m


def cards_of(mask: int) -> list[Card]:
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(TEXT[low.bit_length() - 1])
        mask ^= low
    return out


def codes_of(mask: int) -> list[int]:
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def high(mask: int) -> int:
    """The highest card of a non-empty mask (within one suit: the best card)."""
    return mask.bit_length() - 1


def low(mask: int) -> int:
    """The lowest card of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def suit_code(suit: str | None) -> int:
    """The index of a trump suit, -1 for none."""
    return -1 if suit is None else SUIT_INDEX[suit]
