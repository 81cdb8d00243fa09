"""Fixtures shared by the modules of tests/web."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from support.server import ServerProcess, running_server

FAST_PLAYERS = {
    "KORTBORD_BOT_DELAY": "0",
    "KORTBORD_WS_MESSAGES_PER_SECOND": "1000",
    "KORTBORD_WS_BURST": "1000",
}
"""Players who answer as fast as the server does, past the rate a person keeps to."""


@pytest.fixture(scope="session")
def fast_players_server(
    backend: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    """One server per backend for the game modules whose players answer at once: each test
    plays in rooms of its own, so the modules share it rather than each starting one (a
    start is mostly importing every game and bot, several seconds on a busy machine)."""
    with running_server(
        tmp_path_factory.mktemp(f"fast-players-{backend}"), backend, FAST_PLAYERS
    ) as server:
        yield server
