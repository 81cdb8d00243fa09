"""Check a record's deals against their revealed seeds (``docs/fairness.md``).

A record of a match dealt by the scheme carries ``fairness``: per deal its number, the
commitment published before it, the seats' client seeds and, once the deal is over, the
server seed. A deal is verified when the seed matches its commitment and the pack shuffled
from the seeds, dealt after the record's earlier deals, deals what the record's deal dealt
(:attr:`Records.dealt_pack` of both, compared).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import ActionError
from .fairness import SCHEME, commitment, is_client_seed, is_server_seed, shuffled
from .game import TABLE, Game, RecordError, RecordFormatError
from .records import read_envelope

ABOUT_THE_WHOLE = ("totals", "winners", "fairness", "status", "seen_by")
"""Envelope keys that describe the whole record, left out of the record of its first deals."""


@dataclass(frozen=True)
class DealCheck:
    deal: int
    verified: bool | None
    """``True``: the cards follow from the seeds; ``False``: they do not, or the seed does
    not match its commitment; ``None``: the seed is not revealed yet (a deal in progress)."""
    problem: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.deal, "verified": self.verified, "problem": self.problem}


def fairness_of(doc: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The record's ``fairness`` entries, or :class:`RecordFormatError`."""
    if doc.get("paper") is True:
        raise RecordFormatError("the match was played with real cards: no deal was dealt here")
    entries = doc.get("fairness")
    if not isinstance(entries, list) or not entries:
        raise RecordFormatError("the record has no 'fairness': its deals were not dealt by seeds")
    for entry in entries:
        if not isinstance(entry, dict) or entry.get("scheme") != SCHEME:
            raise RecordFormatError(f"each 'fairness' entry is an object of scheme {SCHEME}")
        number = entry.get("deal")
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            raise RecordFormatError("a 'fairness' entry names its deal by number, from 1")
    return entries


def verify_record(doc: object) -> list[DealCheck]:
    """One check per ``fairness`` entry of ``doc``, in order; :class:`RecordFormatError`
    when ``doc`` is no record or has no seeds."""
    game, players, options = read_envelope(doc)
    assert isinstance(doc, dict)
    deals = doc.get("deals")
    if not isinstance(deals, list):
        raise RecordFormatError("'deals' must be a list")
    envelope = {k: v for k, v in doc.items() if k not in ABOUT_THE_WHOLE}
    return [_check(game, players, options, envelope, deals, entry) for entry in fairness_of(doc)]


def _check(
    game: Game,
    players: Sequence[str],
    options: Mapping[str, Any],
    envelope: Mapping[str, Any],
    deals: list[Any],
    entry: Mapping[str, Any],
) -> DealCheck:
    number: int = entry["deal"]
    seed = entry.get("server_seed")
    seeds = entry.get("client_seeds")
    if not isinstance(seeds, list) or len(seeds) != len(players):
        return DealCheck(number, False, "the client seeds are not one per seat")
    if not all(is_client_seed(s) for s in seeds):
        return DealCheck(number, False, "a client seed is not of the scheme's characters")
    if seed is None:
        return DealCheck(number, None, "the server seed is revealed when the deal is over")
    if not is_server_seed(seed):
        return DealCheck(number, False, "the server seed is not 64 lowercase hex digits")
    if commitment(seed) != entry.get("commitment"):
        return DealCheck(number, False, "the server seed does not match its commitment")
    if number > len(deals):
        return DealCheck(number, False, f"the record has no deal {number}")
    try:
        recorded = game.records.replay(players, options, {**envelope, "deals": deals[:number]})
        seeded = game.records.replay(players, options, {**envelope, "deals": deals[: number - 1]})
    except RecordError as broken:
        return DealCheck(number, False, f"the record does not replay: {broken}")
    if seeded.to_act != TABLE:
        return DealCheck(number, False, "the match was not waiting for a deal")
    order = shuffled(game.pack.cards, seed, number, seeds)
    shown = entry.get("pack")
    if shown is not None and shown != order:
        return DealCheck(number, False, "the pack shown is not the one the seeds shuffle")
    try:
        seeded.apply(TABLE, game.deal(order))
    except ActionError as refused:  # pragma: no cover - every order of the pack deals
        return DealCheck(number, False, f"the seeds' pack does not deal: {refused}")
    index = number - 1
    if game.records.dealt_pack(recorded, index) != game.records.dealt_pack(seeded, index):
        return DealCheck(number, False, "the cards dealt are not the ones the seeds deal")
    return DealCheck(number, True)
