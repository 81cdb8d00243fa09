"""Families of games, as the home page groups its picker: the one place that says which games
belong together. The games themselves come from the engine's registry; a game no family
names is listed among the others, so a new game needs nothing here to be offered."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

FAMILIES: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("bismarck", ("bismarck", "finnish_bismarck")),
    ("pinochle", ("auction_pinochle", "partnership_pinochle", "double_deck_pinochle")),
    ("bezique", ("bezique_rubicon", "chinese_bezique")),
)
"""Each family by its name (its title is the browser's word ``family.<name>``), with its
games in the order the picker shows them."""

OTHER: Final = "other"
"""The family of every game no family names."""

_PLACE: Final = {
    game: (rank, place, family)
    for rank, (family, games) in enumerate(FAMILIES)
    for place, game in enumerate(games)
}


def family_of(game: str) -> str:
    return _PLACE[game][2] if game in _PLACE else OTHER


def in_families(games: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The games with their ``family``, family by family in the order of :data:`FAMILIES`,
    the others last in the order they came in."""
    listed = list(games)
    others = len(FAMILIES)

    def key(item: tuple[int, Mapping[str, Any]]) -> tuple[int, int]:
        index, game = item
        rank, place, _ = _PLACE.get(game["name"], (others, index, OTHER))
        return rank, place

    return [
        {**game, "family": family_of(game["name"])}
        for _, game in sorted(enumerate(listed), key=key)
    ]
