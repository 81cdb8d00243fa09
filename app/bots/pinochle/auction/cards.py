"""The card arithmetic the auction pinochle bots share: ranks, points, who wins a trick, the
legal cards (§9) and the chips a result is worth (§10), in plain functions on card texts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from app.engine.pinochle.auction.rules import (
    CARD_POINTS,
    DEFAULTS,
    KITTY_FROM,
    PINOCHLE,
    bid_value,
)
from app.engine.tricks import legal_cards as engine_legal_cards
from app.engine.tricks import trick_winner

STRENGTH: Final[dict[str, int]] = PINOCHLE.strength
"""A 6, T 5, K 4, Q 3, J 2, 9 1."""


def points_table(options: dict[str, object]) -> dict[str, int]:
    scheme = options.get("card_points", "standard")
    return CARD_POINTS[scheme if isinstance(scheme, str) else "standard"]


def beats(card: str, best: str, trump: str | None) -> bool:
    """Whether ``card`` played after ``best`` (the trick's winning card so far) takes over."""
    if card[1] == best[1]:
        return STRENGTH[card[0]] > STRENGTH[best[0]]
    return card[1] == trump


def winner_index(cards: Sequence[str], trump: str | None) -> int:
    return trick_winner(cards, trump, PINOCHLE)


def legal_cards(hand: Sequence[str], trick: Sequence[str], trump: str | None) -> list[str]:
    """§9's duties, the engine's own: follow suit; on a trump lead beat the best trump if able;
    trump when void."""
    return engine_legal_cards(hand, trick, trump, PINOCHLE)


def count_points(cards: Iterable[str], points: dict[str, int]) -> int:
    return sum(points[c[0]] for c in cards)


def bid_chips(bid: int, trump: str | None, options: dict[str, object]) -> int:
    """The bid's value in chips per counterparty (spades doubled when the option says so)."""
    return bid_value(bid, trump, {**DEFAULTS, **options})  # type: ignore[dict-item]


def counterparties(bid: int, seats: int) -> int:
    """Who settles with the bidder: every other seat, and the kitty from 350 (§10.4)."""
    return seats - 1 + (1 if bid >= KITTY_FROM else 0)


def made_margin(bid: int, seats: int) -> float:
    """The bidder's margin over the mean other seat, in units of the bid's value, when the
    contract is made: he gains one value from each counterparty, each other seat loses one.
    A single bete is minus this, a double bete minus twice this."""
    n = counterparties(bid, seats)
    return n + 1.0
