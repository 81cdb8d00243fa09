"""Spades, the four-player partnership game with bids, nil and blind nil, spades always
trumps (shared/rules/spades.md), on the trick-game base (``app/engine/trick_game.py``)."""

from __future__ import annotations

from typing import Any

from ..trick_game import make_game
from .paper import PAPER
from .record import SpadesRecords
from .resample import resample
from .rules import PACK
from .sheet import SHEET
from .state import HAND_POSITIONS, TEAMS, Match, bags_of


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
    sheet=SHEET,
    public_fields=_public,
    hand_positions=lambda seats, options: HAND_POSITIONS,  # the same at every deal
    resample=resample,
    records=SpadesRecords,
    paper=PAPER,
    short_match={"lose_at_minus_200": True, "target": 250},
    partnerships=True,
    cached=True,
)
