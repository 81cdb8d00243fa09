"""Bismarck, the Swedish three-player quota whist (shared/rules/bismarck.md), and the family
of the games built on its contracts: the Finnish partnership game (``finnish/``,
shared/rules/bismarck-finnish.md), registered here in ``GAMES`` and named in ``MEMBERS``."""

from __future__ import annotations

import random

from ..actions import Action
from ..game import Game, Options, Outcome, Pack, Termination
from .paper import PAPER
from .record import RECORDS
from .resample import hidden_cards, resample
from .rules import DEALS_PER_MATCH, NAME, winners
from .sheet import scored_deals, scoresheet
from .state import Match, hand_positions, parse_action, random_deal
from .view import ViewCache, legal, view


def _new(seats: int, options: Options, first_dealer: int) -> Match:
    return Match(seats, first_dealer)


def _chance(match: Match, rng: random.Random) -> Action:
    return random_deal(rng)


def _outcome(match: Match) -> Outcome | None:
    if not match.is_over:
        return None
    return Outcome(Termination.DEALS_PLAYED, tuple(winners(match.totals)))


def _deals_total(seats: int, options: Options) -> int:
    return DEALS_PER_MATCH[seats]


GAME = Game(
    name=NAME,
    title="Bismarck",
    summary="Swedish quota whist for three; a fourth sits out each deal in turn.",
    seat_counts=(3, 4),
    pack=Pack("AKQJT98765432"),
    new_match=_new,
    parse_action=parse_action,
    chance=_chance,
    view=view,
    legal=legal,
    new_view_cache=ViewCache,
    stable_view_keys=("previous_deal", "scoresheet", "contracts_left", "totals", "ranks"),
    growing_deal_keys=("tricks_played",),
    scored_deals=scored_deals,
    scoresheet=scoresheet,
    deals_total=_deals_total,
    outcome=_outcome,
    records=RECORDS.records(),
    deal_sum=0,
    hidden_cards=hidden_cards,
    resample=resample,
    paper=PAPER,
    hand_positions=hand_positions,
)

# the Finnish game is built on the modules above, so it is imported once they are
from .finnish import GAME as FINNISH  # noqa: E402

GAMES = (FINNISH,)
"""The games of the Bismarck family besides Bismarck itself, for the registry."""
MEMBERS = (FINNISH.name,)
"""The games built on this package's contracts: only their folders import it."""
