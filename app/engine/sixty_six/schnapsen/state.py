"""Schnapsen's play: Sixty-six's machine (``..state``) with Schnapsen's :class:`Variant`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import ClassVar, Final

from ...cards import Card
from ...game import Option
from ...trick_game import action_parser, shuffled_deal
from ...tricks import TrickRules
from .. import state as family
from ..rules import Variant
from .rules import NAME, OPTIONS, SCHNAPSEN


def dealt_hands(pack: Sequence[Card], dealer: int) -> list[list[Card]]:
    """The two hands the pack deals (§3), each in canonical order."""
    return family.dealt_hands(pack, dealer, SCHNAPSEN)


class Match(family.Match):
    """A match (a Bummerl) of Schnapsen for two seats."""

    NAME: ClassVar[str] = NAME
    TITLE: ClassVar[str] = "Schnapsen"
    VARIANT: ClassVar[Variant] = SCHNAPSEN
    PACK: ClassVar[tuple[Card, ...]] = SCHNAPSEN.pack.cards
    RULES: ClassVar[TrickRules] = SCHNAPSEN.open_rules
    OPTIONS: ClassVar[tuple[Option, ...]] = OPTIONS
    CARD_ORDER: ClassVar[Mapping[Card, int] | None] = SCHNAPSEN.order

    __slots__ = ()


random_deal: Final = partial(shuffled_deal, Match)
"""The table's chance step: a uniformly shuffled pack."""

parse_action: Final = action_parser(Match)
"""Parse and canonicalise an action's text; raise :class:`MalformedAction` if it is none."""
