"""Bismarck, the Swedish three-player quota whist (shared/rules/bismarck.md), and the family
of the games built on its contracts: the Finnish partnership game (``finnish/``,
shared/rules/bismarck-finnish.md), registered here in ``GAMES`` and named in ``MEMBERS``."""

from __future__ import annotations

from ..game import Pack
from ..trick_game import make_game
from .paper import PAPER
from .record import BismarckRecords
from .resample import resample
from .rules import DEALS_PER_MATCH
from .sheet import SHEET
from .state import Match, dealt_positions

GAME = make_game(
    Match,
    summary="Swedish quota whist for three; a fourth sits out each deal in turn.",
    seat_counts=(3, 4),
    pack=Pack("AKQJT98765432"),
    sheet=SHEET,
    public_fields=Match.public_fields,
    deals_total=lambda seats, options: DEALS_PER_MATCH[seats],
    hand_positions=lambda seats, options: dealt_positions(seats),
    resample=resample,
    records=BismarckRecords,
    deal_sum=0,
    paper=PAPER,
    cached=True,
    stable_view_keys=("previous_deal", "scoresheet", "contracts_left", "totals", "ranks"),
    new=lambda seats, options, first_dealer: Match(seats, first_dealer),
)

# the Finnish game is built on the modules above, so it is imported once they are
from .finnish import GAME as FINNISH  # noqa: E402

GAMES = (FINNISH,)
"""The games of the Bismarck family besides Bismarck itself, for the registry."""
MEMBERS = (FINNISH.name,)
"""The games built on this package's contracts: only their folders import it."""
