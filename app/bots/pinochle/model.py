"""Linear models of a pinochle hand, shared by the pinochle games' computer players: what a
model reads of a hand in a trump, the model's sum, and the chance that a count expected at
some value with a known spread reaches a bid (a normal tail).

Each game fits its own coefficients (the auction game's ``hand.py``; the partnership games'
tuning) on deals its basic level played out (:mod:`.fitting`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import erf, sqrt

from app.engine.cards import SUITS


def features(cards: Sequence[str], trump: str) -> dict[str, float]:
    """What the models read of a hand in a trump: trump length and top trumps, side aces and
    tens (and tens an ace of their suit guards), voids."""
    by_suit: dict[str, list[str]] = {s: [] for s in SUITS}
    for c in cards:
        by_suit[c[1]].append(c[0])
    trumps = by_suit[trump]
    side_aces = side_tens = voids = guarded = 0
    for s in SUITS:
        if s == trump:
            continue
        ranks = by_suit[s]
        if not ranks:
            voids += 1
            continue
        aces = ranks.count("A")
        tens = ranks.count("T")
        side_aces += aces
        side_tens += tens
        if aces and tens:
            guarded += min(aces, tens)
    return {
        "const": 1.0,
        "trumps": float(len(trumps)),
        "trump_aces": float(trumps.count("A")),
        "trump_tens": float(trumps.count("T")),
        "side_aces": float(side_aces),
        "side_tens": float(side_tens),
        "voids": float(voids),
        "guarded_tens": float(guarded),
    }


def linear(model: Mapping[str, float], feats: Mapping[str, float]) -> float:
    return sum(w * feats[name] for name, w in model.items())


def normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + erf(x / sqrt(2.0)))


def chance(estimate: float, bid: int, sigma: float) -> float:
    """The chance that a count expected at ``estimate`` reaches ``bid`` (counts go by fives
    and tens, hence the half step)."""
    return normal_cdf((estimate - bid + 5.0) / sigma)
