"""The closed set of things a connection can ask of a room."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Hello:
    secret: str | None = None


@dataclass(frozen=True, slots=True)
class Sit:
    seat: int
    nickname: str


@dataclass(frozen=True, slots=True)
class Leave:
    pass


@dataclass(frozen=True, slots=True)
class Act:
    v: int
    action: str
    id: str | None = None


@dataclass(frozen=True, slots=True)
class Start:
    v: int | None = None


@dataclass(frozen=True, slots=True)
class End:
    v: int | None = None


@dataclass(frozen=True, slots=True)
class Reorder:
    order: list[int]
    v: int | None = None


@dataclass(frozen=True, slots=True)
class Remove:
    seat: int
    v: int | None = None


@dataclass(frozen=True, slots=True)
class TransferHost:
    seat: int
    v: int | None = None


@dataclass(frozen=True, slots=True)
class AddBot:
    """Host: a bot takes a free seat, or stands in for an absent player until they return."""

    seat: int
    level: str
    v: int | None = None


@dataclass(frozen=True, slots=True)
class FillBots:
    """Host: a computer player of ``level`` in every free seat."""

    level: str
    v: int | None = None


@dataclass(frozen=True, slots=True)
class RemoveBot:
    seat: int
    v: int | None = None


@dataclass(frozen=True, slots=True)
class Say:
    """A chat line: ``text``, or a quick ``reaction`` by its key. ``name``: what a spectator
    is called in the chat."""

    text: str | None = None
    reaction: str | None = None
    name: str | None = None


@dataclass(frozen=True, slots=True)
class ChatRules:
    """Host: who reads what spectators say."""

    spectators: str
    v: int | None = None


@dataclass(frozen=True, slots=True)
class Mute:
    """Host: a seat's player, or a spectator's connection, may (not) chat."""

    muted: bool
    seat: int | None = None
    watcher: int | None = None
    v: int | None = None


@dataclass(frozen=True, slots=True)
class ClientSeed:
    """The seat's client seed for the next deal, given for the commitment to that deal's
    server seed the room showed (docs/fairness.md)."""

    seed: str
    commitment: str


@dataclass(frozen=True, slots=True)
class Hints:
    """Host: whether the players may ask for hints: ``auto`` (those whose every other seat
    is a computer player's), ``on`` or ``off``."""

    hints: str
    v: int | None = None


@dataclass(frozen=True, slots=True)
class AskHint:
    """A player asks what the basic computer player would do in their seat now."""


Command = (
    Hello
    | Sit
    | Leave
    | Act
    | Start
    | End
    | Reorder
    | Remove
    | TransferHost
    | AddBot
    | FillBots
    | RemoveBot
    | Say
    | ChatRules
    | Mute
    | ClientSeed
    | Hints
    | AskHint
)
