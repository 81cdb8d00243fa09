"""Which positions of the pack as dealt go to which seat's hand, as data
(:attr:`~app.engine.game.Game.hand_positions`): a player's browser, holding no rules, checks
the cards it was dealt against the pack a deal's seeds give (docs/fairness.md).

A game states where each position of the pack goes, seats counted from the dealer (``k``
places after him, ``0``: the dealer himself), and both its deal and its ``hand_positions``
are read from that one statement, so the two cannot tell different stories.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

HandPositions = tuple[tuple[int, ...], ...]
"""For the seat ``k`` places after the dealer, the positions of the pack dealt to its hand."""

T = TypeVar("T")


def positions_of(places: Iterable[int | None], seats: int) -> HandPositions:
    """The positions each seat is dealt, from ``places``: for each position of the pack in
    turn (from 0, its top card), the seat ``k`` places after the dealer that it goes to, or
    ``None`` for a card dealt to no hand (an open card, a widow, the stock)."""
    out: list[list[int]] = [[] for _ in range(seats)]
    for position, k in enumerate(places):
        if k is not None:
            out[k].append(position)
    return tuple(tuple(p) for p in out)


def dealt_to(pack: Sequence[T], positions: HandPositions, dealer: int) -> list[list[T]]:
    """Each seat's cards (by seat number, in the order of its positions) that ``pack``
    deals when ``dealer`` deals."""
    seats = len(positions)
    hands: list[list[T]] = [[] for _ in range(seats)]
    for k, places in enumerate(positions):
        hands[(dealer + k) % seats] = [pack[p] for p in places]
    return hands


def pack_from(
    hands: Sequence[Sequence[T]], positions: HandPositions, dealer: int, rest: Sequence[T] = ()
) -> list[T]:
    """A pack that deals ``hands`` (by seat number) when ``dealer`` deals, the inverse of
    :func:`dealt_to`: card ``i`` of a seat's hand at its ``i``-th position, and ``rest`` in
    order at the positions no hand is dealt."""
    seats = len(positions)
    size = sum(len(p) for p in positions) + len(rest)
    pack: list[T | None] = [None] * size
    for k, places in enumerate(positions):
        hand = hands[(dealer + k) % seats]
        assert len(hand) == len(places), "a hand of the wrong size"
        for place, card in zip(places, hand, strict=True):
            pack[place] = card
    others = iter(rest)
    return [next(others) if card is None else card for card in pack]
