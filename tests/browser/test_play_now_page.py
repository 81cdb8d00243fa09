"""Playing at once from the home page, in Chromium: from the page to a dealt hand on a phone in
two taps, the room's link shared with a friend, who takes a computer player's seat from the
next deal; the host filling every empty seat at once; the games grouped by family, each one's
summary on demand; and the buttons that start a game on the first screen, without scrolling,
on desktops and a phone, in English and Swedish."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page, expect
from table_driver import (
    PLAYABLE,
    ROOM,
    OpenPage,
    act_once,
    attr,
    create_room,
    host_action,
    play_until,
    ready,
    seat,
    shot,
    take_seat,
    wait_connected,
    wait_ready,
)

from support.server import REPO_ROOT

pytestmark = pytest.mark.browser

I18N = REPO_ROOT / "static" / "i18n"
GAME_I18N = REPO_ROOT / "static" / "games"


def words(lang: str) -> dict[str, str]:
    table: dict[str, str] = json.loads((I18N / f"{lang}.json").read_text())
    return table


def game_title(game: str, lang: str) -> str:
    table = json.loads((GAME_I18N / game / "i18n" / f"{lang}.json").read_text())
    title: str = table["game.title"]
    return title


def hand_dealt(page: Page, cards: int) -> None:
    page.wait_for_url("**/r/*")
    wait_ready(page)
    expect(page.locator(ROOM)).to_have_attribute("data-status", "playing")
    expect(page.locator("#hand .card-btn")).to_have_count(cards)


# ---- from the home page to a dealt hand -------------------------------------------------------


def test_a_phone_goes_from_the_home_page_to_a_dealt_hand_in_two_taps(
    open_page: OpenPage, live_server_url: str, artifacts: Path
) -> None:
    anna = open_page("/", phone=True)
    taps = 0
    # The game, then its Play button: the level is the one chosen before (basic at first),
    # and the name may stay empty.
    anna.locator("input[name='game'][value='german_whist']").tap()
    taps += 1
    expect(anna.locator("#bot-level")).to_have_value("basic")
    anna.get_by_role("button", name="Play German Whist now against computer players").tap()
    taps += 1
    hand_dealt(anna, 13)
    assert taps == 2
    expect(anna.locator(ROOM)).to_have_attribute("data-seat", "0")
    expect(anna.locator(f"{seat(anna, 0)} .seat-name")).to_have_text("Player")
    expect(anna.locator(f"{seat(anna, 1)}")).to_have_attribute("data-bot", "basic")
    shot(anna, artifacts, "play-now-phone-dealt")
    code = anna.url.rsplit("/", 1)[1]
    info = httpx.get(f"{live_server_url}/api/rooms/{code}", timeout=60).json()
    assert (info["game"], info["status"], info["host"]) == ("german_whist", "playing", 0)
    assert [s["bot"] for s in info["seats"]] == [None, "basic"]

    # It is a room like any other: its invite link shows a friend the table.
    anna.locator("#share-button").tap()
    link = anna.locator("#share-link").input_value()
    assert link == anna.url
    anna.locator("#share-dialog [data-close]").tap()
    bertil = open_page(link, phone=True)
    wait_connected(bertil)
    expect(bertil.locator(ROOM)).to_have_attribute("data-status", "playing")
    expect(bertil.locator(ROOM)).to_have_attribute("data-seat", "")
    expect(bertil.locator(".seat")).to_have_count(2)
    expect(bertil.locator(f"{seat(bertil, 0)} .seat-name")).to_have_text("Player")
    # the computer player's seat is his to take
    expect(bertil.locator("button[data-sit='1']")).to_have_text("Take this seat")

    # Back home, the game just played is one tap away.
    anna.goto("/")
    wait_ready(anna)
    again = anna.locator("#play-last")
    expect(again).to_have_text("Play German Whist again")
    expect(again).to_be_in_viewport()


def test_a_friend_who_opens_the_link_takes_a_computer_players_seat_from_the_next_deal(
    open_bot_page: OpenPage, artifacts: Path
) -> None:
    anna = open_bot_page("/")
    anna.fill("#create-name", "Anna")
    anna.locator("[data-play='german_whist']").click()
    hand_dealt(anna, 13)
    # Anna acts, and the table waits for her again: the first deal is under way.
    play_until(anna, lambda: attr(anna, "v") != "" and ready(anna))
    act_once([anna])
    expect(anna.locator(ROOM)).to_have_attribute("data-my-turn", "true")
    bot_name = anna.locator(f"{seat(anna, 1)} .seat-name").text_content()

    bertil = open_bot_page(anna.url)
    # No seat is free: the watcher is offered the computer player's
    expect(bertil.locator(".join-hint")).to_contain_text("Take this seat")
    expect(bertil.locator("button[data-sit='1']")).to_have_attribute(
        "aria-label", f"Take the seat of computer player {bot_name}"
    )
    take_seat(bertil, "Bertil", 1)
    for page in (anna, bertil):
        place = page.locator(seat(page, 1))
        expect(place.locator(".seat-name")).to_have_text("Bertil")
        expect(place).to_have_attribute("data-stand-in", "true")
    # The computer player finishes the deal for him: his hand shows, nothing is his to play.
    expect(bertil.locator("#status-line")).to_have_text(words("en")["status.finishing"])
    expect(bertil.locator("#hand .card-btn")).not_to_have_count(0)
    expect(bertil.locator(PLAYABLE)).to_have_count(0)
    shot(bertil, artifacts, "play-now-friend-finishing")

    play_until(anna, lambda: attr(anna, "deal") == "2")
    for page in (anna, bertil):
        expect(page.locator(seat(page, 1))).not_to_have_attribute("data-stand-in", "true")
        expect(page.locator(seat(page, 1))).not_to_have_attribute("data-bot", "basic")
    expect(bertil.locator("#status-line")).not_to_have_text(words("en")["status.finishing"])
    # From this deal on the table waits for Bertil, and his card counts.
    played = None
    for _ in range(60):
        page, _phase = act_once([anna, bertil])
        if page is bertil:
            played = page
            break
    assert played is bertil, "Bertil was never on turn in the second deal"
    shot(bertil, artifacts, "play-now-friend-plays")


# ---- the host fills every empty seat ----------------------------------------------------------


def test_the_host_fills_every_empty_seat_and_a_friend_takes_one_before_the_match(
    open_bot_page: OpenPage, artifacts: Path
) -> None:
    anna = open_bot_page("/")
    url = create_room(anna, "Anna", seats=4)
    fill = anna.locator("#fill-bots-button")
    expect(fill).to_have_text("Fill every empty seat with computer players")
    anna.select_option("#fill-level", "random")
    fill.click()
    for number in (1, 2, 3):
        expect(anna.locator(seat(anna, number))).to_have_attribute("data-bot", "random")
    expect(fill).to_have_count(0)
    expect(anna.locator("#lobby-bots-button")).to_have_count(0)
    expect(anna.locator("#start-button")).to_be_enabled()
    # the level chosen here is the one the home page offers next time
    assert anna.evaluate("() => localStorage.getItem('kortbord:bot-level')") == "random"

    # Before the match a friend takes a computer player's seat at once.
    bertil = open_bot_page(url)
    take_seat(bertil, "Bertil", 2)
    for page in (anna, bertil):
        place = page.locator(seat(page, 2))
        expect(place.locator(".seat-name")).to_have_text("Bertil")
        expect(place).not_to_have_attribute("data-bot", "random")
        expect(place).not_to_have_attribute("data-stand-in", "true")
    expect(bertil.locator("#status-line")).to_have_text(words("en")["status.ready"])

    # One taken away by hand leaves a seat the lobby's button fills again.
    anna.locator(host_action("remove-bot-1")).click()
    expect(anna.locator(seat(anna, 1))).to_have_attribute("data-presence", "free")
    anna.get_by_role("button", name="Add computer players").click()
    expect(anna.locator(seat(anna, 1))).to_have_attribute("data-bot", "random")
    shot(anna, artifacts, "play-now-filled")
    anna.click("#start-button")
    for page in (anna, bertil):
        expect(page.locator(ROOM)).to_have_attribute("data-status", "playing")


# ---- the picker ------------------------------------------------------------------------------


def test_the_games_are_grouped_by_family_each_summary_on_demand(
    open_page: OpenPage, live_server_url: str
) -> None:
    home = open_page("/")
    games = httpx.get(f"{live_server_url}/api/games", timeout=60).json()
    families = home.locator("#game-list .family")
    expect(families).to_have_count(4)
    expect(families.locator(".family-title")).to_have_text(
        ["Bismarck", "Pinochle", "Bezique", "Other games"]
    )
    expect(home.locator("#game-list .game-item")).to_have_count(len(games))
    expect(home.locator(".family[data-family='bismarck'] .game-title")).to_have_text(
        ["Bismarck", "Finnish Bismarck"]
    )
    expect(home.locator(".family[data-family='pinochle'] .game-item")).to_have_count(3)
    expect(home.locator("[data-play]")).to_have_count(len(games))
    # What a game is shows when asked, one at a time.
    summaries = home.locator(".game-summary")
    for summary in summaries.all():
        expect(summary).to_be_hidden()
    info = home.get_by_role("button", name="About Spades")
    expect(info).to_have_attribute("aria-expanded", "false")
    info.click()
    expect(info).to_have_attribute("aria-expanded", "true")
    about = home.locator(".game-item[data-game='spades'] .game-about")
    expect(about.locator(".game-summary")).to_be_visible()
    expect(about.get_by_role("link", name="How to play Spades")).to_have_attribute(
        "href", "/games/spades"
    )
    home.get_by_role("button", name="About Sixty-six").click()
    expect(about).to_be_hidden()
    info.click()
    info.click()
    expect(about).to_be_hidden()
    # Family names follow the language.
    home.select_option("#lang-select", "sv")
    expect(families.locator(".family-title")).to_have_text(
        ["Bismarck", "Pinochle", "Besique", "Andra spel"]
    )


# ---- on the first screen -----------------------------------------------------------------------

ON_SCREEN = """() => {
  const out = [];
  for (const el of document.querySelectorAll('#create-button, #play-last, [data-play]')) {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    out.push({
      what: el.id || el.dataset.play,
      top: r.top, bottom: r.bottom, left: r.left, right: r.right,
      hits: Boolean(hit && el.contains(hit)),
    });
  }
  return {buttons: out, width: innerWidth, height: innerHeight, scrolled: scrollY};
}"""


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("size", [(1366, 768), (1280, 720), (390, 844)])
def test_create_and_play_now_are_on_the_first_screen(
    open_page: OpenPage, live_server_url: str, artifacts: Path, lang: str, size: tuple[int, int]
) -> None:
    games = httpx.get(f"{live_server_url}/api/games", timeout=60).json()
    phone = size[0] < 600
    locale = {"en": "en-GB", "sv": "sv-SE"}[lang]
    if phone:
        home = open_page("/", phone=True, locale=locale)
    else:
        home = open_page("/", viewport={"width": size[0], "height": size[1]}, locale=locale)
    # A returning player also has the last game to play again, the longest name of all.
    home.evaluate(
        "() => localStorage.setItem('kortbord:last-game',"
        " JSON.stringify({game: 'partnership_pinochle', seats: 4}))"
    )
    home.reload()
    wait_ready(home)
    expect(home.locator("#play-last")).to_have_text(
        words(lang)["home.play_again"].replace("{game}", game_title("partnership_pinochle", lang))
    )
    expect(home.locator("#create-button")).to_have_text(words(lang)["home.create_button"])
    measured = home.evaluate(ON_SCREEN)
    assert measured["scrolled"] == 0
    buttons = measured["buttons"]
    assert len(buttons) == 2 + len(games), buttons
    for button in buttons:
        assert button["top"] >= 0 and button["bottom"] <= measured["height"], (size, button)
        assert button["left"] >= 0 and button["right"] <= measured["width"], (size, button)
        assert button["hits"], (size, button)
    shot(home, artifacts, f"play-now-first-screen-{lang}-{size[0]}x{size[1]}")
