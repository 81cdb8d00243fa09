"""The lean server's figures per game, each against its goal: what ``bench/load.py --report``
prints.

For each game it runs, each on a fresh server of its own, one after another:

- ``bench/load.py``, flat out, with the echo baseline: server CPU per game action and per
  echo message, and their ratio (goal: 2x on SQLite, 2.5x on PostgreSQL);
- ``bench/memory.py tables``: what an active table (mid-deal, a socket per seat) and a room
  loaded with no one at it hold, traced by tracemalloc (goals: under 100 KiB and 10 KiB);
- ``bench/scale.py``: the most tables acting about every 3 s with the p99 to the last seat
  under 50 ms (goal: 10,000 tables, one process on SQLite);
- ``bench/memory.py churn``: the rooms held after short-lived rooms (20,000 by default) came
  and went, against the ones still connected (goal: those alone).

Each run prints its own lines as it goes; the table at the end gathers the figures. A game
takes some fifteen minutes at the default sizes (the scale search most of it); the sizes are
options. The runs share the machine with their own load generators, as each script says.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
GOAL_RATIO_SQLITE = 2.0
GOAL_RATIO_POSTGRESQL = 2.5
GOAL_ACTIVE_KIB = 100.0
GOAL_IDLE_KIB = 10.0
GOAL_TABLES = 10_000


@dataclass
class GameFigures:
    game: str
    figures: dict[str, dict[str, Any]] = field(default_factory=dict)
    failures: dict[str, str] = field(default_factory=dict)


def summary_of(script: str, arguments: Sequence[str]) -> dict[str, Any]:
    """Run a bench script to its end, passing its lines through, and return its summary."""
    command = [sys.executable, str(HERE / script), *arguments, "--json-summary"]
    print(f"$ {' '.join(command[1:])}", flush=True)
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    summary: dict[str, Any] | None = None
    for line in process.stdout:
        if line.startswith("SUMMARY "):
            summary = json.loads(line.removeprefix("SUMMARY "))
        else:
            print("  " + line, end="", flush=True)
    if process.wait() != 0 or summary is None:
        raise RuntimeError(f"{script} ended with {process.returncode} and no summary")
    return summary


def measure(game: str, args: argparse.Namespace) -> GameFigures:
    found = GameFigures(game)
    store = ["--database-url", args.database_url] if args.database_url else []
    runs: list[tuple[str, str, list[str]]] = [
        (
            "action",
            "load.py",
            ["--game", game, "--rooms", str(args.rooms), "--paced-ms", "0", *store],
        ),
        (
            "memory",
            "memory.py",
            ["tables", "--game", game, "--rooms", str(args.memory_rooms)],
        ),
        (
            "scale",
            "scale.py",
            [
                "--game",
                game,
                "--start",
                str(args.scale_start),
                "--seconds",
                str(args.scale_seconds),
                "--most",
                str(args.scale_most),
                *store,
            ],
        ),
        (
            "churn",
            "memory.py",
            ["churn", "--game", game, "--rooms", str(args.churn_rooms), "--no-trace"],
        ),
    ]
    for name, script, arguments in runs:
        try:
            found.figures[name] = summary_of(script, arguments)
        except RuntimeError as e:
            found.failures[name] = str(e)
    return found


def verdict(met: bool) -> str:
    return "met" if met else "MISSED"


def report(results: Sequence[GameFigures], postgresql: bool) -> None:
    goal_ratio = GOAL_RATIO_POSTGRESQL if postgresql else GOAL_RATIO_SQLITE
    print()
    print(f"Lean server, per game ({'PostgreSQL' if postgresql else 'SQLite'}, one process)")
    for found in results:
        print(f"{found.game}:")
        action = found.figures.get("action")
        if action and action.get("echo_us"):
            ratio = action["us_per_action"] / action["echo_us"]
            print(
                f"  CPU per action {action['us_per_action']:,.0f} us, echo message"
                f" {action['echo_us']:,.0f} us: {ratio:.2f}x"
                f" (goal {goal_ratio:g}x, {verdict(ratio <= goal_ratio)})"
            )
        memory = found.figures.get("memory")
        if memory:
            active, idle = memory["active_kib"], memory["idle_kib"]
            print(
                f"  memory per table: active {active:,.1f} KiB"
                f" (goal {GOAL_ACTIVE_KIB:g}, {verdict(active < GOAL_ACTIVE_KIB)}),"
                f" idle held as its log {idle:,.1f} KiB (goal {GOAL_IDLE_KIB:g},"
                f" {verdict(idle < GOAL_IDLE_KIB)}); peak RSS {memory['hwm_mb']:,.0f} MB"
            )
        scale = found.figures.get("scale")
        if scale:
            tables = scale["tables"]
            print(
                f"  tables at a person's pace with p99 < 50 ms: {tables:,}"
                f" (goal {GOAL_TABLES:,}, {verdict(tables >= GOAL_TABLES)})"
            )
        churn = found.figures.get("churn")
        if churn:
            held, kept = churn["held"], churn["kept"]
            print(
                f"  after {churn['rooms']:,} short-lived rooms: {held:,} held, {kept:,} still"
                f" connected ({verdict(held <= kept)}); RSS {churn['rss_mb']:,.0f} MB"
            )
        for name, failure in found.failures.items():
            print(f"  {name}: failed: {failure}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="load.py --report", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("games", nargs="*", help="games to measure (default: every game)")
    parser.add_argument("--rooms", type=int, default=1000, help="tables played flat out")
    parser.add_argument("--memory-rooms", type=int, default=1000, help="tables measured")
    parser.add_argument("--scale-start", type=int, default=1000, help="the scale search's first")
    parser.add_argument("--scale-seconds", type=float, default=30.0, help="each scale step")
    parser.add_argument("--scale-most", type=int, default=20_000, help="tables never tried beyond")
    parser.add_argument("--churn-rooms", type=int, default=20_000, help="short-lived rooms")
    parser.add_argument("--database-url", help="PostgreSQL (default: SQLite)")
    args = parser.parse_args(argv)
    games = args.games
    if not games:
        sys.path.insert(0, str(HERE.parent))
        from app.engine import GAMES

        games = sorted(GAMES)
    print(
        f"Kortbord lean report: {', '.join(games)}; python {sys.version.split()[0]};"
        f" load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}",
        flush=True,
    )
    results = [measure(game, args) for game in games]
    report(results, (args.database_url or "").startswith("postgresql"))


if __name__ == "__main__":
    main()
