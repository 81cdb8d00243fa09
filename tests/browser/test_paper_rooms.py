"""Tables kept on paper, in the browser: the players deal and play with a real pack, and after
each deal one of them enters it on a phone. Bismarck at three phones: the start page's box
makes the room, a deal is entered with the steppers (a short sum holds the button back, the
rest goes to one seat with a tap), an entry the server refuses is told beside the form with
what was typed kept, the last deal is corrected on another phone and everyone, a spectator
and an open protocol too, sees the scoresheet change. Spades: each seat's bid from a list,
the tricks typed. Rubicon bezique of one deal: the game's own refusal, the correction while
the match waits to be closed, and the close with its final standing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Locator, Page, expect
from table_driver import ROOM, OpenPage, shot, take_seat, wait_connected, wait_ready
from test_pages_access import describe, serious_violations

from support.server import REPO_ROOT

pytestmark = pytest.mark.browser


def words(path: str) -> dict[str, Any]:
    table: dict[str, Any] = json.loads((REPO_ROOT / "static" / path).read_text())
    return table


CORE = words("i18n/en.json")
BEZIQUE = words("games/bezique_rubicon/i18n/en.json")


def create_paper_room(
    page: Page, nickname: str, game: str, seats: int | None = None, deals: int | None = None
) -> str:
    """From the start page, a room for ``game`` kept on paper, all by taps; its URL."""
    page.fill("#create-name", nickname)
    page.locator(f"input[name='game'][value='{game}']").tap()
    if seats is not None:
        page.locator(f"input[name='seats'][value='{seats}']").tap()
    if deals is not None:
        page.locator("#game-options summary").tap()
        page.locator("#option-deals").fill(str(deals))
    paper = page.locator("#create-paper")
    # the table's own settings are a tap away, under the button
    page.locator("#table-settings summary").tap()
    expect(page.locator("#move-clock")).to_be_visible()
    paper.tap()
    expect(paper).to_be_checked()
    # nobody is on turn at a table of real cards: no clock, no computer player standing in
    expect(page.locator("#move-clock")).to_be_hidden()
    expect(page.locator("#away-grace")).to_be_hidden()
    page.locator("#create-button").tap()
    page.wait_for_url("**/r/*")
    wait_ready(page)
    wait_connected(page)
    expect(page.locator(ROOM)).to_have_attribute("data-seat", "0")
    expect(page.locator(ROOM)).to_have_attribute("data-paper", "true")
    expect(page.locator("#paper-pill")).to_have_text(CORE["room.paper"])
    return page.url


def start(host: Page, players: list[Page]) -> None:
    host.locator("#start-button").tap()
    for page in players:
        expect(page.locator(ROOM)).to_have_attribute("data-status", "playing")
        expect(page.locator(ROOM)).to_have_attribute("data-phase", "enter")


def field(page: Page, key: str) -> Locator:
    return page.locator(f"#paper-form [data-field='{key}']")


def number(page: Page, key: str, seat: int) -> Locator:
    return field(page, key).locator(f"[data-seat='{seat}'] input")


def step_up(page: Page, key: str, seat: int, times: int) -> None:
    for _ in range(times):
        field(page, key).locator(f"[data-seat='{seat}'] .step-up").tap()


def deals_played(pages: list[Page], n: int) -> None:
    for page in pages:
        expect(page.locator(ROOM)).to_have_attribute("data-deals-played", str(n))


def test_a_bismarck_table_keeps_its_score_on_paper_from_three_phones(
    open_page: OpenPage, live_server_url: str, artifacts: Path
) -> None:
    anna = open_page("/", phone=True)
    url = create_paper_room(anna, "Anna", "bismarck", seats=3)
    code = url.rsplit("/", 1)[1]
    room = httpx.get(f"{live_server_url}/api/rooms/{code}").json()
    assert room["paper"] is True and room["bots"] == []
    expect(anna.locator(".lobby-paper")).to_have_text(CORE["lobby.paper"])
    bertil = open_page(url, phone=True)
    take_seat(bertil, "Bertil", 1)
    cecilia = open_page(url, phone=True)
    take_seat(cecilia, "Cecilia", 2)
    players = [anna, bertil, cecilia]
    # no computer player is offered for a seat at a table of real cards
    expect(anna.locator("#host-panel [data-host-action^='bot-level-']")).to_have_count(0)
    start(anna, players)
    # nothing of cards: no hand, no trick
    for page in players:
        expect(page.locator("#hand .card-btn")).to_have_count(0)
        expect(page.locator("#trick")).to_have_count(0)
        expect(page.locator("#paper-form")).to_have_attribute("data-number", "1")
    expect(anna.locator("#status-line")).to_have_text(
        CORE["status.paper.enter"].replace("{n}", "1")
    )

    # Deal 1 on Anna's phone: the contract, then the tricks with the steppers.
    contract = field(anna, "contract").locator("[data-value='spel']")
    contract.tap()
    expect(contract).to_have_attribute("aria-pressed", "true")
    step_up(anna, "tricks", 0, 5)
    step_up(anna, "tricks", 1, 6)
    total = field(anna, "tricks").locator(".paper-sum")
    expect(total).to_have_attribute("data-state", "short")
    expect(total).to_have_text("sum 11 of 16")
    expect(anna.locator("#paper-enter")).to_be_disabled()
    expect(anna.locator("#paper-hint")).to_have_text("Tricks: the sum is 11, not 16.")
    shot(anna, artifacts, "paper-bismarck-short-sum")
    problems = serious_violations(anna)
    assert not problems, "the form of a deal:\n" + describe(problems)
    # the five tricks left go to Cecilia with one tap
    rest = field(anna, "tricks").locator("[data-seat='2'] .step-rest")
    expect(rest).to_have_text("+5")
    rest.tap()
    expect(number(anna, "tricks", 2)).to_have_value("5")
    expect(total).to_have_attribute("data-state", "ok")
    expect(anna.locator("#paper-hint")).to_be_hidden()
    anna.locator("#paper-enter").tap()
    deals_played(players, 1)
    last = bertil.locator("#paper-last")
    expect(last).to_have_attribute("data-number", "1")
    expect(last.locator("dd[data-field='contract']")).to_have_text("Spel")
    expect(last.locator("dd[data-field='tricks']")).to_have_text("Anna 5 · Bertil 6 · Cecilia 5")
    expect(last).to_contain_text("entered by Anna")
    for page in players:
        expect(page.locator("#paper-form")).to_have_attribute("data-number", "2")
        expect(page.locator("#paper-sheet-table")).to_be_visible()

    # Deal 2 on Bertil's phone: what the sum cannot tell reaches the server, which refuses it;
    # the refusal stands beside the form, and what he typed stays.
    field(bertil, "contract").locator("[data-value='pass']").tap()
    number(bertil, "tricks", 0).fill("-1")
    number(bertil, "tricks", 1).fill("17")
    expect(field(bertil, "tricks").locator(".paper-sum")).to_have_attribute("data-state", "ok")
    bertil.locator("#paper-enter").tap()
    error = bertil.locator("#paper-error")
    expect(error).to_have_text(f"Tricks: {CORE['error.paper_bad_value']}")
    expect(field(bertil, "tricks")).to_have_attribute("data-invalid", "true")
    expect(number(bertil, "tricks", 0)).to_have_value("-1")
    expect(number(bertil, "tricks", 1)).to_have_value("17")
    expect(field(bertil, "contract").locator("[data-value='pass']")).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(bertil.locator(ROOM)).to_have_attribute("data-deals-played", "1")
    shot(bertil, artifacts, "paper-bismarck-refused")
    problems = serious_violations(bertil)
    assert not problems, "a refused entry:\n" + describe(problems)
    number(bertil, "tricks", 0).fill("4")
    number(bertil, "tricks", 1).fill("7")
    number(bertil, "tricks", 2).fill("5")
    expect(error).to_be_hidden()
    bertil.locator("#paper-enter").tap()
    deals_played(players, 2)

    # A spectator sees the paper, never its form.
    watcher = open_page(url)
    wait_connected(watcher)
    expect(watcher.locator("#paper-last")).to_have_attribute("data-number", "2")
    expect(watcher.locator("#paper-watch")).to_be_visible()
    expect(watcher.locator("#paper-form")).to_have_count(0)
    expect(watcher.locator("#paper-amend")).to_have_count(0)
    problems = serious_violations(watcher)
    assert not problems, "a spectator of the paper:\n" + describe(problems)

    # Cecilia corrects deal 2; Anna, with the protocol open, and the spectator see it.
    anna.locator("#protocol-button").tap()
    anna_row = anna.locator("#protocol-body .deal-list tr[data-deal='2']")
    watcher_row = watcher.locator("#paper-sheet .deal-list tr[data-deal='2']")
    before = anna_row.text_content()
    assert before == watcher_row.text_content()
    # nothing was dealt here, so no deal has a replay to link to
    expect(anna.locator("#protocol-body .deal-list tr[data-deal]").first).to_be_attached()
    expect(anna.locator("#protocol-body [data-replay]")).to_have_count(0)
    cecilia.locator("#paper-amend").tap()
    form = cecilia.locator("#paper-form")
    expect(form).to_have_attribute("data-mode", "amend")
    expect(form).to_have_attribute("data-number", "2")
    expect(cecilia.locator("#status-line")).to_have_text(
        CORE["status.paper.amend"].replace("{n}", "2")
    )
    expect(field(cecilia, "contract").locator("[data-value='pass']")).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(number(cecilia, "tricks", 0)).to_have_value("4")
    expect(number(cecilia, "tricks", 1)).to_have_value("7")
    step_up(cecilia, "tricks", 0, 1)
    field(cecilia, "tricks").locator("[data-seat='1'] .step-down").tap()
    shot(cecilia, artifacts, "paper-bismarck-correcting")
    cecilia.locator("#paper-save").tap()
    for page in (anna, bertil, watcher):
        last = page.locator("#paper-last")
        expect(last).to_have_attribute("data-amendments", "1")
        expect(last.locator("dd[data-field='tricks']")).to_have_text(
            "Anna 5 · Bertil 6 · Cecilia 5"
        )
        expect(last).to_contain_text("entered by Cecilia · corrected once")
    expect(anna_row).not_to_have_text(before or "")
    expect(watcher_row).to_have_text(anna_row.text_content() or "")
    expect(cecilia.locator("#paper-form")).to_have_attribute("data-mode", "enter")
    expect(cecilia.locator("#paper-form")).to_have_attribute("data-number", "3")
    deals_played(players, 2)
    shot(cecilia, artifacts, "paper-bismarck-corrected", full_page=True)


def test_a_spades_table_enters_a_deal_on_paper(open_page: OpenPage, artifacts: Path) -> None:
    anna = open_page("/", phone=True, color_scheme="dark")
    url = create_paper_room(anna, "Anna", "spades")
    players = [anna]
    for seat, name in enumerate(["Bertil", "Cecilia", "David"], start=1):
        page = open_page(url, phone=True)
        take_seat(page, name, seat)
        players.append(page)
    start(anna, players)

    # The bids are a list per seat (fifteen values), the tricks typed.
    for seat, bid in enumerate(["3", "4", "nil", "2"]):
        field(anna, "bids").locator(f"[data-seat='{seat}'] select").select_option(bid)
    for seat, tricks in enumerate([4, 5, 0, 3]):
        number(anna, "tricks", seat).fill(str(tricks))
    total = field(anna, "tricks").locator(".paper-sum")
    expect(total).to_have_text("sum 12 of 13")
    expect(anna.locator("#paper-enter")).to_be_disabled()
    field(anna, "tricks").locator("[data-seat='3'] .step-up").tap()
    expect(total).to_have_attribute("data-state", "ok")
    shot(anna, artifacts, "paper-spades-entry", full_page=True)
    problems = serious_violations(anna)
    assert not problems, "spades on paper, dark:\n" + describe(problems)
    anna.locator("#paper-enter").tap()
    deals_played(players, 1)

    david = players[3]
    last = david.locator("#paper-last")
    expect(last.locator("dd[data-field='bids']")).to_have_text(
        "Anna 3 · Bertil 4 · Cecilia Nil · David 2"
    )
    expect(last.locator("dd[data-field='tricks']")).to_have_text(
        "Anna 4 · Bertil 5 · Cecilia 0 · David 4"
    )
    # partners share their side's score, as in a match played here
    scores = david.locator("#paper-sheet-table")
    expect(scores.locator("tr.team-row")).to_have_count(2)
    expect(david.locator("#paper-form")).to_have_attribute("data-number", "2")


def test_a_bezique_deal_on_paper_is_refused_corrected_and_the_match_closed(
    open_page: OpenPage, artifacts: Path
) -> None:
    anna = open_page("/", phone=True)
    url = create_paper_room(anna, "Anna", "bezique_rubicon", deals=1)
    bertil = open_page(url, phone=True)
    take_seat(bertil, "Bertil", 1)
    players = [anna, bertil]
    start(anna, players)

    field(anna, "trump").locator("[data-value='H']").tap()
    number(anna, "points", 0).fill("255")
    number(anna, "points", 1).fill("100")
    number(anna, "brisques", 0).fill("170")
    expect(field(anna, "brisques").locator(".paper-sum")).to_have_text("sum 170 of 320")
    field(anna, "brisques").locator("[data-seat='1'] .step-rest").tap()
    expect(number(anna, "brisques", 1)).to_have_value("150")
    anna.locator("#paper-enter").tap()
    # no declarations and last trick of a deal make 255: the game's own rule, told in place
    expect(anna.locator("#paper-error")).to_have_text(BEZIQUE["error.impossible_points"])
    expect(number(anna, "points", 0)).to_have_value("255")
    number(anna, "points", 0).fill("260")
    anna.locator("#paper-enter").tap()
    deals_played(players, 1)

    # Every deal is entered: the last may still be corrected, then anyone closes the match.
    for page in players:
        expect(page.locator(ROOM)).to_have_attribute("data-phase", "confirm")
        expect(page.locator("#paper-form")).to_have_count(0)
        expect(page.locator("#paper-close")).to_be_visible()
    bertil.locator("#paper-amend").tap()
    expect(bertil.locator("#paper-form")).to_have_attribute("data-mode", "amend")
    expect(number(bertil, "points", 0)).to_have_value("260")
    number(bertil, "points", 1).fill("90")
    bertil.locator("#paper-save").tap()
    expect(anna.locator("#paper-last")).to_have_attribute("data-amendments", "1")
    expect(anna.locator("#paper-last dd[data-field='points']")).to_have_text("Anna 260 · Bertil 90")
    expect(bertil.locator("#paper-confirm")).to_be_visible()
    shot(bertil, artifacts, "paper-bezique-confirm", full_page=True)
    expect(bertil.locator("#status-line")).to_have_text(CORE["status.paper.confirm"])
    problems = serious_violations(bertil)
    assert not problems, "every deal entered:\n" + describe(problems)

    anna.locator("#paper-close").tap()
    anna.locator("#confirm-yes").tap()
    for page in players:
        expect(page.locator(ROOM)).to_have_attribute("data-status", "finished")
        ranking = page.locator("#center #ranking")
        expect(ranking.locator("li.winner .rank-name")).to_have_text("Anna")
        expect(page.locator("#center #paper-pill")).to_be_visible()
    shot(anna, artifacts, "paper-bezique-closed", full_page=True)
