"""The options both bezique games take and the trick duties of each part of a deal (rubicon
§5 and §9, Clarification 17; Chinese §7). Nothing here knows a state."""

from __future__ import annotations

from typing import Final

from ..game import Option, Options, OptionValue, resolve_options_of
from ..tricks import Heading, TrickRules
from .variant import RANKS, Variant

OPTIONS: Final[tuple[Option, ...]] = (
    Option(
        "deals",
        4,
        "Deals in a match; each deal is a game, and the match adds up their game scores.",
        minimum=1,
        maximum=20,
    ),
    Option(
        "must_win_endgame",
        False,
        "In the tricks played once the stock is gone, a player following suit must play a "
        "higher card than the one led if able.",
    ),
    Option(
        "round_to_hundreds",
        False,
        "Each player's final total counts only in whole hundreds (rounded down) when the "
        "game score is worked out; the winner is decided on the exact totals.",
    ),
)

WHILE_STOCK: Final = TrickRules(follow_suit=False, ranks=RANKS)
"""While the stock lasts any card may be played (rubicon §5)."""
ENDGAME: Final = TrickRules(follow_suit=True, trump_when_void=True, ranks=RANKS)
"""Once the stock is gone: follow suit, else trump, else any card (rubicon §9)."""
ENDGAME_MUST_WIN: Final = TrickRules(
    follow_suit=True, heading=Heading.ALWAYS, trump_when_void=True, ranks=RANKS
)
"""Option ``must_win_endgame``: a player following suit must also beat the card led if
able, a trump lead included; there is no duty to over-trump (Clarification 17)."""


def resolve_options(variant: Variant, given: Options | None) -> dict[str, OptionValue]:
    """Every option with its value: ``given`` checked, the defaults for the rest."""
    return resolve_options_of(OPTIONS, given, variant.title)


def endgame_rules(options: Options) -> TrickRules:
    return ENDGAME_MUST_WIN if options["must_win_endgame"] else ENDGAME
