"""Bismarck kept on paper (``app/engine/paper.py``): per deal, forehand's contract (with its
trump for valfri) and each active player's tricks. The rules check that forehand still has
the contract and that the tricks make the deal's sixteen; the deal scores as one played here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..game import Options, ScoredDeal
from ..paper import CHOICE, SEAT_NUMBER, Field, Paper, PaperDeal, checked, still_open
from .contracts import TRUMP_SUITS, already_used, contracts_left, used_as_forehand
from .rules import CONTRACTS, DEALS_PER_MATCH, SPADER, TRICKS_PER_DEAL, VALFRI, deal_scores


def _order(seats: int, dealer: int) -> tuple[int, int, int]:
    # forehand is left of the dealer; at four seats the dealer sits out (rules §2)
    return ((dealer + 1) % seats, (dealer + 2) % seats, (dealer + 3) % seats)


def next_deal(
    seats: int, options: Options, first_dealer: int, deals: Sequence[ScoredDeal]
) -> PaperDeal | None:
    if len(deals) >= DEALS_PER_MATCH[seats]:
        return None
    dealer = (first_dealer + len(deals)) % seats
    order = _order(seats, dealer)
    forehand = order[0]
    left = tuple(contracts_left(CONTRACTS, used_as_forehand(deals, forehand)))
    fields = (
        Field("contract", CHOICE, "paper.contract", choices=left),
        Field("trump", CHOICE, "paper.trump", choices=TRUMP_SUITS, when=("contract", (VALFRI,))),
        Field(
            "tricks",
            SEAT_NUMBER,
            "paper.tricks",
            seats=tuple(sorted(order)),
            maximum=TRICKS_PER_DEAL,
            total=TRICKS_PER_DEAL,
        ),
    )
    facts = {"forehand": forehand, "sitting_out": dealer if seats == 4 else None}
    return PaperDeal(len(deals) + 1, dealer, fields, facts)


def score(
    seats: int,
    options: Options,
    first_dealer: int,
    deals: Sequence[ScoredDeal],
    entry: Mapping[str, Any],
) -> ScoredDeal:
    deal = still_open(next_deal(seats, options, first_dealer, deals))
    contract_field = deal.fields[0]
    chosen = entry.get("contract") if isinstance(entry, Mapping) else None
    if chosen in CONTRACTS and chosen not in contract_field.choices:
        # the protocol's X is already in that cell (rules §9): the online game's own refusal
        raise already_used(chosen, contract_field.choices, f"forehand has played {chosen} already")
    given = checked(deal, entry)
    contract: str = given["contract"]
    tricks: list[int | None] = given["tricks"]
    forehand: int = deal.facts["forehand"]
    scores = deal_scores(contract, forehand, tricks)
    trump = "S" if contract == SPADER else given.get("trump")
    return ScoredDeal(
        number=deal.number,
        dealer=deal.dealer,
        scores=tuple(s if t is not None else None for s, t in zip(scores, tricks, strict=True)),
        detail={"forehand": forehand, "contract": contract, "trump": trump, "tricks": tricks},
    )


def entry_of(deal: ScoredDeal) -> dict[str, Any]:
    detail = deal.detail
    entry: dict[str, Any] = {"contract": detail["contract"], "tricks": list(detail["tricks"])}
    if detail["contract"] == VALFRI:
        entry["trump"] = detail["trump"]
    return entry


PAPER = Paper(next_deal, score, entry_of)
