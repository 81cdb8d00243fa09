"""Playwright fixtures for the browser tests: one Chromium per session, fresh contexts per test.

Debian's Chromium is used rather than a Playwright download, so the tests need no network.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright
from table_driver import DESKTOP, PHONE, OpenPage, wait_ready

from support.server import REPO_ROOT, ServerProcess, running_server

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = REPO_ROOT / "test-artifacts" / "browser"
# What a page is waited for is bounded by the wait's own condition; these bounds only stop a
# test that will never pass, and must hold on a machine busy with other work (a page that
# takes 100 ms alone has been seen to take over 10 s there).
expect.set_options(timeout=30_000)


@pytest.fixture(scope="session", params=["sqlite"])
def backend(request: pytest.FixtureRequest) -> str:
    """The page does not depend on the database, so the browser runs against one backend."""
    name: str = request.param
    return name


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        reason = f"{CHROMIUM} is missing (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@contextmanager
def page_opener(browser: Browser, base_url: str, *, motion: bool = False) -> Iterator[OpenPage]:
    """Open pages of the server at ``base_url``, each in a new browser context (its own
    storage: one context, one person). Any uncaught script error on any page fails the test.

    The pages ask for reduced motion unless ``motion``: the table's card flights and slides
    only delay what a test waits for (an element is clicked once it stands still), and the
    tests of motion itself (marked ``motion``) turn it on."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def open_(
        path: str = "/",
        *,
        viewport: dict[str, int] | None = None,
        phone: bool = False,
        locale: str = "en-GB",
        color_scheme: str = "light",
        reduced_motion: str | None = None,
        local_storage: dict[str, str] | None = None,
    ) -> Page:
        context = browser.new_context(
            base_url=base_url,
            viewport=PHONE if phone else (viewport or DESKTOP),
            is_mobile=phone,
            has_touch=phone,
            device_scale_factor=2 if phone else 1,
            locale=locale,
            color_scheme=color_scheme,  # type: ignore[arg-type]
            reduced_motion=reduced_motion  # type: ignore[arg-type]
            or ("no-preference" if motion else "reduce"),
        )
        context.set_default_timeout(60_000)
        contexts.append(context)
        # Every page of the context is watched, those a test opens later in it too.
        context.on("page", lambda page: watch_errors(page, errors))
        if local_storage:
            context.add_init_script(script=seed_storage(local_storage))
        page = context.new_page()
        page.goto(path)
        wait_ready(page)
        return page

    try:
        yield open_
    finally:
        for context in contexts:
            context.close()
    assert not errors, f"script errors in the page: {errors}"


def seed_storage(entries: dict[str, str]) -> str:
    """A script that puts ``entries`` in the origin's local storage before the first page of
    a tab runs its own script, as a browser that stored them earlier holds them. Once a tab:
    what the page does with them later (a reload included) is the page's own."""
    return (
        "(() => { try {"
        " if (sessionStorage.getItem('kortbord-test:seeded')) return;"
        f" for (const [key, value] of {json.dumps(list(entries.items()))})"
        " localStorage.setItem(key, value);"
        " sessionStorage.setItem('kortbord-test:seeded', '1');"
        " } catch (error) {} })();"  # about:blank has no storage of its own
    )


def watch_errors(page: Page, errors: list[str]) -> None:
    page.on("pageerror", lambda exc: errors.append(f"{page.url}: {exc}"))


def wants_motion(request: pytest.FixtureRequest) -> bool:
    return request.node.get_closest_marker("motion") is not None


@pytest.fixture
def open_page(
    browser: Browser, live_server: ServerProcess, request: pytest.FixtureRequest
) -> Iterator[OpenPage]:
    """Open a page of the shared live server in a new browser context."""
    with page_opener(browser, live_server.base_url, motion=wants_motion(request)) as open_:
        yield open_


@pytest.fixture
def live_server_url(live_server: ServerProcess) -> str:
    return live_server.base_url


INSTANT_BOTS = {"KORTBORD_BOT_DELAY": "0", "KORTBORD_BOT_BUDGET": "0.05"}


@pytest.fixture(scope="session")
def bot_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose computer players act at once, so a test can play beside them.

    One for the whole run (each worker's), like ``fast_server``: every test plays in rooms
    of its own and looks at nothing server-wide, and a room everyone has left is not played
    on by stand-ins, so a module's rooms do not go on working after it. A start is mostly
    importing every game and bot, several seconds (up to 25 s seen on a busy machine)."""
    with running_server(tmp_path_factory.mktemp("bot-server"), env=INSTANT_BOTS) as server:
        yield server


@pytest.fixture
def open_bot_page(
    browser: Browser, bot_server: ServerProcess, request: pytest.FixtureRequest
) -> Iterator[OpenPage]:
    with page_opener(browser, bot_server.base_url, motion=wants_motion(request)) as open_:
        yield open_


FAST_PLAY = {
    "KORTBORD_BOT_DELAY": "0",
    "KORTBORD_WS_MESSAGES_PER_SECOND": "1000",
    "KORTBORD_WS_BURST": "1000",
    # a review thinks briefly about each decision, but on enough sampled deals to be sure
    "KORTBORD_REVIEW_BUDGET": "0.2",
}


@pytest.fixture(scope="session")
def fast_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server that takes moves as fast as a script sends them, for a test that plays most
    of a deal over WebSockets and shows the rest in the browser."""
    with running_server(tmp_path_factory.mktemp("fast-server"), env=FAST_PLAY) as server:
        yield server


@pytest.fixture
def open_fast_page(
    browser: Browser, fast_server: ServerProcess, request: pytest.FixtureRequest
) -> Iterator[OpenPage]:
    with page_opener(browser, fast_server.base_url, motion=wants_motion(request)) as open_:
        yield open_
