"""Fixtures shared by the modules of tests/web."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack

import pytest

from support.server import FAST_PLAYERS, ServerProcess, ServersByBackend


@pytest.fixture(scope="session")
def players_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServersByBackend]:
    """The servers (one per backend, each worker's, started when first asked for) the
    modules share whose tests each play in rooms of their own and look at
    nothing server-wide, rather than each module starting its own: a start is mostly
    importing every game and bot, several seconds (up to 25 s seen on a busy machine), and a
    module's fixture is set up again whenever the run's order (the slow tests first, the
    workers' shares) interleaves its tests with another module's."""
    with ExitStack() as stack:
        yield ServersByBackend(
            lambda backend: tmp_path_factory.mktemp(f"fast-players-{backend}"), stack, FAST_PLAYERS
        )


@pytest.fixture(scope="session")
def fast_players_server(backend: str, players_servers: ServersByBackend) -> ServerProcess:
    """The shared server of the test's backend."""
    return players_servers.on(backend)
