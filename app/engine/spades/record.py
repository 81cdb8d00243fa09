"""Spades' records, format ``kortbord-record/1`` (docs/records.md), on the base's
(:class:`~app.engine.trick_game.TrickRecords`).

A deal is its dealer, the four hands as dealt and the players' actions in order (looks
included: they decide whether blind nil was still open); every score is derived. A seat's
record of the running match holds its own hands as dealt once it has looked at them, and
the cards of a lay or give only for the two partners who saw them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any, ClassVar

from ..cards import Card
from ..trick_game import TrickMatch, TrickRecords
from .rules import HAND_SIZE, SEATS
from .state import Deal, dealt_hands, pack_for, sees, side_of


class SpadesRecords(TrickRecords[Deal]):
    OVER = "the match was already won"

    def derived(self, deal: Deal) -> dict[str, Any]:
        """An unfinished deal has the bids so far, its complete tricks so far, scores of 0 and no
        sides."""
        return {
            "bids": list(deal.bids),
            "tricks": list(deal.won),
            "scores": list(deal.scores or (0,) * SEATS),
            "sides": [asdict(s) for s in deal.sides] if deal.sides else None,
        }

    def dealt(self, deal: Deal, seat: int | None, whole: bool) -> dict[str, Any]:
        # the hands of the base's whole pack, which refuses a state dealt anew
        dealt = dealt_hands(super().dealt(deal, seat, True)["pack"], deal.dealer)
        if whole:
            return {"hands": dealt}
        looked = deal.ledger.looked
        return {"hands": [h if s == seat and looked(s) else None for s, h in enumerate(dealt)]}

    def hides(self, deal: Deal, seat: int | None, actor: int, kind: str) -> bool:
        if kind not in ("lay", "give"):
            return False
        exchange = deal.exchanges[side_of(actor)]
        assert exchange is not None
        return not sees(exchange, seat, kind)

    def recorded_pack(
        self, match: TrickMatch[Any], entry: Mapping[str, Any], dealer: int, k: int
    ) -> list[Card]:
        return pack_for(self.recorded_hands(entry, [HAND_SIZE] * SEATS, k), dealer)

    NAMES_PLAYERS = True
    SAID: ClassVar[Mapping[str, str]] = {
        "spades_not_broken": "leads a spade before spades are broken, holding another suit",
        "look_first": "must look at his cards before he may {kind}",
        "no_blind_nil": "bids blind nil, which the options of this match do not allow",
        "exchange_must_be_3_own_cards": "must {kind} exactly three different cards of his hand",
        "already_looked:bid": "has looked at his cards and may no longer bid blind nil",
        "already_looked": "has looked at his cards already",
        "wrong_phase": "may not {kind} now: it is time to {step}",
    }
