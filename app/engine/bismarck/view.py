"""What one seat, or a spectator, may see of a match (rules §3.3): the base's view
(:func:`~app.engine.trick_game.make_view`), an allow-list, with Bismarck's fields
(:meth:`Match.deal_json`, :meth:`Match.cards_json`) in the order its views have always had
(``Match.VIEW_KEYS``): nothing hidden (another hand, the discard for anyone but forehand,
the undealt pack, the shuffle) is ever reachable from here.
"""

from __future__ import annotations

from typing import Any

from ..trick_game import legal as legal
from ..trick_game import make_view, view_cache
from .rules import ranks
from .sheet import SHEET
from .state import Match


def public_fields(match: Match) -> dict[str, Any]:
    """Bismarck's own fields of the view; its deals played are those the match holds (a
    state dealt anew from a view holds none)."""
    return {
        "deals_total": match.deals_total,
        "deals_played": len(match.finished_deals),
        "contracts_left": [match.contracts_left(s) for s in range(match.seats)],
        "ranks": ranks(match.totals),
    }


view = make_view(SHEET, public_fields)
"""The match as a seat sees it, ``None`` a spectator; ``public``, the spectator view of the
same state, saves rebuilding what every seat sees alike; a ``cache`` (:data:`ViewCache`)
keeps what cannot change any more."""
ViewCache = view_cache(SHEET)
