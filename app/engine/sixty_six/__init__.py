"""Sixty-six, the two-player marriage game with a stock (shared/rules/sixty-six.md)."""

from __future__ import annotations

import random

from ..actions import Action
from ..game import Game, Options, Outcome, Records, Termination
from .deal import Deal, Marriage, Result, Trick, dealt_hands, hand_positions
from .paper import PAPER
from .record import dealt_pack, export_record, replay_record, validate
from .resample import resample
from .rules import CARDS, NAME, OPTIONS, PACK, RANKS, End, resolve_options
from .sheet import scored_deals, scoresheet
from .state import (
    CLAIM,
    CLOSE,
    EXCHANGE,
    MARRIAGE,
    PLAY,
    TABLE,
    Match,
    deal_action,
    new_match,
    parse_action,
    random_deal,
    replay,
)
from .view import hidden_cards, legal, view


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
    title="Sixty-six",
    summary="The two-player marriage game: draw from the stock, meld, and race to 66 points.",
    seat_counts=(2,),
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
    paper=PAPER,
    hand_positions=hand_positions,
)
SIXTY_SIX = GAME

__all__ = [
    "CARDS",
    "CLAIM",
    "CLOSE",
    "EXCHANGE",
    "GAME",
    "MARRIAGE",
    "NAME",
    "OPTIONS",
    "PLAY",
    "RANKS",
    "SIXTY_SIX",
    "TABLE",
    "Deal",
    "End",
    "Marriage",
    "Match",
    "Result",
    "Trick",
    "deal_action",
    "dealt_hands",
    "export_record",
    "hand_positions",
    "hidden_cards",
    "legal",
    "new_match",
    "parse_action",
    "random_deal",
    "replay",
    "replay_record",
    "resample",
    "resolve_options",
    "scored_deals",
    "scoresheet",
    "validate",
    "view",
]
