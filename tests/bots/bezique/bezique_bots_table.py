"""Positions for the bezique bots' tests, built through the engine: packs dealing the hands
wanted (the engine tests' ``build_pack``), scripted tricks, and the view of the seat to
act."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.bezique.match_helpers import act, build_pack, new_match, parse_action, trick, view
from engine.bezique.match_helpers import endgame as endgame_state

from app.engine.bezique import Match, Variant
from app.engine.game import TABLE

__all__ = ["act", "endgame", "shown", "table", "trick"]


def table(variant: Variant, hands: Mapping[int, str], stock: str = "", dealer: int = 1) -> Match:
    """A new match whose first deal gives each seat the cards named for it (the rest of
    its hand from the pack's leftovers) and puts ``stock`` on top of the stock. With the
    default dealer seat 0 leads first."""
    match = new_match(variant, {"deals": 1}, dealer)
    pack = build_pack(variant, dealer, hands, stock)
    match.apply(TABLE, parse_action(variant, "deal:" + ",".join(pack)))
    return match


def endgame(variant: Variant, hands: Mapping[int, str], trump: str | None, leader: int) -> Match:
    """The stock gone, ``leader`` to lead, each seat holding exactly ``hands``."""
    return endgame_state(variant, hands, trump, leader)


def shown(match: Match, seat: int | None = None) -> dict[str, Any]:
    """The view of ``seat`` (default: the seat to act)."""
    actor = match.to_act if seat is None else seat
    assert actor is not None and actor >= 0
    return view(match, actor)
