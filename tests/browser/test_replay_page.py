"""The replay of a finished deal in Chromium: a Sixty-six deal is played over WebSockets, then
its replay page steps through it forward and back, by button and by key, showing each step's
table as the server gives it and every hand face up; a deal that is not over says so."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect
from table_driver import OpenPage, shot, wait_ready
from test_fair_deals_page import create, end_match, play_one_deal

from support.server import ServerProcess

pytestmark = pytest.mark.browser

REPLAY = "#replay"


def check_step(page: Page, index: int, step: dict[str, Any]) -> None:
    expect(page.locator(REPLAY)).to_have_attribute("data-step", str(index))
    for seat, hand in enumerate(step["hands"]):
        cards = page.locator(f".replay-hand[data-seat='{seat}'] .card")
        expect(cards).to_have_count(len(hand or []))
        if hand:
            assert cards.evaluate_all("els => els.map(e => e.dataset.card)") == hand
    trick = step["view"]["deal"]["trick"] if step["view"]["deal"] else []
    shown = page.locator("#trick .played")
    expect(shown).to_have_count(len(trick))


def test_a_finished_deal_steps_forward_and_back_with_every_hand(
    open_fast_page: OpenPage, fast_server: ServerProcess, artifacts: Path
) -> None:
    code, secrets = create(fast_server)
    play_one_deal(fast_server, code, secrets)
    end_match(fast_server, code, secrets[0])
    api = f"{fast_server.base_url}/api/rooms/{code}/matches/1/deals/1/replay"
    steps = httpx.get(api, timeout=60).json()["steps"]

    page = open_fast_page(f"/r/{code}/matches/1/deals/1")
    expect(page.locator(REPLAY)).to_have_attribute("data-status", "ready")
    expect(page.locator(REPLAY)).to_have_attribute("data-steps", str(len(steps)))
    expect(page.locator("#replay-heading")).to_have_text("Replay of deal 1")
    expect(page.locator("#replay-caption")).to_have_text(
        f"Step 0 of {len(steps) - 1}: the cards are dealt"
    )
    expect(page.locator("#replay-back")).to_be_disabled()
    check_step(page, 0, steps[0])
    shot(page, artifacts, "replay-00-dealt")
    for index in range(1, len(steps)):
        page.locator("#replay-forward").click()
        check_step(page, index, steps[index])
        if steps[index]["action"].startswith("play:"):
            expect(page.locator("#replay-caption")).to_contain_text(" plays ")
        if index == 3:
            shot(page, artifacts, "replay-03")
    expect(page.locator("#replay-forward")).to_be_disabled()
    page.keyboard.press("ArrowLeft")
    check_step(page, len(steps) - 2, steps[-2])
    page.keyboard.press("Home")
    check_step(page, 0, steps[0])
    page.keyboard.press("End")
    check_step(page, len(steps) - 1, steps[-1])


def test_the_protocols_deal_list_links_each_deal_to_its_replay(
    open_fast_page: OpenPage, fast_server: ServerProcess
) -> None:
    """The room's protocol, and its history, list each deal with a link to its replay."""
    code, secrets = create(fast_server)
    play_one_deal(fast_server, code, secrets)
    end_match(fast_server, code, secrets[0])
    page = open_fast_page(f"/r/{code}")
    wait_ready(page)
    page.locator("#protocol-button").click()
    page.locator("#protocol-body .deal-list summary").click()
    link = page.locator("#protocol-body .deal-list a[data-replay='1']")
    expect(link).to_have_attribute("href", f"/r/{code}/matches/1/deals/1")
    expect(link).to_have_text("Replay deal 1")
    page.goto(f"{fast_server.base_url}{link.get_attribute('href')}")
    expect(page.locator(REPLAY)).to_have_attribute("data-status", "ready")


def test_a_deal_not_over_has_no_replay(
    open_fast_page: OpenPage, fast_server: ServerProcess
) -> None:
    code, _ = create(fast_server)
    page = open_fast_page(f"/r/{code}/matches/1/deals/1")
    wait_ready(page)
    expect(page.locator(REPLAY)).to_have_attribute("data-status", "missing")
    expect(page.locator("#replay-caption")).to_contain_text("cannot be replayed")
    expect(page.locator("#replay-forward")).to_be_disabled()
