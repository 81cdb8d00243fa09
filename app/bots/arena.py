"""Bots playing each other without a room, for any game: for tests, benchmarks and
calibration.

Each bot gets its seat's view and its answer goes through the game's ``parse_action`` and
the state's ``apply``, exactly the checks a person's action meets; a refused action
propagates as :class:`~app.engine.errors.ActionError`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from time import perf_counter
from typing import Any

from app.engine import TABLE, Action, Game, GameState

from .base import Bot, View


@dataclass
class Decision:
    level: str
    seconds: float
    choices: int
    """How many actions were legal (a choice of cards counts as one per combination)."""


@dataclass
class Log:
    decisions: list[Decision] = field(default_factory=list)
    actions: list[tuple[int, str]] = field(default_factory=list)


def _choices(shown: View) -> int:
    legal = shown["legal"]
    if "count" in legal:
        from math import comb

        return comb(len(legal["from"]), legal["count"])
    return len(legal["actions"])


def act(game: Game, state: GameState, bots: Sequence[Bot], log: Log | None = None) -> None:
    """Let the seat to act decide from its view and apply its action."""
    seat = state.to_act
    assert seat is not None and seat != TABLE
    shown = game.view(state, seat, None, None)
    start = perf_counter()
    text = bots[seat].decide(shown)
    seconds = perf_counter() - start
    state.apply(seat, game.parse_action(text))
    if log is not None:
        log.decisions.append(Decision(bots[seat].level, seconds, _choices(shown)))
        log.actions.append((seat, text))


def play_deal(
    game: Game,
    bots: Sequence[Bot],
    deal: Action,
    first_dealer: int,
    options: dict[str, Any] | None = None,
    log: Log | None = None,
    on_view: Callable[[GameState], None] | None = None,
) -> list[int | None]:
    """The first deal of a fresh match, dealt by ``deal`` (the table's chance action) and
    played by the bots; its scores per seat (``None`` for a seat that took no part)."""
    state: GameState = game.new_match(len(bots), game.resolve_options(options), first_dealer)
    state.apply(TABLE, deal)
    while state.deals_played == 0:
        if state.to_act == TABLE:
            raise RuntimeError("the first deal needed another chance step")
        if on_view is not None:
            on_view(state)
        act(game, state, bots, log)
    return list(game.scored_deals(state, 0)[0].scores)


def play_match(
    game: Game,
    bots: Sequence[Bot],
    rng: random.Random,
    options: dict[str, Any] | None = None,
    log: Log | None = None,
    on_view: Callable[[GameState], None] | None = None,
) -> GameState:
    """A complete match between ``bots``, shuffled and first dealer drawn by ``rng``."""
    state: GameState = game.new_match(
        len(bots), game.resolve_options(options), rng.randrange(len(bots))
    )
    while not state.is_over:
        if state.to_act == TABLE:
            state.apply(TABLE, game.chance(state, rng))
            continue
        if on_view is not None:
            on_view(state)
        act(game, state, bots, log)
    return state
