"""Motion that shows what happened: a played card travels to the trick, a won trick slides to
its winner, a dealt hand comes in; a press finishes it all; none of it under reduced motion or
with the setting off. The end-of-deal summary shows in place, not in a dialog, beside the
controls of whoever plays next, until the next move or its time is up.

Nothing here times anything: animations are caught as they start (and held there), and the page's
clock is moved on rather than waited for.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from table_driver import (
    PLAYABLE,
    ROOM,
    OpenPage,
    act_once,
    add_bot,
    attr,
    create_room,
    let_the_deal_end,
    play_first_card,
    play_until,
    ready,
    shot,
    sixty_six_on_phones,
    start_match,
    stop_clock,
    whose_turn,
)

pytestmark = [pytest.mark.browser, pytest.mark.motion]

# Every animation the page runs, of whatever kind (the motion module's, CSS animations and
# transitions), noted on the first frame it is seen; and every element.animate() call, with
# what it moved and from where, noted as it is made (a trick may come and go within a frame).
RECORD = """() => {
  window.seenAnimations = [];
  window.animated = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (keyframes, options) {
    const played = this.closest('#trick .played');
    window.animated.push({
      seat: played?.dataset.seat ?? null,
      card: played?.dataset.card ?? null,
      hand: this.closest('#hand .card-btn')?.dataset.key ?? null,
      ghost: this.classList.contains('motion-ghost'),
      from: keyframes[0]?.transform ?? '',
    });
    const animation = animate.call(this, keyframes, options);
    // held as it starts, when a test asked (HOLD): a busy machine may draw no frame before
    // a short flight ends, so one looked for on a later frame may never be seen running
    if (window.holdMotion) {
      animation.pause();
      window.held.push(animation);
    }
    return animation;
  };
  const seen = new WeakSet();
  const look = () => {
    for (const a of document.getAnimations()) {
      if (seen.has(a)) continue;
      seen.add(a);
      const target = a.effect?.target;
      window.seenAnimations.push({
        id: a.id,
        kind: a.constructor.name,
        name: a.animationName ?? a.transitionProperty ?? '',
        target: target ? `${target.tagName}.${target.className?.baseVal ?? target.className}` : '',
      });
    }
    requestAnimationFrame(look);
  };
  look();
}"""

# From now on, every animation is held where it starts (RECORD's wrapper), until CATCH.
HOLD = "() => { window.held = []; window.holdMotion = true; }"
# The motion module's animations held since HOLD, once there are any, and no more held
# after them; answers their ids (falsy until then).
CATCH = """() => {
  const held = window.held.filter((a) => a.id.startsWith('motion-') && a.playState === 'paused');
  if (!held.length) return false;
  window.holdMotion = false;
  window.caught = held;
  return held.map((a) => a.id);
}"""

CAUGHT_FINISHED = "() => window.caught.every((a) => a.playState === 'finished')"
TWO_FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
# A translation by (x, y) and a scale, as motion.js writes its first keyframes.
MOVE = re.compile(r"translate\((-?[\d.e-]+)px, (-?[\d.e-]+)px\) scale\(([\d.e-]+)\)")


def record(page: Page) -> None:
    page.evaluate(RECORD)


def animated(page: Page) -> list[dict[str, Any]]:
    calls: list[dict[str, Any]] = page.evaluate("() => window.animated")
    return calls


def with_two_bots(open_page: OpenPage, **options: Any) -> Page:
    anna = open_page("/", **options)
    create_room(anna, "Anna")
    add_bot(anna, 1, "basic")
    add_bot(anna, 2, "random")
    return anna


def first_trick_done(page: Page) -> bool:
    # The last trick can be looked at once there is one.
    return page.locator("#last-trick-button:enabled").count() > 0


def overlaps(a: dict[str, float] | None, b: dict[str, float] | None) -> bool:
    if not a or not b:
        return False
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def assert_in_place(page: Page, summary: Locator) -> None:
    """The summary is a part of the page, not a dialog: nothing is modal, it covers none of the
    player's own controls, and it took no focus."""
    expect(summary).to_be_visible()
    expect(page.locator("dialog[open]")).to_have_count(0)
    box = summary.bounding_box()
    assert box is not None
    for control in ("#status-line", "#action-bar", "#hand"):
        assert not overlaps(box, page.locator(control).bounding_box()), control
    focused = page.evaluate(
        "() => document.querySelector('#deal-summary').contains(document.activeElement)"
    )
    assert not focused


# ---- cards in motion ------------------------------------------------------------------------


def test_cards_travel_and_a_press_finishes_them(open_bot_page: OpenPage, artifacts: Path) -> None:
    anna = with_two_bots(open_bot_page)
    expect(anna.locator("html")).to_have_attribute("data-motion", "on")
    record(anna)
    start_match(anna)
    # Anna chooses and discards if she is forehand; then her hand is in and she is to play.
    play_until(anna, lambda: attr(anna, "phase") == "play" and ready(anna))
    # The hand came in card by card.
    dealt = {call["hand"] for call in animated(anna) if call["hand"]}
    hand = anna.locator("#hand .card-btn").evaluate_all(
        "(cards) => cards.map((c) => c.dataset.key)"
    )
    assert len(hand) == 16 and set(hand) <= dealt, (hand, dealt)

    # Her card travels from her hand to the trick: the card is in its place at once, only its
    # picture is on the way, and the hand has let it go.
    anna.evaluate("() => { window.animated = []; }")
    anna.evaluate(HOLD)
    code = play_first_card(anna)
    expect(anna.locator(f"#hand .card-btn[data-card='{code}']")).to_have_count(0)
    mine = [call for call in animated(anna) if call["seat"] == "0" and call["card"] == code]
    assert mine, animated(anna)
    move = MOVE.match(mine[0]["from"])
    assert move, mine[0]
    # It came from below (the hand), at the size of the hand's cards.
    sizes = anna.evaluate(
        "() => [document.querySelector('#hand .card-btn .card').offsetWidth,"
        " document.querySelector('#trick .played .card').offsetWidth]"
    )
    assert float(move.group(2)) > 0, mine[0]
    assert float(move.group(3)) == pytest.approx(sizes[0] / sizes[1], abs=0.05), (mine[0], sizes)
    # The others' cards come from their seats.
    others = [call for call in animated(anna) if call["seat"] in ("1", "2")]
    assert all("scale(0.55)" in call["from"] for call in others), others

    # Whatever is in motion, a click anywhere finishes it at once.
    ids = anna.wait_for_function(CATCH).json_value()
    assert ids
    # A picture of the motion held in flight (the helper would finish it first).
    anna.screenshot(path=str(artifacts / "motion-01-in-flight.png"), animations="allow")
    anna.locator("#status-line").click()
    assert anna.evaluate(CAUGHT_FINISHED)

    # A won trick leaves for its winner's seat, and its flying cards are gone after.
    play_until(anna, lambda: any(call["ghost"] for call in animated(anna)))
    expect(anna.locator("#motion-layer .motion-ghost")).to_have_count(0)

    # A key finishes them too.
    play_until(anna, lambda: ready(anna) and attr(anna, "phase") == "play")
    anna.evaluate(HOLD)
    play_first_card(anna)
    anna.wait_for_function(CATCH)
    anna.keyboard.press("Shift")
    assert anna.evaluate(CAUGHT_FINISHED)
    shot(anna, artifacts, "motion-02-finished")


@pytest.mark.parametrize("why", ["system", "setting"])
def test_no_motion_under_reduced_motion_or_with_the_setting_off(
    open_bot_page: OpenPage, artifacts: Path, why: str
) -> None:
    if why == "system":
        anna = with_two_bots(open_bot_page, reduced_motion="reduce")
    else:
        anna = with_two_bots(open_bot_page)
        anna.locator("#settings-button").click()
        setting = anna.get_by_label("Animate the table: cards travel, the player on turn glows")
        expect(setting).to_be_checked()
        setting.uncheck()
        expect(anna.locator("html")).to_have_attribute("data-motion", "off")
        shot(anna, artifacts, "motion-03-setting-off")
        anna.locator("#settings-dialog [data-close]").click()
        stored = anna.evaluate("() => JSON.parse(localStorage.getItem('kortbord:prefs')).motion")
        assert stored is False
    record(anna)
    start_match(anna)
    # A dealt hand, and a whole trick: played, won, and gone from the table.
    play_until(anna, lambda: first_trick_done(anna))
    expect(anna.locator("#trick .played.won")).to_have_count(0)
    anna.evaluate(TWO_FRAMES)
    assert anna.evaluate("() => window.seenAnimations") == []
    assert animated(anna) == []
    expect(anna.locator("#motion-layer .motion-ghost")).to_have_count(0)


# ---- the end-of-deal summary, in place ------------------------------------------------------


def test_the_deal_summary_shows_beside_the_next_players_controls(
    open_bot_page: OpenPage, artifacts: Path
) -> None:
    anna = with_two_bots(open_bot_page)
    start_match(anna)
    play_until(anna, lambda: attr(anna, "deals-played") == "1")
    summary = anna.locator("#deal-summary")
    expect(summary).to_be_visible(timeout=30_000)
    expect(summary.locator("h2")).to_have_text("Deal 1 is over")
    expect(summary.locator("tbody tr")).to_have_count(3)
    assert_in_place(anna, summary)
    shot(anna, artifacts, "motion-04-summary-in-place")

    # The next deal goes on under it: Anna is on turn and acts with it in view, and it goes.
    play_until(anna, lambda: ready(anna))
    assert_in_place(anna, summary)
    expect(anna.locator(ROOM)).to_have_attribute("data-deal", "2")
    act_once([anna])
    expect(summary).to_be_hidden()
    expect(anna.locator(ROOM)).to_have_attribute("data-pending", "false")


def claim_too_early(page: Page) -> None:
    """End the deal at once: a claim short of 66 gives the other player the deal."""
    page.locator("#claim-button").tap()
    page.locator("#confirm-dialog #confirm-yes").tap()


# Whether a card on the table lies under the summary.
HIDES_A_CARD = """() => {
  const panel = document.querySelector('#deal-summary');
  if (panel.hidden) return false;
  const box = panel.getBoundingClientRect();
  return [...document.querySelectorAll('#trick .played')].some((el) => {
    const r = el.getBoundingClientRect();
    return r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top;
  });
}"""


def test_on_phones_the_summary_lies_over_the_table_and_leaves_in_time(
    open_page: OpenPage, artifacts: Path
) -> None:
    pages = sixty_six_on_phones(open_page)
    # the pages' clocks stand still but where the test moves them: on a busy machine the
    # summary's own few seconds can pass before it has been looked at
    for page in pages:
        page.clock.install()
        stop_clock(page)
    anna, bertil = pages
    claim_too_early(bertil)
    for page in pages:
        let_the_deal_end(page, 1)
        summary = page.locator("#deal-summary")
        expect(summary.locator(".summary-end")).to_have_attribute("data-end", "wrong_claim")
        assert_in_place(page, summary)
        # On a phone it lies over the felt, the side column being far below.
        box, felt = summary.bounding_box(), page.locator("#table").bounding_box()
        assert (
            box
            and felt
            and felt["y"] <= box["y"]
            and box["y"] + box["height"] <= felt["y"] + felt["height"]
        )
    shot(anna, artifacts, "motion-05-summary-phone")

    # Left alone, it goes after a few seconds (the page's clock is moved on, not waited for).
    leader = whose_turn(pages)
    other = pages[1 - pages.index(leader)]
    other.clock.fast_forward(9_000)
    expect(other.locator("#deal-summary")).to_be_hidden()

    # The leader lifts a card with it in view (no move yet), and plays it: it goes.
    lead = leader.locator("#deal-summary")
    leader.locator(PLAYABLE).first.tap()
    expect(leader.locator("#play-lifted")).to_be_visible()
    expect(lead).to_be_visible()
    leader.locator("#play-lifted").tap()
    expect(lead).to_be_hidden()
    for page in pages:
        expect(page.locator("#trick .played")).to_have_count(1)

    # At the next deal's end, it never hides a card that is then played.
    claim_too_early(leader)
    for page in pages:
        let_the_deal_end(page, 2)
        expect(page.locator("#deal-summary h2")).to_have_text("Deal 2 is over")
    leader = whose_turn(pages)
    other = pages[1 - pages.index(leader)]
    before = attr(other, "v")
    play_first_card(leader, touch=True)
    expect(other.locator(ROOM)).not_to_have_attribute("data-v", before)
    expect(other.locator("#trick .played")).to_have_count(1)
    assert not other.evaluate(HIDES_A_CARD)
    shot(other, artifacts, "motion-06-summary-gives-way")
