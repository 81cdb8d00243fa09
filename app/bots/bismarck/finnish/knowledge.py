"""What one seat knows about the deal in progress, read from its view and nothing else.

Seats are the table's. Inferred facts: a player who did not follow the suit led holds no
card of it (a void); the cards this seat has not seen played and does not hold are
*outstanding*, somewhere in the other hands (or, before the contract, on the table).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.engine.bismarck.finnish.rules import MISERE

from ..bits import CODE, FULL, mask_of, suit_code

View = dict[str, Any]


@dataclass(slots=True)
class Knowledge:
    seat: int
    dealer: int
    contract: str | None
    trump: int
    """Trump suit index, -1 without trumps."""
    take: bool
    """True when tricks are wanted (positive contracts), False in misère."""
    hand: int
    open_cards: int
    step: int | None
    """The exchange's step to be made next, ``None`` before the contract and in the play."""
    trick: list[int]
    """Cards of the trick in progress, in play order."""
    leader: int
    """The seat that led (or is to lead) the trick in progress."""
    voids: list[int]
    """Per seat, a 4-bit mask of the suits it is known to lack."""
    played: int
    outstanding: int
    """Cards this seat has not seen played and does not hold."""
    tricks: list[int]
    """Tricks taken so far per seat."""

    @property
    def forehand(self) -> int:
        return (self.dealer + 1) & 3


def read(view: View) -> Knowledge:
    """The seat's knowledge of the current deal. Needs a view with a deal in progress."""
    deal = view["deal"]
    seat: int = view["seat"]
    contract: str | None = deal["contract"]
    voids = [0, 0, 0, 0]
    played = 0
    current = deal["trick"]
    for cards in [*(t["cards"] for t in deal["tricks_played"]), current]:
        if not cards:
            continue
        led = 1 << (CODE[cards[0]["card"]] // 13)
        for entry in cards:
            code = CODE[entry["card"]]
            played |= 1 << code
            if not (1 << (code // 13)) & led:
                voids[entry["seat"]] |= led
    hand = mask_of(deal["hand"] or ())
    open_cards = mask_of(deal["open"])
    outstanding = FULL & ~hand & ~played
    if current:
        leader: int = current[0]["seat"]
    elif deal["tricks_played"]:
        leader = deal["tricks_played"][-1]["winner"]
    else:
        leader = deal["forehand"]
    return Knowledge(
        seat=seat,
        dealer=deal["dealer"],
        contract=contract,
        trump=suit_code(deal["trump"]),
        take=contract != MISERE,
        hand=hand,
        open_cards=open_cards,
        step=deal["exchange_step"],
        trick=[CODE[e["card"]] for e in current],
        leader=leader,
        voids=voids,
        played=played,
        outstanding=outstanding,
        tricks=list(deal["tricks"]),
    )
