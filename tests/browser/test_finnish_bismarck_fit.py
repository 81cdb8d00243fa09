"""Finnish Bismarck's table fits its screen: at five desktop and tablet sizes and on a phone,
with a 24-character name in every seat and in English, Swedish and Russian, nothing sticks out
of its box (measured from the boxes the browser laid out, as tests/browser/test_fit.py does for
the other games) while forehand chooses the contract, while forehand passes four cards, and
while forehand's partner shares three cards into slots named by those long names. At 1440x900
forehand's twelve cards lie above the fold beside the contract chooser.

Every seat is taken over a WebSocket and left (nobody away is replaced), so each page is the
only one that acts: the seat it holds is the seat to act.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from seated_tables import seat_page, seated_table
from table_driver import ROOM, OpenPage, shot
from test_fit import (
    NAMES,
    PHONE,
    SIZES,
    TABLE_BOXES,
    assert_fits,
    assert_hand_above_the_fold,
    label,
    resize,
)

from support.server import REPO_ROOT, ServerProcess

pytestmark = pytest.mark.browser

GAME = "finnish_bismarck"
LANGUAGES = ("en", "sv", "ru")
CHOOSER_BOXES = [".fb-suits", ".fb-option", "#contract-chooser", "#open-cards", "#center"]
PASS_BOXES = [".fb-step", "#exchange-board", "#pass-bar", "#center"]
SHARE_BOXES = [".fb-slot", ".fb-slots", "#share-bar", ".fb-step", "#exchange-board"]


def words(lang: str) -> dict[str, Any]:
    path = REPO_ROOT / "static" / "games" / GAME / "i18n" / f"{lang}.json"
    table: dict[str, Any] = json.loads(path.read_text())
    return table


def set_language(page: Page, lang: str, selector: str, key: str) -> None:
    """Switch the page's language; ``selector`` shows the game's word ``key`` once it is in."""
    page.select_option("#lang-select", lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator(selector)).to_have_text(words(lang)[key])


def check_sizes(
    page: Page, boxes: list[str], where: str, shots: Path | None = None, *, table: bool = True
) -> None:
    """``boxes`` fit at every size; with ``table``, the whole table too at every size but the
    phone's, as tests/browser/test_fit.py checks Bismarck's."""
    for size in [*SIZES, PHONE]:
        resize(page, size)
        assert_fits(page, boxes, f"{where}, {label(size)}")
        if table and size != PHONE:
            assert_fits(page, TABLE_BOXES, f"{where}, {label(size)}")
        if shots is not None and size in (SIZES[0], PHONE):
            name = where.replace(", ", "-").replace(" ", "-")
            shot(page, shots, f"fit-finnish-{name}-{label(size)}")


def test_finnish_bismarck_fits_every_screen_with_long_names(
    open_page: OpenPage, live_server: ServerProcess, artifacts: Path
) -> None:
    table = seated_table(live_server, GAME, 4, NAMES)
    forehand = table.to_act
    assert forehand is not None
    viewer = seat_page(open_page, table, forehand)
    expect(viewer.locator(ROOM)).to_have_attribute("data-phase", "contract")
    for number in range(4):
        expect(viewer.locator(f".seat[data-seat='{number}'] .seat-name")).to_have_attribute(
            "title", NAMES[number]
        )

    # ---- the contract, in every language -------------------------------------------------
    expect(viewer.locator("#contract-chooser .fb-suit")).to_have_count(4)
    for lang in LANGUAGES:
        set_language(viewer, lang, "#free-label", "contract.free")
        check_sizes(viewer, CHOOSER_BOXES, f"contract, {lang}", artifacts)
    set_language(viewer, "en", "#free-label", "contract.free")
    resize(viewer, SIZES[1])
    assert_hand_above_the_fold(viewer, 12)

    # ---- forehand's four cards -------------------------------------------------------------
    viewer.locator("#contract-chooser [data-action='contract:notrump']").click()
    expect(viewer.locator(ROOM)).to_have_attribute("data-phase", "exchange")
    expect(viewer.locator("#hand .card-btn")).to_have_count(16)
    for lang in LANGUAGES:
        set_language(viewer, lang, "#exchange-title", "exchange.title")
        check_sizes(viewer, PASS_BOXES, f"pass, {lang}", artifacts if lang == "ru" else None)
    set_language(viewer, "en", "#exchange-title", "exchange.title")
    cards = viewer.locator("#hand .card-btn[data-playable='true']")
    for i in range(4):
        cards.nth(i).click()
    viewer.locator("#pass-confirm").click()
    expect(viewer.locator("#exchange-board .fb-step[data-step='2']")).to_have_attribute(
        "data-state", "now"
    )

    # ---- forehand's partner: three slots named by long names --------------------------------
    partner = (forehand + 2) % 4
    sharer = seat_page(open_page, table, partner)
    expect(sharer.locator("#share-bar .fb-slot")).to_have_count(3)
    for slot in sharer.locator("#share-bar .fb-slot").all():
        number = int(slot.get_attribute("data-seat") or "")
        expect(slot.locator(".fb-slot-name")).to_have_text(NAMES[number])
    for lang in LANGUAGES:
        set_language(sharer, lang, "#exchange-title", "exchange.title")
        check_sizes(sharer, SHARE_BOXES, f"share, {lang}", artifacts if lang != "sv" else None)
    set_language(sharer, "en", "#exchange-title", "exchange.title")
    resize(sharer, PHONE)
    cards = sharer.locator("#hand .card-btn[data-playable='true']")
    for i in range(3):
        cards.nth(i).click()
    expect(sharer.locator("#share-confirm")).to_be_enabled()
    # (a chosen card stands out of the hand, upwards, as in every game)
    check_sizes(sharer, SHARE_BOXES, "share filled", artifacts, table=False)
