"""Fair shares: does a crowd on one room slow a table nobody abuses?

    .venv/bin/python bench/crowd.py [--seconds S] [--spectators N] [--quiet-rooms R]
                                    [--pace-ms MS] [--busy-think-ms MS] [--bot-delay S]
                                    [--database-url URL] [--seed S]

A server is started (``python -m app serve`` on a free loopback port, a temporary data
directory, every limit at its default except ``KORTBORD_BOT_DELAY``) and stopped at the end.
Three kinds of client, each in a process of its own:

- quiet rooms (``--quiet-rooms``, Bismarck): one person, played by this script, with two
  computer players of the server (``random``). The person plays at a steady pace: once it is
  their turn, they wait ``--pace-ms`` (half to one and a half times) and act. The figure is
  the action round trip: from sending the ``act`` to receiving the ``state`` that
  acknowledges it (the one carrying its ``id``);
- a busy room: three bots over WebSockets playing Bismarck through the whole run, each
  thinking ``--busy-think-ms`` before its move (as ``bench/load.py``'s bots do);
- a crowd: ``--spectators`` connections to the busy room, each from an address of its own
  (127.0.1.x, so that per-address limits are not what stops them), all connecting at once,
  reading everything and flooding the chat as fast as a connection's own chat pace allows
  (five lines at once, then one every ``KORTBORD_WS_CHAT_EVERY`` seconds).

The quiet rooms are measured for ``--seconds`` while the busy room plays, then for as long
again while the crowd joins and floods it, in one run. The goal: the quiet rooms' p95 action
round trip with the crowd stays within 1.5 times its quiet figure.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import multiprocessing
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load import (
    CONNECT_OPTIONS,
    BotRoom,
    PhaseResult,
    ProcessProbe,
    Server,
    raise_fd_limit,
)

GOAL = 1.5
SETUP_TIMEOUT = 60.0
WARMUP_SECONDS = 3.0
CHAT_BURST = 5
CHAT_EVERY = 3.0


def crowd_address(i: int) -> str:
    """A loopback address of its own for the i-th spectator (0-based)."""
    return f"127.0.{1 + i // 250}.{1 + i % 250}"


def _run(main: Coroutine[Any, Any, None]) -> None:
    try:
        import uvloop

        uvloop.run(main)
    except ImportError:
        asyncio.run(main)


async def _wait_order(conn: Connection) -> Any:
    return await asyncio.get_running_loop().run_in_executor(None, conn.recv)


async def _expect(ws: ClientConnection, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), SETUP_TIMEOUT))
        if message.get("type") == "error":
            raise RuntimeError(f"refused: {message.get('code')}: {message.get('message')}")
        if wanted(message):
            return message


# -- the quiet rooms: a person and two computer players -----------------------------------------


class QuietRoom:
    """One person's connection; the other seats are the server's computer players."""

    def __init__(self, rng: random.Random, pace: float, samples: list[tuple[float, float]]):
        self.rng = rng
        self.pace = pace
        self.samples = samples
        self.ws: ClientConnection | None = None
        self.sent: dict[str, float] = {}
        self.acted_on = -1
        self.ids = itertools.count(1)
        self.errors: Counter[str] = Counter()
        self.stopping = False
        self.task: asyncio.Task[None] | None = None

    async def setup(self, http: httpx.AsyncClient, ws_url: str) -> None:
        reply = await http.post("/api/rooms", json={"game": "bismarck", "nickname": "Anna"})
        reply.raise_for_status()
        created = reply.json()
        ws = await connect(f"{ws_url}/ws/{created['code']}", **CONNECT_OPTIONS)
        self.ws = ws
        await _expect(ws, lambda m: m["type"] == "state")
        await ws.send(json.dumps({"type": "hello", "secret": created["secret"]}))
        await _expect(ws, lambda m: m["type"] == "state" and m["seat"] == 0)
        for seat in (1, 2):
            await ws.send(json.dumps({"type": "add_bot", "seat": seat, "level": "random"}))
            await _expect(
                ws, lambda m, s=seat: m["type"] == "state" and m["room"]["seats"][s]["taken"]
            )

    async def play(self) -> None:
        assert self.ws is not None
        self.task = asyncio.create_task(self._read())
        await self.ws.send('{"type":"start"}')

    async def _read(self) -> None:
        assert self.ws is not None
        try:
            async for text in self.ws:
                message = json.loads(text)
                kind = message.get("type")
                if kind == "error":
                    self.errors[str(message.get("code"))] += 1
                    continue
                if kind != "state":
                    continue
                ident = message.get("id")
                if ident is not None and ident in self.sent:
                    self.samples.append((self.sent[ident], time.perf_counter()))
                    del self.sent[ident]
                await self._on_state(message)
        except ConnectionClosed:
            if not self.stopping:
                self.errors[f"closed:{self.ws.close_code}"] += 1

    async def _on_state(self, message: dict[str, Any]) -> None:
        view = message.get("view")
        if view is None or self.stopping:
            return
        if view.get("phase") == "match_over":
            if message["room"]["status"] != "playing" and self.acted_on != message["v"]:
                self.acted_on = message["v"]
                assert self.ws is not None
                await self.ws.send('{"type":"start"}')
            return
        legal = view.get("legal")
        if view.get("to_act") != 0 or legal is None or self.acted_on == message["v"]:
            return
        self.acted_on = message["v"]
        asyncio.get_running_loop().call_later(
            self.pace * (0.5 + self.rng.random()),
            lambda: asyncio.ensure_future(self._act(message["v"], legal)),
        )

    async def _act(self, v: int, legal: dict[str, Any]) -> None:
        if self.stopping or self.ws is None:
            return
        if "count" in legal:
            action = f"{legal['kind']}:" + ",".join(self.rng.sample(legal["from"], legal["count"]))
        else:
            plays = [a for a in legal["actions"] if a.startswith("play:")]
            action = self.rng.choice(plays or legal["actions"])
        ident = f"q{next(self.ids)}"
        self.sent[ident] = time.perf_counter()
        message = {"type": "act", "v": v, "action": action, "id": ident}
        with contextlib.suppress(ConnectionClosed):
            await self.ws.send(json.dumps(message))

    async def close(self) -> None:
        self.stopping = True
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()
        if self.task is not None:
            self.task.cancel()


async def quiet_main(conn: Connection, base_url: str, ws_url: str, options: dict[str, Any]) -> None:
    rng = random.Random(options["seed"])
    samples: list[tuple[float, float]] = []
    rooms = [
        QuietRoom(random.Random(rng.random()), options["pace"], samples)
        for _ in range(options["rooms"])
    ]
    async with httpx.AsyncClient(base_url=base_url, timeout=SETUP_TIMEOUT) as http:
        for room in rooms:
            await room.setup(http, ws_url)
    for room in rooms:
        await room.play()
    conn.send(("ready", len(rooms)))
    await _wait_order(conn)  # "stop"
    for room in rooms:
        await room.close()
    errors: Counter[str] = Counter()
    for room in rooms:
        errors.update(room.errors)
    conn.send(("result", samples, dict(errors)))


# -- the busy room and its crowd ----------------------------------------------------------------


@dataclass
class CrowdTally:
    connected: int = 0
    refused_at_connect: Counter[str] = field(default_factory=Counter)
    frames: int = 0
    state_frames: int = 0
    chat_frames: int = 0
    bytes: int = 0
    lines_sent: int = 0
    lines_seen: set[int] = field(default_factory=set)
    errors: Counter[str] = field(default_factory=Counter)
    closes: Counter[str] = field(default_factory=Counter)


class Spectator:
    def __init__(self, i: int, tally: CrowdTally, chat_every: float) -> None:
        self.i = i
        self.tally = tally
        self.chat_every = chat_every
        self.ws: ClientConnection | None = None
        self.tasks: list[asyncio.Task[None]] = []
        self.stopping = False

    async def join(self, ws_url: str, code: str) -> None:
        try:
            self.ws = await connect(
                f"{ws_url}/ws/{code}", local_addr=(crowd_address(self.i), 0), **CONNECT_OPTIONS
            )
        except Exception as e:
            self.tally.refused_at_connect[type(e).__name__] += 1
            return
        self.tally.connected += 1
        self.tasks = [asyncio.create_task(self._read()), asyncio.create_task(self._chat())]

    async def _read(self) -> None:
        assert self.ws is not None
        tally = self.tally
        try:
            while True:
                frame = await self.ws.recv(decode=False)
                assert isinstance(frame, bytes)
                tally.frames += 1
                tally.bytes += len(frame)
                if frame.startswith(b'{"type":"state"'):
                    tally.state_frames += 1
                    continue
                message = json.loads(frame)
                if message.get("type") == "chat":
                    tally.chat_frames += 1
                    tally.lines_seen.update(line["n"] for line in message["lines"])
                elif message.get("type") == "error":
                    tally.errors[str(message.get("code"))] += 1
        except ConnectionClosed:
            if not self.stopping:
                tally.closes[str(self.ws.close_code)] += 1

    async def _chat(self) -> None:
        assert self.ws is not None
        try:
            for k in itertools.count():
                if self.stopping:
                    return
                text = f"flood {self.i}-{k} " + "x" * 40
                message = {"type": "chat", "text": text, "name": f"w{self.i}"}
                await self.ws.send(json.dumps(message))
                self.tally.lines_sent += 1
                if k + 1 >= CHAT_BURST:
                    await asyncio.sleep(self.chat_every)
        except ConnectionClosed:
            return

    async def close(self) -> None:
        self.stopping = True
        for task in self.tasks:
            task.cancel()
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()


async def crowd_main(conn: Connection, base_url: str, ws_url: str, options: dict[str, Any]) -> None:
    busy_tally = PhaseResult()
    busy = BotRoom(
        "bismarck", 3, 10**6, random.Random(options["seed"]), busy_tally, options["think"]
    )
    async with httpx.AsyncClient(base_url=base_url, timeout=SETUP_TIMEOUT) as http:
        await busy.setup(http, ws_url)
    await busy.start()
    conn.send(("ready", busy.code))
    await _wait_order(conn)  # "crowd"
    tally = CrowdTally()
    crowd = [Spectator(i, tally, options["chat_every"]) for i in range(options["spectators"])]
    began = time.perf_counter()
    await asyncio.gather(*(s.join(ws_url, busy.code) for s in crowd))
    joined = time.perf_counter() - began
    await _wait_order(conn)  # "stop"
    for s in crowd:
        await s.close()
    busy.stop()
    await busy.close()
    summary = {
        "joined_seconds": joined,
        "connected": tally.connected,
        "refused_at_connect": dict(tally.refused_at_connect),
        "frames": tally.frames,
        "state_frames": tally.state_frames,
        "chat_frames": tally.chat_frames,
        "megabytes": tally.bytes / 1e6,
        "lines_sent": tally.lines_sent,
        "lines_kept": len(tally.lines_seen),
        "errors": dict(tally.errors),
        "closes": dict(tally.closes),
        "busy_actions": busy_tally.operations,
        "busy_latencies": busy_tally.latencies,
        "busy_errors": dict(busy_tally.errors),
    }
    conn.send(("result", summary))


def quiet_process(conn: Connection, base_url: str, ws_url: str, options: dict[str, Any]) -> None:
    try:
        _run(quiet_main(conn, base_url, ws_url, options))
    except Exception as e:
        conn.send(("failed", f"{type(e).__name__}: {e}"))


def crowd_process(conn: Connection, base_url: str, ws_url: str, options: dict[str, Any]) -> None:
    try:
        _run(crowd_main(conn, base_url, ws_url, options))
    except Exception as e:
        conn.send(("failed", f"{type(e).__name__}: {e}"))


# -- the parent ---------------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] * 1000


def answer(conn: Connection) -> Any:
    reply = conn.recv()
    if reply[0] == "failed":
        raise SystemExit(f"a client process failed: {reply[1]}")
    return reply


@dataclass
class Window:
    name: str
    start: float = 0.0
    end: float = 0.0
    cpu: float = 0.0

    def latencies(self, samples: list[tuple[float, float]]) -> list[float]:
        return [done - sent for sent, done in samples if self.start <= sent < self.end]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="length of each phase")
    parser.add_argument("--spectators", type=int, default=100)
    parser.add_argument("--quiet-rooms", type=int, default=4)
    parser.add_argument("--pace-ms", type=float, default=150.0, help="the person's pause")
    parser.add_argument("--busy-think-ms", type=float, default=250.0, help="the busy bots' pause")
    parser.add_argument(
        "--bot-delay", default="0.1", help="KORTBORD_BOT_DELAY of the server (seconds)"
    )
    parser.add_argument(
        "--chat-every", type=float, default=CHAT_EVERY + 0.2, help="each spectator's pace"
    )
    parser.add_argument("--database-url", help="default: SQLite in a temporary directory")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.spectators > 250 * 254:
        parser.error("at most 63,500 spectators (one loopback address each)")

    raise_fd_limit(args.spectators * 2 + 1024)
    server = Server(args.database_url, env={"KORTBORD_BOT_DELAY": args.bot_delay})
    pid = server.start()
    base_url = server.base_url
    ws_url = "ws" + base_url.removeprefix("http")
    probe = ProcessProbe(pid)
    context = multiprocessing.get_context("spawn")
    quiet_pipe, theirs = context.Pipe()
    quiet_options = {"seed": args.seed, "pace": args.pace_ms / 1000, "rooms": args.quiet_rooms}
    quiet = context.Process(target=quiet_process, args=(theirs, base_url, ws_url, quiet_options))
    crowd_pipe, theirs = context.Pipe()
    crowd_options = {
        "seed": args.seed + 1,
        "think": args.busy_think_ms / 1000,
        "spectators": args.spectators,
        "chat_every": args.chat_every,
    }
    crowd = context.Process(target=crowd_process, args=(theirs, base_url, ws_url, crowd_options))
    try:
        print(
            f"Kortbord crowd: {args.quiet_rooms} quiet room(s) (a person every"
            f" ~{args.pace_ms:.0f} ms, two computer players, bot delay {args.bot_delay} s);"
            f" a busy room (three bots, ~{args.busy_think_ms:.0f} ms each);"
            f" then {args.spectators} spectators flooding its chat; {args.seconds:.0f} s per"
            f" phase; server {base_url} (pid {pid}); python {sys.version.split()[0]},"
            f" {os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f}"
        )
        print(f"store: {args.database_url or 'SQLite in a temporary directory'}")
        crowd.start()
        answer(crowd_pipe)
        quiet.start()
        answer(quiet_pipe)
        time.sleep(WARMUP_SECONDS)
        windows = [Window("quiet"), Window("crowd")]
        for window in windows:
            if window.name == "crowd":
                crowd_pipe.send("crowd")
            cpu = probe.cpu_seconds()
            window.start = time.perf_counter()
            time.sleep(args.seconds)
            window.end = time.perf_counter()
            window.cpu = probe.cpu_seconds() - cpu
        quiet_pipe.send("stop")
        crowd_pipe.send("stop")
        _, samples, quiet_errors = answer(quiet_pipe)
        _, summary = answer(crowd_pipe)
    finally:
        for process in (quiet, crowd):
            process.join(30)
            if process.is_alive():
                process.kill()
        server.stop()

    figures = {}
    for window in windows:
        values = window.latencies(samples)
        figures[window.name] = [percentile(values, q) for q in (0.5, 0.95, 0.99)]
        p50, p95, p99 = figures[window.name]
        print(
            f"{window.name}: action round trip (ms) p50 {p50:.1f}  p95 {p95:.1f}  p99 {p99:.1f}"
            f"  ({len(values)} actions); server CPU {window.cpu / args.seconds:.0%} of a core"
        )
    s = summary
    print(
        f"crowd: {s['connected']} of {args.spectators} spectators connected in"
        f" {s['joined_seconds']:.2f} s (refused: {s['refused_at_connect'] or 'none'});"
        f" closed: {s['closes'] or 'none'}"
    )
    print(
        f"  frames to the crowd: {s['frames']:,} ({s['state_frames']:,} state,"
        f" {s['chat_frames']:,} chat; {s['megabytes']:.1f} MB)"
    )
    print(
        f"  chat: {s['lines_sent']:,} lines sent, {s['lines_kept']:,} said;"
        f" refusals: {s['errors'] or 'none'}"
    )
    busy = s["busy_latencies"]
    print(
        f"busy room: {s['busy_actions']:,} actions, to its last seat (ms) p50"
        f" {percentile(busy, 0.5):.1f}  p95 {percentile(busy, 0.95):.1f}"
        f"  p99 {percentile(busy, 0.99):.1f}; errors: {s['busy_errors'] or 'none'}"
    )
    if quiet_errors:
        print(f"quiet rooms' errors: {quiet_errors}")
    quiet_p, crowd_p = figures["quiet"], figures["crowd"]
    ratios = [c / q if q else float("nan") for q, c in zip(quiet_p, crowd_p, strict=True)]
    verdict = "met" if ratios[1] <= GOAL else "NOT met"
    print(
        f"ratio crowd/quiet: p50 {ratios[0]:.2f}  p95 {ratios[1]:.2f}  p99 {ratios[2]:.2f}"
        f"  (goal: p95 within {GOAL}x: {verdict})"
    )


if __name__ == "__main__":
    main()
