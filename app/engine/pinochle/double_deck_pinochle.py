"""Double-deck pinochle: partnership auction pinochle with an 80-card pack of four copies
of A, 10, K, Q, J, bids from 500, permitted announcements, the seed's values for repeated
melds, A, 10 and K counting 10 each, and the game to 5000 (shared/rules/double-deck-pinochle.md)."""

from __future__ import annotations

from typing import Final

from ..game import Option
from .melds import DOUBLE_DECK
from .partnership import make_game
from .partnership.variant import CLAIMS, MadeBid, Variant

OPTIONS: Final[tuple[Option, ...]] = (
    Option("target", 5000, "The score that wins the game (§9).", choices=(3500, 4500, 5000)),
    Option(
        "announcements",
        True,
        'Bidders may add "flush" or "long suit" to a bid and announce their meld\'s value; '
        "after the first bid an announcement is a bid (§4).",
    ),
    Option(
        "long_suit",
        8,
        "How many cards of one suit make a long suit for the announcement.",
        minimum=6,
        maximum=12,
    ),
    CLAIMS,
)

VARIANT: Final = Variant(
    name="double_deck_pinochle",
    title="Double-deck pinochle",
    summary="Four in two partnerships with an 80-card pack: bid from 500, announce a flush, "
    "a long suit or your meld, and play to 5000.",
    ranks="ATKQJ",
    copies=4,
    packet=5,
    minimum_bid=500,
    meld_table=DOUBLE_DECK,
    card_points={"A": 10, "T": 10, "K": 10, "Q": 0, "J": 0},
    last_trick=20,
    options=OPTIONS,
    target=5000,
    made_bid_scores=MadeBid.POINTS,
    announcements=True,
)

GAME = make_game(VARIANT)
