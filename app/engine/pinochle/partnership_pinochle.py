"""Partnership auction pinochle: four players in two partnerships with a 48-card pack, every
player melding, the doubled melds, the bidding side scoring its bid, and claiming out at
1000 (shared/rules/partnership-pinochle.md)."""

from __future__ import annotations

from typing import Final

from ..game import Option
from .melds import PARTNERSHIP
from .partnership import make_game
from .partnership.variant import CLAIMS, MadeBid, Variant

OPTIONS: Final[tuple[Option, ...]] = (
    Option(
        "target", 1000, "The score that wins the game (Clarification 8).", choices=(500, 1000, 1500)
    ),
    Option(
        "made_bid_scores",
        MadeBid.BID.value,
        "What a bidding side that makes its bid scores: the bid (bid) or all the points it "
        "took (points, the Bicycle way).",
        choices=tuple(m.value for m in MadeBid),
    ),
    CLAIMS,
)

VARIANT: Final = Variant(
    name="partnership_pinochle",
    title="Partnership auction pinochle",
    summary="Four in two partnerships bid with a 48-card pack; the high bidder names trumps, "
    "everyone melds, and the first side to 1000 wins, or claims it.",
    ranks="ATKQJ9",
    copies=2,
    packet=3,
    minimum_bid=100,
    meld_table=PARTNERSHIP,
    card_points={"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0},
    last_trick=10,
    options=OPTIONS,
    target=1000,
    made_bid_scores=MadeBid.BID,
)

GAME = make_game(VARIANT)
