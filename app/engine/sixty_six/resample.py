"""A state of the deal in progress rebuilt from one seat's view, its hidden cards dealt anew
(OpenSpiel's ``ResampleFromInfostate``), for computer players that sample: the ledger's
resampler (:func:`make_resample`), told what Sixty-six's view words its own way and what
the closed stock's play revealed.

The hidden cards are the stock's face-down cards and the cards of the other hand not shown
to the table. They are spread over those places uniformly among the arrangements the view
allows: once the stock is closed or exhausted nobody draws any more, so a player who did not
follow suit holds none of it, and under ``german_phase2`` one who did not trump holds no
trump and one who followed low holds nothing higher in that suit (§7.1). The stock's order
is shuffled; the face-up (or, closed, turned-down) card stays under it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeVar

from ..cards import Card
from ..game import View
from ..trick_game import make_resample, played_tricks
from ..tricks import revealed
from .rules import Variant
from .state import Deal, Marriage, Match


def _shown(view: View) -> dict[str, Any]:
    """The deal's cards as the ledger lays them: the card under the stock counts in it, as
    its face-up card (turned down once closed, but seen by all the same)."""
    d = view["deal"]
    turned = d["turned"] if d["turned"] is not None else d["turned_down"]
    return {**d, "stock": d["stock"] + (turned is not None), "turned": turned}


def _barred(variant: Variant, view: View) -> list[set[Card]]:
    """Cards each seat cannot hold, by how it followed once nobody drew any more (§7.1)."""
    d = view["deal"]
    closed_after = d["closed_after"]
    start = closed_after if closed_after is not None else variant.draw_rounds
    rules = variant.closed_rules(view["options"])
    return revealed(played_tricks(d, start), d["trump"], rules, 2).cards(variant.ranks)


def _restore(match: Match, deal: Deal | None, view: View, rng: random.Random) -> None:
    match.carried = view["carried"]
    if deal is None:
        return
    d = view["deal"]
    ledger = deal.ledger
    if ledger.stock:  # the face-up card lies under the stock, drawn last
        ledger.stock.append(ledger.stock.pop(0))
    deal.first_turned = d["first_turned"]
    exchange = d["exchange"]
    deal.exchanged = None if exchange is None else (exchange["seat"], exchange["after"])
    deal.marriages = tuple(Marriage(m["seat"], m["suit"], m["points"]) for m in d["marriages"])
    if d["closed_after"] is not None:
        deal.close(d["closed_by"], d["closed_after"])
    deal.pending = d["pending_marriage"]
    deal.window = d["claim_window"]


M = TypeVar("M", bound=Match)


def resampler(match_class: type[M]) -> Callable[[View, random.Random], M]:
    variant = match_class.VARIANT
    return make_resample(match_class, _restore, _shown, lambda view: _barred(variant, view))


resample = resampler(Match)
