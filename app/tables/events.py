"""Room events: the append-only log a room is rebuilt from.

Every change to a room is one event; the room's version is the number of events applied.
The log holds the table's deals too, so it is a server-side secret, never sent to clients.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

CREATED = "created"  # seats, game, options, ..., autostart: the first match starts by itself
# seat, nickname, secret_hash, bot; a person taking a computer player's seat: replaces (its
# name) and, in the middle of a deal, stand_in (its level, as it finishes the deal)
SIT = "sit"
LEAVE = "leave"  # seat, removed
REORDER = "reorder"  # order: new seat i holds old seat order[i]
HOST = "host"  # seat
START = "start"  # first_dealer
ACT = "act"  # seat, action; a deal also fair: its number and the client seeds
END = "end"  # the host ended the running match early
BOT = "bot"  # seat, level: a bot stands in for the seat's player (level None: it stops)
CHAT_RULES = "chat_rules"  # spectators: who reads what spectators say
MUTE = "mute"  # seat, muted: the seat's player may not chat
SEED = "seed"  # seed: the server seed committed for the next deal (docs/fairness.md)
CLIENT_SEED = "client_seed"  # seat, seed: the seat's client seed for the deals to come
HINTS = "hints"  # hints: auto, on or off (whether a player may ask for a hint)

KINDS = frozenset(
    {
        CREATED,
        SIT,
        LEAVE,
        REORDER,
        HOST,
        START,
        ACT,
        END,
        BOT,
        CHAT_RULES,
        MUTE,
        SEED,
        CLIENT_SEED,
        HINTS,
    }
)


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Event:
        data = dict(obj)
        kind = data.pop("kind")
        if kind not in KINDS:
            raise ValueError(f"unknown room event {kind!r}")
        return cls(kind, data)
