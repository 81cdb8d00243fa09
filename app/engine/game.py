"""The interface every game of the engine implements, and the registry of games.

It follows OpenSpiel's state (current player, legal actions, apply, returns) and
boardgame.io's ``playerView``: a state is changed only by :meth:`GameState.apply`, randomness
enters only through the table's chance actions (seat :data:`TABLE`), and the game's ``view``
function is the one door through which anything about a state reaches a player.
See docs/engine.md.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, Protocol

from .actions import Action

TABLE: Final = -1
"""The seat of the table itself, in every game: it shuffles and deals (the chance steps) and
takes administrative actions such as voiding a deal on the players' word."""


class GameState(Protocol):
    """One match of one game, mutable, changed only by :meth:`apply`."""

    @property
    def seats(self) -> int: ...

    @property
    def to_act(self) -> int | None:
        """The seat to act, :data:`TABLE` (-1) for a chance step, ``None`` when over."""

    @property
    def is_over(self) -> bool: ...

    @property
    def totals(self) -> list[int]: ...

    def legal_actions(self, seat: int | None = None) -> list[Action]: ...

    def apply(self, seat: int, action: Action) -> None:
        """Apply the action or raise :class:`~app.engine.errors.IllegalAction`, changing nothing."""

    def clone(self) -> GameState: ...


@dataclass(frozen=True)
class Game:
    """A game as data plus pure functions."""

    name: str
    seat_counts: tuple[int, ...]
    new_match: Callable[[int, random.Random], Any]
    parse_action: Callable[[object], Action]
    chance: Callable[[random.Random], Action]
    """Draw the table's next chance action (a shuffle)."""
    view: Callable[[Any, int | None], dict[str, Any]]
    export_record: Callable[[Any, list[str]], dict[str, Any]]
