"""Learning, in Chromium: the hint button shows the basic computer player's card, marked in the
hand, with its reason, and the card is one the table takes; the host switches hints off and
on; the first-deal coach names each phase and is dismissed for good, until the setting shows
it again; each game's how-to page draws a worked example with the table's cards."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from table_driver import ROOM, OpenPage, attr, shot, wait_ready

from app.engine import GAMES as ENGINE_GAMES
from app.engine.tricks import TrickRules, trick_winner
from support.server import REPO_ROOT

pytestmark = pytest.mark.browser

I18N = REPO_ROOT / "static" / "i18n"


def words(lang: str) -> dict[str, str]:
    table: dict[str, str] = json.loads((I18N / f"{lang}.json").read_text())
    return table


def play_now(page: Page, game: str) -> None:
    page.locator(f"input[name='game'][value='{game}']").check()
    page.locator(f"#game-choice button[data-play='{game}']").click()
    page.wait_for_url("**/r/*")
    wait_ready(page)
    expect(page.locator(ROOM)).to_have_attribute("data-status", "playing")


def my_turn(page: Page) -> None:
    expect(page.locator(ROOM)).to_have_attribute("data-my-turn", "true")
    expect(page.locator(ROOM)).to_have_attribute("data-pending", "false")


def test_the_hint_shows_the_basic_players_card_with_its_reason_and_it_is_legal(
    open_bot_page: OpenPage, artifacts: Path
) -> None:
    anna = open_bot_page("/")
    play_now(anna, "german_whist")
    en = words("en")
    for turn in range(3):
        my_turn(anna)
        button = anna.locator("#hint-button")
        expect(button).to_be_visible()
        expect(anna.locator("#hint-line")).to_have_count(0)
        button.click()
        line = anna.locator("#hint-line")
        expect(line).to_be_visible()
        action = line.get_attribute("data-hint") or ""
        assert action.startswith("play:"), action
        card = action[5:]
        # the card the hint names is drawn beside its words and marked in the hand
        expect(line.locator(f".hint-card[data-card='{card}'] svg")).to_have_count(1)
        hinted = anna.locator("#hand .card-btn[data-hinted='true']")
        expect(hinted).to_have_count(1)
        expect(hinted).to_have_attribute("data-card", card)
        expect(hinted).to_have_attribute("data-playable", "true")
        reason = line.get_attribute("data-reason") or ""
        if reason:
            expect(line.locator(".hint-reason")).to_have_text(en[f"hint.reason.{reason}"])
        if turn == 0:
            shot(anna, artifacts, "hint-german-whist")
        # the table takes the card: it leaves the hand, and the hint is gone
        hinted.click()
        expect(anna.locator(f"#hand .card-btn[data-card='{card}']")).to_have_count(0)
        expect(anna.locator("#hand .card-btn[data-hinted]")).to_have_count(0)


def test_the_host_switches_hints_off_and_on(open_bot_page: OpenPage) -> None:
    anna = open_bot_page("/")
    play_now(anna, "german_whist")
    setting = anna.locator("#hints-setting")
    expect(setting).to_have_value("auto")
    my_turn(anna)
    expect(anna.locator("#hint-button")).to_be_visible()
    setting.select_option("off")
    expect(anna.locator("#hint-button")).to_have_count(0)
    anna.locator("#hints-setting").select_option("on")
    expect(anna.locator("#hint-button")).to_be_visible()


def test_the_hint_speaks_swedish_and_russian(open_bot_page: OpenPage) -> None:
    for lang, locale in (("sv", "sv-SE"), ("ru", "ru-RU")):
        page = open_bot_page("/", locale=locale)
        page.locator("input[name='game'][value='german_whist']").check()
        page.locator("#game-choice button[data-play='german_whist']").click()
        page.wait_for_url("**/r/*")
        wait_ready(page)
        my_turn(page)
        table = words(lang)
        expect(page.locator("#hint-button")).to_have_text(table["hint.button"])
        page.locator("#hint-button").click()
        line = page.locator("#hint-line")
        expect(line).to_be_visible()
        card = (line.get_attribute("data-hint") or "")[5:]
        expect(line.locator(".hint-what")).to_contain_text(table["hint.play"].split("{")[0].strip())
        reason = line.get_attribute("data-reason") or ""
        if reason:
            expect(line.locator(".hint-reason")).to_have_text(table[f"hint.reason.{reason}"])
        assert card


# ---- the first-deal coach ---------------------------------------------------------------------

GAMES = REPO_ROOT / "static" / "games"
# the phases each game's view goes through, beyond the play (each has its coach line)
COACHED = {
    "bismarck": ("contract", "discard", "play"),
    "finnish_bismarck": ("contract", "exchange", "play"),
    "auction_pinochle": ("bid", "widow", "trump", "meld", "bury", "play"),
    "partnership_pinochle": ("bid", "trump", "play"),
    "double_deck_pinochle": ("bid", "trump", "play"),
    "spades": ("bid", "lay", "give", "play"),
    "bezique_rubicon": ("play", "declare", "endgame"),
    "chinese_bezique": ("play", "declare", "endgame"),
}


def game_words(game: str, lang: str) -> dict[str, str]:
    table: dict[str, str] = json.loads((GAMES / game / "i18n" / f"{lang}.json").read_text())
    return table


def test_the_coach_names_each_phase_and_is_dismissed_for_good(open_bot_page: OpenPage) -> None:
    game = "partnership_pinochle"
    anna = open_bot_page("/")
    play_now(anna, game)
    en = game_words(game, "en")
    line = anna.locator("#coach-line")
    room = "document.querySelector('#room').dataset"
    seen = []
    # Before the play the line says what each phase is for, whoever's turn it is; Anna
    # passes (or makes the least bid, or names the first suit) until the play begins.
    for _ in range(40):
        anna.wait_for_function(
            f"{room}.phase === 'play' || ({room}.myTurn === 'true' && {room}.pending === 'false')"
        )
        phase = attr(anna, "phase")
        if phase == "play":
            break
        seen.append(phase)
        expect(line).to_have_attribute("data-phase", phase)
        expect(line.locator(".coach-text")).to_have_text(en[f"coach.{phase}"])
        version = attr(anna, "v")
        choices = anna.locator(
            "#action-bar #pass-button, #action-bar [data-action^='bid:'],"
            " #action-bar [data-action^='trump:']"
        )
        choices.first.click()
        anna.wait_for_function(f"Number({room}.v) > {version}")
    assert "bid" in seen, seen
    expect(anna.locator(ROOM)).to_have_attribute("data-phase", "play")
    expect(line).to_have_attribute("data-phase", "play")
    expect(line.locator(".coach-text")).to_have_text(en["coach.play"])
    # closed, it stays closed for this game, after a reload too
    anna.locator("#coach-dismiss").click()
    expect(line).to_have_count(0)
    anna.reload()
    wait_ready(anna)
    expect(anna.locator(ROOM)).to_have_attribute("data-phase", "play")
    expect(line).to_have_count(0)
    # the setting brings it back
    anna.locator("#settings-button").click()
    anna.locator("#coach-again").click()
    anna.locator("#settings-dialog [data-close]").first.click()
    expect(line).to_have_attribute("data-phase", "play")
    expect(line.locator(".coach-text")).to_have_text(en["coach.play"])


def test_the_coach_speaks_the_pages_language(open_bot_page: OpenPage) -> None:
    for lang, locale in (("sv", "sv-SE"), ("ru", "ru-RU")):
        page = open_bot_page("/", locale=locale)
        page.locator("input[name='game'][value='german_whist']").check()
        page.locator("#game-choice button[data-play='german_whist']").click()
        page.wait_for_url("**/r/*")
        wait_ready(page)
        line = page.locator("#coach-line")
        expect(line.locator(".coach-text")).to_have_text(
            game_words("german_whist", lang)["coach.play"]
        )
        expect(page.locator("#coach-dismiss")).to_have_text(words(lang)["coach.dismiss"])


# ---- the worked example on each how-to page ---------------------------------------------------


def example_of(game: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((GAMES / game / "howto" / "example.json").read_text())
    return data


@pytest.mark.parametrize("name", list(ENGINE_GAMES))
def test_each_example_is_a_possible_deal_of_its_game(name: str) -> None:
    """Cards of the game's own pack, none twice (Anna's trick card is from her hand), the
    winner marked as the rules have it, and the words in every language."""
    game = ENGINE_GAMES[name]
    data = example_of(name)
    pack = list(game.pack.cards)
    for play in data["trick"]:
        if play["player"] == "Anna":
            assert play["card"] in data["hand"]
    for card in data["hand"] + [p["card"] for p in data["trick"] if p["player"] != "Anna"]:
        assert card in pack, card
        pack.remove(card)
    trick = [p["card"] for p in data["trick"]]
    assert trick_winner(trick, data["trump"], TrickRules(ranks=game.pack.ranks)) == data["winner"]
    for lang in ("en", "sv", "ru"):
        table = game_words(name, lang)
        assert table["example.trick_text"] and table["example.score_text"], lang
        assert all(f"coach.{p}" in table for p in COACHED.get(name, ("play",))), lang


@pytest.mark.parametrize("name", list(ENGINE_GAMES))
def test_the_how_to_page_draws_the_worked_example(open_page: OpenPage, name: str) -> None:
    page = open_page(f"/games/{name}")
    data = example_of(name)
    en = game_words(name, "en")
    example = page.locator("#howto-example")
    expect(example).to_be_visible()
    hand = example.locator("#example-hand .card")
    expect(hand).to_have_count(len(data["hand"]))
    expect(hand.locator("svg")).to_have_count(len(data["hand"]))
    assert hand.evaluate_all("cards => cards.map(c => c.dataset.card)") == data["hand"]
    figures = example.locator("#example-trick figure")
    expect(figures).to_have_count(len(data["trick"]))
    won = example.locator("#example-trick figure.won")
    expect(won).to_have_count(1)
    winner = data["trick"][data["winner"]]
    expect(won.locator(".card")).to_have_attribute("data-card", winner["card"])
    expect(won.locator("figcaption")).to_contain_text(winner["player"])
    expect(example.locator("#example-trick .example-text")).to_have_text(en["example.trick_text"])
    expect(example.locator("#example-score .example-text")).to_have_text(en["example.score_text"])


def test_the_worked_example_speaks_the_pages_language(open_page: OpenPage) -> None:
    for lang, locale in (("sv", "sv-SE"), ("ru", "ru-RU")):
        page = open_page("/games/spades", locale=locale)
        table = game_words("spades", lang)
        example = page.locator("#howto-example")
        expect(example.locator("#example-title")).to_have_text(words(lang)["example.title"])
        expect(example.locator("#example-score .example-text")).to_have_text(
            table["example.score_text"]
        )
        expect(example.locator("#example-trick figure.won figcaption")).to_contain_text(
            words(lang)["example.wins"]
        )
