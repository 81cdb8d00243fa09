"""Finnish partnership Bismarck (shared/rules/bismarck-finnish.md): four players in two
partnerships, twelve cards each and four open, an exchange that brings every hand to
thirteen, quotas of 8 and 5 per team. A member of the Bismarck family: it shares Swedish
Bismarck's contract mechanics (``..contracts``, ``..rules``, ``..sheet``)."""

from __future__ import annotations

from ...cards import RANKS
from ...game import Pack
from ...trick_game import make_game
from .deal import HAND_POSITIONS
from .paper import PAPER
from .record import FinnishRecords
from .resample import resample
from .rules import DEALS_PER_MATCH, SEATS
from .sheet import SHEET
from .state import Match

GAME = make_game(
    Match,
    summary="Bismarck for four in two partnerships: twelve cards each and four open, an "
    "exchange of cards between partners and opponents, quotas of 8 and 5 tricks per team.",
    seat_counts=(SEATS,),
    pack=Pack(RANKS),
    sheet=SHEET,
    public_fields=Match.public_fields,
    deals_total=lambda seats, options: DEALS_PER_MATCH,
    hand_positions=lambda seats, options: HAND_POSITIONS,
    resample=resample,
    records=FinnishRecords,
    deal_sum=0,
    paper=PAPER,
    partnerships=True,
    cached=True,
    stable_view_keys=("previous_deal", "scoresheet", "contracts_left", "totals", "team_totals"),
    new=lambda seats, options, first_dealer: Match(first_dealer),
)
