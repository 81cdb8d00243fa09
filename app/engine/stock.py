"""The stock of the two-player games that draw after every trick (Sixty-six §4, rubicon
bezique §5): while a stock lasts, the winner of a trick draws its top card and the loser the
next, so both hands are full again for the winner's lead.

That order is the whole shared mechanism. What a draw means beyond it (a turned trump taken
last, a card shown for carte blanche, declarations before the draw) is each game's own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

T = TypeVar("T")


def draw_order(winner: int) -> tuple[int, int]:
    """The seats that draw after a trick won by ``winner``, in turn: the winner, then the
    loser."""
    return winner, 1 - winner


def draw_after_trick(winner: int, draw: Callable[[], T]) -> tuple[tuple[int, T], tuple[int, T]]:
    """Both draws after a trick won by ``winner``, as ``(seat, card)`` in the order taken:
    ``draw`` (which takes the stock's top card off) is called for the winner first, so the
    winner gets the top card and the loser the one under it."""
    first, second = draw_order(winner)
    top = draw()
    return (first, top), (second, draw())


@dataclass(slots=True)
class Stock(Generic[T]):
    """Face-down cards, top first, drawn by moving past them: a draw changes one number, so
    copying a state copies no cards (the pack itself is shared and never changes)."""

    cards: Sequence[T]
    drawn: int = 0
    """Cards taken off the top so far."""
    empty: bool = field(init=False, repr=False, compare=False)
    """Whether every card is drawn, kept by the draws: bezique reads it for every card
    played, where a property would be a call."""

    def __post_init__(self) -> None:
        self.empty = self.drawn >= len(self.cards)

    def __len__(self) -> int:
        return len(self.cards) - self.drawn

    def __bool__(self) -> bool:
        return self.drawn < len(self.cards)

    def remaining(self) -> Sequence[T]:
        """The cards still face down, top first."""
        return self.cards[self.drawn :]

    def draw(self) -> T:
        """Take the top card off."""
        if self.drawn >= len(self.cards):
            raise IndexError("the stock is empty")
        card = self.cards[self.drawn]
        self.drawn += 1
        self.empty = self.drawn >= len(self.cards)
        return card

    def draw_two(self) -> tuple[T, T]:
        """Take the top card and the one under it off together: the winner's and the
        loser's draws after a trick (:func:`draw_after_trick`) in one call."""
        top = self.drawn
        if top + 2 > len(self.cards):
            raise IndexError("the stock holds fewer than two cards")
        self.drawn = top + 2
        self.empty = self.drawn >= len(self.cards)
        return self.cards[top], self.cards[top + 1]

    def copy(self) -> Stock[T]:
        return Stock(self.cards, self.drawn)
