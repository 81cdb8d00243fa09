"""The words the engine's messages share: a game's title with its article."""

from __future__ import annotations

from app.engine import GAMES
from app.engine.words import with_article

SAID = {
    "Auction pinochle": "an Auction pinochle",
    "Bismarck": "a Bismarck",
    "Chinese bezique": "a Chinese bezique",
    "Double-deck pinochle": "a Double-deck pinochle",
    "Finnish Bismarck": "a Finnish Bismarck",
    "German Whist": "a German Whist",
    "Partnership auction pinochle": "a Partnership auction pinochle",
    "Rubicon bezique": "a Rubicon bezique",
    "Schnapsen": "a Schnapsen",
    "Sixty-six": "a Sixty-six",
    "Spades": "a Spades",
}
"""Every game's title as a message says it: a new game's title is added here, read aloud."""


def test_a_title_takes_an_before_a_vowel_and_a_before_a_consonant() -> None:
    assert with_article("auction pinochle") == "an auction pinochle"
    assert with_article("spades") == "a spades"


def test_every_game_title_is_said_with_the_right_article() -> None:
    titles = {game.title for game in GAMES.values()}
    assert titles <= set(SAID), sorted(titles - set(SAID))
    for title in titles:
        assert with_article(title) == SAID[title]
