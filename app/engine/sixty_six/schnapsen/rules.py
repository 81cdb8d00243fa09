"""Schnapsen's fixed data (docs/games/schnapsen.md): the 20-card pack, five cards a hand
dealt three, the trump turned, then two; the trump jack's exchange from the first lead while
the talon holds more than two cards, closing under the same condition, the strict duties
once the talon is closed or gone, the last trick's winner taking a deal played out, and a
wrong claim costing 3 while the opponent has no trick. Everything else is Sixty-six's."""

from __future__ import annotations

from typing import Final

from ...game import Option
from ...tricks import Heading, TrickRules
from ..rules import OPTIONS as SIXTY_SIX_OPTIONS
from ..rules import Variant

NAME: Final = "schnapsen"
RANKS: Final = "ATKQJ"

PLACES: Final[tuple[int | None, ...]] = (1, 1, 1, 0, 0, 0, None, 1, 1, 0, 0)
"""Pack positions 0-2 to the non-dealer, 3-5 to the dealer, 6 the card turned for trumps,
7-8 to the non-dealer, 9-10 to the dealer; 11-19 the talon, 11 on top (§3)."""

CLOSED: Final = TrickRules(
    follow_suit=True, heading=Heading.ALWAYS, trump_when_void=True, ranks=RANKS
)
"""Once the talon is closed or exhausted: follow suit and head the trick, else trump (§7)."""

KEPT: Final = (
    "winner_deals_next",
    "no_marriages_after_closing",
    "claims_only_immediately",
    "show_points",
)
OPTIONS: Final[tuple[Option, ...]] = (
    *(o for o in SIXTY_SIX_OPTIONS if o.name in KEPT),
    Option("target", 7, "Game points that win the match (a Bummerl).", minimum=1, maximum=21),
)
"""Sixty-six's options that the Austrian game can take; its strict play after closing is
the rule here, and a deal played out goes to the last trick, so those two options are gone."""


SCHNAPSEN: Final = Variant(
    ranks=RANKS,
    places=PLACES,
    exchange_rank="J",
    exchange_word="jack",
    exchange_needs_trick=False,
    talon_needed=3,
    last_trick_bonus=0,
    last_trick_wins=True,
    wrong_claim_three=True,
    closer_scored_at_close=True,
    closed_rules=lambda options: CLOSED,
)
