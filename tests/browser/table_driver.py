"""Drive the Kortbord table the way people do: by clicking what the page offers.

The page exposes its state to tests only through data attributes on ``#room``
(``data-phase``, ``data-my-turn``, ``data-seat``, ``data-deals-played`` …); the choice of
what to click is always the first control the page shows as enabled.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect

ROOM = "#room"
PLAYABLE = "#hand .card-btn[data-playable='true']"

OpenPage = Callable[..., Page]
# The window of a page opened on a computer, and of one opened on a phone.
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}


def attr(page: Page, name: str) -> str:
    return page.get_attribute(ROOM, f"data-{name}") or ""


def wait_version(page: Page, version: str) -> None:
    """Wait until the page shows the room at ``version`` or later: a state can be overtaken
    before it is looked at, as when the seeds of the next deal follow a deal's last card."""
    page.wait_for_function(
        "v => Number(document.querySelector('#room').dataset.v) >= v", arg=int(version)
    )


def create_room(page: Page, nickname: str, seats: int = 3) -> str:
    """Create a room from the home page; returns the room's URL."""
    wait_ready(page)
    page.fill("#create-name", nickname)
    page.check(f"input[name='seats'][value='{seats}']")
    page.click("#create-button")
    page.wait_for_url("**/r/*")
    wait_ready(page)
    wait_connected(page)
    expect(page.locator(ROOM)).to_have_attribute("data-seat", "0")
    return page.url


def wait_ready(page: Page) -> None:
    """Wait until the page's script has wired every control: a click before that is lost."""
    expect(page.locator("html")).to_have_attribute("data-ready", "true")


def wait_connected(page: Page) -> None:
    expect(page.locator(ROOM)).to_have_attribute("data-connection", "open")


def take_seat(page: Page, nickname: str, seat: int) -> None:
    wait_connected(page)
    page.fill("#nickname", nickname)
    # A round trip to the server; on a loaded two-core machine that has taken over 5 s. A
    # click that lands as a new state redraws the seats is lost on such a machine; taking
    # the same seat again is harmless, so it is tried once more.
    taken = page.locator(f"{ROOM}[data-seat='{seat}']")
    for _ in range(2):
        page.click(f"button[data-sit='{seat}']")
        try:
            taken.wait_for(timeout=20_000)
            return
        except PlaywrightError:
            if page.locator(f"button[data-sit='{seat}']").count() == 0:
                break
    expect(page.locator(ROOM)).to_have_attribute("data-seat", str(seat), timeout=60_000)


def two_on_phones(open_page: OpenPage, game: str, cards: int) -> tuple[Page, Page]:
    """Anna and Bertil, each on a phone, at a two-seat table of `game` whose first deal of
    `cards` cards a hand is dealt."""
    anna = open_page("/", phone=True)
    anna.fill("#create-name", "Anna")
    anna.locator(f"input[name='game'][value='{game}']").tap()
    anna.locator("#create-button").tap()
    anna.wait_for_url("**/r/*")
    wait_ready(anna)
    wait_connected(anna)
    bertil = open_page(anna.url, phone=True)
    take_seat(bertil, "Bertil", 1)
    anna.locator("#start-button").tap()
    for page in (anna, bertil):
        expect(page.locator(ROOM)).to_have_attribute("data-status", "playing")
        expect(page.locator("#hand .card-btn")).to_have_count(cards)
    return anna, bertil


def sixty_six_on_phones(open_page: OpenPage) -> tuple[Page, Page]:
    """Anna and Bertil, each on a phone, at a Sixty-six table whose first deal is dealt."""
    return two_on_phones(open_page, "sixty_six", 6)


def start_match(host: Page) -> None:
    host.click("#start-button")
    expect(host.locator(ROOM)).to_have_attribute("data-status", "playing")


def ready(page: Page) -> bool:
    """Whether this page shows its player on turn with nothing in flight."""
    return attr(page, "my-turn") == "true" and attr(page, "pending") == "false"


def whose_turn(pages: Sequence[Page], timeout: float = 60.0) -> Page:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for page in pages:
            if ready(page):
                return page
        time.sleep(0.02)
    raise AssertionError(
        "nobody is on turn: " + ", ".join(f"{attr(p, 'seat')}:{attr(p, 'phase')}" for p in pages)
    )


def press(target: Locator, touch: bool) -> None:
    """A tap on a touch screen, a click elsewhere."""
    if touch:
        target.tap()
    else:
        target.click()


def choose_contract(page: Page, touch: bool = False) -> str:
    """Pick the first contract the dialog offers; returns its action text."""
    option = page.locator("#contract-chooser button:not([disabled])").first
    action = option.get_attribute("data-action") or ""
    press(option, touch)
    return action


def discard_first_four(page: Page, touch: bool = False) -> None:
    cards = page.locator(PLAYABLE)
    for i in range(4):
        press(cards.nth(i), touch)
    expect(page.locator("#discard-confirm")).to_be_enabled()
    press(page.locator("#discard-confirm"), touch)


def play_first_card(page: Page, touch: bool = False) -> str:
    card = page.locator(PLAYABLE).first
    code = card.get_attribute("data-card") or ""
    press(card, touch)
    if touch:  # the first tap lifts the card, the play button plays it
        press(page.locator("#play-lifted"), touch)
    return code


def act_once(pages: Sequence[Page], touch: bool = False) -> tuple[Page, str]:
    """Whoever is on turn does the first thing the page offers. Returns (page, phase)."""
    page = whose_turn(pages)
    phase = attr(page, "phase")
    version = int(attr(page, "v") or 0)
    if phase == "contract":
        choose_contract(page, touch)
    elif phase == "discard":
        discard_first_four(page, touch)
    elif phase == "play":
        play_first_card(page, touch)
    else:
        raise AssertionError(f"on turn in phase {phase!r}")
    # The next actor is decided by the server; wait until this click has been answered: a
    # newer state, with nothing in flight (a click the page has not handled yet leaves both
    # as they were, and the same page would otherwise look on turn again).
    page.wait_for_function(
        """v => {
          const room = document.querySelector('#room').dataset;
          return Number(room.v) > v && room.pending === 'false';
        }""",
        arg=version,
    )
    return page, phase


def seat(page: Page, number: int) -> str:
    return f".seat[data-seat='{number}']"


def host_action(action: str) -> str:
    return f"#host-panel [data-host-action='{action}']"


def add_bot(host: Page, number: int, level: str, touch: bool = False) -> None:
    """Choose the level for a free seat in the host panel, then press "Add computer player"."""
    host.select_option(host_action(f"bot-level-{number}"), level)
    button = host.get_by_role("button", name=f"Add computer player to seat {number + 1}")
    button.tap() if touch else button.click()
    expect(host.locator(seat(host, number))).to_have_attribute("data-bot", level)


def play_until(
    page: Page, done: Callable[[], bool], *, touch: bool = False, timeout: float = 300.0
) -> int:
    """Play this page's turns, clicking the first thing offered, until ``done()``. Returns how
    many times this page acted; the computer players take every other turn."""
    deadline = time.monotonic() + timeout
    acted = 0
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(
                f"gave up waiting: phase {attr(page, 'phase')}, v {attr(page, 'v')}"
            )
        # ready() is read before done(): the page renders each state whole, so a turn that
        # arrived together with the end of the task is seen as such and left alone.
        if ready(page) and not done():
            act_once([page], touch=touch)
            acted += 1
        else:
            time.sleep(0.02)
    return acted


SHOTS = os.environ.get("KORTBORD_TEST_SHOTS", "") not in ("", "0")
"""Whether :func:`shot` writes its pictures: a person looking at the pages sets it; a run that
only asks whether the tests pass is spared the encoding of a hundred pictures."""


def shot(page: Page, directory: Path, name: str, *, full_page: bool = False) -> Path:
    """A picture of the page in ``directory`` (test-artifacts/browser) when ``SHOTS``."""
    path = directory / f"{name}.png"
    if SHOTS:
        page.screenshot(path=str(path), full_page=full_page, animations="disabled")
    return path


# Every card button must lie inside the viewport, and the point at its middle must hit that
# very button (not a neighbour overlapping it): then every card can be tapped.
HAND_GEOMETRY = """() => {
  const out = [];
  for (const btn of document.querySelectorAll('#hand .card-btn')) {
    const r = btn.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    out.push({
      card: btn.dataset.card,
      left: r.left,
      right: r.right,
      width: r.width,
      hits: Boolean(hit && hit.closest('.card-btn') === btn),
    });
  }
  return {cards: out, viewport: window.innerWidth};
}"""


def assert_hand_tappable(page: Page, count: int, min_width: float = 30.0) -> None:
    page.locator("#hand").scroll_into_view_if_needed()
    geometry = page.evaluate(HAND_GEOMETRY)
    cards = geometry["cards"]
    assert len(cards) == count
    for card in cards:
        assert card["left"] >= 0 and card["right"] <= geometry["viewport"], card
        assert card["width"] >= min_width, card
        assert card["hits"], card


def stop_clock(page: Page) -> None:
    """Stop the page's installed clock about where it stands (half a second on), so that what
    a timer would take away stays while a test reads it. The page's time runs on between
    reading it and stopping it; a target it has already passed is tried again."""
    for _ in range(5):
        now = page.evaluate("() => Date.now()")
        try:
            page.clock.pause_at((now + 500) / 1000)
            return
        except PlaywrightError as missed:
            if "to the past" not in str(missed):
                raise
    raise AssertionError("the page's clock ran past every target")


def let_the_deal_end(page: Page, deals_played: int) -> None:
    """With the page's clock stopped: once the page holds the state where ``deals_played``
    deals are scored, move its clock past the moment the last trick is held on the table, so
    that the summary comes, and no further: the summary's own time stays unspent."""
    expect(page.locator(ROOM)).to_have_attribute("data-deals-played", str(deals_played))
    page.clock.run_for(2000)
