"""Actions in their canonical text form, ``kind`` or ``kind:argument`` (``play:QS``).

The same text is written in the room's action log, sent over the wire and stored in tests,
so an action never needs a second representation. Each game interprets the argument.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import MalformedAction

MAX_ACTION_TEXT = 2048
"""Room for the longest chance action of the specified games (a 192-card bezique deal);
the wire protocol caps what a client may send far lower."""


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    arg: str = ""

    def __str__(self) -> str:
        return f"{self.kind}:{self.arg}" if self.arg else self.kind


def split_action(text: object) -> Action:
    """Split ``kind:arg`` text; a game's own parser then checks the argument."""
    if not isinstance(text, str):
        raise MalformedAction("an action is text such as 'play:QS'")
    if not text or len(text) > MAX_ACTION_TEXT:
        raise MalformedAction(f"an action is 1 to {MAX_ACTION_TEXT} characters of text")
    kind, _, arg = text.partition(":")
    if not kind.isascii() or not kind.isalpha() or not kind.islower():
        raise MalformedAction(f"unknown action kind {kind[:20]!r}")
    return Action(kind, arg)
