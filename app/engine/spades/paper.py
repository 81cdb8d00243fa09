"""Spades kept on paper (``app/engine/paper.py``): per deal, every seat's bid and tricks.
The rules check that each bid is one the table plays (blind nil only with option
``double_nil``) and that the tricks make the deal's thirteen.

What happens to the cards is not entered, so the paper cannot check that a blind nil was
bid before its bidder looked, that a nil exchange took place, or option
``bid_requires_look``: the table answers for those.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..game import Options, ScoredDeal
from ..paper import Entry, Shape, keep, rotating, seat_choice, seat_number
from ..trick_game import scored_deals
from .rules import BLIND_NIL, SEATS, TRICKS, Bid, bid_order
from .state import BIDS, Deal, Match, bid_of


def _scored(
    match: Match, number: int, dealer: int, bids: Sequence[Bid], tricks: Sequence[int]
) -> ScoredDeal:
    """A deal of which the table saw no card, scored by the match as one played here: bags
    and totals carried, the match's end."""
    deal = Deal(number, dealer, SEATS, None)
    deal.bids = list(bids)
    deal.won = list(tricks)
    match.deals.append(deal)
    match.finish(deal, match.score(deal))
    return scored_deals(match, len(match.deals) - 1)[0]


def _match(options: Options, deals: Sequence[ScoredDeal]) -> Match:
    """The match after ``deals``, each scored again from its bids and tricks (each names its
    dealer: the match's first one is of no account)."""
    match = Match(SEATS, options, 0)
    for d in deals:
        _scored(match, d.number, d.dealer, d.detail["bids"], d.detail["tricks"])
    return match


def _shape(seats: int, options: Options, dealer: int, deals: Sequence[ScoredDeal]) -> Shape | None:
    match = _match(options, deals)
    if match.is_over:
        return None
    double_nil = match.options["double_nil"]
    bids = [action.arg for bid, action in BIDS.items() if bid != BLIND_NIL or double_nil]
    every = range(SEATS)
    fields = (seat_choice("bids", bids, every), seat_number("tricks", every, TRICKS, TRICKS))
    # the first lead is the dealer's left-hand neighbour's whoever bid first (Cl. 7)
    first_bidder = bid_order(dealer, match.options["first_bidder"])[0]
    return fields, {"first_bidder": first_bidder, "first_lead": (dealer + 1) % SEATS}


def _score(e: Entry) -> ScoredDeal:
    bids = [bid_of(b) for b in e.given["bids"]]
    return _scored(
        _match(e.options, e.deals), e.deal.number, e.deal.dealer, bids, e.given["tricks"]
    )


def entry_of(deal: ScoredDeal) -> dict[str, Any]:
    """The entry that scores as ``deal``: its bids as the form offers them, its tricks."""
    detail = deal.detail
    return {"bids": [str(b) for b in detail["bids"]], "tricks": list(detail["tricks"])}


# the deal passes left after every deal, whoever won it (Cl. 8)
PAPER = keep(rotating(_shape), _score, entry_of)
