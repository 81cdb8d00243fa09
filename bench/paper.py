"""What a table kept on paper costs per deal entered, per game: the server's time to check and
score an entry (the ``enter`` action applied to a paper match) and to make the view every
seat is sent, and the size of that view as the wire carries it (its form is the largest part).

    .venv/bin/python bench/paper.py [--game NAME ...] [--matches N] [--seed S]

For each game (every game unless ``--game`` names some), ``--matches`` matches are played by
random legal play at the fewest seats the game is played at (with the game's short-match
options where it has them); each deal is then entered on paper as its form asks, and timed.
Wall-clock times include whatever else the machine is running: the header prints its load
average.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
from pathlib import Path
from time import perf_counter

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.engine import GAMES, TABLE, Game
from app.engine.paper_game import paper_game


def played(game: Game, seats: int, rng: random.Random) -> tuple[object, int]:
    options = game.resolve_options(game.short_match)
    first = rng.randrange(seats)
    state = game.new_match(seats, options, first)
    while not state.is_over:
        seat = state.to_act
        if seat == TABLE:
            state.apply(TABLE, game.chance(state, rng))
        else:
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state, first


def measure(game: Game, matches: int, rng: random.Random) -> dict[str, float]:
    paper = game.paper
    assert paper is not None
    kept = paper_game(game)
    seats = min(game.seat_counts)
    enter_ms: list[float] = []
    view_ms: list[float] = []
    sizes: list[int] = []
    for _ in range(matches):
        state, first = played(game, seats, rng)
        options = game.resolve_options(game.short_match)
        sheet = kept.new_match(seats, options, first)
        cache = kept.new_view_cache()
        for deal in game.scored_deals(state, 0):
            action = kept.parse_action("enter:" + json.dumps(paper.entry_of(deal)))
            start = perf_counter()
            sheet.apply(deal.number % seats, action)
            enter_ms.append((perf_counter() - start) * 1000)
            start = perf_counter()
            public = kept.view(sheet, None, None, cache)
            for seat in range(seats):
                kept.view(sheet, seat, public, cache)
            view_ms.append((perf_counter() - start) * 1000)
            sizes.append(len(json.dumps(public, separators=(",", ":"))))
    return {
        "deals": len(enter_ms),
        "enter_p50": statistics.median(enter_ms),
        "enter_max": max(enter_ms),
        "view_p50": statistics.median(view_ms),
        "bytes_p50": statistics.median(sizes),
        "bytes_max": max(sizes),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", default=None)
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    names = [n.replace("-", "_") for n in args.game] if args.game else list(GAMES)
    rng = random.Random(args.seed)
    load = os.getloadavg()[0]
    print(f"paper entries: {args.matches} random matches per game, load average {load:.2f}")
    print(
        f"{'game':22} {'deals':>6} {'enter p50 ms':>13} {'enter max ms':>13} "
        f"{'views p50 ms':>13} {'view KB p50':>12} {'view KB max':>12}"
    )
    for name in names:
        game = GAMES[name]
        if game.paper is None:
            continue
        row = measure(game, args.matches, rng)
        print(
            f"{name:22} {row['deals']:6.0f} {row['enter_p50']:13.3f} {row['enter_max']:13.3f} "
            f"{row['view_p50']:13.3f} {row['bytes_p50'] / 1024:12.1f} "
            f"{row['bytes_max'] / 1024:12.1f}"
        )


if __name__ == "__main__":
    main()
