"""How long the strong player's review of a finished deal takes, per game.

    .venv/bin/python bench/review.py [--game NAME ...] [--budget S] [--deals N] [--seed S]

For each game (every game unless ``--game`` names some), ``--deals`` first deals are played
by the basic level at the fewest seats the game is played at; then every decision of each
deal is judged as a server's review judges it (``app/bots/review.py``, in this process, with
``--budget`` seconds per decision, the server's default 0.5). The report gives, per game,
the decisions in a deal, how many had a choice (and were judged), the seconds a judgement
took (p50, p95), the sampled deals behind it (p50), the plays marked clearly worse, and the
seconds a whole deal's review takes: what a person waits for the last mark. A review runs
behind any live table's bots, so on a busy server it takes longer. Wall-clock times include
whatever else the machine is running: the header prints its load average.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from pathlib import Path
from time import perf_counter

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.bots import make_bot
from app.bots.review import judge, reviewer_for
from app.engine import GAMES, TABLE


def game_name(text: str) -> str:
    name = text.replace("-", "_")
    if name not in GAMES:
        raise argparse.ArgumentTypeError(f"no game {text!r}; games: {', '.join(sorted(GAMES))}")
    return name


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def bench_game(name: str, budget: float, deals: int, seed: int) -> None:
    game = GAMES[name]
    seats = min(game.seat_counts)
    times: list[float] = []
    samples: list[int] = []
    decisions = judged = marked = 0
    whole: list[float] = []
    for number in range(deals):
        rng = random.Random(seed + number)
        state = game.new_match(seats, {}, seats - 1)
        bots = [make_bot(name, "basic", seed + seat) for seat in range(seats)]
        reviewer = reviewer_for(game, seed)
        made = []
        while state.deals_played == 0 and not state.is_over:
            actor = state.to_act
            assert actor is not None
            if actor == TABLE:
                state.apply(TABLE, game.chance(state, rng))
                continue
            view = game.view(state, actor, None, None)
            action = bots[actor].decide(view)
            made.append((view, action))
            state.apply(actor, game.parse_action(action))
        started = perf_counter()
        for view, action in made:
            decisions += 1
            begun = perf_counter()
            judgement = judge(game, reviewer, view, action, seed, budget)
            if judgement is None:
                continue
            times.append(perf_counter() - begun)
            samples.append(judgement.samples)
            judged += 1
            marked += judgement.clearly_worse
        whole.append(perf_counter() - started)
    print(
        f"{name:22} decisions/deal {decisions / deals:6.1f}  judged/deal {judged / deals:6.1f}"
        f"  judgement p50 {percentile(times, 0.5):5.2f} s p95 {percentile(times, 0.95):5.2f} s"
        f"  samples p50 {statistics.median(samples) if samples else 0:5.0f}"
        f"  marked/deal {marked / deals:4.1f}  review of a deal {statistics.mean(whole):6.1f} s",
        flush=True,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--game", action="append", type=game_name, help="repeatable")
    parser.add_argument("--budget", type=float, default=0.5, help="seconds per decision")
    parser.add_argument("--deals", type=int, default=1, help="deals reviewed per game")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"review of a finished deal: budget {args.budget} s per decision; load {load}")
    for name in args.game or list(GAMES):
        bench_game(name, args.budget, args.deals, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
