"""What a table holds in a server's memory, and whether a server lets go of rooms.

    .venv/bin/python bench/memory.py tables [--rooms N] [--game NAME] [--think-ms MS]
                                            [--seconds S] [--dormant-seconds S]
                                            [--workers W] [--no-trace]
    .venv/bin/python bench/memory.py churn [--rooms N] [--game NAME] [--idle-seconds S] [--keep K]
                                           [--concurrency C] [--workers W] [--no-trace]

Both start a server as ``bench/load.py`` does (``python -m app serve`` on a free loopback port,
SQLite in a temporary directory, the bench endpoints on, the limits by address lifted), by
default under ``PYTHONTRACEMALLOC=1`` so that Python's own count of the bytes it holds
(tracemalloc) is read beside the RSS; ``--no-trace`` runs it untraced, for RSS alone
(tracing costs memory of its own). The server answers ``GET /bench/memory``
(``app/web/memory.py``).

``tables``: per table, what ``--rooms`` tables cost, measured against a snapshot taken after a
warm-up. Active: that many rooms of ``--game`` with a bot over a WebSocket in every seat,
thinking ``--think-ms`` before each action (as ``bench/load.py``'s bots), measured after
``--seconds`` of play, mid-deal. Idle after play: the same rooms once every socket has
closed, first loaded (a room with no connection, before it falls asleep), then held as their
log alone (asleep, still the server's, after ``KORTBORD_ROOM_DORMANT_SECONDS``, which is
``--dormant-seconds`` here). Idle new: as many rooms created over HTTP and never visited.
Each figure is the growth of traced bytes (and of RSS where it means something) divided by
the rooms; the largest allocation sites and the rooms' bytes by holder (the match, its view
cache, its log, ...) are listed.

``churn``: ``--rooms`` short-lived rooms of ``--game`` (20,000 of Bismarck by default), made
and left as people do, on a server whose ``KORTBORD_ROOM_IDLE_SECONDS`` is ``--idle-seconds``:
each is made to play at once with computer players in the other seats (``bots: random``,
``KORTBORD_BOT_DELAY=0``), its person says hello, gives the seed that starts the match, plays a
few of their own moves, and then either leaves mid-deal, or ends the match first (the host's
``end``), or leaves before the first card; ``--concurrency`` rooms at a time per worker
process. The last ``--keep`` rooms stay connected. At the end the server should hold those
alone: the rooms in memory and every table the server keeps per room (``Tables.held``) are
printed, with the memory.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import sys
import threading
import time
from collections import Counter
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load import (
    CONNECT_OPTIONS,
    ONE_CLIENT_ALL_TABLES,
    SETUP_TIMEOUT,
    PhaseResult,
    ProcessProbe,
    Server,
    raise_fd_limit,
    split,
    stop_workers,
    worker_main,
)

KIB = 1024
FRAMES = int(os.environ.get("BENCH_FRAMES", "1"))
"""Frames of each allocation's call stack traced (1 unless ``BENCH_FRAMES`` says more)."""


def memory(base_url: str, **params: Any) -> dict[str, Any]:
    query = {k: str(v).lower() if isinstance(v, bool) else v for k, v in params.items()}
    reply = httpx.get(f"{base_url}/bench/memory", params=query, timeout=900)
    reply.raise_for_status()
    answer: dict[str, Any] = reply.json()
    return answer


def kib(value: float) -> str:
    return f"{value / KIB:,.1f} KiB"


def start_server(trace: bool, env: dict[str, str]) -> tuple[Server, int]:
    full = {**ONE_CLIENT_ALL_TABLES, **env}
    if trace:
        full["PYTHONTRACEMALLOC"] = str(FRAMES)
    # a traced server imports everything several times slower
    server = Server(None, env=full, start_seconds=180.0 if trace else 60.0)
    return server, server.start()


# -- tables: what one table costs -----------------------------------------------------------


def run_game(
    pipes: list[Connection],
    counts: list[int],
    options: dict[str, Any],
    at: float,
    probe: Any,
) -> PhaseResult:
    """A game phase on the workers; ``probe(at)`` is called ``at`` seconds after it starts,
    while every table plays."""
    for i, (pipe, count) in enumerate(zip(pipes, counts, strict=True)):
        pipe.send(("game", count, {**options, "worker": i}))
    for pipe in pipes:
        answer = pipe.recv()
        if answer[0] == "failed":
            raise SystemExit(f"a worker failed during setup: {answer[1]}")
    for pipe in pipes:
        pipe.send("go")
    timer = threading.Timer(at, probe, args=(at,))
    timer.start()
    total = PhaseResult()
    for pipe in pipes:
        answer = pipe.recv()
        if answer[0] == "failed":
            raise SystemExit(f"a worker failed: {answer[1]}")
        total.merge(answer[1])
    timer.join()
    return total


def asleep(base_url: str, dormant_seconds: float) -> None:
    """Waits until the server holds every room it has as its log alone: each one quiet
    for ``dormant_seconds``, then seen by the server's next look."""
    deadline = time.monotonic() + dormant_seconds * 2 + 60
    while memory(base_url)["held"]["rooms"] and time.monotonic() < deadline:
        time.sleep(max(dormant_seconds / 4, 0.5))


def report_top(answer: dict[str, Any], rooms: int, lines: int = 12) -> None:
    for stat in answer.get("top", [])[:lines]:
        where = " < ".join(w.replace(str(Path.cwd()) + "/", "") for w in stat["where"])
        print(f"    {stat['size'] / rooms:>9,.0f} B {stat['count'] / rooms:>6,.1f} blocks  {where}")


def report_parts(answer: dict[str, Any], rooms: int) -> None:
    parts = answer.get("parts") or {}
    total = sum(parts.values())
    print(f"    by holder, per room (deep sizes, {kib(total / max(rooms, 1))} in all):")
    for name, size in sorted(parts.items(), key=lambda p: -p[1]):
        print(f"      {name:<28} {size / max(rooms, 1):>9,.0f} B")


def tables_mode(args: argparse.Namespace) -> None:
    trace = not args.no_trace
    raise_fd_limit(args.rooms * 5 * 2 + 1024)
    server, pid = start_server(trace, {"KORTBORD_ROOM_DORMANT_SECONDS": str(args.dormant_seconds)})
    base_url = server.base_url
    ws_url = "ws" + base_url.removeprefix("http")
    rss = ProcessProbe(pid)
    workers = min(args.workers, args.rooms)
    context = multiprocessing.get_context("spawn")
    pipes: list[Connection] = []
    processes = []
    try:
        games = {g["name"]: g for g in httpx.get(f"{base_url}/api/games", timeout=10).json()}
        seats = args.seats or games[args.game]["default_seats"]
        for _ in range(workers):
            ours, theirs = context.Pipe()
            process = context.Process(target=worker_main, args=(theirs, base_url, ws_url))
            process.start()
            pipes.append(ours)
            processes.append(process)
        print(
            f"Kortbord memory: {args.rooms:,} tables of {args.game} x {seats};"
            f" server {base_url} (pid {pid}){', traced' if trace else ', untraced'};"
            f" python {sys.version.split()[0]}"
        )
        options = {
            "game": args.game,
            "seats": seats,
            "deals": 1,
            "seconds": None,
            "think_ms": 0.0,
            "seed": args.seed,
        }
        # Warm-up: every module, cache and pool a table uses is made before the baseline.
        warm = split(max(workers * 2, 6), workers)
        run_game(pipes, warm, options, 0.0, lambda _: None)
        # the warm-up's rooms asleep, as the idle rooms measured against the baseline will be
        asleep(base_url, args.dormant_seconds)
        base = memory(base_url, mark=True)
        base_rss = rss.rss_mb()
        print(
            f"baseline after a warm-up: RSS {base_rss:.1f} MB"
            + (f", traced {base['traced'] / KIB / KIB:.1f} MB" if trace else "")
            + f", {base['held']['rooms']} rooms loaded, {base['held']['dormant']} asleep"
        )
        loaded = base["held"]["rooms"]
        held_base = loaded + base["held"]["dormant"]
        found: dict[str, Any] = {}

        def probe_active(_: float) -> None:
            found["rss"] = rss.rss_mb()
            found["answer"] = memory(base_url, top=args.top, frames=FRAMES, parts=True)

        play = {
            **options,
            "deals": 1000,
            "seconds": args.seconds,
            "think_ms": args.think_ms,
            "seed": args.seed + 1,
        }
        result = run_game(pipes, split(args.rooms, workers), play, args.seconds * 0.8, probe_active)
        rooms = result.groups
        active = found["answer"]
        errors = sum(result.errors.values())
        print(
            f"active: {rooms:,} tables, {rooms * seats:,} sockets, {result.operations:,}"
            f" actions in {args.seconds:g} s (bots thinking ~{args.think_ms:g} ms); errors {errors}"
        )
        print(
            f"  RSS {found['rss']:.1f} MB:"
            f" {kib((found['rss'] - base_rss) * KIB * KIB / rooms)} per table"
        )
        grown_active = active["traced"] - base["traced"] if trace else 0
        if trace:
            print(f"  traced: {kib(grown_active / rooms)} per table (goal: under 100 KiB)")
            print("  largest growth by allocation site, per table:")
            report_top(active, rooms, args.top)
        report_parts(active, active["held"]["rooms"] - loaded)

        # every socket closed and its closing handled by the server, however busy
        deadline = time.monotonic() + 300
        while memory(base_url)["connections"] and time.monotonic() < deadline:
            time.sleep(1.0)
        time.sleep(1.0)
        woke = memory(base_url, top=args.top, frames=FRAMES, parts=True)
        held = woke["held"]["rooms"] + woke["held"]["dormant"] - held_base
        print(
            f"idle after play, loaded: {held:,} rooms, no connection"
            f" ({woke['held']['rooms'] - loaded:,} loaded, the rest asleep already)"
        )
        if trace:
            grown = woke["traced"] - base["traced"]
            print(f"  traced: {kib(grown / held)} per room")
            print("  largest growth by allocation site, per room:")
            report_top(woke, held)
        report_parts(woke, held)

        asleep(base_url, args.dormant_seconds)
        idle = memory(base_url, top=args.top, frames=FRAMES, parts=True)
        held = idle["held"]["rooms"] + idle["held"]["dormant"] - held_base
        print(
            f"idle after play, held as their log: {held:,} rooms"
            f" ({idle['held']['rooms'] - loaded:,} still loaded)"
        )
        if trace:
            grown = idle["traced"] - base["traced"]
            print(f"  traced: {kib(grown / held)} per room (goal: under 10 KiB)")
            print("  largest growth by allocation site, per room:")
            report_top(idle, held, args.top)
        report_parts(idle, held)

        before_rss = rss.rss_mb()

        async def create(count: int) -> None:
            gate = asyncio.Semaphore(16)
            body = {"game": args.game, "seats": seats, "nickname": "Anna"}
            async with httpx.AsyncClient(base_url=base_url, timeout=SETUP_TIMEOUT) as http:

                async def one() -> None:
                    async with gate:
                        (await http.post("/api/rooms", json=body)).raise_for_status()

                await asyncio.gather(*(one() for _ in range(count)))

        asyncio.run(create(args.rooms))
        fresh = memory(base_url, top=args.top)
        made = fresh["held"]["rooms"] + fresh["held"]["dormant"]
        made -= idle["held"]["rooms"] + idle["held"]["dormant"]
        grew = rss.rss_mb() - before_rss
        print(f"idle new: {made:,} rooms created over HTTP, never visited")
        print(f"  RSS grew {grew:.1f} MB: {kib(grew * KIB * KIB / made)} per room")
        if trace:
            grown = fresh["traced"] - idle["traced"]
            print(f"  traced: {kib(grown / made)} per room (goal: under 10 KiB)")
        print(f"server peak RSS (VmHWM): {rss.hwm_mb():.1f} MB")
        if args.json_summary:
            per_table = (grown_active if trace else (found["rss"] - base_rss) * KIB * KIB) / rooms
            summary = {
                "active_kib": per_table / KIB,
                "idle_kib": (idle["traced"] - base["traced"]) / held / KIB if trace else None,
                "idle_loaded_kib": (
                    (woke["traced"] - base["traced"]) / held / KIB if trace else None
                ),
                "new_kib": (fresh["traced"] - idle["traced"]) / made / KIB if trace else None,
                "hwm_mb": rss.hwm_mb(),
                "errors": errors,
            }
            print("SUMMARY " + json.dumps(summary))
    finally:
        stop_workers(pipes, processes)
        server.stop()


# -- churn: many short-lived rooms ------------------------------------------------------------


async def _state(ws: ClientConnection) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), SETUP_TIMEOUT))
        if message.get("type") == "error" and message.get("code") != "stale_version":
            raise RuntimeError(f"refused: {message.get('code')}")
        if message.get("type") == "state":
            return message


async def short_room(
    http: httpx.AsyncClient, ws_url: str, game: str, rng: random.Random, tally: Counter[str]
) -> ClientConnection:
    """One room made to play at once, visited briefly; returns its open socket."""
    reply = await http.post("/api/rooms", json={"game": game, "nickname": "Anna", "bots": "random"})
    reply.raise_for_status()
    created = reply.json()
    ws = await connect(f"{ws_url}/ws/{created['code']}", **CONNECT_OPTIONS)
    await _state(ws)
    await ws.send(json.dumps({"type": "hello", "secret": created["secret"]}))
    state = await _state(ws)
    fate = rng.random()
    if fate < 0.2:
        tally["left before the first card"] += 1
        return ws
    commitment = state["room"]["fairness"]["next"]
    await ws.send(
        json.dumps({"type": "seed", "seed": f"s{rng.getrandbits(40)}", "commitment": commitment})
    )
    moves = rng.randint(1, 3)
    while moves:
        state = await _state(ws)
        view = state.get("view") or {}
        if view.get("phase") == "match_over":
            # a short match can end before the person's moves (Sixty-six's random player
            # claims wrongly, which scores for the other): there is nothing left to wait for
            tally["match over first"] += 1
            return ws
        legal = view.get("legal")
        if view.get("to_act") != 0 or not legal:
            continue
        if "count" in legal:
            action = f"{legal['kind']}:" + ",".join(rng.sample(legal["from"], legal["count"]))
        else:
            action = rng.choice(legal["actions"])
        await ws.send(json.dumps({"type": "act", "v": state["v"], "action": action}))
        moves -= 1
    if fate < 0.5:
        await ws.send(json.dumps({"type": "end"}))
        tally["ended by the host, then left"] += 1
    else:
        tally["left mid-deal"] += 1
    return ws


def churn_worker(
    conn: Connection, base_url: str, ws_url: str, count: int, options: dict[str, Any]
) -> None:
    async def main() -> None:
        rng = random.Random(options["seed"])
        tally: Counter[str] = Counter()
        kept: list[ClientConnection] = []
        done = 0
        gate = asyncio.Semaphore(options["concurrency"])
        limits = httpx.Limits(max_connections=options["concurrency"], keepalive_expiry=2.0)
        async with httpx.AsyncClient(
            base_url=base_url, timeout=SETUP_TIMEOUT, limits=limits
        ) as http:

            async def one(i: int) -> None:
                nonlocal done
                async with gate:
                    try:
                        ws = await short_room(
                            http, ws_url, options["game"], random.Random(rng.random()), tally
                        )
                    except Exception as e:  # its socket, if any, closes with the worker
                        tally[f"error {type(e).__name__}"] += 1
                        return
                    if i >= count - options["keep"]:
                        kept.append(ws)
                    else:
                        await ws.close()
                    done += 1
                    if done % 100 == 0:
                        conn.send(("progress", 100))

            await asyncio.gather(*(one(i) for i in range(count)))
            conn.send(("done", dict(tally), len(kept)))
            await asyncio.get_running_loop().run_in_executor(None, conn.recv)
            for ws in kept:
                await ws.close()

    asyncio.run(main())


def churn_mode(args: argparse.Namespace) -> None:
    trace = not args.no_trace
    env = {
        "KORTBORD_ROOM_IDLE_SECONDS": str(args.idle_seconds),
        "KORTBORD_BOT_DELAY": "0",
    }
    raise_fd_limit(args.keep * 2 + args.concurrency * args.workers * 4 + 1024)
    server, pid = start_server(trace, env)
    base_url = server.base_url
    ws_url = "ws" + base_url.removeprefix("http")
    rss = ProcessProbe(pid)
    context = multiprocessing.get_context("spawn")
    pipes: list[Connection] = []
    processes = []
    try:
        base = memory(base_url, mark=True)
        base_rss = rss.rss_mb()
        print(
            f"Kortbord churn: {args.rooms:,} short-lived rooms of {args.game}, idle after"
            f" {args.idle_seconds:g} s, {args.concurrency} at a time in each of {args.workers}"
            f" client processes, the last {args.keep} kept connected;"
            f" server pid {pid}{', traced' if trace else ', untraced'}"
        )
        print(
            f"start: RSS {base_rss:.1f} MB"
            + (f", traced {base['traced'] / KIB / KIB:.1f} MB" if trace else "")
        )
        keeps = split(args.keep, args.workers)
        began = time.monotonic()
        for i, count in enumerate(split(args.rooms, args.workers)):
            ours, theirs = context.Pipe()
            options = {
                "game": args.game,
                "seed": args.seed + i,
                "concurrency": args.concurrency,
                "keep": keeps[i],
            }
            process = context.Process(
                target=churn_worker, args=(theirs, base_url, ws_url, count, options)
            )
            process.start()
            pipes.append(ours)
            processes.append(process)
        made = 0
        tally: Counter[str] = Counter()
        kept = 0
        peak_rooms = 0
        waiting = set(range(len(pipes)))
        next_look = time.monotonic() + 10
        while waiting:
            for i in list(waiting):
                while pipes[i].poll():
                    answer = pipes[i].recv()
                    if answer[0] == "progress":
                        made += answer[1]
                    else:
                        tally.update(answer[1])
                        kept += answer[2]
                        waiting.discard(i)
            if time.monotonic() >= next_look:
                look = memory(base_url)
                peak_rooms = max(peak_rooms, look["held"]["rooms"])
                print(
                    f"  {time.monotonic() - began:5.0f} s: ~{made:,} rooms made;"
                    f" {look['held']['rooms']:,} in memory, RSS {look['rss_kb'] / KIB:.1f} MB",
                    flush=True,
                )
                next_look = time.monotonic() + 10
            time.sleep(0.1)
        spent = time.monotonic() - began
        print(
            f"{sum(tally.values()):,} rooms in {spent:.0f} s: "
            + ", ".join(f"{k} {v:,}" for k, v in tally.most_common())
        )
        # every room left is unloaded within the idle time and one sweep (a quarter of it)
        deadline = time.monotonic() + args.idle_seconds * 3 + 30
        while True:
            end = memory(base_url, top=args.top if trace else 0)
            if end["held"]["rooms"] <= kept or time.monotonic() > deadline:
                break
            time.sleep(max(args.idle_seconds / 4, 0.5))
        print(f"at the end, {kept} rooms still connected:")
        print(f"  rooms in memory: {end['held']['rooms']:,} (peak seen {peak_rooms:,})")
        print("  kept per room: " + ", ".join(f"{k} {v:,}" for k, v in end["held"].items()))
        print(
            f"  kept per client address: {end['addresses']} with connections,"
            f" {end['creation_buckets']} with a bucket of rooms to create"
        )
        print(
            f"  RSS {end['rss_kb'] / KIB:.1f} MB against {base_rss:.1f} MB at the start;"
            f" peak {end['hwm_kb'] / KIB:.1f} MB"
        )
        if trace:
            grown = end["traced"] - base["traced"]
            print(
                f"  traced: {grown / KIB / KIB:+.2f} MB against the start"
                f" ({grown / max(args.rooms, 1):+,.1f} B per room ever made)"
            )
            print("  largest growth by allocation site:")
            for stat in end.get("top", [])[: args.top]:
                where = " < ".join(stat["where"])
                print(f"    {stat['size']:>11,} B {stat['count']:>8,} blocks  {where}")
        for pipe in pipes:
            pipe.send("close")
        for process in processes:
            process.join(30)
        time.sleep(args.idle_seconds * 2 + 1)
        last = memory(base_url)
        print(f"after the kept rooms left too: {last['held']['rooms']} rooms in memory")
        if args.json_summary:
            summary = {
                "rooms": sum(tally.values()),
                "held": end["held"]["rooms"],
                "kept": kept,
                "peak_rooms": peak_rooms,
                "rss_mb": end["rss_kb"] / KIB,
                "held_after": last["held"]["rooms"],
            }
            print("SUMMARY " + json.dumps(summary))
    finally:
        for process in processes:
            if process.is_alive():
                process.terminate()
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    modes = parser.add_subparsers(dest="mode", required=True)
    tables = modes.add_parser("tables", help="what one table holds, active and idle")
    tables.add_argument("--rooms", type=int, default=1000)
    tables.add_argument("--game", default="bismarck")
    tables.add_argument("--seats", type=int)
    tables.add_argument("--think-ms", type=float, default=500.0)
    tables.add_argument("--seconds", type=float, default=20.0)
    tables.add_argument("--workers", type=int, default=3)
    tables.add_argument(
        "--dormant-seconds",
        type=float,
        default=10.0,
        help="the server's KORTBORD_ROOM_DORMANT_SECONDS: a room quiet this long sleeps",
    )
    churn = modes.add_parser("churn", help="many short-lived rooms: only the live ones stay")
    churn.add_argument("--rooms", type=int, default=20_000)
    churn.add_argument("--game", default="bismarck")
    churn.add_argument("--idle-seconds", type=float, default=2.0)
    churn.add_argument("--keep", type=int, default=100)
    churn.add_argument("--concurrency", type=int, default=16)
    churn.add_argument("--workers", type=int, default=3)
    for mode in (tables, churn):
        mode.add_argument("--no-trace", action="store_true", help="RSS only, no tracemalloc")
        mode.add_argument("--top", type=int, default=12, help="allocation sites listed")
        mode.add_argument("--seed", type=int, default=1)
        mode.add_argument("--json-summary", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.mode == "tables":
        tables_mode(args)
    else:
        churn_mode(args)


if __name__ == "__main__":
    main()
