"""Computer players from the browser: the host seats two, plays a deal with them, ends the
match; then a bot stands in for a player who went away, until that player opens the table again.

These tests run their own server, whose computer players act at once.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, WebSocketRoute, expect
from table_driver import (
    PLAYABLE,
    ROOM,
    OpenPage,
    act_once,
    add_bot,
    attr,
    create_room,
    host_action,
    play_until,
    ready,
    seat,
    shot,
    start_match,
    take_seat,
    wait_connected,
    wait_ready,
)

from support.server import REPO_ROOT

pytestmark = pytest.mark.browser

I18N = REPO_ROOT / "static" / "i18n"
LANGUAGES = ("en", "sv", "ru")


def cross_first_add_bot(page: Page) -> list[dict[str, Any]]:
    """Pass the page's WebSocket through, but send its second ``add_bot`` with a version one
    behind, the way it arrives when a computer player's move crossed it. Returns every
    ``add_bot`` as the page sent it."""
    sent: list[dict[str, Any]] = []

    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "add_bot":
                sent.append(dict(data))
                if len(sent) == 2:
                    data["v"] -= 1
            server.send(json.dumps(data))

        ws.on_message(from_page)

    page.route_web_socket(re.compile(r"/ws/"), route)
    return sent


def cards_left(page: Page, number: int) -> int | None:
    # No count shows while the contract is chosen: nobody holds cards yet.
    texts = page.locator(f"{seat(page, number)} .cards-left").all_text_contents()
    found = re.search(r"\d+", texts[0]) if texts else None
    return int(found.group()) if found else None


def test_one_person_plays_a_deal_with_two_computer_players(
    open_bot_page: OpenPage, artifacts: Path
) -> None:
    anna = open_bot_page("/")
    add_bots_sent = cross_first_add_bot(anna)
    create_room(anna, "Anna")
    host_panel = anna.locator("#host-panel")
    expect(anna.locator("#start-button")).to_be_disabled()
    # The lobby offers every empty seat a computer player at once (tests/browser/
    # test_play_now_page.py); here the host seats them one by one, each at a level of its own.
    expect(anna.get_by_role("button", name="Add computer players")).to_be_visible()
    # Every free seat offers a computer player, at a level the host picks.
    for number in (1, 2):
        level = anna.get_by_role(
            "combobox", name=f"Level of the computer player for seat {number + 1}"
        )
        expect(level).to_have_value("basic")
        expect(level.locator("option")).to_have_text(["Random", "Basic", "Strong"])
    expect(host_panel.locator("[data-host-action^='add-bot-']")).to_have_count(2)
    expect(host_panel.locator("[data-host-action='add-bot-0']")).to_have_count(0)
    shot(anna, artifacts, "bots-00-lobby-free-seats")

    add_bot(anna, 1, "basic")
    # The second arrives stale, as if a move had crossed it; the page sends it again on the
    # fresh state, since the seats are as they were.
    add_bot(anna, 2, "random")
    seats = [(m["seat"], m["level"]) for m in add_bots_sent]
    assert seats == [(1, "basic"), (2, "random"), (2, "random")], seats
    assert add_bots_sent[2]["v"] == add_bots_sent[1]["v"]  # the room's version, sent again
    expect(anna.locator(".toast-error")).to_have_count(0)
    for number, level in ((1, "Basic"), (2, "Random")):
        badge = anna.locator(f"{seat(anna, number)} .badge-bot")
        expect(badge).to_have_attribute("title", f"Computer · {level}")
        expect(badge.locator("svg.bot-icon")).to_have_count(1)
        expect(anna.locator(seat(anna, number))).to_have_attribute("data-presence", "bot")
        label = anna.locator(seat(anna, number)).get_attribute("aria-label") or ""
        assert label.endswith(f"— Computer · {level}"), label
    names = [anna.locator(f"{seat(anna, n)} .seat-name").text_content() for n in (1, 2)]
    assert all(names) and len(set(names)) == 2, names
    # A bot's seat offers only to take the bot away; the host's own seat offers no bot at all.
    expect(
        host_panel.get_by_role("button", name=f"Remove computer player {names[0]}")
    ).to_be_visible()
    expect(
        host_panel.locator("[data-host-action='host-1'], [data-host-action='remove-1']")
    ).to_have_count(0)
    expect(host_panel.locator("[data-host-action='stand-in-0']")).to_have_count(0)
    expect(anna.locator(ROOM)).to_have_attribute("data-phase", "waiting")
    expect(anna.locator("#start-button")).to_be_enabled()
    shot(anna, artifacts, "bots-01-lobby")

    start_match(anna)
    expect(host_panel.locator("[data-host-action^='remove-bot-']")).to_have_count(2)
    # While only the game moves, the host panel stays the very same elements: a level list
    # open under the host's finger is not closed by every move of a computer player.
    panel_before = host_panel.element_handle()
    screenshot_taken = False

    def deal_over() -> bool:
        nonlocal screenshot_taken
        if not screenshot_taken and anna.locator("#trick .played").count() >= 2:
            screenshot_taken = True
            shot(anna, artifacts, "bots-02-play")
        return attr(anna, "deals-played") == "1"

    acted = play_until(anna, deal_over)
    assert panel_before.evaluate("(el) => el.isConnected")
    # Anna played her sixteen cards (and chose and discarded if she was forehand).
    assert acted in (16, 18), acted
    summary = anna.locator("#deal-summary")
    expect(summary).to_be_visible(timeout=30_000)
    expect(summary.locator("h2")).to_have_text("Deal 1 is over")
    shot(anna, artifacts, "bots-03-summary")
    summary.locator("[data-close]").click()
    expect(anna.locator(ROOM)).to_have_attribute("data-deal", "2")

    # The host ends the match: everyone, Anna too, sees it as a spectator would.
    anna.click("#end-match-button")
    anna.click("#confirm-yes")
    expect(anna.locator(ROOM)).to_have_attribute("data-status", "ended")
    expect(anna.locator("#ranking-dialog .ranking li")).to_have_count(3)
    expect(anna.locator("#hand .card-btn")).to_have_count(0)
    expect(anna.locator(ROOM)).to_have_attribute("data-my-turn", "false")
    shot(anna, artifacts, "bots-04-ended")
    anna.locator("#ranking-dialog [data-close]").click()

    # Taking a computer player away frees its seat, and a new match needs it filled again.
    host_panel.get_by_role("button", name=f"Remove computer player {names[1]}").click()
    expect(anna.locator(seat(anna, 2))).to_have_attribute("data-presence", "free")
    expect(anna.locator("#new-match-button")).to_be_disabled()
    add_bot(anna, 2, "strong")
    expect(anna.locator(f"{seat(anna, 2)} .badge-bot")).to_have_attribute(
        "title", "Computer · Strong"
    )
    expect(anna.locator("#new-match-button")).to_be_enabled()


def test_a_computer_plays_for_an_absent_player_until_they_return(
    open_bot_page: OpenPage, artifacts: Path
) -> None:
    # The host is on a phone, held upright; Bertil on a laptop.
    anna = open_bot_page("/", phone=True)
    url = create_room(anna, "Anna")
    bertil = open_bot_page(url)
    take_seat(bertil, "Bertil", 1)
    add_bot(anna, 2, "random", touch=True)
    start_match(anna)
    expect(bertil.locator(ROOM)).to_have_attribute("data-status", "playing")

    # Bertil closes his tab; his browser keeps the seat's secret.
    context = bertil.context
    bertil.close()
    expect(anna.locator(seat(anna, 1))).to_have_attribute("data-presence", "offline")
    host_panel = anna.locator("#host-panel")
    lend = host_panel.get_by_role("button", name="Let a computer play for Bertil")
    expect(lend).to_be_visible()
    shot(anna, artifacts, "bots-05-away-phone", full_page=True)
    level = anna.get_by_role("combobox", name="Level of the computer player for Bertil")
    level.select_option("basic")
    lend.scroll_into_view_if_needed()
    lend.tap()
    badge = anna.locator(f"{seat(anna, 1)} .badge-stand-in")
    expect(badge).to_have_attribute("title", "Computer (Basic) plays for Bertil")
    expect(anna.locator(f"{seat(anna, 1)} .seat-name")).to_have_text("Bertil")
    stop = host_panel.get_by_role("button", name="Stop computer player for Bertil")
    expect(stop).to_be_visible()
    shot(anna, artifacts, "bots-06-stand-in-phone", full_page=True)

    # Stopping the stand-in leaves the seat waiting for Bertil; lending it again goes on.
    stop.tap()
    expect(badge).to_have_count(0)
    expect(lend).to_be_visible()
    lend.tap()
    expect(badge).to_be_visible()

    # The stand-in plays Bertil's turns while Anna plays hers.
    start = cards_left(anna, 1)

    def bertil_has_played() -> bool:
        left = cards_left(anna, 1)
        return left is not None and left < 16 and start != left

    play_until(anna, bertil_has_played, touch=True)
    viewer = open_bot_page(url)
    wait_connected(viewer)
    expect(viewer.locator(f"{seat(viewer, 1)} .badge-stand-in .long")).to_have_text(
        "Computer (Basic) plays for Bertil"
    )
    shot(viewer, artifacts, "bots-07-stand-in-desktop")
    viewer.close()

    # Bertil opens the table again in the same browser: the seat is his, the bot is gone.
    back = context.new_page()
    back.goto(url)
    wait_ready(back)
    expect(back.locator(ROOM)).to_have_attribute("data-seat", "1")
    expect(back.locator(ROOM)).to_have_attribute("data-connection", "open")
    for page in (anna, back):
        expect(page.locator(".badge-stand-in")).to_have_count(0)
        expect(page.locator(seat(page, 1))).to_have_attribute("data-presence", "online")
        expect(page.locator(seat(page, 1))).not_to_have_attribute("data-bot", re.compile("."))
    expect(host_panel.locator("[data-host-action='stop-bot-1']")).to_have_count(0)
    expect(back.locator("#hand .card-btn").first).to_be_visible()
    shot(back, artifacts, "bots-08-back-desktop")

    # Now Bertil plays his own turns again: the table waits for him, not for a bot.
    pages = [anna, back]
    deadline = time.monotonic() + 60
    while not ready(back):
        assert time.monotonic() < deadline, "Bertil never came on turn"
        if ready(anna):
            act_once([anna], touch=True)
        time.sleep(0.02)
    version = attr(back, "v")
    time.sleep(0.3)
    assert attr(back, "v") == version  # nobody moves for him
    page, _ = act_once(pages)
    assert page is back
    shot(anna, artifacts, "bots-09-back-phone", full_page=True)

    # A match the host ended is the same public view for all: no hands, no moves.
    anna.locator("#end-match-button").tap()
    anna.locator("#confirm-yes").tap()
    for page in pages:
        expect(page.locator(ROOM)).to_have_attribute("data-status", "ended")
        expect(page.locator(PLAYABLE)).to_have_count(0)
        expect(page.locator("#hand .card-btn")).to_have_count(0)


def test_every_language_has_the_same_strings() -> None:
    tables = {lang: json.loads((I18N / f"{lang}.json").read_text()) for lang in LANGUAGES}
    english = set(tables["en"])
    for lang, table in tables.items():
        assert set(table) == english, (lang, set(table) ^ english)
    for code in ("bad_bot_level", "cannot_bot_self", "bot_already", "no_bot"):
        for table in tables.values():
            assert table[f"error.{code}"]


def test_the_host_panel_in_russian_on_a_phone(open_bot_page: OpenPage, artifacts: Path) -> None:
    anna = open_bot_page("/", phone=True, locale="ru-RU")
    create_room(anna, "Анна")
    # The lobby's button fills every empty seat at once, at the level chosen last (at first
    # the basic one), right where the host is looking on a phone.
    lobby = anna.locator("#lobby-bots-button")
    expect(lobby).to_have_text("Добавить компьютерных игроков")
    lobby.tap()
    for number in (1, 2):
        expect(anna.locator(f"{seat(anna, number)} .badge-bot")).to_have_attribute(
            "title", "Компьютер · Базовый"
        )
    expect(anna.locator("#fill-bots-button")).to_have_count(0)
    # One by one too: one taken away, another of a level chosen for its seat.
    anna.locator(host_action("remove-bot-1")).tap()
    expect(anna.locator(host_action("add-bot-1"))).to_have_text("Добавить компьютерного игрока")
    expect(anna.locator("#fill-bots-button")).to_have_text(
        "Посадить компьютерных игроков на все свободные места"
    )
    anna.select_option(host_action("bot-level-1"), "strong")
    expect(anna.locator(f"{host_action('bot-level-1')} option:checked")).to_have_text("Сильный")
    anna.locator(host_action("add-bot-1")).tap()
    expect(anna.locator(f"{seat(anna, 1)} .badge-bot")).to_have_attribute(
        "title", "Компьютер · Сильный"
    )
    expect(anna.locator(host_action("remove-bot-1"))).to_have_text("Убрать компьютерного игрока")
    shot(anna, artifacts, "bots-10-host-panel-ru-phone", full_page=True)
