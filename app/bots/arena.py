"""Bots playing each other without a room: for tests, benchmarks and calibration.

Each bot gets ``view(match, seat)`` and its answer goes through ``parse_action`` and
``Match.apply``, exactly the checks a person's action meets; a refused action propagates as
:class:`~app.engine.errors.IllegalAction`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from time import perf_counter

from app.engine.bismarck import (
    TABLE,
    Match,
    deal_action,
    new_match,
    parse_action,
    random_deal,
    view,
)

from .base import Bot, View


@dataclass
class Decision:
    level: str
    seconds: float
    choices: int
    """How many actions were legal (a discard counts as many)."""


@dataclass
class Log:
    decisions: list[Decision] = field(default_factory=list)
    actions: list[tuple[int, str]] = field(default_factory=list)


def _choices(shown: View) -> int:
    legal = shown["legal"]
    if legal["kind"] == "discard":
        return 4845
    return len(legal["actions"])


def act(match: Match, bots: Sequence[Bot], log: Log | None = None) -> None:
    """Let the seat to act decide from its view and apply its action."""
    seat = match.to_act
    assert seat is not None and seat != TABLE
    shown = view(match, seat)
    start = perf_counter()
    text = bots[seat].decide(shown)
    seconds = perf_counter() - start
    match.apply(seat, parse_action(text))
    if log is not None:
        log.decisions.append(Decision(bots[seat].level, seconds, _choices(shown)))
        log.actions.append((seat, text))


def play_deal(
    deck: Sequence[str],
    bots: Sequence[Bot],
    forehand: int = 0,
    log: Log | None = None,
    on_view: Callable[[Match], None] | None = None,
) -> list[int]:
    """Deal ``deck`` in a fresh match where ``forehand`` leads (every contract still open to it)
    and let the bots play the deal; the deal's scores per seat."""
    seats = len(bots)
    match = new_match(seats, first_dealer=(forehand - 1) % seats)
    match.apply(TABLE, deal_action(deck))
    deal = match.deals[-1]
    while deal.scores is None:
        if on_view is not None:
            on_view(match)
        act(match, bots, log)
    return list(deal.scores)


def play_match(
    bots: Sequence[Bot],
    rng: random.Random,
    log: Log | None = None,
    on_view: Callable[[Match], None] | None = None,
) -> Match:
    """A complete match between ``bots`` (3 or 4), shuffled by ``rng``."""
    match = new_match(len(bots), rng)
    while not match.is_over:
        if match.to_act == TABLE:
            match.apply(TABLE, random_deal(rng))
            continue
        if on_view is not None:
            on_view(match)
        act(match, bots, log)
    return match
