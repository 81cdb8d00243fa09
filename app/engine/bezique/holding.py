"""One player's cards in a bezique deal: the concealed hand and the table, the declared
cards lying face up in front of him that remain part of his hand (rubicon §7.2); his
scored and pending declarations; and the notation that names a card to play.

Concealed copies of one code are interchangeable (no declaration holds a concealed card),
so ``play:QS`` names any of them. Table copies are not: they belong to declarations, and a
played one breaks them (Clarification 6), so ``play:QS@3`` names the card at position 3 of
the player's table, in the order the cards were laid out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, NoReturn

from ..cards import Card
from ..errors import IllegalAction, MalformedAction
from .combinations import Combination, Copy
from .variant import CODES

MAX_POSITION = 200
"""Beyond any table: a 192-card pack deals a player at most 12 + 84 cards."""


@dataclass(slots=True)
class Holding:
    concealed: list[Copy]
    """The hand not on the table, in ascending copy order: the seat's hand in the deal's
    ledger, the same list."""
    table: list[Copy] = field(default_factory=list)
    """Face up, in the order laid out; a *position* is an index here."""
    scored: list[Combination] = field(default_factory=list)
    """Every declaration scored this deal, intact or broken since."""
    pending: list[Combination] = field(default_factory=list)
    """Declarations completed by a lay-out and not scored yet (rubicon §7.5); public."""
    table_plays: list[Any] | None = field(default=None, compare=False, repr=False)
    """The actions that play the table's cards, by position, once listed; ``None`` whenever
    the table changes. Never changed in place, so copies share it."""
    table_sums: tuple[Any, ...] | None = field(default=None, compare=False, repr=False)
    """What listing the declarations reads of the table (``offers``), kept as
    :attr:`table_plays`: the table changes far less often than declarations are listed."""

    def copy(self, concealed: list[Copy]) -> Holding:
        """A copy whose concealed hand is ``concealed``, the seat's in a copy of the ledger."""
        return Holding(
            concealed,
            list(self.table),
            list(self.scored),
            list(self.pending),
            self.table_plays,
            self.table_sums,
        )


_POSITION = re.compile(r"0|[1-9][0-9]{0,2}")
"""A table position as the notation writes it, with no leading zero: an action has one text."""


@cache
def split_card_argument(arg: str) -> tuple[Card, int | None]:
    """``QS`` → (``QS``, ``None``); ``QS@3`` → (``QS``, 3); :class:`MalformedAction` for any
    other text. Each argument read is kept: there are few."""
    code, at, position = arg.partition("@")
    if code not in CODES:
        raise MalformedAction(
            f"a card is a rank (A T K Q J 9 8 7) and a suit (S H D C), got {arg[:20]!r}"
        )
    if not at:
        return code, None
    if not _POSITION.fullmatch(position):
        raise MalformedAction(f"a table position is a number, as in QS@3, got {arg[:20]!r}")
    number = int(position)
    if number > MAX_POSITION:
        raise MalformedAction(f"no table has a position {number}")
    return code, number


def refuse_concealed(pack: Sequence[Card], holding: Holding, code: Card) -> NoReturn:
    """:class:`IllegalAction` ``card_not_in_hand`` for ``code``, which the concealed hand
    lacks (the card play scans the hand itself)."""
    on_table = any(pack[c] == code for c in holding.table)
    hint = f"; yours on the table is played as {code}@<position>" if on_table else ""
    raise IllegalAction("card_not_in_hand", f"{code} is not in your concealed hand{hint}")


def find_copy(pack: Sequence[Card], holding: Holding, code: Card, position: int) -> Copy:
    """The copy of ``code`` at ``position`` of the table; else :class:`IllegalAction`
    ``card_not_in_hand``."""
    if position >= len(holding.table) or pack[holding.table[position]] != code:
        raise IllegalAction("card_not_in_hand", f"your table has no {code} at position {position}")
    return holding.table[position]


def remove(holding: Holding, copy: Copy) -> None:
    """``copy`` leaves the table for a trick: any pending declaration holding it is lost (§7.5)."""
    holding.table.remove(copy)
    holding.table_plays = holding.table_sums = None
    if holding.pending:
        holding.pending = [p for p in holding.pending if copy not in p.cards]


def take_up(holding: Holding) -> None:
    """The stock is over: the table goes back into the hand and pending declarations are
    lost (rubicon §9, Clarification 14)."""
    concealed = holding.concealed  # the ledger's hand: changed in place
    concealed += holding.table
    concealed.sort()
    holding.table = []
    holding.table_plays = holding.table_sums = None
    holding.pending = []
