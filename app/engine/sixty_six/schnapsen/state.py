"""Schnapsen's play: Sixty-six's machine (``..state``) with Schnapsen's :class:`Variant`,
and the refusal of an exchange in its own words (the trump jack, not the nine)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any, ClassVar, Final

from ...actions import Action
from ...cards import Card
from ...errors import IllegalAction
from ...game import Option, Options
from ...hand_positions import HandPositions, positions_of
from ...trick_game import TrickDeal, action_parser, shuffled_deal
from ...tricks import TrickRules
from .. import state as family
from ..rules import Variant
from .rules import NAME, OPTIONS, SCHNAPSEN

HAND_POSITIONS: Final = positions_of(SCHNAPSEN.places, 2)


def hand_positions(seats: int, options: Options) -> HandPositions:
    """``Game.hand_positions``: the same at every deal and whatever the options."""
    return HAND_POSITIONS


def dealt_hands(pack: Sequence[Card], dealer: int) -> list[list[Card]]:
    """The two hands the pack deals (§3), each in canonical order."""
    return family.dealt_hands(pack, dealer, SCHNAPSEN)


class Deal(family.Deal):
    """A deal of Schnapsen: Sixty-six's, the trump jack in place of the nine."""

    __slots__ = ()

    VARIANT: ClassVar[Variant] = SCHNAPSEN


class Match(family.Match):
    """A match (a Bummerl) of Schnapsen for two seats."""

    NAME: ClassVar[str] = NAME
    TITLE: ClassVar[str] = "Schnapsen"
    VARIANT: ClassVar[Variant] = SCHNAPSEN
    PACK: ClassVar[tuple[Card, ...]] = SCHNAPSEN.cards
    RULES: ClassVar[TrickRules] = SCHNAPSEN.open_rules
    OPTIONS: ClassVar[tuple[Option, ...]] = OPTIONS
    DEAL: ClassVar[type[TrickDeal]] = Deal
    CARD_ORDER: ClassVar[Mapping[Card, int] | None] = SCHNAPSEN.order

    __slots__ = ()

    def detail(self, deal: family.Deal) -> dict[str, Any]:
        """Sixty-six's, and both players' points when the talon was closed, by which a
        closer who wins is scored (docs/games/schnapsen.md §11)."""
        shown = super().detail(deal)
        shown["points_at_close"] = deal.closed_points
        return shown

    @staticmethod
    def not_held(card: Card) -> IllegalAction:
        return IllegalAction(
            "no_jack_of_trumps", "you do not hold the jack of trumps", {"card": card}
        )


random_deal: Final = partial(shuffled_deal, Match)
"""The table's chance step: a uniformly shuffled pack."""

parse_action: Final = action_parser(Match)
"""Parse and canonicalise an action's text; raise :class:`MalformedAction` if it is none."""

PLAY: Final[dict[Card, Action]] = Match.PLAYS


def replay(
    first_dealer: int, log: Sequence[tuple[int, str]], options: Options | None = None
) -> Match:
    """The match reached by applying ``log`` (pairs of seat and action text) from the start."""
    match = Match(2, options, first_dealer)
    for seat, text in log:
        match.apply(seat, parse_action(text))
    return match
