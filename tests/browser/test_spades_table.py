"""Spades in the browser. On a 360-pixel phone, one person with three computer players: in
the first deal she bids blind nil (confirming it), then looks at her cards, lays three for
her partner and plays the deal out; in the second she looks first and bids nil. Her cards are
not on the page, nor in any message the page was sent, before she looks. On a desktop two
people and two computer players play a whole deal through the page: the one not on turn is
offered a look at his cards too, and the deal's summary shows per team.

The server shuffles and the computer players bid as they like, so the test reads who is on
turn and what the exchange did from the page, never from the clock.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, WebSocket, expect
from table_driver import (
    ROOM,
    OpenPage,
    add_bot,
    assert_hand_tappable,
    attr,
    play_first_card,
    press,
    ready,
    seat,
    shot,
    take_seat,
    wait_connected,
    wait_ready,
)

pytestmark = pytest.mark.browser

SMALL_PHONE = {"width": 360, "height": 740}
TEAM_OF_SEAT = [0, 1, 0, 1]
ORDER = [r + s for s in "SHDC" for r in "AKQJT98765432"]


def by_order(card: str) -> int:
    """The server's order of cards: spades, hearts, diamonds, clubs, high to low."""
    return ORDER.index(card)


def create_spades_room(page: Page, nickname: str, touch: bool) -> str:
    page.fill("#create-name", nickname)
    press(page.locator("input[name='game'][value='spades']"), touch)
    press(page.locator("#create-button"), touch)
    page.wait_for_url("**/r/*")
    wait_ready(page)
    wait_connected(page)
    expect(page.locator(ROOM)).to_have_attribute("data-seat", "0")
    expect(page.locator(ROOM)).to_have_attribute("data-game", "spades")
    return page.url


def start(host: Page, touch: bool) -> None:
    press(host.locator("#start-button"), touch)
    expect(host.locator(ROOM)).to_have_attribute("data-status", "playing")


def wait_until(check: Any, what: str, timeout: float = 180.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.02)


def settle(page: Page) -> None:
    """Wait until the page's last action has been answered."""
    wait_until(lambda: attr(page, "pending") == "false", "an answer")


def my_bid_turn(page: Page, deal: int) -> bool:
    return ready(page) and attr(page, "phase") == "bid" and attr(page, "deal") == str(deal)


def assert_team_badges(page: Page) -> None:
    for number, team in enumerate(TEAM_OF_SEAT):
        badge = page.locator(f"{seat(page, number)} .badge-team")
        expect(badge).to_be_visible()
        expect(badge).to_have_attribute("data-team", str(team))


def assert_cards_face_down(page: Page) -> None:
    """No card of the hand is on the page: only the note that the cards lie face down."""
    expect(page.locator("#hand .card-btn")).to_have_count(0)
    expect(page.locator("#hand .hand-note")).to_contain_text("face down")
    me = attr(page, "seat")
    expect(page.locator(f"{seat(page, int(me))} .badge-unseen")).to_have_count(1)


def assert_no_sideways_scroll(page: Page) -> None:
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, overflow


def hand_cards(page: Page) -> list[str]:
    cards: list[str] = page.locator("#hand .card-btn").evaluate_all(
        "bs => bs.map(b => b.dataset.card)"
    )
    return cards


def choose_three(page: Page, touch: bool) -> list[str]:
    """Choose the first three cards of the hand for a lay or a give, and send them."""
    expect(page.locator("#exchange-confirm")).to_be_disabled()
    cards = page.locator("#hand .card-btn[data-playable='true']")
    chosen = [cards.nth(i).get_attribute("data-card") or "" for i in range(3)]
    for i in range(3):
        press(cards.nth(i), touch)
    expect(page.locator("#hand .card-btn.selected")).to_have_count(3)
    expect(page.locator("#exchange-confirm")).to_be_enabled()
    return chosen


def record_frames(page: Page) -> list[dict[str, Any]]:
    """Every state message the page's WebSocket receives, decoded."""
    states: list[dict[str, Any]] = []

    def on_socket(ws: WebSocket) -> None:
        def received(payload: str | bytes) -> None:
            if isinstance(payload, str):
                message = json.loads(payload)
                if message.get("type") == "state":
                    states.append(message)

        ws.on("framereceived", received)

    page.on("websocket", on_socket)
    return states


def take_turn(page: Page, touch: bool) -> str:
    """Whatever the turn asks, done the plain way: look, bid two, give or lay the first three
    cards, play the first playable card. Returns the phase acted in."""
    phase = attr(page, "phase")
    look = page.locator("#action-bar #look-button")
    if look.count():
        press(look, touch)
    elif phase == "bid":
        press(page.locator("#bid-chooser [data-bid='2']"), touch)
    elif phase in ("lay", "give"):
        choose_three(page, touch)
        press(page.locator("#exchange-confirm"), touch)
    elif phase == "play":
        play_first_card(page, touch)
    else:
        raise AssertionError(f"on turn in phase {phase!r}")
    settle(page)
    return phase


def play_out(pages: list[Page], deal: int, touch: bool) -> None:
    """The people take their turns until the deal is over; computer players take theirs."""
    deadline = time.monotonic() + 120
    while attr(pages[0], "deals-played") != str(deal):
        assert time.monotonic() < deadline, f"deal {deal} never ended"
        for page in pages:
            if ready(page) and attr(page, "deal") == str(deal):
                take_turn(page, touch)
        time.sleep(0.02)


# -- the phone -----------------------------------------------------------------------------------


def test_blind_nil_then_nil_on_a_small_phone(open_bot_page: OpenPage, artifacts: Path) -> None:
    anna = open_bot_page("/", phone=True)
    anna.set_viewport_size(SMALL_PHONE)
    frames = record_frames(anna)
    # a long name, to be cut short on the board rather than widen the table
    create_spades_room(anna, "Anna Karin Lindqvist", touch=True)
    for number in (1, 2, 3):
        add_bot(anna, number, "random", touch=True)
    start(anna, touch=True)
    assert_team_badges(anna)

    # ---- deal 1: blind nil ----------------------------------------------------------------
    wait_until(lambda: my_bid_turn(anna, 1), "Anna's bid")
    assert_cards_face_down(anna)
    chooser = anna.locator("#bid-chooser")
    expect(chooser.locator("#look-button")).to_be_visible()
    expect(chooser.locator("[data-bid]")).to_have_count(15)  # 1-13, nil, blind nil
    expect(chooser.locator("#blind-hint")).to_be_visible()
    # the chooser fits the small phone: no button leaves the screen
    for box in chooser.locator("button").evaluate_all(
        "bs => bs.map(b => { const r = b.getBoundingClientRect(); return [r.left, r.right]; })"
    ):
        assert box[0] >= 0 and box[1] <= SMALL_PHONE["width"], box
    assert_no_sideways_scroll(anna)
    chooser.scroll_into_view_if_needed()
    shot(anna, artifacts, "spades-01-phone-bid-unseen")
    # blind nil asks first; "no" changes nothing
    press(chooser.locator("[data-bid='blind_nil']"), True)
    dialog = anna.locator("#confirm-dialog")
    expect(dialog.locator("#confirm-question")).to_have_text(
        "Bid blind nil without looking at your cards?"
    )
    shot(anna, artifacts, "spades-02-phone-blind-nil-confirm")
    press(dialog.locator("[data-close]"), True)
    expect(dialog).to_be_hidden()
    assert my_bid_turn(anna, 1)
    press(chooser.locator("[data-bid='blind_nil']"), True)
    press(dialog.locator("#confirm-yes"), True)
    settle(anna)
    me = seat(anna, 0)
    expect(anna.locator(f"{me} .badge-blind-nil")).to_have_count(1)
    expect(anna.locator(f"{me} .stat.bid strong")).to_have_attribute("data-bid", "blind_nil")
    # the lay comes at once (unless her partner bid nil before her: then there is none, and
    # the play may begin), and cards are laid or played only once seen
    wait_until(
        lambda: ready(anna) and attr(anna, "phase") in ("lay", "play"), "Anna's lay or first card"
    )
    must_lay = attr(anna, "phase") == "lay"
    expect(anna.locator("#status-line")).to_have_text("Your turn: look at your cards first")
    assert_cards_face_down(anna)
    shot(anna, artifacts, "spades-03-phone-look-to-lay")
    before_look = len(frames)
    press(anna.locator("#look-button"), True)
    expect(anna.locator("#hand .card-btn")).to_have_count(13)
    hand = hand_cards(anna)
    # no message before the look named a card of her hand
    seen = frames[:before_look]
    assert seen and all(f["view"] is None or f["view"]["deal"] is None or
                        f["view"]["deal"]["hand"] == [] for f in seen)  # fmt: skip
    leaked = [c for c in hand for f in seen if json.dumps(c) in json.dumps(f)]
    assert not leaked, leaked
    assert_hand_tappable(anna, 13)
    laid: list[str] = []
    if must_lay:
        expect(anna.locator("#exchange-hint")).to_contain_text("lay face down for Boole")
        laid = choose_three(anna, True)
        shot(anna, artifacts, "spades-04-phone-lay-three")
        press(anna.locator("#exchange-confirm"), True)
        settle(anna)

    # ---- the exchange, seen at her first card ----------------------------------------------
    wait_until(lambda: ready(anna) and attr(anna, "phase") == "play", "Anna's first card")
    expect(anna.locator(f"{me} .badge-unseen")).to_have_count(0)
    expect(anna.locator("#hand .card-btn")).to_have_count(13)
    partner_nil = anna.locator(f"{seat(anna, 2)} .badge-nil, {seat(anna, 2)} .badge-blind-nil")
    both_nil = partner_nil.count() > 0
    if not both_nil:
        note = anna.locator("#exchange-note")
        expect(note).to_be_visible()
        received = (note.get_attribute("data-received") or "").split(",")
        assert len(received) == 3 and not set(received) & set(laid)
        assert not set(laid) & set(hand_cards(anna))
        expect(anna.locator("#hand .card-btn.sp-received")).to_have_count(3)
        assert sorted(
            anna.locator("#hand .card-btn.sp-received").evaluate_all(
                "bs => bs.map(b => b.dataset.card)"
            )
        ) == sorted(received)
    else:
        # both partners nil: the laid cards came back, nothing was exchanged
        expect(anna.locator("#hand .card-btn")).to_have_count(13)
        expect(anna.locator("#exchange-note")).to_have_count(0)
    expect(anna.locator("#spades-broken")).to_have_attribute("data-broken", "false")
    assert_no_sideways_scroll(anna)
    shot(anna, artifacts, "spades-05-phone-first-card")
    play_out([anna], 1, touch=True)

    # ---- the summary of deal 1, per team ---------------------------------------------------
    summary = anna.locator("#deal-summary")
    expect(summary).to_be_visible()
    expect(summary.locator(".sp-summary-team")).to_have_count(2)
    expect(summary.locator(".sp-summary-team[data-team='0']")).to_contain_text(
        "both bid nil" if both_nil else "Anna Karin Lindqvist's blind nil"
    )
    expect(summary.locator("#spades-summary tr[data-row='nil'] td[data-team='0']")).to_have_text(
        re.compile("^[+\u2212]200$")
    )
    assert_no_sideways_scroll(anna)
    shot(anna, artifacts, "spades-06-phone-summary")
    press(summary.locator("[data-close]"), True)
    expect(summary).to_be_hidden()

    # ---- deal 2: look, then nil -------------------------------------------------------------
    wait_until(lambda: my_bid_turn(anna, 2), "Anna's bid in deal 2")
    assert_cards_face_down(anna)
    # the board in the middle lists the bids in bidding order, hers to come
    board = anna.locator("#bidding-board .sp-bids li")
    expect(board).to_have_count(4)
    expect(anna.locator("#bidding-board li[data-seat='0']")).to_have_class("speaking")
    expect(anna.locator("#bidding-board li[data-seat='0']")).to_have_attribute("data-bid", "")
    press(anna.locator("#bid-chooser #look-button"), True)
    expect(anna.locator("#hand .card-btn")).to_have_count(13)
    # once she has looked, blind nil is gone; the numbers and nil stay
    chooser = anna.locator("#bid-chooser")
    expect(chooser.locator("[data-bid='blind_nil']")).to_have_count(0)
    expect(chooser.locator("#look-button")).to_have_count(0)
    expect(chooser.locator("[data-bid='nil']")).to_be_visible()
    shot(anna, artifacts, "spades-07-phone-bid-looked")
    press(chooser.locator("[data-bid='nil']"), True)
    settle(anna)
    expect(anna.locator(f"{me} .badge-nil")).to_have_count(1)
    expect(anna.locator(f"{me} .stat.bid strong")).to_have_attribute("data-bid", "nil")
    expect(anna.locator(f"{me} .stat.bid strong")).to_have_text("Nil")
    wait_until(
        lambda: ready(anna) and attr(anna, "phase") in ("lay", "play"), "Anna's lay in deal 2"
    )
    if attr(anna, "phase") == "lay":  # her partner did not bid nil before her
        expect(anna.locator("#exchange-bar")).to_have_attribute("data-kind", "lay")
        choose_three(anna, True)
        shot(anna, artifacts, "spades-08-phone-nil-lay")
        press(anna.locator("#exchange-confirm"), True)
        settle(anna)
    expect(anna.locator(f"{me} .badge-nil")).to_have_count(1)


# -- the desktop ---------------------------------------------------------------------------------


def test_partners_exchange_and_play_a_whole_deal_on_the_desktop(
    open_bot_page: OpenPage, artifacts: Path
) -> None:
    anna = open_bot_page("/")
    url = create_spades_room(anna, "Anna", touch=False)
    bertil = open_bot_page(url)
    # Bertil sits opposite: Anna's partner
    take_seat(bertil, "Bertil", 2)
    for number in (1, 3):
        add_bot(anna, number, "random")
    start(anna, touch=False)
    pages = [anna, bertil]
    for page in pages:
        expect(page.locator(ROOM)).to_have_attribute("data-status", "playing")
        assert_team_badges(page)
        expect(page.locator(f"{seat(page, 0)} .badge-team")).to_have_attribute(
            "title", "Team A, partner of Bertil"
        )

    # Whoever of the two bids first, the other is offered a look at his cards meanwhile.
    wait_until(lambda: any(ready(p) and attr(p, "phase") == "bid" for p in pages), "a bid")
    first = anna if ready(anna) else bertil
    other = bertil if first is anna else anna
    first_name, other_name = ("Anna", "Bertil") if first is anna else ("Bertil", "Anna")
    assert_cards_face_down(other)
    expect(other.locator("#look-bar #look-button")).to_be_visible()
    expect(other.locator("#look-bar")).to_contain_text("you can no longer bid blind nil")
    expect(other.locator("#bid-chooser")).to_have_count(0)
    shot(other, artifacts, "spades-10-desktop-not-on-turn")
    press(other.locator("#look-button"), False)
    expect(other.locator("#hand .card-btn")).to_have_count(13)
    expect(other.locator("#look-bar")).to_have_count(0)

    # The first looks, bids nil and lays three cards for his partner.
    press(first.locator("#bid-chooser #look-button"), False)
    expect(first.locator("#hand .card-btn")).to_have_count(13)
    press(first.locator("#bid-chooser [data-bid='nil']"), False)
    settle(first)
    wait_until(lambda: ready(first) and attr(first, "phase") == "lay", "the lay")
    expect(first.locator("#exchange-hint")).to_contain_text(f"lay face down for {other_name}")
    laid = choose_three(first, False)
    press(first.locator("#exchange-confirm"), False)
    settle(first)
    expect(first.locator("#exchange-note")).to_have_attribute(
        "data-laid", ",".join(sorted(laid, key=by_order))
    )

    # The partner bids, then gives three without seeing the three he will get.
    wait_until(lambda: ready(other) and attr(other, "phase") == "bid", "the partner's bid")
    expect(other.locator("#bid-chooser .sp-partner-bid")).to_have_text(f"Partner {first_name}: Nil")
    press(other.locator("#bid-chooser [data-bid='3']"), False)
    settle(other)
    wait_until(lambda: ready(other) and attr(other, "phase") == "give", "the give")
    expect(other.locator("#exchange-hint")).to_contain_text(f"give {first_name}, who bid nil")
    given = choose_three(other, False)
    shot(other, artifacts, "spades-11-desktop-give")
    press(other.locator("#exchange-confirm"), False)
    settle(other)

    # Each sees what went over and what came back; the cards received stay marked.
    for page, got in ((first, given), (other, laid)):
        note = page.locator("#exchange-note")
        expect(note).to_have_attribute("data-received", ",".join(sorted(got, key=by_order)))
        received = page.locator("#hand .card-btn.sp-received")
        expect(received).to_have_count(3)
        assert sorted(received.evaluate_all("bs => bs.map(b => b.dataset.card)")) == sorted(got)
    shot(first, artifacts, "spades-12-desktop-received")

    play_out(pages, 1, touch=False)
    for page in pages:
        summary = page.locator("#deal-summary")
        expect(summary).to_be_visible()
        expect(summary.locator(".sp-summary-team[data-team='0']")).to_contain_text(
            f"{first_name}'s nil"
        )
        expect(summary.locator("#spades-summary tr[data-row='score'] td")).to_have_count(2)
        expect(summary.locator("#spades-summary tr[data-row='totals'] td")).to_have_count(2)
    # partners carry one total: the scores list them equal
    totals = anna.locator(".scores tbody tr td.num").all_text_contents()
    assert totals[0] == totals[2] and totals[1] == totals[3], totals
    shot(anna, artifacts, "spades-13-desktop-summary")
    # the protocol has a row per team
    anna.locator("#protocol-button").click()
    protocol = anna.locator("#protocol-dialog")
    expect(protocol.locator("tr.team-row")).to_have_count(2)
    expect(protocol.locator("tr.team-row[data-team='0']")).to_contain_text("Anna & Bertil")
    shot(anna, artifacts, "spades-14-desktop-protocol")
    protocol.locator("[data-close]").first.click()
    expect(protocol).to_be_hidden()
    # the next deal's cards lie face down again until looked at
    expect(anna.locator(ROOM)).to_have_attribute("data-deal", "2")
    assert_cards_face_down(anna)
