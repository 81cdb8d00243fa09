"""Spades, the four-player partnership game with bids, nil and blind nil, spades always
trumps (shared/rules/spades.md), on the trick-game base (``app/engine/trick_game.py``):
``rules.py`` is its arithmetic, ``state.py`` its bids, nil exchanges and play, ``record.py``
its records' dealt hands and words, ``resample.py`` the ledger's resampler told how its views
word the cards, ``paper.py`` its paper form; here, its public fields and scoresheet.

The scoresheet has a line per deal with its dealer, each seat's bid and tricks, and with
option ``bags`` each side's bags; each side's score and running total in the teams block.
It is built from the scored deals alone, the rows the store keeps, so a live match and a
stored one read the same. Each partner carries his side's score.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..game import Options, ScoredDeal, resolve_options_of
from ..teams import with_teams
from ..trick_game import Sheet, make_game
from .paper import PAPER
from .record import SpadesRecords
from .resample import resample
from .rules import OPTIONS, PACK
from .state import HAND_POSITIONS, TEAMS, Match, bags_of

COLUMNS: Final[list[dict[str, str]]] = [
    {"key": "dealer", "label": "sheet.dealer", "kind": "seat"},
    {"key": "bids", "label": "sheet.bids", "kind": "per_seat"},
    {"key": "tricks", "label": "sheet.tricks", "kind": "per_seat"},
]
BAGS_COLUMN: Final = {"key": "bags", "label": "sheet.bags", "kind": "per_seat"}


def cells(detail: Mapping[str, Any]) -> dict[str, Any]:
    """Each seat's bid and tricks; a number bid as it is, nil and blind nil as the terms
    ``bid.nil`` and ``bid.blind_nil``."""
    bids = [{"term": f"bid.{bid}"} if isinstance(bid, str) else bid for bid in detail["bids"]]
    return {"bids": bids, "tricks": list(detail["tricks"])}


class SpadesSheet(Sheet):
    """The base's sheet with the dealer's column, the bags column under option ``bags``
    and the teams block."""

    def scoresheet(
        self, seats: int, options: Options, deals: Sequence[ScoredDeal]
    ) -> dict[str, Any]:
        with_bags = bool(resolve_options_of(OPTIONS, options, "Spades")["bags"])
        sheet = super().scoresheet(seats, options, deals)
        for line, deal in zip(sheet["deals"], deals, strict=True):
            line["cells"]["dealer"] = deal.dealer
            if with_bags:
                sides = deal.detail["sides"]
                line["cells"]["bags"] = [sides[s % 2]["bags"] for s in range(seats)]
        if with_bags:
            sheet["columns"] = [*COLUMNS, BAGS_COLUMN]
        return with_teams(sheet, TEAMS)


def _public(match: Match) -> dict[str, Any]:
    return {
        "teams": [list(m) for m in TEAMS],
        "deals_total": None,
        "team_totals": match.totals[:2],
        "target": match.target,
        "bags": bags_of(match),
    }


GAME = make_game(
    Match,
    summary="Four players in two partnerships bid the tricks they will take, spades always "
    "trumps; nil and blind nil for the bold. First side to 500 wins.",
    seat_counts=(4,),
    pack=PACK,
    sheet=SpadesSheet(list(COLUMNS), cells),
    public_fields=_public,
    hand_positions=lambda seats, options: HAND_POSITIONS,  # the same at every deal
    resample=resample,
    records=SpadesRecords,
    paper=PAPER,
    short_match={"lose_at_minus_200": True, "target": 250},
    partnerships=True,
    cached=True,
)
