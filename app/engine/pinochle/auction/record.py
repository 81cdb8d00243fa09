"""Auction pinochle's records, format ``kortbord-record/1`` (docs/records.md): the base's
(:class:`TrickRecords`) in its own words.

A deal is its dealer, every hand as dealt, the widow, and the players' actions in order
(bids, the widow, trump, melds, burial, concessions, cards); every score is derived.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ...game import RecordError
from ..base import BiddingRecords
from .rules import HAND_SIZE, LAYOUTS, WIDOW_SIZE, active_seats
from .state import Deal, Match


def pack_for(
    hands: Sequence[Sequence[str]], widow: Sequence[str], active: Sequence[int], packets: int
) -> list[str]:
    """A pack that deals ``hands`` (per seat) and ``widow``: each place's cards laid into
    the positions the dealer's packets give it."""
    queues = [list(hands[seat]) for seat in active] + [list(widow)]
    return [queues[place].pop(0) for place in LAYOUTS[packets]]


class Records(BiddingRecords[Deal]):
    OVER = "the session was over"
    HANDS = "hands must list each seat's cards as dealt"

    def wrong_hand(self, seat: int, size: int) -> str:
        role = "an active seat" if size else "a seat sitting out"
        return f"hands: seat {seat} is {role} and is dealt {size} cards"

    def derived(self, deal: Deal) -> dict[str, Any]:
        result = deal.result
        return {
            "bidder": deal.bidder,
            "bid": deal.high if deal.high_seat is not None else None,
            "trump": deal.trump,
            "meld": deal.meld_value if deal.shown is not None and deal.trump else None,
            "result": (
                {
                    "end": result.end.value,
                    "total": result.total,
                    "chips": list(result.chips),
                    "kitty": result.kitty,
                    "share": None if result.share is None else list(result.share),
                }
                if result
                else None
            ),
            "scores": list(deal.scores) if deal.scores is not None else [0] * deal.ledger.seats,
        }

    def dealt(self, deal: Deal, seat: int | None, whole: bool) -> dict[str, Any]:
        """The hands, and the widow: in a running record, once turned."""
        widow = list(deal.widow) if whole or deal.widow_turned else None
        return {**super().dealt(deal, seat, whole), "widow": widow}

    def hides(self, deal: Deal, seat: int | None, actor: int, kind: str) -> bool:
        """A burial: seen by the bidder alone until a deal whose play began is over."""
        return kind == "bury" and seat != deal.bidder and not (deal.finished and deal.led)

    def recorded_pack(
        self, match: Match, entry: Mapping[str, Any], dealer: int, k: int
    ) -> list[str]:
        active = active_seats(match.seats, dealer)
        sizes = [HAND_SIZE if seat in active else 0 for seat in range(match.seats)]
        hands, widow = self.recorded_hands(entry, sizes, k), entry.get("widow")
        if not isinstance(widow, list) or len(widow) != WIDOW_SIZE:
            raise RecordError("widow must list its 3 cards", k)
        dealt = [*(c for hand in hands for c in hand), *widow]
        self.check_cards(dealt, "hands and widow must hold the 48 cards, each twice", k)
        return pack_for(hands, widow, active, match.packets)

    SAID: ClassVar[dict[str, str]] = {
        **BiddingRecords.SAID,
        "sitting_out": "sits out this deal and takes no part in it",
        "must_open": "is eldest and must open with {minimum} or more",
        "bury_must_be_3_own_cards": "must bury exactly three cards of his hand",
    }
