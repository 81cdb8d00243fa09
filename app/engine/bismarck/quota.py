"""Quota scoring, the arithmetic of every Bismarck game: a player (or a team) is expected to
take its quota of tricks, and scores the difference."""

from __future__ import annotations


def quota_score(tricks: int, quota: int, positive: bool) -> int:
    """A point per trick over the quota in a contract that takes tricks (``tricks - quota``);
    in one that avoids them, a point per trick under it (``quota - tricks``)."""
    return tricks - quota if positive else quota - tricks
