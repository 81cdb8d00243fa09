"""A room's fair share of the server: how many connections it holds, how often a crowd of
spectators is sent its state, and how fast what they say goes round.

The values come from the settings (``app/config.py``); the defaults here leave a room
unlimited and send everything at once, as a room made without settings (in a test) expects.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

CLOSE_LIMIT = 4429
"""WebSocket close code: a connection past a limit (after an error saying which)."""


@dataclass(frozen=True, slots=True)
class RoomLimits:
    connections: int | None = None
    """Connections a room holds before it takes no more spectators (seats' own still come)."""
    spectators: int | None = None
    """Spectators a room holds."""
    seat_connections: int | None = None
    """Connections one seat may have; past it the seat's oldest one is closed."""
    seat_proof: float = 10.0
    """Seconds a newcomer past a limit has to prove a seat (hello with its secret)."""
    spectator_every: float = 0.0
    """Seconds between the states a spectator is sent; 0: every one at once."""
    crowd: int = 0
    """Spectators a room sends every state at once, however many changes come: only past
    this many are they a crowd, sent the latest state every ``spectator_every``."""
    chat_tick: float = 0.0
    """Seconds over which a room's new chat lines go out together; 0: each at once."""
    chat_burst: int | None = None
    """Lines a room's spectators may say at once, together; ``None``: no such budget."""
    chat_every: float = 0.5
    """Seconds after which the spectators of a room may say one more line."""
    hint_burst: int | None = None
    """Hints one seat may ask for at once; ``None``: as many as it likes."""
    hint_every: float = 2.0
    """Seconds after which a seat past its burst may ask for one more hint."""


class TokenBucket:
    """``rate`` takes per second on average, ``burst`` at once."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def _fill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def take(self) -> bool:
        self._fill()
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def wait(self) -> float:
        """Seconds until the next take succeeds (0 if it would now)."""
        self._fill()
        return max(0.0, (1.0 - self.tokens) / self.rate)

    def full(self) -> bool:
        self._fill()
        return self.tokens >= self.burst
