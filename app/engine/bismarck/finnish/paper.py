"""Finnish Bismarck kept on paper (``app/engine/paper.py``): per deal, forehand's contract
(one of those forehand has left), its trump for ``trump`` (the suit of open card 1, which
the table saw) and ``free`` (forehand's choice), and each player's tricks. The rules check
that forehand still has the contract and that the tricks make the deal's thirteen; the deal
scores as one played here.

What happens to the cards is not entered, so the paper cannot check the exchange, that
``trump``'s suit is really open card 1's, or the play: the table answers for those.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...game import Options, ScoredDeal
from ...paper import CHOICE, SEAT_NUMBER, Field, Paper, PaperDeal, checked, still_open
from ..contracts import TRUMP_SUITS, already_used, contracts_left, used_as_forehand
from .rules import CONTRACTS, DEALS_PER_MATCH, FREE, SEATS, TRICKS, TRUMP, deal_scores, forehand_of

WITH_TRUMP = (TRUMP, FREE)


def next_deal(
    seats: int, options: Options, first_dealer: int, deals: Sequence[ScoredDeal]
) -> PaperDeal | None:
    if len(deals) >= DEALS_PER_MATCH:
        return None
    dealer = (first_dealer + len(deals)) % SEATS
    forehand = forehand_of(dealer)
    left = tuple(contracts_left(CONTRACTS, used_as_forehand(deals, forehand)))
    fields = (
        Field("contract", CHOICE, "paper.contract", choices=left),
        Field("trump", CHOICE, "paper.trump", choices=TRUMP_SUITS, when=("contract", WITH_TRUMP)),
        Field(
            "tricks",
            SEAT_NUMBER,
            "paper.tricks",
            seats=tuple(range(SEATS)),
            maximum=TRICKS,
            total=TRICKS,
        ),
    )
    return PaperDeal(len(deals) + 1, dealer, fields, {"forehand": forehand})


def score(
    seats: int,
    options: Options,
    first_dealer: int,
    deals: Sequence[ScoredDeal],
    entry: Mapping[str, Any],
) -> ScoredDeal:
    deal = still_open(next_deal(seats, options, first_dealer, deals))
    left = deal.fields[0].choices
    chosen = entry.get("contract") if isinstance(entry, Mapping) else None
    if chosen in CONTRACTS and chosen not in left:
        # the protocol's X is already in that cell: the online game's own refusal
        raise already_used(chosen, left, f"forehand has played {chosen} already")
    given = checked(deal, entry)
    contract: str = given["contract"]
    tricks: list[int] = given["tricks"]
    return ScoredDeal(
        number=deal.number,
        dealer=deal.dealer,
        scores=tuple(deal_scores(contract, deal.dealer, tricks)),
        detail={
            "forehand": deal.facts["forehand"],
            "contract": contract,
            "trump": given.get("trump"),
            "tricks": tricks,
        },
    )


def entry_of(deal: ScoredDeal) -> dict[str, Any]:
    detail = deal.detail
    entry: dict[str, Any] = {"contract": detail["contract"]}
    if detail["contract"] in WITH_TRUMP:
        entry["trump"] = detail["trump"]
    entry["tricks"] = list(detail["tricks"])
    return entry


PAPER = Paper(next_deal, score, entry_of)
