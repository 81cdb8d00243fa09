"""Cards in the canonical two-character notation: rank then suit (``AS``, ``TH``, ``2C``).

A card is a plain ``str`` everywhere in the engine. Hot loops compare and hash short strings
faster than they would build objects, and the text form is already what the wire protocol,
the logs and the game records use, so no conversion layer can drift from it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import TypeGuard

Card = str
Suit = str

SUITS: tuple[Suit, ...] = ("S", "H", "D", "C")
RANKS: str = "AKQJT98765432"
"""Ranks of the standard 52-card pack, high to low."""

SUIT_NAMES: dict[Suit, str] = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}

FULL_DECK: tuple[Card, ...] = tuple(r + s for s in SUITS for r in RANKS)
_FULL_DECK_SET = frozenset(FULL_DECK)
_ORDER: dict[Card, int] = {c: i for i, c in enumerate(FULL_DECK)}


class CardError(ValueError):
    """Text that is not a card of the pack in question."""


def is_card(text: object, ranks: str = RANKS) -> TypeGuard[Card]:
    return isinstance(text, str) and len(text) == 2 and text[0] in ranks and text[1] in SUITS


def parse_card(text: str, ranks: str = RANKS) -> Card:
    """Return ``text`` as a card, or raise :class:`CardError` naming what is wrong."""
    if not is_card(text, ranks):
        raise CardError(f"not a card: {text!r} (rank {' '.join(ranks)} then suit S H D C)")
    return text


def parse_cards(text: str, ranks: str = RANKS) -> list[Card]:
    """Parse cards separated by commas and/or white space: ``"AS KH, 2C"``."""
    return [parse_card(t, ranks) for t in text.replace(",", " ").split()]


def dealt_cards(arg: str) -> list[Card]:
    """The cards a deal action's argument names, in order, each the one string of its name
    that every match shares (``sys.intern``): made anew from every deal action, a deal's
    cards were a few KiB of each match a server keeps in memory."""
    return [sys.intern(card) for card in arg.split(",")]


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(cards)


def strength_table(ranks: str) -> dict[str, int]:
    """Map each rank letter to its strength: higher beats lower within a suit."""
    return {r: len(ranks) - i for i, r in enumerate(ranks)}


def sort_key(card: Card) -> int:
    """Canonical order of the 52-card pack: spades, hearts, diamonds, clubs; high to low."""
    return _ORDER[card]


def sorted_cards(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=_ORDER.__getitem__)


def is_full_deck(cards: Iterable[Card]) -> bool:
    listed = list(cards)
    return len(listed) == 52 and set(listed) == _FULL_DECK_SET
