"""What a partnership pinochle hand is worth to its side as the bidding side: its own meld
in a trump, the meld its partner is expected to show, and the card points the side is
expected to take, by a linear model of the hand (trump length and top trumps, side aces,
tens and kings, voids) fitted per game on deals the basic level played out
(:mod:`.calibrate`). A :class:`Tuning` holds a game's fitted figures and the bidding
margins."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from app.engine.cards import SUITS
from app.engine.pinochle import melds as meld_rules
from app.engine.pinochle.partnership.variant import Variant

from .deck import Deck, deck_of
from .model import features, linear


@dataclass(frozen=True)
class Tuning:
    """A game's fitted figures (calibrate.py prints them) and its bidding margins, all in
    the game's points."""

    variant: Variant
    points_model: Mapping[str, float]
    """The bidding side's card points (the last trick's included) from the hand of the
    player who names trumps."""
    partner_meld: float
    """The meld a partner shows on average in a trump he did not choose."""
    sigma: float
    """The spread of the side's hand points around the estimate."""
    average: float
    """An average hand's estimate (its best trump's): what a partner's bid says of his hand
    beyond it supports a bid."""
    margin: float
    """Points below the estimate the side bids to when competing."""
    jump: float
    """Spreads (``sigma``) below the estimate a side that scores its bid jumps to."""
    takeover: float
    """How far above the partner's bid a side that scores its bid must be able to go before
    a player bids over his partner."""
    announce: int
    """The least best meld worth announcing to the partner before any bid (with
    announcements)."""
    announce_share: float
    """The part of an announced meld a partner expects to count in the trump he names."""

    @property
    def deck(self) -> Deck:
        return deck_of(self.variant)


def hand_features(cards: Sequence[str], trump: str) -> dict[str, float]:
    """The auction game's features and the kings (ten points each in the double deck)."""
    feats = features(cards, trump)
    kings = [c for c in cards if c[0] == "K"]
    feats["trump_kings"] = float(sum(1 for c in kings if c[1] == trump))
    feats["side_kings"] = float(sum(1 for c in kings if c[1] != trump))
    return feats


def meld_value(deck: Deck, cards: Sequence[str], trump: str) -> int:
    return meld_rules.value(cards, trump, deck.meld_table)


def best_meld(deck: Deck, cards: Sequence[str]) -> int:
    return meld_rules.best_value(cards, deck.meld_table)


def card_points(tuning: Tuning, cards: Sequence[str], trump: str) -> float:
    """The card points the side is expected to take with ``cards`` naming ``trump``."""
    return max(0.0, linear(tuning.points_model, hand_features(cards, trump)))


def worth(tuning: Tuning, cards: Sequence[str], trump: str) -> float:
    """The side's expected hand points with ``cards`` naming ``trump`` and an average
    partner: own meld, the partner's, the card points."""
    return (
        meld_value(tuning.deck, cards, trump)
        + tuning.partner_meld
        + card_points(tuning, cards, trump)
    )


def best_trump(tuning: Tuning, cards: Sequence[str]) -> tuple[float, str]:
    """The hand's best worth over the four trumps, and that trump (ties: the suit order,
    spades first)."""
    worths = {t: worth(tuning, cards, t) for t in SUITS}
    trump = max(SUITS, key=worths.__getitem__)
    return worths[trump], trump
