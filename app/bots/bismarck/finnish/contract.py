"""Forehand's contract, judged from his twelve cards and the four open ones.

Each contract gets an expected deal score for forehand's team from a linear model of those
sixteen cards (fitted on deals the basic level played out, ``calibrate.py``): the hand's
worth by the estimate after the four cards forehand would pass, and its honour points. The
partner's hand is unknown, so it counts as an average one; the quotas (8 of 13 tricks in a
positive contract, at most 5 in misère) are in the fitted constant. Every contract is
played exactly once per player, so using one now gives up what it is worth on an average
later deal (``BASELINE``): the choice is the contract whose score today most exceeds that,
and the best this way over the match. Forehand's last contract is forced; when it is
``free`` only its suit is chosen.
"""

from __future__ import annotations

from app.engine.bismarck.finnish.rules import FREE, MISERE, NOTRUMP, TRUMP

from ..bits import SUIT_INDEX, SUIT_MASK, codes_of
from .estimate import best_removal, card_worth, value
from .exchange import TO_PARTNER

POINTS = (0,) * 9 + (1, 2, 3, 4)
"""Honour points by rank: J 1, Q 2, K 3, A 4."""

Features = tuple[float, float, float, float]

# Coefficients per model, in the order of ``features``; the constant first.
MODELS: dict[str, Features] = {
    "trump": (-4.032, -0.001, 0.123, 0.632),
    "notrump": (-4.006, 0.227, 0.197, -0.418),
    "misere": (0.348, 1.075, 0.071, 0.307),
}

# Forehand's team's average deal score per contract over random deals, as each is worth
# while it is still to be played (``free`` with the best suit named).
BASELINE: dict[str, float] = {TRUMP: 0.35, NOTRUMP: -0.957, FREE: 0.925, MISERE: 0.372}


def model_of(contract: str, trump: int) -> str:
    if contract == MISERE:
        return "misere"
    return "notrump" if trump < 0 else "trump"


def features(sixteen: int, trump: int, take: bool) -> Features:
    """The hand's features for a contract: its worth after forehand's pass (the cards passed
    counted at their worth to the partner), its honour points, and what the estimate weighs
    too little: the length of trumps, without them the aces, in misère the low cards (two
    to five)."""
    out = best_removal(sixteen, TO_PARTNER, trump, take, friendly=True)
    cards = codes_of(sixteen)
    worth = value(sixteen & ~out, trump, take)
    worth += sum(card_worth(c, trump, take) for c in codes_of(out))
    points = sum(POINTS[c % 13] for c in cards)
    if not take:
        extra = sum(1 for c in cards if c % 13 < 4)
    elif trump >= 0:
        extra = (sixteen & SUIT_MASK[trump]).bit_count()
    else:
        extra = sum(1 for c in cards if c % 13 == 12)
    return (1.0, worth, float(points), float(extra))


def parse_contract(text: str, trump_card: str) -> tuple[str, int]:
    """``contract:free:H`` -> ("free", 1); ``contract:trump`` takes the suit of open card 1;
    the trump index is -1 without trumps."""
    _, _, arg = text.partition(":")
    name, _, suit = arg.partition(":")
    if name == TRUMP:
        return name, SUIT_INDEX[trump_card[1]]
    return name, SUIT_INDEX[suit] if suit else -1


def expected_score(sixteen: int, contract: str, trump: int) -> float:
    """Forehand's team's expected score in the deal under ``contract``."""
    x = features(sixteen, trump, contract != MISERE)
    a = MODELS[model_of(contract, trump)]
    return a[0] + a[1] * x[1] + a[2] * x[2] + a[3] * x[3]


def contract_values(
    sixteen: int, actions: list[str], trump_card: str, contracts_left: int
) -> list[float]:
    """Each contract action's worth now: its expected score, less what the contract is worth
    on a later deal while others are left to play then."""
    reserve = contracts_left > 1
    values: list[float] = []
    for action in actions:
        name, trump = parse_contract(action, trump_card)
        worth = expected_score(sixteen, name, trump)
        values.append(worth - BASELINE[name] if reserve else worth)
    return values


def choose_contract(sixteen: int, actions: list[str], trump_card: str, contracts_left: int) -> str:
    """The best of ``actions`` (contract action texts) for forehand holding ``sixteen`` (his
    twelve and the open cards)."""
    values = contract_values(sixteen, actions, trump_card, contracts_left)
    best = 0
    for i in range(1, len(values)):
        if values[i] > values[best]:
            best = i
    return actions[best]
