"""Bezique's stock, in its ledger: after every trick the winner draws the top card, the loser
the next."""

from __future__ import annotations

import pytest

from app.engine.bezique.deal import CopyLedger
from app.engine.ledger import HAND


@pytest.mark.parametrize(("winner", "order"), [(0, (0, 1)), (1, (1, 0))])
def test_the_winner_draws_first(winner: int, order: tuple[int, int]) -> None:
    ledger = CopyLedger(2)
    ledger.deal(0, "AS")
    ledger.deal(1, "AH")
    ledger.lay_stock(["7C", "8D", "9H"])
    assert ledger.draw_two(winner) == (2, 3)
    assert ledger.hand(order[0]) == [["AS", "AH"][order[0]], "7C"]
    assert ledger.hand(order[1]) == [["AS", "AH"][order[1]], "8D"]
    assert ledger.stock == [4] and ledger.place[2] is HAND and ledger.place[3] is HAND
    assert ledger.seen[2] == 1 << order[0] and ledger.seen[3] == 1 << order[1]


def test_a_hand_keeps_the_copies_in_pack_order_and_a_copy_plays_apart() -> None:
    ledger = CopyLedger(2)
    for card in ["7C", "8D"]:
        ledger.deal(0, card)
    ledger.lay_stock(["9H", "TS"])
    ledger.hands[0].remove(0)  # played
    ledger.draw_two(0)
    assert ledger.hands[0] == [1, 2]
    twin = ledger.copy()
    assert type(twin) is CopyLedger and twin.cards is ledger.cards
    twin.play_index(0, 1)
    assert twin.hands[0] == [2] and twin.trick == [1]
    assert ledger.hands[0] == [1, 2] and ledger.trick == []


def test_a_pack_laid_out_at_once_is_the_pack_dealt_a_card_at_a_time() -> None:
    pack = ["7C", "8D", "9H", "TS", "JC", "QD"]
    seats = [1, 0, 1, 0]
    at_once = CopyLedger.laid_out(pack, seats)
    one_by_one = CopyLedger(2)
    for seat, card in zip(seats, pack, strict=False):
        one_by_one.deal(seat, card)
    one_by_one.lay_stock(pack[len(seats) :])
    for field in ("cards", "place", "holder", "seen", "pack_seen", "hands", "stock"):
        assert getattr(at_once, field) == getattr(one_by_one, field), field
