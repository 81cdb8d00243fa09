"""Auction pinochle for three to five at the table, three active in each deal, settled in
chips with a kitty (shared/rules/auction-pinochle.md)."""

from __future__ import annotations

from ...trick_game import make_game
from .paper import PAPER
from .record import Records
from .resample import resample
from .rules import PACK, deals_total, hand_positions
from .sheet import SHEET
from .state import Match, public_fields

GAME = make_game(
    Match,
    summary="Three bid for the widow with a 48-card pack; the bidder melds, buries and plays "
    "alone against two, settled in chips with a kitty. Three to five at the table.",
    seat_counts=(3, 4, 5),
    pack=PACK,
    sheet=SHEET,
    public_fields=public_fields,
    deals_total=deals_total,
    hand_positions=hand_positions,
    resample=resample,
    records=Records,
    paper=PAPER,
    cached=True,
    stable_view_keys=("previous_deal", "scoresheet", "totals", "ranks"),
)
