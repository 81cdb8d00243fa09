"""The room's matches in the protocol dialog: the host plays a deal with two computer players,
ends the match and starts another; the dialog then lists both, shows the first one's protocol,
and hands out each match's CSV and game record — the running one cut to what the asker may see.

These tests run their own server, whose computer players act at once.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from table_driver import (
    ROOM,
    OpenPage,
    add_bot,
    attr,
    create_room,
    play_until,
    shot,
    start_match,
    wait_connected,
)
from test_pages_access import describe, serious_violations

from app.engine import ScoredDeal, get_game
from app.engine.records import validate_record

pytestmark = pytest.mark.browser

COLUMNS = ["spader", "valfri", "spel", "pass"]
MINUS = "\u2212"


def signed(n: int) -> str:
    """A total as the page writes it: an explicit sign, and a real minus."""
    return f"+{n}" if n > 0 else (f"{MINUS}{-n}" if n < 0 else "0")


def room_code(url: str) -> str:
    return url.rstrip("/").rsplit("/", 1)[-1]


def download(page: Page, trigger: Locator, *, touch: bool = False) -> tuple[str, str]:
    """Press ``trigger`` and return the file the browser saved: its name and its text."""
    with page.expect_download() as info:
        trigger.tap() if touch else trigger.click()
    saved = info.value
    path = saved.path()
    assert path is not None, saved.failure()
    return saved.suggested_filename, Path(path).read_text(encoding="utf-8")


def hands_of(record: dict[str, Any]) -> list[list[list[str] | None]]:
    return [deal["hands"] for deal in record["deals"]]


def test_past_matches_their_protocols_and_downloads(
    open_bot_page: OpenPage, artifacts: Path
) -> None:
    anna = open_bot_page("/")
    url = create_room(anna, "Anna")
    code = room_code(url)
    add_bot(anna, 1, "random")
    add_bot(anna, 2, "random")
    start_match(anna)
    play_until(anna, lambda: attr(anna, "deals-played") == "1")
    summary = anna.locator("#deal-summary")
    expect(summary).to_be_visible(timeout=30_000)
    summary.locator("[data-close]").click()

    # The host ends match 1 after its first deal and starts match 2.
    anna.click("#end-match-button")
    anna.click("#confirm-yes")
    expect(anna.locator(ROOM)).to_have_attribute("data-status", "ended")
    anna.locator("#ranking-dialog [data-close]").click()
    anna.click("#new-match-button")
    expect(anna.locator(ROOM)).to_have_attribute("data-status", "playing")
    # Match 2 goes on until its first contract is chosen: from then on its record holds a deal.
    play_until(anna, lambda: attr(anna, "phase") in ("discard", "play"))

    stored = anna.request.get(f"/api/rooms/{code}/matches").json()
    assert [(m["number"], m["status"]) for m in stored] == [(1, "ended"), (2, "playing")]
    first = stored[0]
    assert first["deals_played"] == 1 and first["winners"] is None

    anna.click("#protocol-button")
    dialog = anna.locator("#protocol-dialog")
    expect(dialog).to_be_visible()
    # The running match first: its sheet, and who leads rather than who won.
    expect(dialog.locator("#current-match-title")).to_contain_text("Match 2")
    expect(dialog.locator("#current-match-title .badge-status")).to_have_text("Playing")
    expect(dialog.locator("#protocol-table tbody tr")).to_have_count(3)
    expect(dialog.locator("#protocol-body .download-note")).to_be_visible()

    # Then every match of the room, oldest first, with its status, players and totals.
    items = dialog.locator("#history-list .match-item")
    expect(items).to_have_count(2)
    old, running = items.nth(0), items.nth(1)
    expect(old).to_have_attribute("data-status", "ended")
    expect(old.locator(".badge-status")).to_have_text("Ended early")
    expect(old.locator(".match-deals")).to_have_text("1 of 12 deals")
    expect(running).to_have_attribute("data-status", "playing")
    expect(running.locator(".badge-status")).to_have_text("Playing")
    expect(running.locator(".match-result")).to_have_text("No deal played yet")
    for number, (name, total) in enumerate(zip(first["players"], first["totals"], strict=True)):
        expect(old.locator(f".player-total[data-seat='{number}']")).to_have_text(
            f"{name} {signed(total)}"
        )
    # An ended match has leaders, never winners; a tie shares the lead.
    best = max(first["totals"])
    leaders = [p for p, s in zip(first["players"], first["totals"], strict=True) if s == best]
    result = old.locator(".match-result")
    expect(result).to_have_attribute("data-kind", "leaders")
    expect(result).to_contain_text("Leader: " if len(leaders) == 1 else "Shared lead: ")
    for name in leaders:
        expect(result).to_contain_text(name)
    shot(anna, artifacts, "history-01-desktop-current")

    # Opening match 1 shows its protocol: the X in forehand's row under the contract played,
    # with forehand's score, and each player's running total after the deal.
    old.locator("summary").click()
    body = old.locator(".match-body")
    expect(body).to_be_visible()
    line = first["scoresheet"]["deals"][0]
    deal = {
        "contract": line["cells"]["contract"]["term"].removeprefix("contract."),
        "forehand": line["cells"]["forehand"],
        "scores": line["scores"],
    }
    sheet = body.locator("table.protocol")
    expect(sheet.locator("tbody tr")).to_have_count(3)
    expect(sheet.locator(".cell.marked")).to_have_count(1)
    column = COLUMNS.index(deal["contract"])
    marked = sheet.locator(f"tbody tr[data-seat='{deal['forehand']}'] td").nth(column)
    expect(marked).to_have_class("cell marked")
    expect(marked.locator(".x")).to_have_text("X")
    expect(marked).to_have_attribute("data-score", str(deal["scores"][deal["forehand"]]))
    expect(sheet.locator("thead th")).to_have_text(
        ["Player", "Spader", "Valfri", "Spel", "Pass", "Running total", "Total"]
    )
    for number, total in enumerate(first["totals"]):
        row = sheet.locator(f"tbody tr[data-seat='{number}']")
        expect(row.locator(".running span")).to_have_text([signed(total)])
        expect(row.locator(".total")).to_have_text(signed(total))
    expect(body.locator(".deals tbody tr")).to_have_count(1)
    problems = serious_violations(anna)
    assert not problems, "matches in the protocol:\n" + describe(problems)
    body.locator("[data-download='csv']").scroll_into_view_if_needed()
    shot(anna, artifacts, "history-02-desktop-match-1")

    # Its CSV: one row per deal, the game's own columns, then each player's score and total.
    name, text = download(anna, body.locator("[data-download='csv']"))
    assert name == f"kortbord-{code}-match-1.csv"
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][:2] == ["deal", "dealer"], rows[0]
    assert rows[0][-len(first["players"]) :] == [f"total {p}" for p in first["players"]]
    assert [r[0] for r in rows[1:]] == ["1"], rows

    # Its record: an ended match is public, every hand whole, and it replays as valid.
    name, text = download(anna, body.locator("[data-download='record']"))
    assert name == f"kortbord-{code}-match-1.json"
    record = json.loads(text)
    assert record["status"] == "ended" and "seen_by" not in record
    assert record["totals"] == first["totals"]
    assert all(len(hand or []) == 16 for hands in hands_of(record) for hand in hands)
    checked = validate_record(record)
    assert checked.valid, checked.error

    # The running match's record holds Anna's own hands and nobody else's.
    name, text = download(anna, dialog.locator("#protocol-body [data-download='record']"))
    assert name == f"kortbord-{code}-match-2.json"
    record = json.loads(text)
    assert record["status"] == "playing" and record["seen_by"] == 0, record.get("seen_by")
    assert "winners" not in record
    assert record["deals"], "the running deal has its contract, so it is in the record"
    for hands in hands_of(record):
        assert hands[0] is not None and len(hands[0]) == 16
        assert hands[1:] == [None, None]
    expect(anna.locator(".toast-error")).to_have_count(0)

    # Someone watching on a phone sees the same list, and a record with no hand at all.
    viewer = open_bot_page(url, phone=True)
    wait_connected(viewer)
    viewer.locator("#protocol-button").tap()
    phone_items = viewer.locator("#history-list .match-item")
    expect(phone_items).to_have_count(2)
    phone_items.nth(0).scroll_into_view_if_needed()
    shot(viewer, artifacts, "history-03-phone-list")
    phone_items.nth(0).locator("summary").tap()
    phone_body = phone_items.nth(0).locator(".match-body")
    expect(phone_body.locator("table.protocol tbody tr")).to_have_count(3)
    phone_body.locator("table.protocol").scroll_into_view_if_needed()
    shot(viewer, artifacts, "history-04-phone-match-1")
    # The protocol fits the phone's width, or scrolls inside its own box.
    width = viewer.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    phone_items.nth(1).locator("summary").tap()
    spectator_record = phone_items.nth(1).locator("[data-download='record']")
    _, text = download(viewer, spectator_record, touch=True)
    record = json.loads(text)
    assert record["status"] == "playing" and record["seen_by"] is None
    assert all(hand is None for hands in hands_of(record) for hand in hands)


# One match of four players in which each seat sat out a deal in turn, and two players tied on
# the highest total; then a match not begun. The page takes the list as the server would send
# it, so the tie and the sitting out can be shown without playing sixteen deals.
FOUR = ["Anna", "Bertil", "Cecilia", "David"]
SHEET_ROWS = [
    ScoredDeal(
        1,
        3,
        (2, -1, -1, None),
        {"forehand": 0, "contract": "spel", "trump": None, "tricks": [10, 3, 3, None]},
    ),
    ScoredDeal(
        2,
        0,
        (None, 2, -1, -1),
        {"forehand": 1, "contract": "pass", "trump": None, "tricks": [None, 2, 7, 7]},
    ),
    ScoredDeal(
        3,
        1,
        (-1, None, 2, -1),
        {"forehand": 2, "contract": "valfri", "trump": "H", "tricks": [3, None, 10, 3]},
    ),
]
SHARED_WIN = {
    "number": 1,
    "players": FOUR,
    "status": "finished",
    "deals_played": 3,
    "deals_total": 16,
    "totals": [1, 1, 0, -2],
    "winners": [0, 1],
    "scoresheet": get_game("bismarck").scoresheet(4, {}, SHEET_ROWS),
}
NOT_BEGUN = {
    "number": 2,
    "players": FOUR,
    "status": "playing",
    "deals_played": 0,
    "deals_total": 16,
    "totals": [0, 0, 0, 0],
    "winners": None,
    "scoresheet": get_game("bismarck").scoresheet(4, {}, []),
}


def test_a_shared_win_and_the_seats_that_sat_out(open_bot_page: OpenPage, artifacts: Path) -> None:
    anna = open_bot_page("/", locale="sv-SE", color_scheme="dark")
    url = create_room(anna, "Anna", seats=4)
    code = room_code(url)
    anna.route(
        f"**/api/rooms/{code}/matches",
        lambda route: route.fulfill(json=[SHARED_WIN, NOT_BEGUN]),
    )
    anna.click("#protocol-button")
    dialog = anna.locator("#protocol-dialog")
    expect(dialog.locator("#history-title")).to_have_text("Tidigare matcher")
    items = dialog.locator("#history-list .match-item")
    expect(items).to_have_count(2)
    done, fresh = items.nth(0), items.nth(1)
    expect(done.locator(".badge-status")).to_have_text("Färdigspelad")
    expect(done.locator(".match-result")).to_have_attribute("data-kind", "winners")
    expect(done.locator(".match-result")).to_have_text("Delad vinst: Anna och Bertil")
    expect(done.locator(".player-total.ahead")).to_have_count(2)
    expect(fresh.locator(".match-result")).to_have_text("Ingen giv spelad än")

    done.locator("summary").click()
    sheet = done.locator("table.protocol")
    expect(sheet.locator("tbody tr")).to_have_count(4)
    expect(sheet.locator(".badge-winner")).to_have_text(["Delad vinst", "Delad vinst"])
    # X and forehand's score where each forehand played; a dash where a seat sat out.
    for seat, contract, score in ((0, "spel", "+2"), (1, "pass", "+2"), (2, "valfri", "+2")):
        cell = sheet.locator(f"tbody tr[data-seat='{seat}'] td").nth(COLUMNS.index(contract))
        expect(cell).to_have_class("cell marked")
        expect(cell.locator(".cell-detail")).to_contain_text(score)
    expect(sheet.locator("tbody tr[data-seat='3'] .cell.marked")).to_have_count(0)
    running = {
        0: ["+2", "—", "+1"],
        1: [f"{MINUS}1", "+1", "—"],
        2: [f"{MINUS}1", f"{MINUS}2", "0"],
        3: ["—", f"{MINUS}1", f"{MINUS}2"],
    }
    for seat, texts in running.items():
        expect(sheet.locator(f"tbody tr[data-seat='{seat}'] .running span")).to_have_text(texts)
    # Anna and Bertil end level: their markers stand side by side, neither hides the other.
    last = [done.locator(f".totals-chart .marker.p{seat}").last.bounding_box() for seat in (0, 1)]
    assert last[0] is not None and last[1] is not None
    assert abs(last[0]["x"] - last[1]["x"]) >= 4 and abs(last[0]["y"] - last[1]["y"]) < 1
    csv_link = done.locator("[data-download='csv']")
    expect(csv_link).to_have_text("Ladda ned CSV")
    expect(csv_link).to_have_attribute("href", f"/api/rooms/{code}/matches/1/protocol.csv")
    problems = serious_violations(anna)
    assert not problems, "a shared win, dark:\n" + describe(problems)
    sheet.scroll_into_view_if_needed()
    shot(anna, artifacts, "history-05-desktop-shared-win-sv-dark")
