"""A hand that holds two identical cards, as the double-pack games deal them: the page tells the
copies apart by their place in the hand, chooses them by place, and sends their codes.

No game of the server deals duplicates yet, so the room's WebSocket is answered here, by a
stand-in that sends the states such a game would and keeps what the page sends.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import WebSocketRoute, expect
from table_driver import ROOM, OpenPage, create_room

from app.engine import get_game

pytestmark = pytest.mark.browser

HAND = [
    "AS",
    "QS",
    "QS",
    "7S",
    "KH",
    "9H",
    "5H",
    "AD",
    "JD",
    "4D",
    "TC",
    "7C",
    "7C",
    "3C",
    "2C",
    "8C",
]
OPEN = ["QH", "6D", "5C", "2H"]
TWENTY = [*HAND, *OPEN]
ALL_CONTRACTS = ["spader", "valfri", "spel", "pass"]


def room(code: str) -> dict[str, Any]:
    seat = {"taken": True, "bot": None, "stand_in": False, "connected": True}
    names = ["Anna", "Bertil", "Cecilia"]
    return {
        "code": code,
        "game": "bismarck",
        "options": {},
        "bots": ["random", "basic", "strong"],
        "size": 3,
        "status": "playing",
        "host": 0,
        "match_number": 1,
        "spectators": 0,
        "seats": [
            {"seat": n, "nickname": name, "player": name, **seat} for n, name in enumerate(names)
        ],
    }


def view(hand: list[str], phase: str, legal: dict[str, Any]) -> dict[str, Any]:
    return {
        "game": "bismarck",
        "seats": 3,
        "seat": 0,
        "phase": phase,
        "to_act": 0,
        "deals_total": 12,
        "deals_played": 0,
        "first_dealer": 2,
        "deal": {
            "number": 1,
            "dealer": 2,
            "forehand": 0,
            "order": [0, 1, 2],
            "sitting_out": None,
            "open": OPEN,
            "contract": "spel",
            "trump": None,
            "forced": False,
            "hand": hand,
            "hand_sizes": [len(hand), 16, 16],
            "discarded": phase == "play",
            "discard": None,
            "trick": [],
            "tricks_played": [],
            "tricks": [0, 0, 0],
            "quotas": [8, 4, 4],
            "scores": None,
        },
        "previous_deal": None,
        "contracts_left": [
            ["spader", "valfri", "pass"],
            *[["spader", "valfri", "spel", "pass"]] * 2,
        ],
        "totals": [0, 0, 0],
        "scoresheet": get_game("bismarck").scoresheet(3, {}, []),
        "legal": legal,
        "winners": None,
        "ranks": [1, 1, 1],
    }


def test_two_identical_cards_are_chosen_and_played_by_their_place(open_page: OpenPage) -> None:
    page = open_page("/")
    sent: list[dict[str, Any]] = []
    code = ""
    kept = [c for c in TWENTY if c not in ("AS", "KH")]
    kept.remove("QS")
    kept.remove("QS")
    states = {
        "hello": view(TWENTY, "discard", {"kind": "discard", "count": 4, "from": TWENTY}),
        "act": view(
            kept, "play", {"kind": "play", "actions": [f"play:{c}" for c in dict.fromkeys(kept)]}
        ),
    }

    def stand_in(ws: WebSocketRoute) -> None:
        version = 5

        def answer(message: str | bytes) -> None:
            nonlocal version
            data = json.loads(message)
            sent.append(data)
            if data["type"] in states:
                version += data["type"] == "act"
                state = {"type": "state", "v": version, "seat": 0, "room": room(code)}
                if "id" in data:
                    state["id"] = data["id"]
                ws.send(json.dumps({**state, "view": states[data["type"]]}))

        ws.on_message(answer)

    page.route_web_socket(re.compile(r"/ws/"), stand_in)
    url = create_room(page, "Anna")
    code = url.rsplit("/", 1)[1]
    expect(page.locator(ROOM)).to_have_attribute("data-phase", "discard")
    queens = page.locator("#hand .card-btn[data-card='QS']")
    expect(queens).to_have_count(2)
    # Each copy is its own button, with its own place in the hand.
    places = {queens.nth(i).get_attribute("data-position") for i in range(2)}
    assert places == {"1", "2"}, places
    queens.nth(0).click()
    expect(queens.nth(0)).to_have_attribute("aria-pressed", "true")
    expect(queens.nth(1)).to_have_attribute("aria-pressed", "false")
    queens.nth(1).click()
    expect(page.locator("#hand .card-btn[aria-pressed='true']")).to_have_count(2)
    # Unchoosing one copy leaves the other chosen.
    queens.nth(0).click()
    expect(queens.nth(0)).to_have_attribute("aria-pressed", "false")
    expect(queens.nth(1)).to_have_attribute("aria-pressed", "true")
    queens.nth(0).click()
    for card in ("AS", "KH"):
        page.locator(f"#hand .card-btn[data-card='{card}']").click()
    page.locator("#discard-confirm").click()
    expect(page.locator(ROOM)).to_have_attribute("data-phase", "play")
    acts = [m["action"] for m in sent if m["type"] == "act"]
    assert acts == ["discard:AS,QS,QS,KH"], acts

    # Playing either of two identical cards plays that card.
    sevens = page.locator("#hand .card-btn[data-card='7C']")
    expect(sevens).to_have_count(2)
    expect(sevens.nth(1)).to_have_attribute("data-playable", "true")
    sevens.nth(1).click()
    acts = [m["action"] for m in sent if m["type"] == "act"]
    assert acts[-1] == "play:7C", acts
