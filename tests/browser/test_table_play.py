"""Three people create, join and play a complete deal by clicking; a fourth watches."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect
from table_driver import (
    PLAYABLE,
    ROOM,
    OpenPage,
    act_once,
    create_room,
    shot,
    start_match,
    stop_clock,
    take_seat,
    wait_connected,
    whose_turn,
)

pytestmark = pytest.mark.browser

DEAL_ACTIONS = 1 + 1 + 48  # contract, discard, 16 tricks of three cards


@pytest.mark.slow
def test_three_players_play_a_complete_deal_while_a_fourth_watches(
    open_page: OpenPage, artifacts: Path
) -> None:
    anna = open_page("/")
    url = create_room(anna, "Anna")
    expect(anna.locator("#share-link-inline")).to_have_value(url)
    shot(anna, artifacts, "01-lobby-waiting")
    anna.click("#share-button")
    expect(anna.locator("#share-link")).to_have_value(url)
    anna.click("#share-copy")
    expect(anna.locator("#toasts")).to_contain_text("Link copied")
    anna.locator("#share-dialog [data-close]").click()

    bertil = open_page(url)
    take_seat(bertil, "Bertil", 1)
    cecilia = open_page(url)
    take_seat(cecilia, "Cecilia", 2)
    viewer = open_page(url)
    expect(viewer.locator(ROOM)).to_have_attribute("data-seat", "")
    expect(viewer.locator("#hand")).to_contain_text("Every seat is taken")
    players = [anna, bertil, cecilia]
    for page in players:
        expect(page.locator(".seat[data-presence='online']")).to_have_count(3)
    shot(anna, artifacts, "02-lobby-full")

    start_match(anna)
    # Spectators are counted in each broadcast (a spectator arriving sends none of its own).
    expect(anna.locator("#watchers")).to_have_text("1 watching")
    for page in [*players, viewer]:
        expect(page.locator(ROOM)).to_have_attribute("data-phase", "contract")
        expect(page.locator(".open-cards .card")).to_have_count(4)

    # Contract: only forehand is offered the choice, and sees only the open cards.
    forehand = whose_turn(players)
    expect(forehand.locator("#contract-chooser")).to_be_visible()
    expect(forehand.locator(".card-btn")).to_have_count(0)
    for page in players:
        if page is not forehand:
            expect(page.locator("#contract-chooser")).to_have_count(0)
    shot(forehand, artifacts, "03-contract-forehand")
    shot(viewer, artifacts, "03-contract-spectator")
    act_once(players)

    # Discard: forehand holds 20 and must pick exactly four.
    expect(forehand.locator(ROOM)).to_have_attribute("data-phase", "discard")
    expect(forehand.locator("#hand .card-btn")).to_have_count(20)
    confirm = forehand.locator("#discard-confirm")
    cards = forehand.locator(PLAYABLE)
    for i in range(3):
        cards.nth(i).click()
    expect(confirm).to_be_disabled()
    cards.nth(3).click()
    expect(confirm).to_be_enabled()
    expect(forehand.locator("#hand .card-btn[aria-pressed='true']")).to_have_count(4)
    shot(forehand, artifacts, "04-discard")
    confirm.click()
    expect(forehand.locator("#hand .card-btn")).to_have_count(16)
    expect(forehand.locator(ROOM)).to_have_attribute("data-phase", "play")

    # Play: only the server's legal cards are enabled; the others say why not.
    leader = whose_turn(players)
    for page in players:
        expect(page.locator("#hand .card-btn")).to_have_count(16)
        if page is not leader:
            first = page.locator("#hand .card-btn").first
            expect(first).to_have_attribute("aria-disabled", "true")
            expect(first).to_have_attribute("title", re.compile("not your turn"))
    expect(leader.locator(PLAYABLE)).to_have_count(16)  # any card may be led
    expect(leader.locator("#status-line")).to_have_text("Your turn: play a card")
    expect(leader.locator(".seat.is-me .turn-flag")).to_have_text("Your turn")

    reloaded = False
    for plays in range(1, 49):
        _, phase = act_once(players)
        assert phase == "play"
        if plays == 2:
            # Mid-trick: two cards on the table, named by who played them.
            for watcher in (viewer, anna):
                expect(watcher.locator("#trick .played")).to_have_count(2)
            shot(whose_turn(players), artifacts, "05-play-your-turn")
            shot(viewer, artifacts, "05-play-spectator")
            # the spectator's clock stands still while the trick is looked at: its moment
            # in view can pass unseen on a busy machine
            viewer.clock.install()
            stop_clock(viewer)
        if plays == 3:
            # The finished trick stays in view for a moment with its winner.
            expect(viewer.locator("#trick .played")).to_have_count(3)
            expect(viewer.locator(".trick-winner")).to_be_visible()
            shot(viewer, artifacts, "06-trick-won")
            viewer.clock.resume()
        if plays == 7 and not reloaded:
            # A reload in mid-deal keeps the seat: the secret lives in this browser only.
            bertil.reload()
            expect(bertil.locator(ROOM)).to_have_attribute("data-seat", "1")
            expect(bertil.locator(ROOM)).to_have_attribute("data-connection", "open")
            assert "secret" not in bertil.url
            assert len(bertil.locator("#hand .card-btn").all()) in (13, 14)
            reloaded = True
        if plays == 10:
            anna.click("#last-trick-button")
            expect(anna.locator("#last-trick .played")).to_have_count(3)
            shot(anna, artifacts, "07-last-trick")
            anna.click("#last-trick-button")
    assert reloaded
    expect(anna.locator(ROOM)).to_have_attribute("data-deals-played", "1")

    # End of deal: everybody, the spectator included, gets the summary in place.
    for page in [*players, viewer]:
        summary = page.locator("#deal-summary")
        expect(summary).to_be_visible(timeout=30_000)
        expect(summary.locator("h2")).to_have_text("Deal 1 is over")
        expect(summary.locator("tbody tr")).to_have_count(3)
        if page is anna:
            shot(anna, artifacts, "08-deal-summary")
        summary.locator("[data-close]").click()
        expect(summary).to_be_hidden()

    # Deal 2 has begun, and the protocol is one tap away with the first X and the chart.
    expect(anna.locator(ROOM)).to_have_attribute("data-deal", "2")
    anna.click("#protocol-button")
    protocol = anna.locator("#protocol-dialog")
    expect(protocol).to_be_visible()
    expect(protocol.locator("#protocol-table tbody tr")).to_have_count(3)
    expect(protocol.locator("#protocol-table .cell.marked")).to_have_count(1)
    expect(protocol.locator(".totals-chart path.line")).to_have_count(3)
    shot(anna, artifacts, "09-protocol")
    protocol.locator("[data-close]").first.click()

    # The host ends the match: everyone sees the ranking (leaders, as it ended early).
    anna.click("#end-match-button")
    anna.click("#confirm-yes")
    for page in [*players, viewer]:
        expect(page.locator(ROOM)).to_have_attribute("data-status", "ended")
        expect(page.locator("#ranking-dialog")).to_be_visible()
        expect(page.locator("#ranking-dialog .ranking li")).to_have_count(3)
    shot(bertil, artifacts, "10-match-ended")


def test_a_name_typed_while_someone_else_sits_down_is_kept_whole(open_page: OpenPage) -> None:
    """Each state redraws the table; the name field a spectator is typing into must survive
    it, with its focus and its text, or the second half of the name goes nowhere."""
    anna = open_page("/")
    create_room(anna, "Anna")
    bertil = open_page(anna.url)
    wait_connected(bertil)
    bertil.locator("#nickname").click()
    bertil.keyboard.type("Ber")
    cecilia = open_page(anna.url)
    take_seat(cecilia, "Cecilia", 2)
    # Bertil's page has drawn the state in which Cecilia sits, mid-word.
    expect(bertil.locator(".seat[data-seat='2']")).to_have_attribute("aria-label", "Cecilia")
    bertil.keyboard.type("til")
    expect(bertil.locator("#nickname")).to_have_value("Bertil")
    bertil.keyboard.press("Enter")
    expect(bertil.locator(ROOM)).to_have_attribute("data-seat", "1")
    expect(anna.locator(".seat[data-seat='1']")).to_have_attribute("aria-label", "Bertil")
