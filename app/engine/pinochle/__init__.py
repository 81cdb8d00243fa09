"""Parts the pinochle games share: the melds and their tables (``melds``), and the one state
machine of the four-player partnership pinochles (``partnership``). Not a game: no ``GAME``
here; each game's own package chooses its table and its variant.

A *family* library: only the games named in ``MEMBERS`` (their engine and bots packages)
import it, and ``app/bots/pinochle/`` likewise; everything else reaches those games through
the registry (tests/test_boundaries.py holds both to this)."""

from __future__ import annotations

from typing import Final

MEMBERS: Final = ("auction_pinochle", "partnership_pinochle", "double_deck_pinochle")
"""The games built on this library."""
