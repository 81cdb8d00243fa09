"""Every game on the site: the home page's game picker, each game's rules page in each
language, the words each game's panel brings, and the Sixty-six table read by axe."""

from __future__ import annotations

import importlib
import json
import pkgutil
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect
from table_driver import ROOM, OpenPage, shot, take_seat, wait_connected, wait_ready
from test_pages_access import describe, serious_violations

from app.engine import GAMES, get_game
from app.engine.sixty_six.rules import End
from support.server import REPO_ROOT

pytestmark = pytest.mark.browser

LANGUAGES = ("en", "sv", "ru")
LOCALES = {"en": "en-GB", "sv": "sv-SE", "ru": "ru-RU"}
CORE = REPO_ROOT / "static" / "i18n"
ENGINE = REPO_ROOT / "app" / "engine"


def folder(game: str) -> Path:
    return REPO_ROOT / "static" / "games" / game


def words(game: str, lang: str) -> dict[str, Any]:
    table: dict[str, Any] = json.loads((folder(game) / "i18n" / f"{lang}.json").read_text())
    return table


def core(lang: str) -> dict[str, Any]:
    table: dict[str, Any] = json.loads((CORE / f"{lang}.json").read_text())
    return table


def heading(game: str, lang: str) -> str:
    return str(core(lang)["howto.title"]).replace("{game}", str(words(game, lang)["game.title"]))


# ---- the words ------------------------------------------------------------------------------


def raised_codes(paths: list[Path]) -> set[str]:
    """The refusal codes the engine source raises (``IllegalAction("code", …)``)."""
    pattern = re.compile(r'IllegalAction\(\s*"([a-z_0-9]+)"')
    return {code for path in paths for code in pattern.findall(path.read_text())}


def families_of(game: str) -> list[str]:
    """The family libraries of ``app/engine`` (packages naming their games in ``MEMBERS``)
    that ``game`` is built on."""
    found = []
    for module in pkgutil.iter_modules([str(ENGINE)]):
        package = importlib.import_module(f"app.engine.{module.name}") if module.ispkg else None
        if package is not None and game in getattr(package, "MEMBERS", ()):
            found.append(module.name)
    return found


def family_sources(folder: Path, game: str) -> list[Path]:
    """A family library's modules that ``game`` runs on: all but the parts that are another
    game (pinochle's ``auction/``) or name other games as their ``MEMBERS`` (pinochle's
    partnership machine is not auction pinochle's). A family that is itself a game's package
    (Bismarck's) gives a member only the modules the member's own folder imports."""
    family = importlib.import_module(".".join(folder.relative_to(REPO_ROOT).parts))
    owner = getattr(family, "GAME", None)
    shared = owner is None or owner.name == game
    found = sorted(folder.glob("*.py")) if shared else []
    for sub in sorted(p.parent for p in folder.glob("*/__init__.py")):
        package = importlib.import_module(".".join(sub.relative_to(REPO_ROOT).parts))
        other = getattr(package, "GAME", None)
        if other is not None and other.name != game:
            continue
        if game in getattr(package, "MEMBERS", (game,)):
            own = family_sources(sub, game)
            found.extend(own)
            if not shared:
                found.extend(imported_from(folder, own))
    return found


def imported_from(folder: Path, sources: list[Path]) -> list[Path]:
    """The modules of ``folder`` that ``sources`` (a subpackage's files) import."""
    pattern = re.compile(r"^from \.\.(\w+) import", re.MULTILINE)
    names = {name for path in sources for name in pattern.findall(path.read_text())}
    return sorted(p for p in (folder / f"{name}.py" for name in names) if p.exists())


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_brings_its_words_in_every_language(game: str) -> None:
    tables = {lang: words(game, lang) for lang in LANGUAGES}
    english = set(tables["en"])
    for lang, table in tables.items():
        assert set(table) == english, (lang, set(table) ^ english)
        assert all(table[key] for key in table), lang
    known = english | set(core("en"))
    spec = get_game(game)
    needed = {"game.title", "game.summary"}
    needed |= {f"option.{option['name']}" for option in spec.describe()["options"]}
    sheet = spec.scoresheet(spec.seat_counts[0], {}, [])
    needed |= {column["label"] for column in sheet["columns"]}
    if sheet.get("grid"):
        needed |= {sheet["grid"]["label"], *(c["label"] for c in sheet["grid"]["columns"])}
    own = sorted((ENGINE / game).glob("*.py"))
    for family in families_of(game):  # the rules a game shares live in its family library
        own.extend(family_sources(ENGINE / family, game))
    needed |= {f"error.{code}" for code in raised_codes([*own, *ENGINE.glob("*.py")])}
    assert needed <= known, sorted(needed - known)
    for lang in LANGUAGES:
        howto = (folder(game) / "howto" / f"{lang}.html").read_text()
        assert howto.count("<h2>") >= 3, (game, lang)


def test_sixty_six_names_every_end_of_a_deal() -> None:
    for lang in LANGUAGES:
        table = words("sixty_six", lang)
        for end in End:
            assert table[f"end.{end.value}"], (lang, end)
            assert table[f"summary.end.{end.value}"], (lang, end)


# ---- the rules pages ------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_game_has_a_rules_page_in_each_language(
    open_page: OpenPage, live_server_url: str, artifacts: Path, lang: str
) -> None:
    # One browser in the language's locale reads every game's page in turn: a rules page
    # keeps nothing in the browser that the next one reads.
    page: Page | None = None
    for game in GAMES:
        response = httpx.get(f"{live_server_url}/games/{game}")
        assert response.status_code == 200, (game, response.status_code)
        if page is None:
            page = open_page(f"/games/{game}", locale=LOCALES[lang])
        else:
            page.goto(f"/games/{game}")
            wait_ready(page)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator("#howto-title")).to_have_text(heading(game, lang))
        expect(page.locator("#howto-body")).to_have_attribute("lang", lang)
        expect(page.locator("#howto-body h2").first).to_be_visible()
        link = page.locator("#howto-play")
        expect(link).to_have_attribute("href", f"/?game={game}")
        others = page.locator("#howto-list a")
        expect(others).to_have_count(len(GAMES) - 1)
        if lang == "en":
            shot(page, artifacts, f"howto-{game}", full_page=True)
    for wrong in ("no_such_game", "BISMARCK", "bismarck.html"):
        assert httpx.get(f"{live_server_url}/games/{wrong}").status_code == 404, wrong


def test_a_rules_page_follows_the_language_picked_on_it(open_page: OpenPage) -> None:
    page = open_page("/games/sixty_six")
    expect(page.locator("#howto-title")).to_have_text(heading("sixty_six", "en"))
    page.select_option("#lang-select", "ru")
    expect(page.locator("#howto-title")).to_have_text(heading("sixty_six", "ru"))
    expect(page.locator("#howto-body")).to_have_attribute("lang", "ru")
    expect(page.locator("#howto-list a").first).to_have_text(words("bismarck", "ru")["game.title"])
    # From the rules to a table of that game: the home page has it chosen.
    page.locator("#howto-play").click()
    page.wait_for_url("**/?game=sixty_six")
    wait_ready(page)
    expect(page.locator("input[name='game'][value='sixty_six']")).to_be_checked()


# ---- the home page --------------------------------------------------------------------------


def test_the_game_picker_creates_a_sixty_six_room_for_two(
    open_page: OpenPage, live_server_url: str, artifacts: Path
) -> None:
    home = open_page("/")
    games = httpx.get(f"{live_server_url}/api/games").json()
    picker = home.locator("input[name='game']")
    expect(picker).to_have_count(len(games))
    # Nothing chosen yet: the first game, Bismarck, for three or four, without options.
    expect(home.locator("input[name='game'][value='bismarck']")).to_be_checked()
    expect(home.locator("input[name='seats']")).to_have_count(2)
    expect(home.locator("input[name='seats'][value='3']")).to_be_checked()
    expect(home.locator("label:has(input[name='seats'][value='4'])")).to_have_text(
        "4 players, the dealer sits out"
    )
    expect(home.locator("#game-options")).to_be_hidden()

    home.fill("#create-name", "Anna")
    home.check("input[name='game'][value='sixty_six']")
    expect(home.locator(".game-item[data-game='sixty_six'] .game-summary")).to_have_text(
        words("sixty_six", "en")["game.summary"]
    )
    # what the game is, and its rules page, are there on demand
    home.get_by_role("button", name="About Sixty-six").click()
    expect(home.get_by_role("link", name="How to play Sixty-six")).to_have_attribute(
        "href", "/games/sixty_six"
    )
    seats = home.locator("input[name='seats']")
    expect(seats).to_have_count(1)
    expect(home.locator("input[name='seats'][value='2']")).to_be_checked()
    home.locator("#game-options summary").click()
    target = home.get_by_label("Game points that win the match")
    expect(target).to_have_value("7")
    target.fill("5")
    home.get_by_label("Show each player's points during a deal").check()
    shot(home, artifacts, "home-sixty-six-chosen", full_page=True)
    # Words follow the language: the game's own title and option labels too.
    home.select_option("#lang-select", "sv")
    expect(home.locator(".game-item[data-game='sixty_six'] .game-title")).to_have_text("Sextiosex")
    expect(home.locator("input[name='game'][value='sixty_six']")).to_be_checked()
    expect(home.get_by_label(words("sixty_six", "sv")["option.target"])).to_have_value("5")
    home.select_option("#lang-select", "en")

    home.click("#create-button")
    home.wait_for_url("**/r/*")
    wait_ready(home)
    wait_connected(home)
    room = home.locator(ROOM)
    expect(room).to_have_attribute("data-game", "sixty_six")
    expect(home.locator("#table")).to_have_attribute("data-size", "2")
    expect(home.locator(".seat")).to_have_count(2)
    expect(home.locator("#room-heading")).to_have_text("Sixty-six table")
    code = home.url.rsplit("/", 1)[1]
    info = httpx.get(f"{live_server_url}/api/rooms/{code}").json()
    assert (info["game"], info["size"]) == ("sixty_six", 2)
    assert info["options"]["target"] == 5 and info["options"]["show_points"] is True
    # Its host panel offers the levels of computer player this game has.
    levels = home.locator("#host-panel [data-host-action='bot-level-1'] option")
    expect(levels).to_have_count(len(info["bots"]))


def test_a_refused_game_choice_is_explained(open_page: OpenPage) -> None:
    home = open_page("/")
    home.fill("#create-name", "Anna")
    home.check("input[name='game'][value='sixty_six']")
    home.locator("#game-options summary").click()
    home.get_by_label("Game points that win the match").fill("99")
    home.click("#create-button")
    expect(home.locator("#create-error")).to_have_text(core("en")["error.bad_option"])


def test_the_table_finds_its_game_in_the_first_state_too(
    open_page: OpenPage, live_server_url: str
) -> None:
    created = httpx.post(
        f"{live_server_url}/api/rooms", json={"game": "sixty_six", "nickname": "Anna"}
    ).json()
    guest = open_page("/")
    # The room cannot be read over HTTP: the page learns its game from the WebSocket.
    guest.route(f"**/api/rooms/{created['code']}", lambda route: route.abort())
    guest.goto(f"/r/{created['code']}")
    wait_ready(guest)
    take_seat(guest, "Bertil", 1)
    expect(guest.locator(ROOM)).to_have_attribute("data-game", "sixty_six")
    expect(guest.locator("#room-heading")).to_have_text("Sixty-six table")
    expect(guest.locator("link[data-panel-style]")).to_have_count(1)


# ---- accessibility --------------------------------------------------------------------------


def two_at_a_sixty_six_table(open_page: OpenPage, scheme: str) -> list[Page]:
    anna = open_page("/", color_scheme=scheme)
    anna.fill("#create-name", "Anna")
    anna.check("input[name='game'][value='sixty_six']")
    anna.click("#create-button")
    anna.wait_for_url("**/r/*")
    wait_ready(anna)
    bertil = open_page(anna.url, color_scheme=scheme)
    take_seat(bertil, "Bertil", 1)
    anna.click("#start-button")
    for page in (anna, bertil):
        expect(page.locator("#stock")).to_be_visible()
    return [anna, bertil]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_sixty_six_table_and_its_rules_have_no_serious_accessibility_violations(
    open_page: OpenPage, artifacts: Path, scheme: str
) -> None:
    players = two_at_a_sixty_six_table(open_page, scheme)
    leader = next(p for p in players if p.locator(ROOM).get_attribute("data-my-turn") == "true")
    other = players[1 - players.index(leader)]
    for page in players:
        problems = serious_violations(page)
        assert not problems, "Sixty-six, first lead:\n" + describe(problems)
    card = leader.locator("#hand .card-btn[data-playable='true']").first
    card.click()
    expect(other.locator("#trick .played")).to_have_count(1)
    problems = serious_violations(other)
    assert not problems, "Sixty-six, a card to answer:\n" + describe(problems)
    shot(other, artifacts, f"sixty-six-desktop-{scheme}")

    # The claim asks first, and the end of the deal is told in place, beside the table.
    other.locator("#claim-button").click()
    problems = serious_violations(other)
    assert not problems, "Sixty-six, the claim question:\n" + describe(problems)
    other.locator("#confirm-yes").click()
    expect(other.locator("#deal-summary .summary-end")).to_be_visible()
    problems = serious_violations(other)
    assert not problems, "Sixty-six, the deal's summary:\n" + describe(problems)

    rules = open_page("/games/sixty_six", color_scheme=scheme)
    expect(rules.locator("#howto-body h2").first).to_be_visible()
    problems = serious_violations(rules)
    assert not problems, "the rules page:\n" + describe(problems)
