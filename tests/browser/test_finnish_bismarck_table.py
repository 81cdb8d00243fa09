"""Finnish Bismarck in the browser, on a 390x844 phone: one person with three computer players.

The server picks the first dealer at random, and each part of the exchange belongs to one seat
of a deal (forehand passes four cards to the partner, forehand's partner gives one to each of
the other three, the dealer's partner passes one to the dealer, the dealer one back). So the
host starts the match over a WebSocket until the person's seat has the part a test is about in
the first deal, before the page is opened; the computer players then act at once, and the
person does each step by taps:

- as forehand: the contract chooser (the trumps of "Trumps" from open card 1, the four suits of
  "Free trumps", the quotas), the four cards to the partner, the card forehand's partner gave,
  the whole deal played out, its summary per team and the protocol's grid;
- as forehand's partner: the four cards received, then the share, three cards to three slots
  named by their receivers, tapped in order and one moved to another name; the server's view
  of the exchange then says each card went to the seat its slot named;
- as the dealer's partner and as the dealer: one card to the dealer, one card back, and what
  each step of the others showed: who passed how many cards to whom, the cards only to the
  two seats concerned.

The page is read from its data attributes and its words, never from the clock.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Locator, Page, expect
from seated_tables import in_thread
from table_driver import ROOM, OpenPage, attr, play_until, press, ready, seat, shot

from support.client import Message, RoomClient, is_state
from support.server import ServerProcess

pytestmark = pytest.mark.browser

GAME = "finnish_bismarck"
ME = 0
# the parts the seats play in a deal, as its view names them
ROLES = ("dealer", "forehand", "dealer_partner", "forehand_partner")


# -- the table -----------------------------------------------------------------------------------


def table_with_part(server: ServerProcess, part: str) -> tuple[str, str, dict[str, Any]]:
    """A room of Anna and three computer players whose first deal gives Anna (seat 0) ``part``
    (``forehand``, ``forehand_partner``, ``dealer`` or ``dealer_partner``): the host starts
    the match again until it does. Returns the room's code, Anna's secret and deal 1's roles."""
    body = {"game": GAME, "seats": 4, "nickname": "Anna", "away_grace": None}
    response = httpx.post(f"{server.base_url}/api/rooms", json=body, timeout=60)
    assert response.status_code == 201, response.text
    created = response.json()
    code, secret = created["code"], created["secret"]

    async def run() -> dict[str, Any]:
        host = await RoomClient.open(server.ws_url, code, name="Anna", secret=secret)

        async def command(message: dict[str, Any], done: Callable[[Message], bool]) -> None:
            # The computer players move the table on at once: a command decided on an older
            # version is refused as stale, and sent again on the newest. Another move's
            # broadcast is no answer: the command is taken once its effect is seen. Starting
            # over and over may run into the server's limit on messages: then it waits.
            for _ in range(50):
                since = host.cursor
                await host.send({**message, "v": host.v})
                reply = await host.wait_for(
                    lambda m: m["type"] == "error" or (is_state(m) and done(m)), since
                )
                if reply["type"] == "state":
                    return
                assert reply["code"] in ("stale_version", "rate_limited"), reply
                if reply["code"] == "rate_limited":
                    await asyncio.sleep(0.5)
            raise AssertionError(f"{message['type']} was never taken")

        def room(m: Message) -> dict[str, Any]:
            value: dict[str, Any] = m["room"]
            return value

        try:
            for number in (1, 2, 3):
                await command(
                    {"type": "add_bot", "seat": number, "level": "random"},
                    lambda m, n=number: room(m)["seats"][n]["bot"] == "random",
                )
            for _ in range(80):
                match = room(host.state or {})["match_number"] + 1
                await command(
                    {"type": "start"},
                    lambda m, n=match: (
                        room(m)["status"] == "playing" and room(m)["match_number"] == n
                    ),
                )
                deal = (host.view or {}).get("deal")
                assert deal is not None and deal["number"] == 1, deal
                if deal[part] == ME:
                    return {role: deal[role] for role in ROLES}
                await command({"type": "end"}, lambda m: room(m)["status"] == "ended")
            raise AssertionError(f"seat {ME} was never {part} in the first deal")
        finally:
            await host.close()

    roles = in_thread(run)
    return code, secret, roles


def open_table(open_page: OpenPage, code: str, secret: str) -> Page:
    """Anna's phone, holding her seat's secret as after a reload."""
    page = open_page(f"/r/{code}", phone=True, local_storage={f"kortbord:secret:{code}": secret})
    expect(page.locator(ROOM)).to_have_attribute("data-seat", str(ME))
    expect(page.locator(ROOM)).to_have_attribute("data-game", GAME)
    return page


def name_of(page: Page, number: int) -> str:
    return page.locator(f"{seat(page, number)} .seat-name").inner_text()


def wait_until(check: Callable[[], bool], what: str, timeout: float = 180.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.02)


def my_turn_in(page: Page, phase: str) -> Callable[[], bool]:
    return lambda: ready(page) and attr(page, "phase") == phase


def settle(page: Page) -> None:
    wait_until(lambda: attr(page, "pending") == "false", "the answer to an action")


def codes(buttons: Locator) -> list[str]:
    cards: list[str] = buttons.evaluate_all("bs => bs.map(b => b.dataset.card)")
    return cards


def hand(page: Page) -> list[str]:
    return codes(page.locator("#hand .card-btn"))


def figure(row: Locator, name: str) -> int:
    """A number of the summary's row, as its cell's data attribute holds it."""
    return int(row.locator(f"td[data-{name}]").get_attribute(f"data-{name}") or "")


def cards_of(locator: Locator) -> list[str]:
    return [c for c in (locator.get_attribute("data-cards") or "").split(",") if c]


def assert_no_sideways_scroll(page: Page) -> None:
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, overflow


def choose_cards(page: Page, count: int, avoid: tuple[str, ...] = ()) -> list[str]:
    """Tap ``count`` cards of the hand (none of ``avoid``), in the order shown."""
    buttons = page.locator("#hand .card-btn[data-playable='true']")
    chosen: list[str] = []
    for i in range(buttons.count()):
        card = buttons.nth(i).get_attribute("data-card") or ""
        if card in avoid:
            continue
        press(buttons.nth(i), True)
        chosen.append(card)
        if len(chosen) == count:
            break
    expect(page.locator("#hand .card-btn.selected")).to_have_count(count)
    return chosen


def step_line(page: Page, step: int) -> Locator:
    return page.locator(f"#exchange-board .fb-step[data-step='{step}']")


# -- forehand --------------------------------------------------------------------------------


def test_forehand_chooses_passes_four_and_plays_the_deal_out(
    open_fast_page: OpenPage, fast_server: ServerProcess, artifacts: Path
) -> None:
    code, secret, roles = table_with_part(fast_server, "forehand")
    anna = open_table(open_fast_page, code, secret)
    partner = roles["forehand_partner"]
    partner_name = name_of(anna, partner)
    for number, team in ((0, 0), (1, 1), (2, 0), (3, 1)):
        expect(anna.locator(f"{seat(anna, number)} .badge-team")).to_have_attribute(
            "data-team", str(team)
        )
    expect(anna.locator(f"{seat(anna, ME)} .badge-forehand")).to_have_count(1)
    expect(anna.locator(f"{seat(anna, roles['dealer'])} .badge-dealer")).to_have_count(1)

    # ---- the contract --------------------------------------------------------------------
    wait_until(my_turn_in(anna, "contract"), "Anna's contract")
    expect(anna.locator("#status-line")).to_have_text("Your turn: choose the contract")
    expect(anna.locator("#hand .card-btn")).to_have_count(12)
    opened = anna.locator("#open-cards .fb-open-card")
    expect(opened).to_have_count(4)
    trump_card = opened.first.get_attribute("data-card") or ""
    expect(opened.first).to_have_class("fb-open-card trump-card")
    chooser = anna.locator("#contract-chooser")
    expect(chooser.locator("button.fb-option")).to_have_count(3)
    expect(chooser.locator(".fb-suit")).to_have_count(4)
    trumps = chooser.locator("[data-action='contract:trump']")
    expect(trumps.locator(f".suit-icon.suit-{trump_card[1]}")).to_have_count(1)
    expect(trumps).to_contain_text("Quota 8 / 5")
    expect(chooser.locator("[data-action='contract:misere']")).to_contain_text("Quota 5 / 8")
    assert_no_sideways_scroll(anna)
    chooser.scroll_into_view_if_needed()
    shot(anna, artifacts, "finnish-01-phone-contract")
    press(trumps, True)
    settle(anna)

    # ---- step 1: four cards to the partner ---------------------------------------------------
    wait_until(my_turn_in(anna, "exchange"), "Anna's four cards")
    expect(anna.locator(".deal-info .fb-contract")).to_have_attribute("data-trump", trump_card[1])
    expect(anna.locator(".deal-info .fb-team[data-team='0']")).to_have_attribute("data-quota", "8")
    expect(anna.locator(".deal-info .fb-team[data-team='1']")).to_have_attribute("data-quota", "5")
    # the open cards are in her hand now, and off the table
    expect(anna.locator("#hand .card-btn")).to_have_count(16)
    assert trump_card in hand(anna)
    expect(anna.locator("#open-cards")).to_have_count(0)
    expect(anna.locator("#open-taken")).to_contain_text("Anna took up the open cards")
    expect(anna.locator("#status-line")).to_have_text(
        f"Your turn: pass four cards to {partner_name}"
    )
    expect(anna.locator("#exchange-prompt")).to_have_text(
        f"Choose four cards to pass to your partner {partner_name}."
    )
    expect(step_line(anna, 1)).to_have_attribute("data-state", "now")
    expect(step_line(anna, 4)).to_have_attribute("data-state", "later")
    expect(anna.locator("#pass-confirm")).to_be_disabled()
    passed = choose_cards(anna, 4)
    expect(anna.locator("#select-hint")).to_have_text("Choose 4 cards: 4 of 4 chosen")
    shot(anna, artifacts, "finnish-02-phone-pass-four")
    press(anna.locator("#pass-confirm"), True)
    settle(anna)

    # ---- the others' steps, seen at her first lead ---------------------------------------------
    wait_until(my_turn_in(anna, "play"), "Anna's first lead")
    expect(anna.locator("#status-line")).to_have_text("Your turn: lead a card")
    expect(anna.locator("#hand .card-btn")).to_have_count(13)
    note = anna.locator("#exchange-note")
    gave = note.locator(".fb-cards-line.gave .fb-pass")
    expect(gave).to_have_count(1)
    expect(gave).to_have_attribute("data-to", str(partner))
    assert sorted(cards_of(gave)) == sorted(passed)
    got = note.locator(".fb-cards-line.got .fb-pass")
    expect(got).to_have_count(1)  # forehand's partner gave her one card
    expect(got).to_have_attribute("data-from", str(partner))
    received = cards_of(got)
    assert len(received) == 1 and received[0] in hand(anna)
    # (her partner may have given one of the four back)
    assert not (set(passed) - set(received)) & set(hand(anna))
    expect(anna.locator(f"#hand .card-btn.fb-received[data-card='{received[0]}']")).to_have_count(1)
    assert_no_sideways_scroll(anna)
    shot(anna, artifacts, "finnish-03-phone-first-lead")

    # ---- the deal played out, and its summary --------------------------------------------------
    play_until(anna, lambda: attr(anna, "deals-played") == "1", touch=True)
    summary = anna.locator("#deal-summary")
    expect(summary).to_be_visible()
    expect(summary.locator(".fb-summary-contract .fb-contract")).to_have_attribute(
        "data-contract", "trump"
    )
    rows = summary.locator("#finnish-summary tbody tr")
    expect(rows).to_have_count(2)
    tricks = [figure(rows.nth(i), "tricks") for i in (0, 1)]
    scores = [figure(rows.nth(i), "score") for i in (0, 1)]
    assert sum(tricks) == 13 and tricks[0] - 8 == scores[0] == -scores[1], (tricks, scores)
    expect(rows.nth(0)).to_contain_text("Anna & ")
    expect(rows.nth(0)).to_have_class("is-me")
    shot(anna, artifacts, "finnish-04-phone-summary")
    # partners carry one total
    totals = anna.locator(".scores tbody tr td.num").all_text_contents()
    assert totals[0] == totals[2] and totals[1] == totals[3], totals

    # ---- the protocol: a row per team, Anna's X under Trumps -------------------------------------
    press(anna.locator("#protocol-button"), True)
    protocol = anna.locator("#protocol-dialog")
    expect(protocol.locator("tr.team-row")).to_have_count(2)
    heads = protocol.locator("#protocol-table thead th").all_text_contents()
    assert heads[1:5] == ["Trumps", "No trumps", "Free trumps", "Misère"], heads
    mine = protocol.locator(f"#protocol-table tr[data-seat='{ME}'] td.cell")
    expect(mine.nth(0)).to_have_class("cell marked")
    expect(protocol.locator("#protocol-table td.cell.marked")).to_have_count(1)
    shot(anna, artifacts, "finnish-05-phone-protocol", full_page=True)


# -- forehand's partner ----------------------------------------------------------------------------


def test_forehand_partner_shares_three_cards_to_named_seats(
    open_fast_page: OpenPage, fast_server: ServerProcess, artifacts: Path
) -> None:
    code, secret, roles = table_with_part(fast_server, "forehand_partner")
    anna = open_table(open_fast_page, code, secret)
    wait_until(my_turn_in(anna, "exchange"), "Anna's share")
    forehand = roles["forehand"]
    receivers = [roles["dealer"], roles["forehand"], roles["dealer_partner"]]
    names = [name_of(anna, s) for s in receivers]

    # the four cards her partner passed her are hers to see, and in her hand, marked
    first = step_line(anna, 1)
    expect(first).to_have_attribute("data-state", "done")
    expect(first).to_have_attribute("data-from", str(forehand))
    expect(first).to_have_attribute("data-to", str(ME))
    expect(first.locator(".fb-step-count")).to_have_text(": 4 cards")
    got = cards_of(first.locator(".fb-pass"))
    assert len(got) == 4 and set(got) <= set(hand(anna))
    expect(anna.locator("#hand .card-btn")).to_have_count(16)
    expect(anna.locator("#hand .card-btn.fb-received")).to_have_count(4)
    expect(step_line(anna, 2)).to_have_attribute("data-state", "now")

    # ---- three slots named by their receivers -----------------------------------------------
    expect(anna.locator("#status-line")).to_have_text(
        "Your turn: give one card to each of the others"
    )
    expect(anna.locator("#exchange-prompt")).to_have_text("Choose three cards and who gets which.")
    slots = anna.locator("#share-bar .fb-slot")
    expect(slots).to_have_count(3)
    for i, (number, name) in enumerate(zip(receivers, names, strict=True)):
        slot = anna.locator(f"#share-slot-{i}")
        expect(slot).to_have_attribute("data-seat", str(number))
        expect(slot.locator(".fb-slot-name")).to_have_text(name)
        expect(slot).to_have_attribute("data-state", "empty")
    expect(anna.locator(f"#share-bar .fb-slot[data-seat='{forehand}'] .fb-slot-role")).to_have_text(
        "partner"
    )
    expect(anna.locator("#share-confirm")).to_be_disabled()

    # tapped in order, the cards fill the slots in order ...
    chosen = choose_cards(anna, 3)
    for i, card in enumerate(chosen):
        expect(anna.locator(f"#share-slot-{i}")).to_have_attribute("data-card", card)
        expect(anna.locator(f"#hand .card-btn.fb-to-{i}[data-card='{card}']")).to_have_count(1)
    expect(anna.locator("#share-slot-2")).to_have_attribute("data-state", "moving")
    # ... and a name tapped next takes the card last tapped, the two swapping places
    press(anna.locator("#share-slot-0"), True)
    expect(anna.locator("#share-slot-0")).to_have_attribute("data-card", chosen[2])
    expect(anna.locator("#share-slot-2")).to_have_attribute("data-card", chosen[0])
    # a card tapped again goes back to the hand, and the next one fills its slot
    press(anna.locator(f"#hand .card-btn[data-card='{chosen[1]}']"), True)
    expect(anna.locator("#share-slot-1")).to_have_attribute("data-state", "empty")
    expect(anna.locator("#share-confirm")).to_be_disabled()
    unchosen = anna.locator("#hand .card-btn[data-playable='true']:not(.selected)")
    replacement = next(card for card in codes(unchosen) if card != chosen[1])
    press(anna.locator(f"#hand .card-btn[data-card='{replacement}']"), True)
    expect(anna.locator("#share-slot-1")).to_have_attribute("data-card", replacement)
    given = [chosen[2], replacement, chosen[0]]
    expect(anna.locator("#share-confirm")).to_be_enabled()
    assert_no_sideways_scroll(anna)
    anna.locator("#share-bar").scroll_into_view_if_needed()
    shot(anna, artifacts, "finnish-06-phone-share")
    press(anna.locator("#share-confirm"), True)
    settle(anna)

    # ---- the server's view: each card went to the seat of its slot ----------------------------
    wait_until(lambda: attr(anna, "phase") == "play", "the play")
    note = anna.locator("#exchange-note")
    expect(note).to_be_visible()
    for number, card in zip(receivers, given, strict=True):
        line = note.locator(f".fb-cards-line.gave .fb-pass[data-to='{number}']")
        expect(line).to_have_attribute("data-cards", card)
    for card in given:
        assert card not in hand(anna)
    expect(anna.locator("#hand .card-btn")).to_have_count(13)
    shot(anna, artifacts, "finnish-07-phone-after-share")


# -- the dealer's side -----------------------------------------------------------------------------


def test_the_dealers_partner_and_the_dealer_pass_one_card_each(
    open_fast_page: OpenPage, fast_server: ServerProcess, artifacts: Path
) -> None:
    # ---- the dealer's partner: one card to the dealer --------------------------------------
    code, secret, roles = table_with_part(fast_server, "dealer_partner")
    anna = open_table(open_fast_page, code, secret)
    dealer_name = name_of(anna, roles["dealer"])
    wait_until(my_turn_in(anna, "exchange"), "Anna's card for the dealer")
    expect(anna.locator("#status-line")).to_have_text(f"Your turn: pass one card to {dealer_name}")
    expect(anna.locator("#exchange-prompt")).to_have_text(
        f"Choose one card to pass to the dealer, your partner {dealer_name}."
    )
    expect(anna.locator("#hand .card-btn")).to_have_count(13)
    passed = choose_cards(anna, 1)
    expect(anna.locator("#pass-confirm")).to_have_text(f"Pass the card to {dealer_name}")
    press(anna.locator("#pass-confirm"), True)
    settle(anna)
    wait_until(lambda: attr(anna, "phase") == "play", "the play")
    gave = anna.locator("#exchange-note .fb-cards-line.gave .fb-pass")
    expect(gave).to_have_attribute("data-to", str(roles["dealer"]))
    expect(gave).to_have_attribute("data-cards", passed[0])
    # she was given a card by forehand's partner in the share, and one back by the dealer
    got = anna.locator("#exchange-note .fb-cards-line.got .fb-pass")
    expect(got).to_have_count(2)
    assert [g.get_attribute("data-from") for g in got.all()] == [
        str(roles["forehand_partner"]),
        str(roles["dealer"]),
    ]

    # ---- the dealer: one card back, after seeing the other steps ------------------------------
    code, secret, roles = table_with_part(fast_server, "dealer")
    anna = open_table(open_fast_page, code, secret)
    wait_until(my_turn_in(anna, "exchange"), "Anna's card back")
    partner_name = name_of(anna, roles["dealer_partner"])
    names = {number: name_of(anna, number) for number in range(4)}
    expect(anna.locator("#status-line")).to_have_text(
        f"Your turn: pass one card back to {partner_name}"
    )
    expect(anna.locator("#hand .card-btn")).to_have_count(14)
    # everyone sees who passed how many cards to whom; the cards only giver and receiver
    first = step_line(anna, 1)
    expect(first).to_have_attribute("data-state", "done")
    expect(first).to_have_attribute("data-from", str(roles["forehand"]))
    expect(first).to_have_attribute("data-to", str(roles["forehand_partner"]))
    expect(first.locator(".fb-step-from")).to_have_text(names[roles["forehand"]])
    expect(first.locator(".fb-step-to")).to_have_text(names[roles["forehand_partner"]])
    expect(first.locator(".fb-step-count")).to_have_text(": 4 cards")
    expect(first.locator(".fb-pass")).to_have_count(0)
    share = step_line(anna, 2)
    expect(share).to_have_attribute("data-from", str(roles["forehand_partner"]))
    expect(share.locator(".fb-step-to")).to_have_text(
        ", ".join(names[roles[r]] for r in ("dealer", "forehand", "dealer_partner"))
    )
    expect(share.locator(".fb-step-count")).to_have_text(": one card each")
    expect(share.locator(".fb-pass")).to_have_count(1)
    expect(share.locator(".fb-pass")).to_have_attribute("data-to", str(ME))
    third = step_line(anna, 3)
    expect(third.locator(".fb-step-from")).to_have_text(partner_name)
    expect(third.locator(".fb-step-to")).to_have_text("Anna")
    expect(third.locator(".fb-step-count")).to_have_text(": 1 card")
    expect(third.locator(".fb-pass")).to_have_attribute("data-from", str(roles["dealer_partner"]))
    from_partner = cards_of(third.locator(".fb-pass"))
    expect(step_line(anna, 4)).to_have_attribute("data-state", "now")
    expect(anna.locator("#exchange-prompt")).to_contain_text(
        f"Choose one card to pass back to your partner {partner_name}"
    )
    assert_no_sideways_scroll(anna)
    shot(anna, artifacts, "finnish-08-phone-dealer-back", full_page=True)
    # the card just received may go back
    press(anna.locator(f"#hand .card-btn[data-card='{from_partner[0]}']"), True)
    press(anna.locator("#pass-confirm"), True)
    settle(anna)
    wait_until(lambda: attr(anna, "phase") == "play", "the play")
    expect(anna.locator("#hand .card-btn")).to_have_count(13)
    back = anna.locator("#exchange-note .fb-cards-line.gave .fb-pass")
    expect(back).to_have_attribute("data-cards", from_partner[0])
    expect(back).to_have_attribute("data-to", str(roles["dealer_partner"]))
