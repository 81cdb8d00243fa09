"""The two bezique games as :class:`~app.engine.game.Game` objects, one per
:class:`~.variant.Variant`, on one state machine. Nothing here registers them: a game joins
the lobby through a package of its own that exports a ``GAME`` made by :func:`make_game`."""

from __future__ import annotations

import random
from typing import Final

from ..actions import Action
from ..game import Game, Options, Outcome, View
from ..hand_positions import HandPositions
from .deal import hand_positions
from .paper import make_paper
from .record import BeziqueRecords
from .resample import resample
from .rules import OPTIONS
from .sheet import deals_total, scored_deals, scoresheet
from .state import Match, new_match, notation
from .variant import Variant
from .view import ViewCache, hidden_cards, legal, view

SUMMARIES: Final[dict[str, str]] = {
    "bezique_rubicon": (
        "Two-player bezique with four packs: declare marriages, beziques and fours while the"
        " stock lasts, then play out the last nine tricks; a loser under 1000 is rubiconed."
    ),
    "chinese_bezique": (
        "Six-pack bezique for two: the bezique and the fours of trumps follow the trump suit,"
        " carte blanche and the last trick score 250, and a loser under 3000 is rubiconed."
    ),
}


def _outcome(match: Match) -> Outcome | None:
    if not match.is_over or match.termination is None:
        return None
    return Outcome(match.termination, tuple(match.winners()))


def make_game(variant: Variant) -> Game:
    """The ``Game`` of ``variant``: two seats, a fixed number of deals (option ``deals``)."""
    spelled = notation(variant)

    def _new_match(seats: int, options: Options, first_dealer: int) -> Match:
        if seats != 2:
            raise ValueError(f"{variant.title} is played by two")
        return new_match(variant, options, first_dealer)

    def _chance(match: Match, rng: random.Random) -> Action:
        return spelled.random_deal(rng)

    def _resample(shown: View, rng: random.Random) -> Match:
        return resample(variant, shown, rng)

    positions = hand_positions(variant)

    def _hand_positions(seats: int, options: Options) -> HandPositions:
        return positions

    return Game(
        name=variant.name,
        title=variant.title,
        summary=SUMMARIES.get(variant.name, variant.title),
        seat_counts=(2,),
        pack=variant.pack,
        options=OPTIONS,
        new_match=_new_match,
        parse_action=spelled.parse,
        chance=_chance,
        view=view,
        legal=legal,
        scored_deals=scored_deals,
        scoresheet=scoresheet,
        deals_total=deals_total,
        outcome=_outcome,
        records=BeziqueRecords(variant).records(),
        hidden_cards=hidden_cards,
        resample=_resample,
        deal_sum=None,
        new_view_cache=ViewCache,
        stable_view_keys=("previous_deal", "scoresheet", "totals"),
        growing_deal_keys=("tricks_played", "actions"),
        short_match={"deals": 1},
        paper=make_paper(variant),
        hand_positions=_hand_positions,
    )
