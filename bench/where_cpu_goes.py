"""Where a game action's server CPU goes: the event loop's thread profiled under load.

    .venv/bin/python bench/where_cpu_goes.py [--game NAME] [--rooms R] [--paced]
                                             [--seconds S] [--top N] [--database-url URL]
                                             [--out FILE]

A server is started as ``bench/load.py`` starts one, with cProfile on a thread-CPU clock
(``time.thread_time``) while the game is played (not its set-up), so that the figures are
the CPU the event loop's thread spent, not the time it waited; the writer thread's commits
are not in them (on SQLite that is the disk flush, on PostgreSQL the whole transaction).
``bench/load.py`` then plays ``--rooms`` tables of ``--game`` against it, flat out by
default, or with ``--paced`` as people play (each bot thinking about 3 s, as
``bench/scale.py`` paces them, for ``--seconds``).

Printed: the self time of every function, summed by the part of the server it belongs to
(the sockets, the rooms, the store, the engine, the JSON encoding, the event loop, other
built-ins), as a share and in microseconds per action, and the functions that cost most.
The profiler makes every call dearer, Python's more than C's, so the shares say more than
the microseconds, which are several times those of an unprofiled run. ``--out`` keeps the
raw profile for ``python -m pstats``.
"""

from __future__ import annotations

import argparse
import json
import os
import pstats
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(1, str(HERE.parent))  # the server's own modules, for the profiled server

from load import ONE_CLIENT_ALL_TABLES, Server  # noqa: E402  (a bench script, run from the repository)

PARTS = ("sockets", "rooms", "store", "engine", "encoding", "event loop", "other built-ins")

FileLine = tuple[str, int, str]


def part_of(where: FileLine) -> str:
    """The part of the server a function belongs to, by its file (or, built in, its name)."""
    filename, _, name = where
    path = filename.replace("\\", "/")
    if "/app/engine/" in path:
        return "engine"
    if "/app/tables/" in path:
        return "rooms"
    if "/app/store/" in path or "sqlalchemy" in path or "sqlite3" in path:
        return "store"
    if any(s in path for s in ("/app/web/", "uvicorn", "websockets", "starlette", "fastapi")):
        return "sockets"
    if "asyncio" in path or "uvloop" in path:
        return "event loop"
    if filename == "~":
        if "orjson" in name or "json" in name:
            return "encoding"
        if "sqlite3" in name:
            return "store"
        if any(s in name for s in ("send", "write", "recv", "read", "transport", "socket")):
            return "sockets"
        return "other built-ins"
    return "rooms" if "/app/" in path else "other built-ins"


def profiled_serve(out: Path, argv: list[str]) -> None:
    """Run the server with the event loop's thread profiled; write the profile at its end."""
    import cProfile
    import signal
    import time

    from app.cli import main as cli

    profiler = cProfile.Profile(time.thread_time)

    def stop(signum: int, frame: object) -> None:
        raise SystemExit(0)

    # uvicorn stops on SIGTERM, then raises it again for the handler it found: this one
    # ends the process through the ``finally`` below rather than at once
    signal.signal(signal.SIGTERM, stop)
    # bench/load.py marks each game phase (KORTBORD_BENCH_MARK_PHASES): a handler runs on
    # the main thread, the event loop's, which is the one profiled
    signal.signal(signal.SIGUSR1, lambda signum, frame: profiler.enable())
    signal.signal(signal.SIGUSR2, lambda signum, frame: profiler.disable())
    try:
        cli(["serve", *argv])
    finally:
        profiler.disable()
        profiler.dump_stats(str(out))


class ProfiledServer(Server):
    def __init__(self, out: Path, database_url: str | None) -> None:
        super().__init__(database_url, env=ONE_CLIENT_ALL_TABLES)
        self.command = [sys.executable, str(Path(__file__).resolve()), "--serve", str(out)]


def main() -> None:
    if sys.argv[1:2] == ["--serve"]:
        profiled_serve(Path(sys.argv[2]), sys.argv[3:])
        return
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="bismarck")
    parser.add_argument("--rooms", type=int, help="tables (default: 100 flat out, 1,000 paced)")
    parser.add_argument("--paced", action="store_true", help="bots think about 3 s an action")
    parser.add_argument("--seconds", type=float, default=30.0, help="the paced game's length")
    parser.add_argument("--top", type=int, default=25, help="functions listed")
    parser.add_argument("--database-url", help="PostgreSQL (default: SQLite)")
    parser.add_argument("--out", type=Path, help="keep the raw profile here")
    args = parser.parse_args()
    rooms = args.rooms or (1000 if args.paced else 100)

    out = args.out or Path(tempfile.mkdtemp(prefix="kortbord-profile-")) / "server.prof"
    server = ProfiledServer(out, args.database_url)
    pid = server.start()
    load = [sys.executable, str(HERE / "load.py"), "--url", server.base_url, "--pid", str(pid)]
    load += ["--game", args.game, "--no-echo", "--json-summary"]
    if args.paced:
        # a few flat tables first (the bench always plays some), then the paced ones
        load += ["--rooms", "4", "--paced-ms", "3000", "--paced-rooms", str(rooms)]
        load += ["--paced-seconds", str(args.seconds)]
    else:
        load += ["--rooms", str(rooms), "--paced-ms", "0"]
    marking = {**os.environ, "KORTBORD_BENCH_MARK_PHASES": "1"}
    try:
        run = subprocess.run(load, capture_output=True, text=True, check=False, env=marking)
    finally:
        server.stop()
    if run.returncode != 0:
        raise SystemExit(f"load.py failed:\n{run.stdout[-2000:]}\n{run.stderr[-2000:]}")
    summary = json.loads(
        next(li for li in run.stdout.splitlines() if li.startswith("SUMMARY ")).split(" ", 1)[1]
    )
    actions = summary["actions"] + (summary.get("paced_actions") or 0)
    if summary["errors"]:
        raise SystemExit(f"the load had errors: {summary['errors']}\n{run.stdout[-2000:]}")

    stats = pstats.Stats(str(out))
    raw = stats.stats  # type: ignore[attr-defined]
    by_part: dict[str, float] = defaultdict(float)
    rows: list[tuple[float, int, FileLine, str]] = []
    for where, (_, calls, own, _, _) in raw.items():
        part = part_of(where)
        by_part[part] += own
        rows.append((own, calls, where, part))
    total = sum(by_part.values())
    store = "SQLite" if not args.database_url else "PostgreSQL"
    pace = f"paced, {rooms:,} tables" if args.paced else f"flat out, {rooms:,} tables"
    print(
        f"Kortbord profile: {args.game}, {pace}, {store}; {actions:,} actions; the event"
        f" loop's thread {total:.2f} s of CPU under cProfile"
        f" ({total / max(actions, 1) * 1e6:,.0f} us an action, profiled)"
    )
    print("  part            | share | us/action (profiled)")
    for part in PARTS:
        own = by_part.get(part, 0.0)
        print(f"  {part:<15} | {own / total:5.1%} | {own / max(actions, 1) * 1e6:8,.1f}")
    print(f"\n  the {args.top} functions with the most self time:")
    print("  share | calls/action | part       | function")
    for own, calls, (filename, line, name), part in sorted(rows, reverse=True)[: args.top]:
        place = name if filename == "~" else f"{Path(filename).name}:{line} {name}"
        print(f"  {own / total:5.1%} | {calls / max(actions, 1):12.2f} | {part:<10} | {place}")
    if args.out:
        print(f"\nthe raw profile: {args.out} (python -m pstats {args.out})")


if __name__ == "__main__":
    main()
