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

from .deal_check import FAILED, PENDING, check_deal
from .errors import ActionError
from .fairness import SCHEME, shuffled
from .game import TABLE, Game, RecordError, RecordFormatError
from .records import read_envelope

ABOUT_THE_WHOLE = ("totals", "winners", "fairness", "status", "seen_by")
"""Envelope keys that describe the whole record, left out of the record of its first deals."""


@dataclass(frozen=True)
class DealCheck:
    deal: int
    verified: bool | None
    """``True``: the cards follow from the seeds; ``False``: they do not, the seed does not
    match its commitment, or the record leaves out what would show it; ``None``: the seed
    is not revealed yet (the deal in play of a running match)."""
    problem: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.deal, "verified": self.verified, "problem": self.problem}


def fairness_of(doc: Mapping[str, Any]) -> list[Any]:
    """The record's ``fairness`` entries, or :class:`RecordFormatError` for a record with
    none to check (played with real cards, or dealt before deals were seeded)."""
    if doc.get("paper") is True:
        raise RecordFormatError("the match was played with real cards: no deal was dealt here")
    entries = doc.get("fairness")
    if not isinstance(entries, list):
        raise RecordFormatError("the record has no 'fairness': its deals were not dealt by seeds")
    return entries


def verify_record(doc: object) -> list[DealCheck]:
    """One check per deal of ``doc``, in order, and one per ``fairness`` entry that names
    no deal of it; :class:`RecordFormatError` when ``doc`` is no record or has no seeds.

    Every deal needs exactly one entry, in order, its seed revealed, except the deal in
    play of a running match (``"status": "playing"``): whatever the record leaves out is a
    failure, for a record that hides a deal's seed hides whether its cards were chosen."""
    game, players, options = read_envelope(doc)
    assert isinstance(doc, dict)
    deals = doc.get("deals")
    if not isinstance(deals, list):
        raise RecordFormatError("'deals' must be a list")
    entries = fairness_of(doc)
    envelope = {k: v for k, v in doc.items() if k not in ABOUT_THE_WHOLE}
    running = doc.get("status") == "playing"
    checks: list[DealCheck] = []
    for index in range(len(deals)):
        number = index + 1
        entry = entries[index] if index < len(entries) else None
        named = [e for e in entries if isinstance(e, dict) and e.get("deal") == number]
        if not isinstance(entry, dict) or entry.get("deal") != number:
            if named:
                problem = f"the fairness entry of deal {number} is out of order"
            else:
                problem = f"deal {number} has no fairness entry"
            checks.append(DealCheck(number, False, problem))
            continue
        if len(named) > 1:
            checks.append(
                DealCheck(number, False, f"deal {number} has {len(named)} fairness entries")
            )
            continue
        in_play = running and number == len(deals)
        checks.append(_check(game, players, options, envelope, deals, entry, in_play))
    for extra in entries[len(deals) :]:
        named_deal = extra.get("deal") if isinstance(extra, dict) else None
        label = (
            named_deal if isinstance(named_deal, int) and not isinstance(named_deal, bool) else 0
        )
        problem = f"a fairness entry names deal {named_deal}, which the record lacks"
        checks.append(DealCheck(label, False, problem))
    return checks


def _check(
    game: Game,
    players: Sequence[str],
    options: Mapping[str, Any],
    envelope: Mapping[str, Any],
    deals: list[Any],
    entry: Mapping[str, Any],
    in_play: bool,
) -> DealCheck:
    number: int = entry["deal"]
    verdict = check_deal(entry, game.pack.cards, len(players))
    if verdict.status == PENDING:
        if in_play:
            return DealCheck(
                number, None, "the deal is in play: its seed is revealed when it is over"
            )
        return DealCheck(
            number, False, f"deal {number} is over but its server seed is not revealed"
        )
    if verdict.status == FAILED:
        return DealCheck(number, False, verdict.message)
    try:
        recorded = game.records.replay(players, options, {**envelope, "deals": deals[:number]})
        seeded = game.records.replay(players, options, {**envelope, "deals": deals[: number - 1]})
    except RecordError as broken:
        return DealCheck(number, False, f"the record does not replay: {broken}")
    if seeded.to_act != TABLE:
        return DealCheck(number, False, "the match was not waiting for a deal")
    if (
        entry.get("scheme") == SCHEME
        and number == 1
        and entry["first_dealer"] != recorded.first_dealer
    ):
        return DealCheck(number, False, "the record's first dealer is not the one the seeds draw")
    order = shuffled(game.pack.cards, entry["server_seed"], number, entry["client_seeds"])
    try:
        seeded.apply(TABLE, game.deal(order))
    except ActionError as refused:  # pragma: no cover - every order of the pack deals
        return DealCheck(number, False, f"the seeds' pack does not deal: {refused}")
    index = number - 1
    if game.records.dealt_pack(recorded, index) != game.records.dealt_pack(seeded, index):
        return DealCheck(number, False, "the cards dealt are not the ones the seeds deal")
    return DealCheck(number, True)
