"""A deal's copy and a match's clone are written for each class from its slots and its
``COPIED`` (app/engine/copying.py): a field is carried with nothing written for it, one named
in ``COPIED`` is copied, a field named there that the class does not have is refused when
the class is made, and a copy written by hand is kept."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from app.engine.trick_game import TrickDeal


class Kept(TrickDeal):
    __slots__ = ("bids", "note")
    COPIED: ClassVar = {"bids": list}

    def begin(self) -> None:
        self.bids: list[int] = []
        self.note = ("shared",)


def test_every_field_is_carried_and_those_named_are_copied() -> None:
    deal = Kept(1, 0, 3, None)
    deal.bids.append(250)
    deal.won[0] = 2
    deal.ledger.deal(0, "AS")
    other = deal.copy()
    assert type(other) is Kept
    assert (other.number, other.dealer, other.note, other.bids) == (1, 0, ("shared",), [250])
    assert other.note is deal.note  # replaced, never changed in place: shared
    other.bids.append(300)
    other.won[0] = 3
    other.ledger.deal(1, "KS")
    assert deal.bids == [250] and deal.won[0] == 2
    assert deal.ledger.hand(1) == [] and other.ledger.hand(1) == ["KS"]


def test_a_subclass_with_fields_of_its_own_carries_them_and_its_bases() -> None:
    class More(Kept):
        __slots__ = ("extra",)
        COPIED: ClassVar = {"extra": dict}

        def begin(self) -> None:
            super().begin()
            self.extra: dict[str, int] = {}

    deal = More(2, 1, 3, None)
    deal.bids.append(1)
    deal.extra["a"] = 1
    other = deal.copy()
    other.bids.append(2)
    other.extra["b"] = 2
    assert (deal.bids, deal.extra) == ([1], {"a": 1})
    assert (other.bids, other.extra, other.note) == ([1, 2], {"a": 1, "b": 2}, ("shared",))


def test_a_field_copied_that_the_class_has_not_is_refused_when_the_class_is_made() -> None:
    with pytest.raises(TypeError, match="copies no field bidz"):

        class Misspelt(TrickDeal):
            __slots__ = ("bids",)
            COPIED: ClassVar = {"bidz": list}


def test_a_copy_written_by_hand_is_kept_and_so_is_its_subclasses() -> None:
    class ByHand(TrickDeal):
        def copy(self: Any) -> Any:
            return "by hand"

    class Below(ByHand):
        __slots__ = ("more",)

    assert ByHand(1, 0, 2, None).copy() == "by hand"
    assert Below(1, 0, 2, None).copy() == "by hand"
