"""The end of a bezique deal: who won, whether the loser was rubiconed and what the game is
worth (rubicon §10 with Clarifications 18-19; Chinese §6 with its Clarification 5).

Each deal is a complete game, paid by the loser to the winner, so the loser scores nothing
and a drawn deal scores nothing for either. The arithmetic reads only the two players'
totals and brisques; ``state.py`` feeds it those numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .variant import RUBICON_BONUS, Variant


@dataclass(frozen=True, slots=True)
class Result:
    totals: tuple[int, int]
    """Each player's declarations, carte blanche and last trick."""
    brisques: tuple[int, int]
    """Aces and tens each player won in tricks, 10 apiece (zeros in Chinese bezique)."""
    counted: bool
    """Whether the brisques entered the totals: to break a tie, or for a rubicon test."""
    winner: int | None
    rubiconed: bool
    final: tuple[int, int]
    """The totals the game score is made of: brisques added when counted, then rounded
    down to hundreds with option ``round_to_hundreds``."""
    game_score: int

    @property
    def scores(self) -> tuple[int, int]:
        if self.winner is None:
            return 0, 0
        return (self.game_score, 0) if self.winner == 0 else (0, self.game_score)


def settle(
    variant: Variant, totals: Sequence[int], brisques: Sequence[int], rounded: bool = False
) -> Result:
    points = (totals[0], totals[1])
    won = (brisques[0], brisques[1]) if variant.brisques else (0, 0)
    # a tie is broken by the brisques, which then count for both (rubicon §10.1); without
    # brisques (Chinese §6) it is a drawn deal
    counted = variant.brisques and points[0] == points[1]
    compared = (points[0] + won[0], points[1] + won[1]) if counted else points
    winner = None if compared[0] == compared[1] else 0 if compared[0] > compared[1] else 1
    if winner is None:
        return Result(points, won, counted, None, False, _final(points, won, counted, rounded), 0)
    loser = 1 - winner
    rubiconed = points[loser] < variant.rubicon_under
    if rubiconed and variant.brisques:
        # the loser may save himself with his brisques, and if either counts both count
        counted = True
        rubiconed = points[loser] + won[loser] < variant.rubicon_under
    final = _final(points, won, counted, rounded)
    if rubiconed:
        game_score = RUBICON_BONUS + final[0] + final[1]
    else:
        # the winner stays the winner even if the brisques would reverse the totals
        game_score = variant.game_bonus + max(0, final[winner] - final[loser])
    return Result(points, won, counted, winner, rubiconed, final, game_score)


def _final(
    points: tuple[int, int], won: tuple[int, int], counted: bool, rounded: bool
) -> tuple[int, int]:
    final = [points[s] + (won[s] if counted else 0) for s in (0, 1)]
    if rounded:  # fractions of a hundred ignored (Clarification 19)
        final = [p // 100 * 100 for p in final]
    return final[0], final[1]
