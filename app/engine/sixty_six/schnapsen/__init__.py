"""Schnapsen, the Austrian 20-card member of the Sixty-six family (docs/games/schnapsen.md):
Sixty-six's machine, scoresheet and resampler with Schnapsen's variant (``rules.py``), its
match class (``state.py``), its records' words (``record.py``) and its paper form."""

from __future__ import annotations

from ...trick_game import make_game
from ..resample import resampler
from ..sheet import SHEET
from .paper import PAPER
from .record import SchnapsenRecords
from .rules import SCHNAPSEN
from .state import Match

GAME = make_game(
    Match,
    summary="The Austrian 20-card Sixty-six: five cards, the trump jack's exchange, closing "
    "the talon, and a race to 66 points; seven game points make a Bummerl.",
    seat_counts=(2,),
    pack=SCHNAPSEN.pack,
    sheet=SHEET,
    public_fields=Match.public_fields,
    hand_positions=Match.VARIANT.hand_positions,
    resample=resampler(Match),
    records=SchnapsenRecords,
    paper=PAPER,
)
