"""The stock shared by the two-player games that draw after every trick (app/engine/stock.py):
the winner draws the top card, the loser the next; a stock drawn by moving past its cards."""

from __future__ import annotations

import pytest

from app.engine.stock import Stock, draw_after_trick, draw_order


@pytest.mark.parametrize(("winner", "order"), [(0, (0, 1)), (1, (1, 0))])
def test_the_winner_draws_first(winner: int, order: tuple[int, int]) -> None:
    assert draw_order(winner) == order
    stock = Stock(["7C", "8D", "9H"])
    assert draw_after_trick(winner, stock.draw) == ((order[0], "7C"), (order[1], "8D"))
    assert list(stock.remaining()) == ["9H"] and len(stock) == 1 and stock


def test_a_stock_is_drawn_by_position_and_copies_share_the_cards() -> None:
    cards = range(18, 24)
    stock = Stock(cards)
    twin = stock.copy()
    assert stock == twin and twin.cards is cards
    assert [stock.draw() for _ in range(6)] == list(cards)
    assert not stock and len(stock) == 0 and list(stock.remaining()) == []
    assert stock != twin and len(twin) == 6
    with pytest.raises(IndexError):
        stock.draw()
