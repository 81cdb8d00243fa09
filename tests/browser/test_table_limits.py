"""A page the server refuses for a limit says why, in the reader's language, and a player
still takes their own seat back however many watch."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from table_driver import ROOM, create_room, shot, wait_connected, wait_ready

from support.server import REPO_ROOT, ServerProcess, running_server

pytestmark = pytest.mark.browser

# One spectator a room, and a second to prove a seat: a page without one is then closed.
ONE_WATCHER = {"KORTBORD_ROOM_SPECTATORS": "1", "KORTBORD_SEAT_PROOF_SECONDS": "1"}


def words(lang: str) -> dict[str, Any]:
    table: dict[str, Any] = json.loads((REPO_ROOT / "static" / "i18n" / f"{lang}.json").read_text())
    return table


@pytest.fixture(scope="module")
def small_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with running_server(tmp_path_factory.mktemp("limits-server"), env=ONE_WATCHER) as server:
        yield server


class Pages:
    """Pages of one server, each in a context of its own (one person each)."""

    def __init__(self, browser: Browser, base_url: str) -> None:
        self.browser = browser
        self.base_url = base_url
        self.contexts: list[BrowserContext] = []
        self.errors: list[str] = []

    def open(self, path: str, locale: str = "en-GB") -> Page:
        context = self.browser.new_context(
            base_url=self.base_url, viewport={"width": 1280, "height": 860}, locale=locale
        )
        context.set_default_timeout(15_000)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        page.goto(path)
        wait_ready(page)
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def pages(browser: Browser, small_server: ServerProcess) -> Iterator[Pages]:
    opened = Pages(browser, small_server.base_url)
    try:
        yield opened
    finally:
        opened.close()
    assert not opened.errors, f"script errors in the page: {opened.errors}"


def test_a_page_past_the_spectators_cap_says_so_in_its_language(
    pages: Pages, artifacts: Path
) -> None:
    host = pages.open("/")
    url = create_room(host, "Anna")
    watcher = pages.open(url)
    wait_connected(watcher)
    expect(watcher.locator("#watchers")).to_be_visible()

    for locale, lang in (("sv-SE", "sv"), ("ru-RU", "ru"), ("en-GB", "en")):
        page = pages.open(url, locale=locale)
        expect(page.locator(ROOM)).to_have_attribute("data-connection", "refused")
        said = words(lang)["conn.refused.too_many_spectators"]
        expect(page.locator("#status-line")).to_have_text(said)
        expect(page.locator("#connection")).to_have_text(words(lang)["conn.refused"])
        shot(page, artifacts, f"refused-spectators-{lang}")

    # the player's own page comes back to the seat however many watch
    host.reload()
    wait_connected(host)
    expect(host.locator(ROOM)).to_have_attribute("data-seat", "0")
    expect(host.locator(".seat[data-seat='0']")).to_have_attribute("data-presence", "online")
