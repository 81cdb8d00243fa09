"""Less clicking, as settings of this browser: a card that is the only legal one plays by itself;
a claim the shown points make sure is made by itself; the hand is ordered by suit and rank or
with the trumps first; on a phone a tap while another player is on turn chooses the next card,
which the turn offers for one confirming tap (or plays at once), and lets go with a note when
the server's legal list does not offer it.

Each test fails without its setting: nothing is played or claimed unasked, the order stays the
game's, and a tap out of turn only says why the card cannot be played.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Locator, Page, WebSocketRoute, expect
from table_driver import (
    PLAYABLE,
    ROOM,
    OpenPage,
    act_once,
    attr,
    ready,
    shot,
    sixty_six_on_phones,
    two_on_phones,
    wait_connected,
    wait_ready,
    whose_turn,
)

from support.server import ServerProcess

pytestmark = pytest.mark.browser

HAND = "#hand .card-btn"
SUIT_ORDER = "SHCD"  # by suit and rank: spades, hearts, clubs, diamonds


def set_check(page: Page, name: str, on: bool, *, touch: bool = False) -> None:
    """Turn a setting of the settings dialog on or off, the way a person does."""
    button = page.locator("#settings-button")
    button.tap() if touch else button.click()
    box = page.locator(f"#settings-dialog input[name='{name}']")
    if box.is_checked() != on:
        box.tap() if touch else box.click()
    (expect(box).to_be_checked() if on else expect(box).not_to_be_checked())
    done = page.locator("#settings-dialog [data-close]").first
    done.tap() if touch else done.click()


def choose_sort(page: Page, value: str) -> None:
    page.locator("#settings-button").click()
    page.locator(f"#settings-dialog input[name='sort'][value='{value}']").check()
    page.locator("#settings-dialog [data-close]").first.click()


def play_now(page: Page, game: str) -> None:
    """One click on the home page's Play for ``game``: a room with computer players, dealt."""
    page.locator(f"#game-choice .play-now[data-play='{game}']").click()
    page.wait_for_url("**/r/*")
    wait_ready(page)
    expect(page.locator(ROOM)).to_have_attribute("data-status", "playing")
    expect(page.locator(HAND).first).to_be_visible()


def hand_codes(page: Page) -> list[str]:
    return [c or "" for c in page.locator(HAND).evaluate_all("bs => bs.map(b => b.dataset.card)")]


def watch_actions(
    page: Page, rewrite: Callable[[dict[str, Any]], None] | None = None
) -> tuple[list[str], list[dict[str, Any]]]:
    """Pass the page's WebSocket through, noting every action the page sends and every state
    it receives (as the server sent it; ``rewrite`` may change what the page then gets)."""
    sent: list[str] = []
    states: list[dict[str, Any]] = []

    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "act":
                sent.append(data["action"])
            server.send(message)

        def from_server(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") != "state":
                ws.send(message)
                return
            states.append(json.loads(message))
            if rewrite is None:
                ws.send(message)
                return
            rewrite(data)
            ws.send(json.dumps(data))

        ws.on_message(from_page)
        server.on_message(from_server)

    page.route_web_socket(re.compile(r"/ws/"), route)
    return sent, states


# Whether the page said, in its bar, what it was about to do by itself: noted by the page
# itself as the note appears, since it stands there only a moment. Installed before the page's
# own script runs.
WATCH_AUTO_NOTE = """
window.__autoNotes = [];
document.addEventListener('DOMContentLoaded', () => {
  new MutationObserver(() => {
    const note = document.querySelector('#auto-note');
    const last = window.__autoNotes.at(-1);
    if (note && last !== note.textContent) window.__autoNotes.push(note.textContent);
  }).observe(document.body, {childList: true, subtree: true});
});
"""


# ---- a single legal card plays by itself --------------------------------------------------


def test_a_single_legal_card_plays_by_itself_once_the_setting_is_on(
    open_bot_page: OpenPage,
) -> None:
    anna = open_bot_page("/")
    anna.fill("#create-name", "Anna")
    play_now(anna, "german_whist")
    set_check(anna, "autoPlay", True)
    sent, _ = watch_actions(anna)
    anna.add_init_script(WATCH_AUTO_NOTE)
    anna.reload()  # the setting is remembered; the page's socket now passes the watch
    wait_ready(anna)
    wait_connected(anna)
    # Anna plays her first playable card until the server's legal list leaves her one card
    # only (following suit, or the deal's last trick): then she clicks nothing.
    deadline = time.monotonic() + 240
    while True:
        assert time.monotonic() < deadline, "no turn with a single legal card"
        clicked = len(sent)
        if not ready(anna):
            time.sleep(0.02)
            continue
        playable = anna.locator(PLAYABLE).evaluate_all("bs => bs.map(b => b.dataset.card)")
        if len(playable) == 1:
            break
        act_once([anna])
    # Anna clicks nothing: the page plays the card, once.
    deadline = time.monotonic() + 30
    while len(sent) == clicked:
        assert time.monotonic() < deadline, "the single legal card was not played"
        anna.wait_for_timeout(20)  # lets the watch of the socket take what the page sent
    assert sent[clicked:] == [f"play:{playable[0]}"]
    notes = anna.evaluate("() => window.__autoNotes")
    assert any("only card you may play" in note for note in notes), notes


def test_a_single_legal_card_waits_for_the_player_by_default(open_bot_page: OpenPage) -> None:
    anna = open_bot_page("/")
    anna.fill("#create-name", "Anna")
    play_now(anna, "german_whist")
    expect(anna.locator("#settings-dialog input[name='autoPlay']")).not_to_be_checked()
    sent, _ = watch_actions(anna)
    anna.reload()
    wait_ready(anna)
    wait_connected(anna)
    deadline = time.monotonic() + 240
    while True:
        assert time.monotonic() < deadline, "no turn with a single legal card"
        if not ready(anna):
            time.sleep(0.02)
            continue
        if anna.locator(PLAYABLE).count() == 1:
            break
        act_once([anna])
    count = len(sent)
    # The page's own moment to show an automatic play is well under this; nothing comes.
    anna.wait_for_timeout(2000)
    assert len(sent) == count
    expect(anna.locator(ROOM)).to_have_attribute("data-my-turn", "true")


# ---- a claim the shown points make sure ---------------------------------------------------


RANK_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}


def play_for_points(page: Page) -> None:
    """A marriage when one is offered, else the playable card worth most; then the answer."""
    version = int(attr(page, "v") or 0)
    marriage = page.locator("#action-bar [data-action^='marriage:']:not([disabled])")
    if marriage.count():
        marriage.first.click()
    else:
        codes = page.locator(PLAYABLE).evaluate_all("bs => bs.map(b => b.dataset.card)")
        best = max(codes, key=lambda code: RANK_POINTS.get(code[0], 0))
        page.locator(f"{PLAYABLE}[data-card='{best}']").first.click()
    page.wait_for_function(
        """v => {
          const room = document.querySelector('#room').dataset;
          return Number(room.v) > v && room.pending === 'false';
        }""",
        arg=version,
    )


def own_points(states: list[dict[str, Any]]) -> list[int]:
    deals = [((s.get("view") or {}).get("deal") or {}) for s in states]
    return [deal["points"][0] for deal in deals if deal.get("points")]


def test_a_sure_claim_is_made_by_itself_once_the_setting_is_on(
    open_bot_page: OpenPage, bot_server: ServerProcess
) -> None:
    made = httpx.post(
        f"{bot_server.base_url}/api/rooms",
        json={
            "game": "sixty_six",
            "nickname": "Anna",
            "bots": "basic",
            "options": {"show_points": True, "target": 21},
        },
        timeout=60,
    )
    assert made.status_code == 201, made.text
    room = made.json()
    anna = open_bot_page("/")
    anna.evaluate(
        "([code, secret]) => localStorage.setItem(`kortbord:secret:${code}`, secret)",
        [room["code"], room["secret"]],
    )
    # Whether a state the page gets shows Anna at 66 whatever she holds: the page can only
    # believe its view, and the claim is the server's to judge (a wrong one loses the deal).
    shown_66 = {"on": False}

    def show_66(state: dict[str, Any]) -> None:
        deal = (state.get("view") or {}).get("deal") or {}
        if shown_66["on"] and deal.get("points"):
            deal["points"][0] = max(deal["points"][0], 66)

    sent, states = watch_actions(anna, show_66)
    anna.add_init_script(WATCH_AUTO_NOTE)
    anna.goto(f"/r/{room['code']}")
    wait_ready(anna)
    expect(anna.locator(ROOM)).to_have_attribute("data-status", "playing")
    set_check(anna, "autoClaim", True)
    # Below 66, nothing is claimed: Anna goes for points (each marriage offered, her highest
    # card) but never claims, and the page does not either.
    for _ in range(3):
        whose_turn([anna])
        play_for_points(anna)
        if max(own_points(states), default=0) < 66:
            assert "claim" not in sent
    # From the next state on, the view shows her 66: the page says so and claims, once.
    shown_66["on"] = True
    whose_turn([anna])
    play_for_points(anna)
    deadline = time.monotonic() + 30
    while "claim" not in sent:
        assert time.monotonic() < deadline, f"no claim made: {sent[-5:]}"
        anna.wait_for_timeout(20)  # lets the watch of the socket take what the page sent
    assert sent.count("claim") == 1
    notes = anna.evaluate("() => window.__autoNotes")
    assert any("Your points win the deal" in note for note in notes), notes


# ---- the order of the hand ----------------------------------------------------------------


def suits(codes: list[str]) -> list[str]:
    return [code[1] for code in codes]


def test_the_hand_is_ordered_by_trumps_first_or_by_suit_and_rank_as_chosen(
    open_bot_page: OpenPage,
) -> None:
    anna = open_bot_page("/")
    anna.fill("#create-name", "Anna")
    # A deal where the two orders differ: the trump is not spades, and the hand holds a trump
    # and a card of a suit the fixed order puts before it.
    for _ in range(12):
        anna.goto("/")
        wait_ready(anna)
        play_now(anna, "german_whist")
        whose_turn([anna])
        trump = anna.locator(".trump-label").first.get_attribute("data-trump") or ""
        held = suits(hand_codes(anna))
        earlier = SUIT_ORDER[: SUIT_ORDER.index(trump)] if trump in SUIT_ORDER else ""
        if trump in held and any(s in earlier for s in held):
            break
    else:
        pytest.fail("no deal where the two orders differ")
    # by default, as before: the trumps first
    expect(anna.locator("#settings-dialog input[name='sort'][value='trump']")).to_be_attached()
    default = hand_codes(anna)
    n = suits(default).count(trump)
    assert suits(default)[:n] == [trump] * n
    choose_sort(anna, "suit")
    anna.wait_for_function(
        "first => document.querySelector('#hand .card-btn').dataset.card !== first", arg=default[0]
    )
    by_suit = hand_codes(anna)
    assert sorted(by_suit) == sorted(default)
    order = [SUIT_ORDER.index(s) for s in suits(by_suit)]
    assert order == sorted(order), by_suit
    assert by_suit != default
    # the choice is this browser's: it holds on the next visit
    anna.reload()
    wait_ready(anna)
    expect(anna.locator(HAND)).to_have_count(len(by_suit))
    assert hand_codes(anna) == by_suit
    choose_sort(anna, "trump")
    anna.wait_for_function(
        "first => document.querySelector('#hand .card-btn').dataset.card === first", arg=default[0]
    )
    assert hand_codes(anna) == default


# ---- a premove on a phone -----------------------------------------------------------------


def tap_out_of_turn(page: Page, card: Locator) -> None:
    """A finger on a card while another player is on turn: the card says it cannot be played
    now (aria-disabled), which keeps it tappable, so the tap goes to its place on the screen."""
    card.scroll_into_view_if_needed()
    box = card.bounding_box()
    assert box is not None
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def play_with_taps(page: Page, code: str) -> None:
    card = page.locator(f"{PLAYABLE}[data-card='{code}']")
    card.tap()
    page.locator("#play-lifted").tap()
    expect(page.locator(f"{HAND}[data-card='{code}']")).to_have_count(0)


def test_a_card_tapped_while_waiting_is_offered_for_one_tap_when_the_turn_comes(
    open_page: OpenPage, artifacts: Path
) -> None:
    pages = sixty_six_on_phones(open_page)
    leader = whose_turn(pages)
    other = pages[1] if leader is pages[0] else pages[0]
    # Out of turn, a tap chooses a card: it is marked, and nothing is sent.
    chosen = other.locator(HAND).nth(2)
    code = chosen.get_attribute("data-card") or ""
    tap_out_of_turn(other, chosen)
    expect(chosen).to_have_attribute("data-premoved", "true")
    expect(other.locator("#premove-note")).to_be_visible()
    shot(other, artifacts, "premove-01-chosen")
    assert other.locator("#trick .played").count() == 0
    # The leader plays; the turn comes: the chosen card is lifted, one tap plays it.
    play_with_taps(leader, leader.locator(PLAYABLE).first.get_attribute("data-card") or "")
    expect(other.locator(ROOM)).to_have_attribute("data-my-turn", "true")
    expect(other.locator(f"{HAND}[data-card='{code}']")).to_have_class(re.compile(r"\blifted\b"))
    expect(other.locator("#play-lifted")).to_be_visible()
    expect(other.locator("#trick .played")).to_have_count(1)
    shot(other, artifacts, "premove-02-offered")
    other.locator("#play-lifted").tap()
    expect(other.locator(f"{HAND}[data-card='{code}']")).to_have_count(0)

    # Played at once, when the player chose no confirming tap.
    pages[0].locator("#settings-button").tap()
    shot(pages[0], artifacts, "premove-03-settings")
    pages[0].locator("#settings-dialog [data-close]").first.tap()
    for page in pages:
        set_check(page, "premoveConfirm", False, touch=True)
    leader = whose_turn(pages)
    other = pages[1] if leader is pages[0] else pages[0]
    chosen = other.locator(HAND).first
    code = chosen.get_attribute("data-card") or ""
    tap_out_of_turn(other, chosen)
    expect(chosen).to_have_attribute("data-premoved", "true")
    play_with_taps(leader, leader.locator(PLAYABLE).first.get_attribute("data-card") or "")
    expect(other.locator(f"{HAND}[data-card='{code}']")).to_have_count(0)


def german_whist_on_phones(open_page: OpenPage) -> tuple[Page, Page]:
    return two_on_phones(open_page, "german_whist", 13)


def test_a_chosen_card_the_turn_does_not_allow_is_let_go_with_a_note(
    open_page: OpenPage,
) -> None:
    pages = german_whist_on_phones(open_page)
    leader = whose_turn(pages)
    other = pages[1] if leader is pages[0] else pages[0]
    leads = hand_codes(leader)
    follows = hand_codes(other)
    # a suit both hold, and a card of another suit the follower must then keep
    pairs = [
        (lead, card)
        for lead in leads
        for card in follows
        if lead[1] in suits(follows) and card[1] != lead[1]
    ]
    # two hands of 13 that share no suit, or a follower of one suit, are dealt less than
    # once in a million deals
    assert pairs, (leads, follows)
    lead, card = pairs[0]
    tap_out_of_turn(other, other.locator(f"{HAND}[data-card='{card}']"))
    expect(other.locator(f"{HAND}[data-card='{card}']")).to_have_attribute("data-premoved", "true")
    held = other.locator(HAND).count()
    play_with_taps(leader, lead)
    expect(other.locator(ROOM)).to_have_attribute("data-my-turn", "true")
    expect(other.locator("#toasts")).to_contain_text("may not be played now")
    expect(other.locator(f"{HAND}.premoved")).to_have_count(0)
    expect(other.locator(f"{HAND}.lifted")).to_have_count(0)
    expect(other.locator("#premove-note")).to_have_count(0)
    assert other.locator(HAND).count() == held
    assert attr(other, "my-turn") == "true"


def test_a_tap_out_of_turn_chooses_nothing_with_one_tap_play_or_the_setting_off(
    open_page: OpenPage,
) -> None:
    pages = sixty_six_on_phones(open_page)
    leader = whose_turn(pages)
    other = pages[1] if leader is pages[0] else pages[0]
    set_check(other, "premove", False, touch=True)
    tap_out_of_turn(other, other.locator(HAND).first)
    expect(other.locator("#toasts")).to_contain_text("not your turn")
    expect(other.locator(f"{HAND}[data-premoved]")).to_have_count(0)
    set_check(other, "premove", True, touch=True)
    set_check(other, "oneTap", True, touch=True)
    tap_out_of_turn(other, other.locator(HAND).nth(1))
    expect(other.locator(f"{HAND}[data-premoved]")).to_have_count(0)
    expect(other.locator("#premove-note")).to_have_count(0)
