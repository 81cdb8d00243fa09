"""Computer players. A bot sees one seat's view, as a person does, and answers with an action.

    bot = make_bot("bismarck", "basic")
    text = bot.decide(game.view(match, seat, None, None))   # e.g. "play:QS"

Every game has ``random`` (any legal action, from the legal-action shape all games share);
each game's own package here (``app/bots/<game>/``, found, not listed) adds its levels,
``basic`` and ``strong`` among them; a family library's package (``app/bots/bezique/``) gives
those of each of its games in ``FAMILY_LEVELS``.

The answer is the action's canonical text; it goes through the game's ``parse_action``
and the room's ordinary path, so a bot can do nothing a person at its seat could not. A
bot keeps nothing about the match between calls: the view alone decides (with a seed, the
same view always gets the same answer). Asked when its seat has nothing to do, a bot raises
:class:`NotMyTurn`. ``strong`` computes for up to its budget (0.6 s by default) in pure
Python, so a server should call it off the event loop, in a worker process for preference
(bots and views pickle).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from pathlib import Path
from typing import Final

from .base import DEFAULT_BUDGET, Bot, NotMyTurn, View
from .random_bot import RandomBot

Factory = Callable[[int | None, float], Bot]


def _random(seed: int | None, budget: float) -> Bot:
    return RandomBot(seed)


def _discover() -> dict[str, dict[str, Factory]]:
    found: dict[str, dict[str, Factory]] = {}
    for module in pkgutil.iter_modules([str(Path(__file__).parent)]):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"{__package__}.{module.name}")
        game = getattr(package, "GAME", None)
        levels = getattr(package, "LEVELS", None)
        if isinstance(game, str) and isinstance(levels, dict):
            found[game] = {"random": _random, **levels}
        # a family library's bots give the levels of each game built on it
        for name, family_levels in getattr(package, "FAMILY_LEVELS", {}).items():
            found[name] = {"random": _random, **family_levels}
    return found


_LEVELS: Final = _discover()


def levels_for(game: str) -> tuple[str, ...]:
    """The levels of computer player a game has, weakest first."""
    return tuple(_LEVELS.get(game, {"random": _random}))


def make_bot(game: str, level: str, seed: int | None = None, budget: float = DEFAULT_BUDGET) -> Bot:
    """A bot of ``level`` for ``game``; ``seed`` fixes its random choices, ``budget`` is
    seconds per decision (for the levels that search)."""
    levels = _LEVELS.get(game, {"random": _random})
    try:
        factory = levels[level]
    except KeyError:
        raise ValueError(
            f"unknown bot level {level!r} for {game}; levels: {', '.join(levels)}"
        ) from None
    return factory(seed, budget)


__all__ = [
    "DEFAULT_BUDGET",
    "Bot",
    "NotMyTurn",
    "RandomBot",
    "View",
    "levels_for",
    "make_bot",
]
