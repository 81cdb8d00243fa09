"""Fitting the card-point models of hand.py on deals played out by the basic level.

    .venv/bin/python -m app.bots.pinochle.auction.calibrate [--deals N] [--seed S]

Eldest takes every deal: he turns the widow, names the trump the basic level names, buries
as it buries and the deal is played out by the heuristic policy for all three. Two least-
squares fits follow: the bidder's card points in tricks from his playing hand (PLAY_MODEL),
and his final count less the dealt meld from the dealt hand (BID_MODEL), each with the
standard deviation of its residuals; and the bidder's card points, buried ones included, from
the 18 cards he holds once the widow is up (WIDOW_MODEL, for the strong level's bidding over
sampled widows). Prints the dictionaries to paste into hand.py.
"""

from __future__ import annotations

import argparse
import random
import statistics

from app.engine.cards import SUITS
from app.engine.pinochle.auction.rules import CARD_POINTS, CARDS
from app.engine.pinochle.melds import sort_cards

from ..fitting import Rows, fit
from . import hand as model
from .playout import Play


def simulate(deals: int, seed: int) -> tuple[Rows, Rows, Rows]:
    rng = random.Random(seed)
    points = CARD_POINTS["standard"]
    play_rows: Rows = []
    bid_rows: Rows = []
    widow_rows: Rows = []
    for _ in range(deals):
        pack = list(CARDS)
        rng.shuffle(pack)
        hands = [sort_cards(pack[15 * i : 15 * i + 15]) for i in range(3)]
        widow = pack[45:]
        dealt = hands[0]
        full = sort_cards([*dealt, *widow])
        options = []
        for t in SUITS:
            count, buried, meld = model.expected_count(full, t, points)
            options.append((count, t, buried, meld))
        _, trump, buried, meld = max(options, key=lambda o: (o[0], o[1]))
        playing = model.playing_hand(full, buried)
        play = Play((0, 1, 2), 0, trump, {0: playing, 1: hands[1], 2: hands[2]}, buried, points)
        total_points = play.run()
        banked = sum(points[c[0]] for c in buried)
        play_rows.append((model.features(playing, trump), float(total_points - banked)))
        widow_rows.append((model.features(full, trump), float(total_points)))
        # the bidding model: the dealt hand in the trump it looks best in
        t15 = max(
            SUITS,
            key=lambda t: (
                model.meld_value(dealt, t)
                + model.linear(model.BID_MODEL, model.features(dealt, t))
                + (0.0 if any(model.BID_MODEL.values()) else 10.0 * sum(c[1] == t for c in dealt))
            ),
        )
        final = meld + total_points
        bid_rows.append((model.features(dealt, t15), float(final - model.meld_value(dealt, t15))))
    return play_rows, bid_rows, widow_rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    play_rows, bid_rows, widow_rows = simulate(args.deals, args.seed)
    play, play_sigma = fit(play_rows)
    bid, bid_sigma = fit(bid_rows)
    widow, widow_sigma = fit(widow_rows)
    print("PLAY_MODEL =", play, "PLAY_SIGMA =", round(play_sigma, 1))
    print("BID_MODEL =", bid, "BID_SIGMA =", round(bid_sigma, 1))
    print("WIDOW_MODEL =", widow, "WIDOW_SIGMA =", round(widow_sigma, 1))
    print("mean card points", statistics.fmean(y for _, y in play_rows))


if __name__ == "__main__":
    main()
