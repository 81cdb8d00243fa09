"""What every computer player is: a function from one seat's view to the text of an action.

A bot is handed exactly what a person at that seat is sent, ``view(match, seat)``, and answers
with the action text a person's browser would send. It keeps no link to the match, so it can
only know what the seat may know.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any, Protocol, runtime_checkable

View = dict[str, Any]

DEFAULT_BUDGET = 0.6
"""Seconds per decision for the levels that search."""


@runtime_checkable
class Bot(Protocol):
    level: str

    def decide(self, view: View) -> str:
        """The action text for the seat whose view this is; it must be that seat's turn."""
        ...


class NotMyTurn(ValueError):
    """The view offers this seat no action: the caller asked the wrong bot."""


def legal_of(view: View) -> dict[str, Any]:
    legal = view.get("legal")
    if not legal:
        raise NotMyTurn(f"seat {view.get('seat')} has nothing to do in phase {view.get('phase')}")
    return dict(legal)


def decision_rng(seed: int | None, view: View) -> random.Random:
    """A generator for one decision, a function of the seed and the view alone.

    With a seed the same view always gets the same decision, however many decisions the bot
    made before and in whatever order; without one, decisions are freshly random.
    """
    if seed is None:
        return random.Random()
    text = json.dumps(view, sort_keys=True, separators=(",", ":"))
    digest = hashlib.blake2b(f"{seed}|{text}".encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))
