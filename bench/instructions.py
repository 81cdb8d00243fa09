"""Instructions per card play of a game's random playouts, counted by callgrind: a figure that
does not move with whatever else the machine runs.

    .venv/bin/python bench/instructions.py [--game NAME ...] [--playouts N] [--positions P]

For each game, the same seeded random playouts as ``bench/engine.py``'s (each from one of
``--positions`` states about to play, made from seed 1 as that bench makes them, every legal
action equally likely) run twice under ``valgrind --tool=callgrind`` with
``PYTHONHASHSEED=0``: once with no playout, once with ``--playouts``. The difference is what
the playouts took; divided by their card plays it is the figure printed, with the card plays a
second it scales to at 9 billion instructions a second (what the quiet build machine's
``bench/engine.py`` runs came to). The two counts run side by side, one core each.

With ``--inside GAME N P`` the script is the counted program itself (what valgrind runs).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from engine import about_to_play  # noqa: E402

from app.engine import GAMES, TABLE, get_game  # noqa: E402

INSTRUCTIONS_A_SECOND = 9e9
"""About what the quiet build machine ran: its card plays a second times these counts."""


def playouts(name: str, count: int, positions: int) -> int:
    """Play ``count`` seeded random playouts; the card plays made."""
    game = get_game(name)
    rng = random.Random(1)
    counts = game.seat_counts
    starts = [about_to_play(game, counts[i % len(counts)], rng) for i in range(positions)]
    plays = 0
    for i in range(count):
        state = starts[i % positions].clone()
        choice, apply, legal = rng.choice, state.apply, state.legal_actions
        while (seat := state.to_act) is not None and seat != TABLE:
            action = choice(legal())
            apply(seat, action)
            if action.kind == "play":
                plays += 1
    return plays


def counted(name: str, count: int, positions: int, where: Path) -> tuple[int, int]:
    """Instructions of the run with ``count`` playouts, and its card plays."""
    out = where / f"callgrind.{count}"
    run = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out}",
            sys.executable,
            __file__,
            "--inside",
            name,
            str(count),
            str(positions),
        ],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    summary = re.search(r"^summary: (\d+)", out.read_text(), re.MULTILINE)
    assert summary is not None, "callgrind wrote no summary"
    return int(summary.group(1)), int(run.stdout.split()[-1])


def main() -> None:
    if len(sys.argv) == 5 and sys.argv[1] == "--inside":
        print("plays", playouts(sys.argv[2], int(sys.argv[3]), int(sys.argv[4])))
        return
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="repeatable")
    parser.add_argument("--playouts", type=int, default=100)
    parser.add_argument("--positions", type=int, default=64)
    args = parser.parse_args()
    for name in args.game or sorted(GAMES):
        with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(2) as pool:
            where = Path(tmp)
            counts = (0, args.playouts)
            runs = [pool.submit(counted, name, n, args.positions, where) for n in counts]
            base, full = (run.result() for run in runs)
        plays = full[1]
        per_play = (full[0] - base[0]) // max(plays, 1)
        print(
            f"{name}: {per_play:,} instructions per card play ({plays:,} card plays in"
            f" {args.playouts} playouts from {args.positions} positions),"
            f" about {INSTRUCTIONS_A_SECOND / per_play:,.0f} card plays/s",
            flush=True,
        )


if __name__ == "__main__":
    main()
