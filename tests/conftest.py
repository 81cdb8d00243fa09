from __future__ import annotations

from collections.abc import Iterator

import pytest

from support.server import ServerProcess


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One real server for the whole session, for tests that do not stop or restart it."""
    server = ServerProcess(tmp_path_factory.mktemp("live-server") / "data")
    server.start()
    try:
        yield server
    finally:
        server.stop()
