"""Games whose engine is complete but which are not registered yet (no package exports their
``GAME``, so they are in no lobby): the conformance suite runs on them as on the registered
ones. A game leaves this list when its package exports ``GAME``."""

from __future__ import annotations

from app.engine.bezique import CHINESE, RUBICON, make_game
from app.engine.game import Game

UNREGISTERED: dict[str, Game] = {
    "bezique_rubicon": make_game(RUBICON),
    "chinese_bezique": make_game(CHINESE),
}
