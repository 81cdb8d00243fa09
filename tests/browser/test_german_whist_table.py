"""German Whist in the browser: a player on a phone plays a deal against a computer player,
tapping each card, through the thirteen tricks for the stock's cards and the thirteen for
points, to the deal's summary, its replay and the rules page.

Before each of her turns the test reads what the page shows: the half of the deal it says is
being played, the stock and its face-up card, and where the face-up card of the trick before
went — into her hand, marked as seen by the other player, or into the other player's hand,
face up among the backs (rules §4: the winner of the trick takes it, and it stays known).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from table_driver import ROOM, OpenPage, add_bot, attr, seat, shot, wait_connected, wait_ready
from test_pages_access import describe, serious_violations

pytestmark = pytest.mark.browser

RANKS = "AKQJT98765432"
RANK_WORDS = {
    "A": "Ace",
    "K": "King",
    "Q": "Queen",
    "J": "Jack",
    "T": "Ten",
    "9": "Nine",
    "8": "Eight",
    "7": "Seven",
    "6": "Six",
    "5": "Five",
    "4": "Four",
    "3": "Three",
    "2": "Two",
}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
HAND = 13
# The tricks for the stock's cards; the player plays one card to each.
FOR_CARDS = 13

# One look at the page: what its player holds and may play, and what the table shows.
LOOK = """() => {
  const all = (s) => [...document.querySelectorAll(s)];
  const room = document.querySelector('#room');
  const phase = document.querySelector('#deal-phase');
  const stock = document.querySelector('#stock');
  const other = document.querySelector(".seat[data-seat='1'] .gw-other-hand");
  return {
    v: room.dataset.v,
    phase: phase?.dataset.phase ?? null,
    phaseText: phase?.textContent ?? '',
    trump: document.querySelector('.trump-label')?.dataset.trump ?? null,
    stock: stock ? Number(stock.dataset.count) : null,
    turned: stock?.dataset.turned ?? null,
    hand: all('#hand .card-btn').map((b) => b.dataset.card),
    shown: all('#hand .card-btn.shown').map((b) => b.dataset.card),
    playable: all('#hand .card-btn[data-playable="true"]').map((b) => b.dataset.card),
    // a trick of two cards is the one just won, held in view for a moment
    trick: ((cards) => (cards.length < 2 ? cards : []))(
      all('#trick .played').map((f) => f.dataset.card)),
    tricks: all('.seat strong[data-tricks]').map((s) => Number(s.dataset.tricks)),
    points: all('.seat strong[data-points]').map((s) => Number(s.dataset.points)),
    otherCount: other ? Number(other.dataset.count) : null,
    otherKnown: other ? all(".seat[data-seat='1'] .gw-other-hand .card.known")
      .map((c) => c.dataset.card) : [],
  };
}"""


def look(page: Page) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate(LOOK)
    return state


def card_name(card: str) -> str:
    """A card as the page names it in English."""
    return f"{RANK_WORDS[card[0]]} of {SUIT_WORDS[card[1]]}"


def loses(led: str, card: str, trump: str) -> bool:
    """Whether ``card`` played to ``led`` loses the trick (rules §4)."""
    if card[1] == led[1]:
        return RANKS.index(card[0]) > RANKS.index(led[0])
    return card[1] != trump


def choose(seen: dict[str, Any]) -> str:
    """Let the computer player win the tricks, so that it takes the face-up cards and they
    show in its hand: follow with a card that loses if the hand has one, lead the lowest card
    of a plain suit."""
    playable = sorted(seen["playable"], key=lambda c: (c[1] == seen["trump"], -RANKS.index(c[0])))
    if len(seen["trick"]) == 1:
        losing = [c for c in playable if loses(seen["trick"][0], c, seen["trump"])]
        if losing:
            return losing[0]
    return playable[0]


def assert_no_sideways_scroll(page: Page) -> None:
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, overflow


def wait_my_turn(page: Page, before: str) -> None:
    """Wait until the page has moved past version ``before`` and its player is on turn again
    with nothing in flight (the computer player answers at once), or the match is over."""
    page.wait_for_function(
        """(before) => {
          const room = document.querySelector('#room').dataset;
          return room.v !== before && room.pending === 'false'
            && (room.myTurn === 'true' || room.status !== 'playing');
        }""",
        arg=before,
        timeout=60_000,
    )


def play(page: Page, card: str) -> None:
    before = attr(page, "v")
    # on a phone the first tap lifts the card, the play button plays it
    page.locator(f"#hand .card-btn[data-card='{card}'][data-playable='true']").tap()
    expect(page.locator("#play-lifted")).to_be_visible()
    page.locator("#play-lifted").tap()
    wait_my_turn(page, before)


def assert_accessible(page: Page, moment: str) -> None:
    problems = serious_violations(page)
    assert not problems, f"German Whist, {moment}:\n" + describe(problems)


def test_a_phone_plays_a_deal_of_german_whist_against_a_computer(
    open_bot_page: OpenPage, artifacts: Path
) -> None:
    anna = open_bot_page("/", phone=True)
    anna.fill("#create-name", "Anna")
    anna.locator("input[name='game'][value='german_whist']").tap()
    expect(anna.locator("input[name='seats']")).to_have_count(1)
    expect(anna.locator("input[name='seats'][value='2']")).to_be_checked()
    # A match of one deal: its summary stays on the table once the match is over.
    anna.locator("#game-options summary").tap()
    anna.locator("#option-deals").fill("1")
    anna.locator("#create-button").tap()
    anna.wait_for_url("**/r/*")
    wait_ready(anna)
    wait_connected(anna)
    expect(anna.locator(ROOM)).to_have_attribute("data-seat", "0")
    add_bot(anna, 1, "random", touch=True)
    anna.locator("#start-button").scroll_into_view_if_needed()
    anna.locator("#start-button").tap()
    expect(anna.locator(ROOM)).to_have_attribute("data-status", "playing")
    expect(anna.locator(ROOM)).to_have_attribute("data-game", "german_whist")
    expect(anna.locator("#hand .card-btn")).to_have_count(HAND)
    # Thirteen each, the other player's as backs (less the card it may have led at once), and
    # the stock of 26 with one card face up; until a trick is played, nobody has taken a card
    # face up.
    other_hand = anna.locator(f"{seat(anna, 1)} .gw-other-hand")
    expect(other_hand).to_have_attribute("data-count", re.compile(f"^({HAND}|{HAND - 1})$"))
    expect(other_hand.locator(".card.known")).to_have_count(0)
    stock = anna.locator("#stock")
    expect(stock).to_have_attribute("data-count", "26")
    phase = anna.locator("#deal-phase")
    expect(phase).to_have_attribute("data-phase", "cards")
    expect(anna.locator(".trump-label")).to_have_attribute("data-trump", re.compile("^[SHDC]$"))
    first = stock.get_attribute("data-turned") or ""
    # The first face-up card makes trumps (rules §3).
    assert first[1:] == anna.locator(".trump-label").get_attribute("data-trump"), first
    expect(stock.locator(f".gw-turned[data-card='{first}']")).to_be_visible()
    assert_no_sideways_scroll(anna)
    shot(anna, artifacts, "german-whist-00-start")

    # Anna's first turn: she leads, or the computer player has led already.
    wait_my_turn(anna, "")
    prize: str | None = None
    took: dict[str, int] = {"Anna": 0, "computer": 0}
    for turn in range(FOR_CARDS + 1):
        seen = look(anna)
        done = sum(seen["tricks"])
        assert done == turn, (turn, seen["tricks"])
        assert_no_sideways_scroll(anna)
        # Where the face-up card of the trick before went: its winner holds it, face up to
        # the table, unless that winner has just led it to this trick.
        if prize is not None:
            if prize in seen["hand"]:
                assert prize in seen["shown"], (prize, seen["shown"])
                took["Anna"] += 1
            else:
                assert prize in seen["otherKnown"] or seen["trick"] == [prize], (prize, seen)
                if prize in seen["otherKnown"]:
                    took["computer"] += 1
                    expect(other_hand.locator(f".card.known[data-card='{prize}']")).to_be_visible()
        if turn == FOR_CARDS:
            break
        # While the stock lasts: its face-up card is shown and named in the phase line, and
        # two cards leave it with each trick; nobody scores yet.
        assert seen["phase"] == "cards", seen
        assert seen["stock"] == 2 * (FOR_CARDS - done), seen
        assert seen["turned"], seen
        assert seen["points"] == [], seen
        expect(stock.locator(f".gw-turned[data-card='{seen['turned']}']")).to_be_visible()
        assert seen["phaseText"] == (
            f"Playing for the stock's cards: the winner takes {card_name(seen['turned'])}"
        ), seen["phaseText"]
        assert len(seen["hand"]) == HAND, seen["hand"]
        assert seen["otherCount"] == HAND - len(seen["trick"]), seen
        if turn == 3:
            shot(anna, artifacts, "german-whist-01-for-cards")
            assert_accessible(anna, "a trick for cards")
        prize = seen["turned"]
        play(anna, choose(seen))
    # The computer player took face-up cards, and they showed among its backs.
    assert took["computer"] >= 1, took

    # The stock is used up: the page says so, and the last thirteen tricks score.
    expect(phase).to_have_attribute("data-phase", "points")
    expect(phase).to_have_text("Playing for points: trick 1 of 13")
    expect(stock).to_have_attribute("data-count", "0")
    expect(stock).not_to_have_attribute("data-turned", re.compile("."))
    expect(stock).to_contain_text("The stock is used up")
    shot(anna, artifacts, "german-whist-02-for-points")
    assert_accessible(anna, "the first trick for points")
    # The same moment in the other languages, which must fit the phone as well.
    other_languages = (
        ("ru", "Игра на очки: взятка 1 из 13", "Колода кончилась"),
        ("sv", "Spel om poäng: stick 1 av 13", "Talongen är slut"),
    )
    for lang, words, used_up in other_languages:
        anna.select_option("#lang-select", lang)
        expect(phase).to_have_text(words)
        expect(stock).to_contain_text(used_up)
        assert_no_sideways_scroll(anna)
        shot(anna, artifacts, f"german-whist-02-for-points-{lang}")
    anna.select_option("#lang-select", "en")
    expect(phase).to_have_text("Playing for points: trick 1 of 13")
    for k in range(1, HAND + 1):
        seen = look(anna)
        # Each holds thirteen again at the turn; every trick now scores one point.
        assert seen["phase"] == "points", seen
        assert seen["phaseText"] == f"Playing for points: trick {k} of {HAND}", seen
        assert sum(seen["points"]) == k - 1, (k, seen["points"])
        assert len(seen["hand"]) == HAND + 1 - k, seen["hand"]
        assert seen["otherCount"] == HAND + 1 - k - len(seen["trick"]), seen
        assert_no_sideways_scroll(anna)
        play(anna, choose(seen))
    expect(anna.locator(ROOM)).to_have_attribute("data-status", "finished")

    # The deal as the table tells it at the end of the match: who took seven or more of the
    # tricks for points, each player's tricks and score (under the default scoring, the same).
    names = [anna.locator(f"{seat(anna, s)} .seat-name").text_content() or "" for s in (0, 1)]
    last = anna.locator("#ranking-dialog .last-deal")
    expect(last).to_be_visible()
    last.locator("summary").tap()
    expect(last).to_have_attribute("open", "")
    taken = [
        int(last.locator(f"tbody tr[data-seat='{s}'] td").nth(0).text_content() or "")
        for s in (0, 1)
    ]
    assert sum(taken) == HAND, taken
    winner = 0 if taken[0] > taken[1] else 1
    line = last.locator(".summary-winner")
    expect(line).to_have_attribute("data-winner", str(winner))
    expect(line).to_have_text(
        f"{names[winner]} wins the deal with {taken[winner]} tricks for points."
    )
    for s in (0, 1):
        cells = last.locator(f"tbody tr[data-seat='{s}'] td")
        expect(cells.nth(1)).to_have_text(f"+{taken[s]}" if taken[s] else "0")
    # The match's ranking follows from that one deal's score.
    expect(anna.locator("#ranking-dialog #ranking li.winner")).to_have_count(1)
    expect(anna.locator("#ranking-dialog #ranking li.winner .rank-name")).to_have_text(
        names[winner]
    )
    shot(anna, artifacts, "german-whist-03-match-over")
    assert_accessible(anna, "the match over")
    assert_no_sideways_scroll(anna)

    # The deal's replay draws the same panel for a reader who holds no seat: the stock at the
    # start, the tricks for points at the end.
    href = anna.locator("#ranking-dialog .replay-link a").get_attribute("href") or ""
    replay = open_bot_page(href, phone=True)
    expect(replay.locator("#replay-caption")).to_contain_text("the cards are dealt")
    expect(replay.locator("#stock")).to_have_attribute("data-count", "26")
    expect(replay.locator("#stock .gw-turned")).to_have_attribute("data-card", first)
    expect(replay.locator("#deal-phase")).to_have_attribute("data-phase", "cards")
    replay.locator("#replay-last").tap()
    expect(replay.locator("#replay-forward")).to_be_disabled()
    replay.locator("#replay-back").tap()
    expect(replay.locator("#deal-phase")).to_have_text("Playing for points: trick 13 of 13")
    assert_no_sideways_scroll(replay)
    shot(replay, artifacts, "german-whist-04-replay")

    rules = open_bot_page("/games/german_whist", phone=True)
    # the rules' five sections, then the worked example drawn with the table's cards
    expect(rules.locator("#howto-body h2:not(#example-title)")).to_have_count(5)
    expect(rules.locator("#howto-example .card").first).to_be_visible()
    assert_accessible(rules, "the rules page")
    assert_no_sideways_scroll(rules)
