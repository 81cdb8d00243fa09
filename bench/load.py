"""Server load: rooms of bots over real WebSockets, against a bare echo-broadcast baseline.

    .venv/bin/python bench/load.py [--game NAME] [--seats N] [--rooms R] [--deals D]
                                   [--seconds S] [--workers W]
                                   [--url URL [--pid PID] | --database-url URL]
                                   [--think-ms MS | --paced-ms MS [--paced-seconds S]]
                                   [--echo-messages N | --no-echo] [--seed S]
                                   [--instances N | --compare 1,2] [--paced-rooms R]
                                   [--paced-echo]
    .venv/bin/python bench/load.py --report [GAME ...] [--database-url URL] [sizes]

By default a server is started (``python -m app serve`` on a free loopback port, with the
echo endpoint enabled, rate limits raised and a temporary data directory) and stopped at the
end. Each room is created over HTTP for ``--game`` (Bismarck unless told) with the game's
default number of seats (or ``--seats``); a bot takes each seat over a WebSocket and they
play ``--deals`` complete deals (in Bismarck: the contract, the discard and 48 card plays),
each bot choosing a random legal action (a card whenever one may be played) as soon as a
state shows that its seat is to act.
Latency is the time from sending an action to the moment the last of the room's connections
has received the state it produced.

The baseline runs on the same server, once before the game and once after (the two are
pooled, so that the machine's drift during the run does not pass for cost): as many groups
of as many sockets as a room has seats on ``/bench/echo/{group}``, taking turns to send a
~60-byte message and waiting until all have it back before the next, about as many messages
per group as a room has actions (``--echo-messages``: 50 per deal, a Bismarck deal's).

Played flat out, every room's next action waits behind all the others', so latency there is
queueing, not service time. The latency goal is therefore measured in a last phase at a
pace: fresh rooms whose bots think about ``--paced-ms`` before each action (a second per
card, several times faster than people play) for ``--paced-seconds``.
``--paced-echo`` then runs the echo at that same pace, as many groups as paced rooms, each
sender thinking as long before each message: what a message costs the server when it comes
alone (a wake-up of its own, readers that sleep), the floor a paced action's cost stands on.

With ``--instances N`` the server is N instances behind HAProxy (the shipped
deploy/haproxy.cfg) sharing a scratch database on the PostgreSQL server ``--database-url``
names, and every figure is taken through the proxy; server CPU and memory are the
instances' sums. ``--compare 1,2`` runs the whole bench for each count in turn, with
``--paced-rooms`` times the count of paced rooms, and prints the ratios.

``--report`` prints the lean server's figures per game against their goals (every game unless
some are named): CPU per action against the echo, memory per active and idle table, the tables
a process holds at a person's pace, and the rooms held after many short-lived ones; it runs
this bench, ``bench/memory.py`` and ``bench/scale.py`` for each game (``bench/lean_report.py``
says how, and its sizes: ``--report --help``).

The bots run in several worker processes (one asyncio loop each), so that on a small machine
the client side is not what limits the figures; server CPU time per action or message is
read from /proc, which keeps the cost comparison honest even when the client is saturated.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import json
import multiprocessing
import os
import random
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, Protocol

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

REPO_ROOT = Path(__file__).resolve().parents[1]
NICKNAMES = ("Anna", "Bertil", "Cecilia", "David", "Eva")
# The echo messages per group and deal: a Bismarck deal's actions (the contract, the discard
# and 48 cards). Only the baseline's sample size depends on it, not the cost compared.
ACTIONS_PER_DEAL = 50
SETUP_TIMEOUT = 60.0
_FILES = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
MAXCONN = 50_000 if _FILES == resource.RLIM_INFINITY else (_FILES - 1_000) // 2
"""The bench's HAProxy takes as many client connections at once as the machine's open-file
limit lets it (two descriptors each): past it, a step would fail on the proxy, not the
server."""
MARK_PHASES = os.environ.get("KORTBORD_BENCH_MARK_PHASES") == "1"
"""Tell the server (SIGUSR1, SIGUSR2) when each game phase starts and ends."""
# A phase with no progress at all for this long is stuck; its unfinished rooms count as errors.
STALL_SECONDS = 30.0
# After the cap (or the last action) pending updates get this long to arrive.
DRAIN_SECONDS = 5.0
# Room setups in flight per worker: enough to keep the server busy, few enough that a burst
# of handshakes never overflows its listen backlog.
SETUP_CONCURRENCY = 32
# Every room is made and played from this machine's one address, which stands in for the
# people of a thousand tables: what one address may hold is lifted for it.
ONE_CLIENT_ALL_TABLES = {
    "KORTBORD_ADDRESS_CONNECTIONS": "1000000",
    "KORTBORD_ADDRESS_ROOMS_BURST": "1000000",
}

CONNECT_OPTIONS: dict[str, Any] = {
    "compression": None,  # the server never negotiates it; skip the offer
    "ping_interval": None,  # keepalive pings would only add noise (and time out under load)
    "close_timeout": 2,
    "open_timeout": SETUP_TIMEOUT,
    "max_size": 1 << 20,
    "proxy": None,
}


# -- reading server messages without parsing all of them ----------------------------------------
#
# Every action sends three state messages of a few kilobytes; decoding all of them in full
# would make the bots, not the server, the bottleneck. The server writes "type" and "v" first,
# and only the seat to act needs "legal", so these look up just the keys they need.

STATE_PREFIX = '{"type":"state","v":'
_decoder = json.JSONDecoder()


@dataclass(slots=True)
class StateInfo:
    v: int
    legal: dict[str, Any] | None
    deals_played: int
    over: bool
    to_act: int | None


def read_state(text: str) -> StateInfo | None:
    """The fields a bot needs from a state message, or None if ``text`` is not one."""
    if text.startswith(STATE_PREFIX):
        start = len(STATE_PREFIX)
        v = int(text[start : text.index(",", start)])
        legal = None
        at = text.rfind('"legal":')
        if at >= 0 and not text.startswith("null", at + 8):
            legal = _decoder.raw_decode(text, at + 8)[0]
        deals = 0
        at = text.find('"deals_played":')
        if at >= 0:
            at += 15
            deals = int(text[at : text.index(",", at)])
        to_act = None
        at = text.find('"to_act":')
        if at >= 0 and not text.startswith("null", at + 9):
            to_act = int(text[at + 9 : text.index(",", at + 9)])
        return StateInfo(v, legal, deals, '"phase":"match_over"' in text, to_act)
    if not text.startswith('{"type":"state"'):
        return None
    # Some other key order: fall back to decoding the whole message.
    message = json.loads(text)
    view = message.get("view") or {}
    return StateInfo(
        int(message["v"]),
        view.get("legal"),
        int(view.get("deals_played") or 0),
        view.get("phase") == "match_over",
        view.get("to_act"),
    )


# -- a phase's outcome in one worker ------------------------------------------------------------


@dataclass
class PhaseResult:
    groups: int = 0
    operations: int = 0  # actions, or echo messages
    deals: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    setup_seconds: float = 0.0
    started: float = 0.0  # time.monotonic(): one clock for every process on the machine
    ended: float = 0.0
    cpu_seconds: float = 0.0  # this worker's own CPU time while the phase ran

    def merge(self, other: PhaseResult) -> None:
        self.groups += other.groups
        self.operations += other.operations
        self.deals += other.deals
        self.latencies.extend(other.latencies)
        self.errors.update(other.errors)
        self.setup_seconds = max(self.setup_seconds, other.setup_seconds)
        self.started = min(self.started, other.started) if self.started else other.started
        self.ended = max(self.ended, other.ended)
        self.cpu_seconds += other.cpu_seconds


def cpu_time() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


# -- the game: a bot in every seat of a room -----------------------------------------------------


class Sockets:
    """A group's connections and their reader tasks, closed together."""

    sockets: list[Any]
    readers: list[asyncio.Task[None]]
    closing: bool

    async def close(self) -> None:
        self.closing = True
        for ws in self.sockets:
            with contextlib.suppress(Exception):
                await ws.close()
        for task in self.readers:
            task.cancel()


class BotRoom(Sockets):
    """One room and its seated connections, all served by one worker's event loop."""

    def __init__(
        self,
        game: str,
        seats: int,
        deals: int,
        rng: random.Random,
        tally: PhaseResult,
        think: float,
    ) -> None:
        self.game = game
        self.seats = seats
        self.deals_target = deals
        self.rng = rng
        self.tally = tally
        self.think = think
        self.code = ""
        self.sockets: list[ClientConnection] = []
        self.readers: list[asyncio.Task[None]] = []
        # Highest version each seat has received, and actions still waiting for every seat's
        # update: (version that completes it, time sent).
        self.seen = [0] * seats
        # The version each seat last acted on: a state repeated at the same version (someone
        # came or went) is no new turn.
        self.acted = [-1] * seats
        self.pending: deque[tuple[int, float]] = deque()
        self.deals_before = 0  # deals of matches already over (when --deals > one match)
        self.deals_done = 0
        self.playing = False
        self.stopping = False
        self.closing = False
        self.finished = asyncio.Event()

    async def setup(self, http: httpx.AsyncClient, ws_url: str) -> None:
        reply = await http.post(
            "/api/rooms",
            json={"game": self.game, "seats": self.seats, "nickname": NICKNAMES[0]},
        )
        reply.raise_for_status()
        created = reply.json()
        self.code = created["code"]
        url = f"{ws_url}/ws/{self.code}"
        host = await connect(url, **CONNECT_OPTIONS)
        self.sockets.append(host)
        await _expect(host, lambda m: m["type"] == "state")
        await host.send(json.dumps({"type": "hello", "secret": created["secret"]}))
        await _expect(host, lambda m: m["type"] == "state" and m["seat"] == 0)
        for seat in range(1, self.seats):
            ws = await connect(url, **CONNECT_OPTIONS)
            self.sockets.append(ws)
            await _expect(ws, lambda m: m["type"] == "state")
            await ws.send(json.dumps({"type": "sit", "seat": seat, "nickname": NICKNAMES[seat]}))
            await _expect(ws, lambda m: m["type"] == "seated")
        # Readers start only now, so the setup replies above were read in order by _expect.
        self.readers = [asyncio.create_task(self._read(seat)) for seat in range(self.seats)]

    async def start(self) -> None:
        self.playing = True
        await self.sockets[0].send('{"type":"start"}')

    def stop(self) -> None:
        self.stopping = True
        if not self.pending:
            self.finished.set()

    async def _read(self, seat: int) -> None:
        ws = self.sockets[seat]
        tally = self.tally
        try:
            async for text in ws:
                if isinstance(text, bytes):
                    tally.errors["binary_frame"] += 1
                    continue
                state = read_state(text)
                if state is not None:
                    await self._on_state(seat, state)
                else:
                    message = json.loads(text)
                    if message.get("type") == "error":
                        tally.errors[str(message.get("code"))] += 1
                    elif message.get("type") not in ("pong", "seated", "chat"):
                        tally.errors[f"unexpected:{message.get('type')}"] += 1
        except ConnectionClosed:
            pass
        if not self.closing:
            close = ws.close_code if ws.close_code is not None else "none"
            tally.errors[f"closed:{close}"] += 1
            self.pending.clear()
            self.stop()

    async def _on_state(self, seat: int, state: StateInfo) -> None:
        now = time.perf_counter()
        if state.v > self.seen[seat]:
            self.seen[seat] = state.v
        low = min(self.seen)
        pending = self.pending
        while pending and pending[0][0] <= low:
            self.tally.latencies.append(now - pending.popleft()[1])
        if self.stopping:
            if not pending:
                self.finished.set()
            return
        if not self.playing:
            return
        if state.legal is None or state.to_act != seat:
            # a seat not to act may still have a move (a claim); these bots only play in turn
            if seat == 0 and state.over:
                self._match_over(state)
                if not self.stopping:
                    await self.sockets[0].send('{"type":"start"}')
            return
        self.deals_done = self.deals_before + state.deals_played
        if self.deals_done >= self.deals_target:
            self.stop()
            return
        if self.acted[seat] == state.v:
            return
        self.acted[seat] = state.v
        action = self._choose(state.legal)
        if self.think:
            await asyncio.sleep(self.think * (0.5 + self.rng.random()))
            if self.stopping:
                return
        pending.append((state.v + 1, time.perf_counter()))
        self.tally.operations += 1
        await self.sockets[seat].send(f'{{"type":"act","v":{state.v},"action":"{action}"}}')

    def _match_over(self, state: StateInfo) -> None:
        self.deals_before += state.deals_played
        self.deals_done = self.deals_before
        if self.deals_done >= self.deals_target:
            self.stop()

    def _choose(self, legal: dict[str, Any]) -> str:
        if "count" in legal:
            cards = self.rng.sample(legal["from"], legal["count"])
            return f"{legal['kind']}:" + ",".join(cards)
        # A card when one may be played: a deal then runs its whole course, as at a table
        # of people, instead of ending at a random claim or concession after a few moves.
        plays = [a for a in legal["actions"] if a.startswith("play:")]
        action: str = self.rng.choice(plays or legal["actions"])
        return action


async def _expect(ws: ClientConnection, wanted: Callable[[dict[str, Any]], bool]) -> None:
    """Read until a message ``wanted`` accepts arrives; an error message aborts the setup."""
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), SETUP_TIMEOUT))
        if message.get("type") == "error":
            raise RuntimeError(f"setup refused: {message.get('code')}: {message.get('message')}")
        if wanted(message):
            return


# -- the baseline: as many sockets per echo group as a room has seats ----------------------------


ECHO_HEAD = '{"type":"act","n":"'


class EchoGroup(Sockets):
    """Sockets taking turns: one sends, all receive, then the next one sends."""

    def __init__(
        self,
        name: str,
        size: int,
        messages: int,
        tally: PhaseResult,
        think: float = 0.0,
        rng: random.Random | None = None,
    ) -> None:
        self.name = name
        self.think = think
        self.rng = rng or random.Random()
        self.size = size
        self.messages = messages
        self.tally = tally
        self.sockets: list[ClientConnection] = []
        self.readers: list[asyncio.Task[None]] = []
        self.sent = 0
        self.received = 0
        self.sent_at = 0.0
        self.stopping = False
        self.closing = False
        self.finished = asyncio.Event()

    async def setup(self, ws_url: str) -> None:
        for _ in range(self.size):
            self.sockets.append(
                await connect(f"{ws_url}/bench/echo/{self.name}", **CONNECT_OPTIONS)
            )
        self.readers = [asyncio.create_task(self._read(ws)) for ws in self.sockets]

    async def start(self) -> None:
        await self._send()

    def stop(self) -> None:
        self.stopping = True
        if self.received == 0 or self.received == self.size:
            self.finished.set()

    def _payload(self, n: int) -> str:
        # ~60 bytes, like an action; a fixed-width number, so the reader checks it by slicing
        return f'{ECHO_HEAD}{n:08d}","action":"play:QS","g":"{self.name[-8:]:>8}"}}'

    async def _send(self) -> None:
        if self.sent >= self.messages or self.stopping:
            self.stop()
            return
        text = self._payload(self.sent)
        sender = self.sockets[self.sent % self.size]
        self.sent += 1
        self.received = 0
        self.sent_at = time.perf_counter()
        self.tally.operations += 1
        await sender.send(text)

    async def _read(self, ws: ClientConnection) -> None:
        tally = self.tally
        try:
            async for text in ws:
                number = text[len(ECHO_HEAD) : len(ECHO_HEAD) + 8]
                if not isinstance(text, str) or number != f"{self.sent - 1:08d}":
                    tally.errors["echo_mismatch"] += 1
                    continue
                self.received += 1
                if self.received == self.size:
                    tally.latencies.append(time.perf_counter() - self.sent_at)
                    if self.think:
                        await asyncio.sleep(self.think * (0.5 + self.rng.random()))
                    await self._send()
        except ConnectionClosed:
            pass
        if not self.closing:
            close = ws.close_code if ws.close_code is not None else "none"
            tally.errors[f"closed:{close}"] += 1
            self.received = self.size
            self.stop()


# -- a worker process ---------------------------------------------------------------------------


class Unit(Protocol):
    """What the phase driver needs of a room or an echo group."""

    @property
    def finished(self) -> asyncio.Event: ...

    async def start(self) -> None: ...

    def stop(self) -> None: ...

    async def close(self) -> None: ...


async def run_phase(
    conn: Connection,
    units: Sequence[Unit],
    setups: Sequence[Callable[[], Coroutine[Any, Any, None]]],
    tally: PhaseResult,
    seconds: float | None,
    progress: Callable[[], int],
) -> None:
    """Set every unit up, report ready, wait for "go", run them all, and clean up."""
    loop = asyncio.get_running_loop()
    gate = asyncio.Semaphore(SETUP_CONCURRENCY)
    ready: list[Unit] = []

    async def set_up(unit: Unit, setup: Callable[[], Coroutine[Any, Any, None]]) -> None:
        async with gate:
            try:
                await setup()
            except Exception as e:  # a room that cannot be set up is an error, not a crash
                tally.errors[f"setup:{type(e).__name__}"] += 1
                await unit.close()
            else:
                ready.append(unit)

    began = time.monotonic()
    await asyncio.gather(*(set_up(u, s) for u, s in zip(units, setups, strict=True)))
    tally.setup_seconds = time.monotonic() - began
    tally.groups = len(ready)
    conn.send(("ready", len(ready)))
    await loop.run_in_executor(None, conn.recv)  # "go": every worker starts at once

    cpu_before = cpu_time()
    tally.started = time.monotonic()
    await asyncio.gather(*(u.start() for u in ready))
    deadline = tally.started + seconds if seconds else None
    waiting = [asyncio.ensure_future(u.finished.wait()) for u in ready]
    last, last_change = progress(), time.monotonic()
    while waiting:
        _, pending_waits = await asyncio.wait(waiting, timeout=0.5)
        waiting = list(pending_waits)
        now = time.monotonic()
        if progress() != last:
            last, last_change = progress(), now
        if deadline is not None and now >= deadline:
            break
        if now - last_change > STALL_SECONDS:
            tally.errors["stalled"] += len(waiting)
            break
    for unit in ready:
        unit.stop()
    if waiting:
        await asyncio.wait(waiting, timeout=DRAIN_SECONDS)
        for w in waiting:
            w.cancel()
    tally.ended = time.monotonic()
    tally.cpu_seconds = cpu_time() - cpu_before
    await asyncio.gather(*(u.close() for u in units))


async def game_phase(
    conn: Connection, base_url: str, ws_url: str, rooms: int, options: dict[str, Any]
) -> PhaseResult:
    tally = PhaseResult()
    rng = random.Random(options["seed"])
    think = options["think_ms"] / 1000
    units = [
        BotRoom(
            options["game"],
            options["seats"],
            options["deals"],
            random.Random(rng.random()),
            tally,
            think,
        )
        for _ in range(rooms)
    ]
    # Idle connections are dropped before uvicorn's 5 s keep-alive timeout can close one
    # under a request in flight (a ReadError seen when setup crawls on a busy machine).
    limits = httpx.Limits(max_connections=SETUP_CONCURRENCY, keepalive_expiry=2.0)
    async with httpx.AsyncClient(base_url=base_url, timeout=SETUP_TIMEOUT, limits=limits) as http:
        setups = [functools.partial(room.setup, http, ws_url) for room in units]
        await run_phase(conn, units, setups, tally, options["seconds"], lambda: tally.operations)
    tally.deals = sum(room.deals_done for room in units if room.code)
    return tally


async def echo_phase(
    conn: Connection, ws_url: str, groups: int, options: dict[str, Any]
) -> PhaseResult:
    tally = PhaseResult()
    prefix = f"w{options['worker']}g"
    think = options.get("think_ms", 0.0) / 1000
    rng = random.Random(options.get("seed", 1) * 1000 + options["worker"])
    units = [
        EchoGroup(
            f"{prefix}{i:07d}",
            options["size"],
            options["messages"],
            tally,
            think,
            random.Random(rng.random()),
        )
        for i in range(groups)
    ]
    setups = [functools.partial(group.setup, ws_url) for group in units]
    await run_phase(conn, units, setups, tally, options["seconds"], lambda: tally.operations)
    return tally


def stop_workers(pipes: Sequence[Connection], processes: Sequence[Any]) -> None:
    """Tell every client process to quit, and end any that does not within 10 s."""
    for pipe in pipes:
        with contextlib.suppress(OSError):
            pipe.send(("quit",))
    for process in processes:
        process.join(10)
        if process.is_alive():
            process.terminate()


def worker_main(conn: Connection, base_url: str, ws_url: str) -> None:
    """Runs phases on the parent's orders: ("game"|"echo", count, options), then "quit"."""
    try:
        import uvloop

        run: Callable[[Coroutine[Any, Any, PhaseResult]], PhaseResult] = uvloop.run
    except ImportError:
        run = asyncio.run
    while True:
        order = conn.recv()
        if order[0] == "quit":
            return
        kind, count, options = order
        try:
            if kind == "game":
                result = run(game_phase(conn, base_url, ws_url, count, options))
            else:
                result = run(echo_phase(conn, ws_url, count, options))
        except Exception as e:
            conn.send(("failed", f"{type(e).__name__}: {e}"))
            return
        conn.send(("result", result))


# -- the server under test ----------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """`python -m app serve` in a child process, with output in files under a temp directory."""

    def __init__(
        self,
        database_url: str | None = None,
        instance: str | None = None,
        env: dict[str, str] | None = None,
        start_seconds: float = 30.0,
    ) -> None:
        self.database_url = database_url
        self.start_seconds = start_seconds
        self.instance = instance
        self.env = dict(env or {})
        self.tmp = Path(tempfile.mkdtemp(prefix="kortbord-load-"))
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.command = [sys.executable, "-m", "app", "serve"]
        """What starts the server, less its port (bench/where_cpu_goes.py profiles it)."""

    def start(self) -> int:
        env = dict(os.environ)
        # A developer's own database must never receive benchmark rooms.
        env.pop("DATABASE_URL", None)
        if self.database_url:
            env["DATABASE_URL"] = self.database_url
        env.update(
            {
                "KORTBORD_DATA_DIR": str(self.tmp / "data"),
                "KORTBORD_BENCH_ECHO": "1",
                # Bots act as fast as the server answers; the flood limits are for people.
                "KORTBORD_WS_MESSAGES_PER_SECOND": "1000000",
                "KORTBORD_WS_BURST": "1000000",
                "PYTHONUNBUFFERED": "1",
            }
        )
        if self.instance:
            env["KORTBORD_INSTANCE_ID"] = self.instance
        env.update(self.env)
        with (self.tmp / "server.log").open("ab") as log:
            self.proc = subprocess.Popen(
                [*self.command, "--port", str(self.port)],
                cwd=REPO_ROOT,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + self.start_seconds
        with httpx.Client(timeout=1.0) as client:
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    raise SystemExit(f"server exited at start; see {self.tmp / 'server.log'}")
                with contextlib.suppress(httpx.TransportError):
                    if client.get(f"{self.base_url}/healthz").status_code == 200:
                        return self.proc.pid
                time.sleep(0.05)
        self.stop()
        raise SystemExit(f"server did not answer /healthz; see {self.tmp / 'server.log'}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        shutil.rmtree(self.tmp, ignore_errors=True)


class Proxy:
    """HAProxy with the shipped deploy/haproxy.cfg, on a free loopback port in front of the
    given instances; echo groups are routed like rooms, so a group meets in one instance."""

    def __init__(self, ports: list[int]) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="kortbord-proxy-"))
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        lines: list[str] = []
        for line in (REPO_ROOT / "deploy" / "haproxy.cfg").read_text().splitlines():
            stripped = line.strip()
            if stripped.startswith("bind :"):
                lines.append(f"    bind 127.0.0.1:{self.port}")
            elif stripped.startswith("server app1 "):
                lines.extend(f"    server app{i + 1} 127.0.0.1:{p}" for i, p in enumerate(ports))
            elif stripped.startswith("server app"):
                continue
            elif stripped.startswith("use_backend rooms"):
                lines.append(
                    "    http-request set-var(txn.room) path,field(4,/)"
                    " if { path_beg /bench/echo/ }"
                )
                lines.append(line)
            elif stripped.startswith("maxconn "):
                # the shipped limit (8,000 connections, some 2,600 tables of three) is a
                # host's to raise with its open-file limit; the bench goes past it
                lines.append(f"    maxconn {MAXCONN}")
            elif stripped.startswith("log ") or stripped == "option httplog":
                continue  # a line per request would cost the proxy more than the routing
            else:
                lines.append(line)
        (self.tmp / "haproxy.cfg").write_text("\n".join(lines) + "\n")
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> int:
        binary = shutil.which("haproxy") or "/usr/sbin/haproxy"
        with (self.tmp / "haproxy.log").open("ab") as log:
            self.proc = subprocess.Popen(
                [binary, "-db", "-f", str(self.tmp / "haproxy.cfg")],
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
            )
        deadline = time.monotonic() + 15
        with httpx.Client(timeout=1.0) as client:
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    raise SystemExit(f"haproxy exited; see {self.tmp / 'haproxy.log'}")
                with contextlib.suppress(httpx.TransportError):
                    if client.get(f"{self.base_url}/healthz").status_code == 200:
                        return self.proc.pid
                time.sleep(0.05)
        raise SystemExit(f"haproxy did not answer; see {self.tmp / 'haproxy.log'}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)
        shutil.rmtree(self.tmp, ignore_errors=True)


class ProcessProbe:
    """CPU time and memory of the server's processes on this machine, read from /proc: one
    process, or every instance of several (their sums)."""

    def __init__(self, pid: int | None, more: Sequence[int] = ()) -> None:
        self.pid = pid
        self.pids = [p for p in (pid, *more) if p is not None]
        self.ticks = os.sysconf("SC_CLK_TCK")
        self.peak_kb = 0
        self._sampling = False
        self._thread: threading.Thread | None = None

    def _status_kb(self, key: str) -> int:
        return sum(self._one_status_kb(pid, key) for pid in self.pids)

    @staticmethod
    def _one_status_kb(pid: int, key: str) -> int:
        try:
            with open(f"/proc/{pid}/status") as status:
                for line in status:
                    if line.startswith(key):
                        return int(line.split()[1])
        except OSError:
            pass
        return 0

    def rss_mb(self) -> float:
        return self._status_kb("VmRSS:") / 1024

    def hwm_mb(self) -> float:
        return self._status_kb("VmHWM:") / 1024

    def cpu_seconds(self) -> float:
        return sum(self._one_cpu_seconds(pid) for pid in self.pids)

    def _one_cpu_seconds(self, pid: int) -> float:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        return (int(fields[11]) + int(fields[12])) / self.ticks  # utime + stime

    def start_sampling(self) -> None:
        """Peak RSS of one phase (VmHWM only knows the peak since the process began)."""
        self.peak_kb = self._status_kb("VmRSS:")
        self._sampling = True
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()

    def stop_sampling(self) -> float:
        self._sampling = False
        if self._thread is not None:
            self._thread.join()
        return self.peak_kb / 1024

    def _sample(self) -> None:
        while self._sampling:
            self.peak_kb = max(self.peak_kb, self._status_kb("VmRSS:"))
            time.sleep(0.1)


# -- the parent: orders the workers, then prints ------------------------------------------------


@dataclass
class Phase:
    result: PhaseResult
    server_cpu: float
    server_peak_mb: float

    @property
    def wall(self) -> float:
        return max(self.result.ended - self.result.started, 1e-9)

    @property
    def rate(self) -> float:
        return self.result.operations / self.wall

    def percentile(self, q: float) -> float:
        values = sorted(self.result.latencies)
        if not values:
            return float("nan")
        return values[min(len(values) - 1, round(q * (len(values) - 1)))] * 1000

    @property
    def server_us_per_op(self) -> float:
        return self.server_cpu / max(self.result.operations, 1) * 1e6


def split(total: int, parts: int) -> list[int]:
    return [total // parts + (1 if i < total % parts else 0) for i in range(parts)]


def run_on_workers(
    pipes: list[Connection],
    kind: str,
    counts: list[int],
    options: dict[str, Any],
    probe: ProcessProbe,
) -> Phase:
    for i, (pipe, count) in enumerate(zip(pipes, counts, strict=True)):
        pipe.send((kind, count, {**options, "worker": i}))
    for pipe in pipes:
        answer = pipe.recv()
        if answer[0] == "failed":
            raise SystemExit(f"a worker failed during setup: {answer[1]}")
    # a profiled server (bench/where_cpu_goes.py) counts the games' phases alone
    marked = kind == "game" and MARK_PHASES and probe.pid is not None
    cpu_before = probe.cpu_seconds()
    probe.start_sampling()
    if marked:
        os.kill(probe.pid, signal.SIGUSR1)
    for pipe in pipes:
        pipe.send("go")
    total = PhaseResult()
    for pipe in pipes:
        answer = pipe.recv()
        if answer[0] == "failed":
            raise SystemExit(f"a worker failed: {answer[1]}")
        total.merge(answer[1])
    if marked:
        os.kill(probe.pid, signal.SIGUSR2)
    peak = probe.stop_sampling()
    return Phase(total, probe.cpu_seconds() - cpu_before, peak)


def raise_fd_limit(needed: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= needed:
        return
    target = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
    resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    if target < needed:
        print(f"warning: open files limited to {target}; {needed} wanted", file=sys.stderr)


def echo_available(ws_url: str) -> bool:
    async def probe() -> bool:
        try:
            ws = await connect(f"{ws_url}/bench/echo/probe", **CONNECT_OPTIONS)
        except InvalidStatus:
            return False
        await ws.close()
        return True

    return asyncio.run(probe())


def ms(value: float) -> str:
    return f"{value:,.1f}"


def report_phase(name: str, unit: str, phase: Phase, probe: ProcessProbe, size: int) -> None:
    r = phase.result
    print(
        f"{name}: {r.groups:,} {'rooms' if unit == 'actions' else 'groups'},"
        f" {r.groups * size:,} sockets (set up in {r.setup_seconds:.1f} s)"
    )
    line = f"  {r.operations:,} {unit} in {phase.wall:.2f} s = {phase.rate:,.0f} {unit}/s"
    if unit == "actions":
        line += f"; {r.deals:,} deals complete"
    print(line)
    print(
        f"  latency to the last seat (ms): p50 {ms(phase.percentile(0.50))}"
        f"  p95 {ms(phase.percentile(0.95))}  p99 {ms(phase.percentile(0.99))}"
        f"  max {ms(phase.percentile(1.0))}  ({len(r.latencies):,} samples)"
    )
    if probe.pid is not None:
        print(
            f"  server: CPU {phase.server_cpu:.2f} s"
            f" ({phase.server_cpu / phase.wall:.0%} of a core)"
            f" = {phase.server_us_per_op:,.0f} us per {unit[:-1]};"
            f" peak RSS {phase.server_peak_mb:.1f} MB"
        )
        # On a shared or busy machine the server gets less than a core and the rates above
        # fall with it; this bound depends only on the CPU time each operation took.
        capacity = 1e6 / max(phase.server_us_per_op, 1e-9)
        print(f"  server-bound rate on one full core: ~{capacity:,.0f} {unit}/s")
    print(f"  clients: CPU {r.cpu_seconds:.2f} s ({r.cpu_seconds / phase.wall:.0%} of a core)")
    errors = ", ".join(f"{code} {n}" for code, n in r.errors.most_common()) or "none"
    print(f"  errors: {sum(r.errors.values())} ({errors})")


def main() -> None:
    if sys.argv[1:2] == ["--report"]:
        from lean_report import main as report

        report(sys.argv[2:])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="bismarck", help="the game the rooms play")
    parser.add_argument("--seats", type=int, help="seats per room (default: the game's)")
    parser.add_argument("--rooms", type=int, default=1000, help="rooms (and echo groups)")
    parser.add_argument("--deals", type=int, default=1, help="complete deals per room")
    parser.add_argument("--url", help="use this running server (http://host:port)")
    parser.add_argument("--pid", type=int, help="with --url: the server's pid, for CPU and RSS")
    parser.add_argument("--seconds", type=float, help="stop each phase after this long")
    parser.add_argument("--workers", type=int, default=3, help="client processes")
    parser.add_argument(
        "--think-ms", type=float, default=0.0, help="bots pause ~this long before acting"
    )
    parser.add_argument(
        "--paced-ms",
        type=float,
        default=1000.0,
        help="then a paced game with bots thinking ~this long, for the latency goal (0: none)",
    )
    parser.add_argument(
        "--paced-seconds", type=float, default=20.0, help="length of the paced game"
    )
    parser.add_argument(
        "--echo-messages", type=int, help=f"per group (default: {ACTIONS_PER_DEAL} per deal)"
    )
    parser.add_argument("--no-echo", action="store_true", help="skip the baseline")
    parser.add_argument(
        "--paced-echo",
        action="store_true",
        help="after the paced game, the echo at the same pace and count (what being alone costs)",
    )
    parser.add_argument(
        "--database-url",
        help="for the server started here (default: SQLite in a temporary directory);"
        " 'memory:' leaves storage out of the figures",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--instances",
        type=int,
        help="start this many instances behind HAProxy (deploy/haproxy.cfg), sharing a scratch"
        " database made on the PostgreSQL server --database-url names, and load them through it",
    )
    parser.add_argument(
        "--compare",
        help="instance counts to run one after another, e.g. 1,2: each through HAProxy with"
        " --paced-rooms times the count of paced rooms, then their ratios",
    )
    parser.add_argument(
        "--paced-rooms", type=int, help="rooms in the paced game (default: --rooms)"
    )
    parser.add_argument("--json-summary", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.compare:
        compare(args)
        return
    if args.instances is not None and not (args.database_url or "").startswith("postgresql"):
        parser.error("--instances needs a PostgreSQL --database-url, which they share")
    if args.rooms < 1 or args.deals < 1 or args.workers < 1:
        parser.error("--rooms, --deals and --workers must be positive")

    # Each worker holds its share of the sockets; the server (our child) inherits the limit.
    raise_fd_limit(max(args.rooms, args.paced_rooms or 0) * 5 * 2 + 1024)
    server = None
    cleanups: list[Callable[[], None]] = []
    instances: list[Server] = []
    proxy = None
    more: list[int] = []
    if args.url:
        base_url, pid = args.url.rstrip("/"), args.pid
    elif args.instances:
        database = scratch_database(args.database_url)
        cleanups.append(database.drop)
        instances = [
            Server(database.url, f"bench{i + 1}", ONE_CLIENT_ALL_TABLES)
            for i in range(args.instances)
        ]
        try:
            pids = [s.start() for s in instances]
            proxy = Proxy([s.port for s in instances])
            proxy.start()
        except BaseException:
            # a start that failed part way leaves nothing running behind it
            if proxy is not None:
                proxy.stop()
            for instance in instances:
                instance.stop()
            database.drop()
            raise
        base_url, pid, more = proxy.base_url, pids[0], pids[1:]
    else:
        server = Server(args.database_url, env=ONE_CLIENT_ALL_TABLES)
        base_url, pid = server.base_url, server.start()
    ws_url = "ws" + base_url.removeprefix("http")
    probe = ProcessProbe(pid, more)
    workers = min(args.workers, args.rooms)
    context = multiprocessing.get_context("spawn")
    pipes: list[Connection] = []
    processes = []
    try:
        games = {g["name"]: g for g in httpx.get(f"{base_url}/api/games", timeout=10).json()}
        if args.game not in games:
            raise SystemExit(f"the server has no game {args.game!r}; it has {', '.join(games)}")
        seats = args.seats or games[args.game]["default_seats"]
        if seats not in games[args.game]["seats"]:
            raise SystemExit(f"{args.game} is played by {games[args.game]['seats']} seats")
        for _ in range(workers):
            ours, theirs = context.Pipe()
            process = context.Process(target=worker_main, args=(theirs, base_url, ws_url))
            process.start()
            pipes.append(ours)
            processes.append(process)
        idle = probe.rss_mb()
        print(
            f"Kortbord load: {args.rooms:,} rooms of {args.game} x {seats} bots,"
            f" {args.deals} deal(s) each,"
            f" {workers} client processes; server {base_url}"
            + (f" (pid {pid}, idle RSS {idle:.1f} MB)" if pid else "")
            + f"; python {sys.version.split()[0]}, {os.cpu_count()} cores"
        )
        if server is not None:
            print(f"store: {args.database_url or 'SQLite in a temporary directory'}")
        if instances:
            print(
                f"{len(instances)} instance(s) behind HAProxy on {args.database_url};"
                " server figures are the instances' sums"
            )
        # Other work on the machine skews every figure here; say how busy it was.
        print(f"load average before the run: {os.getloadavg()[0]:.2f}")
        counts = split(args.rooms, workers)
        echo_ready = not args.no_echo and echo_available(ws_url)
        if not args.no_echo and not echo_ready:
            print(
                "echo: the server has no /bench/echo endpoint (start it with KORTBORD_BENCH_ECHO=1)"
            )
        # The baseline runs before and after the game, and the two are pooled: the machine's
        # speed drifts during a run, and a baseline on one side only takes the drift for cost.
        per_group = args.echo_messages or ACTIONS_PER_DEAL * args.deals
        echo_options = {"messages": per_group, "seconds": args.seconds, "size": seats}
        echoes: list[Phase] = []

        def run_echo(when: str) -> None:
            echo = run_on_workers(pipes, "echo", counts, echo_options, probe)
            report_phase(
                f"echo baseline, {when} ({per_group} messages per group)",
                "messages",
                echo,
                probe,
                seats,
            )
            echoes.append(echo)

        if echo_ready:
            run_echo("before the game")
        options = {
            "game": args.game,
            "seats": seats,
            "deals": args.deals,
            "seconds": args.seconds,
            "think_ms": args.think_ms,
            "seed": args.seed,
        }
        game = run_on_workers(pipes, "game", counts, options, probe)
        report_phase(
            "game" if not args.think_ms else f"game, bots thinking ~{args.think_ms:g} ms",
            "actions",
            game,
            probe,
            seats,
        )
        game_hwm = probe.hwm_mb()
        if echo_ready:
            run_echo("after the game")

        # Flat out, latency is queueing, so the latency goal is measured again at a pace.
        paced = None
        if not args.think_ms and args.paced_ms > 0:
            options = {
                **options,
                "think_ms": args.paced_ms,
                "seconds": args.paced_seconds,
                "seed": args.seed + 1,
            }
            paced_counts = split(args.paced_rooms or args.rooms, workers)
            paced = run_on_workers(pipes, "game", paced_counts, options, probe)
            report_phase(
                f"paced game, bots thinking ~{args.paced_ms:g} ms", "actions", paced, probe, seats
            )
        # The echo at the same pace: what one message costs the server when it comes alone,
        # with a wake-up of its own, and goes out to sockets whose readers sleep.
        paced_echo = None
        if paced is not None and args.paced_echo and echo_ready:
            paced_echo = run_on_workers(
                pipes,
                "echo",
                paced_counts,
                {**echo_options, "seconds": args.paced_seconds, "think_ms": args.paced_ms},
                probe,
            )
            report_phase(
                f"paced echo, senders thinking ~{args.paced_ms:g} ms",
                "messages",
                paced_echo,
                probe,
                seats,
            )

        echo_ops = sum(e.result.operations for e in echoes)
        echo_us = sum(e.server_cpu for e in echoes) / max(echo_ops, 1) * 1e6
        if echoes and game.result.operations and echo_ops:
            # Each figure is how many times costlier an action is than an echo message.
            echo_rate = echo_ops / sum(e.wall for e in echoes)
            echo_p50 = statistics.fmean(e.percentile(0.5) for e in echoes)
            echo_p99 = statistics.fmean(e.percentile(0.99) for e in echoes)
            print("an action's cost in echo messages, both baselines pooled:")
            print(
                f"  throughput (echo msg/s / actions/s) {echo_rate / game.rate:.2f}x"
                f"  latency p50 {game.percentile(0.5) / echo_p50:.2f}x"
                f"  p99 {game.percentile(0.99) / echo_p99:.2f}x"
                + (f"  server CPU {game.server_us_per_op / echo_us:.2f}x" if pid else "")
            )
        if echoes and pid and echo_ops and paced is not None and paced.result.operations:
            line = (
                f"paced action: {paced.server_us_per_op:,.0f} us of server CPU,"
                f" {paced.server_us_per_op / echo_us:.2f}x the echo baseline (flat out)"
            )
            if paced_echo is not None and paced_echo.result.operations:
                line += (
                    f", {paced.server_us_per_op / paced_echo.server_us_per_op:.2f}x the paced echo"
                    f" ({paced_echo.server_us_per_op:,.0f} us a message)"
                )
            print(line)
        if pid:
            print(
                f"server peak RSS (VmHWM): {probe.hwm_mb():.1f} MB"
                f" (after the {'first ' if paced else ''}game phase {game_hwm:.1f} MB)"
            )
        errors = (
            sum(game.result.errors.values())
            + sum(sum(e.result.errors.values()) for e in echoes)
            + (sum(paced.result.errors.values()) if paced else 0)
            + (sum(paced_echo.result.errors.values()) if paced_echo else 0)
        )
        print(f"errors: {errors}")
        timed = paced if paced is not None else game
        p99 = timed.percentile(0.99)
        verdict = "met" if p99 < 100 else "missed"
        pace = "flat out" if timed is game and not args.think_ms else "at a pace"
        rooms = timed.result.groups
        print(f"goal p99 < 100 ms with {rooms:,} rooms ({pace}): {verdict} ({ms(p99)} ms)")
        if not args.think_ms and game.rate:
            # Flat out, each room's next action is always in line behind the other rooms', so
            # latency is set by queueing (Little's law), not by how fast one action is served.
            line = 1000 * game.result.groups / game.rate
            print(
                f"  flat out the p99 was {ms(game.percentile(0.99))} ms: latency there is queueing,"
                f" rooms / actions per second = {line:,.0f} ms less the clients' own time"
            )
        if echoes and pid and echo_ops:
            ratio = game.server_us_per_op / echo_us
            from lean_report import GOAL_RATIO_POSTGRESQL, GOAL_RATIO_SQLITE

            postgresql = (args.database_url or "").startswith("postgresql")
            goal = GOAL_RATIO_POSTGRESQL if postgresql else GOAL_RATIO_SQLITE
            verdict = "met" if ratio <= goal else "missed"
            print(
                f"goal action within {goal:g}x of an echo message (server CPU): {verdict}"
                f" ({ratio:.2f}x)"
            )
        if args.json_summary:
            summary = {
                "instances": args.instances or 1,
                "flat_rate": game.rate,
                "flat_p99": game.percentile(0.99),
                "paced_rooms": paced.result.groups if paced else None,
                "paced_rate": paced.rate if paced else None,
                "paced_p99": paced.percentile(0.99) if paced else None,
                "paced_us_per_action": paced.server_us_per_op if paced and pid else None,
                "us_per_action": game.server_us_per_op,
                "actions": game.result.operations,
                "paced_actions": paced.result.operations if paced else None,
                "rss_mb": probe.hwm_mb() if pid else None,
                "echo_us": echo_us if echoes else None,
                "paced_echo_us": paced_echo.server_us_per_op if paced_echo and pid else None,
                "errors": errors,
            }
            print("SUMMARY " + json.dumps(summary))
    finally:
        stop_workers(pipes, processes)
        if server is not None:
            server.stop()
        if proxy is not None:
            proxy.stop()
        for instance in instances:
            instance.stop()
        for cleanup in cleanups:
            cleanup()


@dataclass
class ScratchDatabase:
    """A database of its own on the server ``--database-url`` names, dropped at the end: the
    instances share it, and nothing of the bench stays behind."""

    admin: str
    name: str

    @property
    def url(self) -> str:
        from sqlalchemy.engine import make_url

        return make_url(self.admin).set(database=self.name).render_as_string(hide_password=False)

    def drop(self) -> None:
        from sqlalchemy import create_engine, text

        engine = create_engine(self.admin, isolation_level="AUTOCOMMIT")
        with engine.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)'))
        engine.dispose()


def scratch_database(admin: str) -> ScratchDatabase:
    from sqlalchemy import create_engine, text

    name = f"kortbord_bench_{os.getpid()}_{random.getrandbits(32):08x}"
    engine = create_engine(admin, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    return ScratchDatabase(admin, name)


def compare(args: argparse.Namespace) -> None:
    """Runs the whole bench once per instance count, each in a process of its own on a
    fresh schema of rooms, and sets the figures side by side."""
    counts = [int(c) for c in args.compare.split(",")]
    if not (args.database_url or "").startswith("postgresql"):
        raise SystemExit("--compare needs a PostgreSQL --database-url")
    base_paced = args.paced_rooms or args.rooms
    rows: list[dict[str, Any]] = []
    for count in counts:
        command = [sys.executable, __file__, "--instances", str(count), "--json-summary"]
        for name in ("game", "rooms", "deals", "seconds", "workers", "paced_ms"):
            value = getattr(args, name)
            if value is not None:
                command += [f"--{name.replace('_', '-')}", str(value)]
        command += ["--paced-seconds", str(args.paced_seconds)]
        command += ["--paced-rooms", str(base_paced * count)]
        command += ["--database-url", args.database_url, "--seed", str(args.seed)]
        if args.no_echo:
            command.append("--no-echo")
        print(f"== {count} instance(s): {' '.join(command[1:])}", flush=True)
        run = subprocess.run(command, capture_output=True, text=True, check=False)
        print(run.stdout, end="", flush=True)
        if run.returncode != 0:
            raise SystemExit(f"the run with {count} instance(s) failed:\n{run.stderr[-3000:]}")
        line = next(li for li in run.stdout.splitlines() if li.startswith("SUMMARY "))
        rows.append(json.loads(line.removeprefix("SUMMARY ")))
    print(
        "instances | flat actions/s | flat p99 ms | paced rooms | paced actions/s | paced p99 ms"
        " | us/action (sum)"
    )
    for row in rows:
        print(
            f"{row['instances']:>9} | {row['flat_rate']:>14,.0f} | {row['flat_p99']:>11,.1f}"
            f" | {row['paced_rooms'] or 0:>11,} | {row['paced_rate'] or 0:>15,.0f}"
            f" | {row['paced_p99'] or 0:>12,.1f} | {row['us_per_action']:>15,.0f}"
        )
    one = rows[0]
    for row in rows[1:]:
        print(
            f"{row['instances']} against {one['instances']}: flat throughput"
            f" {row['flat_rate'] / one['flat_rate']:.2f}x; paced tables"
            f" {(row['paced_rooms'] or 0) / max(one['paced_rooms'] or 1, 1):.2f}x at p99"
            f" {row['paced_p99'] or 0:.1f} ms against {one['paced_p99'] or 0:.1f} ms"
            f" (paced throughput {(row['paced_rate'] or 0) / max(one['paced_rate'] or 1, 1):.2f}x);"
            f" server CPU per action {row['us_per_action'] / one['us_per_action']:.2f}x"
        )


if __name__ == "__main__":
    main()
