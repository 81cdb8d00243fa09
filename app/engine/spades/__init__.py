"""Spades, the four-player partnership game with bids, nil and blind nil, spades always
trumps (shared/rules/spades.md)."""

from __future__ import annotations

import random

from ..actions import Action
from ..game import Game, Options, Outcome, Records, Termination
from .deal import Deal, Exchange, Result, Trick, dealt_hands, hand_positions, pack_for
from .paper import PAPER
from .record import dealt_pack, export_record, replay_record, validate
from .resample import resample
from .rules import (
    BLIND_NIL,
    CARDS,
    NAME,
    NIL,
    OPTIONS,
    PACK,
    RANKS,
    SideScore,
    resolve_options,
    side_score,
    winning_side,
)
from .sheet import scored_deals, scoresheet
from .state import (
    BIDS,
    LOOK,
    PLAY,
    TABLE,
    Match,
    cards_action,
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
    return Outcome(Termination.TARGET_REACHED, tuple(match.winners()))


def _deals_total(seats: int, options: Options) -> None:
    return None


GAME = Game(
    name=NAME,
    title="Spades",
    summary="Four players in two partnerships bid the tricks they will take, spades always "
    "trumps; nil and blind nil for the bold. First side to 500 wins.",
    seat_counts=(4,),
    pack=PACK,
    options=OPTIONS,
    new_match=new_match,
    parse_action=parse_action,
    chance=_chance,
    view=view,
    legal=legal,
    scored_deals=scored_deals,
    scoresheet=scoresheet,
    deals_total=_deals_total,
    outcome=_outcome,
    records=Records(
        export=export_record, replay=replay_record, validate=validate, dealt_pack=dealt_pack
    ),
    hidden_cards=hidden_cards,
    resample=resample,
    deal_sum=None,
    new_view_cache=ViewCache,
    stable_view_keys=("previous_deal", "scoresheet", "totals"),
    growing_deal_keys=("tricks_played",),
    partnerships=True,
    short_match={"lose_at_minus_200": True, "target": 250},
    paper=PAPER,
    hand_positions=hand_positions,
)
SPADES = GAME

__all__ = [
    "BIDS",
    "BLIND_NIL",
    "CARDS",
    "GAME",
    "LOOK",
    "NAME",
    "NIL",
    "OPTIONS",
    "PLAY",
    "RANKS",
    "SPADES",
    "TABLE",
    "Deal",
    "Exchange",
    "Match",
    "Result",
    "SideScore",
    "Trick",
    "cards_action",
    "deal_action",
    "dealt_hands",
    "export_record",
    "hand_positions",
    "hidden_cards",
    "legal",
    "new_match",
    "pack_for",
    "parse_action",
    "random_deal",
    "replay",
    "replay_record",
    "resample",
    "resolve_options",
    "scored_deals",
    "scoresheet",
    "side_score",
    "validate",
    "view",
    "winning_side",
]
