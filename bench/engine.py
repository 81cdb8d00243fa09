"""Engine speed: random-play complete matches per second and legal card plays per second.

    .venv/bin/python bench/engine.py [--matches N] [--playouts N] [--seed S]

A "card play" is what a playout does in its inner loop: list the legal cards of the player
to act, pick one, apply it. Runs on one core (one process, no threads).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.engine.bismarck import PLAY, TABLE, Match, Phase, discard_action, new_match, random_deal


def random_match(seats: int, rng: random.Random) -> tuple[Match, int]:
    match = new_match(seats, rng)
    plays = 0
    while not match.is_over:
        seat = match.to_act
        assert seat is not None
        if seat == TABLE:
            match.apply(TABLE, random_deal(rng))
        elif match.phase is Phase.PLAY:
            match.apply(seat, PLAY[rng.choice(match.legal_cards())])
            plays += 1
        elif match.phase is Phase.CONTRACT:
            match.apply(seat, rng.choice(match.legal_actions()))
        else:
            match.apply(seat, discard_action(rng.sample(match.deals[-1].hands[seat], 4)))
    return match, plays


def deal_ready_to_play(seats: int, rng: random.Random) -> Match:
    match = new_match(seats, rng)
    match.apply(TABLE, random_deal(rng))
    seat = match.to_act
    assert seat is not None
    if match.phase is Phase.CONTRACT:
        match.apply(seat, rng.choice(match.legal_actions()))
    match.apply(seat, discard_action(rng.sample(match.deals[-1].hands[seat], 4)))
    return match


def bench_matches(count: int, rng: random.Random) -> None:
    start = time.perf_counter()
    plays = 0
    for i in range(count):
        _, n = random_match(3 + i % 2, rng)
        plays += n
    elapsed = time.perf_counter() - start
    print(f"complete matches (3 and 4 seats, random play): {count / elapsed:,.1f} matches/s")
    print(f"  {plays:,} card plays in {elapsed:.2f} s, all phases included")


def bench_playouts(count: int, rng: random.Random) -> None:
    positions = [deal_ready_to_play(3 + i % 2, rng) for i in range(64)]
    plays = 0
    start = time.perf_counter()
    for i in range(count):
        match = positions[i % len(positions)].clone()
        deal = match.deals[-1]
        choice = rng.choice
        apply = match.apply
        legal = match.legal_cards
        while deal.scores is None:
            seat = match.to_act
            assert seat is not None
            apply(seat, PLAY[choice(legal())])
            plays += 1
    elapsed = time.perf_counter() - start
    print(f"random playouts of a deal (legal cards + apply): {plays / elapsed:,.0f} card plays/s")
    rate = count / elapsed
    print(f"  {count:,} playouts, {plays:,} plays in {elapsed:.2f} s ({rate:,.0f} deals/s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--playouts", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"python {sys.version.split()[0]}, one core")
    bench_matches(args.matches, rng)
    bench_playouts(args.playouts, rng)


if __name__ == "__main__":
    main()
