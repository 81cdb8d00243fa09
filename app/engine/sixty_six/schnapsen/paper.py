"""Schnapsen kept on paper: Sixty-six's form (``..paper``) for the 20-card variant, with
who won the last trick asked of a deal played out without a claim, since that decides a
deal nobody closed (docs/games/schnapsen.md)."""

from __future__ import annotations

from typing import Final

from ...paper import Paper
from ..paper import paper_for
from .state import Match

PAPER: Final[Paper] = paper_for(Match)
