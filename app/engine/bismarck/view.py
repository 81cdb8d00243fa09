"""What one seat, or a spectator, may see of a match (rules §3.3): the base's view
(:func:`~app.engine.trick_game.make_view`), an allow-list, with Bismarck's fields
(:meth:`Match.public_fields`, :meth:`Match.deal_json`, :meth:`Match.cards_json`) in the order
its views have always had (``Match.VIEW_KEYS``): nothing hidden (another hand, the discard
for anyone but forehand, the undealt pack, the shuffle) is ever reachable from here.
"""

from __future__ import annotations

from . import GAME

view = GAME.view
"""The match as a seat sees it, ``None`` a spectator; ``public``, the spectator view of the
same state, saves rebuilding what every seat sees alike; a ``cache`` (:data:`ViewCache`)
keeps what cannot change any more."""
ViewCache = GAME.new_view_cache
