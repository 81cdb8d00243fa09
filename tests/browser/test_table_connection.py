"""The connection indicator, and the automatic reconnect after the server comes back."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from table_driver import ROOM, create_room, shot

from support.server import ServerProcess

pytestmark = pytest.mark.browser


def test_page_reconnects_after_a_server_restart_and_keeps_its_seat(
    browser: Browser, tmp_path: Path, artifacts: Path
) -> None:
    # A server of its own: this test kills it, which the shared one must never suffer.
    server = ServerProcess(tmp_path / "data")
    server.start()
    context = browser.new_context(base_url=server.base_url, viewport={"width": 1280, "height": 860})
    try:
        page = context.new_page()
        page.goto("/")
        create_room(page, "Anna")
        expect(page.locator("#connection")).to_have_text("Connected")

        server.kill()
        expect(page.locator(ROOM)).to_have_attribute("data-connection", "reconnecting")
        expect(page.locator("#connection")).to_have_text("Reconnecting…")
        shot(page, artifacts, "connection-reconnecting")

        server.start()
        expect(page.locator(ROOM)).to_have_attribute("data-connection", "open", timeout=60_000)
        expect(page.locator(ROOM)).to_have_attribute("data-seat", "0")
        expect(page.locator(".seat[data-seat='0']")).to_have_attribute("data-presence", "online")
    finally:
        context.close()
        server.stop()
