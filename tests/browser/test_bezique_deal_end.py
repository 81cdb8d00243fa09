"""The end of a Chinese bezique deal on two phones, and the next deal's barred trumps.

A whole deal is some three hundred moves, too many to tap: both seats play it over WebSockets
(a thread of their own, beside Playwright's loop) up to its last trick, against a server that
takes moves as fast as they come. Then each player opens the table on a phone, holding the
seat's secret as after a reload, and the last two cards are played while the phones look on.
Each phone shows the deal's summary as the server scored it (who won and by what, the trumps,
each seat's points, no brisques in this game), and the next deal's label bars last deal's
trumps until this deal's are fixed.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect
from seated_tables import Table, in_thread, seat_page
from table_driver import ROOM, OpenPage, let_the_deal_end, shot, stop_clock

from support.client import Message, RoomClient, is_state, play_until, start_match
from support.server import ServerProcess

pytestmark = pytest.mark.browser

GAME = "chinese_bezique"
NAMES = ("Anna", "Bertil")
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def two_moves_left(message: Message) -> bool:
    """The last trick is to be played: one card in each hand, none on the table."""
    deal = message["view"]["deal"]
    return bool(deal["endgame"] and deal["hand_sizes"] == [1, 1] and not deal["trick"])


def to_the_last_trick(server: ServerProcess) -> tuple[Table, dict[str, Any]]:
    """A started match of two, its first deal played to its last trick over WebSockets (each
    seat then leaves, and nobody away is replaced); the deal as it then stands."""
    body = {"game": GAME, "seats": 2, "nickname": NAMES[0], "away_grace": None}
    response = httpx.post(f"{server.base_url}/api/rooms", json=body, timeout=60)
    assert response.status_code == 201, response.text
    created = response.json()
    code = created["code"]

    async def play() -> tuple[Table, dict[str, Any]]:
        anna = await RoomClient.open(server.ws_url, code, name=NAMES[0], secret=created["secret"])
        bertil = await RoomClient.open(server.ws_url, code, name=NAMES[1])
        players = [anna, bertil]
        try:
            assert (await bertil.sit(1, NAMES[1]))["type"] == "seated"
            await anna.until_version(bertil.v)
            await start_match(players)
            await play_until(players, random.Random(3), two_moves_left, limit=1000)
            view = anna.view
            assert view is not None
            secrets = [p.secret for p in players]
            assert all(secrets)
            return Table(code, secrets, view["to_act"]), view["deal"]  # type: ignore[arg-type]
        finally:
            for player in players:
                await player.close()

    return in_thread(play)


def play_the_last_trick(server: ServerProcess, table: Table) -> dict[str, Any]:
    """Each seat, reconnected by its secret, plays its last card; the view of the new deal."""

    async def play() -> dict[str, Any]:
        players = [
            await RoomClient.open(server.ws_url, table.code, name=name, secret=secret)
            for name, secret in zip(NAMES, table.secrets, strict=True)
        ]
        try:
            for _ in range(2):
                view = players[0].view
                assert view is not None
                actor = players[view["to_act"]]
                mine = actor.view
                assert mine is not None
                ack = await actor.act(mine["legal"]["actions"][0])
                assert is_state(ack), ack
                for player in players:
                    await player.until_version(ack["v"])
            after = players[0].view
            assert after is not None and after["deals_played"] == 1, after
            return dict(after)
        finally:
            for player in players:
                await player.close()

    return in_thread(play)


def check_summary(page: Page, seat: int, scored: dict[str, Any]) -> None:
    summary = page.locator("#deal-summary")
    expect(summary).to_be_visible()
    expect(summary.locator("h2")).to_have_text("Deal 1 is over")
    winner = scored["winner"]
    line = summary.locator(".summary-winner")
    if winner is None:
        expect(line).to_have_text("A drawn deal: nobody scores.")
    else:
        expect(line).to_have_attribute("data-winner", str(winner))
        expect(line).to_contain_text(f"{NAMES[winner]} wins the deal and scores")
    trump = scored["trump"]
    assert trump is not None, "no trumps were fixed in the first deal"
    expect(summary.locator(f".summary-trump .suit-icon.suit-{trump}")).to_have_count(1)
    rows = summary.locator("tbody tr")
    expect(rows).to_have_count(2)
    for s in (0, 1):
        row = summary.locator(f"tbody tr[data-seat='{s}']")
        expect(row.locator("th")).to_have_text(NAMES[s])
        expect(row.locator("td[data-points]")).to_have_attribute(
            "data-points", str(scored["points"][s])
        )
    expect(summary.locator(f"tbody tr[data-seat='{seat}']")).to_have_class("is-me")
    # Chinese bezique keeps no brisques: the table has no column for them.
    expect(summary.locator("thead th", has_text="Brisques")).to_have_count(0)


def test_the_deal_summary_and_the_next_deals_barred_trumps_on_two_phones(
    open_fast_page: OpenPage, fast_server: ServerProcess, artifacts: Path
) -> None:
    table, deal = to_the_last_trick(fast_server)
    trump = deal["trump"]
    assert trump is not None, "no trumps were fixed in the first deal"

    def open_phone(path: str, **options: Any) -> Page:
        return open_fast_page(path, phone=True, **options)

    pages = [seat_page(open_phone, table, s) for s in (0, 1)]
    for page in pages:
        # the page's timers run only when the test moves its clock: the summary stays
        page.clock.install()
        stop_clock(page)
        expect(page.locator(ROOM)).to_have_attribute("data-deal", "1")
        expect(page.locator("#hand .card-btn")).to_have_count(1)

    after = play_the_last_trick(fast_server, table)
    scored = after["previous_deal"]
    assert scored["number"] == 1 and scored["trump"] == trump
    for seat, page in enumerate(pages):
        let_the_deal_end(page, 1)
        check_summary(page, seat, scored)
        shot(page, artifacts, f"chinese-bezique-summary-{seat}")

    # The second deal: twelve new cards, no trumps yet, and last deal's barred.
    assert after["deal"]["previous_trump"] == trump and after["deal"]["trump"] is None
    for page in pages:
        expect(page.locator(ROOM)).to_have_attribute("data-deal", "2")
        expect(page.locator("#hand .card-btn")).to_have_count(12)
        expect(page.locator(".trump-label")).to_have_text("No trumps yet")
        barred = page.locator(".barred-trump")
        expect(barred).to_have_attribute("data-previous-trump", trump)
        expect(barred).to_have_text("not this deal")
        expect(barred.locator(f".suit-icon.suit-{trump}")).to_have_attribute(
            "aria-label", SUIT_WORDS[trump]
        )
        expect(barred).to_have_attribute(
            "title", f"Last deal's trumps, {SUIT_WORDS[trump]}, cannot be trumps again in this deal"
        )
    # Closed, the summary leaves the label in sight.
    anna = pages[0]
    anna.locator("#deal-summary [data-close]").tap()
    expect(anna.locator("#deal-summary")).to_be_hidden()
    expect(anna.locator(".barred-trump")).to_be_visible()
    shot(anna, artifacts, "chinese-bezique-barred-trumps")
