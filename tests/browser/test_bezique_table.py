"""Rubicon and Chinese bezique in the browser: two people on phones, choosing their cards from
what both pages show, as two players sharing their hands would.

In rubicon bezique the player who holds a declaration is made to win tricks; once a trick won
lists a declaration, that player builds it by tapping its cards (on the table too, when it uses
cards there), sees its value before the last tap, and declares: both pages show the cards on
the declarer's table, the points and the trumps a marriage fixed. A card is then played from
the table, and a further declaration is made from the list. In Chinese bezique a twelve-card
hand and the tables fit a 360-pixel phone, every card of the hand a tap of its own.

The server shuffles as it likes: the test steers with what it sees rather than waits for luck,
and every wait is on the pages themselves (the version both pages show), never on a clock.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from table_driver import (
    ROOM,
    OpenPage,
    assert_hand_tappable,
    attr,
    shot,
    take_seat,
    wait_connected,
    wait_ready,
)

pytestmark = pytest.mark.browser

RANKS = "ATKQJ987"
SMALL_PHONE = {"width": 360, "height": 780}
# Tricks the play may take to bring about what a test needs; the stock lasts 55 (rubicon) or
# 78 (Chinese), so that every trick of these is one after which a declaration may be made.
MAX_TRICKS = 40

# One look at a page: what its player holds and may do, and what the table shows.
LOOK = """() => {
  const room = document.querySelector('#room');
  const all = (s, root = document) => [...root.querySelectorAll(s)];
  const me = room.dataset.seat;
  const seats = {};
  for (const el of all('.seat')) {
    const s = el.dataset.seat;
    seats[s] = {
      points: Number(el.querySelector('strong[data-points]')?.dataset.points ?? 0),
      table: all('.bz-table .bz-table-card', el).map((c) => ({
        card: c.dataset.card, position: Number(c.dataset.position),
        playable: c.dataset.playable === 'true',
      })),
      pending: all('.bz-pending-item', el).map((p) => p.dataset.kind),
      backs: all('.bz-other-hand .card', el).length,
    };
  }
  return {
    v: room.dataset.v,
    seat: me,
    mine: room.dataset.myTurn === 'true',
    pending: room.dataset.pending === 'true',
    phase: room.dataset.phase,
    status: room.dataset.status,
    hand: all('#hand .card-btn').map((b) => b.dataset.card),
    playable: all('#hand .card-btn[data-playable="true"]').map((b) => b.dataset.card),
    listed: all('#declare-list [data-declaration]').map((b) => ({
      action: b.dataset.declaration, kind: b.dataset.kind, points: Number(b.dataset.points),
    })),
    trump: document.querySelector('.trump-label')?.dataset.trump || null,
    stock: Number(document.querySelector('#stock')?.dataset.count ?? -1),
    trick: all('#trick .played').map((f) => f.dataset.card),
    seats,
  };
}"""


def look(page: Page) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate(LOOK)
    return state


def beats(led: str, card: str, trump: str | None) -> bool:
    """Whether ``card`` played to ``led`` wins the trick while the stock lasts (of two
    identical cards the one led wins)."""
    if card[1] == led[1]:
        return RANKS.index(card[0]) < RANKS.index(led[0])
    return trump is not None and card[1] == trump


def cost(card: str, trump: str | None) -> int:
    """How dear a card is to give away: aces and tens (brisques), high cards and trumps."""
    return (7 - RANKS.index(card[0])) + (10 if card[1] == trump else 0)


def combination(hand: list[str]) -> set[str]:
    """The cards of a declaration the hand holds, as the test sees it: a marriage, the
    bezique (queen of spades, jack of diamonds) or four of a rank. Empty when none."""
    held = Counter(hand)
    for suit in "SHDC":
        if held[f"K{suit}"] and held[f"Q{suit}"]:
            return {f"K{suit}", f"Q{suit}"}
    if held["QS"] and held["JD"]:
        return {"QS", "JD"}
    for rank in "AKQJ":
        if sum(n for code, n in held.items() if code[0] == rank) >= 4:
            return {code for code in held if code[0] == rank}
    return set()


def split(action: str) -> tuple[str, list[str], list[tuple[str, int]]]:
    """``declare:kind:A,B@3`` → the kind, the hand codes and the table cards by position."""
    _, kind, cards = action.split(":", 2)
    hand: list[str] = []
    table: list[tuple[str, int]] = []
    for item in cards.split("+")[0].split(","):
        code, _, at = item.partition("@")
        if at:
            table.append((code, int(at)))
        else:
            hand.append(code)
    return kind, hand, table


@dataclass
class Table:
    game: str
    pages: list[Page]
    artifacts: Path
    done: set[str] = field(default_factory=set)
    tricks: int = 0

    def shoot(self, page: Page, name: str) -> None:
        shot(page, self.artifacts, f"{self.game}-{name}")

    # -- waiting ---------------------------------------------------------------------------

    def settle(self, page: Page, before: str) -> None:
        """Wait until the page's action has been answered and every page shows it."""
        expect(page.locator(ROOM)).not_to_have_attribute("data-v", before)
        expect(page.locator(ROOM)).to_have_attribute("data-pending", "false")
        version = attr(page, "v")
        for other in self.pages:
            expect(other.locator(ROOM)).to_have_attribute("data-v", version)

    def actor(self) -> int:
        """The seat on turn: after a settled action exactly one page says it is."""
        looks = [attr(page, "my-turn") for page in self.pages]
        assert looks.count("true") == 1, looks
        return looks.index("true")

    # -- acting ----------------------------------------------------------------------------

    def play(self, seat: int, card: str) -> None:
        page = self.pages[seat]
        before = attr(page, "v")
        # on a phone the first tap lifts the card, the play button plays it
        page.locator(f"#hand .card-btn[data-card='{card}'][data-playable='true']").first.tap()
        page.locator("#play-lifted").tap()
        self.settle(page, before)

    def play_from_table(self, seat: int, card: str, position: int) -> None:
        page, other = self.pages[seat], self.pages[1 - seat]
        mine = f".seat[data-seat='{seat}'] .bz-table"
        count = page.locator(f"{mine} .bz-table-card").count()
        target = page.locator(f"{mine} button.bz-table-card[data-position='{position}']")
        expect(target).to_have_attribute("data-card", card)
        expect(target).to_have_attribute("data-playable", "true")
        before = attr(page, "v")
        # A first tap lifts the table card, the button under the status line plays it.
        target.tap()
        button = page.locator("#play-table")
        expect(button).to_have_attribute("data-action", f"play:{card}@{position}")
        expect(page.locator(ROOM)).to_have_attribute("data-v", before)
        self.shoot(page, "03-table-card-lifted")
        button.tap()
        self.settle(page, before)
        for each in (page, other):
            expect(each.locator(f"{mine} .bz-table-card")).to_have_count(count - 1)
        self.done.add("table play")

    def draw(self, seat: int, listed: bool) -> None:
        page = self.pages[seat]
        expect(page.locator("#status-line")).to_have_text("You won the trick: declare or draw")
        if not listed:
            expect(page.locator("#declare-title")).to_have_text("Nothing to declare this time")
            if "nothing" not in self.done:
                self.shoot(page, "00-nothing-to-declare")
                self.done.add("nothing")
        before = attr(page, "v")
        page.locator("#draw-button").tap()
        self.settle(page, before)

    def declare_by_building(self, seat: int, offer: dict[str, Any]) -> None:
        """Tap the declaration's cards in the hand and on the table, read its value, declare."""
        page = self.pages[seat]
        kind, hand, table = split(offer["action"])
        for code in hand:
            card = page.locator(f"#hand .card-btn[data-card='{code}'][aria-pressed='false']").first
            card.tap()
        for code, position in table:
            button = page.locator(
                f".seat[data-seat='{seat}'] .bz-table button[data-position='{position}']"
            )
            expect(button).to_have_attribute("data-card", code)
            button.tap()
            expect(button).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#hand .card-btn[aria-pressed='true']")).to_have_count(len(hand))
        found = page.locator(f"#declare-builder .bz-found[data-kind='{kind}']").first
        # The value shows before the last tap.
        expect(found.locator(".bz-value")).to_have_text(f"{offer['points']} points")
        go = found.locator(".bz-go")
        expect(go).to_have_attribute("data-action", offer["action"])
        self.shoot(page, f"01-built-{'table' if table else 'hand'}")
        self.declared(seat, offer, lambda: go.tap())
        self.done.add("built with table" if table else "built")

    def declare_from_list(self, seat: int, offer: dict[str, Any]) -> None:
        """Pick a listed declaration: its cards are chosen, its value shown; then declare."""
        page = self.pages[seat]
        kind, hand, table = split(offer["action"])
        page.locator(f"#declare-list [data-declaration='{offer['action']}']").tap()
        expect(
            page.locator(f"#declare-list [data-declaration='{offer['action']}']")
        ).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#hand .card-btn[aria-pressed='true']")).to_have_count(len(hand))
        chosen = page.locator(f".seat[data-seat='{seat}'] .bz-table button.chosen")
        expect(chosen).to_have_count(len(table))
        found = page.locator(f"#declare-builder .bz-found[data-kind='{kind}']").first
        expect(found.locator(".bz-value")).to_have_text(f"{offer['points']} points")
        self.shoot(page, "04-picked-from-list")
        self.declared(seat, offer, lambda: found.locator(".bz-go").tap())
        self.done.add("listed")

    def declared(self, seat: int, offer: dict[str, Any], tap: Any) -> None:
        """Make the declaration with ``tap``; then both pages show it."""
        page = self.pages[seat]
        kind, hand, _ = split(offer["action"])
        seen = look(page)
        points = seen["seats"][str(seat)]["points"]
        laid = len(seen["seats"][str(seat)]["table"]) + len(hand)
        trump = seen["trump"]
        # the marriage or sequence that fixes trumps says so before the tap
        fixes = page.locator("#declare-builder .bz-found .bz-fixes").first
        fixed = fixes.get_attribute("data-fixes") if fixes.count() else None
        before = attr(page, "v")
        tap()
        self.settle(page, before)
        for each in self.pages:
            where = each.locator(f".seat[data-seat='{seat}']")
            expect(where.locator(".bz-table .bz-table-card")).to_have_count(laid)
            for code in hand:
                expect(
                    where.locator(f".bz-table .bz-table-card[data-card='{code}']").first
                ).to_be_visible()
            expect(where.locator("strong[data-points]")).to_have_attribute(
                "data-points", str(points + offer["points"])
            )
            expect(where.locator(f".bz-chip[data-kind='{kind}']").last).to_be_visible()
            if fixed:
                expect(each.locator(".trump-label")).to_have_attribute("data-trump", fixed)
            elif trump:
                expect(each.locator(".trump-label")).to_have_attribute("data-trump", trump)
        self.shoot(page, f"02-declared-{kind}")
        self.shoot(self.pages[1 - seat], f"02-declared-{kind}-seen")

    # -- choosing a card -------------------------------------------------------------------

    def choose(self, seat: int, looks: list[dict[str, Any]]) -> str:
        """The card to play: the player holding a declaration wins tricks, the other loses
        them, and neither gives away what it need not."""
        me, other = looks[seat], looks[1 - seat]
        trump = me["trump"]
        hero = next((s for s in (seat, 1 - seat) if combination(looks[s]["hand"])), None)
        keep = combination(me["hand"]) if hero == seat else set()
        options = me["playable"]
        spare = [c for c in options if c not in keep] or options
        cheap = sorted(spare, key=lambda c: cost(c, trump))
        # a trick just won stays in view a moment with both its cards: only one is a lead
        if len(me["trick"]) == 1:
            led = me["trick"][0]
            winners = [c for c in cheap if beats(led, c, trump)]
            losers = [c for c in cheap if not beats(led, c, trump)]
            if hero == seat and winners:
                return winners[0]
            return (losers or cheap)[0]
        if hero == seat:
            safe = [c for c in cheap if not any(beats(c, x, trump) for x in other["hand"])]
            return (safe or cheap)[0]
        if hero is not None:
            beaten = [c for c in cheap if any(beats(c, x, trump) for x in other["hand"])]
            return (beaten or cheap)[0]
        return cheap[0]


def phones_at_a_table(open_page: OpenPage, game: str) -> tuple[Page, Page]:
    """Anna creates a table of ``game`` on her phone, Bertil takes the other seat on his, and
    the match starts."""
    anna = open_page("/", phone=True)
    anna.fill("#create-name", "Anna")
    anna.locator(f"input[name='game'][value='{game}']").tap()
    expect(anna.locator("input[name='seats'][value='2']")).to_be_checked()
    anna.locator("#create-button").tap()
    anna.wait_for_url("**/r/*")
    wait_ready(anna)
    wait_connected(anna)
    bertil = open_page(anna.url, phone=True)
    take_seat(bertil, "Bertil", 1)
    anna.locator("#start-button").tap()
    for page in (anna, bertil):
        expect(page.locator(ROOM)).to_have_attribute("data-status", "playing")
        expect(page.locator(ROOM)).to_have_attribute("data-game", game)
    return anna, bertil


def same_version(*pages: Page, timeout: float = 60.0) -> None:
    """Every page comes to show one and the same state. A version read from one page may be
    overtaken before the others are looked at (the seeds of the next deal move it without a
    player acting), so the pages are read together until they agree."""
    deadline = time.monotonic() + timeout
    while True:
        versions = [attr(page, "v") for page in pages]
        if len(set(versions)) == 1:
            return
        assert time.monotonic() < deadline, f"the pages show different states: {versions}"
        time.sleep(0.02)


def assert_no_sideways_scroll(page: Page) -> None:
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, overflow


def test_two_phones_declare_by_tapping_and_play_from_the_table(
    open_page: OpenPage, artifacts: Path
) -> None:
    anna, bertil = phones_at_a_table(open_page, "bezique_rubicon")
    for page in (anna, bertil):
        expect(page.locator("#hand .card-btn")).to_have_count(9)
        # 128 cards, nine to each: the stock holds 110, and no trumps are fixed yet.
        expect(page.locator("#stock")).to_have_attribute("data-count", "110")
        expect(page.locator("#stock")).to_contain_text("Stock: 110 cards")
        expect(page.locator(".trump-label")).to_have_text("No trumps yet")
    expect(anna.locator(".seat[data-seat='1'] .bz-other-hand .card")).to_have_count(9)
    expect(anna.locator(".seat[data-seat='0'] .stat.brisques strong")).to_have_text("0")
    same_version(anna, bertil)
    table = Table("bezique", [anna, bertil], artifacts)
    table.shoot(anna, "00-start")

    while table.tricks < MAX_TRICKS:
        if {"table play", "listed"} <= table.done:
            break
        seat = table.actor()
        looks = [look(anna), look(bertil)]
        seen = looks[seat]
        assert seen["status"] == "playing", seen["status"]
        if seen["phase"] == "declare":
            table.tricks += 1
            listed = seen["listed"]
            if any(s["pending"] for s in seen["seats"].values()) and "pending" not in table.done:
                table.shoot(table.pages[seat], "05-pending")
                table.done.add("pending")
            if listed and not ({"built", "built with table"} & table.done):
                with_table = [o for o in listed if "@" in o["action"]]
                table.declare_by_building(seat, (with_table or listed)[0])
            elif listed and "table play" in table.done and "listed" not in table.done:
                table.declare_from_list(seat, listed[-1])
            elif (
                listed
                and "built with table" not in table.done
                and any("@" in o["action"] and "+" not in o["action"] for o in listed)
            ):
                table.declare_by_building(seat, next(o for o in listed if "@" in o["action"]))
            else:
                table.draw(seat, bool(listed))
            continue
        own = seen["seats"][str(seat)]["table"]
        playable = [c for c in own if c["playable"]]
        if (
            playable
            and "table play" not in table.done
            and table.done & {"built", "built with table"}
        ):
            first = playable[0]
            table.play_from_table(seat, first["card"], first["position"])
            continue
        table.play(seat, table.choose(seat, looks))

    assert {"built", "built with table"} & table.done, table.done
    assert "table play" in table.done, table.done
    assert "listed" in table.done, table.done
    # The deal's declarations are in the side's log too, with their points.
    log = anna.locator("#bz-log .bz-log-list li")
    expect(log.first).to_be_visible()
    assert log.count() >= 2
    # the panel redraws the log on each frame and timer, so scroll in one step on the page
    anna.evaluate("() => document.getElementById('bz-log').scrollIntoView({block: 'center'})")
    table.shoot(anna, "06-log")


def test_a_twelve_card_hand_and_the_tables_fit_a_small_phone(
    open_page: OpenPage, artifacts: Path
) -> None:
    anna, bertil = phones_at_a_table(open_page, "chinese_bezique")
    for page in (anna, bertil):
        page.set_viewport_size(SMALL_PHONE)
        expect(page.locator("#hand .card-btn")).to_have_count(12)
        # 192 cards, twelve to each: the stock holds 168.
        expect(page.locator("#stock")).to_have_attribute("data-count", "168")
        # Chinese bezique keeps no brisques.
        expect(page.locator(".stat.brisques")).to_have_count(0)
        assert_no_sideways_scroll(page)
        assert_hand_tappable(page, 12)
    same_version(anna, bertil)
    table = Table("chinese-bezique", [anna, bertil], artifacts)
    table.shoot(anna, "00-start-360")

    while table.tricks < MAX_TRICKS and not ({"built", "built with table", "listed"} & table.done):
        seat = table.actor()
        looks = [look(anna), look(bertil)]
        seen = looks[seat]
        if seen["phase"] == "declare":
            table.tricks += 1
            if seen["listed"]:
                table.declare_from_list(seat, seen["listed"][0])
            else:
                table.draw(seat, False)
            continue
        table.play(seat, table.choose(seat, looks))
    # After the declaration or the draw, the winner of the trick leads: the one who did not
    # declare holds twelve cards again, the declarer twelve less those laid out on the table.
    assert table.done & {"listed", "nothing"}, table.done
    sizes = []
    for page in (anna, bertil):
        expect(page.locator(ROOM)).to_have_attribute("data-phase", "play")
        count = page.locator("#hand .card-btn").count()
        sizes.append(count)
        laid = page.locator(f".seat[data-seat='{attr(page, 'seat')}'] .bz-table-card").count()
        assert count + laid == 12, (count, laid)
        assert_no_sideways_scroll(page)
        assert_hand_tappable(page, count)
        for each in page.locator(".bz-table").all():
            box = each.bounding_box()
            assert box is not None and box["x"] >= 0
            assert box["x"] + box["width"] <= SMALL_PHONE["width"], box
    assert 12 in sizes, sizes
    table.shoot(anna, "07-twelve-cards-360")
    table.shoot(bertil, "07-twelve-cards-360-other")


# ---- the end of a deal -----------------------------------------------------------------------

CHINESE_TRICKS = 96  # 84 while the stock lasts, then the last twelve
