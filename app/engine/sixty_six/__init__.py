"""Sixty-six, the two-player marriage game with a stock (shared/rules/sixty-six.md), and
the family of the games played on its machine: Schnapsen (``schnapsen/``), registered here in
``GAMES`` and named in ``MEMBERS``.
"""

from __future__ import annotations

from ..trick_game import make_game
from .paper import PAPER
from .record import SixtySixRecords
from .resample import resample
from .sheet import SHEET
from .state import Match

GAME = make_game(
    Match,
    summary="The two-player marriage game: draw from the stock, meld, and race to 66 points.",
    seat_counts=(2,),
    pack=Match.VARIANT.pack,
    sheet=SHEET,
    public_fields=Match.public_fields,
    hand_positions=Match.VARIANT.hand_positions,
    resample=resample,
    records=SixtySixRecords,
    paper=PAPER,
)

# Schnapsen is built on the modules above, so it is imported once they are
from .schnapsen import GAME as SCHNAPSEN  # noqa: E402

GAMES = (SCHNAPSEN,)
MEMBERS = (SCHNAPSEN.name,)
"""The games built on Sixty-six's machine: only their folders import it."""
