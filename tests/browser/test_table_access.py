"""The table for a screen reader and a keyboard: a log says each card played, each bid and who
takes each trick, as much of it as the setting asks; the page has no serious axe violation
while a deal is played; focus stays in the hand after a card is played by keyboard; a hand
that cannot be used this turn is not drawn greyed out; a played-out hand says so; a phone
explains its one-letter badges; a stand-in's badge is not cut short.

The seats are taken over WebSockets (a thread of their own, beside Playwright's loop); the
page watches, or holds one seat by its secret, as after a reload.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect
from seated_tables import Table, in_thread, reseat_page, seat_page, seated_table
from table_driver import (
    DESKTOP,
    ROOM,
    OpenPage,
    host_action,
    shot,
    wait_connected,
    wait_version,
)

from support.client import Message, RoomClient, choose_action, legal_of
from support.server import ServerProcess

pytestmark = pytest.mark.browser

AXE = Axe()
T = TypeVar("T")
NAMES = ["Ada", "Boole", "Church", "Dijkstra", "Euler"]
LOG = "#table-log p"


def play(
    server: ServerProcess,
    table: Table,
    done: Callable[[Message], bool],
    seed: int = 7,
    prefer: str = "",
) -> Message:
    """Every seat back over WebSockets, random legal moves until ``done`` holds for seat 0's
    latest state; returns that state."""

    async def run() -> Message:
        clients = [
            await RoomClient.open(server.ws_url, table.code, secret=secret)
            for secret in table.secrets
        ]
        rng = random.Random(seed)
        try:
            for _ in range(2000):
                state = clients[0].state
                assert state is not None
                if done(state):
                    break
                await step(clients, rng, prefer)
            state = clients[0].state
            assert state is not None
            return state
        finally:
            for client in clients:
                await client.close()

    table.last = in_thread(run)
    return table.last


# A claim or a concession ends a deal before its cards are played: the deals here are played out.
ENDS_EARLY = ("claim", "concede")


async def step(clients: list[RoomClient], rng: random.Random, prefer: str = "") -> None:
    """The seat to act takes a random legal action, never one that ends the deal early; one
    starting with ``prefer`` whenever there is one."""
    view = clients[0].view
    assert view is not None and view["to_act"] is not None, view
    actor = clients[view["to_act"]]
    legal = legal_of(actor.state or {})
    assert legal is not None, f"seat {view['to_act']} has no legal actions"
    if "count" not in legal:
        keep = [a for a in legal["actions"] if not a.startswith(ENDS_EARLY)]
        preferred = [a for a in keep if prefer and a.startswith(prefer)]
        legal = {**legal, "actions": preferred or keep or legal["actions"]}
    ack = await actor.act(choose_action(legal, rng))
    assert ack["type"] == "state", ack
    for client in clients:
        await client.until_version(ack["v"])


def watch(open_page: OpenPage, table: Table, **options: Any) -> Page:
    page = open_page(f"/r/{table.code}", **options)
    wait_connected(page)
    expect(page.locator(ROOM)).to_have_attribute("data-status", "playing")
    return page


def serious_violations(page: Page) -> list[str]:
    found: list[dict[str, Any]] = AXE.run(page).response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at "
        + ", ".join(" ".join(n["target"]) for n in v["nodes"][:5])
        for v in found
        if v.get("impact") in ("serious", "critical")
    ]


def deals_played(n: int) -> Callable[[Message], bool]:
    return lambda message: bool(message["view"]["deals_played"] >= n)


def log_lines(page: Page) -> list[str]:
    return page.locator(LOG).all_text_contents()


def choose_narration(page: Page, value: str) -> None:
    """The setting, chosen in the settings dialog as a person does."""
    page.click("#settings-button")
    page.check(f"#settings-dialog input[name='narrate'][value='{value}']")
    page.click("#settings-dialog [data-close]")
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('kortbord:prefs')).narrate")
    assert stored == value


# ---- the log, over a full deal of each family ------------------------------------------------

FAMILIES = [
    ("bismarck", 3, re.compile(r"^\w+ chooses (Spader \(spades\)|Valfri \(\w+\)|Spel|Pass)$")),
    ("finnish_bismarck", 4, re.compile(r"^\w+ chooses [\w ]+( \(\w+\))?$")),
    ("sixty_six", 2, None),
    ("german_whist", 2, None),
    ("auction_pinochle", 3, re.compile(r"^\w+ (bids [\d,]+|passes)$")),
    ("partnership_pinochle", 4, re.compile(r"^\w+ (bids \d+.*|passes|: .+)$")),
    ("bezique_rubicon", 2, None),
    ("spades", 4, re.compile(r"^\w+ bids (\d+|Nil|Blind nil)$")),
]


@pytest.mark.parametrize(("game", "seats", "bid"), FAMILIES, ids=[f[0] for f in FAMILIES])
def test_the_log_says_every_card_bid_and_trick_of_a_deal(
    game: str,
    seats: int,
    bid: re.Pattern[str] | None,
    open_fast_page: OpenPage,
    fast_server: ServerProcess,
) -> None:
    table = seated_table(fast_server, game, seats, NAMES)
    page = watch(open_fast_page, table)
    problems = serious_violations(page)
    assert not problems, f"{game}, the deal dealt:\n" + "\n".join(problems)
    expect(page.locator(LOG)).to_have_count(0)

    state = play(fast_server, table, deals_played(1))
    deal = state["view"]["previous_deal"]
    expect(page.locator(ROOM)).to_have_attribute("data-deals-played", "1")
    cards = [c for trick in deal["tricks_played"] for c in trick["cards"]] + deal.get("trick", [])
    winners = [trick["winner"] for trick in deal["tricks_played"]]
    lines = log_lines(page)
    played = [line for line in lines if " plays the " in line]
    taken = [line for line in lines if line.endswith(" takes the trick")]
    assert len(played) == len(cards), lines
    assert played[0].startswith(f"{NAMES[cards[0]['seat']]} plays the "), played[0]
    assert played[-1].startswith(f"{NAMES[cards[-1]['seat']]} plays the "), played[-1]
    assert taken == [f"{NAMES[w]} takes the trick" for w in winners]
    if bid is not None:
        calls = [line for line in lines if line not in played and line not in taken]
        unlike = [line for line in calls if not bid.match(line)]
        assert calls and not unlike, unlike
        assert lines.index(calls[0]) < lines.index(played[0])
    problems = serious_violations(page)
    assert not problems, f"{game}, the deal played:\n" + "\n".join(problems)


@pytest.mark.parametrize("verbosity", ["tricks", "off"])
def test_the_setting_says_less(
    verbosity: str, open_fast_page: OpenPage, fast_server: ServerProcess
) -> None:
    table = seated_table(fast_server, "spades", 4, NAMES)
    page = watch(open_fast_page, table)
    choose_narration(page, verbosity)
    play(fast_server, table, deals_played(1))
    expect(page.locator(ROOM)).to_have_attribute("data-deals-played", "1")
    lines = log_lines(page)
    if verbosity == "off":
        assert lines == []
        return
    assert not [line for line in lines if " plays the " in line], lines
    assert len([line for line in lines if line.endswith(" takes the trick")]) == 13, lines
    assert len([line for line in lines if " bids " in line]) == 4, lines


# ---- the seated player's hand ----------------------------------------------------------------


def test_focus_stays_in_the_hand_after_a_card_is_played_by_keyboard(
    open_fast_page: OpenPage, fast_server: ServerProcess
) -> None:
    table = seated_table(fast_server, "german_whist", 2, NAMES)
    assert table.last is not None
    leader = table.last["view"]["to_act"]
    page = seat_page(open_fast_page, table, leader)
    expect(page.locator(ROOM)).to_have_attribute("data-my-turn", "true")
    cards = page.locator("#hand .card-btn")
    expect(cards).to_have_count(13)
    cards.nth(2).focus()
    for _ in range(2):
        page.keyboard.press("ArrowRight")
    played = page.evaluate("() => document.activeElement.dataset.key")
    following = cards.nth(5).get_attribute("data-key")
    page.keyboard.press("Enter")
    # The other seat is on turn now, and nobody plays it: the page rests here.
    expect(page.locator(ROOM)).to_have_attribute("data-my-turn", "false")
    expect(cards).to_have_count(12)
    focused = page.evaluate(
        "() => document.activeElement.closest('#hand .card-btn')?.dataset.key ?? null"
    )
    assert focused == following, (played, following, focused)
    # The log said the card, from this seat's side.
    expect(page.locator(LOG).last).to_have_text(re.compile(r"^You play the "))


def test_a_hand_not_used_this_turn_is_drawn_normally(
    open_fast_page: OpenPage, fast_server: ServerProcess
) -> None:
    table = seated_table(fast_server, "auction_pinochle", 3, NAMES)
    assert table.last is not None
    view = table.last["view"]
    assert view["phase"] == "bid"
    bidder = view["to_act"]
    page = seat_page(open_fast_page, table, bidder)
    expect(page.locator(ROOM)).to_have_attribute("data-my-turn", "true")
    expect(page.locator("#hand")).to_have_attribute("data-cards-in-use", "false")
    filters = page.evaluate(
        "() => [...document.querySelectorAll('#hand .card-btn .card')]"
        ".map((c) => getComputedStyle(c).filter)"
    )
    assert filters and set(filters) == {"none"}, filters
    # The others see the bidder on turn, in words that fit a bid as well as a card.
    other = seat_page(open_fast_page, table, (bidder + 1) % 3)
    expect(other.locator(".seat.to-act .turn-flag")).to_have_text("On turn")


def last_card_led(message: Message) -> bool:
    deal = message["view"]["deal"]
    if not deal or len(deal["trick"]) != 1:
        return False
    return bool(deal["hand_sizes"][deal["trick"][0]["seat"]] == 0)


PLAYED_OUT = [("german_whist", 2), ("bismarck", 3), ("auction_pinochle", 3), ("spades", 4)]


@pytest.mark.parametrize(("game", "seats"), PLAYED_OUT, ids=[g for g, _ in PLAYED_OUT])
def test_a_played_out_hand_says_so(
    game: str, seats: int, open_fast_page: OpenPage, fast_server: ServerProcess
) -> None:
    table = seated_table(fast_server, game, seats, NAMES)
    state = play(fast_server, table, last_card_led)
    leader = state["view"]["deal"]["trick"][0]["seat"]
    page = seat_page(open_fast_page, table, leader)
    expect(page.locator("#hand .hand-note")).to_have_text(
        "You have played all your cards in this deal."
    )


# ---- badges ----------------------------------------------------------------------------------


def test_a_phone_says_what_its_one_letter_badges_mean(
    open_fast_page: OpenPage, fast_server: ServerProcess
) -> None:
    table = seated_table(fast_server, "bismarck", 3, NAMES)
    phone = seat_page(open_fast_page, table, 1, phone=True)
    legend = phone.locator("#badge-legend")
    expect(legend).to_be_visible()
    expect(legend.locator(".legend-item")).to_contain_text(["★ Host", "D Dealer"])
    for item in legend.locator(".legend-item").all():
        letter = item.locator(".legend-letter").text_content()
        expect(phone.locator(".seat .badge .short", has_text=letter or "").first).to_be_visible()
    desktop = seat_page(open_fast_page, table, 2)
    expect(desktop.locator("#badge-legend")).to_be_hidden()


LONG = ["Wilhelmina Wallenbergson", "Maximilian_Montgomery_Wu", "Bartholomew Worthingtons"]


def test_a_stand_in_badge_is_not_cut_short(
    open_fast_page: OpenPage, fast_server: ServerProcess
) -> None:
    table = seated_table(fast_server, "bismarck", 3, LONG)
    host = seat_page(open_fast_page, table, 0, viewport={"width": 1366, "height": 768})
    host.click(host_action("stand-in-1"))
    badge = host.locator(".seat[data-seat='1'] .badge-stand-in")
    expect(badge).to_have_attribute("title", f"Computer (Basic) plays for {LONG[1]}")
    expect(badge.locator(".brief")).to_have_text("Stand-in · Basic")
    expect(badge.locator(".long")).to_have_text(f"Computer (Basic) plays for {LONG[1]}")
    sizes = badge.evaluate(
        "(b) => [b, ...b.querySelectorAll('.brief')].map((el) => [el.scrollWidth, el.clientWidth])"
    )
    assert all(scroll <= client + 1 for scroll, client in sizes), sizes


# ---- hand and prompt above the fold ----------------------------------------------------------

# Every card of the hand, the status line, the bar above the hand and the first control the
# turn offers (a bid, a contract, a trump), each whole inside the window with the page at its
# top: what the player must see and press needs no scrolling.
ABOVE_THE_FOLD = """async () => {
  window.scrollTo(0, 0);
  for (const animation of document.getAnimations()) {
    if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
  }
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const out = [];
  const check = (el, what) => {
    const r = el.getBoundingClientRect();
    if (!r.width && !r.height) return;
    const outside = r.top < -1 || r.left < -1;
    if (outside || r.bottom > window.innerHeight + 1 || r.right > window.innerWidth + 1) {
      out.push(`${what} at ${Math.round(r.top)}..${Math.round(r.bottom)} of ${window.innerHeight}`);
    }
    // Nor hidden in a box that scrolls (the felt, on a short screen).
    for (let box = el.parentElement; box; box = box.parentElement) {
      if (getComputedStyle(box).overflowY === 'visible') continue;
      const b = box.getBoundingClientRect();
      if (r.top < b.top - 1 || r.bottom > b.bottom + 1) {
        out.push(`${what} at ${Math.round(r.top)}..${Math.round(r.bottom)}, scrolled out of ` +
          `${box.id || box.className} at ${Math.round(b.top)}..${Math.round(b.bottom)}`);
      }
    }
  };
  for (const card of document.querySelectorAll('#hand .card-btn .card')) {
    check(card, `card ${card.parentElement.dataset.card}`);
  }
  check(document.querySelector('#status-line'), 'the status line');
  check(document.querySelector('#action-bar'), 'the action bar');
  const offered = document.querySelector('#room button[data-action]:not([disabled])');
  if (offered) check(offered, `the control ${offered.dataset.action}`);
  return out;
}"""

FOLD_SIZES = [(1366, 768), (1280, 720)]
FOLD_GAMES = [
    ("bismarck", 3),
    ("bismarck", 4),
    ("finnish_bismarck", 4),
    ("sixty_six", 2),
    ("german_whist", 2),
    ("auction_pinochle", 3),
    ("auction_pinochle", 5),
    ("partnership_pinochle", 4),
    ("double_deck_pinochle", 4),
    ("bezique_rubicon", 2),
    ("chinese_bezique", 2),
    ("spades", 4),
]


@pytest.mark.parametrize(("game", "seats"), FOLD_GAMES, ids=[f"{g}-{n}" for g, n in FOLD_GAMES])
def test_hand_and_prompt_need_no_scrolling_in_every_phase(
    game: str, seats: int, open_fast_page: OpenPage, fast_server: ServerProcess, artifacts: Path
) -> None:
    table = seated_table(fast_server, game, seats, NAMES)
    seen: set[str] = set()
    problems: list[str] = []
    page: Page | None = None
    state = table.last
    assert state is not None
    for _ in range(12):
        view = state["view"]
        if view["deals_played"] >= 1 or view["to_act"] is None:
            break
        phase = view["phase"]
        seen.add(phase)
        # The page of the seat to act, loaded for this phase as after a reload and left
        # before the rest of the phase is played: pages left open would draw every state
        # of the deal, a hundred and more in bezique, and check none of them. One tab
        # serves every phase's seat in turn.
        if page is None:
            page = seat_page(open_fast_page, table, view["to_act"])
        else:
            reseat_page(page, table, view["to_act"], DESKTOP)
        wait_version(page, str(state["v"]))
        expect(page.locator(ROOM)).to_have_attribute("data-my-turn", "true")
        expect(page.locator(ROOM)).to_have_attribute("data-phase", phase)
        # Each language: Russian's longer words have pushed a contract chooser below the fold.
        for lang in ("ru", "sv", "en"):
            page.select_option("#lang-select", lang)
            expect(page.locator("html")).to_have_attribute("lang", lang)
            for width, height in FOLD_SIZES:
                page.set_viewport_size({"width": width, "height": height})
                for problem in page.evaluate(ABOVE_THE_FOLD):
                    problems.append(f"{phase}, {lang}, {width}x{height}: {problem}")
                shot(page, artifacts, f"fold-{game}-{seats}-{phase}-{lang}-{width}x{height}")
        page.goto("/healthz")
        state = play(
            fast_server,
            table,
            lambda m, known=frozenset(seen): (
                m["view"]["deals_played"] >= 1 or m["view"]["phase"] not in known
            ),
        )
    where = f"{game}, {seats} seats, phases {sorted(seen)}"
    assert not problems, f"{where}:\n  " + "\n  ".join(problems)


# ---- the replay --------------------------------------------------------------------------------

# Whether the point in the middle of each element hits that element (nothing lies on top of it).
UNCOVERED = """(selector) => [...document.querySelectorAll(selector)].map((el) => {
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return Boolean(hit && el.contains(hit));
})"""


def test_the_replay_shows_who_closed_the_stock(
    open_fast_page: OpenPage, fast_server: ServerProcess, artifacts: Path
) -> None:
    table = seated_table(fast_server, "sixty_six", 2, NAMES)
    play(fast_server, table, deals_played(1), prefer="close")
    api = f"{fast_server.base_url}/api/rooms/{table.code}/matches/1/deals/1/replay"
    steps = httpx.get(api, timeout=60).json()["steps"]
    closed = next(
        i
        for i, s in enumerate(steps)
        if s["view"]["deal"] and s["view"]["deal"].get("closed_by") is not None
    )
    page = open_fast_page(f"/r/{table.code}/matches/1/deals/1")
    expect(page.locator("#replay")).to_have_attribute("data-status", "ready")
    for _ in range(closed):
        page.locator("#replay-forward").click()
    expect(page.locator("#replay")).to_have_attribute("data-step", str(closed))
    caption = page.locator("#stock .stock-caption")
    expect(caption).to_have_text(re.compile(r"^Closed by (Ada|Boole)$"))
    caption.scroll_into_view_if_needed()
    shot(page, artifacts, "replay-sixty-six-closed")
    assert page.evaluate(UNCOVERED, "#stock .stock-caption") == [True]
