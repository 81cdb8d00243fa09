"""The two ways an action can be refused, kept apart as python-chess keeps
``InvalidMoveError`` (not a move at all) apart from ``IllegalMoveError`` (a move, but not now).
"""

from __future__ import annotations

from collections.abc import Mapping


class ActionError(ValueError):
    """An action was refused. ``code`` is stable and machine-readable; clients translate it."""

    def __init__(self, code: str, message: str, detail: Mapping[str, object] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.detail: dict[str, object] = dict(detail or {})

    def to_dict(self) -> dict[str, object]:
        return {"code": self.code, "message": self.message, "detail": self.detail}


class MalformedAction(ActionError):
    """The text is not an action of the game's notation."""

    def __init__(self, message: str, detail: Mapping[str, object] | None = None) -> None:
        super().__init__("malformed_action", message, detail)


class IllegalAction(ActionError):
    """A well-formed action that the rules refuse in the current state. The state is unchanged."""
