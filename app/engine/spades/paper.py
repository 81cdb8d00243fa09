"""Spades kept on paper (``app/engine/paper.py``): per deal, every seat's bid and tricks.
The rules check that each bid is one the table plays (blind nil only with option
``double_nil``) and that the tricks make the deal's thirteen; the deal scores as one played
here, bags and totals carried from the deals before it.

What happens to the cards is not entered, so the paper cannot check that a blind nil was
bid before its bidder looked, that a nil exchange took place, or option
``bid_requires_look``: the table answers for those.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..game import Options, OptionValue, ScoredDeal
from ..paper import Entry, Shape, keep, rotating, seat_choice, seat_number
from .rules import (
    BLIND_NIL,
    HAND_SIZE,
    NIL,
    SEATS,
    TRICKS,
    Bid,
    SideScore,
    bid_order,
    is_nil,
    resolve_options,
    side_score,
    winning_side,
)
from .state import TEAMS, Result, bid_of

NUMBERS = tuple(str(n) for n in range(1, HAND_SIZE + 1))
"""The number bids as the engine writes them; a bid of 0 is nil (§3)."""


def _side_totals(deals: Sequence[ScoredDeal]) -> list[int]:
    # partners carry their side's score: seat 0 holds side 0's, seat 1 side 1's
    return [sum(d.scores[side] or 0 for d in deals) for side in (0, 1)]


def _bags_before(deals: Sequence[ScoredDeal], side: int) -> int:
    """The side's unpaid bags after the last deal (Cl. 4), as that deal's detail keeps them."""
    if not deals:
        return 0
    bags = deals[-1].detail["sides"][side]["bags"]
    return int(bags) if bags is not None else 0


def _over(options: Mapping[str, OptionValue], deals: Sequence[ScoredDeal]) -> bool:
    if not deals:
        return False
    target = options["target"]
    assert isinstance(target, int)
    floor = bool(options["lose_at_minus_200"])
    return winning_side(_side_totals(deals), target, floor) is not None


def _shape(seats: int, options: Options, dealer: int, deals: Sequence[ScoredDeal]) -> Shape | None:
    resolved = resolve_options(options)
    if _over(resolved, deals):
        return None
    # the deal passes left after every deal, whoever won it (Cl. 8)
    first_bidder = resolved["first_bidder"]
    assert isinstance(first_bidder, str)
    bids = (NIL, *NUMBERS, *((BLIND_NIL,) if resolved["double_nil"] else ()))
    every = range(SEATS)
    fields = (seat_choice("bids", bids, every), seat_number("tricks", every, TRICKS, TRICKS))
    # the first lead is the dealer's left-hand neighbour's whoever bid first (Cl. 7)
    return fields, {
        "first_bidder": bid_order(dealer, first_bidder)[0],
        "first_lead": (dealer + 1) % SEATS,
    }


def _score(e: Entry) -> ScoredDeal:
    bids: list[Bid] = [bid_of(b) for b in e.given["bids"]]
    tricks: list[int] = e.given["tricks"]
    resolved = resolve_options(e.options)
    failed = resolved["failed_nil_tricks"]
    assert isinstance(failed, str)
    with_bags = bool(resolved["bags"])
    sides: list[SideScore] = [
        side_score(
            (bids[a], bids[b]),
            (tricks[a], tricks[b]),
            failed,
            _bags_before(e.deals, side) if with_bags else None,
        )
        for side, (a, b) in enumerate(TEAMS)
    ]
    before = _side_totals(e.deals)
    target = resolved["target"]
    assert isinstance(target, int)
    winner = winning_side(
        [before[0] + sides[0].total, before[1] + sides[1].total],
        target,
        bool(resolved["lose_at_minus_200"]),
    )
    result = Result((sides[0], sides[1]), winner)
    # the detail is the scoresheet's for a deal played here (sheet.deal_detail)
    detail = {
        "bids": bids,
        "blind": [b == BLIND_NIL for b in bids],
        "tricks": tricks,
        "nil": [
            ("made" if t == 0 else "failed") if is_nil(b) else None
            for b, t in zip(bids, tricks, strict=True)
        ],
        "sides": [side.to_json() for side in result.sides],
        "winner": winner,
    }
    return e.scored(result.scores, detail)


def entry_of(deal: ScoredDeal) -> dict[str, Any]:
    """The entry that scores as ``deal``: its bids as the form offers them, its tricks."""
    detail = deal.detail
    return {"bids": [str(b) for b in detail["bids"]], "tricks": list(detail["tricks"])}


PAPER = keep(rotating(_shape), _score, entry_of)
