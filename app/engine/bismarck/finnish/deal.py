"""Who plays which part in a deal of Finnish Bismarck, the four steps of its exchange, and
where the pack deals its cards. The deal itself, its cards in the ledger, is ``state.py``'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from ...cards import Card
from ...hand_positions import pack_from, positions_of
from ..rules import OPEN_CARDS
from .rules import DEALT, SEATS, forehand_of

KIND: Final = {1: "pass", 2: "share", 3: "pass", 4: "pass"}
"""The action of each step of the exchange (rules §4)."""
COUNT: Final = {1: 4, 2: 3, 3: 1, 4: 1}
"""How many cards each step passes."""
STEP_KEYS: Final = ("to_partner", "from_partner", "to_dealer", "from_dealer")
"""What each step passed, as the exchange and the record name it."""


@dataclass(frozen=True, slots=True)
class Roles:
    """The parts the four seats play in a deal with this dealer (rules §1)."""

    dealer: int
    forehand: int
    dealer_partner: int
    forehand_partner: int

    @classmethod
    def of(cls, dealer: int) -> Roles:
        return cls(dealer, forehand_of(dealer), (dealer + 2) % SEATS, (dealer + 3) % SEATS)

    def giver(self, step: int) -> int:
        return (self.forehand, self.forehand_partner, self.dealer_partner, self.dealer)[step - 1]

    def receivers(self, step: int) -> tuple[int, ...]:
        """Who receives at ``step``; forehand's partner gives to the three others, clockwise
        from the dealer on his left."""
        share = (self.dealer, self.forehand, self.dealer_partner)
        return ((self.forehand_partner,), share, (self.dealer,), (self.dealer_partner,))[step - 1]


@dataclass(frozen=True, slots=True)
class Pass:
    """Cards passed face down at one step, from one seat to another."""

    step: int
    giver: int
    receiver: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Exchange:
    """What each step passed, ``None`` until it is made (the record's ``exchange``); a step
    made is a new exchange, so that a deal's copy shares it."""

    to_partner: tuple[Card, ...] | None = None
    from_partner: dict[int, Card] | None = None
    """Seat to card, in seat order."""
    to_dealer: Card | None = None
    from_dealer: Card | None = None

    @property
    def next_step(self) -> int | None:
        """The step to be made next, ``None`` once all four are."""
        made = (self.to_partner, self.from_partner, self.to_dealer, self.from_dealer)
        return next((step for step, done in enumerate(made, 1) if done is None), None)

    def made(self, step: int, passed: Any) -> Exchange:
        """This exchange with ``step`` made: ``passed`` is its field's value."""
        return replace(self, **{STEP_KEYS[step - 1]: passed})

    def passes(self, roles: Roles) -> list[Pass]:
        """Every pass made so far, in the order made; step 2's clockwise from the dealer."""
        out: list[Pass] = []
        if self.to_partner is not None:
            out.append(Pass(1, roles.forehand, roles.forehand_partner, self.to_partner))
        if self.from_partner is not None:
            given = self.from_partner
            out.extend(Pass(2, roles.forehand_partner, r, (given[r],)) for r in roles.receivers(2))
        if self.to_dealer is not None:
            out.append(Pass(3, roles.dealer_partner, roles.dealer, (self.to_dealer,)))
        if self.from_dealer is not None:
            out.append(Pass(4, roles.dealer, roles.dealer_partner, (self.from_dealer,)))
        return out


HAND_POSITIONS: Final = positions_of(
    [None] * OPEN_CARDS + [(forehand_of(0) + k) % SEATS for k in range(SEATS * DEALT)], SEATS
)
"""The positions of the pack each hand is dealt, the dealer's first, as
:meth:`~..family.FamilyMatch.lay_out` deals them (rules §2)."""


def pack_for(
    open_cards: Sequence[Card], hands: Sequence[Sequence[Card]], dealer: int
) -> list[Card]:
    """A pack that deals ``open_cards`` and ``hands`` (the inverse of ``Deal.dealt``)."""
    return pack_from(hands, HAND_POSITIONS, dealer, rest=open_cards)
