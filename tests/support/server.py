"""A real Kortbord server in a child process, for tests that talk to it over the network."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import IO

import httpx

REPO_ROOT = Path(__file__).resolve().parents[2]


ONE_CLIENT_MANY_PEOPLE = {
    "KORTBORD_ADDRESS_CONNECTIONS": "100000",
    "KORTBORD_ADDRESS_ROOMS_BURST": "100000",
}
"""Every test connects from 127.0.0.1, standing in for people who would each have an address
of their own: a test server lifts what one address may hold (tests of those limits set their
own). The limits of a room and of a seat stay as a real server has them."""


FAST_PLAYERS = {
    "KORTBORD_BOT_DELAY": "0",
    "KORTBORD_BOT_BUDGET": "0.05",
    "KORTBORD_WS_MESSAGES_PER_SECOND": "100000",
    "KORTBORD_WS_BURST": "100000",
    # three hints at once, then one an hour: a test asking a few more is refused for sure
    "KORTBORD_ROOM_HINT_BURST": "3",
    "KORTBORD_ROOM_HINT_EVERY": "3600",
    # a review thinks briefly about each decision
    "KORTBORD_REVIEW_BUDGET": "0.02",
}
"""Players, people and computer ones, who answer as fast as the server does, past the rate a
person keeps to; the computer players, hints and reviews think briefly. Throttling is tested
on its own with the default limits (tests/web/test_rooms_hostile.py). The servers the modules
of tests/web share have these settings (tests/web/conftest.py)."""


class ServerStartError(RuntimeError):
    pass


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port


class ServerProcess:
    """`python -m app serve` on a loopback port, with its own data directory.

    The port is chosen once and kept across restarts, so that clients of a killed server
    can reconnect to the same address. Output goes to files in ``log_dir`` rather than
    pipes: a pipe nobody reads would eventually block the server.
    """

    def __init__(
        self,
        data_dir: Path,
        *,
        log_dir: Path | None = None,
        env: Mapping[str, str] | None = None,
        host: str = "127.0.0.1",
        port: int | None = None,
        startup_timeout: float = 180.0,
    ) -> None:
        self.data_dir = data_dir
        self.log_dir = log_dir or data_dir.parent / f"{data_dir.name}-logs"
        self.host = host
        self.port = port or free_port(host)
        self.startup_timeout = startup_timeout
        self._env = dict(env or {})
        self._proc: subprocess.Popen[bytes] | None = None
        self._stdout: IO[bytes] | None = None
        self._stderr: IO[bytes] | None = None

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://{self.host}:{self.port}"

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    @property
    def pid(self) -> int:
        assert self._proc is not None, "the server was never started"
        return self._proc.pid

    @property
    def stdout_path(self) -> Path:
        return self.log_dir / "stdout.log"

    @property
    def stderr_path(self) -> Path:
        return self.log_dir / "stderr.log"

    def stdout(self) -> str:
        return self.stdout_path.read_text(errors="replace") if self.stdout_path.exists() else ""

    def stderr(self) -> str:
        return self.stderr_path.read_text(errors="replace") if self.stderr_path.exists() else ""

    def start(self) -> None:
        if self.running:
            raise RuntimeError("server is already running")
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.log_dir.mkdir(parents=True, exist_ok=True)
        self._close_logs()
        # Append, so a restarted server's output follows the earlier run's for post-mortems.
        self._stdout = self.stdout_path.open("ab")
        self._stderr = self.stderr_path.open("ab")
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "app", "serve", "--host", self.host, "--port", str(self.port)],
            cwd=REPO_ROOT,
            env=self._child_env(),
            stdin=subprocess.DEVNULL,
            stdout=self._stdout,
            stderr=self._stderr,
        )
        self._wait_healthy()

    def stop(self, timeout: float = 10.0) -> None:
        """Graceful shutdown (SIGTERM), escalating to SIGKILL if it hangs."""
        if self._proc is not None and self._proc.poll() is None:
            self._proc.terminate()
            try:
                self._proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        self._close_logs()

    def kill(self) -> None:
        """Die at once, as a crashed or power-cut server would: no shutdown code runs."""
        if self._proc is not None and self._proc.poll() is None:
            self._proc.send_signal(signal.SIGKILL)
            self._proc.wait()
        self._close_logs()

    def restart(self) -> None:
        self.stop()
        self.start()

    def _child_env(self) -> dict[str, str]:
        env = dict(os.environ)
        # A developer's own DATABASE_URL must never leak into a test server.
        env.pop("DATABASE_URL", None)
        env["KORTBORD_DATA_DIR"] = str(self.data_dir)
        env["PYTHONUNBUFFERED"] = "1"
        env.update(ONE_CLIENT_MANY_PEOPLE)
        env.update(self._env)
        return env

    def _wait_healthy(self) -> None:
        assert self._proc is not None
        deadline = time.monotonic() + self.startup_timeout
        # Each probe may take long on a busy machine; a refused connection answers at once, so
        # the probes stay frequent while the server is still starting.
        with httpx.Client(timeout=10.0) as client:
            while time.monotonic() < deadline:
                if self._proc.poll() is not None:
                    self._fail(f"server exited with status {self._proc.returncode}")
                try:
                    if client.get(f"{self.base_url}/healthz").status_code == 200:
                        return
                except httpx.TransportError:
                    pass
                time.sleep(0.05)
        self.kill()
        self._fail(f"server did not answer /healthz within {self.startup_timeout:g} s")

    def _fail(self, reason: str) -> None:
        self._close_logs()
        raise ServerStartError(
            f"{reason} ({self.base_url}).\n--- stdout ---\n{self.stdout()}"
            f"\n--- stderr ---\n{self.stderr()}"
        )

    def _close_logs(self) -> None:
        for log in (self._stdout, self._stderr):
            if log is not None:
                log.close()
        self._stdout = self._stderr = None


@contextmanager
def running_server(
    root: Path, backend: str = "sqlite", env: Mapping[str, str] | None = None
) -> Iterator[ServerProcess]:
    """A started server on a fresh database of ``backend`` under ``root``, stopped after."""
    from support.databases import fresh_database

    with fresh_database(backend, root) as url:
        server = ServerProcess(root / "data", env={"DATABASE_URL": url, **(env or {})})
        server.start()
        try:
            yield server
        finally:
            server.stop()


class ServersByBackend:
    """One server per backend with the same ``env``, each started when first asked for and
    stopped when ``stack`` closes."""

    def __init__(
        self, roots: Callable[[str], Path], stack: ExitStack, env: Mapping[str, str]
    ) -> None:
        self._roots = roots
        self._stack = stack
        self._env = dict(env)
        self._servers: dict[str, ServerProcess] = {}

    def on(self, backend: str) -> ServerProcess:
        if backend not in self._servers:
            self._servers[backend] = self._stack.enter_context(
                running_server(self._roots(backend), backend, self._env)
            )
        return self._servers[backend]
