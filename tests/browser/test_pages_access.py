"""Languages, accessibility, turn signals and the home page's forms."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect
from table_driver import (
    ROOM,
    OpenPage,
    act_once,
    create_room,
    shot,
    start_match,
    take_seat,
    wait_connected,
    whose_turn,
)

pytestmark = pytest.mark.browser

AXE = Axe()


def serious_violations(page: Page) -> list[dict[str, Any]]:
    results = AXE.run(page)
    found: list[dict[str, Any]] = results.response["violations"]
    return [v for v in found if v.get("impact") in ("serious", "critical")]


def describe(violations: list[dict[str, Any]]) -> str:
    return "\n".join(
        f"{v['id']} ({v['impact']}): {v['help']} at "
        + ", ".join(" ".join(n["target"]) for n in v["nodes"][:5])
        for v in violations
    )


def three_at_the_table(open_page: OpenPage, **options: Any) -> list[Page]:
    anna = open_page("/", **options)
    url = create_room(anna, "Anna")
    bertil = open_page(url, **options)
    take_seat(bertil, "Bertil", 1)
    cecilia = open_page(url, **options)
    take_seat(cecilia, "Cecilia", 2)
    return [anna, bertil, cecilia]


SCHEMES = ("light", "dark")


def check_in_both_schemes(page: Page, what: str) -> None:
    """No serious violation on ``page`` in the light scheme nor in the dark one. The theme
    follows the scheme in CSS alone (no script reads it) and nothing fades between them, so
    the page switched to a scheme is the page opened in it; the page is left light."""
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        problems = serious_violations(page)
        assert not problems, f"{what}, {scheme}:\n" + describe(problems)
    page.emulate_media(color_scheme="light")


def test_pages_have_no_serious_accessibility_violations(
    open_page: OpenPage, artifacts: Path
) -> None:
    """Each page and each moment of the table, in both colour schemes: one table is played
    for both."""
    home = open_page("/")
    expect(home.locator("#create-form")).to_be_visible()
    for scheme in SCHEMES:
        home.emulate_media(color_scheme=scheme)
        shot(home, artifacts, f"home-{scheme}")
    check_in_both_schemes(home, "home page")

    players = three_at_the_table(open_page)
    anna = players[0]
    check_in_both_schemes(anna, "table before the match")

    start_match(anna)
    forehand = whose_turn(players)
    check_in_both_schemes(forehand, "contract choice")
    act_once(players)
    act_once(players)
    act_once(players)
    for page in players:
        check_in_both_schemes(page, f"table in play, seat {page.url}")
    to_act = whose_turn(players)
    for scheme in SCHEMES:
        to_act.emulate_media(color_scheme=scheme)
        shot(to_act, artifacts, f"theme-{scheme}-play")
    to_act.emulate_media(color_scheme="light")

    anna.click("#protocol-button")
    check_in_both_schemes(anna, "protocol")


def test_language_follows_the_browser_and_can_be_switched(
    open_page: OpenPage, artifacts: Path
) -> None:
    home = open_page("/", locale="sv-SE")
    expect(home.locator("html")).to_have_attribute("lang", "sv")
    expect(home.locator("#create-title")).to_have_text("Skapa ett rum")
    expect(home.locator("#lang-select")).to_have_value("sv")

    home.select_option("#lang-select", "ru")
    expect(home.locator("html")).to_have_attribute("lang", "ru")
    expect(home.locator("#create-title")).to_have_text("Создать комнату")
    # The choice is remembered in this browser.
    home.reload()
    expect(home.locator("html")).to_have_attribute("lang", "ru")

    url = create_room(home, "Anna")
    expect(home.locator("#status-line")).to_have_text("Ждём ещё 2 игроков")

    # An error from the server arrives as a code and is shown in the reader's language.
    guest = open_page(url, locale="sv-SE")
    wait_connected(guest)
    guest.fill("#nickname", "anna")
    guest.click("button[data-sit='1']")
    expect(guest.locator("#toasts")).to_contain_text("Någon vid bordet har redan det namnet.")
    take_seat(guest, "Bertil", 1)
    third = open_page(url, locale="en-US")
    take_seat(third, "Cecilia", 2)
    start_match(home)
    players = [home, guest, third]
    act_once(players)
    act_once(players)
    shot(home, artifacts, "language-ru-table")
    shot(guest, artifacts, "language-sv-table")
    card = guest.locator("#hand .card-btn").first
    label = card.get_attribute("aria-label") or ""
    assert re.fullmatch(r"(Spader|Hjärter|Ruter|Klöver) \w+", label), label
    guest.select_option("#lang-select", "en")
    expect(guest.locator("html")).to_have_attribute("lang", "en")
    label = guest.locator("#hand .card-btn").first.get_attribute("aria-label") or ""
    assert re.fullmatch(r"\w+ of (spades|hearts|diamonds|clubs)", label), label


def test_join_by_code_or_link(open_page: OpenPage, live_server_url: str) -> None:
    home = open_page("/")
    home.fill("#join-code", "no-such-room-here")
    home.click("#join-button")
    expect(home.locator("#join-error")).to_have_text("There is no room with that code.")

    host = open_page("/")
    url = create_room(host, "Anna")
    code = url.rsplit("/", 1)[1]
    home.fill("#join-code", f"  {live_server_url}/r/{code}  ")
    home.click("#join-button")
    home.wait_for_url(f"**/r/{code}")
    wait_connected(home)
    expect(home.locator(".seat[data-seat='0'] .seat-name")).to_have_text("Anna")


@pytest.mark.motion
def test_turn_signals_are_shown_and_can_be_muted_and_reduced_motion_stills_the_glow(
    open_page: OpenPage,
) -> None:
    """One table for both: the glow is looked at first, with motion allowed, then stilled;
    the signals do not move."""
    players = three_at_the_table(open_page)
    start_match(players[0])
    forehand = whose_turn(players)
    glow = forehand.locator(".seat.to-act")
    expect(glow).to_have_css("animation-name", "turn-glow")
    forehand.emulate_media(reduced_motion="reduce")
    expect(glow).to_have_css("animation-name", "none")

    expect(forehand).to_have_title(re.compile(r"^● Your turn"))
    expect(forehand.locator("#announcer")).to_have_text("It is your turn.")
    # a change of language says it again in the new language
    forehand.select_option("#lang-select", "sv")
    expect(forehand.locator("#announcer")).to_have_text("Det är din tur.")
    forehand.select_option("#lang-select", "en")
    expect(forehand.locator("#announcer")).to_have_text("It is your turn.")
    waiting = next(p for p in players if p is not forehand)
    expect(waiting).not_to_have_title(re.compile("Your turn"))

    sound = forehand.locator("#sound-toggle")
    expect(sound).to_have_attribute("aria-pressed", "true")
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "false")

    forehand.click("#settings-button")
    forehand.locator("input[name='titleSignal']").uncheck()
    forehand.locator("#settings-dialog [data-close]").click()
    expect(forehand).not_to_have_title(re.compile("Your turn"))
    expect(forehand.locator(ROOM)).to_have_attribute("data-my-turn", "true")
    # Both choices outlive a reload.
    forehand.reload()
    expect(forehand.locator(ROOM)).to_have_attribute("data-my-turn", "true")
    expect(forehand).not_to_have_title(re.compile("Your turn"))
    expect(forehand.locator("#sound-toggle")).to_have_attribute("aria-pressed", "false")


def test_keyboard_alone_plays_contract_discard_and_a_card_and_a_card_out_of_turn_says_why(
    open_page: OpenPage,
) -> None:
    players = three_at_the_table(open_page)
    start_match(players[0])
    forehand = whose_turn(players)
    # Focus lands on the first choice when the turn comes; Enter takes it.
    expect(forehand.locator("#contract-chooser button").first).to_be_focused()
    forehand.keyboard.press("Enter")
    expect(forehand.locator(ROOM)).to_have_attribute("data-phase", "discard")
    forehand.locator("#hand .card-btn").first.focus()
    for _ in range(4):
        forehand.keyboard.press("Space")
        forehand.keyboard.press("ArrowRight")
    expect(forehand.locator("#hand .card-btn[aria-pressed='true']")).to_have_count(4)
    forehand.locator("#discard-confirm").focus()
    forehand.keyboard.press("Enter")
    expect(forehand.locator(ROOM)).to_have_attribute("data-phase", "play")
    leader = whose_turn(players)
    first = leader.locator("#hand .card-btn[data-playable='true']").first
    card = first.get_attribute("data-card")
    first.focus()
    leader.keyboard.press("Enter")
    expect(leader.locator(f"#trick .played[data-card='{card}']")).to_have_count(1)

    # A card that cannot be played says why, at the same table: the seat that played last is
    # not on turn now. On hover, the title says it; a tap (aria-disabled keeps the card
    # tappable) says it too, and plays nothing.
    expect(leader.locator(ROOM)).to_have_attribute("data-my-turn", "false")
    other = leader.locator("#hand .card-btn").first
    expect(other).to_have_attribute("title", re.compile(r" — It is not your turn\.$"))
    box = other.bounding_box()
    assert box is not None
    leader.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(leader.locator("#toasts")).to_contain_text("It is not your turn.")
    for page in players:
        expect(page.locator("#trick .played")).to_have_count(1)


def test_four_colour_deck_recolours_the_cards(open_page: OpenPage) -> None:
    home = open_page("/")
    home.click("#settings-button")
    diamond = home.locator("#deck-preview svg.suit-D").first
    expect(diamond).to_have_css("color", "rgb(193, 18, 31)")
    home.locator("input[name='deck'][value='four']").check()
    expect(home.locator("html")).to_have_attribute("data-deck", "four")
    expect(diamond).to_have_css("color", "rgb(22, 80, 196)")
    expect(home.locator("#deck-preview svg.suit-C").first).to_have_css("color", "rgb(19, 122, 52)")


def test_an_unknown_room_link_is_a_page_in_the_readers_language(
    open_page: OpenPage, artifacts: Path
) -> None:
    page = open_page("/r/NOSUCHROOM1", locale="sv-SE", phone=True)
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    expect(page.locator("#problem-title")).to_have_text("Det finns inget sådant bord")
    expect(page.locator("#problem-room")).to_have_text("NOSUCHROOM1")
    expect(page).to_have_title("Det finns inget sådant bord")
    shot(page, artifacts, "problem-404-sv")
    problems = serious_violations(page)
    assert not problems, describe(problems)
    page.click("#problem-home")
    expect(page.locator("#create-title")).to_have_text("Skapa ett rum")
