"""Bismarck, the Swedish three-player quota whist (shared/rules/bismarck.md)."""

from __future__ import annotations

import random

from ..game import Game
from .protocol import protocol_rows
from .record import RecordError, export_record, match_from_record, validate_record
from .rules import CONTRACTS, DEALS_PER_MATCH, ScoringError, deal_scores, ranks, winners
from .state import (
    PLAY,
    TABLE,
    Deal,
    Match,
    Phase,
    Trick,
    contract_action,
    deal_action,
    deck_from,
    deck_of,
    discard_action,
    new_match,
    parse_action,
    random_deal,
    replay,
)
from .view import ViewCache, view


def _new(seats: int, rng: random.Random) -> Match:
    return new_match(seats, rng)


BISMARCK = Game(
    name="bismarck",
    seat_counts=(3, 4),
    new_match=_new,
    parse_action=parse_action,
    chance=random_deal,
    view=view,
    export_record=export_record,
)

__all__ = [
    "BISMARCK",
    "CONTRACTS",
    "DEALS_PER_MATCH",
    "PLAY",
    "TABLE",
    "Deal",
    "Match",
    "Phase",
    "RecordError",
    "ScoringError",
    "Trick",
    "ViewCache",
    "contract_action",
    "deal_action",
    "deal_scores",
    "deck_from",
    "deck_of",
    "discard_action",
    "export_record",
    "match_from_record",
    "new_match",
    "parse_action",
    "protocol_rows",
    "random_deal",
    "ranks",
    "replay",
    "validate_record",
    "view",
    "winners",
]
