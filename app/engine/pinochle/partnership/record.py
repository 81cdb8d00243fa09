"""The partnership pinochles' records, format ``kortbord-record/1`` (docs/records.md):
the base's (:class:`TrickRecords`) in this game's words.

A deal is its dealer, every hand as dealt, and the players' actions in order (calls,
trump, cards, a claim); the auction, melds, points and scores are derived.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any, ClassVar

from ..base import BiddingRecords
from .state import Deal, Match, meld_json
from .variant import SEATS, Variant


def pack_for(variant: Variant, hands: Sequence[Sequence[str]], dealer: int) -> list[str]:
    """A pack that deals ``hands`` (per seat): each seat's cards laid into the positions
    the dealer's packets give it."""
    queues = [list(h) for h in hands]
    return [queues[seat].pop(0) for seat in variant.layout(dealer)]


class Records(BiddingRecords[Deal]):
    PLAYED_BY = "{title} is played by four"
    WRONG_HAND = BiddingRecords.HANDS  # a hand of another size is told what the hands must be

    def derived(self, deal: Deal) -> dict[str, Any]:
        result = deal.result
        return {
            "bids": [c._asdict() for c in deal.calls],
            "bidder": deal.bidder,
            "bid": deal.high if deal.bidder is not None else None,
            "trump": deal.trump,
            "melds": None
            if deal.melds is None
            else [[meld_json(m) for m in melds] for melds in deal.melds],
            "result": (
                {
                    "end": result.end.value,
                    "points": list(result.points),
                    "melded": list(result.melded),
                    "hand_points": list(result.hands),
                    "team_scores": list(result.scores),
                    "claim": None if result.claim is None else asdict(result.claim),
                }
                if result
                else None
            ),
            "scores": list(deal.scores) if deal.scores is not None else [0] * SEATS,
        }

    def recorded_pack(
        self, match: Match, entry: Mapping[str, Any], dealer: int, k: int
    ) -> list[str]:
        variant = match.VARIANT
        hands = self.recorded_hands(entry, [variant.hand_size] * SEATS, k)
        self.check_cards(
            (c for hand in hands for c in hand),
            f"hands must hold the {variant.pack.size} cards of the pack, each"
            f" {variant.copies} times",
            k,
        )
        return pack_for(variant, hands, dealer)

    SAID: ClassVar[dict[str, str]] = {
        **BiddingRecords.SAID,
        "announce_exceeds_meld": "announces {value} but can meld at most {best}",
    }
