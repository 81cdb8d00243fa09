"""Forehand's contract, judged from the four open cards alone.

Each contract gets an expected deal score for forehand from a linear model of the open cards
(fitted offline on deals played out by the basic level, see ``bench/bots.py --calibrate``). The
choice is the contract whose score today most exceeds what the same contract is worth on an
average future deal: every contract is played exactly once per player, so using one now gives
up its average value later, and the sum over the match is the best this way.
"""

from __future__ import annotations

from .bits import CODE, SUIT_INDEX

# Honour points of the ranks A K Q J (rank index 12..9 in bits order).
_POINTS = {12: 4, 11: 3, 10: 2, 9: 1}

Features = tuple[float, ...]


def features(open_cards: list[str], trump: int, take: bool) -> Features:
    """Open-card features of a contract; ``trump`` -1 for none."""
    codes = [CODE[c] for c in open_cards]
    if not take:
        low = sum(1 for c in codes if c % 13 <= 4)  # 2..6
        points = sum(_POINTS.get(c % 13, 0) for c in codes)
        return (1.0, float(low), float(points))
    side_points = sum(_POINTS.get(c % 13, 0) for c in codes if c // 13 != trump)
    if trump < 0:
        aces = sum(1 for c in codes if c % 13 == 12)
        return (1.0, float(side_points), float(aces))
    trumps = [c for c in codes if c // 13 == trump]
    trump_points = sum(_POINTS.get(c % 13, 0) for c in trumps)
    return (1.0, float(side_points), float(len(trumps)), float(trump_points))


# Coefficients per model, in the order of ``features``; the constant first.
MODELS: dict[str, tuple[float, ...]] = {
    "notrump": (-2.266, 0.317, -0.809),
    "trump": (-2.563, 0.176, 0.894, 0.169),
    "pass": (0.197, 0.454, -0.052),
}

# Forehand's average deal score per contract over random open cards, as each is worth when
# it is still to be played (for valfri: with the best trump named).
BASELINE: dict[str, float] = {"spel": -1.541, "spader": -1.135, "valfri": 0.11, "pass": 0.738}


def model_of(contract: str) -> str:
    if contract == "pass":
        return "pass"
    return "notrump" if contract == "spel" else "trump"


def parse_contract(text: str) -> tuple[str, int]:
    """``contract:valfri:H`` -> ("valfri", 1); the trump index is -1 without trumps."""
    _, _, arg = text.partition(":")
    name, _, suit = arg.partition(":")
    if name == "spader":
        return name, SUIT_INDEX["S"]
    return name, SUIT_INDEX[suit] if suit else -1


def expected_score(open_cards: list[str], contract: str, trump: int) -> float:
    coefficients = MODELS[model_of(contract)]
    x = features(open_cards, trump, contract != "pass")
    return sum(a * b for a, b in zip(coefficients, x, strict=True))


def choose_contract(open_cards: list[str], actions: list[str], contracts_left: int) -> str:
    """The best of ``actions`` (contract action texts) given the open cards."""
    reserve = contracts_left > 1
    best = actions[0]
    best_value = float("-inf")
    for action in actions:
        name, trump = parse_contract(action)
        value = expected_score(open_cards, name, trump)
        if reserve:
            value -= BASELINE[name]
        if value > best_value:
            best, best_value = action, value
    return best
