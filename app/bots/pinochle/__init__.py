"""The pinochle games' computer players: each game's levels beyond ``random`` in
``FAMILY_LEVELS``, for the bots registry.

- ``auction/``: auction pinochle's players.
- ``partnership_pinochle/`` and ``double_deck_pinochle/``: each partnership game's fitted
  figures (``tuning.py``) and the script that fits them (``calibrate.py``).

- ``model.py`` and ``fitting.py``: the linear hand models and their least-squares fits (the
  auction game's and the partnership games' alike).
- The players of the two partnership pinochles (partnership auction pinochle and double-deck
  pinochle), one for both as their engine is one: ``deck.py`` (a variant's pack as the bots
  read it), ``estimate.py`` (a hand's worth to its side, with a game's fitted ``Tuning``),
  ``bidding.py`` (the auction and the trump), ``seen.py`` and ``policy.py`` (the card play),
  ``basic.py`` (the basic level), ``playout.py`` (the simulator), ``agreement.py`` and
  ``strong.py`` (the strong level), ``calibrate.py`` (fitting a game's ``Tuning``).
"""

from __future__ import annotations

from .auction import LEVELS as AUCTION
from .auction import RULES as AUCTION_RULES
from .double_deck_pinochle import LEVELS as DOUBLE_DECK
from .double_deck_pinochle import RULES as DOUBLE_DECK_RULES
from .partnership_pinochle import LEVELS as PARTNERSHIP
from .partnership_pinochle import RULES as PARTNERSHIP_RULES

FAMILY_LEVELS = {
    AUCTION_RULES.name: AUCTION,
    PARTNERSHIP_RULES.name: PARTNERSHIP,
    DOUBLE_DECK_RULES.name: DOUBLE_DECK,
}
"""Each pinochle game's levels beyond ``random``, for the bots registry."""

__all__ = ["FAMILY_LEVELS"]
