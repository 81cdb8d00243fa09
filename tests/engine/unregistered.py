"""Games whose engine is complete but which are not registered yet (no package exports their
``GAME``, so they are in no lobby): the conformance suite runs on them as on the registered
ones. A game leaves this list when its package exports ``GAME``; while none is in progress
the list is empty."""

from __future__ import annotations

from app.engine.game import Game

UNREGISTERED: dict[str, Game] = {}
