"""Fitting the partnership pinochles' bidding estimate (estimate.py) on deals played out by
the basic policy: seat 0 names the trump its hand is worth most in and its side plays as
the bidding side; a least-squares fit gives the side's card points from seat 0's hand, with
the partner's mean meld, the spread of the side's hand points around the estimate and an
average hand's estimate. Each game's bots package runs it on its variant:

    .venv/bin/python -m app.bots.<game>.calibrate [--deals N] [--seed S]

and prints the figures to paste into its tuning.
"""

from __future__ import annotations

import argparse
import random
import statistics
from dataclasses import replace

from app.engine.pinochle.melds import sort_cards

from .deck import team
from .estimate import Tuning, best_trump, hand_features, meld_value
from .fitting import Rows, fit
from .model import linear
from .playout import fresh


def simulate(
    tuning: Tuning, deals: int, seed: int
) -> tuple[Rows, list[float], list[float], list[float]]:
    """Per deal: seat 0's features and its side's card points; the partner's meld; the
    side's hand points less seat 0's meld; seat 0's estimate."""
    deck = tuning.deck
    variant = tuning.variant
    rng = random.Random(seed)
    rows: Rows = []
    partner: list[float] = []
    hands_less_meld: list[float] = []
    estimates: list[float] = []
    size = deck.hand_size
    for _ in range(deals):
        pack = list(variant.cards)
        rng.shuffle(pack)
        hands = [sort_cards(pack[size * s : size * s + size]) for s in range(4)]
        estimate, trump = best_trump(tuning, hands[0])
        estimates.append(estimate)
        leader = rng.randrange(4)
        play = fresh(deck, hands, 0, deck.minimum_bid, trump, leader).run()
        own = meld_value(deck, hands[0], trump)
        rows.append((hand_features(hands[0], trump), float(play.taken[team(0)])))
        partner.append(float(meld_value(deck, hands[2], trump)))
        hands_less_meld.append(float(play.hands_points()[0] - own))
    return rows, partner, hands_less_meld, estimates


def calibrate(tuning: Tuning, deals: int, seed: int) -> Tuning:
    """Two fits, the trump of the second chosen by the first's model; then, on fresh deals,
    the spread and an average hand's estimate."""
    for step in range(2):
        rows, partner, _, _ = simulate(tuning, deals, seed + step)
        model, _ = fit(rows)
        tuning = replace(
            tuning, points_model=model, partner_meld=round(statistics.fmean(partner), 1)
        )
    rows, _, rest, estimates = simulate(tuning, deals, seed + 2)
    predicted = [tuning.partner_meld + max(0.0, linear(tuning.points_model, f)) for f, _ in rows]
    sigma = statistics.pstdev([r - p for r, p in zip(rest, predicted, strict=True)])
    average = statistics.fmean(estimates)
    return replace(tuning, sigma=round(sigma, 1), average=round(average, 1))


def main(tuning: Tuning) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = replace(tuning, points_model={"const": 0.0, "trumps": 10.0})
    fitted = calibrate(start, args.deals, args.seed)
    print("POINTS_MODEL =", dict(fitted.points_model))
    print("PARTNER_MELD =", fitted.partner_meld)
    print("SIGMA =", fitted.sigma)
    print("AVERAGE =", fitted.average)
