"""From the link to a first card: how long a newcomer waits, and how tall the home page is.

    make run        # in another terminal: the server this measures
    .venv/bin/python bench/first_card.py [--url URL] [--game NAME] [--runs N]
                                         [--chromium PATH]

Each run is a newcomer: a fresh browser context (nothing stored, so no name, no level, no
last game), motion as the system leaves it. It opens the home page, waits until the page is
usable, presses the game's "Play" (one tap on the phone, one click on the desktop), and waits
until the first card of its dealt hand is on the screen. Figures, per viewport (a desktop at
1366x768 and a phone at 390x844 with touch):

- ``usable``: from the start of the navigation to the home page being usable;
- ``first card``: from the start of the navigation to the first card of the hand shown,
  which includes the room being made, the room page loading, its socket, the creator's seed
  and the deal (docs/protocol.md §1.1, "Playing at once");

median, fastest and slowest of ``--runs``. Then the home page's height at 1440x900 and at
390x844: the document's (the scrolling height; the window's own when nothing scrolls) and
where its content ends. The goal of the issue this measures: at most 2 taps and 5 s on a
phone.

Every run makes a room on the server, as a visitor would, and a server lets one address make
``KORTBORD_ADDRESS_ROOMS_BURST`` rooms at once (10), then one a minute: the default of three
runs per viewport stays within that on a freshly started server; for more, start it with a
higher burst (``KORTBORD_ADDRESS_ROOMS_BURST=100 make run``).
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass, field

from playwright.sync_api import Browser, BrowserContext, sync_playwright

VIEWPORTS = {
    "desktop 1366x768": {"width": 1366, "height": 768, "phone": False},
    "phone 390x844": {"width": 390, "height": 844, "phone": True},
}
HEIGHTS = {
    "desktop 1440x900": {"width": 1440, "height": 900, "phone": False},
    "phone 390x844": {"width": 390, "height": 844, "phone": True},
}
# where the page's content ends, however tall the window (main itself stretches to fill it)
CONTENT_END = """() => Math.ceil(scrollY + Math.max(
  ...[...document.querySelectorAll('main > *')].map((el) => el.getBoundingClientRect().bottom)))"""


@dataclass
class Timings:
    usable: list[float] = field(default_factory=list)
    first_card: list[float] = field(default_factory=list)


def context(browser: Browser, url: str, size: dict[str, int | bool]) -> BrowserContext:
    phone = bool(size["phone"])
    return browser.new_context(
        base_url=url,
        viewport={"width": int(size["width"]), "height": int(size["height"])},
        is_mobile=phone,
        has_touch=phone,
        device_scale_factor=3 if phone else 1,
    )


def one_newcomer(
    browser: Browser, url: str, game: str, size: dict[str, int | bool]
) -> tuple[float, float]:
    ctx = context(browser, url, size)
    try:
        page = ctx.new_page()
        start = time.perf_counter()
        page.goto("/")
        page.wait_for_selector("html[data-ready='true']", timeout=60_000)
        usable = time.perf_counter() - start
        play = page.locator(f"[data-play='{game}']").first
        if size["phone"]:
            play.tap()
        else:
            play.click()
        page.wait_for_selector("#hand .card-btn, #play-error:not(:empty)", timeout=60_000)
        refused = page.evaluate("() => document.querySelector('#play-error')?.textContent")
        if refused:
            raise SystemExit(f"the server refused the room: {refused}")
        return usable, time.perf_counter() - start
    finally:
        ctx.close()


def heights(browser: Browser, url: str) -> list[tuple[str, int, int]]:
    out = []
    for name, size in HEIGHTS.items():
        ctx = context(browser, url, size)
        try:
            page = ctx.new_page()
            page.goto("/")
            page.wait_for_selector("html[data-ready='true']", timeout=60_000)
            page.wait_for_selector("#game-list .game-item")
            document = page.evaluate("() => document.documentElement.scrollHeight")
            content = page.evaluate(CONTENT_END)
            out.append((name, int(document), int(content)))
        finally:
            ctx.close()
    return out


def seconds(values: list[float]) -> str:
    return (
        f"median {statistics.median(values):5.2f} s   fastest {min(values):5.2f} s"
        f"   slowest {max(values):5.2f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000/", help="the server (make run)")
    parser.add_argument(
        "--game",
        default="german_whist",
        help="the game to play at once: one whose hands are dealt as the match starts (in "
        "Bismarck they are dealt after forehand's contract, which a newcomer may have to choose)",
    )
    parser.add_argument("--runs", type=int, default=3, help="newcomers per viewport")
    parser.add_argument("--chromium", default="/usr/bin/chromium", help="the browser to drive")
    args = parser.parse_args()

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=args.chromium, headless=True, args=["--no-sandbox"]
        )
        try:
            one_newcomer(browser, args.url, args.game, VIEWPORTS["desktop 1366x768"])  # warm up
            print(f"From the home page to the first card of {args.game}, {args.runs} newcomers:")
            for name, size in VIEWPORTS.items():
                timings = Timings()
                for _ in range(args.runs):
                    usable, first = one_newcomer(browser, args.url, args.game, size)
                    timings.usable.append(usable)
                    timings.first_card.append(first)
                taps = "tap" if size["phone"] else "click"
                print(f"  {name} (1 {taps}):")
                print(f"    usable      {seconds(timings.usable)}")
                print(f"    first card  {seconds(timings.first_card)}")
            print("The home page's height:")
            for name, document, content in heights(browser, args.url):
                print(f"  {name}: document {document} px, content ends at {content} px")
        finally:
            browser.close()


if __name__ == "__main__":
    main()
