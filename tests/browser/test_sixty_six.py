"""Sixty-six in the browser: two people on phones play until each decision of the game has
come up (a marriage, the exchange of the nine of trumps, closing the stock and a claim of 66),
choosing their cards from what both pages show, as two players sharing their hands would.

The server shuffles as it likes, so the test steers rather than waits: the player who holds
the nine of trumps (or a marriage) is made to win tricks and keep the lead, and the points the
room shows (option ``show_points``) say when a claim is right.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from table_driver import ROOM, OpenPage, attr, shot, take_seat, wait_connected, wait_ready

pytestmark = pytest.mark.browser

RANKS = "ATKQJ9"
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
# Deals the play may take to bring about what the test needs. A deal that can no longer bring
# it is given up with a wrong claim by the player ahead, so two game points go to the one
# behind: eighteen such deals stay short of the target of 21 for either player.
MAX_DEALS = 18

# One look at a page: what its player holds and may do, and what the table shows.
LOOK = """() => {
  const room = document.querySelector('#room');
  const all = (s) => [...document.querySelectorAll(s)];
  const stock = document.querySelector('#stock');
  const points = {};
  for (const el of all('.seat strong[data-points]')) {
    points[el.closest('.seat').dataset.seat] = Number(el.dataset.points);
  }
  return {
    v: room.dataset.v,
    mine: room.dataset.myTurn === 'true',
    pending: room.dataset.pending === 'true',
    status: room.dataset.status,
    deal: room.dataset.deal,
    hand: all('#hand .card-btn').map((b) => b.dataset.card),
    playable: all('#hand .card-btn[data-playable="true"]').map((b) => b.dataset.card),
    actions: all('#action-bar [data-action]:not([disabled])').map((b) => b.dataset.action),
    trump: document.querySelector('.trump-label')?.dataset.trump ?? null,
    stock: stock
      ? { count: Number(stock.dataset.count), turned: stock.dataset.turned ?? null,
          closed: stock.dataset.closed === 'true' }
      : null,
    trick: all('#trick .played').map((f) => f.dataset.card),
    points,
    summary: !document.querySelector('#deal-summary').hidden,
  };
}"""


def look(page: Page) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate(LOOK)
    return state


def beats(led: str, card: str, trump: str) -> bool:
    """Whether ``card`` played to ``led`` wins the trick while the stock is open (rules §4)."""
    if card[1] == led[1]:
        return RANKS.index(card[0]) < RANKS.index(led[0])
    return card[1] == trump


def value(card: str, trump: str) -> int:
    """How dear a card is to give away: its points, trumps dearer still."""
    return POINTS[card[0]] + (20 if card[1] == trump else 0)


def pairs(hand: list[str]) -> set[str]:
    return {s for s in "SHDC" if f"K{s}" in hand and f"Q{s}" in hand}


@dataclass
class Table:
    pages: list[Page]
    artifacts: Path
    done: set[str] = field(default_factory=set)
    played: set[str] = field(default_factory=set)
    deal: str = ""

    def shoot(self, page: Page, name: str) -> None:
        shot(page, self.artifacts, f"sixty-six-{name}")

    # -- waiting ---------------------------------------------------------------------------

    def settle(self, page: Page, before: str) -> None:
        """Wait until the page's action has been answered and every page shows it."""
        expect(page.locator(ROOM)).not_to_have_attribute("data-v", before)
        expect(page.locator(ROOM)).to_have_attribute("data-pending", "false")
        # every page at that version or later: the seeds each page gives as a deal begins
        # move the version on by themselves
        version = int(attr(page, "v"))
        deadline = time.monotonic() + 60
        while min(int(attr(other, "v")) for other in self.pages) < version:
            assert time.monotonic() < deadline, f"a page is still short of version {version}"
            time.sleep(0.02)

    def close_summaries(self, *, wait: bool = False) -> None:
        """Close the end-of-deal summaries; with ``wait``, first wait for them to come (they
        follow the last trick once it has been seen)."""
        for page in self.pages:
            summary = page.locator("#deal-summary")
            if wait:
                expect(summary).to_be_visible()
            if summary.is_visible():
                summary.locator("[data-close]").tap()
                expect(summary).to_be_hidden()

    # -- choosing a card -------------------------------------------------------------------

    def hero(self, looks: list[dict[str, Any]], trump: str) -> int | None:
        """The seat that should win tricks: who holds the nine of trumps until it is
        exchanged, then who holds a marriage."""
        if "exchange" not in self.done:
            for seat, seen in enumerate(looks):
                if f"9{trump}" in seen["hand"]:
                    return seat
        if "marriage" not in self.done:
            for seat, seen in enumerate(looks):
                if pairs(seen["hand"]):
                    return seat
            return None
        # Then whoever is ahead, to reach 66 for the claim.
        points = [seen["points"].get(str(seat), 0) for seat, seen in enumerate(looks)]
        return 0 if points[0] >= points[1] else 1

    def keepers(self, hand: list[str], trump: str) -> set[str]:
        """Cards not to give away: the nine of trumps until it is exchanged, and kings and
        queens while a marriage is still wanted (a lone one may find its partner)."""
        keep: set[str] = set()
        if "exchange" not in self.done:
            keep.add(f"9{trump}")
        if "marriage" not in self.done:
            for card in hand:
                partner = ("Q" if card[0] == "K" else "K") + card[1]
                if card[0] in "KQ" and partner not in self.played:
                    keep.add(card)
        return keep

    def choose(self, seat: int, looks: list[dict[str, Any]]) -> str:
        me, other = looks[seat], looks[1 - seat]
        trump = me["trump"]
        options = me["playable"]
        keep = self.keepers(me["hand"], trump)
        spare = [c for c in options if c not in keep] or options
        hero = self.hero(looks, trump)
        cheap = sorted(spare, key=lambda c: value(c, trump))
        # Once only the claim is wanted, the other player feeds the hero points.
        feed = hero is not None and hero != seat and {"exchange", "marriage"} <= self.done
        if me["trick"] and len(me["trick"]) == 1:
            led = me["trick"][0]
            winners = [c for c in cheap if beats(led, c, trump)]
            losers = [c for c in cheap if not beats(led, c, trump)]
            if hero == seat and winners:
                return winners[0]
            if feed and losers:
                return losers[-1]
            return (losers or cheap)[0]
        # On lead: the hero leads what the other cannot beat, to keep the lead; the feeder
        # leads the dearest card the hero can beat.
        if hero == seat:
            for card in sorted(spare, key=lambda c: -value(c, trump)):
                if not any(beats(card, c, trump) for c in other["hand"]):
                    return card
        if feed:
            for card in reversed(cheap):
                if any(beats(card, c, trump) for c in other["hand"]):
                    return card
        return cheap[0]

    # -- acting ----------------------------------------------------------------------------

    def tap(self, page: Page, selector: str) -> None:
        before = attr(page, "v")
        page.locator(selector).tap()
        self.settle(page, before)

    def play(self, page: Page, card: str) -> None:
        self.played.add(card)
        # on a phone the first tap lifts the card, the play button plays it
        page.locator(f"#hand .card-btn[data-card='{card}'][data-playable='true']").tap()
        self.tap(page, "#play-lifted")

    def exchange(self, seat: int, seen: dict[str, Any]) -> None:
        page, other = self.pages[seat], self.pages[1 - seat]
        trump, turned = seen["trump"], seen["stock"]["turned"]
        self.shoot(page, "01-before-exchange")
        self.tap(page, "[data-action='exchange']")
        nine = f"9{trump}"
        for each in self.pages:
            expect(each.locator("#stock")).to_have_attribute("data-turned", nine)
        # The card taken is in the hand now, marked as seen by the other player, who sees it.
        expect(page.locator(f"#hand .card-btn[data-card='{turned}']")).to_have_class(
            "card-btn playable shown"
        )
        expect(page.locator(f"#hand .card-btn[data-card='{nine}']")).to_have_count(0)
        expect(other.locator(f".seat[data-seat='{seat}'] .badge-exchanged")).to_have_count(1)
        expect(
            other.locator(f".seat[data-seat='{seat}'] .other-hand .known[data-card='{turned}']")
        ).to_have_count(1)
        self.done.add("exchange")
        self.shoot(page, "02-after-exchange")

    def marriage(self, seat: int, action: str) -> None:
        page, other = self.pages[seat], self.pages[1 - seat]
        suit = action.split(":")[1]
        button = page.locator(f"[data-action='{action}']")
        label = button.get_attribute("aria-label") or ""
        assert label.startswith("Declare the marriage in ") and label.endswith(("20", "40")), label
        self.tap(page, f"[data-action='{action}']")
        for each in self.pages:
            chip = each.locator(f".seat[data-seat='{seat}'] .marriage[data-suit='{suit}']")
            expect(chip).to_be_visible()
        hand = other.locator(f".seat[data-seat='{seat}'] .other-hand")
        for rank in "KQ":
            expect(hand.locator(f".known[data-card='{rank}{suit}']")).to_have_count(1)
        # Now only the king or the queen of the marriage may be led (or a claim made).
        expect(page.locator("#status-line")).to_contain_text("lead the king or queen of")
        playable = sorted(look(page)["playable"])
        assert playable == sorted(c for c in (f"K{suit}", f"Q{suit}") if c in look(page)["hand"])
        self.shoot(page, "03-marriage")
        self.done.add("marriage")
        self.play(page, playable[0])

    def close(self, seat: int) -> None:
        page = self.pages[seat]
        self.tap(page, "[data-action='close']")
        for each in self.pages:
            expect(each.locator("#stock")).to_have_attribute("data-closed", "true")
            expect(each.locator(f".seat[data-seat='{seat}'] .badge-closed")).to_have_count(1)
        expect(page.locator("[data-action='exchange'], [data-action='close']")).to_have_count(0)
        self.shoot(page, "04-closed")
        self.done.add("close")

    def claim(self, seat: int, points: int, totals_before: list[int]) -> None:
        page = self.pages[seat]
        on_turn = look(page)["mine"]
        claim = page.locator("#claim-button")
        # A claim asks first; "Cancel" changes nothing.
        claim.tap()
        dialog = page.locator("#confirm-dialog")
        expect(dialog.locator("#confirm-question")).to_have_text("Claim 66 now?")
        expect(dialog.locator("#confirm-detail")).to_contain_text("fewer than 66")
        self.shoot(page, "05-claim-question")
        before = attr(page, "v")
        dialog.locator("[data-close]").tap()
        expect(dialog).to_be_hidden()
        assert attr(page, "v") == before
        claim.tap()
        dialog.locator("#confirm-yes").tap()
        for each in self.pages:
            summary = each.locator("#deal-summary")
            expect(summary).to_be_visible()
            expect(summary.locator(".summary-end")).to_have_attribute("data-end", "claim")
            expect(summary.locator(".summary-end")).to_have_text(
                f"{'Anna' if seat == 0 else 'Bertil'} claimed 66 with {points} points."
            )
            expect(summary.locator(".summary-winner")).to_have_attribute("data-winner", str(seat))
        winner_row = self.pages[0].locator(f"#deal-summary tbody tr[data-seat='{seat}']")
        gained = int((winner_row.locator(".score").text_content() or "0").lstrip("+"))
        # 1 to 3 by the loser's tricks and points, and any game point carried from a deal
        # nobody won.
        assert gained >= 1, gained
        expect(winner_row.locator("td").nth(3)).to_have_text(f"+{totals_before[seat] + gained}")
        expect(self.pages[0].locator("#deal-summary .summary-winner")).to_contain_text(
            f"scores {gained} game point"
        )
        self.shoot(page, "06-claim-result")
        self.done.add("claim" if on_turn else "claim off turn")
        self.done.add("claim")

    def give_up(self, seat: int) -> None:
        """End a deal that can bring nothing more by a claim short of 66: the other player
        scores 2 game points, and the page says why."""
        page = self.pages[seat]
        page.locator("#claim-button").tap()
        page.locator("#confirm-dialog #confirm-yes").tap()
        for each in self.pages:
            summary = each.locator("#deal-summary")
            expect(summary.locator(".summary-end")).to_have_attribute("data-end", "wrong_claim")
            winner = summary.locator(".summary-winner")
            expect(winner).to_have_attribute("data-winner", str(1 - seat))
        self.done.add("wrong claim")


def totals(page: Page) -> list[int]:
    texts = page.locator("#side .scores tbody td.num").all_text_contents()
    return [int(t.replace("\u2212", "-").lstrip("+")) for t in texts]


def test_two_phones_play_sixty_six_through_every_decision(
    open_page: OpenPage, artifacts: Path
) -> None:
    anna = open_page("/", phone=True)
    anna.fill("#create-name", "Anna")
    anna.locator("input[name='game'][value='sixty_six']").tap()
    expect(anna.locator("input[name='seats']")).to_have_count(1)
    expect(anna.locator("input[name='seats'][value='2']")).to_be_checked()
    # Points on show, so that the test knows when a claim is right; a long match, so that it
    # does not end before every decision has come up.
    anna.locator("#game-options summary").tap()
    anna.locator("#option-show_points").check()
    anna.locator("#option-target").fill("21")
    anna.locator("#create-button").tap()
    anna.wait_for_url("**/r/*")
    wait_ready(anna)
    wait_connected(anna)
    bertil = open_page(anna.url, phone=True)
    take_seat(bertil, "Bertil", 1)
    anna.locator("#start-button").tap()
    for page in (anna, bertil):
        expect(page.locator(ROOM)).to_have_attribute("data-status", "playing")
        expect(page.locator(ROOM)).to_have_attribute("data-game", "sixty_six")
        expect(page.locator("#stock")).to_be_visible()
        expect(page.locator("#hand .card-btn")).to_have_count(6)
    # Each sees the other's six cards as backs, and the stock of eleven with the trump across.
    expect(anna.locator(".seat[data-seat='1'] .other-hand .card")).to_have_count(6)
    expect(anna.locator("#stock")).to_have_attribute("data-count", "11")
    # Either player may claim at any moment, on turn or not.
    for page in (anna, bertil):
        expect(page.locator("#claim-button")).to_be_visible()
    table = Table([anna, bertil], artifacts)
    table.shoot(anna, "00-start")

    deals = 0
    while "claim" not in table.done:
        looks = [look(anna), look(bertil)]
        if any(seen["status"] != "playing" for seen in looks):
            raise AssertionError(f"the match ended first; done: {sorted(table.done)}")
        if looks[0]["deal"] != table.deal:
            if table.deal:
                table.close_summaries(wait=True)
            table.deal = looks[0]["deal"]
            table.played = set()
            deals += 1
            assert deals <= MAX_DEALS, f"no luck in {MAX_DEALS} deals; done: {sorted(table.done)}"
        actor = next(
            (s for s, each in enumerate(looks) if each["mine"] and not each["pending"]), None
        )
        if actor is None:
            time.sleep(0.02)
            continue
        seen = looks[actor]
        if not seen["trump"] or seen["summary"]:
            time.sleep(0.02)
            continue
        # The claim comes last, once a player has 66: the one not on turn if possible.
        if {"exchange", "marriage", "close"} <= table.done:
            ready = [s for s in (1 - actor, actor) if looks[s]["points"].get(str(s), 0) >= 66]
            if ready:
                claimant = ready[0]
                if claimant != actor:
                    expect(table.pages[claimant].locator("#claim-button")).to_be_visible()
                table.claim(claimant, looks[claimant]["points"][str(claimant)], totals(anna))
                continue
        actions = seen["actions"]
        if "exchange" in actions and "exchange" not in table.done:
            table.exchange(actor, seen)
            continue
        marriages = [a for a in actions if a.startswith("marriage:")]
        if marriages and "marriage" not in table.done:
            table.marriage(actor, marriages[0])
            continue
        trump = seen["trump"]
        stock_open = seen["stock"] is not None and not seen["stock"]["closed"]
        nine_lost = (
            not stock_open or seen["stock"]["turned"] == f"9{trump}" or f"9{trump}" in table.played
        )
        # Closing stops the drawing, so it waits for the exchange and a marriage, or for the
        # last chance to close.
        last_chance = stock_open and seen["stock"]["count"] <= 2
        if (
            "close" in actions
            and "close" not in table.done
            and ("exchange" in table.done or nine_lost)
            and ("marriage" in table.done or last_chance)
        ):
            table.close(actor)
            continue
        # What this deal can still bring; when it can bring nothing the test still needs, it
        # is given up, so that the next deal comes sooner.
        possible = {"claim"}
        if not nine_lost:
            possible.add("exchange")
        if stock_open:
            possible.add("close")
        if stock_open or any(pairs(each["hand"]) for each in looks):
            possible.add("marriage")
        wanted = {"exchange", "marriage", "close"} - table.done
        if wanted and not wanted & possible:
            scores = totals(anna)
            short = [s for s in (0, 1) if looks[s]["points"].get(str(s), 0) < 66]
            if short:
                table.give_up(max(short, key=lambda s: scores[s]))
                continue
        table.play(table.pages[actor], table.choose(actor, looks))

    assert {"exchange", "marriage", "close", "claim"} <= table.done
    # The result is in the scoresheet too: the deal's line names how it ended.
    table.close_summaries()
    anna.locator("#protocol-button").tap()
    lines = anna.locator("#protocol-dialog .deals tbody tr")
    anna.locator("#protocol-dialog .deal-list summary").tap()
    expect(lines.last.locator("td").nth(2)).to_have_text("Claim")
    table.shoot(anna, "07-protocol")
