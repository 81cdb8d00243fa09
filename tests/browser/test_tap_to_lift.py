"""No mis-taps on a phone: on a touch screen the first tap on a playable card lifts it and
shows a play button, a second tap (or the button) plays it, a tap elsewhere puts it back; a
setting switches to one-tap play; a mouse keeps playing with one click."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from table_driver import (
    OpenPage,
    shot,
    sixty_six_on_phones,
    whose_turn,
)

pytestmark = pytest.mark.browser

PLAYABLE = "#hand .card-btn[data-playable='true']"
LIFTED = re.compile(r"(^|\s)lifted(\s|$)")


def on_turn(pages: tuple[Page, Page]) -> Page:
    return whose_turn(pages)


def test_a_first_tap_lifts_a_card_and_only_a_second_plays_it(
    open_page: OpenPage, artifacts: Path
) -> None:
    pages = sixty_six_on_phones(open_page)
    page = on_turn(pages)
    # The state's version may move for reasons of its own (the other page's seed for the next
    # deal), so "nothing played" is read from the hand and the trick.
    held = page.locator("#hand .card-btn").count()
    first, second = page.locator(PLAYABLE).nth(0), page.locator(PLAYABLE).nth(1)
    first.tap()
    expect(first).to_have_class(LIFTED)
    expect(page.locator("#play-lifted")).to_be_visible()
    shot(page, artifacts, "tap-to-lift-01-lifted")
    assert page.locator("#trick .played").count() == 0
    # another card moves the lift; a tap elsewhere puts it back
    second.tap()
    expect(second).to_have_class(LIFTED)
    expect(page.locator("#hand .card-btn.lifted")).to_have_count(1)
    page.locator("#status-line").tap()
    expect(page.locator("#hand .card-btn.lifted")).to_have_count(0)
    expect(page.locator("#play-lifted")).to_have_count(0)
    assert page.locator("#trick .played").count() == 0
    assert page.locator("#hand .card-btn").count() == held
    # lifted, then tapped again: played
    code = first.get_attribute("data-card")
    first.tap()
    first.tap()
    for p in pages:
        expect(p.locator("#trick .played")).to_have_count(1)
        expect(p.locator("#trick .played").first).to_have_attribute("data-card", code or "")

    # the other player plays with the button under the lifted card
    other = on_turn(pages)
    assert other is not page
    card = other.locator(PLAYABLE).first
    code = card.get_attribute("data-card")
    card.tap()
    other.locator("#play-lifted").tap()
    expect(other.locator(f"#hand .card-btn[data-card='{code}']")).to_have_count(0)


def test_one_tap_play_is_a_setting_and_a_mouse_plays_with_one_click(open_page: OpenPage) -> None:
    pages = sixty_six_on_phones(open_page)
    page = on_turn(pages)
    page.locator("#settings-button").tap()
    page.locator("#settings-dialog input[name='oneTap']").tap()
    page.locator("#settings-dialog [data-close]").first.tap()
    page.locator(PLAYABLE).first.tap()
    for p in pages:
        expect(p.locator("#trick .played")).to_have_count(1)
    # a mouse (or a pen) is never lifted: one click plays
    other = on_turn(pages)
    other.locator(PLAYABLE).first.click()
    for p in pages:
        expect(p.locator("#hand .card-btn.lifted")).to_have_count(0)
    expect(other.locator("#play-lifted")).to_have_count(0)
