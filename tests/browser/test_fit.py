"""The table fits its screen: at six desktop and tablet sizes, with a 24-character name in every
seat, nothing sticks out of its box (measured from the boxes the browser laid out): the suit
buttons of Bismarck's Valfri stay in their group in every language, each seat keeps its name
and badges, the side panel keeps the scores' totals, and the page never scrolls sideways. At
1366x768 and 1280x720 the forehand's twenty cards all lie above the fold (every game's hand
and prompt in every phase: tests/browser/test_table_access.py). The trick area of three, four and
five seats keeps its height, and the hand its place, as a trick fills. The home page's "Your
tables" shows each table's game, players and score.

The other seats are taken over WebSockets (a thread of their own, beside Playwright's loop) and
left, so that one page per table is enough; a computer player stands in for one of them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TypeVar

import httpx
import pytest
from playwright.sync_api import Page, expect
from seated_tables import Table, seat_page, seated_table
from table_driver import ROOM, OpenPage, host_action, shot, wait_ready

from support.client import Message
from support.server import REPO_ROOT, ServerProcess

pytestmark = pytest.mark.browser

SIZES = [(1366, 768), (1280, 720), (1440, 900), (1920, 1080), (1024, 768), (768, 1024)]
PHONE = (390, 844)
LANGUAGES = ("en", "sv", "ru")
NAMES = [
    "Wilhelmina Wallenbergson",
    "Maximilian_Montgomery_Wu",  # no space: it cannot wrap
    "Bartholomew Worthingtons",
    "Gwendolyn-MacWhirter-Moe",
    "Konstantin Wasiljewitsch",
]
assert all(len(name) == 24 for name in NAMES)

# What must fit: every seat, the felt and its middle, the viewer's own part, the side panel.
TABLE_BOXES = [".seat", "#table", "#center", ".me", "#hand", ".side-section", "#side"]
VALFRI_BOXES = [".trump-choices", ".contract-option.valfri", "#contract-chooser", "#center"]

T = TypeVar("T")

# For each container the selector matches, every element and every run of text inside it that
# shows must lie within the container's box (1px of rounding allowed). What an ancestor inside
# the container clips (an ellipsis) shows only as far as that ancestor, which is checked itself;
# in a container that scrolls up and down only the sides are checked. The answer names each
# element that sticks out, and by how much; an empty list when everything fits. What is in
# motion is first brought to its end (the pulse of a turn goes on: it moves nothing), and two
# frames are waited for, so that a layout that follows the window's size (the hand's rows) is
# done: the boxes measured are those the page comes to rest in.
INSIDE = """async (selectors) => {
  for (const animation of document.getAnimations()) {
    if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
  }
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const TOLERANCE = 1;
  const out = [];
  const name = (el) => {
    let text = el.tagName.toLowerCase();
    if (el.id) text += `#${el.id}`;
    if (el.classList.length) text += `.${[...el.classList].join('.')}`;
    for (const key of ['seat', 'action', 'card']) {
      if (el.dataset?.[key] !== undefined) text += `[data-${key}="${el.dataset[key]}"]`;
    }
    return text;
  };
  for (const selector of selectors) {
    const containers = document.querySelectorAll(selector);
    if (!containers.length) out.push(`nothing matches ${selector}`);
    for (const container of containers) {
      const box = container.getBoundingClientRect();
      const scrolls = ['auto', 'scroll'].includes(getComputedStyle(container).overflowY);
      const reported = new Set();
      const clipped = (node) => {
        for (let el = node.parentElement; el && el !== container; el = el.parentElement) {
          if (reported.has(el) || getComputedStyle(el).overflowX !== 'visible') return true;
        }
        return false;
      };
      const shown = NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT;
      const walker = document.createTreeWalker(container, shown);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        let rect;
        let what;
        if (node.nodeType === Node.TEXT_NODE) {
          if (!node.textContent.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          rect = range.getBoundingClientRect();
          const words = node.textContent.trim().slice(0, 40);
          what = `the text "${words}" of ${name(node.parentElement)}`;
        } else {
          const style = getComputedStyle(node);
          if (style.visibility === 'hidden' || style.display === 'contents') continue;
          rect = node.getBoundingClientRect();
          what = name(node);
        }
        // Not shown, or a 1px box kept for screen readers.
        if (rect.width <= 1 && rect.height <= 1) continue;
        if (clipped(node)) continue;
        const sides = [];
        const beyond = (side, by) => {
          if (by > TOLERANCE) sides.push(`${side} by ${by.toFixed(1)}px`);
        };
        beyond('left', box.left - rect.left);
        beyond('right', rect.right - box.right);
        if (!scrolls) {
          beyond('top', box.top - rect.top);
          beyond('bottom', rect.bottom - box.bottom);
        }
        if (sides.length) {
          if (node.nodeType === Node.ELEMENT_NODE) reported.add(node);
          out.push(`${what} sticks out of ${name(container)} at the ${sides.join(', ')}`);
        }
      }
    }
  }
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth) {
    out.push(`the page scrolls sideways: ${page.scrollWidth}px in ${page.clientWidth}px`);
  }
  return out;
}"""

# Boxes of one kind that overlap each other (two seats pushed into one place), by pairs.
OVERLAPS = """(selector) => {
  const TOLERANCE = 1;
  const out = [];
  const elements = [...document.querySelectorAll(selector)];
  const boxes = elements.map((el) => el.getBoundingClientRect());
  boxes.forEach((a, i) => {
    boxes.slice(i + 1).forEach((b, k) => {
      const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (x > TOLERANCE && y > TOLERANCE) {
        const said = (el) => `${el.className} (seat ${el.dataset.seat})`;
        const [one, other] = [said(elements[i]), said(elements[i + 1 + k])];
        out.push(`${one} and ${other} overlap by ${x.toFixed(1)}px by ${y.toFixed(1)}px`);
      }
    });
  });
  return out;
}"""

HAND = """() => ({
  height: window.innerHeight,
  width: window.innerWidth,
  cards: [...document.querySelectorAll('#hand .card-btn .card')].map((card) => {
    const r = card.getBoundingClientRect();
    return {card: card.parentElement.dataset.card, top: r.top, bottom: r.bottom,
            left: r.left, right: r.right, width: r.width};
  }),
})"""


def assert_fits(page: Page, boxes: list[str], where: str) -> None:
    """Everything inside each of the boxes, no two seats on top of each other."""
    problems: list[str] = page.evaluate(INSIDE, boxes)
    problems += page.evaluate(OVERLAPS, ".seat")
    assert not problems, f"{where}:\n  " + "\n  ".join(problems)


def resize(page: Page, size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})


def label(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


def assert_hand_above_the_fold(page: Page, count: int) -> None:
    """Every card of the hand whole in the window, the page scrolled to its top, and each card
    still big enough to read."""
    page.evaluate("() => window.scrollTo(0, 0)")
    page.evaluate(INSIDE, [])  # two frames: the hand's rows follow the window
    geometry = page.evaluate(HAND)
    cards = geometry["cards"]
    assert len(cards) == count
    for card in cards:
        assert card["top"] >= 0 and card["bottom"] <= geometry["height"], (card, geometry["height"])
        assert card["left"] >= 0 and card["right"] <= geometry["width"], card
        assert card["width"] >= 64, card


def set_language(page: Page, lang: str, words: dict[str, Any]) -> None:
    page.select_option("#lang-select", lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("#valfri-label")).to_have_text(words["contract.valfri"])
    expect(page.locator("#contract-chooser h2")).to_have_text(words["contract.choose"])


def bismarck_words(lang: str) -> dict[str, Any]:
    path = REPO_ROOT / "static" / "games" / "bismarck" / "i18n" / f"{lang}.json"
    words: dict[str, Any] = json.loads(path.read_text())
    return words


# ---- the table -------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [3, 4])
def test_bismarck_fits_every_screen_with_long_names(
    seats: int, open_page: OpenPage, live_server: ServerProcess, artifacts: Path
) -> None:
    table = seated_table(live_server, "bismarck", seats, NAMES, move_clock=600)
    forehand = table.to_act
    assert forehand is not None
    viewer = seat_page(open_page, table, forehand)
    host = viewer if forehand == 0 else seat_page(open_page, table, 0)
    # A computer player stands in for a player who left, under that player's long name.
    away = next(s for s in range(1, seats) if s != forehand)
    host.click(host_action(f"stand-in-{away}"))
    place = viewer.locator(f".seat[data-seat='{away}']")
    # the host's message and its broadcast: over 5 s on a loaded two-core machine
    expect(place).to_have_attribute("data-stand-in", "true", timeout=60_000)
    expect(place.locator(".badge-stand-in")).to_contain_text(NAMES[away])
    # The seat to move counts its time down; the host and the dealer are marked.
    mine = viewer.locator(f".seat[data-seat='{forehand}']")
    expect(mine.locator(".away-note")).to_be_visible()
    expect(mine.locator(".badge-forehand")).to_be_visible()
    expect(viewer.locator(".seat[data-seat='0'] .badge-host")).to_be_visible()
    expect(viewer.locator(".seat .badge-dealer")).to_have_count(1)
    for seat in range(seats):
        expect(viewer.locator(f".seat[data-seat='{seat}'] .seat-name")).to_have_attribute(
            "title", NAMES[seat]
        )
        expect(viewer.locator(f".scores tr[data-seat='{seat}'] th")).to_have_attribute(
            "title", NAMES[seat]
        )

    # ---- the contract: Valfri's suit buttons, in every language, at every size --------------
    expect(viewer.locator(ROOM)).to_have_attribute("data-phase", "contract")
    expect(viewer.locator("#contract-chooser .trump-choice")).to_have_count(4)
    for lang in LANGUAGES:
        set_language(viewer, lang, bismarck_words(lang))
        for size in [*SIZES, PHONE]:
            resize(viewer, size)
            where = f"{seats} seats, contract, {lang}, {label(size)}"
            assert_fits(viewer, VALFRI_BOXES, where)
            if size != PHONE:
                assert_fits(viewer, TABLE_BOXES, where)
            if lang != "sv" and (seats == 3 or size == SIZES[0]):
                shot(viewer, artifacts, f"fit-bismarck-{seats}-contract-{lang}-{label(size)}")
    set_language(viewer, "en", bismarck_words("en"))

    # The host's panel, long names and the stand-in's controls in it.
    if host is not viewer:
        for size in SIZES:
            resize(host, size)
            assert_fits(host, TABLE_BOXES, f"{seats} seats, the host, {label(size)}")
    expect(host.locator(host_action(f"stop-bot-{away}"))).to_be_visible()
    resize(host, SIZES[0])
    shot(host, artifacts, f"fit-bismarck-{seats}-host-1366x768")

    # ---- Valfri chosen on a phone's width: the discard, twenty cards -------------------------
    resize(viewer, PHONE)
    suit = viewer.locator("#contract-chooser .trump-choice").nth(1)
    action = suit.get_attribute("data-action") or ""
    assert action.startswith("contract:valfri:")
    suit.click()
    expect(viewer.locator(ROOM)).to_have_attribute("data-phase", "discard")
    expect(viewer.locator(".deal-info .contract-label")).to_contain_text("Valfri")
    expect(viewer.locator("#hand .card-btn")).to_have_count(20)
    for size in SIZES:
        resize(viewer, size)
        assert_fits(viewer, TABLE_BOXES, f"{seats} seats, discard, {label(size)}")
        if seats == 3:
            shot(viewer, artifacts, f"fit-bismarck-{seats}-discard-{label(size)}")
    resize(viewer, SIZES[0])
    viewer.evaluate("() => window.scrollTo(0, 0)")
    shot(viewer, artifacts, f"fit-bismarck-{seats}-20-cards-1366x768")
    assert_hand_above_the_fold(viewer, 20)
    resize(viewer, SIZES[1])
    assert_hand_above_the_fold(viewer, 20)


@pytest.mark.parametrize(
    ("game", "seats"),
    [("auction_pinochle", 5), ("sixty_six", 2), ("bezique_rubicon", 2), ("chinese_bezique", 2)],
)
def test_the_other_games_fit_every_screen_with_long_names(
    game: str, seats: int, open_page: OpenPage, live_server: ServerProcess, artifacts: Path
) -> None:
    table = seated_table(live_server, game, seats, NAMES)
    page = seat_page(open_page, table, 0)
    expect(page.locator(ROOM)).to_have_attribute("data-status", "playing")
    expect(page.locator(".seat")).to_have_count(seats)
    expect(page.locator(".scores tbody tr")).to_have_count(seats)
    for size in SIZES:
        resize(page, size)
        assert_fits(page, TABLE_BOXES, f"{game}, {label(size)}")
        shot(page, artifacts, f"fit-{game}-{seats}-{label(size)}")


# ---- your tables -----------------------------------------------------------------------------


def signed(n: int) -> str:
    """A total as the page writes it in English."""
    return "0" if n == 0 else f"+{n}" if n > 0 else f"\u2212{-n}"


def one_deal_played(message: Message) -> bool:
    return bool(message["view"]["deals_played"] >= 1)


def test_your_tables_show_the_game_the_players_and_the_score(
    open_page: OpenPage, live_server: ServerProcess, artifacts: Path
) -> None:
    playing = seated_table(live_server, "bismarck", 3, NAMES, play=one_deal_played)
    ended = seated_table(live_server, "auction_pinochle", 4, NAMES, end=True)
    # A table still waiting for its second player.
    response = httpx.post(
        f"{live_server.base_url}/api/rooms",
        json={"game": "sixty_six", "seats": 2, "nickname": NAMES[0]},
        timeout=60,
    )
    assert response.status_code == 201, response.text
    waiting = Table(response.json()["code"], [response.json()["secret"]], None)
    totals = httpx.get(f"{live_server.base_url}/api/rooms/{playing.code}").json()["score"]["totals"]
    gone = "GoneLongAgo00000"
    unreachable = "Unreachable00000"
    remembered = [
        (playing.code, playing.secrets[0]),
        (ended.code, ended.secrets[0]),
        (waiting.code, waiting.secrets[0]),
        (gone, "no-longer-any-use"),
        (unreachable, "cannot-be-asked"),
    ]

    page = open_page("/")
    page.route(f"**/api/rooms/{unreachable}", lambda route: route.abort())
    page.evaluate(
        """(tables) => {
          for (const [code, secret] of tables) {
            localStorage.setItem(`kortbord:secret:${code}`, secret);
          }
          const list = tables.map(([code], i) => ({code, at: Date.UTC(2025, 2, 14, 18, 30 - i)}));
          localStorage.setItem('kortbord:rooms', JSON.stringify(list));
        }""",
        remembered,
    )
    page.reload()
    wait_ready(page)
    items = page.locator("#recent-list > li")
    expect(items).to_have_count(5)

    first = items.nth(0)
    expect(first).to_have_attribute("data-state", "ok")
    expect(first.locator(".recent-title")).to_have_text("Bismarck")
    expect(first.locator(".recent-title")).to_have_attribute("href", f"/r/{playing.code}")
    expect(first.locator(".recent-status")).to_have_text("Playing, 1 of 12 deals played")
    expect(first.locator(".recent-name")).to_have_text(NAMES[:3])
    expect(first.locator(".recent-name").nth(1)).to_have_attribute("title", NAMES[1])
    expect(first.locator(".recent-total")).to_have_text([signed(n) for n in totals])

    second = items.nth(1)
    expect(second.locator(".recent-title")).to_have_text("Auction pinochle")
    expect(second.locator(".recent-status")).to_have_text("Stopped")
    expect(second.locator(".recent-name")).to_have_text(NAMES[:4])
    expect(second.locator(".recent-total")).to_have_count(4)

    third = items.nth(2)
    expect(third.locator(".recent-title")).to_have_text("Sixty-six")
    expect(third.locator(".recent-status")).to_have_text("Waiting for players: 1 of 2 seated")
    expect(third.locator(".recent-name")).to_have_text(NAMES[:1])
    expect(third.locator(".recent-total")).to_have_count(0)

    expect(items.nth(3)).to_have_attribute("data-state", "gone")
    expect(items.nth(3)).to_contain_text("This table is gone.")
    expect(items.nth(3).locator("a")).to_have_count(0)
    expect(items.nth(4)).to_have_attribute("data-state", "failed")
    expect(items.nth(4).locator("a.recent-title")).to_have_attribute("href", f"/r/{unreachable}")

    for size in [SIZES[0], PHONE]:
        resize(page, size)
        assert_fits(page, ["#recent-list > li", "#recent"], f"your tables, {label(size)}")
    resize(page, SIZES[0])
    page.locator("#recent").scroll_into_view_if_needed()
    shot(page, artifacts, "home-your-tables-1366x768")

    # Another language names the games and the states in its own words.
    page.select_option("#lang-select", "sv")
    expect(third.locator(".recent-title")).to_have_text("Sextiosex")
    expect(first.locator(".recent-status")).to_have_text("Spelas, 1 av 12 givar spelade")
    expect(second.locator(".recent-status")).to_have_text("Avbrutet")
    expect(items.nth(3)).to_contain_text("Det här bordet finns inte längre.")
    shot(page, artifacts, "home-your-tables-sv")


# ---- a small phone --------------------------------------------------------------------------

SIDEWAYS = """() => ({
  page: document.documentElement.scrollWidth,
  window: window.innerWidth,
  outside: [...document.querySelectorAll('header *')]
    .filter((el) => el.getClientRects().length)
    .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
    .map((el) => el.id || el.getAttribute('class') || el.tagName),
})"""


@pytest.mark.parametrize("lang", ["en", "sv", "ru"])
def test_a_small_phone_shows_the_whole_header_and_never_scrolls_sideways(
    lang: str, open_page: OpenPage, live_server: ServerProcess, artifacts: Path
) -> None:
    table = seated_table(live_server, "bismarck", 3, NAMES)
    page = seat_page(open_page, table, 0)
    for width in (390, 360, 320):
        resize(page, (width, 740))
        page.select_option("#lang-select", lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        measured = page.evaluate(SIDEWAYS)
        assert measured["page"] <= measured["window"], (width, measured)
        assert measured["outside"] == [], (width, measured)
        # the tools that stay are reachable: chat, protocol, invite, language, settings
        for tool in ("#chat-button", "#protocol-button", "#share-button", "#settings-button"):
            expect(page.locator(tool)).to_be_visible()
    shot(page, artifacts, f"fit-phone-320-{lang}")


# ---- the trick area --------------------------------------------------------------------------

# Lays a played card in each of the trick's slots in turn, as the table draws it, and measures
# the trick area and the hand below it before the first and after each card: a trick that
# grows as it fills moves the hand under a finger about to tap.
TRICK_FILLING = """() => {
  const trick = document.querySelector('#trick');
  const card = document.querySelector('#hand .card-btn .card');
  const measure = () => ({
    trick: trick.getBoundingClientRect().height,
    hand: document.querySelector('#hand').getBoundingClientRect().top,
  });
  const heights = [measure()];
  for (const slot of trick.querySelectorAll('.slot')) {
    const figure = document.createElement('figure');
    figure.className = 'played';
    figure.appendChild(card.cloneNode(true));
    const caption = document.createElement('figcaption');
    caption.textContent = 'Wilhelmina Wallenbergson';
    figure.appendChild(caption);
    slot.replaceChildren(figure);
    heights.push(measure());
  }
  return heights;
}"""


def first_card_led(message: Message) -> bool:
    return bool((message["view"].get("deal") or {}).get("trick"))


@pytest.mark.parametrize(
    ("game", "seats"),
    [("auction_pinochle", 3), ("partnership_pinochle", 4), ("auction_pinochle", 5)],
)
def test_the_trick_area_keeps_its_height_as_a_trick_fills(
    game: str, seats: int, open_page: OpenPage, live_server: ServerProcess, artifacts: Path
) -> None:
    table = seated_table(live_server, game, seats, NAMES, play=first_card_led)
    assert table.to_act is not None
    page = seat_page(open_page, table, table.to_act)
    expect(page.locator("#trick .slot")).to_have_count(seats)
    expect(page.locator("#hand .card-btn").first).to_be_visible()
    for size in [SIZES[0], SIZES[1], SIZES[2], PHONE, (360, 740)]:
        resize(page, size)
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
        measured = page.evaluate(TRICK_FILLING)
        empty = measured[0]
        for count, filled in enumerate(measured[1:], start=1):
            where = f"{game} at {seats}, {label(size)}, {count} of {seats} cards"
            assert abs(filled["trick"] - empty["trick"]) <= 1, (where, measured)
            assert abs(filled["hand"] - empty["hand"]) <= 1, (where, measured)
        shot(page, artifacts, f"fit-trick-{game}-{seats}-{label(size)}")
