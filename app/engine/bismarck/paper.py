"""Bismarck kept on paper (``app/engine/paper.py``): per deal, forehand's contract (with its
trump for valfri) and each active player's tricks. The rules check that forehand still has
the contract and that the tricks make the deal's sixteen; the deal scores as one played here.
:func:`contract_paper` is the form of Finnish Bismarck too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..cards import SUITS
from ..game import Options, ScoredDeal
from ..paper import Entry, Paper, PaperDeal, Shape, choice, keep, rotating, seat_number
from .contracts import already_used
from .family import FamilyMatch
from .rules import SPADER, TRICKS_PER_DEAL, VALFRI, deal_scores
from .state import Match


def contract_paper(
    match_class: type[FamilyMatch[Any]],
    with_trump: tuple[str, ...],
    tricks: int,
    facts: Callable[[int, int], dict[str, Any]],
    scores: Callable[[str, PaperDeal, list[Any]], Sequence[int]],
) -> Paper:
    """Forehand's contract (of those he has left of the game's ``CONTRACTS``) and its trump
    for ``with_trump``, and the tricks of every seat but the one ``facts(seats, dealer)``
    says is sitting out, for the game's ``DEALS`` deals."""
    contracts = match_class.CONTRACTS

    def shape(
        seats: int, options: Options, dealer: int, deals: Sequence[ScoredDeal]
    ) -> Shape | None:
        if len(deals) >= match_class.DEALS[seats]:
            return None
        shown = facts(seats, dealer)
        forehand = shown["forehand"]
        used = {d.detail["contract"] for d in deals if d.detail["forehand"] == forehand}
        left = [c for c in contracts if c not in used]
        playing = [s for s in range(seats) if s != shown.get("sitting_out")]
        fields = (
            choice("contract", left),
            choice("trump", SUITS, when=("contract", with_trump)),
            seat_number("tricks", playing, tricks, total=tricks),
        )
        return fields, shown

    def refuse(deal: PaperDeal, entry: Mapping[str, Any]) -> None:
        left = deal.fields[0].choices
        chosen = entry.get("contract")
        if chosen in contracts and chosen not in left:
            # the protocol's X is already in that cell (rules §9): the online game's own refusal
            raise already_used(chosen, left, f"forehand has played {chosen} already")

    def score(e: Entry) -> ScoredDeal:
        contract: str = e.given["contract"]
        played: list[int | None] = e.given["tricks"]
        trump = "S" if contract == SPADER else e.given.get("trump")
        scored = scores(contract, e.deal, played)
        detail = {"forehand": e.deal.facts["forehand"], "contract": contract, "trump": trump}
        return e.scored(
            (s if t is not None else None for s, t in zip(scored, played, strict=True)),
            detail | {"tricks": played},
        )

    def entry_of(deal: ScoredDeal) -> dict[str, Any]:
        detail = deal.detail
        trump = {"trump": detail["trump"]} if detail["contract"] in with_trump else {}
        return {"contract": detail["contract"], **trump, "tricks": list(detail["tricks"])}

    return keep(rotating(shape), score, entry_of, refuse)


PAPER = contract_paper(
    Match,
    (VALFRI,),
    TRICKS_PER_DEAL,
    # forehand is left of the dealer; at four seats the dealer sits out (rules §2)
    lambda seats, dealer: {
        "forehand": (dealer + 1) % seats,
        "sitting_out": dealer if seats == 4 else None,
    },
    lambda contract, deal, tricks: deal_scores(contract, deal.facts["forehand"], tricks),
)
