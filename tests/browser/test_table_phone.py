"""The table on a phone held upright (390x844), and a four-seat table."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect
from table_driver import (
    ROOM,
    OpenPage,
    act_once,
    assert_hand_tappable,
    create_room,
    shot,
    start_match,
    take_seat,
    whose_turn,
)

pytestmark = pytest.mark.browser


def test_phone_players_play_a_trick_by_tapping(open_page: OpenPage, artifacts: Path) -> None:
    # Three phones, so whichever seat is forehand, a phone holds the 20-card hand.
    anna = open_page("/", phone=True)
    shot(anna, artifacts, "phone-00-home", full_page=True)
    url = create_room(anna, "Anna")
    shot(anna, artifacts, "phone-01-lobby")
    bertil = open_page(url, phone=True)
    take_seat(bertil, "Bertil", 1)
    cecilia = open_page(url, phone=True)
    take_seat(cecilia, "Cecilia", 2)
    players = [anna, bertil, cecilia]
    start_match(anna)

    forehand = whose_turn(players)
    expect(forehand.locator("#contract-chooser")).to_be_in_viewport()
    shot(forehand, artifacts, "phone-02-contract")
    act_once(players, touch=True)

    expect(forehand.locator(ROOM)).to_have_attribute("data-phase", "discard")
    assert_hand_tappable(forehand, 20)
    shot(forehand, artifacts, "phone-03-discard-20-cards")
    act_once(players, touch=True)

    for page in players:
        expect(page.locator(ROOM)).to_have_attribute("data-phase", "play")
        assert_hand_tappable(page, 16)
    leader = whose_turn(players)
    shot(leader, artifacts, "phone-04-play-16-cards")

    for _ in range(3):
        _, phase = act_once(players, touch=True)
        assert phase == "play"
    # One trick: somebody has taken it, and the phones show who.
    expect(anna.locator(".seat strong[data-tricks='1']")).to_have_count(1)
    shot(anna, artifacts, "phone-05-trick-taken")
    assert_hand_tappable(anna, 15)
    # The status line names the player on turn without scrolling.
    expect(whose_turn(players).locator("#status-line")).to_be_in_viewport()
    # The protocol is one tap away, and fits the phone.
    anna.locator("#protocol-button").tap()
    expect(anna.locator("#protocol-table tbody tr")).to_have_count(3)
    shot(anna, artifacts, "phone-06-protocol")
    anna.locator("#protocol-dialog [data-close]").first.tap()
    expect(anna.locator("#protocol-dialog")).to_be_hidden()


def test_four_seat_table_has_the_dealer_sit_out(open_page: OpenPage, artifacts: Path) -> None:
    anna = open_page("/")
    url = create_room(anna, "Anna", seats=4)
    others = []
    for seat, name in enumerate(["Bertil", "Cecilia", "David"], start=1):
        # David plays on a tablet held upright.
        page = open_page(url, viewport={"width": 820, "height": 1180} if seat == 3 else None)
        take_seat(page, name, seat)
        others.append(page)
    players = [anna, *others]
    start_match(anna)
    dealer_seat = anna.locator(".seat:has(.badge-dealer)").get_attribute("data-seat")
    assert dealer_seat is not None
    dealer = players[int(dealer_seat)]
    expect(dealer.locator(".seat.is-me .badge-out")).to_have_count(1)
    expect(dealer.locator("#hand")).to_contain_text("sit it out")
    forehand = whose_turn(players)
    assert forehand is not dealer
    shot(anna, artifacts, "four-seats-contract")
    act_once(players)
    act_once(players)
    expect(dealer.locator("#hand .card-btn")).to_have_count(0)
    shot(dealer, artifacts, "four-seats-dealer-sits-out")
    shot(others[2], artifacts, "tablet-four-seats")
