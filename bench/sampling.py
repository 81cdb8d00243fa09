"""How many deals a strong decision samples a second, per game.

    .venv/bin/python bench/sampling.py [--game NAME ...] [--decisions N] [--budget S]
                                       [--samples N] [--seed S]

For each game (every game with a ``strong`` level unless ``--game`` names some), seeded
positions where a card is to be played are made as ``bench/engine.py`` makes its playouts'
(``about_to_play``), then played on at random for a seeded number of card plays, to a
position where the seat to act has at least two cards to choose from. The strong level
decides each one with ``--budget`` seconds (its early stop may end a decision sooner), or
with ``--samples`` sampled deals at most and no time limit (the same work on every run: for
instruction counts). A decision's rate is its sampled deals (the bot's ``last_samples``)
over the processor seconds it took (the process's own, so that other work on a busy machine
counts for little), whatever it spends besides the playouts (the sampling of the unseen
cards, choosing the candidates) included. The report gives the rate's median and mean over
the decisions, the decisions and their sampled deals. Runs on one core; the positions are the
same on any commit whose engine plays the same random deals, so commits compare directly.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from pathlib import Path
from time import process_time

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import about_to_play, random_action

from app.bots import make_bot
from app.engine import GAMES, TABLE, Game, GameState

DEPTH = 24
"""Card plays made at random after the first, at most, before a decision's position."""
NO_LIMIT = 1e9
"""The budget when ``--samples`` bounds a decision instead."""


def game_name(text: str) -> str:
    name = text.replace("-", "_")
    if name not in GAMES:
        raise argparse.ArgumentTypeError(f"no game {text!r}; games: {', '.join(sorted(GAMES))}")
    return name


def has_strong(name: str) -> bool:
    try:
        make_bot(name, "strong", 0, 0.0)
    except ValueError:
        return False
    return True


def position(game: Game, seats: int, rng: random.Random) -> GameState:
    """A seeded position where the seat to act chooses among two cards or more."""
    while True:
        state = about_to_play(game, seats, rng)
        target = rng.randrange(DEPTH)
        plays = 0
        while state.to_act not in (None, TABLE) and state.deals_played == 0:
            cards = {a.arg for a in state.legal_actions() if a.kind == "play"}
            if plays >= target and len(cards) >= 2:
                return state
            seat, action = random_action(game, state, rng)
            state.apply(seat, action)
            plays += action.kind == "play"


def bench_game(name: str, decisions: int, budget: float, samples: int | None, seed: int) -> None:
    game = GAMES[name]
    seats = min(game.seat_counts)
    rng = random.Random(seed)
    rates: list[float] = []
    counts: list[int] = []
    for number in range(decisions):
        state = position(game, seats, rng)
        seat = state.to_act
        assert seat is not None
        bot = make_bot(name, "strong", seed + number, NO_LIMIT if samples else budget)
        if samples:
            bot.max_samples = samples  # type: ignore[attr-defined]
        view = game.view(state, seat, None, None)
        started = process_time()
        bot.decide(view)
        elapsed = process_time() - started
        sampled: int = bot.last_samples  # type: ignore[attr-defined]
        if sampled:
            rates.append(sampled / elapsed)
            counts.append(sampled)
    p50 = statistics.median(rates) if rates else 0.0
    mean = statistics.mean(rates) if rates else 0.0
    print(
        f"{name:22} sampled deals/s p50 {p50:8.1f} mean {mean:8.1f}"
        f"  decisions {len(rates):3d} of {decisions}"
        f"  sampled deals {sum(counts):6d} (p50 {statistics.median(counts) if counts else 0:.0f})",
        flush=True,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--game", action="append", type=game_name, help="repeatable")
    parser.add_argument("--decisions", type=int, default=20, help="decisions per game")
    parser.add_argument("--budget", type=float, default=1.0, help="seconds per decision")
    parser.add_argument(
        "--samples", type=int, default=None, help="sampled deals per decision, no time limit"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    bound = f"{args.samples} sampled deals" if args.samples else f"budget {args.budget} s"
    print(f"python {sys.version.split()[0]}, one core; {bound} per decision; load {load}")
    for name in args.game or [n for n in GAMES if has_strong(n)]:
        bench_game(name, args.decisions, args.budget, args.samples, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
