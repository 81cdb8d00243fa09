"""The four-player partnership pinochles as one state machine: partnership auction pinochle
(single deck) and double-deck pinochle differ only in their :class:`Variant`
(shared/rules/partnership-pinochle.md, shared/rules/double-deck-pinochle.md). A game's own
package holds its variant, its options and its ``GAME``, made by :func:`make_game`."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from ...actions import Action
from ...game import Game, Options, OptionValue, Outcome, Records, Validation, View
from ...hand_positions import HandPositions
from .deal import Call, Claim, Deal, Result, Trick
from .paper import paper_of
from .record import dealt_pack, export_record, replay_record, validate
from .resample import resample
from .sheet import scored_deals, scoresheet
from .state import TABLE, Match, Notation, new_match, notation, replay
from .variant import TEAMS, End, MadeBid, Settings, Variant, team_of
from .view import ViewCache, hidden_cards, legal, view


def _outcome(match: Match) -> Outcome | None:
    if not match.is_over or match.termination is None:
        return None
    return Outcome(match.termination, tuple(match.winners()))


def _deals_total(seats: int, options: Options) -> int | None:
    return None


def make_game(
    variant: Variant, summary: str, short_match: Mapping[str, OptionValue] | None = None
) -> Game:
    """The ``Game`` of ``variant``: four seats in two partnerships, ending on a score."""
    spelled = notation(variant)

    def _new_match(seats: int, options: Options, first_dealer: int) -> Match:
        if seats != 4:
            raise ValueError(f"{variant.title} is played by four")
        return new_match(variant, options, first_dealer)

    def _chance(match: Match, rng: random.Random) -> Action:
        return spelled.random_deal(rng)

    def _replay(players: Sequence[str], options: Options, doc: Mapping[str, Any]) -> Match:
        return replay_record(variant, players, options, doc)

    def _validate(players: Sequence[str], options: Options, doc: Mapping[str, Any]) -> Validation:
        return validate(variant, players, options, doc)

    def _resample(shown: View, rng: random.Random) -> Match:
        return resample(variant, shown, rng)

    def _hand_positions(seats: int, options: Options) -> HandPositions:
        return variant.hand_positions

    return Game(
        name=variant.name,
        title=variant.title,
        summary=summary,
        seat_counts=(4,),
        pack=variant.pack,
        options=variant.options,
        new_match=_new_match,
        parse_action=spelled.parse,
        chance=_chance,
        view=view,
        legal=legal,
        scored_deals=scored_deals,
        scoresheet=scoresheet,
        deals_total=_deals_total,
        outcome=_outcome,
        records=Records(
            export=export_record, replay=_replay, validate=_validate, dealt_pack=dealt_pack
        ),
        hidden_cards=hidden_cards,
        resample=_resample,
        deal_sum=None,
        new_view_cache=ViewCache,
        stable_view_keys=("previous_deal", "scoresheet", "totals", "team_totals"),
        growing_deal_keys=("tricks_played",),
        partnerships=True,
        short_match=dict(short_match or {}),
        paper=paper_of(variant),
        hand_positions=_hand_positions,
    )


MEMBERS: Final = ("partnership_pinochle", "double_deck_pinochle")
"""The games built on this part of the pinochle library (auction pinochle is not)."""

__all__ = [
    "MEMBERS",
    "TABLE",
    "TEAMS",
    "Call",
    "Claim",
    "Deal",
    "End",
    "MadeBid",
    "Match",
    "Notation",
    "Result",
    "Settings",
    "Trick",
    "Variant",
    "ViewCache",
    "export_record",
    "hidden_cards",
    "legal",
    "make_game",
    "new_match",
    "notation",
    "paper_of",
    "replay",
    "replay_record",
    "resample",
    "scored_deals",
    "scoresheet",
    "team_of",
    "validate",
    "view",
]
