"""Fair deals in the browser (docs/fairness.md): each seated page gives a fresh seed for the
next deal once its commitment is shown, the deal is dealt from the seeds, and when it is
over each page checks on its own that the revealed server seed matches the commitment it
was shown before the deal, that its own seed was used, that the seeds give the pack and
first dealer shown, and that the pack dealt it the cards it saw: a verified mark, in the
deal's summary and, once the match is stopped, in the final standing. A page whose frames
are tampered with on the way shows the failure loudly, naming it, for each way a deal can
fail its check. The browser's checker passes the published vectors, as the server's does.

The moves are made over WebSockets (a thread of their own, beside Playwright's loop) against
a server that takes them as fast as they come; the pages only watch.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, WebSocketRoute, expect
from seated_tables import in_thread
from table_driver import (
    ROOM,
    OpenPage,
    let_the_deal_end,
    shot,
    stop_clock,
    wait_connected,
    wait_ready,
)

from support.client import RoomClient, is_state, step
from support.server import ServerProcess

pytestmark = pytest.mark.browser

NAMES = ("Anna", "Bertil")
VECTORS = Path(__file__).parents[2] / "docs" / "fairness-vectors.json"
Tamper = Callable[[WebSocketRoute], None]


def create(server: ServerProcess) -> tuple[str, list[str]]:
    """A Sixty-six room with both seats taken over WebSockets and left; nobody away is
    replaced."""
    body = {"game": "sixty_six", "seats": 2, "nickname": NAMES[0], "away_grace": None}
    response = httpx.post(f"{server.base_url}/api/rooms", json=body, timeout=60)
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


# -- what a hostile server (or anything on the way) might do to a page's frames ---------------


def relay(
    down: Callable[[dict[str, Any]], None] | None = None,
    up: Callable[[dict[str, Any]], None] | None = None,
) -> Tamper:
    """Pass every frame through, changing the JSON ones going down (to the page) or up."""

    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def to_server(message: str | bytes) -> None:
            if up is not None and isinstance(message, str):
                frame = json.loads(message)
                up(frame)
                message = json.dumps(frame)
            server.send(message)

        def to_page(message: str | bytes) -> None:
            if down is not None and isinstance(message, str):
                frame = json.loads(message)
                down(frame)
                message = json.dumps(frame)
            ws.send(message)

        ws.on_message(to_server)
        server.on_message(to_page)

    return route


def _fair(frame: dict[str, Any]) -> dict[str, Any] | None:
    fair: dict[str, Any] | None = (frame.get("room") or {}).get("fairness")
    return fair


def _other_seed(frame: dict[str, Any]) -> None:
    """Each revealed server seed changed (still 64 hex digits)."""
    for entry in (_fair(frame) or {}).get("deals", []):
        seed = entry["server_seed"]
        if seed is not None:
            entry["server_seed"] = seed[:-1] + ("0" if seed[-1] != "0" else "1")


def _hidden_commitment(frame: dict[str, Any]) -> None:
    """The next deal's commitment never shown as it is: the page sees another one."""
    fair = _fair(frame)
    if fair is not None and fair.get("next"):
        fair["next"] = "f" * 64


def _replaced_seed(frame: dict[str, Any]) -> None:
    """The page's own seed replaced on its way to the table."""
    if frame.get("type") == "seed":
        frame["seed"] = "replaced-on-the-way"


def _other_hand(frame: dict[str, Any]) -> None:
    """The first deal's hand shown with one card that the seeds do not deal this seat."""
    view = frame.get("view") or {}
    deal = view.get("deal") or {}
    hand = deal.get("hand")
    if deal.get("number") == 1 and hand:
        stranger = next(
            card for card in ("AS", "TS", "KS", "QS", "JS", "9S", "AH") if card not in hand
        )
        deal["hand"] = [stranger, *hand[1:]]


def seat_page(
    open_page: OpenPage, code: str, secret: str, seat: int, tamper: Tamper | None
) -> Page:
    page = open_page("/")
    page.evaluate(
        "([code, secret]) => localStorage.setItem(`kortbord:secret:${code}`, secret)",
        [code, secret],
    )
    if tamper is not None:
        page.route_web_socket(re.compile(r".*/ws/.*"), tamper)
    page.goto(f"/r/{code}")
    wait_ready(page)
    wait_connected(page)
    expect(page.locator(ROOM)).to_have_attribute("data-seat", str(seat))
    # the page's timers run only when the test moves its clock: the summary stays
    page.clock.install()
    stop_clock(page)
    return page


def play_one_deal(
    server: ServerProcess, code: str, secrets: list[str], seeded: list[bool] | None = None
) -> dict[str, Any]:
    """Once the table holds the seeds the pages were to give (``seeded``, when given), start
    the match and play its first deal with random legal moves; the room as it then stands."""

    async def play() -> dict[str, Any]:
        players = [
            await RoomClient.open(server.ws_url, code, name=name, secret=secret)
            for name, secret in zip(NAMES, secrets, strict=True)
        ]
        try:
            host = players[0]
            if seeded is not None:
                await host.wait_for(
                    lambda m: is_state(m) and m["room"]["fairness"]["seeded"] == seeded,
                    timeout=60,
                )
            latest = max(p.v for p in players)
            for player in players:
                await player.until_version(latest)
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


def end_match(server: ServerProcess, code: str, secret: str) -> None:
    async def end() -> None:
        host = await RoomClient.open(server.ws_url, code, name=NAMES[0], secret=secret)
        reply = await host.command({"type": "end", "v": host.v})
        assert is_state(reply), reply
        await host.close()

    in_thread(end)


def verdict_of(page: Page, expected: str) -> None:
    let_the_deal_end(page, 1)
    summary = page.locator("#deal-summary")
    expect(summary).to_be_visible()
    expect(summary.locator(".fair-check")).to_have_attribute("data-fair", expected)


def test_each_page_verifies_the_deal_and_a_tampered_seed_shows_the_failure(
    open_fast_page: OpenPage, fast_server: ServerProcess, artifacts: Path
) -> None:
    code, secrets = create(fast_server)
    anna = seat_page(open_fast_page, code, secrets[0], 0, None)
    bertil = seat_page(open_fast_page, code, secrets[1], 1, relay(down=_other_seed))
    played = play_one_deal(fast_server, code, secrets, [True, True])
    first = played["at_start"]["deals"][0]
    # each page gave a fresh seed of its own for this deal, once its commitment was out
    assert all(re.fullmatch(r"[0-9a-f]{32}", s) for s in first["client_seeds"])
    assert first["client_seeds"][0] != first["client_seeds"][1]
    assert first["server_seed"] is None and first["pack"] is None
    revealed = played["after"]["fairness"]["deals"][0]
    assert revealed["server_seed"] is not None and revealed["pack"] is not None

    for page, verdict in ((anna, "verified"), (bertil, "failed")):
        verdict_of(page, verdict)
    expect(anna.locator("#deal-summary .fair-check")).to_have_text(
        "\u2713 Fair deal: its cards follow from the seeds committed before it."
    )
    expect(anna.locator("#deal-summary .fair-check")).not_to_have_attribute(
        "data-notes", re.compile(".*")
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


def test_a_replaced_seed_and_a_commitment_never_shown_are_each_named(
    open_fast_page: OpenPage, fast_server: ServerProcess, artifacts: Path
) -> None:
    code, secrets = create(fast_server)
    anna = seat_page(open_fast_page, code, secrets[0], 0, relay(up=_replaced_seed))
    bertil = seat_page(open_fast_page, code, secrets[1], 1, relay(down=_hidden_commitment))
    # Anna's seed reaches the table, replaced; Bertil's, given for a commitment the table
    # never made, is refused and the deal is dealt without it
    played = play_one_deal(fast_server, code, secrets, [True, False])
    assert played["at_start"]["deals"][0]["client_seeds"] == ["replaced-on-the-way", ""]
    verdict_of(anna, "failed")
    verdict_of(bertil, "failed")
    expect(anna.locator("#deal-summary .fair-check")).to_contain_text(
        "the seed your browser gave for this deal was replaced"
    )
    expect(bertil.locator("#deal-summary .fair-check")).to_contain_text(
        "the deal was dealt from a seed the server did not commit to before it"
    )
    shot(bertil, artifacts, "fair-deal-commitment-unshown")


def test_a_hand_the_seeds_do_not_deal_is_named_and_the_other_seat_verifies(
    open_fast_page: OpenPage, fast_server: ServerProcess
) -> None:
    code, secrets = create(fast_server)
    anna = seat_page(open_fast_page, code, secrets[0], 0, relay(down=_other_hand))
    bertil = seat_page(open_fast_page, code, secrets[1], 1, None)
    play_one_deal(fast_server, code, secrets, [True, True])
    verdict_of(anna, "failed")
    verdict_of(bertil, "verified")
    expect(anna.locator("#deal-summary .fair-check")).to_contain_text(
        "the cards you were dealt are not the ones the seeds deal you"
    )


def test_the_browsers_checker_passes_the_published_vectors(
    open_fast_page: OpenPage,
) -> None:
    page = open_fast_page("/")
    vectors = json.loads(VECTORS.read_text())
    results = page.evaluate(
        """async (vectors) => {
          const fair = await import('/static/js/fairness.js');
          const shuffles = [];
          for (const v of vectors.shuffles) {
            const pack = fair.canonicalPack(v.ranks, v.copies);
            shuffles.push({
              commitment: await fair.commitmentOf(v.server_seed),
              pack: await fair.shuffled(pack, v.server_seed, v.deal, v.client_seeds),
            });
          }
          const dealers = [];
          for (const v of vectors.first_dealers) {
            dealers.push(await fair.firstDealer(v.server_seed, v.client_seeds, v.seats));
          }
          const checks = [];
          for (const v of vectors.checks) {
            const pack = fair.canonicalPack(v.ranks, v.copies);
            checks.push(await fair.checkDeal(v.entry, pack, v.seats, v.hand_positions, v.seen));
          }
          return { shuffles, dealers, checks };
        }""",
        vectors,
    )
    for vector, got in zip(vectors["shuffles"], results["shuffles"], strict=True):
        assert got == {"commitment": vector["commitment"], "pack": vector["pack"]}, vector["name"]
    assert results["dealers"] == [v["first_dealer"] for v in vectors["first_dealers"]]
    for vector, got in zip(vectors["checks"], results["checks"], strict=True):
        assert got == vector["expected"], vector["name"]
