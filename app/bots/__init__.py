"""Computer players. A bot sees one seat's view, as a person does, and answers with an action.

    bot = make_bot("basic")
    text = bot.decide(view(match, seat))   # e.g. "play:QS", "contract:valfri:H"

Levels: ``random`` (any legal action), ``basic`` (sensible deterministic play) and ``strong``
(samples the unseen cards and plays candidates out within a time budget per decision).

The answer is the action's canonical text; it goes through ``parse_action`` and the room's
ordinary path, so a bot can do nothing a person at its seat could not. A bot keeps nothing
about the match between calls: the view alone decides (with a seed, the same view always
gets the same answer). Asked when its seat has nothing to do, a bot raises
:class:`NotMyTurn`. ``strong`` computes for up to its budget (0.6 s by default) in pure
Python, so a server should call it off the event loop, in a worker process for preference
(bots and views pickle); ``random`` and ``basic`` answer in well under a millisecond.
"""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot, NotMyTurn, View
from .basic import BasicBot
from .random_bot import RandomBot
from .strong import DEFAULT_BUDGET, StrongBot


def _random(seed: int | None, budget: float) -> Bot:
    return RandomBot(seed)


def _basic(seed: int | None, budget: float) -> Bot:
    return BasicBot(seed)


def _strong(seed: int | None, budget: float) -> Bot:
    return StrongBot(seed, budget)


LEVELS: dict[str, Callable[[int | None, float], Bot]] = {
    "random": _random,
    "basic": _basic,
    "strong": _strong,
}


def make_bot(level: str, seed: int | None = None, budget: float = DEFAULT_BUDGET) -> Bot:
    """A bot of ``level``; ``seed`` fixes its random choices, ``budget`` is seconds per decision
    (used by ``strong``)."""
    try:
        factory = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}") from None
    return factory(seed, budget)


__all__ = [
    "DEFAULT_BUDGET",
    "LEVELS",
    "BasicBot",
    "Bot",
    "NotMyTurn",
    "RandomBot",
    "StrongBot",
    "View",
    "make_bot",
]
