"""The check of one fair deal's seeds, as a player's browser makes it and as a record's
verifier makes it (docs/fairness.md, "Verifying").

A deal's fairness entry says which seeds dealt it. :func:`check_deal` recomputes what those
seeds give and compares it with the entry, and, for a player who was at the table, with what
that player saw: the commitment shown before the deal, the seed the player gave for it, and
the cards the player was dealt. The browser's ``static/js/fairness.js`` is this function in
JavaScript; both are held to the test vectors published beside the doc
(``docs/fairness-vectors.json``), so that a third implementation can be held to them too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .fairness import (
    SCHEME,
    SCHEMES,
    commitment,
    first_dealer,
    is_client_seed,
    is_server_seed,
    shuffled,
)

SUITS = ("S", "H", "D", "C")

VERIFIED = "verified"
FAILED = "failed"
PENDING = "pending"

REASONS: dict[str, str] = {
    "unrevealed": "the server seed is revealed when the deal is over",
    "bad_entry": "the entry is not of the scheme: client seeds one per seat, a server seed of "
    "64 lowercase hex digits",
    "commitment_mismatch": "the revealed server seed does not hash to the deal's commitment",
    "commitment_unshown": "the deal was dealt from a commitment that was not the one shown "
    "before the deal",
    "own_seed": "the seed this seat gave for the deal is not the one the deal used",
    "pack": "the pack shown is not the one the seeds shuffle",
    "first_dealer": "the first dealer is not the one the seeds draw",
    "hand": "the cards dealt to this seat are not the ones the seeds deal it",
}
"""Why a deal fails its check (or is not checked yet), by stable code."""

NOTES: dict[str, str] = {
    "not_present": "not at the table before the deal: the commitment could not be seen first",
    "seed_late": "this seat's seed reached the table after the deal was dealt, so the deal "
    "was dealt without it",
    "seed_elsewhere": "this seat's seed for the deal was given by another of the player's "
    "connections first, so the deal was dealt with that one",
}
"""What a verified deal could not prove to this player, by stable code."""


@dataclass(frozen=True)
class Seen:
    """What one player's browser saw of a deal while it was played."""

    shown: str | None = None
    """The commitment shown as the next deal's before this deal was dealt; ``None`` when
    the page was not at the table then."""
    seat: int | None = None
    """The seat the player held when giving a seed for the deal's commitment."""
    seed: str | None = None
    """The seed the player gave for the deal's commitment; ``None``: none given."""
    acknowledged: bool = False
    """The table showed the player's seed as received before the deal was dealt."""
    elsewhere: bool = False
    """The table refused the player's seed because the seat had given one already, from
    another connection (another device of the same player)."""
    hand: Sequence[str] | None = None
    """The player's hand as first shown in the deal, when the page saw it from the start."""
    hand_seat: int | None = None
    dealer: int | None = None
    """The deal's dealer, as the page showed it with :attr:`hand`."""

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Seen:
        hand = data.get("hand")
        return cls(
            shown=data.get("shown"),
            seat=data.get("seat"),
            seed=data.get("seed"),
            acknowledged=bool(data.get("acknowledged", False)),
            elsewhere=bool(data.get("elsewhere", False)),
            hand=None if hand is None else tuple(hand),
            hand_seat=data.get("hand_seat"),
            dealer=data.get("dealer"),
        )


@dataclass(frozen=True)
class Verdict:
    status: str
    """:data:`VERIFIED`, :data:`FAILED` or :data:`PENDING`."""
    reason: str | None = None
    """A code of :data:`REASONS` when not verified."""
    notes: tuple[str, ...] = field(default=())
    """Codes of :data:`NOTES`: what a verified deal could not prove to this player."""

    @property
    def message(self) -> str | None:
        return None if self.reason is None else REASONS[self.reason]

    def to_json(self) -> dict[str, Any]:
        return {"verdict": self.status, "reason": self.reason, "notes": list(self.notes)}


def canonical_pack(ranks: str, copies: int) -> list[str]:
    """The pack in the order the shuffle starts from: suits S H D C, each rank in the given
    order, each card ``copies`` times in a row."""
    return [rank + suit for suit in SUITS for rank in ranks for _ in range(copies)]


def _failed(reason: str) -> Verdict:
    return Verdict(FAILED, reason)


def check_deal(
    entry: Mapping[str, Any],
    pack: Sequence[str],
    seats: int,
    hand_positions: Sequence[Sequence[int]] | None = None,
    seen: Seen | None = None,
) -> Verdict:
    """The verdict on one fairness entry (``{"scheme", "deal", "commitment",
    "client_seeds", "server_seed", "pack"}``, and ``first_dealer`` on a match's first deal
    under ``kortbord-fair/2``) of a game whose canonical pack is ``pack`` at a table of
    ``seats``. ``seen``: what a player saw of the deal; ``hand_positions`` (the game's, by
    place after the dealer) lets the player's hand be checked."""
    number = entry.get("deal")
    seeds = entry.get("client_seeds")
    scheme = entry.get("scheme")
    if (
        scheme not in SCHEMES
        or not isinstance(number, int)
        or isinstance(number, bool)
        or number < 1
        or not isinstance(seeds, list)
        or len(seeds) != seats
        or not all(is_client_seed(s) for s in seeds)
        or not isinstance(entry.get("commitment"), str)
    ):
        return _failed("bad_entry")
    seed = entry.get("server_seed")
    if seed is None:
        return Verdict(PENDING, "unrevealed")
    if not is_server_seed(seed):
        return _failed("bad_entry")
    if commitment(seed) != entry["commitment"]:
        return _failed("commitment_mismatch")
    notes: list[str] = []
    if seen is not None:
        if seen.shown is None:
            notes.append("not_present")
        elif seen.shown != entry["commitment"]:
            return _failed("commitment_unshown")
        if seen.seed is not None and seen.seat is not None:
            used = seeds[seen.seat] if 0 <= seen.seat < seats else None
            if used == seen.seed:
                pass
            elif seen.elsewhere:
                notes.append("seed_elsewhere")
            elif used == "" and not seen.acknowledged:
                notes.append("seed_late")
            else:
                return _failed("own_seed")
    order = shuffled(pack, seed, number, seeds)
    # the pack is shown beside the seeds for the reader's convenience; a record may leave it
    # out, but one shown must be the seeds' own
    if entry.get("pack") is not None and entry["pack"] != order:
        return _failed("pack")
    drawn = first_dealer(seed, seeds, seats) if scheme == SCHEME and number == 1 else None
    if drawn is not None and entry.get("first_dealer") != drawn:
        return _failed("first_dealer")
    if (
        seen is not None
        and seen.hand is not None
        and seen.hand_seat is not None
        and seen.dealer is not None
        and hand_positions is not None
    ):
        place = (seen.hand_seat - seen.dealer) % seats
        dealt = Counter(order[p] for p in hand_positions[place])
        if dealt - Counter(seen.hand):
            return _failed("hand")
    return Verdict(VERIFIED, None, tuple(notes))
