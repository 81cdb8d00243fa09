"""Partnership auction pinochle in the browser, on a desktop: one person and three computer
players play a deal through the page. She dials her bid on the stepper (ten and fifty at a
tap, back to the least bid) and bids until the auction is hers, each seat's last call shown
on the board and on its seat; she names trumps with the four suit buttons; every player's
melds then show, itemised, with each side's total and the note that a side's meld counts
only once it wins a trick; she opens the claim and thinks better of it; she plays her cards
to the end of the deal, and the summary tells each side's meld, card points, the last
trick, the bid made or set, and the scores.

The server shuffles and the computer players bid as they like, so the test reads who is on
turn and what the auction did from the page, never from the clock. The computer players are
of the first level above random the room offers: a random player claims at random, and a
claim ends the game.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from table_driver import ROOM, OpenPage, add_bot, attr, host_action, press, ready, seat, shot

pytestmark = pytest.mark.browser

GAME = "partnership_pinochle"
TEAM_OF_SEAT = [0, 1, 0, 1]


def wait_until(check: Callable[[], bool], what: str, timeout: float = 180.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.02)


def settle(page: Page) -> None:
    """Wait until the page's last action has been answered."""
    wait_until(lambda: attr(page, "pending") == "false", "an answer")


def create_pinochle_room(page: Page, game: str, touch: bool) -> None:
    page.fill("#create-name", "Anna")
    press(page.locator(f"input[name='game'][value='{game}']"), touch)
    press(page.locator("#create-button"), touch)
    page.wait_for_url("**/r/*")
    expect(page.locator(ROOM)).to_have_attribute("data-connection", "open")
    expect(page.locator(ROOM)).to_have_attribute("data-seat", "0")
    expect(page.locator(ROOM)).to_have_attribute("data-game", game)


def seat_computers(page: Page, touch: bool) -> str:
    """Three computer players of the first level above random the room offers."""
    levels = page.locator(host_action("bot-level-1") + " option").evaluate_all(
        "os => os.map(o => o.value)"
    )
    above = [lv for lv in levels if lv != "random"]
    assert above, f"the room offers no computer player but random: {levels}"
    level = above[0]
    for number in (1, 2, 3):
        add_bot(page, number, level, touch=touch)
    return str(level)


def start(page: Page, touch: bool) -> None:
    press(page.locator("#start-button"), touch)
    expect(page.locator(ROOM)).to_have_attribute("data-status", "playing")
    for number, team in enumerate(TEAM_OF_SEAT):
        expect(page.locator(f"{seat(page, number)} .badge-team")).to_have_attribute(
            "data-team", str(team)
        )


def hand_cards(page: Page) -> list[str]:
    cards: list[str] = page.locator("#hand .card-btn").evaluate_all(
        "bs => bs.map(b => b.dataset.card)"
    )
    return cards


def longest_suit(page: Page) -> str:
    counts = Counter(card[1] for card in hand_cards(page))
    return max("SHDC", key=lambda s: counts[s])


def my_bid_turn(page: Page) -> bool:
    return ready(page) and attr(page, "phase") == "bid"


def least_bid(page: Page) -> int:
    """The least bid the dial starts at (it opens there)."""
    return int(page.locator("#bid-value").text_content() or "0")


def auction_done(page: Page) -> bool:
    return attr(page, "phase") != "bid" or attr(page, "deal") != "1"


def check_melds(page: Page) -> None:
    """Every seat's melds where the page shows them (in the middle of the table until the
    first lead; then on a wide screen in the side column, on a narrow one under the trick):
    the seat's total its melds' sum and its seat line's; each side's total its two seats'."""
    board = page.locator("#meld-board:visible, #meld-side:visible")
    expect(board).to_have_count(1)
    expect(board.locator("[data-meld-seat]")).to_have_count(4)
    expect(board.locator(".pp-meld-note")).to_have_text(
        "A side's meld counts only once it wins a trick."
    )
    totals = {}
    for number in range(4):
        entry = board.locator(f"[data-meld-seat='{number}']")
        total = int(entry.get_attribute("data-total") or "-1")
        values = entry.locator("li[data-kind]").evaluate_all(
            "ls => ls.map(l => Number(l.dataset.value))"
        )
        assert sum(values) == total, (number, values, total)
        expect(page.locator(f"{seat(page, number)} .stat.meld strong")).to_have_text(str(total))
        totals[number] = total
    for team, members in enumerate([(0, 2), (1, 3)]):
        side = board.locator(f"[data-team-meld='{team}']")
        expect(side).to_have_attribute("data-value", str(sum(totals[s] for s in members)))


def test_one_person_bids_names_trumps_sees_the_melds_and_plays_a_deal(
    open_bot_page: OpenPage, artifacts: Path
) -> None:
    anna = open_bot_page("/")
    create_pinochle_room(anna, GAME, touch=False)
    seat_computers(anna, touch=False)
    start(anna, touch=False)

    # ---- the auction: the stepper, then the least bid until it is hers --------------------
    wait_until(lambda: my_bid_turn(anna) or auction_done(anna), "Anna's bid")
    assert my_bid_turn(anna), "the computers ended the auction before Anna spoke"
    board = anna.locator("#auction")
    expect(board.locator("li[data-seat]")).to_have_count(4)
    leader = int(board.get_attribute("data-leader") or "-1")
    first = board.locator("li[data-seat]").first
    expect(first).to_have_attribute("data-seat", str(leader))
    least = least_bid(anna)
    assert least >= 100 and least % 10 == 0
    anna.locator("[data-action='bid-plus-50']").click()
    anna.locator("[data-action='bid-up']").click()
    expect(anna.locator("#bid-value")).to_have_text(str(least + 60))
    anna.locator("[data-action='bid-down']").click()
    expect(anna.locator("#bid-send")).to_have_attribute("data-action", f"bid:{least + 50}")
    shot(anna, artifacts, "partnership-pinochle-01-bid-dialled")
    anna.locator("#bid-least").click()
    expect(anna.locator("#bid-value")).to_have_text(str(least))
    expect(anna.locator("[data-action='bid-down']")).to_be_disabled()
    anna.locator("#bid-send").click()
    settle(anna)
    expect(
        anna.locator(f"{seat(anna, 0)} .badge-bid, {seat(anna, 0)} .badge-bidder")
    ).to_have_count(1)
    if not auction_done(anna):
        expect(board.locator("li[data-seat='0']")).to_have_attribute("data-call", str(least))
    calls = 1
    while not auction_done(anna):
        if not my_bid_turn(anna):
            time.sleep(0.02)
            continue
        # each seat that has spoken shows its last call, on the board and on its seat
        for number in range(1, 4):
            said = board.locator(f"li[data-seat='{number}']").get_attribute("data-call") or ""
            badge = anna.locator(
                f"{seat(anna, number)} .badge-bid, {seat(anna, number)} .badge-passed"
            )
            expect(badge).to_have_count(1 if said else 0)
        anna.locator("#bid-send").click()
        settle(anna)
        calls += 1
        assert calls < 60, "the auction never ended"

    # ---- trumps ---------------------------------------------------------------------------
    expect(anna.locator(ROOM)).to_have_attribute("data-phase", "trump")
    expect(anna.locator(ROOM)).to_have_attribute("data-my-turn", "true")
    expect(anna.locator(f"{seat(anna, 0)} .badge-bidder")).to_have_count(1)
    suits = anna.locator("#trump-bar [data-trump]")
    expect(suits).to_have_count(4)
    assert suits.evaluate_all("bs => bs.map(b => b.dataset.trump)") == ["S", "H", "D", "C"]
    high = int(anna.locator("#contract").get_attribute("data-bid") or "0")
    expect(anna.locator("#trump-title")).to_have_text(f"You won the bidding at {high}: name trumps")
    shot(anna, artifacts, "partnership-pinochle-02-trumps")
    trump = longest_suit(anna)
    anna.locator(f"#trump-bar [data-trump='{trump}']").click()
    settle(anna)
    expect(anna.locator(".pp-trump")).to_have_attribute("data-trump", trump)

    # ---- the four melds ---------------------------------------------------------------------
    check_melds(anna)
    shot(anna, artifacts, "partnership-pinochle-03-melds")

    # ---- the play, the claim considered and put aside ----------------------------------------
    claim_seen = False
    mid_shot = False
    deadline = time.monotonic() + 120
    while attr(anna, "deals-played") != "1":
        assert time.monotonic() < deadline, "the deal never ended"
        if not (ready(anna) and attr(anna, "phase") == "play" and attr(anna, "deal") == "1"):
            time.sleep(0.02)
            continue
        if not claim_seen:
            standing = anna.locator("#claim-standing")
            expect(standing).to_have_text(re.compile(r"^A claim now: \d+ of 1000$"))
            anna.locator("#claim-button").click()
            dialog = anna.locator("#confirm-dialog")
            expect(dialog.locator("#confirm-question")).to_have_text(
                "Claim that your side has reached 1000?"
            )
            expect(dialog.locator("#confirm-detail")).to_contain_text("falling short loses it")
            shot(anna, artifacts, "partnership-pinochle-04-claim-asked")
            dialog.locator("[data-close]").click()
            expect(dialog).to_be_hidden()
            expect(anna.locator(ROOM)).to_have_attribute("data-status", "playing")
            claim_seen = True
        card = anna.locator("#hand .card-btn[data-playable='true']").first
        card.click()
        settle(anna)
        # the tricks won and the sides' melds read in one go: they are drawn from one view,
        # and the computers play on between two reads
        drawn = anna.evaluate(
            """() => ({
                tricks: document.querySelector('#tricks-won')?.dataset.tricks,
                counts: [...document.querySelectorAll('#meld-side [data-team-meld]')]
                    .map(side => side.dataset.counts),
            })"""
        )
        tricks = drawn["tricks"]
        if not mid_shot and ready(anna) and tricks and sum(map(int, tricks.split(","))) >= 4:
            # on a wide screen the melds stand in the side column during play, and a side
            # that has won a trick has its meld counted
            expect(anna.locator("#meld-board")).to_be_hidden()
            won = [int(n) for n in tricks.split(",")]
            assert drawn["counts"] == ["true" if n else "false" for n in won], (tricks, drawn)
            shot(anna, artifacts, "partnership-pinochle-05-play")
            mid_shot = True
    assert claim_seen

    # ---- the summary ------------------------------------------------------------------------
    summary = anna.locator("#deal-summary")
    expect(summary).to_be_visible()
    expect(summary.locator("#summary-end")).to_have_attribute(
        "data-end", re.compile("^(made|set)$")
    )
    table = summary.locator("#pinochle-summary")
    for row in ("meld", "points", "last-trick", "hand", "bid", "score", "totals"):
        expect(table.locator(f"tr[data-row='{row}'] td")).to_have_count(2)
    points = [int(p) for p in table.locator("tr[data-row='points'] td").all_text_contents()]
    assert sum(points) == 250, points  # the card points and the last trick's ten
    expect(table.locator("tr[data-row='bid'] td[data-team='0']")).to_have_text(
        re.compile(rf"^{high}: (made|set back)$")
    )
    shot(anna, artifacts, "partnership-pinochle-06-summary")
    # partners carry one total
    totals = anna.locator(".scores tbody tr td.num").all_text_contents()
    assert totals[0] == totals[2] and totals[1] == totals[3], totals
