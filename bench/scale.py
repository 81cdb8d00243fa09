"""Tables at a person's pace: the most one server holds with the p99 latency under a goal.

    .venv/bin/python bench/scale.py [--game NAME] [--start N] [--most N] [--pace-ms MS]
                                    [--seconds S] [--goal-ms MS] [--workers W]
                                    [--database-url URL] [--instances N]

Each step runs bench/load.py's paced game on a fresh server: N tables of the game, a bot in
every seat thinking about ``--pace-ms`` before each action (3,000 by default, between half and
one and a half times that, so a table acts about every 3 s as people do), for ``--seconds``,
and reads the p99 of the time from an action sent to the moment the last seat of its table has
the state it produced. N doubles from ``--start`` until a step misses the goal, has errors or
passes ``--most``; then the count is bisected between the last that met the goal and the
first that missed, to within a twentieth. The answer is the most tables that met it.

The server is one process on SQLite by default; ``--database-url`` a PostgreSQL server and
``--instances N`` as many instances behind HAProxy sharing a scratch database there (see
load.py). The bots run in ``--workers`` processes on the same machine as the server: on a
small machine they take part of its cores, which the figures include.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

LOAD = Path(__file__).resolve().with_name("load.py")


@dataclass(frozen=True, slots=True)
class Step:
    tables: int
    p99: float
    rate: float
    us_per_action: float
    rss_mb: float
    errors: int

    def met(self, goal_ms: float) -> bool:
        return self.errors == 0 and self.p99 < goal_ms


def run_step(args: argparse.Namespace, tables: int) -> Step:
    """One paced game of ``tables`` tables on a fresh server (load.py's flat game first, on
    two tables only: it warms the server up and is not what is measured)."""
    command = [
        sys.executable,
        str(LOAD),
        "--game",
        args.game,
        "--rooms",
        "2",
        "--deals",
        "1",
        "--no-echo",
        "--paced-ms",
        str(args.pace_ms),
        "--paced-seconds",
        str(args.seconds),
        "--paced-rooms",
        str(tables),
        "--workers",
        str(args.workers),
        "--json-summary",
    ]
    if args.database_url:
        command += ["--database-url", args.database_url]
    if args.instances:
        command += ["--instances", str(args.instances)]
    run = subprocess.run(command, capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise SystemExit(f"the step with {tables:,} tables failed:\n{run.stderr[-3000:]}")
    line = next(li for li in run.stdout.splitlines() if li.startswith("SUMMARY "))
    summary = json.loads(line.removeprefix("SUMMARY "))
    return Step(
        tables=summary["paced_rooms"],
        p99=summary["paced_p99"],
        rate=summary["paced_rate"],
        us_per_action=summary["paced_us_per_action"] or 0.0,
        rss_mb=summary["rss_mb"] or 0.0,
        errors=summary["errors"],
    )


def report(step: Step, goal_ms: float) -> None:
    verdict = "met" if step.met(goal_ms) else "missed"
    print(
        f"{step.tables:>8,} | {step.rate:>9,.0f} | {step.p99:>7,.1f} | {step.us_per_action:>7,.0f}"
        f" | {step.rss_mb:>8,.1f} | {step.errors:>6} | {verdict}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="bismarck")
    parser.add_argument("--start", type=int, default=500, help="tables in the first step")
    parser.add_argument("--most", type=int, default=20_000, help="tables never tried beyond")
    parser.add_argument("--pace-ms", type=float, default=3000.0, help="a bot's mean thinking")
    parser.add_argument("--seconds", type=float, default=45.0, help="length of each step")
    parser.add_argument("--goal-ms", type=float, default=50.0, help="the p99 to stay under")
    parser.add_argument("--workers", type=int, default=3, help="bot processes")
    parser.add_argument("--database-url", help="PostgreSQL for the server (default: SQLite)")
    parser.add_argument("--instances", type=int, help="instances behind HAProxy (PostgreSQL)")
    parser.add_argument("--json-summary", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.instances and not (args.database_url or "").startswith("postgresql"):
        parser.error("--instances needs a PostgreSQL --database-url")
    if args.start < 1 or args.most < args.start:
        parser.error("--start must be positive and --most at least --start")

    store = args.database_url or "SQLite"
    where = f"{args.instances} instances on {store}" if args.instances else f"one process, {store}"
    print(
        f"Kortbord scale: {args.game}, a table acting about every {args.pace_ms / 1000:g} s,"
        f" {args.seconds:g} s a step, goal p99 < {args.goal_ms:g} ms; {where}"
    )
    print("  tables | actions/s | p99 ms | us/act | RSS MB | errors | goal")
    best: Step | None = None
    missed: int | None = None
    tables = args.start
    while True:
        step = run_step(args, tables)
        report(step, args.goal_ms)
        if not step.met(args.goal_ms):
            missed = tables
            break
        best = step
        if tables >= args.most:
            break
        tables = min(tables * 2, args.most)
    low = best.tables if best else 0
    while missed is not None and missed - low > max(missed // 20, 1):
        tables = (low + missed) // 2
        step = run_step(args, tables)
        report(step, args.goal_ms)
        if step.met(args.goal_ms):
            best, low = step, tables
        else:
            missed = tables
    if args.json_summary:
        found = {"tables": best.tables if best else 0, "missed": missed}
        if best is not None:
            found |= {"p99": best.p99, "rate": best.rate, "us_per_action": best.us_per_action}
        print("SUMMARY " + json.dumps(found | {"rss_mb": best.rss_mb if best else None}))
    if best is None:
        print(f"no count met the goal: {args.start:,} tables already missed it")
        return
    print(
        f"most tables with p99 < {args.goal_ms:g} ms: {best.tables:,}"
        f" ({best.rate:,.0f} actions/s, p99 {best.p99:.1f} ms, {best.us_per_action:,.0f} us of"
        f" server CPU per action, peak RSS {best.rss_mb:,.1f} MB)"
        + (f"; {missed:,} missed" if missed is not None else f"; --most {args.most:,} reached")
    )


if __name__ == "__main__":
    main()
