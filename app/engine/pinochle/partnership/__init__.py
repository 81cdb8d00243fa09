"""The four-player partnership pinochles as one state machine on the trick-game base:
partnership auction pinochle (single deck) and double-deck pinochle differ only in their
:class:`Variant` (shared/rules/partnership-pinochle.md, shared/rules/double-deck-pinochle.md),
each played by a :class:`Match` subclass made from it. A game's own package holds its
variant, its options and its ``GAME``, made by :func:`make_game`."""

from __future__ import annotations

from typing import Final

from ...game import Game
from ...hand_positions import positions_of
from ...trick_game import make_game as make_trick_game
from .paper import paper_of
from .record import Records
from .resample import resampler
from .sheet import SHEET
from .state import hidden_cards, match_of, public_fields
from .variant import SEATS, Variant


def make_game(variant: Variant) -> Game:
    """The ``Game`` of ``variant``: four seats in two partnerships, ending on a score."""
    return make_trick_game(
        match_of(variant),
        summary=variant.summary,
        seat_counts=(4,),
        pack=variant.pack,
        sheet=SHEET,
        public_fields=public_fields,
        hand_positions=lambda seats, options: positions_of(variant.layout(0), SEATS),
        resample=resampler(variant),
        records=Records,
        paper=paper_of(variant),
        partnerships=True,
        cached=True,
        stable_view_keys=("previous_deal", "scoresheet", "totals", "team_totals"),
        # once trump is named only the cards no meld can hold (docs/next.md, partnership games)
        hidden=hidden_cards,
    )


MEMBERS: Final = ("partnership_pinochle", "double_deck_pinochle")
"""The games built on this part of the pinochle library (auction pinochle is not): what
reads the library's modules per game, such as the check that each game's words cover the
refusals its modules raise, asks this."""
