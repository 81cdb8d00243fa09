"""Chinese (six-pack) bezique: rubicon bezique with six packs, twelve-card hands, the bezique
and the fours of trumps following the trump suit, and no trumps twice running
(shared/rules/chinese-bezique.md). The rules are the shared bezique engine
(``app/engine/bezique/``); this package is its variant."""

from __future__ import annotations

from ..bezique import CHINESE, make_game

VARIANT = CHINESE
GAME = make_game(VARIANT)

__all__ = ["GAME", "VARIANT"]
