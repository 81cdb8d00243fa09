"""What one seat knows about the deal in progress, read from its view and nothing else.

Players are numbered by *position* in the deal's play order (0 is forehand), which is what the
sampler and the playouts use; ``order`` maps a position back to its seat.

Inferred facts: a player who did not follow the suit led holds no card of it (a void); the
cards this seat has not seen are in the other two hands or, when this seat is not forehand, in
forehand's discard; an open card that has not been played is with forehand, in hand or discard.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.engine.bismarck.rules import PASS

from .bits import CODE, FULL, mask_of, suit_code

View = dict[str, Any]


@dataclass(slots=True)
class Knowledge:
    seat: int
    order: tuple[int, int, int]
    me: int
    """This seat's position in the play order."""
    contract: str | None
    trump: int
    """Trump suit index, -1 without trumps."""
    take: bool
    """True when tricks are wanted (positive contracts), False in pass."""
    hand: int
    played: int
    trick: list[int]
    """Cards of the trick in progress, in play order."""
    leader: int
    """Position that led (or is to lead) the trick in progress."""
    voids: list[int]
    """Per position, a 4-bit mask of the suits it is known to be void in."""
    unseen: int
    """Cards this seat has not seen that are still out of play or in hands."""
    forehand_only: int
    """Unseen cards that can only be with forehand: unplayed open cards."""
    sizes: list[int]
    """Cards in hand per position."""
    hidden_discard: int
    """How many unseen cards lie in forehand's discard (4 for the others, else 0)."""
    tricks: list[int]
    """Tricks taken so far per position."""
    open_cards: int
    discard: int
    """This seat's own discard, when it is forehand and has discarded."""

    @property
    def others(self) -> tuple[int, int]:
        return ((self.me + 1) % 3, (self.me + 2) % 3)


def suit_bit(card: str) -> int:
    return 1 << (CODE[card] // 13)


def read(view: View) -> Knowledge:
    """The seat's knowledge of the current deal. Needs a view with a deal in progress."""
    deal = view["deal"]
    seat: int = view["seat"]
    first, second, third = deal["order"]
    order = (first, second, third)
    me = order.index(seat)
    pos = {s: i for i, s in enumerate(order)}
    contract: str | None = deal["contract"]

    voids = [0, 0, 0]
    played = 0
    tricks_seen = [t["cards"] for t in deal["tricks_played"]]
    current = deal["trick"]
    for cards in [*tricks_seen, current]:
        if not cards:
            continue
        led = suit_bit(cards[0]["card"])
        for entry in cards:
            played |= 1 << CODE[entry["card"]]
            if suit_bit(entry["card"]) != led:
                voids[pos[entry["seat"]]] |= led

    hand = mask_of(deal["hand"] or ())
    open_cards = mask_of(deal["open"])
    own_discard = mask_of(deal["discard"] or ())
    unseen = FULL & ~hand & ~played & ~own_discard
    forehand_only = 0
    if me == 0:
        # forehand has every open card in hand, in the discard or played
        unseen &= ~open_cards
    else:
        forehand_only = open_cards & unseen
    if contract is None:
        unseen &= ~open_cards  # before the contract the open cards are on the table
    sizes = [deal["hand_sizes"][s] or 0 for s in order]
    hidden = 4 if me != 0 and deal["discarded"] else 0
    tricks = [deal["tricks"][s] or 0 for s in order]
    if current:
        leader = pos[current[0]["seat"]]
    elif tricks_seen:
        leader = pos[deal["tricks_played"][-1]["winner"]]
    else:
        leader = 0
    return Knowledge(
        seat=seat,
        order=order,
        me=me,
        contract=contract,
        trump=suit_code(deal["trump"]),
        take=contract != PASS,
        hand=hand,
        played=played,
        trick=[CODE[e["card"]] for e in current],
        leader=leader,
        voids=voids,
        unseen=unseen,
        forehand_only=forehand_only,
        sizes=sizes,
        hidden_discard=hidden,
        tricks=tricks,
        open_cards=open_cards,
        discard=own_discard,
    )
