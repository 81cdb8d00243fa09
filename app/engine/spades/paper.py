"""Spades kept on paper (``app/engine/paper.py``): per deal, every seat's bid and tricks.
The rules check that each bid is one the table plays (blind nil only with option
``double_nil``) and that the tricks make the deal's thirteen.

What happens to the cards is not entered, so the paper cannot check that a blind nil was
bid before its bidder looked, that a nil exchange took place, or option
``bid_requires_look``: the table answers for those.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..game import ScoredDeal
from ..paper import Shape, replaying, seat_choice, seat_number
from .rules import BLIND_NIL, SEATS, TRICKS, bid_order
from .state import BIDS, Deal, Match, bid_of


def _enter(match: Match, number: int, dealer: int, given: Mapping[str, Any]) -> None:
    """A deal of which the table saw no card, scored by the match as one played here: bags
    and totals carried, the match's end."""
    deal = Deal(number, dealer, SEATS, None)
    deal.bids = [bid_of(b) for b in given["bids"]]
    deal.won = list(given["tricks"])
    match.deals.append(deal)
    match.finish(deal, match.score(deal))


def _shape(match: Match, dealer: int) -> Shape:
    double_nil = match.options["double_nil"]
    bids = [action.arg for bid, action in BIDS.items() if bid != BLIND_NIL or double_nil]
    every = range(SEATS)
    fields = (seat_choice("bids", bids, every), seat_number("tricks", every, TRICKS, TRICKS))
    # the first lead is the dealer's left-hand neighbour's whoever bid first (Cl. 7)
    first_bidder = bid_order(dealer, match.options["first_bidder"])[0]
    return fields, {"first_bidder": first_bidder, "first_lead": (dealer + 1) % SEATS}


def entry_of(deal: ScoredDeal) -> dict[str, Any]:
    """The entry that scores as ``deal``: its bids as the form offers them, its tricks."""
    detail = deal.detail
    return {"bids": [str(b) for b in detail["bids"]], "tricks": list(detail["tricks"])}


# the deal passes left after every deal, whoever won it (Cl. 8)
PAPER = replaying(Match, _enter, _shape, entry_of)
