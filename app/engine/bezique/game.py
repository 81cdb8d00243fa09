"""The two bezique games as :class:`~app.engine.game.Game` objects, one per
:class:`~.variant.Variant`, each made by the trick-game base's ``make_game`` from its match
class."""

from __future__ import annotations

from ..game import Game
from ..hand_positions import positions_of
from ..trick_game import make_game as make_trick_game
from .deal import layout
from .paper import make_paper
from .record import BeziqueRecords
from .resample import resample
from .sheet import SHEET, deals_total
from .state import match_class, notation
from .variant import Variant
from .view import hidden_cards, public_fields


def make_game(variant: Variant) -> Game:
    """The ``Game`` of ``variant``: two seats, a fixed number of deals (option ``deals``);
    its own notation (cards of the table by position), unseen cards and resampler."""
    positions = positions_of(layout(variant, 0), 2)  # seat k of dealer 0: k places after him
    return make_trick_game(
        match_class(variant),
        summary=variant.summary,
        seat_counts=(2,),
        pack=variant.pack,
        sheet=SHEET,
        public_fields=public_fields,
        deals_total=deals_total,
        hand_positions=lambda seats, options: positions,
        resample=lambda shown, rng: resample(variant, shown, rng),
        records=BeziqueRecords,
        paper=make_paper(variant),
        short_match={"deals": 1},
        cached=True,
        growing_deal_keys=("tricks_played", "actions"),
        parse=notation(variant).parse,
        hidden=hidden_cards,
    )
