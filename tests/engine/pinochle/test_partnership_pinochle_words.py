"""The words of both partnership pinochles in English, Swedish and Russian: the same keys in
all three, none empty, and a word for everything the engine can name: options and their
choices, phases, the scoresheet's labels and terms, every meld kind and repeat, every
refusal code raised in the shared pinochle package or the game's own; and a rules page of
at least three sections in each language."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from app.engine.game import Game
from app.engine.pinochle.double_deck_pinochle import GAME as DOUBLE_DECK
from app.engine.pinochle.double_deck_pinochle import VARIANT as DD
from app.engine.pinochle.partnership.variant import End, Variant
from app.engine.pinochle.partnership_pinochle import GAME as PARTNERSHIP
from app.engine.pinochle.partnership_pinochle import VARIANT as PP

ROOT = Path(__file__).resolve().parents[3]
LANGUAGES = ("en", "sv", "ru")
CASES = [(PARTNERSHIP, PP), (DOUBLE_DECK, DD)]
IDS = ["partnership_pinochle", "double_deck_pinochle"]


def words(game: str, lang: str) -> dict[str, Any]:
    path = ROOT / "static" / "games" / game / "i18n" / f"{lang}.json"
    table: dict[str, Any] = json.loads(path.read_text())
    return table


def core() -> set[str]:
    return set(json.loads((ROOT / "static" / "i18n" / "en.json").read_text()))


def raised_codes() -> set[str]:
    pattern = re.compile(r'IllegalAction\(\s*"([a-z_0-9]+)"')
    # the family's shared modules and the partnership state machine (auction/ is another game)
    family = ROOT / "app" / "engine" / "pinochle"
    paths = [*family.glob("*.py"), *(family / "partnership").glob("*.py")]
    return {code for path in paths for code in pattern.findall(path.read_text())}


def meld_words(variant: Variant) -> set[str]:
    table = variant.meld_table
    out = {"meld.flush", "meld.royal_marriage", "meld.marriage", "meld.pinochle"}
    out |= {f"meld.{name}" for name in ("aces", "kings", "queens", "jacks")}
    if table.dix:
        out.add("meld.dix")
    sets = {"flush": table.flush, "pinochle": table.pinochle}
    sets |= {
        {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks"}[r]: v
        for r, v in table.arounds.items()
    }
    for kind, values in sets.items():
        for n in range(2, len(values) + 1):
            if values[n - 1] != n * values[0]:
                out.add(f"meld.{kind}.{n}")
    return out


@pytest.mark.parametrize(("game", "variant"), CASES, ids=IDS)
def test_every_language_has_the_same_words(game: Game, variant: Variant) -> None:
    tables = {lang: words(game.name, lang) for lang in LANGUAGES}
    english = set(tables["en"])
    for lang, table in tables.items():
        assert set(table) == english, (lang, set(table) ^ english)
        assert all(table[key] for key in table), lang


@pytest.mark.parametrize(("game", "variant"), CASES, ids=IDS)
def test_there_is_a_word_for_everything_the_engine_names(game: Game, variant: Variant) -> None:
    known = set(words(game.name, "en")) | core()
    needed = {"game.title", "game.summary", "seats.4"}
    for option in game.describe()["options"]:
        needed.add(f"option.{option['name']}")
        if isinstance(option["default"], str):
            needed |= {f"option.{option['name']}.{c}" for c in option["choices"]}
    sheet = game.scoresheet(4, {}, [])
    needed |= {column["label"] for column in sheet["columns"]}
    needed |= {f"end.{end.value}" for end in End}
    needed |= {f"phase.{p}" for p in ("deal", "bid", "trump", "play", "match_over")}
    needed |= meld_words(variant)
    needed |= {f"error.{code}" for code in raised_codes()}
    if variant.announcements:
        needed |= {"call.announce", "flag.flush", "flag.long_suit"}
    assert needed <= known, sorted(needed - known)
    assert words(game.name, "en")["game.title"] == game.title


@pytest.mark.parametrize(("game", "variant"), CASES, ids=IDS)
def test_each_language_has_a_rules_page(game: Game, variant: Variant) -> None:
    for lang in LANGUAGES:
        page = (ROOT / "static" / "games" / game.name / "howto" / f"{lang}.html").read_text()
        assert page.count("<section>") >= 3 and page.count("<h2>") >= 3, lang
        assert page.count("<section>") == page.count("</section>")
