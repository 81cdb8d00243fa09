"""Auction pinochle's fixed data and arithmetic: the pack, who is active, how the pack is
dealt, card points, the chip schedules and the settlement (rules §1-§3, §10-§12 and
Clarifications 6-8). Nothing here knows a state; ``state.py`` feeds it numbers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from typing import Final

from ...cards import Card
from ...game import Option, Options, OptionValue, Pack
from ...hand_positions import HandPositions, positions_of
from ...tricks import Heading, TrickRules

RANKS: Final = "ATKQJ9"
PACK: Final = Pack(RANKS, copies=2)
CARDS: Final[tuple[Card, ...]] = PACK.cards
DISTINCT: Final[tuple[Card, ...]] = tuple(dict.fromkeys(CARDS))

HAND_SIZE: Final = 15
WIDOW_SIZE: Final = 3
BURY_SIZE: Final = 3
LAST_TRICK: Final = 10
KITTY_FROM: Final = 350
"""The kitty pays and collects on bids of this much or more (§11)."""
MAX_BID: Final = 10_000
"""The table's limit on a bid, a higher one refused as ``bid_too_high``. Clarification 6 sets
no maximum, but no deal's count comes near this (a meld from 18 cards and 250 card points)
and every schedule's chips stop rising by 700, so a higher bid could neither be made nor be
worth more; with a limit the paper form can offer every bid as a choice and no number grows
without end (docs/games/auction-pinochle.md, choice 9)."""

PINOCHLE: Final = TrickRules(
    follow_suit=True, heading=Heading.ON_TRUMP_LEAD, trump_when_void=True, ranks=RANKS
)
"""§9: follow suit; beat a trump lead if able; trump when void; no duty to overtrump."""

CARD_POINTS: Final[dict[str, dict[str, int]]] = {
    "standard": {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0},
    "tens": {"A": 10, "T": 10, "K": 5, "Q": 5, "J": 0, "9": 0},
    "simple": {"A": 10, "T": 10, "K": 10, "Q": 0, "J": 0, "9": 0},
}
"""§10.1: three schemes, each 240 in the pack (250 with the last trick)."""

SCHEDULES: Final[dict[str, tuple[tuple[int, int], ...]]] = {
    # (lowest bid, chips): the basic value of a bid is the chips of the highest step it reaches
    "standard": ((0, 1), (250, 2), (300, 3), (350, 5), (400, 10), (450, 15), (500, 20),
                 (550, 25), (600, 30)),
    "steady": ((0, 1), (250, 2), (300, 3), (350, 4), (400, 5), (450, 6), (500, 7),
               (550, 8), (600, 9), (650, 10), (700, 11)),
    "bonus": ((0, 1), (250, 2), (300, 3), (350, 5), (400, 7), (450, 10), (500, 13),
              (550, 17), (600, 21), (650, 25), (700, 30)),
}  # fmt: skip
"""§10.3 and Clarification 6 ("standard"), and two schedules of the Hoyle lineage's
betting-limit tables: one chip more per 50 points ("steady"), and the bonus scale for high
bids ("bonus")."""

OPTIONS: Final[tuple[Option, ...]] = (
    Option(
        "opening",
        300,
        "The compulsory opening bid of eldest, the least bid there is.",
        choices=(300, 250, 200),
    ),
    Option(
        "card_points",
        "standard",
        "Card points: standard (A 11, 10 10, K 4, Q 3, J 2), tens (A and 10 count 10, K and "
        "Q 5) or simple (A, 10 and K count 10).",
        choices=tuple(CARD_POINTS),
    ),
    Option(
        "schedule",
        "standard",
        "Chips a bid is worth: standard (3, 5, 10, 15, 20, 25, 30 from 300 by fifties), steady "
        "(one chip more per 50 points) or bonus (2, 3, 5, 7, 10, 13, 17, 21, 25, 30).",
        choices=tuple(SCHEDULES),
    ),
    Option("spades_double", True, "A bid with spades as trumps is worth twice its chips."),
    Option(
        "rounds",
        2,
        "How many times each seated player deals in a session.",
        minimum=1,
        maximum=10,
    ),
    Option(
        "packets",
        3,
        "The dealer's packets: threes, or fours (4-4-4-3); the widow follows the first round.",
        choices=(3, 4),
    ),
)
DEFAULTS: Final[dict[str, OptionValue]] = {o.name: o.default for o in OPTIONS}


class End(StrEnum):
    """How a deal ended; also the scoresheet's term ``end.<value>``."""

    MADE = "made"  # played out and made
    MADE_ON_MELD = "made_on_meld"  # the meld alone reached the bid (§5.3, Clarification 4)
    OPPONENTS_CONCEDED = "opponents_conceded"  # both opponents conceded (§7)
    SINGLE_BETE = "single_bete"  # the bidder conceded after turning the widow (§7)
    DOUBLE_BETE = "double_bete"  # played out and failed (§10.2)
    THROWN_IN = "thrown_in"  # eldest threw in on the compulsory bid (§4.1)


FACTOR: Final[dict[End, int]] = {
    End.MADE: 1,
    End.MADE_ON_MELD: 1,
    End.OPPONENTS_CONCEDED: 1,
    End.SINGLE_BETE: -1,
    End.DOUBLE_BETE: -2,
}
"""What each counterparty pays the bidder, in units of the bid's value (§10.4)."""


def active_seats(seats: int, dealer: int) -> tuple[int, int, int]:
    """The three seats dealt in, eldest first, in bidding order (§1)."""
    steps = {3: (1, 2, 3), 4: (1, 2, 3), 5: (1, 3, 4)}[seats]
    a, b, c = ((dealer + k) % seats for k in steps)
    return a, b, c


def deals_total(seats: int, options: Options) -> int:
    return int(options["rounds"]) * seats


WIDOW: Final = 3
"""The widow's place in a layout; places 0-2 are the active seats in bidding order."""


def layout(packets: int) -> tuple[int, ...]:
    """The place each position of a shuffled pack goes to (§3): a round of packets to the
    three active seats from eldest, the widow's three, then the rest in packets; fours end
    on a round of threes (4-4-4-3)."""
    rounds = (3, 3, 3, 3, 3) if packets == 3 else (4, 4, 4, 3)
    out: list[int] = []
    for k, size in enumerate(rounds):
        for place in range(3):
            out.extend([place] * size)
        if k == 0:
            out.extend([WIDOW] * WIDOW_SIZE)
    assert len(out) == len(CARDS)
    return tuple(out)


LAYOUTS: Final[dict[int, tuple[int, ...]]] = {3: layout(3), 4: layout(4)}


def hand_positions(seats: int, options: Options) -> HandPositions:
    """``Game.hand_positions``: the positions of the layout the deal uses (option
    ``packets``) that go to each active seat (§1, §3); none to a seat sitting out, and the
    widow's to no hand."""
    packets = int(options.get("packets", DEFAULTS["packets"]))
    active = active_seats(seats, 0)
    places = (None if place == WIDOW else active[place] for place in LAYOUTS[packets])
    return positions_of(places, seats)


def card_points(cards: Iterable[Card], scheme: str) -> int:
    points = CARD_POINTS[scheme]
    return sum(points[c[0]] for c in cards)


def bidder_total(meld: int, taken: int, won_last: bool) -> int:
    """The bidder's count (§10.2): meld, card points of his tricks and buried cards
    (``taken``), and the last trick's 10."""
    return meld + taken + (LAST_TRICK if won_last else 0)


def basic_value(bid: int, schedule: str) -> int:
    """The chips a bid is worth before any spade doubling (§10.3, Clarification 6)."""
    return max((chips for lowest, chips in SCHEDULES[schedule] if bid >= lowest), default=0)


def bid_value(bid: int, trump: str | None, options: Options) -> int:
    """The value counterparties settle in: the basic value, doubled when spades are trumps
    (and the option says so); no trump named means no doubling (Clarification 3)."""
    value = basic_value(bid, str(options["schedule"]))
    if trump == "S" and options["spades_double"]:
        value *= 2
    return value


def settle(
    seats: int,
    bidder: int,
    bid: int,
    value: int,
    end: End,
    conceded: Mapping[int, int],
) -> tuple[list[int], int]:
    """Chips gained by each seat, and the kitty's change, for a deal that ``end``-ed.

    Every seat other than the bidder is a counterparty, active or not, and so is the kitty
    from a bid of 350 (§10.4, §11). ``conceded`` maps an opponent who conceded alone to the
    value at the moment of his concession: he pays it as for a made contract whatever
    happens (§7, Clarification 3). A throw-in pays the basic value to the kitty alone.
    """
    chips = [0] * seats
    if end is End.THROWN_IN:
        chips[bidder] -= value
        return chips, value
    factor = FACTOR[end]
    for seat in range(seats):
        if seat == bidder:
            continue
        paid = conceded.get(seat, value * factor)
        chips[seat] -= paid
        chips[bidder] += paid
    kitty = 0
    if bid >= KITTY_FROM:
        kitty = -value * factor
        chips[bidder] -= kitty
    return chips, kitty


def share_kitty(balance: int, seats: int, last_dealer: int) -> list[int]:
    """The kitty split among the seats at the end of a session (Clarification 7): the
    quotient rounded toward zero to each, the remainder one chip each from the seat left of
    the last dealer."""
    quotient = abs(balance) // seats * (1 if balance >= 0 else -1)
    share = [quotient] * seats
    rest = balance - quotient * seats
    step = 1 if rest > 0 else -1
    for k in range(abs(rest)):
        share[(last_dealer + 1 + k) % seats] += step
    return share


def ranks(totals: Sequence[int]) -> list[int]:
    """1 + the number of seats with a higher balance: equal balances share a rank (1, 1, 3)."""
    return [1 + sum(1 for other in totals if other > total) for total in totals]
