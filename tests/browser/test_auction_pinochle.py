"""Auction pinochle in the browser: four people on phones at a four-seat table, so that the
dealer sits the deal out and three play it. They go through one deal from the compulsory
opening to the summary: the bidding (eldest's opening, a raise on the stepper, passes), the
widow turned face up for everyone, trumps, the meld builder, the burial (a shown card is
refused, with the reason), burying again, an opponent's concession, and the play of all
fifteen tricks. The kitty then shows in the protocol, and in the next deal nobody raises
eldest's opening, so eldest throws in and pays the kitty.

The server shuffles as it likes, so the test steers by what the pages show: the bidder is an
active player who holds a nine (a dix whatever else he gets), trumps are that nine's suit, and
the meld shown is kept under the bid so that the cards are played. Who acts next is read from
the table, never waited for by the clock.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from table_driver import (
    ROOM,
    OpenPage,
    assert_hand_tappable,
    attr,
    let_the_deal_end,
    shot,
    stop_clock,
    take_seat,
    wait_connected,
    wait_ready,
    wait_version,
)

pytestmark = pytest.mark.browser

NAMES = ["Anna", "Bertil", "Cecilia", "David"]


class Table:
    def __init__(self, pages: list[Page], artifacts: Path) -> None:
        self.pages = pages
        self.artifacts = artifacts

    def shoot(self, page: Page, name: str) -> None:
        shot(page, self.artifacts, f"auction-pinochle-{name}")

    def settle(self, page: Page, before: str) -> None:
        """Wait until the page's action has been answered and every page shows it."""
        expect(page.locator(ROOM)).not_to_have_attribute("data-v", before)
        expect(page.locator(ROOM)).to_have_attribute("data-pending", "false")
        version = attr(page, "v")
        for other in self.pages:
            wait_version(other, version)

    def tap(self, page: Page, selector: str) -> None:
        before = attr(page, "v")
        page.locator(selector).first.tap()
        self.settle(page, before)

    def play(self, page: Page) -> None:
        """Lift and play the page's first playable card. Only the first page, which tells whose
        turn it is, is waited for: a page's own turn shows only once its state is current."""
        before = attr(page, "v")
        page.locator("#hand .card-btn[data-playable='true']").first.tap()
        page.locator("#play-lifted").first.tap()
        expect(page.locator(ROOM)).not_to_have_attribute("data-v", before)
        expect(page.locator(ROOM)).to_have_attribute("data-pending", "false")
        wait_version(self.pages[0], attr(page, "v"))

    def to_act(self) -> Page:
        """The page of the seat the table shows on turn; it must know it is its turn."""
        seat = self.pages[0].locator(".seat[data-to-act='true']").get_attribute("data-seat")
        assert seat is not None
        page = self.pages[int(seat)]
        expect(page.locator(ROOM)).to_have_attribute("data-my-turn", "true")
        return page

    def hand(self, page: Page) -> list[str]:
        return [
            c or ""
            for c in page.locator("#hand .card-btn").evaluate_all(
                "bs => bs.map(b => b.dataset.card)"
            )
        ]


def create_table(open_page: OpenPage) -> list[Page]:
    anna = open_page("/", phone=True)
    anna.fill("#create-name", NAMES[0])
    anna.locator("input[name='game'][value='auction_pinochle']").tap()
    anna.locator("input[name='seats'][value='4']").tap()
    expect(anna.locator("input[name='seats'][value='4']")).to_be_checked()
    anna.locator("#create-button").tap()
    anna.wait_for_url("**/r/*")
    wait_ready(anna)
    wait_connected(anna)
    pages = [anna]
    for seat, name in enumerate(NAMES[1:], start=1):
        page = open_page(anna.url, phone=True)
        take_seat(page, name, seat)
        pages.append(page)
    # the pages' clocks run as ever, until the test stops them to read the deal's summary,
    # which goes away by itself after a while (on a busy machine, before it has been read)
    for page in pages:
        page.clock.install()
    anna.locator("#start-button").tap()
    for page in pages:
        expect(page.locator(ROOM)).to_have_attribute("data-status", "playing")
        expect(page.locator(ROOM)).to_have_attribute("data-game", "auction_pinochle")
        expect(page.locator(ROOM)).to_have_attribute("data-phase", "bid")
    return pages


@pytest.mark.slow
def test_four_phones_play_a_deal_of_auction_pinochle(open_page: OpenPage, artifacts: Path) -> None:
    pages = create_table(open_page)
    table = Table(pages, artifacts)
    anna = pages[0]

    # ---- who plays: the auction board names the three active seats, eldest first ------------
    auction = anna.locator("#auction")
    expect(auction.locator("li[data-seat]")).to_have_count(3)
    active = [
        int(s or "0")
        for s in auction.locator("li[data-seat]").evaluate_all("ls => ls.map(l => l.dataset.seat)")
    ]
    eldest = int(auction.get_attribute("data-eldest") or "-1")
    assert eldest == active[0]
    out = next(s for s in range(4) if s not in active)
    for page in pages:
        # The dealer sits out, marked so at every seat, and still settles.
        expect(page.locator(f".seat[data-seat='{out}'] .badge-out")).to_have_count(1)
        expect(page.locator(f".seat[data-seat='{out}'] .badge-out")).to_have_attribute(
            "title", "Sits out, settles in chips"
        )
        # The widow lies face down.
        expect(page.locator("#widow")).to_have_attribute("data-turned", "false")
        expect(page.locator("#widow .card")).to_have_count(3)
    expect(pages[out].locator("#hand")).to_contain_text("You sit this deal out")
    expect(pages[out].locator("#hand .card-btn")).to_have_count(0)
    hands = {seat: table.hand(pages[seat]) for seat in active}
    assert all(len(cards) == 15 for cards in hands.values())
    assert_hand_tappable(pages[active[0]], 15)

    # The bidder is a player after eldest who holds a nine: with it as trumps he has a meld.
    bidder = next(s for s in active[1:] if any(c[0] == "9" for c in hands[s]))
    trump = next(c[1] for c in hands[bidder] if c[0] == "9")
    opponents = [s for s in active if s != bidder]

    # ---- the bidding --------------------------------------------------------------------------
    first = table.to_act()
    assert first is pages[eldest]
    # Eldest must open: no pass, the least bid offered at once.
    expect(first.locator("#pass-button")).to_have_count(0)
    expect(first.locator("#bid-bar .ap-must-open")).to_be_visible()
    expect(first.locator("#bid-value")).to_have_text("300")
    table.shoot(first, "01-eldest-opens")
    table.tap(first, "#bid-quick [data-action='bid:300']")
    for page in pages:
        expect(page.locator(f"#auction li[data-seat='{eldest}']")).to_have_attribute(
            "data-bid", "300"
        )
        expect(page.locator(f".seat[data-seat='{eldest}'] .badge-bid")).to_have_count(1)
    raised = None
    while attr(anna, "phase") == "bid":
        page = table.to_act()
        seat = pages.index(page)
        if seat == bidder and raised is None:
            # The stepper raises by ten a tap; the bid button follows it.
            least = int(page.locator("#bid-value").text_content() or "0")
            page.locator("[data-action='bid-up']").tap()
            page.locator("[data-action='bid-up']").tap()
            raised = least + 20
            expect(page.locator("#bid-value")).to_have_text(str(raised))
            expect(page.locator("#bid-send")).to_have_attribute("data-action", f"bid:{raised}")
            page.locator("[data-action='bid-down']").tap()
            page.locator("[data-action='bid-up']").tap()
            table.shoot(page, "02-raise")
            table.tap(page, "#bid-send")
            for each in pages:
                expect(each.locator(f"#auction li[data-seat='{bidder}']")).to_have_attribute(
                    "data-bid", str(raised)
                )
        else:
            expect(page.locator("#pass-button")).to_be_visible()
            table.tap(page, "#pass-button")
            if attr(anna, "phase") == "bid":
                expect(anna.locator(f"#auction li[data-seat='{seat}']")).to_have_attribute(
                    "data-bid", "pass"
                )
    assert raised is not None

    # ---- the widow, face up for everyone; trumps ------------------------------------------
    widow = anna.locator("#widow").get_attribute("data-cards")
    assert widow and len(widow.split(",")) == 3
    for page in pages:
        expect(page.locator(ROOM)).to_have_attribute("data-phase", "trump")
        expect(page.locator("#widow")).to_have_attribute("data-turned", "true")
        expect(page.locator("#widow")).to_have_attribute("data-cards", widow)
        expect(page.locator("#widow .card[data-card]")).to_have_count(3)
        expect(page.locator(f".seat[data-seat='{bidder}'] .badge-bidder")).to_have_count(1)
    me = pages[bidder]
    assert len(table.hand(me)) == 18
    assert_hand_tappable(me, 18)
    # Each opponent may concede from now until the first lead; the one who sits out may not.
    for seat in opponents:
        expect(pages[seat].locator("#concede-button")).to_be_visible()
    expect(pages[out].locator("#concede-button")).to_have_count(0)
    expect(me.locator("#trump-bar .ap-suit")).to_have_count(4)
    expect(me.locator(f"#trump-bar [data-action='trump:{trump}'] .ap-suit-meld")).not_to_have_text(
        "meld 0"
    )
    table.shoot(me, "03-trumps")
    table.shoot(pages[opponents[0]], "03-opponent-may-concede")
    table.tap(me, f"[data-action='trump:{trump}']")
    for page in pages:
        expect(page.locator(".ap-trump").first).to_have_attribute("data-trump", trump)

    # ---- the meld builder -------------------------------------------------------------------
    expect(me.locator(ROOM)).to_have_attribute("data-phase", "meld")
    builder = me.locator("#meld-builder")
    choices = builder.locator(".ap-meld-choices li")
    values = [int(v or "0") for v in choices.evaluate_all("ls => ls.map(l => l.dataset.value)")]
    assert values, "a nine of trumps is a meld"
    suggested = sum(values)
    expect(me.locator("#meld-sum")).to_have_attribute("data-value", str(suggested))
    expect(me.locator("#meld-send")).to_contain_text(f"({suggested})")
    table.shoot(me, "04-meld-builder")
    # Unticking a meld takes its value off the sum; ticking it again puts it back.
    choices.nth(0).locator("input").tap()
    expect(me.locator("#meld-sum")).to_have_attribute("data-value", str(suggested - values[0]))
    choices.nth(0).locator("input").tap()
    expect(me.locator("#meld-sum")).to_have_attribute("data-value", str(suggested))
    if suggested >= raised:
        # Such a meld would make the bid on its own, and the deal would end unplayed: this
        # test keeps only the least meld, so that the cards are played.
        keep = values.index(min(values))
        for i in range(len(values)):
            if i != keep:
                choices.nth(i).locator("input").tap()
        expect(me.locator("#meld-sum")).to_have_attribute("data-value", str(values[keep]))
    table.tap(me, "#meld-send")
    shown = anna.locator("#shown-meld")
    meld_cards = (shown.get_attribute("data-cards") or "").split(",")
    assert meld_cards and meld_cards[0]
    for page in pages:
        expect(page.locator(ROOM)).to_have_attribute("data-phase", "bury")
        expect(page.locator("#shown-meld")).to_have_attribute("data-cards", ",".join(meld_cards))
        expect(page.locator("#shown-meld .ap-meld-list li").first).to_be_visible()

    # ---- the burial ---------------------------------------------------------------------------
    shown_cards = me.locator("#hand .card-btn.ap-shown-card")
    expect(shown_cards).to_have_count(len(meld_cards))
    expect(shown_cards.first).to_have_attribute("data-playable", "false")
    # A tap on it (aria-disabled keeps the card tappable) says why it cannot be chosen.
    shown_cards.first.scroll_into_view_if_needed()
    box = shown_cards.first.bounding_box()
    assert box is not None
    me.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(me.locator("#toasts .toast").last).to_have_text(
        "A card shown in your meld cannot be buried."
    )
    expect(me.locator("#bury-confirm")).to_be_disabled()
    free = me.locator("#hand .card-btn[data-playable='true']")
    expect(free).to_have_count(18 - len(meld_cards))
    for i in range(3):
        free.nth(i).tap()
    expect(me.locator("#bury-hint")).to_have_text("Choose 3 cards to bury: 3 of 3 chosen")
    table.shoot(me, "05-bury")
    table.tap(me, "#bury-confirm")
    for page in pages:
        expect(page.locator(ROOM)).to_have_attribute("data-phase", "play")
        expect(page.locator("#buried-note")).to_have_text(f"{NAMES[bidder]} has buried 3 cards")
    expect(me.locator("#hand .card-btn.ap-buried-card")).to_have_count(3)
    # Until he leads, the bidder may change trumps, his meld or his burial.
    expect(me.locator("#revise-meld")).to_be_visible()
    expect(me.locator("#revise-bury")).to_be_visible()
    expect(me.locator(".ap-change-trump .ap-suit")).to_have_count(3)
    # Burying again: three other free cards.
    me.locator("#revise-bury").tap()
    expect(me.locator("#bury-hint")).to_have_text("Choose 3 cards to bury: 0 of 3 chosen")
    again = me.locator("#hand .card-btn[data-playable='true']:not(.ap-buried-card)")
    for i in range(3):
        again.nth(i).tap()
        expect(me.locator("#hand .card-btn.selected")).to_have_count(i + 1)
    chosen = sorted(
        me.locator("#hand .card-btn.selected").evaluate_all("bs => bs.map(b => b.dataset.card)")
    )
    table.tap(me, "#bury-confirm")
    buried = me.locator("#hand .card-btn.ap-buried-card")
    expect(buried).to_have_count(3)
    assert sorted(buried.evaluate_all("bs => bs.map(b => b.dataset.card)")) == chosen
    expect(me.locator("#hand .card-btn.selected")).to_have_count(0)

    # ---- an opponent concedes alone: the other still may, and the deal goes on --------------
    quitter, stayer = opponents
    pages[quitter].locator("#concede-button").tap()
    dialog = pages[quitter].locator("#confirm-dialog")
    expect(dialog.locator("#confirm-question")).to_have_text(
        f"Concede that {NAMES[bidder]} makes {raised}?"
    )
    dialog.locator("[data-close]").tap()
    expect(dialog).to_be_hidden()
    before = attr(pages[quitter], "v")
    pages[quitter].locator("#concede-button").tap()
    dialog.locator("#confirm-yes").tap()
    table.settle(pages[quitter], before)
    for page in pages:
        expect(page.locator(f".seat[data-seat='{quitter}'] .badge-conceded")).to_have_count(1)
    expect(pages[quitter].locator("#concede-button")).to_have_count(0)
    expect(pages[stayer].locator("#concede-button")).to_be_visible()
    table.shoot(me, "06-before-lead")

    # ---- the play -----------------------------------------------------------------------------
    assert table.to_act() is me
    # on a phone the first tap lifts a card, the play button plays it
    me.locator("#hand .card-btn[data-playable='true']").first.tap()
    table.tap(me, "#play-lifted")
    for page in pages:
        expect(page.locator("#concede-button")).to_have_count(0)
        expect(page.locator("#trick .played")).to_have_count(1)
    expect(me.locator("#revise-meld")).to_have_count(0)
    shot_taken = False
    stopped = False
    while attr(anna, "deal") == "1":
        page = table.to_act()
        assert pages.index(page) in active
        if not stopped and page.locator("#hand .card-btn").count() == 1:
            for each in pages:  # the last trick: the summary after it stays until read
                stop_clock(each)
            stopped = True
        table.play(page)
        # Each card of the trick says who played it: identical cards are told apart so.
        trick = anna.locator("#trick .played")
        if not shot_taken and attr(anna, "deal") == "1" and trick.count() == 2:
            for figure in trick.all():
                played_by = int(figure.get_attribute("data-seat") or "-1")
                expect(figure.locator("figcaption")).to_have_text(NAMES[played_by])
            table.shoot(page, "07-play")
            shot_taken = True

    # ---- the summary ----------------------------------------------------------------------
    assert stopped
    for page in pages:
        let_the_deal_end(page, 1)
    # It shows in place, beside the table rather than over it, until it is closed.
    for page in pages:
        summary = page.locator("#deal-summary")
        expect(summary).to_be_visible()
        expect(summary.locator("#summary-end")).to_have_attribute(
            "data-end", re.compile("^(made|double_bete)$")
        )
        expect(summary.locator(".ap-buried .card")).to_have_count(3)
        expect(summary.locator("tr[data-account='kitty']")).to_have_count(1)
        expect(summary.locator(f"tr[data-seat='{out}']")).to_contain_text("sat out")
        expect(summary.locator(f"tr[data-seat='{quitter}']")).to_contain_text("conceded")
        expect(page.locator("dialog[open]")).to_have_count(0)
        if page is anna:
            table.shoot(anna, "08-summary")
        summary.locator("[data-close]").tap()
        expect(summary).to_be_hidden()
    # The kitty is an account of the protocol, a line under the players.
    anna.locator("#protocol-button").tap()
    kitty = anna.locator("#protocol-table tr.account[data-account='kitty']")
    expect(kitty).to_contain_text("Kitty")
    expect(anna.locator("#protocol-table tbody tr[data-seat]")).to_have_count(4)
    table.shoot(anna, "09-protocol")
    anna.locator("#protocol-dialog [data-close]").first.tap()
    expect(anna.locator("#protocol-dialog")).to_be_hidden()

    # ---- the next deal: nobody raises eldest's opening, who throws in -----------------------
    expect(anna.locator(ROOM)).to_have_attribute("data-phase", "bid")
    kitty_before = int(anna.locator("#kitty-balance").get_attribute("data-kitty") or "0")
    eldest = int(anna.locator("#auction").get_attribute("data-eldest") or "-1")
    table.tap(pages[eldest], "#bid-quick [data-action='bid:300']")
    for _ in range(2):
        table.tap(table.to_act(), "#pass-button")
    first = table.to_act()
    assert first is pages[eldest]
    expect(first.locator(ROOM)).to_have_attribute("data-phase", "widow")
    for page in pages:
        expect(page.locator("#widow")).to_have_attribute("data-turned", "false")
    expect(first.locator("#widow-bar [data-action]")).to_have_count(3)
    table.shoot(first, "10-throw-in")
    first.locator("[data-action='throw_in']").tap()
    before = attr(first, "v")
    first.locator("#confirm-dialog #confirm-yes").tap()
    table.settle(first, before)
    for page in pages:
        let_the_deal_end(page, 2)
        summary = page.locator("#deal-summary")
        expect(summary.locator("#summary-end")).to_have_attribute("data-end", "thrown_in")
        expect(summary.locator(".ap-buried .card")).to_have_count(0)
    # The kitty alone is paid: 3 chips for 300.
    expect(anna.locator("#kitty-balance")).to_have_attribute("data-kitty", str(kitty_before + 3))
