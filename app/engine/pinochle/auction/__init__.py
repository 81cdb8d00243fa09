"""Auction pinochle for three to five at the table, three active in each deal, settled in
chips with a kitty (shared/rules/auction-pinochle.md)."""

from __future__ import annotations

from ...trick_game import make_game
from .. import melds
from .paper import PAPER
from .record import Records
from .resample import resample
from .rules import CARDS, NAME, OPTIONS, PACK, RANKS, End, active_seats, deals_total, hand_positions
from .sheet import SHEET
from .state import TABLE, Deal, Match, Result, Trick, parse_action, public_fields

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
AUCTION_PINOCHLE = GAME

__all__ = [
    "AUCTION_PINOCHLE",
    "CARDS",
    "GAME",
    "NAME",
    "OPTIONS",
    "RANKS",
    "TABLE",
    "Deal",
    "End",
    "Match",
    "Result",
    "Trick",
    "active_seats",
    "melds",
    "parse_action",
]
