"""Bot strength and speed: duplicate tournaments between the levels, and decision times.

    .venv/bin/python bench/bots.py [--deals N] [--strong-deals N] [--budget S]
                                   [--timing-deals N] [--seed S] [--workers N]
    .venv/bin/python bench/bots.py --calibrate N    # refit the contract model of contract.py

A *deal set* is one shuffled pack played three times at a 3-player table, level A in seat 0,
1 and 2 in turn and level B in the other two seats; forehand is always seat 0 and may choose
any contract (a fresh match per deal). Luck of the cards cancels: equal bots would score
exactly 0 on average over the three rotations, since every deal's scores sum to zero. The
figure per deal set is A's mean score per deal over the rotations; the report gives its mean
over the deal sets with a 95% confidence interval (normal approximation), and A's margin
over B per seat (A's mean minus B's mean; B's mean is -A/2 as the scores sum to zero).

Decision times are the wall-clock time of ``decide`` for each level, p50 and p95, over all
decisions and over those with more than one legal action. The strength runs use several
processes and a reduced budget for the strong bot, so that the whole run stays within a few
minutes; the timing run plays strong (in each seat in turn) against two basic bots in one
process at the default budget, the figures a person at the table would see. Wall-clock
times include whatever else the machine is running: the header prints its load average.
"""

from __future__ import annotations

import argparse
import os
import random
import shlex
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.bots import DEFAULT_BUDGET, Bot, make_bot
from app.bots.arena import Decision, Log, act, play_deal
from app.bots.contract import BASELINE, MODELS, expected_score, features, model_of
from app.engine.bismarck import TABLE, contract_action, deal_action, new_match
from app.engine.cards import FULL_DECK, SUITS

Z95 = 1.96


def deck_for(seed: int, index: int) -> list[str]:
    deck = list(FULL_DECK)
    random.Random(f"deck:{seed}:{index}").shuffle(deck)
    return deck


def deal_set(
    args: tuple[str, str, int, int, float],
) -> tuple[float, list[Decision]]:
    """A's mean score per deal over the three rotations of one pack, and the decisions made."""
    level_a, level_b, seed, index, budget = args
    deck = deck_for(seed, index)
    log = Log()
    total = 0
    for rotation in range(3):
        bots: list[Bot] = []
        for seat in range(3):
            level = level_a if seat == rotation else level_b
            bot_seed = (seed * 100_003 + index) * 16 + rotation * 4 + seat
            bots.append(make_bot(level, seed=bot_seed, budget=budget))
        scores = play_deal(deck, bots, forehand=0, log=log)
        total += scores[rotation]
    return total / 3, log.decisions


def confidence(values: Sequence[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else float("inf")
    return mean, half


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    at = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[at]


def report_times(decisions: Sequence[Decision], level: str) -> None:
    mine = [d for d in decisions if d.level == level]
    every = [d.seconds for d in mine]
    chosen = [d.seconds for d in mine if d.choices > 1]
    print(
        f"  {level:>6} decisions: {len(every):5d}  p50 {percentile(every, 0.5) * 1000:8.2f} ms"
        f"  p95 {percentile(every, 0.95) * 1000:8.2f} ms"
        f"  max {max(every, default=0) * 1000:8.2f} ms"
    )
    print(
        f"  {'':>6} with a choice: {len(chosen):5d}  p50 {percentile(chosen, 0.5) * 1000:8.2f} ms"
        f"  p95 {percentile(chosen, 0.95) * 1000:8.2f} ms"
    )


def duplicate(
    level_a: str, level_b: str, deals: int, seed: int, budget: float, workers: int
) -> list[Decision]:
    start = time.perf_counter()
    jobs = [(level_a, level_b, seed, i, budget) for i in range(deals)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(deal_set, jobs, chunksize=1))
    else:
        results = [deal_set(job) for job in jobs]
    means = [r[0] for r in results]
    decisions = [d for r in results for d in r[1]]
    mean, half = confidence(means)
    margin = 1.5 * mean
    elapsed = time.perf_counter() - start
    print(
        f"{level_a} vs {level_b}: {deals} deal sets x 3 rotations,"
        f" budget {budget:g} s ({elapsed:.0f} s)"
    )
    print(
        f"  {level_a} mean points per deal: {mean:+.3f}"
        f"  95% CI [{mean - half:+.3f}, {mean + half:+.3f}]"
    )
    print(
        f"  {level_a} minus {level_b} per seat:  {margin:+.3f}  95% CI"
        f" [{margin - 1.5 * half:+.3f}, {margin + 1.5 * half:+.3f}]"
    )
    wins = sum(1 for m in means if m > 0)
    losses = sum(1 for m in means if m < 0)
    print(f"  deal sets won/tied/lost by {level_a}: {wins}/{deals - wins - losses}/{losses}")
    return decisions


def timing(deals: int, seed: int, budget: float) -> list[Decision]:
    """Strong (seat 0, forehand) against two basic bots at the given budget, one process."""
    log = Log()
    start = time.perf_counter()
    for i in range(deals):
        deck = deck_for(seed + 1, i)
        rotation = i % 3
        bots = [
            make_bot("strong" if s == rotation else "basic", seed=i * 3 + s, budget=budget)
            for s in range(3)
        ]
        play_deal(deck, bots, forehand=0, log=log)
    elapsed = time.perf_counter() - start
    print(
        f"decision times at the default budget {budget:g} s: {deals} deals,"
        f" one process ({elapsed:.0f} s)"
    )
    report_times(log.decisions, "strong")
    report_times(log.decisions, "basic")
    return log.decisions


# -- calibration of the contract model ------------------------------------------------------------

OPTIONS: list[tuple[str, str | None]] = [
    ("spel", None),
    *[("valfri", s) for s in SUITS],
    ("pass", None),
]


def calibrate_one(args: tuple[int, int]) -> list[tuple[str, int, list[str], int]]:
    """Forehand's score on one pack under every contract, the basic level playing all seats."""
    seed, index = args
    deck = deck_for(seed, index)
    rows = []
    for name, trump in OPTIONS:
        match = new_match(3, first_dealer=2)
        match.apply(TABLE, deal_action(deck))
        match.apply(0, contract_action(name, trump))
        bots = [make_bot("basic") for _ in range(3)]
        deal = match.deals[-1]
        while deal.scores is None:
            act(match, bots)
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=300, help="deal sets, basic vs random")
    parser.add_argument("--strong-deals", type=int, default=100, help="deal sets, strong vs basic")
    parser.add_argument(
        "--budget",
        type=float,
        default=0.25,
        help="strong's seconds per decision in the strength run",
    )
    parser.add_argument("--timing-deals", type=int, default=15, help="deals for the timing run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--calibrate", type=int, default=0, metavar="PACKS")
    args = parser.parse_args(argv)
    print(
        "$ "
        + shlex.join(
            [".venv/bin/python", "bench/bots.py", *(sys.argv[1:] if argv is None else argv)]
        )
    )
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"machine: {os.cpu_count()} cores, load average {load}; python {sys.version.split()[0]}")
    print(
        f"settings: deals {args.deals}, strong deals {args.strong_deals}, strength budget"
        f" {args.budget:g} s, timing deals {args.timing_deals}, seed {args.seed},"
        f" workers {args.workers}"
    )
    if args.calibrate:
        calibrate(args.calibrate, args.seed, args.workers)
        return 0
    decisions: list[Decision] = []
    if args.deals:
        decisions += duplicate("basic", "random", args.deals, args.seed, 0.0, args.workers)
    if args.strong_deals:
        decisions += duplicate(
            "strong", "basic", args.strong_deals, args.seed, args.budget, args.workers
        )
    if decisions:
        print(f"decision times in the strength runs ({args.workers} processes):")
        for level in ("random", "basic", "strong"):
            if any(d.level == level for d in decisions):
                report_times(decisions, level)
    if args.timing_deals:
        timing(args.timing_deals, args.seed, DEFAULT_BUDGET)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
