"""How much a hand is worth to its bidder: meld, card points, the choice of trump and of the
three cards to bury.

The card points a bidder takes are estimated by linear models of his hand in one trump,
fitted on deals played out by the basic level (calibrate.py): trump length and top trumps,
side aces and tens, voids. PLAY_MODEL reads the playing hand (the 15 cards left after the
burial); BID_MODEL the 15 cards dealt, adding what the widow brings on average (the basic
level bids by it); WIDOW_MODEL the 18 cards once a widow is added, before the burial (the
strong level bids over sampled widows by it). Each comes with the spread of its error, so a
contract's chance is a normal tail. The models count standard card points; the other
schemes share out the same 240 points and are taken as if they were standard.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Final

from app.engine.cards import SUITS
from app.engine.pinochle import melds as meld_rules

# the shared model arithmetic, read by the callers here beside the coefficients
from ..model import chance as chance
from ..model import features as features
from ..model import linear as linear

# -- the models (fitted by calibrate.py; standard card points) -----------------------------------

PLAY_MODEL: Final[dict[str, float]] = {
    "const": -22.22,
    "trumps": 9.28,
    "trump_aces": 14.65,
    "trump_tens": 7.65,
    "side_aces": 14.5,
    "side_tens": 6.36,
    "voids": 14.02,
    "guarded_tens": 1.54,
}
PLAY_SIGMA: Final = 18.3
"""The spread of the bidder's card points (tricks, last trick; buried apart) around the
model, with the hand after the widow and the burial known."""

BID_MODEL: Final[dict[str, float]] = {
    "const": 68.82,
    "trumps": 6.96,
    "trump_aces": 15.47,
    "trump_tens": 7.16,
    "side_aces": 12.69,
    "side_tens": 5.08,
    "voids": 19.16,
    "guarded_tens": 5.94,
}
BID_SIGMA: Final = 62.3
"""The spread of the bidder's final count (meld after the widow, card points) around the
dealt meld plus the bidding model."""

WIDOW_MODEL: Final[dict[str, float]] = {
    "const": -22.02,
    "trumps": 10.31,
    "trump_aces": 14.97,
    "trump_tens": 8.4,
    "side_aces": 14.56,
    "side_tens": 8.88,
    "voids": 17.97,
    "guarded_tens": -1.05,
}
WIDOW_SIGMA: Final = 19.5
"""The spread of the bidder's card points (buried ones and the last trick included) around
the model of his 18 cards once the widow is up, before he buries."""


def meld_value(cards: Sequence[str], trump: str) -> int:
    return meld_rules.value(cards, trump)


def card_points_estimate(playing: Sequence[str], trump: str) -> float:
    """The card points the bidder takes in tricks (last trick included) with ``playing``."""
    return max(0.0, linear(PLAY_MODEL, features(playing, trump)))


def best_dealt_meld(cards: Sequence[str]) -> tuple[int, str]:
    """The best meld of the dealt hand over the four trumps, and that trump."""
    return max((meld_value(cards, t), t) for t in SUITS)


def bid_estimate(cards: Sequence[str]) -> float:
    """What the dealt hand is expected to count as bidder: the best over the trumps of its
    meld plus the model's card points and widow."""
    return max(meld_value(cards, t) + linear(BID_MODEL, features(cards, t)) for t in SUITS)


# -- burial ------------------------------------------------------------------------------------

KEEP: Final[dict[str, float]] = {"A": 8.0, "T": 1.0, "K": 0.0, "Q": 0.0, "J": 0.0, "9": 0.0}
"""What a plain card is worth kept for play beyond its points, by rank: an ace wins a trick."""
TRUMP_KEEP: Final = 40.0
VOID_BONUS: Final = 12.0
"""A plain suit emptied: the bidder trumps it."""
NAKED_PENALTY: Final = 8.0
"""A plain suit left with a lone ten or king and no ace: it falls to the ace."""


def burial_score(
    buried: Sequence[str], rest: Sequence[str], trump: str, points: dict[str, int]
) -> float:
    score = 0.0
    for c in buried:
        score += points[c[0]]
        score -= TRUMP_KEEP + 2 * points[c[0]] if c[1] == trump else KEEP[c[0]]
    suits_buried = {c[1] for c in buried if c[1] != trump}
    left: Counter[str] = Counter(c[1] for c in rest)
    for s in suits_buried:
        if not left[s]:
            score += VOID_BONUS
        elif left[s] == 1:
            lone = next(c for c in rest if c[1] == s)
            if lone[0] in "TK":
                score -= NAKED_PENALTY
    return score


def choose_burial(
    hand: Sequence[str], free: Sequence[str], trump: str, points: dict[str, int]
) -> tuple[list[str], float]:
    """The three of ``free`` (the cards no meld shows) best buried from ``hand``: points
    safely banked, plain suits emptied, trumps and aces kept. Returns them and their score."""
    best: tuple[float, tuple[str, ...]] | None = None
    for triple in dict.fromkeys(combinations(sorted(free), 3)):
        rest = list(hand)
        for c in triple:
            rest.remove(c)
        score = burial_score(triple, rest, trump, points)
        if best is None or score > best[0]:
            best = (score, triple)
    assert best is not None
    return list(best[1]), best[0]


def playing_hand(hand: Sequence[str], buried: Sequence[str]) -> list[str]:
    rest = list(hand)
    for c in buried:
        rest.remove(c)
    return rest


def expected_count(
    hand: Sequence[str], trump: str, points: dict[str, int]
) -> tuple[float, list[str], int]:
    """The bidder's expected count with ``hand`` (18 cards) in ``trump``: meld shown (the
    best that leaves three cards to bury), the points buried, and the model's card points.
    Also the burial and the meld."""
    melds = meld_rules.best(hand, trump)
    while melds and len(meld_rules.shown_cards(melds)) > len(hand) - 3:
        melds.remove(min(melds, key=lambda m: m.value))
    meld = sum(m.value for m in melds)
    free = Counter(hand)
    free.subtract(meld_rules.shown_cards(melds))
    buried, _ = choose_burial(hand, list(free.elements()), trump, points)
    playing = playing_hand(hand, buried)
    banked = sum(points[c[0]] for c in buried)
    return meld + banked + card_points_estimate(playing, trump), buried, meld
