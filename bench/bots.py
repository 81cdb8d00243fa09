"""Bot strength and speed per game: duplicate tournaments between the levels, and decision times.

    .venv/bin/python bench/bots.py [--game NAME ...] [--deals N] [--strong-deals N]
                                   [--budget S] [--timing-deals N] [--seed S] [--workers N]

Every game whose computer players go beyond ``random`` is measured unless ``--game`` names
some. A *deal set* is one shuffle of the pack, dealt as the first deal of a fresh match
(the first dealer the last seat, so that seat 0 leads off) and played once for each seat:
level A in that seat, level B in all the others. Luck of the cards cancels: equal bots
would score the same on average over the rotations. The figure per deal set is A's mean
score per deal minus the mean score of a B seat in the same deals; the report gives its
mean over the deal sets with a 95% confidence interval (normal approximation).

Decision times are the wall-clock time of ``decide`` for each level, p50 and p95, over all
decisions and over those with more than one legal action. The strength runs use several
processes and a reduced budget for the strong bot, so that the whole run stays within a few
minutes; the timing run plays strong (in each seat in turn) against basic bots in one
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

from app.bots import DEFAULT_BUDGET, Bot, levels_for, make_bot
from app.bots.arena import Decision, Log, play_deal
from app.engine import GAMES, Action, Game, get_game

Z95 = 1.96


def shuffle_for(game: Game, seats: int, seed: int, index: int) -> Action:
    """The pack of deal set ``index``: the game's own shuffle, from a seeded generator."""
    state = game.new_match(seats, game.resolve_options(), seats - 1)
    return game.chance(state, random.Random(f"deck:{seed}:{index}"))


def deal_set(args: tuple[str, str, str, int, int, float]) -> tuple[float, list[Decision]]:
    """A's margin over a B seat per deal, over the rotations of one pack, and the decisions."""
    name, level_a, level_b, seed, index, budget = args
    game = get_game(name)
    seats = game.seats_default
    deal = shuffle_for(game, seats, seed, index)
    log = Log()
    margins = []
    for rotation in range(seats):
        bots: list[Bot] = []
        for seat in range(seats):
            level = level_a if seat == rotation else level_b
            bot_seed = (seed * 100_003 + index) * 16 + rotation * 4 + seat
            bots.append(make_bot(name, level, seed=bot_seed, budget=budget))
        scores = [s or 0 for s in play_deal(game, bots, deal, seats - 1, log=log)]
        others = [s for seat, s in enumerate(scores) if seat != rotation]
        margins.append(scores[rotation] - statistics.fmean(others))
    return statistics.fmean(margins), log.decisions


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
    name: str, level_a: str, level_b: str, deals: int, seed: int, budget: float, workers: int
) -> list[Decision]:
    start = time.perf_counter()
    jobs = [(name, level_a, level_b, seed, i, budget) for i in range(deals)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(deal_set, jobs, chunksize=1))
    else:
        results = [deal_set(job) for job in jobs]
    margins = [r[0] for r in results]
    decisions = [d for r in results for d in r[1]]
    mean, half = confidence(margins)
    elapsed = time.perf_counter() - start
    seats = get_game(name).seats_default
    print(
        f"{level_a} vs {level_b}: {deals} deal sets x {seats} rotations,"
        f" budget {budget:g} s ({elapsed:.0f} s)"
    )
    print(
        f"  {level_a} minus {level_b} per seat and deal: {mean:+.3f}"
        f"  95% CI [{mean - half:+.3f}, {mean + half:+.3f}]"
    )
    wins = sum(1 for m in margins if m > 0)
    losses = sum(1 for m in margins if m < 0)
    print(f"  deal sets won/tied/lost by {level_a}: {wins}/{deals - wins - losses}/{losses}")
    return decisions


def timing(name: str, deals: int, seed: int, budget: float) -> list[Decision]:
    """Strong against basic bots at the given budget, strong in each seat in turn."""
    game = get_game(name)
    seats = game.seats_default
    log = Log()
    start = time.perf_counter()
    for i in range(deals):
        deal = shuffle_for(game, seats, seed + 1, i)
        rotation = i % seats
        bots = [
            make_bot(name, "strong" if s == rotation else "basic", seed=i * 3 + s, budget=budget)
            for s in range(seats)
        ]
        play_deal(game, bots, deal, seats - 1, log=log)
    elapsed = time.perf_counter() - start
    print(
        f"decision times at the default budget {budget:g} s: {deals} deals,"
        f" one process ({elapsed:.0f} s)"
    )
    report_times(log.decisions, "strong")
    report_times(log.decisions, "basic")
    return log.decisions


def bench_game(name: str, args: argparse.Namespace) -> None:
    game = get_game(name)
    levels = levels_for(name)
    print(f"== {game.title} ({name}), {game.seats_default} seats; levels {', '.join(levels)}")
    decisions: list[Decision] = []
    if args.deals and "basic" in levels:
        decisions += duplicate(name, "basic", "random", args.deals, args.seed, 0.0, args.workers)
    if args.strong_deals and "strong" in levels:
        decisions += duplicate(
            name, "strong", "basic", args.strong_deals, args.seed, args.budget, args.workers
        )
    if decisions:
        print(f"decision times in the strength runs ({args.workers} processes):")
        for level in levels:
            if any(d.level == level for d in decisions):
                report_times(decisions, level)
    if args.timing_deals and "strong" in levels:
        timing(name, args.timing_deals, args.seed, DEFAULT_BUDGET)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="repeatable")
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
    names = args.game or [n for n in GAMES if len(levels_for(n)) > 1]
    for name in names:
        bench_game(name, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
