"""Auction pinochle for three to five at the table, three active in each deal, settled in
chips with a kitty (shared/rules/auction-pinochle.md)."""

from __future__ import annotations

import random

from ...actions import Action
from ...game import Game, Outcome, Records, Termination
from .. import melds
from .paper import PAPER
from .record import dealt_pack, export_record, replay_record, validate
from .resample import resample
from .rules import (
    CARDS,
    NAME,
    OPTIONS,
    PACK,
    RANKS,
    End,
    active_seats,
    deals_total,
    hand_positions,
    settle,
)
from .sheet import scored_deals, scoresheet
from .state import (
    TABLE,
    Deal,
    Match,
    Result,
    Trick,
    deal_action,
    new_match,
    parse_action,
    random_deal,
    replay,
)
from .view import ViewCache, hidden_cards, legal, view


def _chance(match: Match, rng: random.Random) -> Action:
    return random_deal(rng)


def _outcome(match: Match) -> Outcome | None:
    if not match.is_over:
        return None
    return Outcome(Termination.DEALS_PLAYED, tuple(match.winners()))


GAME = Game(
    name=NAME,
    title="Auction pinochle",
    summary="Three bid for the widow with a 48-card pack; the bidder melds, buries and plays "
    "alone against two, settled in chips with a kitty. Three to five at the table.",
    seat_counts=(3, 4, 5),
    pack=PACK,
    options=OPTIONS,
    new_match=new_match,
    parse_action=parse_action,
    chance=_chance,
    view=view,
    legal=legal,
    scored_deals=scored_deals,
    scoresheet=scoresheet,
    deals_total=deals_total,
    outcome=_outcome,
    records=Records(
        export=export_record, replay=replay_record, validate=validate, dealt_pack=dealt_pack
    ),
    hidden_cards=hidden_cards,
    resample=resample,
    deal_sum=None,
    new_view_cache=ViewCache,
    stable_view_keys=("previous_deal", "scoresheet", "totals", "ranks"),
    growing_deal_keys=("tricks_played",),
    paper=PAPER,
    hand_positions=hand_positions,
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
    "deal_action",
    "export_record",
    "hidden_cards",
    "legal",
    "melds",
    "new_match",
    "parse_action",
    "random_deal",
    "replay",
    "replay_record",
    "resample",
    "scored_deals",
    "scoresheet",
    "settle",
    "validate",
    "view",
]
