"""Several Kortbord instances on one fresh PostgreSQL database, behind a real HAProxy with the
configuration the project ships (deploy/haproxy.cfg, its addresses put on loopback), and
players who reconnect as a browser does.
"""

from __future__ import annotations

import asyncio
import csv
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from support.databases import fresh_postgres
from support.server import REPO_ROOT, ServerProcess, free_port

HAPROXY_CONFIG = REPO_ROOT / "deploy" / "haproxy.cfg"
LEASE = 3.0
RENEW = 1.0
TENURE = 2.0


def haproxy_binary() -> str:
    found = shutil.which("haproxy") or (
        "/usr/sbin/haproxy" if Path("/usr/sbin/haproxy").exists() else None
    )
    if found is None:
        reason = "haproxy is missing (apt-get install haproxy)"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    return found


def proxy_config(port: int, backends: list[int], stats_port: int) -> str:
    """deploy/haproxy.cfg as shipped, listening on ``port`` and sending to ``backends``, with
    its runtime interface on ``stats_port`` for the tests to read which servers it sees up."""
    shipped = HAPROXY_CONFIG.read_text()
    lines: list[str] = []
    for line in shipped.splitlines():
        if line == "global":
            lines.append(line)
            lines.append(f"    stats socket ipv4@127.0.0.1:{stats_port} level operator")
        elif re.match(r"\s*bind :\d+", line):
            lines.append(f"    bind 127.0.0.1:{port}")
        elif re.match(r"\s*server app1 ", line):
            lines.extend(f"    server app{i + 1} 127.0.0.1:{p}" for i, p in enumerate(backends))
        elif re.match(r"\s*server app\d+ ", line):
            continue
        else:
            lines.append(line)
    return "\n".join(lines) + "\n"


class Proxy:
    def __init__(self, root: Path, backends: list[int]) -> None:
        self.port = free_port()
        self.stats_port = free_port()
        self.config = root / "haproxy.cfg"
        self.config.write_text(proxy_config(self.port, backends, self.stats_port))
        self.log = root / "haproxy.log"
        self._proc: subprocess.Popen[bytes] | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> None:
        binary = haproxy_binary()
        with self.log.open("ab") as out:
            self._proc = subprocess.Popen(
                [binary, "-db", "-f", str(self.config)],
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
            )
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            assert self._proc.poll() is None, self.log.read_text()
            try:
                if httpx.get(f"{self.base_url}/healthz", timeout=60).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.05)
        raise AssertionError(f"haproxy did not answer: {self.log.read_text()}")

    def stop(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            self._proc.terminate()
            self._proc.wait(10)

    def servers_up(self) -> set[str]:
        """The servers the proxy's health checks see up in every backend."""
        with socket.create_connection(("127.0.0.1", self.stats_port), timeout=30) as conn:
            conn.sendall(b"show stat\n")
            chunks: list[bytes] = []
            while chunk := conn.recv(65536):
                chunks.append(chunk)
        rows = list(csv.reader(b"".join(chunks).decode().lstrip("# ").splitlines()))
        header, body = rows[0], [r for r in rows[1:] if len(r) == len(rows[0])]
        name, server, status = (header.index(k) for k in ("svname", "pxname", "status"))
        backends: dict[str, set[str]] = {}
        for row in body:
            if row[name] not in ("FRONTEND", "BACKEND"):
                backends.setdefault(row[server], set())
                if row[status] == "UP":
                    backends[row[server]].add(row[name])
        return set.intersection(*backends.values()) if backends else set()

    def wait_up(self, names: list[str], limit: float = 120.0) -> None:
        """Until the proxy routes to each of ``names`` again: a rolling restart waits for
        this before it stops the next instance, or the proxy may have none to send to."""
        deadline = time.monotonic() + limit
        while not set(names) <= (up := self.servers_up()):
            assert time.monotonic() < deadline, f"the proxy sees only {sorted(up)} up"
            time.sleep(0.1)


@dataclass
class Cluster:
    url: str
    """The shared database."""
    servers: list[ServerProcess]
    ids: list[str]
    proxy: Proxy

    def owner(self, code: str) -> str | None:
        engine = create_engine(self.url)
        try:
            with engine.connect() as conn:
                row = conn.execute(
                    text("SELECT owner FROM rooms WHERE code = :c"), {"c": code}
                ).first()
        finally:
            engine.dispose()
        return None if row is None else row[0]

    def server_of(self, instance: str) -> ServerProcess:
        return self.servers[self.ids.index(instance)]

    def log_of(self, code: str) -> list[tuple[int, str, dict[str, Any]]]:
        """The room's stored events: (seq, kind, event)."""
        engine = create_engine(self.url)
        try:
            with engine.connect() as conn:
                rows = conn.execute(
                    text(
                        "SELECT seq, kind, data FROM room_events WHERE room_code = :c ORDER BY seq"
                    ),
                    {"c": code},
                ).all()
                version = conn.execute(
                    text("SELECT version FROM rooms WHERE code = :c"), {"c": code}
                ).scalar_one()
        finally:
            engine.dispose()
        seqs = [int(r[0]) for r in rows]
        # one history: numbered 1..n without a gap, and the room's version is its length
        assert seqs == list(range(1, len(seqs) + 1)), seqs
        assert version == len(seqs)
        return [(int(r[0]), str(r[1]), json.loads(r[2])) for r in rows]

    def ensure_running(self) -> None:
        for server in self.servers:
            if not server.running:
                server.start()
        self.proxy.wait_up(self.ids)

    def pause(self, server: ServerProcess) -> None:
        os.kill(server.pid, signal.SIGSTOP)

    def resume(self, server: ServerProcess) -> None:
        os.kill(server.pid, signal.SIGCONT)


@contextmanager
def running_cluster(
    root: Path, size: int = 3, env: dict[str, str] | None = None
) -> Iterator[Cluster]:
    with fresh_postgres() as url:
        servers: list[ServerProcess] = []
        ids = [f"app{i + 1}" for i in range(size)]
        for instance in ids:
            servers.append(
                ServerProcess(
                    root / instance,
                    env={
                        "DATABASE_URL": url,
                        "KORTBORD_INSTANCE_ID": instance,
                        "KORTBORD_LEASE_SECONDS": str(LEASE),
                        "KORTBORD_LEASE_RENEW": str(RENEW),
                        "KORTBORD_HANDOVER_TENURE": str(TENURE),
                        "KORTBORD_BOT_DELAY": "0",
                        **(env or {}),
                    },
                )
            )
        try:
            for server in servers:
                server.start()
            proxy = Proxy(root, [s.port for s in servers])
            proxy.start()
            try:
                yield Cluster(url, servers, ids, proxy)
            finally:
                proxy.stop()
        finally:
            for server in servers:
                if server.running:
                    with_signal_cont(server)
                    server.stop()


def with_signal_cont(server: ServerProcess) -> None:
    """A paused server cannot stop until it runs again."""
    with suppress(OSError, AssertionError):
        os.kill(server.pid, signal.SIGCONT)


# -- players who reconnect ----------------------------------------------------------------------

Choose = Callable[[dict[str, Any]], str]


def prefer_cards(view: dict[str, Any], rng_pick: Callable[[list[str]], str]) -> str:
    """A card when one may be played, so that deals run their course rather than end at an
    early claim."""
    legal = view["legal"]
    if "count" in legal:
        return f"{legal['kind']}:" + ",".join(legal["from"][: legal["count"]])
    plays = [a for a in legal["actions"] if a.startswith("play:")]
    return rng_pick(plays or legal["actions"])


@dataclass
class Player:
    """One seat played over a socket that, like a browser's, reconnects whenever it drops or
    stalls, and says hello with the seat's secret each time."""

    ws_url: str
    code: str
    seat: int
    secret: str
    choose: Choose
    stall: float = 2.0
    acked: list[tuple[int, str]] = field(default_factory=list)
    """(version after it, action) of every action the server acknowledged."""
    gaps: list[float] = field(default_factory=list)
    """Seconds from each lost connection to the next state of this seat."""
    closes: list[int | None] = field(default_factory=list)
    elsewhere: list[str] = field(default_factory=list)
    """Other instances' addresses, for a client that reaches them directly: told that the
    room is served elsewhere (4409), it tries the next one."""
    final: dict[str, Any] | None = None
    last_v: int = 0

    async def play(self, until: Callable[[dict[str, Any]], bool], limit: float = 120.0) -> None:
        deadline = time.monotonic() + limit
        lost_at: float | None = None
        while self.final is None:
            assert time.monotonic() < deadline, f"seat {self.seat}: no end in {limit} s"
            code: int | None = None
            try:
                async with connect(
                    f"{self.ws_url}/ws/{self.code}",
                    proxy=None,
                    open_timeout=5,
                    close_timeout=1,
                    ping_interval=None,
                ) as ws:
                    await ws.send(json.dumps({"type": "hello", "secret": self.secret}))
                    lost_at = await self._session(ws, until, lost_at)
                    code = ws.close_code
            except (ConnectionClosed, OSError, InvalidStatus, TimeoutError) as dropped:
                code = getattr(getattr(dropped, "rcvd", None), "code", None)
            if self.final is None:
                self.closes.append(code)
                if code == 4409 and self.elsewhere:
                    self.elsewhere.append(self.ws_url)
                    self.ws_url = self.elsewhere.pop(0)
                lost_at = lost_at or time.monotonic()
                await asyncio.sleep(0.05)

    async def _session(
        self, ws: Any, until: Callable[[dict[str, Any]], bool], lost_at: float | None
    ) -> float | None:
        pending: tuple[str, str] | None = None  # (id, action) sent, not yet answered
        sent = 0
        while True:
            wait = self.stall if pending else 30.0
            try:
                frame = await asyncio.wait_for(ws.recv(), wait)
            except TimeoutError:
                await ws.close()  # a stalled server: start over, as a browser's ping would
                return lost_at or time.monotonic()
            message = json.loads(frame)
            kind = message.get("type")
            if kind == "error" and pending and message.get("id") == pending[0]:
                pending = None
                continue
            if kind != "state" or message["seat"] != self.seat:
                continue
            if lost_at is not None:
                self.gaps.append(time.monotonic() - lost_at)
                lost_at = None
            if pending and message.get("id") == pending[0]:
                self.acked.append((message["v"], pending[1]))
                pending = None
            self.last_v = message["v"]
            if until(message):
                self.final = message
                return None
            view = message["view"]
            if (
                pending is None
                and view is not None
                and view.get("legal") is not None
                and view["to_act"] == self.seat
            ):
                sent += 1
                ident = f"s{self.seat}-{message['v']}-{sent}"
                action = self.choose(view)
                pending = (ident, action)
                await ws.send(
                    json.dumps({"type": "act", "v": message["v"], "action": action, "id": ident})
                )


def record_actions(record: dict[str, Any]) -> list[tuple[int, str]]:
    return [(seat, action) for deal in record["deals"] for seat, action in deal["actions"]]


def is_subsequence(part: list[Any], whole: list[Any]) -> bool:
    it = iter(whole)
    return all(any(x == y for y in it) for x in part)
