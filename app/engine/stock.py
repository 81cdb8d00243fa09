"""The stock of the two-player games that draw after every trick (Sixty-six §4, rubicon
bezique §5): while a stock lasts, the winner of a trick draws its top card and the loser the
next, so both hands are full again for the winner's lead.

That order is the whole shared mechanism; the stock itself lies in each deal's ledger
(``Ledger.lay_stock``, ``Ledger.draw``). What a draw means beyond it (a turned trump taken
last, a card shown for carte blanche, declarations before the draw) is each game's own.
"""

from __future__ import annotations


def draw_order(winner: int) -> tuple[int, int]:
    """The seats that draw after a trick won by ``winner``, in turn: the winner, then the
    loser."""
    return winner, 1 - winner
