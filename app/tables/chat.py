"""A room's chat: what a line may hold, who reads it, and the recent lines a room keeps.

Chat is kept with the room but apart from its log: a line changes no version, is never part
of a game record, and is stored as soon as it is said (:meth:`RoomStore.add_chat`).
"""

from __future__ import annotations

import time
import unicodedata
from collections import deque
from collections.abc import Iterable
from typing import Any

from app.store import ChatRow

from .room import NICKNAME_MAX, TableError

TEXT_MAX = 300
"""Characters of a line, after its white space is tidied."""
KEPT = 200
"""Lines a room keeps in memory and sends a newcomer."""
REACTIONS = (
    "hello",
    "good_luck",
    "well_played",
    "thanks",
    "oops",
    "sorry",
    "one_moment",
    "good_game",
)
"""Quick reactions, sent by key so that each reader sees them in their own language."""
SPECTATOR_RULES = ("all", "spectators", "off")
"""Who reads what spectators say: everyone, only spectators, nobody (spectators are silent)."""
EVERYONE = "all"
SPECTATORS = "spectators"

# Bidirectional controls change the order in which the text around them is shown: a line
# could read as something it does not say. (Other invisible formats stay: the zero-width
# joiner is part of many emoji.)
_BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


def clean_text(raw: str) -> str:
    """The line as it is kept: NFC, white space runs (line breaks included) as one space,
    controls and bidirectional overrides gone, trimmed."""
    text = unicodedata.normalize("NFC", raw)
    kept = (
        c
        for c in text
        if c.isspace() or ((c.isprintable() or c == "\u200d") and c not in _BIDI_CONTROLS)
    )
    text = " ".join("".join(kept).split())
    if not text:
        raise TableError("empty_chat", "a chat line needs some text")
    if len(text) > TEXT_MAX:
        raise TableError("bad_field", f"a chat line is at most {TEXT_MAX} characters")
    return text


def clean_name(raw: str | None) -> str:
    """A spectator's name in the chat: like a nickname, or nothing."""
    if raw is None:
        return ""
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    name = "".join(c for c in name if c.isprintable())
    return name[:NICKNAME_MAX]


def spectator_name(raw: str | None, seated: Iterable[str]) -> str:
    """A spectator's name in the chat (:func:`clean_name`), which may not be the nickname of
    anyone seated: compared as :meth:`RoomState.sit` compares nicknames, after the same
    normalisation and without regard to case, so that nobody watching speaks as a player."""
    name = clean_name(raw)
    if name and name.casefold() in {nickname.casefold() for nickname in seated}:
        raise TableError(
            "chat_name_taken", "a player at the table has that name: chat under another"
        )
    return name


def check_reaction(key: str) -> str:
    if key not in REACTIONS:
        raise TableError("unknown_reaction", f"reactions are {', '.join(REACTIONS)}")
    return key


def line_json(line: ChatRow) -> dict[str, Any]:
    out: dict[str, Any] = {
        "n": line.seq,
        "t": line.at,
        "seat": line.seat,
        "watcher": line.watcher,
        "name": line.name,
    }
    if line.reaction is not None:
        out["reaction"] = line.reaction
    else:
        out["text"] = line.text
    if line.audience != EVERYONE:
        out["to"] = line.audience
    return out


class ChatLog:
    """The room's recent lines, and the number the next one gets."""

    __slots__ = ("last", "lines")

    def __init__(self, lines: Iterable[ChatRow] = ()) -> None:
        self.lines: deque[ChatRow] = deque(lines, maxlen=KEPT)
        self.last = self.lines[-1].seq if self.lines else 0

    def line(
        self,
        *,
        seat: int | None,
        watcher: int | None,
        name: str,
        text: str | None,
        reaction: str | None,
        audience: str,
    ) -> ChatRow:
        """The next line, not yet kept (:meth:`keep` once it is stored)."""
        return ChatRow(
            seq=self.last + 1,
            at=int(time.time() * 1000),
            seat=seat,
            watcher=watcher,
            name=name,
            text=text,
            reaction=reaction,
            audience=audience,
        )

    def keep(self, line: ChatRow) -> None:
        self.lines.append(line)
        self.last = line.seq

    def readable(self, spectator: bool) -> list[dict[str, Any]]:
        """The lines a connection may read: one without a seat reads them all."""
        return [line_json(li) for li in self.lines if spectator or li.audience == EVERYONE]
