from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from support.databases import BACKENDS
from support.server import ServerProcess, running_server

# A whole deal in Chromium takes one to three minutes alone; see pytest_collection_modifyitems.
BROWSER_TEST_SECONDS = 900

# Headroom for the deep stacks of pytest, Hypothesis and schemathesis: Python 3.11 derives
# its AST converter's depth limit from this one, and a module imported (and rewritten by
# pytest) late in a deep call chain otherwise fails with "AST constructor recursion depth
# mismatch".
sys.setrecursionlimit(max(sys.getrecursionlimit(), 4000))


@pytest.fixture(scope="session", params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """Storage and server tests run once on SQLite and once on PostgreSQL."""
    name: str = request.param
    return name


@pytest.fixture(scope="session")
def live_server(backend: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One real server per database backend, for tests that do not stop or restart it."""
    with running_server(tmp_path_factory.mktemp(f"live-server-{backend}"), backend) as server:
        yield server


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the browser tests last: Playwright's sync API keeps an event loop running in the
    main thread for as long as its browser lives, and ``asyncio.run`` refuses to start
    beside it.

    A browser test drives several pages of a real Chromium through whole deals: on a machine
    busy with other work it has been seen to run five times as long as alone, past the bound
    that stops any other test which hangs, so it has a bound of its own.

    Within each group the tests marked ``slow`` go first, so that the workers share out the
    short ones at the end instead of one worker finishing a long test alone."""
    items.sort(
        key=lambda item: (
            item.get_closest_marker("browser") is not None,
            item.get_closest_marker("slow") is None,
        )
    )
    for item in items:
        if item.get_closest_marker("browser") and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(BROWSER_TEST_SECONDS))
