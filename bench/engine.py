"""Engine speed per game: random-play complete matches per second and card plays per second.

    .venv/bin/python bench/engine.py [--game NAME ...] [--matches N] [--playouts N] [--seed S]

Every game of the registry is measured unless ``--game`` names some; complete matches are
played with a game's ``short_match`` options, under which random play ends a match. A "card
play" is what a playout does in its inner loop: list the legal actions of the seat to act,
pick one, apply it; the figure counts the ``play`` actions among them. Playouts start from
positions where cards are about to be played (bidding, contracts and discards done at
random) and run to the end of that deal. Runs on one core (one process, no threads).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.engine import GAMES, TABLE, Action, Game, GameState, get_game


def random_action(game: Game, state: GameState, rng: random.Random) -> tuple[int, Action]:
    """A random action of the seat to act, drawn from the game's legal-action shape: a
    choice of cards (a discard) is drawn as cards, not from a list of every combination."""
    seat = state.to_act
    assert seat is not None and seat != TABLE
    legal = game.legal(state, seat)
    assert legal is not None
    if "count" in legal:
        text = f"{legal['kind']}:" + ",".join(rng.sample(legal["from"], legal["count"]))
    else:
        text = rng.choice(legal["actions"])
    return seat, game.parse_action(text)


def random_match(game: Game, seats: int, rng: random.Random) -> tuple[GameState, int]:
    # random play never reaches some games' targets (spades to 500): their short match ends
    options = game.resolve_options(game.short_match)
    state: GameState = game.new_match(seats, options, rng.randrange(seats))
    plays = 0
    while not state.is_over:
        if state.to_act == TABLE:
            state.apply(TABLE, game.chance(state, rng))
            continue
        seat, action = random_action(game, state, rng)
        state.apply(seat, action)
        plays += action.kind == "play"
    return state, plays


def about_to_play(game: Game, seats: int, rng: random.Random) -> GameState:
    """A fresh deal, its actions before the first card chosen at random."""
    while True:
        state: GameState = game.new_match(seats, game.resolve_options(), rng.randrange(seats))
        state.apply(TABLE, game.chance(state, rng))
        while state.to_act not in (None, TABLE):
            if any(a.kind == "play" for a in state.legal_actions()):
                return state
            state.apply(*random_action(game, state, rng))


def bench_matches(game: Game, count: int, rng: random.Random) -> None:
    start = time.perf_counter()
    plays = 0
    counts = game.seat_counts
    for i in range(count):
        _, n = random_match(game, counts[i % len(counts)], rng)
        plays += n
    elapsed = time.perf_counter() - start
    seats = " and ".join(str(n) for n in counts)
    print(f"  complete matches ({seats} seats, random play): {count / elapsed:,.1f} matches/s")
    print(f"    {plays:,} card plays in {elapsed:.2f} s, all phases included")


def bench_playouts(game: Game, count: int, rng: random.Random) -> None:
    counts = game.seat_counts
    positions = [about_to_play(game, counts[i % len(counts)], rng) for i in range(64)]
    plays = 0
    start = time.perf_counter()
    for i in range(count):
        state = positions[i % len(positions)].clone()
        choice = rng.choice
        apply = state.apply
        legal = state.legal_actions
        # the deal ends when the table is to shuffle again, or the match is over
        while (seat := state.to_act) is not None and seat != TABLE:
            action = choice(legal())
            apply(seat, action)
            if action.kind == "play":
                plays += 1
    elapsed = time.perf_counter() - start
    print(
        f"  random playouts of a deal (legal actions + apply): {plays / elapsed:,.0f} card plays/s"
    )
    rate = count / elapsed
    print(f"    {count:,} playouts, {plays:,} plays in {elapsed:.2f} s ({rate:,.0f} deals/s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="repeatable")
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--playouts", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, one core")
    for name in args.game or list(GAMES):
        game = get_game(name)
        rng = random.Random(args.seed)
        print(f"{game.title} ({name})")
        bench_matches(game, args.matches, rng)
        bench_playouts(game, args.playouts, rng)


if __name__ == "__main__":
    main()
