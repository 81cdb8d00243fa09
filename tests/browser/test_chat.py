"""The room's chat in the browser: two seated players and spectators talk, markup stays text,
reactions read in each reader's language, the host decides who reads spectators and who may
write, a flood is refused, and a phone counts what arrived while its chat was closed."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from table_driver import ROOM, OpenPage, create_room, shot, take_seat, wait_connected

from support.server import REPO_ROOT

pytestmark = pytest.mark.browser

LINES = "#chat-list .chat-line"
SNEAKY = '<img src=x onerror="window.__pwned=1">'


def words(lang: str) -> dict[str, Any]:
    table: dict[str, Any] = json.loads((REPO_ROOT / "static" / "i18n" / f"{lang}.json").read_text())
    return table


EN = words("en")
SV = words("sv")


def open_chat(page: Page) -> None:
    page.click("#chat-button")
    expect(page.locator("#chat-panel")).to_be_visible()
    expect(page.locator("#chat-button")).to_have_attribute("aria-expanded", "true")


def say(page: Page, text: str) -> None:
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")


def lines(page: Page) -> Locator:
    return page.locator(LINES)


def line_with(page: Page, text: str) -> Locator:
    return page.locator(LINES, has=page.locator(".chat-text", has_text=text))


def table_of_three(open_page: OpenPage, *, bertil_locale: str = "en-GB") -> list[Page]:
    """Anna hosts, Bertil sits in seat 1, one spectator watches; every chat is open."""
    anna = open_page("/")
    url = create_room(anna, "Anna")
    bertil = open_page(url, locale=bertil_locale)
    take_seat(bertil, "Bertil", 1)
    viewer = open_page(url)
    wait_connected(viewer)
    expect(viewer.locator(ROOM)).to_have_attribute("data-seat", "")
    for page in (anna, bertil, viewer):
        open_chat(page)
    return [anna, bertil, viewer]


def test_players_and_a_spectator_chat_and_markup_stays_text(
    open_page: OpenPage, artifacts: Path
) -> None:
    anna, bertil, viewer = table_of_three(open_page, bertil_locale="sv-SE")
    everyone = [anna, bertil, viewer]
    for page in everyone:
        expect(page.locator("#chat-empty")).to_be_visible()

    say(anna, "Hello table")
    for page in everyone:
        line = line_with(page, "Hello table")
        expect(line).to_have_count(1)
        expect(line.locator(".chat-name")).to_have_text("Anna")
        expect(line).to_have_attribute("data-seat", "0")
        expect(page.locator("#chat-empty")).to_be_hidden()
    expect(anna.locator("#chat-input")).to_have_value("")

    # What a spectator says reaches the players too (the default), marked as a spectator's.
    say(viewer, "Nice game so far")
    for page, table in ((anna, EN), (bertil, SV), (viewer, EN)):
        line = line_with(page, "Nice game so far")
        expect(line).to_have_class(re.compile(r"\bfrom-spectator\b"))
        expect(line.locator(".chat-tag.spectator")).to_have_text(table["chat.spectator"])

    # Markup in a line is text: no element is made of it and no script runs.
    say(bertil, SNEAKY)
    for page in everyone:
        expect(page.locator("#chat-list .chat-text").last).to_have_text(SNEAKY)
        expect(page.locator("#chat-list img")).to_have_count(0)
        expect(page.locator("#chat-panel img")).to_have_count(0)
        assert page.evaluate("() => window.__pwned") is None

    # A reaction is sent as its key and read in each reader's language, and for a moment it
    # shows by its sender's seat on the table.
    anna.click("#chat-panel [data-reaction='well_played']")
    english = EN["chat.reaction.well_played"]
    swedish = SV["chat.reaction.well_played"]
    assert english != swedish
    for page, phrase in ((anna, english), (bertil, swedish), (viewer, english)):
        expect(page.locator("#chat-list .chat-line.is-reaction .chat-text")).to_have_text(phrase)
    expect(bertil.locator("#table .chat-bubble[data-seat='0']")).to_have_text(swedish)
    expect(viewer.locator("#table .chat-bubble[data-seat='0']")).to_have_text(english)
    # A change of language reads the lines already there again.
    anna.select_option("#lang-select", "sv")
    expect(anna.locator("#chat-list .chat-line.is-reaction .chat-text")).to_have_text(swedish)
    expect(anna.locator("#chat-send")).to_have_text(SV["chat.send"])
    anna.select_option("#lang-select", "en")
    expect(anna.locator("#chat-list .chat-line.is-reaction .chat-text")).to_have_text(english)

    # Docked at the side: the hand and its action bar stay in view and usable beside it.
    panel = anna.locator("#chat-panel").bounding_box()
    me = anna.locator("#me").bounding_box()
    assert panel and me
    assert panel["x"] >= me["x"] + me["width"], (panel, me)
    shot(anna, artifacts, "chat-desktop")

    # Sitting down sends the chat again, as a player may read it: the same lines, once each.
    count = lines(viewer).count()
    take_seat(viewer, "Cilla", 2)
    expect(line_with(viewer, "Hello table")).to_have_count(1)
    expect(lines(viewer)).to_have_count(count)

    # Closing the panel leaves the chat button with the focus.
    anna.click("#chat-close")
    expect(anna.locator("#chat-panel")).to_be_hidden()
    expect(anna.locator("#chat-button")).to_be_focused()


def test_the_host_decides_who_reads_spectators_and_who_may_write(open_page: OpenPage) -> None:
    anna, bertil, viewer = table_of_three(open_page)
    other = open_page(anna.url)
    wait_connected(other)
    open_chat(other)
    players, spectators = [anna, bertil], [viewer, other]
    expect(anna.locator("#chat-host")).to_be_visible()
    for page in (bertil, viewer):
        expect(page.locator("#chat-host")).to_be_hidden()

    # Spectators among themselves: the players are not disturbed.
    anna.select_option("#chat-rules", "spectators")
    for page in spectators:
        expect(page.locator("#chat-note")).to_have_text(EN["chat.spectators_only_you"])
    say(viewer, "Just between us")
    for page in spectators:
        line = line_with(page, "Just between us")
        expect(line).to_have_attribute("data-to", "spectators")
        expect(line.locator(".chat-tag.to")).to_have_text(EN["chat.to_spectators"])
    # Lines reach each connection in order: once Bertil's next line is there, the spectators'
    # line would have been too.
    say(bertil, "Anyone there?")
    for page in [*players, *spectators]:
        expect(line_with(page, "Anyone there?")).to_have_count(1)
    for page in players:
        expect(line_with(page, "Just between us")).to_have_count(0)

    # Closed to spectators: their input is off, and says why.
    anna.select_option("#chat-rules", "off")
    for page in spectators:
        expect(page.locator("#chat-input")).to_be_disabled()
        expect(page.locator("#chat-note")).to_have_text(EN["chat.closed_you"])
        expect(page.locator("[data-reaction='thanks']")).to_be_disabled()
    expect(bertil.locator("#chat-input")).to_be_enabled()
    anna.select_option("#chat-rules", "all")
    for page in spectators:
        expect(page.locator("#chat-input")).to_be_enabled()

    # The host mutes a player by the name on their line.
    toggle = anna.locator("#chat-list [data-mute='seat'][data-seat='1']").last
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(toggle).to_have_attribute("aria-label", "Mute Bertil")
    expect(anna.locator("#chat-list [data-mute='seat'][data-seat='0']")).to_have_count(0)
    toggle.click()
    expect(bertil.locator("#chat-input")).to_be_disabled()
    expect(bertil.locator("#chat-send")).to_be_disabled()
    expect(bertil.locator("#chat-note")).to_have_text(EN["chat.muted_you"])
    expect(anna.locator("#chat-list [data-mute='seat'][data-seat='1']").last).to_have_attribute(
        "aria-pressed", "true"
    )
    # The page only mirrors the mute; the server is what refuses a line forced past it.
    bertil.evaluate(
        "() => { for (const el of document.querySelectorAll('#chat-form input, #chat-form button'))"
        " el.disabled = false; }"
    )
    say(bertil, "Let me speak")
    expect(bertil.locator("#chat-note")).to_have_class(re.compile(r"\bis-refusal\b"))
    expect(bertil.locator("#toasts")).to_contain_text(EN["error.muted"])
    expect(bertil.locator("#chat-input")).to_have_value("Let me speak")
    say(anna, "Quiet now")
    for page in [*players, *spectators]:
        expect(line_with(page, "Quiet now")).to_have_count(1)
        expect(line_with(page, "Let me speak")).to_have_count(0)
    anna.locator("#chat-list [data-mute='seat'][data-seat='1']").last.click()
    expect(bertil.locator("#chat-input")).to_be_enabled()
    expect(bertil.locator("#chat-note")).to_be_hidden()

    # A spectator is muted by their watcher number, for as long as they stay.
    say(other, "Spam spam spam")
    expect(line_with(anna, "Spam spam spam")).to_have_count(1)
    mute = line_with(anna, "Spam spam spam").locator("[data-mute='watcher']")
    expect(mute).to_have_attribute("aria-pressed", "false")
    mute.click()
    expect(other.locator("#chat-input")).to_be_disabled()
    expect(other.locator("#chat-note")).to_have_text(EN["chat.muted_you"])
    expect(viewer.locator("#chat-input")).to_be_enabled()


def test_a_flood_of_lines_is_refused(open_page: OpenPage) -> None:
    anna = open_page("/")
    url = create_room(anna, "Anna")
    bertil = open_page(url)
    take_seat(bertil, "Bertil", 1)
    open_chat(anna)
    open_chat(bertil)

    for n in range(1, 11):
        say(anna, f"flood {n}")
    refusal = EN["error.chat_too_fast"]
    expect(anna.locator("#chat-note")).to_have_text(refusal)
    expect(anna.locator("#toasts")).to_contain_text(refusal)
    # Bertil's line comes after every line of Anna's that was taken.
    say(bertil, "Calm down")
    for page in (anna, bertil):
        expect(line_with(page, "Calm down")).to_have_count(1)
    taken = line_with(anna, "flood").count()
    assert 1 <= taken < 10, taken
    expect(line_with(bertil, "flood")).to_have_count(taken)
    expect(line_with(bertil, "flood 10")).to_have_count(0)


def test_a_phone_counts_unread_lines_on_the_chat_button(
    open_page: OpenPage, artifacts: Path
) -> None:
    anna = open_page("/")
    url = create_room(anna, "Anna")
    phone = open_page(url, phone=True)
    take_seat(phone, "Bertil", 1)
    button = phone.locator("#chat-button")
    badge = phone.locator("#chat-unread")
    expect(badge).to_be_hidden()
    expect(button).to_be_in_viewport()

    open_chat(anna)
    say(anna, "Are you there?")
    anna.click("#chat-panel [data-reaction='hello']")
    expect(badge).to_be_visible()
    expect(badge).to_have_text("2")
    expect(button).to_have_attribute("aria-label", "Chat: 2 unread messages")
    expect(phone.locator("#chat-panel")).to_be_hidden()

    button.tap()
    expect(phone.locator("#chat-panel")).to_be_visible()
    expect(badge).to_be_hidden()
    expect(button).to_have_attribute("aria-label", "Chat")
    expect(line_with(phone, "Are you there?")).to_be_visible()
    # A bottom sheet across the phone's width.
    sheet = phone.locator("#chat-panel").bounding_box()
    viewport = phone.viewport_size
    assert sheet and viewport
    assert sheet["x"] == 0 and sheet["width"] == viewport["width"], sheet
    assert abs(sheet["y"] + sheet["height"] - viewport["height"]) < 1, sheet
    say(phone, "Yes, here")
    expect(line_with(anna, "Yes, here")).to_have_count(1)
    phone.locator("#chat-input").blur()
    shot(phone, artifacts, "chat-phone")

    phone.locator("#chat-close").tap()
    expect(phone.locator("#chat-panel")).to_be_hidden()
    say(anna, "Good")
    expect(badge).to_have_text("1")
    expect(button).to_have_attribute("aria-label", "Chat: 1 unread message")
