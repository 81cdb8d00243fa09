"""The strong player's review on the replay page, in Chromium: a spades deal with a
deliberately bad bid is played over WebSockets; on its replay page a player asks for the
review, watches it being made, and finds the bad bid marked with its cost, one click from
its step; a second player who opens the page later sees the same review at once, and so
does anyone after a reload or a restart of the server."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect
from seated_tables import in_thread
from table_driver import OpenPage, shot, wait_ready

from support.bad_play import BAD_BID, spades_room_with_a_bad_deal
from support.server import ServerProcess

pytestmark = pytest.mark.browser

REVIEW = "#replay-review"
A_REVIEW = 180_000
"""Milliseconds a whole deal's review may take on a loaded machine."""


def bad_step(page: Page) -> int:
    return int(page.locator("#review-list li").first.get_attribute("data-step") or "-1")


def test_the_review_marks_the_bad_bid_and_leads_to_its_step(
    open_fast_page: OpenPage, fast_server: ServerProcess, artifacts: Path
) -> None:
    code, bad = in_thread(
        lambda: spades_room_with_a_bad_deal(fast_server.ws_url, fast_server.base_url)
    )
    page = open_fast_page(f"/r/{code}/matches/1/deals/1")
    expect(page.locator("#replay")).to_have_attribute("data-status", "ready")
    expect(page.locator(REVIEW)).to_have_attribute("data-status", "none")
    expect(page.locator("#review-note")).to_be_hidden()
    page.locator("#review-start").click()
    expect(page.locator("#review-start")).to_be_hidden()
    expect(page.locator(REVIEW)).to_have_attribute("data-status", "done", timeout=A_REVIEW)

    api = f"{fast_server.base_url}/api/rooms/{code}/matches/1/deals/1/review"
    review = httpx.get(api, timeout=60).json()
    marked = [j for j in review["judgements"] if j["worse"]]
    (thirteen,) = [j for j in marked if j["played"] == BAD_BID]
    assert thirteen["seat"] == bad
    # the page lists exactly the marked plays, in the order of the deal
    items = page.locator("#review-list li")
    expect(items).to_have_count(len(marked))
    steps = items.evaluate_all("els => els.map(e => Number(e.dataset.step))")
    assert steps == [j["step"] for j in marked]
    expect(page.locator("#review-status")).to_have_text(
        f"Clearly worse than the strong player's choice: {len(marked)}"
    )
    expect(page.locator("#review-totals")).to_contain_text("marked")

    page.locator(f"#review-list li[data-step='{thirteen['step']}'] button").click()
    expect(page.locator("#replay")).to_have_attribute("data-step", str(thirteen["step"]))
    note = page.locator("#review-note")
    expect(note).to_be_visible()
    expect(note).to_have_attribute("data-mark", "worse")
    expect(note).to_contain_text(BAD_BID)
    expect(note).to_contain_text(f"the strong player would choose {thirteen['best']}")
    expect(page.locator("#replay-caption")).to_contain_text(BAD_BID)
    shot(page, artifacts, "review-bad-bid")

    # a step the review judged fine says so; one it did not judge shows no note
    fine = next((j for j in review["judgements"] if not j["worse"]), None)
    if fine is not None:
        page.locator("#replay-first").click()
        for _ in range(fine["step"]):
            page.keyboard.press("ArrowRight")
        expect(note).to_have_attribute(
            "data-mark", "own" if fine["played"] == fine["best"] else "fine"
        )
    page.keyboard.press("Home")
    expect(note).to_be_hidden()

    # everyone at the table sees the same review, without asking for it again
    other = open_fast_page(f"/r/{code}/matches/1/deals/1")
    expect(other.locator(REVIEW)).to_have_attribute("data-status", "done")
    expect(other.locator("#review-start")).to_be_hidden()
    expect(other.locator("#review-list li")).to_have_count(len(marked))
    assert bad_step(other) == marked[0]["step"]


def test_the_replay_page_asks_without_an_error_and_shows_a_kept_review_again(
    browser: Browser, fast_server: ServerProcess
) -> None:
    """The page asks for the review of every deal it shows: for a deal nobody asked about,
    the answer says so, and the console stays clean (a failed request is logged there).
    Once made, the review is kept with the room: a reload, and a server started again,
    show it at once."""
    code, _ = in_thread(
        lambda: spades_room_with_a_bad_deal(fast_server.ws_url, fast_server.base_url)
    )
    context = browser.new_context(base_url=fast_server.base_url, reduced_motion="reduce")
    problems: list[str] = []
    try:
        page = context.new_page()
        page.on(
            "console",
            lambda message: (
                problems.append(f"console {message.type}: {message.text}")
                if message.type in ("error", "warning")
                else None
            ),
        )
        page.on(
            "response",
            lambda response: (
                problems.append(f"{response.status} {response.url}")
                if response.status >= 400
                else None
            ),
        )
        page.on("requestfailed", lambda request: problems.append(f"failed {request.url}"))
        page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
        path = f"/r/{code}/matches/1/deals/1"
        page.goto(path)
        wait_ready(page)
        expect(page.locator("#replay")).to_have_attribute("data-status", "ready")
        expect(page.locator(REVIEW)).to_have_attribute("data-status", "none")
        expect(page.locator("#review-start")).to_be_visible()
        assert problems == []

        page.locator("#review-start").click()
        expect(page.locator(REVIEW)).to_have_attribute("data-status", "done", timeout=A_REVIEW)
        marked = page.locator("#review-list li").count()
        assert marked >= 1

        page.reload()
        wait_ready(page)
        expect(page.locator(REVIEW)).to_have_attribute("data-status", "done")
        expect(page.locator("#review-start")).to_be_hidden()
        expect(page.locator("#review-list li")).to_have_count(marked)

        fast_server.restart()
        page.reload()
        wait_ready(page)
        expect(page.locator(REVIEW)).to_have_attribute("data-status", "done")
        expect(page.locator("#review-start")).to_be_hidden()
        expect(page.locator("#review-list li")).to_have_count(marked)
        assert problems == []
    finally:
        context.close()
