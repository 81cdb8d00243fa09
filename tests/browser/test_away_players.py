"""Nobody can stall a table, in the browser: the grace is chosen on the home page; a player
who closes the tab on their turn is shown as away with a countdown, a computer player then
plays for them, and the seat is theirs again when they come back; a host who leaves hands
the controls to the next player there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from table_driver import ROOM, OpenPage, shot, take_seat, wait_connected, wait_ready, whose_turn

pytestmark = pytest.mark.browser


def table_with_grace(open_page: OpenPage) -> list[Page]:
    anna = open_page("/")
    anna.fill("#create-name", "Anna")
    anna.click("#table-settings summary")
    anna.select_option("#away-grace", "30")
    # the test's own grace is shorter than any the form offers: the option is rewritten
    anna.evaluate(
        "() => { const o = document.querySelector('#away-grace option[value=\"30\"]');"
        " o.value = '2'; document.querySelector('#away-grace').value = '2'; }"
    )
    anna.click("#create-button")
    anna.wait_for_url("**/r/*")
    wait_ready(anna)
    wait_connected(anna)
    bertil = open_page(anna.url)
    take_seat(bertil, "Bertil", 1)
    cecilia = open_page(anna.url)
    take_seat(cecilia, "Cecilia", 2)
    return [anna, bertil, cecilia]


def test_a_player_who_leaves_on_their_turn_gets_a_stand_in_until_they_return(
    open_page: OpenPage, artifacts: Path
) -> None:
    pages = table_with_grace(open_page)
    pages[0].click("#start-button")
    forehand = whose_turn(pages)
    seat = pages.index(forehand)
    url = forehand.url
    context = forehand.context
    forehand.close()
    other = pages[(seat + 1) % 3]
    place = other.locator(f".seat[data-seat='{seat}']")
    expect(place.locator(".away-note")).to_contain_text(re.compile(r"computer player plays"))
    shot(other, artifacts, "away-01-countdown")
    expect(place).to_have_attribute("data-stand-in", "true")
    # the stand-in chose the contract: the table has moved on
    expect(other.locator(ROOM)).not_to_have_attribute("data-phase", "contract")
    back = context.new_page()
    back.goto(url)
    wait_connected(back)
    expect(back.locator(ROOM)).to_have_attribute("data-seat", str(seat))
    expect(other.locator(f".seat[data-seat='{seat}']")).not_to_have_attribute(
        "data-stand-in", "true"
    )


def test_a_host_who_leaves_hands_the_controls_on(open_page: OpenPage) -> None:
    anna, bertil, _ = table_with_grace(open_page)
    expect(bertil.locator("#start-button")).to_have_count(0)
    anna.close()
    expect(bertil.locator(".seat[data-seat='0'] .away-note")).to_contain_text("host role")
    expect(bertil.locator("#start-button")).to_be_visible()
    bertil.click("#start-button")
    expect(bertil.locator(ROOM)).to_have_attribute("data-status", "playing")
