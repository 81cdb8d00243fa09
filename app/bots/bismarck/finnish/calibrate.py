"""Refit the contract model of ``contract.py`` from played deals.

    .venv/bin/python -m app.bots.bismarck.finnish.calibrate [--packs N] [--seed S] [--workers N]

Each pack is played once under every contract forehand may choose (a trump game in each
suit, notrump, misère), the basic level making the exchange and playing all four seats;
forehand's team's scores are fitted by least squares to the features of his sixteen cards,
per model (trump, notrump, misère), and printed as the ``MODELS`` and ``BASELINE`` to paste
into ``contract.py``.
"""

from __future__ import annotations

import argparse
import random
import statistics
from concurrent.futures import ProcessPoolExecutor

from app.engine.bismarck.finnish.rules import FREE, MISERE, NOTRUMP, TRUMP

from ..calibrate import least_squares
from .contract import BASELINE, MODELS, expected_score, features
from .playout import play_deal, seat_score

DEALER = 0
FOREHAND = 1
# (contract, trump): a trump game in each suit stands for both ``trump`` and ``free``
OPTIONS: list[tuple[str, int]] = [(FREE, s) for s in range(4)] + [(NOTRUMP, -1), (MISERE, -1)]

Row = tuple[str, int, int, float]
"""(contract, trump, forehand's sixteen cards, his team's score)."""


def pack_for(seed: int, index: int) -> tuple[list[int], list[int]]:
    """Open cards (in dealt order) and the four hands of twelve, as card codes and masks."""
    cards = list(range(52))
    random.Random(f"finnish-deck:{seed}:{index}").shuffle(cards)
    hands = [0, 0, 0, 0]
    for k, card in enumerate(cards[4:]):
        hands[(FOREHAND + k) & 3] |= 1 << card
    return cards[:4], hands


def calibrate_one(args: tuple[int, int]) -> tuple[int, list[Row]]:
    """The suit of open card 1, and forehand's team's score on one pack under every
    contract."""
    seed, index = args
    open_cards, hands = pack_for(seed, index)
    sixteen = hands[FOREHAND]
    for card in open_cards:
        sixteen |= 1 << card
    hands[FOREHAND] = sixteen
    rows: list[Row] = []
    for name, trump in OPTIONS:
        take = name != MISERE
        tricks = play_deal(hands, DEALER, 1, trump, take)
        rows.append((name, trump, sixteen, float(seat_score(tricks, FOREHAND, DEALER, take))))
    return open_cards[0] // 13, rows


def calibrate(packs: int, seed: int, workers: int) -> None:
    jobs = [(seed, i) for i in range(packs)]
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(calibrate_one, jobs, chunksize=16))
    fitted: dict[str, tuple[float, float, float, float]] = {}
    for model in ("trump", "notrump", "misere"):
        xs: list[tuple[float, ...]] = []
        ys: list[float] = []
        for _, rows in results:
            for name, trump, sixteen, score in rows:
                kind = "misere" if name == MISERE else "notrump" if trump < 0 else "trump"
                if kind == model:
                    xs.append(features(sixteen, trump, name != MISERE))
                    ys.append(score)
        a = least_squares(xs, ys)
        fitted[model] = (a[0], a[1], a[2], a[3])
        predicted = [sum(c * v for c, v in zip(a, x, strict=True)) for x in xs]
        residual = statistics.fmean((y - p) ** 2 for y, p in zip(ys, predicted, strict=True))
        print(
            f"{model}: mean {statistics.fmean(ys):+.3f}, variance {statistics.pvariance(ys):.3f},"
            f" residual {residual:.3f}; coefficients " + ", ".join(f"{c:.3f}" for c in a)
        )
    MODELS.update(fitted)
    by_contract: dict[str, list[float]] = {TRUMP: [], NOTRUMP: [], FREE: [], MISERE: []}
    for first_suit, rows in results:
        best = max(
            (r for r in rows if r[0] == FREE), key=lambda r: expected_score(r[2], FREE, r[1])
        )
        by_contract[FREE].append(best[3])
        for name, trump, _, score in rows:
            if name == FREE and trump == first_suit:
                by_contract[TRUMP].append(score)
            elif name in (NOTRUMP, MISERE):
                by_contract[name].append(score)
    baseline = {k: round(statistics.fmean(v), 3) for k, v in by_contract.items()}
    print("MODELS =", {m: tuple(round(c, 3) for c in v) for m, v in fitted.items()})
    print("BASELINE =", baseline)
    print("(current BASELINE:", BASELINE, ")")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--packs", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    calibrate(args.packs, args.seed, args.workers)


if __name__ == "__main__":
    main()
