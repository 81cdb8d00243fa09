"""The parts of one match's public view that can no longer change, built once.

A view is wanted after every card, yet most of it changes only when a trick ends or a deal
is scored: the finished tricks of the deal in progress, and the standing (scoresheet, last
deal, totals and whatever else a game shows between two scored deals). Rebuilding them each
time was most of the cost of showing a move. A game's view cache is a :class:`ViewCache`
given the game's own functions for a trick and for the standing; views built with a cache
share those parts, so treat every view as read-only. A cache follows one match at a time
and starts over when given another.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from .game import View

TrickJson = dict[str, Any]


class Played(Protocol):
    """A deal as the cache reads it: its finished tricks, in the order they were played."""

    @property
    def history(self) -> Sequence[Any]: ...


class Standing(Protocol):
    """A match as the cache reads it: what its standing changes with."""

    @property
    def finished_deals(self) -> Sequence[object]: ...

    @property
    def is_over(self) -> bool: ...


D = TypeVar("D", bound=Played)
T = TypeVar("T")
M = TypeVar("M", bound=Standing)


class ViewCache(Generic[D, T, M]):
    """``trick_json(deal, trick)`` is a finished trick of ``deal`` as a view shows it;
    ``standing(match)`` the public view's fields that change only when a deal is scored or
    the match ends."""

    __slots__ = ("_deal", "_make_standing", "_standing", "_trick_json", "_tricks")

    def __init__(
        self, trick_json: Callable[[D, T], TrickJson], standing: Callable[[M], View]
    ) -> None:
        self._trick_json = trick_json
        self._make_standing = standing
        self._deal: D | None = None
        self._tricks: list[TrickJson] = []
        self._standing: tuple[M, int, bool, View] | None = None

    def tricks_played(self, deal: D) -> list[TrickJson]:
        """The same list until the next trick ends, so that a caller may keep what it made
        of it (its encoding, say) by identity; a list once handed out never changes."""
        history = deal.history
        if deal is not self._deal or len(self._tricks) > len(history):
            self._deal, self._tricks = deal, []
        if len(self._tricks) < len(history):
            done = list(self._tricks)
            done.extend(self._trick_json(deal, t) for t in history[len(done) :])
            self._tricks = done
        return self._tricks

    def standing(self, match: M) -> View:
        """The standing: the same object until a deal is scored or the match ends."""
        cached = self._standing
        finished = len(match.finished_deals)
        over = match.is_over
        if cached is None or cached[0] is not match or cached[1] != finished or cached[2] != over:
            cached = self._standing = (match, finished, over, self._make_standing(match))
        return cached[3]
