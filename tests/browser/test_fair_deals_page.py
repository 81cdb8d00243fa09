"""Fair deals in the browser (docs/fairness.md): each seated page gives its client seed (the one
typed in the settings, else a random one it keeps), the deal is dealt from the seeds, and when
the deal is over each page checks on its own that the revealed server seed matches the
commitment it saw and that the seeds shuffle to the pack dealt: a verified mark, in the deal's
summary and, once the match is stopped, in the final standing. A page whose frames are
tampered with on the way (the revealed seed changed) shows the failure loudly.

The moves are made over WebSockets (a thread of their own, beside Playwright's loop) against
a server that takes them as fast as they come; the pages only watch.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, WebSocketRoute, expect
from table_driver import (
    ROOM,
    OpenPage,
    let_the_deal_end,
    shot,
    stop_clock,
    wait_connected,
    wait_ready,
)
from test_fit import in_thread

from support.client import RoomClient, is_state, step
from support.server import ServerProcess

pytestmark = pytest.mark.browser

NAMES = ("Anna", "Bertil")
TYPED = "annas-own_seed-42"


def create(server: ServerProcess) -> tuple[str, list[str]]:
    """A Sixty-six room with both seats taken over WebSockets and left; nobody away is
    replaced."""
    body = {"game": "sixty_six", "seats": 2, "nickname": NAMES[0], "away_grace": None}
    response = httpx.post(f"{server.base_url}/api/rooms", json=body, timeout=10)
    assert response.status_code == 201, response.text
    created = response.json()
    code = created["code"]

    async def sit() -> list[str]:
        bertil = await RoomClient.open(server.ws_url, code, name=NAMES[1])
        reply = await bertil.sit(1, NAMES[1])
        assert reply["type"] == "seated"
        await bertil.close()
        return [created["secret"], reply["secret"]]

    return code, in_thread(sit)


def tamper_revealed_seeds(route: WebSocketRoute) -> None:
    """Pass every frame through, but change each revealed server seed (still 64 hex digits)."""
    server = route.connect_to_server()
    route.on_message(lambda message: server.send(message))

    def down(message: str | bytes) -> None:
        if isinstance(message, str) and '"server_seed":"' in message:
            frame = json.loads(message)
            for entry in frame.get("room", {}).get("fairness", {}).get("deals", []):
                seed = entry["server_seed"]
                if seed is not None:
                    entry["server_seed"] = seed[:-1] + ("0" if seed[-1] != "0" else "1")
            message = json.dumps(frame)
        route.send(message)

    server.on_message(down)


def seat_page(open_page: OpenPage, code: str, secret: str, seat: int, tampered: bool) -> Page:
    page = open_page("/")
    page.evaluate(
        "([code, secret]) => localStorage.setItem(`kortbord:secret:${code}`, secret)",
        [code, secret],
    )
    if tampered:
        page.route_web_socket(re.compile(r".*/ws/.*"), tamper_revealed_seeds)
    page.goto(f"/r/{code}")
    wait_ready(page)
    wait_connected(page)
    expect(page.locator(ROOM)).to_have_attribute("data-seat", str(seat))
    return page


def kept_seed(page: Page) -> str:
    prefs = page.evaluate("() => JSON.parse(localStorage.getItem('kortbord:prefs') || '{}')")
    seed: str = prefs["clientSeed"]
    return seed


def play_one_deal(server: ServerProcess, code: str, secrets: list[str]) -> dict[str, Any]:
    """Start the match and play its first deal with random legal moves; the room as it then
    stands."""

    async def play() -> dict[str, Any]:
        players = [
            await RoomClient.open(server.ws_url, code, name=name, secret=secret)
            for name, secret in zip(NAMES, secrets, strict=True)
        ]
        try:
            host = players[0]
            reply = await host.command({"type": "start", "v": host.v})
            assert is_state(reply), reply
            for player in players:
                await player.until_version(reply["v"])
            first = dict(reply["room"]["fairness"])
            rng = random.Random(4)
            while (players[0].view or {}).get("deals_played", 0) < 1:
                await step(players, rng)
            room = players[0].state["room"]  # type: ignore[index]
            return {"at_start": first, "after": room}
        finally:
            for player in players:
                await player.close()

    return in_thread(play)


def test_each_page_verifies_the_deal_and_a_tampered_seed_shows_the_failure(
    open_fast_page: OpenPage, fast_server: ServerProcess, artifacts: Path
) -> None:
    code, secrets = create(fast_server)
    anna = seat_page(open_fast_page, code, secrets[0], 0, tampered=False)
    bertil = seat_page(open_fast_page, code, secrets[1], 1, tampered=True)
    # Anna types her own seed; Bertil keeps the random one his browser made.
    anna.locator("#settings-button").click()
    seed_field = anna.locator("#client-seed")
    expect(seed_field).to_have_value(kept_seed(anna))
    seed_field.fill("not a seed!")
    seed_field.dispatch_event("change")
    assert kept_seed(anna) != "not a seed!"
    seed_field.fill(TYPED)
    seed_field.dispatch_event("change")
    anna.locator("#settings-dialog [data-close]").first.click()
    bertils = kept_seed(bertil)
    assert re.fullmatch(r"[0-9a-f]{32}", bertils)
    for page in (anna, bertil):
        # the page's timers run only when the test moves its clock: the summary stays
        page.clock.install()
        stop_clock(page)

    played = play_one_deal(fast_server, code, secrets)
    first = played["at_start"]["deals"][0]
    assert first["client_seeds"] == [TYPED, bertils]
    assert first["server_seed"] is None and first["pack"] is None
    revealed = played["after"]["fairness"]["deals"][0]
    assert revealed["server_seed"] is not None and revealed["pack"] is not None

    for page, verdict in ((anna, "verified"), (bertil, "failed")):
        let_the_deal_end(page, 1)
        summary = page.locator("#deal-summary")
        expect(summary).to_be_visible()
        line = summary.locator(".fair-check")
        expect(line).to_have_attribute("data-fair", verdict)
    expect(anna.locator("#deal-summary .fair-check")).to_have_text(
        "\u2713 Fair deal: its cards follow from the seeds committed before it."
    )
    expect(bertil.locator("#deal-summary .fair-check")).to_contain_text(
        "Warning: this deal does not follow from its seeds: the server's seed does not match"
    )
    expect(bertil.locator("#deal-summary .fair-check")).to_have_attribute("role", "alert")
    # the summary links to the deal's replay, a page of its own
    expect(anna.locator("#deal-summary .replay-link a")).to_have_attribute(
        "href", f"/r/{code}/matches/1/deals/1"
    )
    shot(anna, artifacts, "fair-deal-verified")
    shot(bertil, artifacts, "fair-deal-failed")

    # The host stops the match: the final standing shows the last deal's check as well.
    end_match(fast_server, code, secrets[0])
    for page, verdict in ((anna, "verified"), (bertil, "failed")):
        expect(page.locator(ROOM)).to_have_attribute("data-status", "ended")
        page.clock.run_for(2000)
        ranking = page.locator("#ranking-dialog")
        expect(ranking).to_be_visible()
        expect(ranking.locator(".fair-check")).to_have_attribute("data-fair", verdict)


def end_match(server: ServerProcess, code: str, secret: str) -> None:
    async def end() -> None:
        host = await RoomClient.open(server.ws_url, code, name=NAMES[0], secret=secret)
        reply = await host.command({"type": "end", "v": host.v})
        assert is_state(reply), reply
        await host.close()

    in_thread(end)
