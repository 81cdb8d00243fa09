"""Resampler speed per game: states dealt anew from a seat's view, per second.

    .venv/bin/python bench/resample.py [--game NAME ...] [--views N] [--draws N] [--seed S]

For each game, ``--views`` views of the seat to act are taken from random matches (at every
step with a card to play or a choice to make, chosen at random), and each is dealt anew
``--draws`` times with ``Game.resample``: what a sampling player does before each playout.
The figure is resamples per second, one core, with the time to take the views left out. A
game that keeps a resampler of its own is measured against the ledger's generic one by
running this before and after it moves to that one (docs/engine.md §5).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.engine import GAMES, TABLE, Game, GameState, get_game
from bench.engine import random_action


def views(game: Game, seats: int, count: int, rng: random.Random) -> list[dict[str, object]]:
    """``count`` views of the seat to act, spread over random matches."""
    out: list[dict[str, object]] = []
    while len(out) < count:
        options = game.resolve_options(game.short_match)
        state: GameState = game.new_match(seats, options, rng.randrange(seats))
        while not state.is_over and len(out) < count:
            if state.to_act == TABLE:
                state.apply(TABLE, game.chance(state, rng))
                continue
            seat = state.to_act
            assert seat is not None
            if rng.random() < 0.2:
                out.append(game.view(state, seat, None, None))
            state.apply(*random_action(game, state, rng))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="repeatable")
    parser.add_argument("--views", type=int, default=60)
    parser.add_argument("--draws", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'game':24} {'resamples/s':>12}  ({args.views} views x {args.draws} draws)")
    for name in args.game or sorted(GAMES):
        game = get_game(name)
        assert game.resample is not None
        rng = random.Random(args.seed)
        shown = views(game, game.seat_counts[0], args.views, rng)
        start = time.perf_counter()
        for view in shown:
            for _ in range(args.draws):
                game.resample(view, rng)
        took = time.perf_counter() - start
        print(f"{name:24} {len(shown) * args.draws / took:12,.0f}", flush=True)


if __name__ == "__main__":
    main()
