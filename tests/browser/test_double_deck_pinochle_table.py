"""Double-deck pinochle in the browser, on a 360-pixel phone: one person and three computer
players. Her twenty cards lie in rows where every card is within the screen and its middle
is its own to tap. In the auction she sees her best meld and announces it (for information
before the first bid, as a raise of 10 for every 100 after one), says "flush" or "long suit"
with her bids when her hand holds one, and bids until the auction is hers; she names
trumps; the four players' melds show on the phone without widening the page; she plays a few
tricks with a tap to lift a card and one to play it; then she claims the game with her side
far from the target, confirms, and the claim, wrong, loses the game: the final standing
names the other side.

The computer players are of the first level above random the room offers (a random player
claims at random, and a claim ends the game); who is on turn is read from the page.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from table_driver import ROOM, OpenPage, assert_hand_tappable, attr, ready, seat, shot
from test_partnership_pinochle_table import (
    auction_done,
    check_melds,
    create_pinochle_room,
    longest_suit,
    my_bid_turn,
    seat_computers,
    settle,
    start,
    wait_until,
)

pytestmark = pytest.mark.browser

GAME = "double_deck_pinochle"
SMALL_PHONE = {"width": 360, "height": 740}


def assert_no_sideways_scroll(page: Page) -> None:
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, overflow


def assert_within_screen(page: Page, selector: str) -> None:
    boxes = page.locator(selector).evaluate_all(
        "es => es.map(e => { const r = e.getBoundingClientRect(); return [r.left, r.right]; })"
    )
    assert boxes, selector
    for left, right in boxes:
        assert left >= 0 and right <= SMALL_PHONE["width"], (selector, left, right)


def play_a_card(page: Page) -> None:
    """A tap lifts the first playable card, a tap on the play button plays it."""
    page.locator("#hand .card-btn[data-playable='true']").first.tap()
    page.locator("#play-lifted").tap()
    settle(page)


def test_a_twenty_card_hand_the_announcements_and_a_wrong_claim_on_a_phone(
    open_bot_page: OpenPage, artifacts: Path
) -> None:
    # ---- the twenty cards -------------------------------------------------------------------
    # The deal is the room's fair shuffle, which no test can choose, and now and then twenty
    # cards hold no meld to announce: such a table is left for a new one. Five tables without
    # a meld in a row would be a fault, not chance.
    for _table in range(5):
        anna = open_bot_page("/", phone=True)
        anna.set_viewport_size(SMALL_PHONE)
        create_pinochle_room(anna, GAME, touch=True)
        seat_computers(anna, touch=True)
        start(anna, touch=True)
        wait_until(lambda page=anna: my_bid_turn(page), "Anna's bid")
        expect(anna.locator("#hand .card-btn")).to_have_count(20)
        best = int(anna.locator("#best-meld").get_attribute("data-best") or "-1")
        expect(anna.locator("#best-meld")).to_have_text(f"Your best meld: {best}")
        if best >= 10:
            break
        anna.close()
    assert best >= 10, "five hands of twenty cards in a row without a meld"
    assert_hand_tappable(anna, 20)
    assert_no_sideways_scroll(anna)
    shot(anna, artifacts, "double-deck-pinochle-01-phone-hand")

    # ---- her first call: her best meld announced, after a look at the flags ----------------
    bar = anna.locator("#bid-bar")
    least = int(anna.locator("#bid-value").text_content() or "0")
    assert least >= 500
    send = anna.locator("#bid-send")
    flags = anna.locator("#bid-flags input:not([value=''])")
    held = [v or "" for v in flags.evaluate_all("is => is.map(i => i.value)")]
    if held:
        # a flag goes with the bid, and comes off again
        anna.locator(f"label[for='bid-flag-{held[0]}']").tap()
        expect(send).to_have_attribute("data-action", f"bid:{least}:{held[0]}")
        expect(send).to_have_text(re.compile(rf"^Bid {least}, (flush|long suit)$"))
        anna.locator("label[for='bid-flag-none']").tap()
    else:
        expect(anna.locator("#bid-flags")).to_have_count(0)
    expect(send).to_have_attribute("data-action", f"bid:{least}")
    assert_within_screen(anna, "#bid-bar button")
    assert_no_sideways_scroll(anna)
    bar.scroll_into_view_if_needed()
    shot(anna, artifacts, "double-deck-pinochle-02-phone-bid")
    high = anna.locator("#auction").get_attribute("data-high") or ""
    if not high:
        # before any bid an announcement is information only: she stays in the auction
        announce = anna.locator(f"[data-announce='{best}']")
        expect(announce).to_have_text(f"Announce {best}")
        said, call = f"announce:{best}", f"Announces {best}"
    else:
        # after a bid it is a bid: 10 more for every 100 announced, or part of 100
        value = 100 if best >= 100 else best
        announce = anna.locator(f"[data-announce='{value}']")
        raised = int(high) + 10 * -(-value // 100)
        expect(announce).to_have_text(f"Announce {value}: bid {raised}")
        said, call = str(raised), f"Meld {value}: {raised}"
    announce.tap()
    settle(anna)
    if not auction_done(anna):
        mine = anna.locator("#auction li[data-seat='0']")
        expect(mine).to_have_attribute("data-call", said)
        expect(mine.locator(".pp-call")).to_have_text(call)

    # ---- the rest of the auction: the least bid, with a flag when held --------------------
    calls = 1
    while not auction_done(anna):
        if not my_bid_turn(anna):
            time.sleep(0.02)
            continue
        if held:
            anna.locator(f"label[for='bid-flag-{held[0]}']").tap()
            expect(send).to_have_attribute("data-action", re.compile(rf":{held[0]}$"))
        send.tap()
        settle(anna)
        calls += 1
        assert calls < 60, "the auction never ended"

    # ---- trumps and the melds on the phone -------------------------------------------------
    expect(anna.locator(ROOM)).to_have_attribute("data-phase", "trump")
    expect(anna.locator("#trump-bar [data-trump]")).to_have_count(4)
    assert_within_screen(anna, "#trump-bar [data-trump]")
    trump = longest_suit(anna)
    anna.locator(f"#trump-bar [data-trump='{trump}']").tap()
    settle(anna)
    expect(anna.locator(".pp-trump")).to_have_attribute("data-trump", trump)
    check_melds(anna)
    assert_within_screen(anna, "#meld-board [data-meld-seat]")
    assert_no_sideways_scroll(anna)
    anna.locator("#meld-board").scroll_into_view_if_needed()
    shot(anna, artifacts, "double-deck-pinochle-03-phone-melds")

    # ---- a few tricks, by tap ---------------------------------------------------------------
    played = 0
    while played < 3:
        wait_until(lambda: ready(anna) and attr(anna, "phase") == "play", "Anna's card")
        play_a_card(anna)
        played += 1
    expect(anna.locator("#hand .card-btn")).to_have_count(17)
    assert_hand_tappable(anna, 17)
    assert_no_sideways_scroll(anna)
    shot(anna, artifacts, "double-deck-pinochle-04-phone-play")

    # ---- the claim, wrong: the game is lost ------------------------------------------------
    standing = anna.locator("#claim-standing")
    expect(standing).to_have_text(re.compile(r"^A claim now: \d+ of 5000$"))
    assert int(standing.get_attribute("data-standing") or "0") < 5000
    anna.locator("#claim-button").tap()
    dialog = anna.locator("#confirm-dialog")
    expect(dialog.locator("#confirm-question")).to_have_text(
        "Claim that your side has reached 5000?"
    )
    shot(anna, artifacts, "double-deck-pinochle-05-phone-claim")
    dialog.locator("#confirm-yes").tap()
    expect(anna.locator(ROOM)).to_have_attribute("data-status", "finished")
    ranking = anna.locator("#ranking-dialog #ranking")
    expect(ranking).to_be_visible()
    expect(ranking.locator("li.winner")).to_have_count(1)
    expect(ranking.locator("li.winner")).to_have_attribute("data-team", "1")
    # the claim decided it, whatever the totals: the winners stand first, alone
    expect(ranking.locator("li").first).to_have_attribute("data-team", "1")
    expect(ranking.locator("li[data-team='0']")).to_have_attribute("data-rank", "2")
    expect(anna.locator(f"{seat(anna, 0)} .badge-team")).to_have_attribute("data-team", "0")
    # what the totals alone do not explain, the deal that ended the match does: the claim
    last = anna.locator("#ranking-dialog .last-deal")
    expect(last).to_be_visible()
    last.locator("summary").tap()
    expect(last).to_have_attribute("open", "")
    expect(last.locator("table").first).to_be_visible()
    shot(anna, artifacts, "double-deck-pinochle-06-phone-claim-lost")
