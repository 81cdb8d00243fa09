"""Rubicon bezique: two players, four packs, declarations while the stock lasts, the last
nine tricks, a loser under 1000 rubiconed (shared/rules/bezique-rubicon.md). The rules are
the shared bezique engine (``app/engine/bezique/``); this package is its variant."""

from __future__ import annotations

from ..bezique import RUBICON, make_game

VARIANT = RUBICON
GAME = make_game(VARIANT)

__all__ = ["GAME", "VARIANT"]
