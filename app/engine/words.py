"""Words the engine's English messages share."""

from __future__ import annotations


def with_article(noun: str) -> str:
    """``noun`` after its indefinite article: "an auction pinochle", "a Sixty-six". By the
    first letter, which is right for every game title there is (tests/engine/test_words.py
    lists them); a title that sounds otherwise than it is spelt would need its own entry."""
    article = "an" if noun[:1].lower() in "aeiou" else "a"
    return f"{article} {noun}"
