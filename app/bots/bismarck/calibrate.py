"""Refit the contract model of ``contract.py`` from played deals.

    .venv/bin/python -m app.bots.bismarck.calibrate [--packs N] [--seed S] [--workers N]

Each pack is played once under every contract forehand may choose, the basic level playing
all three seats; forehand's scores are fitted by least squares to the features of the open
cards, per model (no trump, trump, pass), and printed as the ``MODELS`` and ``BASELINE``
to paste into ``contract.py``.
"""

from __future__ import annotations

import argparse
import random
import statistics
from concurrent.futures import ProcessPoolExecutor

from app.engine.bismarck import GAME
from app.engine.bismarck.contracts import contract_action
from app.engine.bismarck.state import TABLE, Match
from app.engine.cards import FULL_DECK, SUITS
from app.engine.trick_game import deal_action

from ..arena import act
from .basic import BasicBot
from .contract import BASELINE, MODELS, expected_score, features, model_of

OPTIONS: list[tuple[str, str | None]] = [
    ("spel", None),
    *[("valfri", s) for s in SUITS],
    ("pass", None),
]


def deck_for(seed: int, index: int) -> list[str]:
    deck = list(FULL_DECK)
    random.Random(f"deck:{seed}:{index}").shuffle(deck)
    return deck


def calibrate_one(args: tuple[int, int]) -> list[tuple[str, int, list[str], int]]:
    """Forehand's score on one pack under every contract, the basic level playing all seats."""
    seed, index = args
    deck = deck_for(seed, index)
    rows = []
    for name, trump in OPTIONS:
        match = Match(3, first_dealer=2)
        match.apply(TABLE, deal_action(deck))
        match.apply(0, contract_action(name, trump))
        bots = [BasicBot() for _ in range(3)]
        deal = match.deals[-1]
        while deal.scores is None:
            act(GAME, match, bots)
        trump_index = SUITS.index(trump) if trump else -1
        rows.append((name, trump_index, deck[:4], deal.scores[0]))
    return rows


def least_squares(xs: list[tuple[float, ...]], ys: list[float]) -> list[float]:
    k = len(xs[0])
    a = [[sum(x[i] * x[j] for x in xs) for j in range(k)] for i in range(k)]
    b = [sum(x[i] * y for x, y in zip(xs, ys, strict=True)) for i in range(k)]
    for col in range(k):  # Gaussian elimination with partial pivoting
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        for r in range(k):
            if r != col and a[col][col]:
                f = a[r][col] / a[col][col]
                a[r] = [v - f * w for v, w in zip(a[r], a[col], strict=True)]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] for i in range(k)]


def calibrate(packs: int, seed: int, workers: int) -> None:
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(calibrate_one, [(seed, i) for i in range(packs)], chunksize=4))
    fitted: dict[str, list[float]] = {}
    for model in ("notrump", "trump", "pass"):
        xs, ys = [], []
        for rows in results:
            for name, trump, open_cards, score in rows:
                if model_of(name) == model:
                    xs.append(features(open_cards, trump, name != "pass"))
                    ys.append(float(score))
        fitted[model] = least_squares(xs, ys)
        print(
            f"{model}: mean {statistics.fmean(ys):+.3f}  coefficients "
            + ", ".join(f"{c:.3f}" for c in fitted[model])
        )
    MODELS.update({m: tuple(c) for m, c in fitted.items()})
    by_option: dict[str, list[float]] = {"spel": [], "spader": [], "valfri": [], "pass": []}
    for rows in results:
        valfri = [(expected_score(o, "valfri", t), s) for n, t, o, s in rows if n == "valfri"]
        by_option["valfri"].append(float(max(valfri)[1]))
        for name, trump, _, score in rows:
            if name == "spel" or name == "pass":
                by_option[name].append(float(score))
            elif trump == 0:
                by_option["spader"].append(float(score))
    baseline = {k: round(statistics.fmean(v), 3) for k, v in by_option.items()}
    print("MODELS =", {m: tuple(round(c, 3) for c in v) for m, v in fitted.items()})
    print("BASELINE =", baseline)
    print("(current BASELINE:", BASELINE, ")")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--packs", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    calibrate(args.packs, args.seed, args.workers)


if __name__ == "__main__":
    main()
