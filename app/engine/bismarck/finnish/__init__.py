"""Finnish partnership Bismarck (shared/rules/bismarck-finnish.md): four players in two
partnerships, twelve cards each and four open, an exchange that brings every hand to
thirteen, quotas of 8 and 5 per team. A member of the Bismarck family: it shares Swedish
Bismarck's contract mechanics (``..contracts``, ``..protocol``, ``..quota``)."""

from __future__ import annotations

import random
from typing import Any

from ...actions import Action
from ...cards import RANKS
from ...game import Game, Options, Outcome, Pack, Termination, View
from ...trick_game import hidden_cards, legal, make_view, view_cache
from .deal import hand_positions
from .paper import PAPER
from .record import RECORDS
from .resample import resample
from .rules import DEALS_PER_MATCH, NAME, SEATS, TEAMS
from .sheet import SHEET, scored_deals, scoresheet
from .state import Match, new_match, parse_action, random_deal


def _public_fields(match: Match) -> dict[str, Any]:
    totals = match.totals
    return {
        "teams": [list(members) for members in TEAMS],
        "deals_total": DEALS_PER_MATCH,
        "team_totals": [totals[members[0]] for members in TEAMS],
        "contracts_left": [match.contracts_left(s) for s in range(SEATS)],
    }


_view = make_view(SHEET, _public_fields)
ViewCache = view_cache(SHEET)


def view(match: Match, seat: int | None, public: View | None = None, cache: Any = None) -> View:
    """The match as ``seat`` sees it; ``seat=None`` is a spectator (the base's view,
    :func:`~app.engine.trick_game.make_view`). ``public``, the spectator view of the same
    state, saves rebuilding what every seat sees alike; ``cache`` (:data:`ViewCache`) what
    cannot change any more. Its views have never named the next dealer, the options (it has
    none) or the leader of the trick in progress (the trick's first card's seat)."""
    if public is None:
        public = _view(match, None, None, cache)
        del public["next_dealer"], public["options"]
        if public["deal"] is not None:
            del public["deal"]["leader"]
    return _view(match, seat, public, cache)


def _new(seats: int, options: Options, first_dealer: int) -> Match:
    if seats != SEATS:
        raise ValueError("Finnish Bismarck is played by four")
    return new_match(first_dealer)


def _chance(match: Match, rng: random.Random) -> Action:
    return random_deal(rng)


def _outcome(match: Match) -> Outcome | None:
    if not match.is_over:
        return None
    return Outcome(Termination.DEALS_PLAYED, tuple(match.winners()))


def _deals_total(seats: int, options: Options) -> int:
    return DEALS_PER_MATCH


GAME = Game(
    name=NAME,
    title="Finnish Bismarck",
    summary="Bismarck for four in two partnerships: twelve cards each and four open, an "
    "exchange of cards between partners and opponents, quotas of 8 and 5 tricks per team.",
    seat_counts=(SEATS,),
    pack=Pack(RANKS),
    new_match=_new,
    parse_action=parse_action,
    chance=_chance,
    view=view,
    legal=legal,
    new_view_cache=ViewCache,
    stable_view_keys=("previous_deal", "scoresheet", "contracts_left", "totals", "team_totals"),
    growing_deal_keys=("tricks_played",),
    scored_deals=scored_deals,
    scoresheet=scoresheet,
    deals_total=_deals_total,
    outcome=_outcome,
    records=RECORDS.records(),
    deal_sum=0,
    hidden_cards=hidden_cards,
    resample=resample,
    partnerships=True,
    paper=PAPER,
    hand_positions=hand_positions,
)
