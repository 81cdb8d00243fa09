"""Spades' arithmetic and fixed data: the pack, the trick duties, the options, a side's score
for a deal and the end of the match (rules §1, §4-§6 and Clarifications 2-5). Nothing here
knows a state; ``state.py`` feeds it numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..cards import Card
from ..game import Option, OptionValue, Pack
from ..tricks import TrickRules

RANKS: Final = "AKQJT98765432"
PACK: Final = Pack(RANKS)
CARDS: Final[tuple[Card, ...]] = PACK.cards

SEATS: Final = 4
HAND_SIZE: Final = 13
TRICKS: Final = 13
EXCHANGE_SIZE: Final = 3
TRUMP: Final = "S"
RULES: Final = TrickRules(trump_lead_needs_break=True, ranks=RANKS)  # §4, SP9

NIL: Final = "nil"
BLIND_NIL: Final = "blind_nil"
Bid = int | str
"""A bid: a number of tricks 1-13, :data:`NIL` or :data:`BLIND_NIL`."""

NIL_VALUES: Final[dict[Bid | None, int]] = {NIL: 100, BLIND_NIL: 200}
BOTH_NIL_VALUE: Final = 200
BAG_LIMIT: Final = 10
BAG_PENALTY: Final = 100
FLOOR: Final = -200

NOTHING: Final = "nothing"
PARTNER: Final = "partner"
AS_BAGS: Final = "bags"

OPTIONS: Final[tuple[Option, ...]] = (
    Option(
        "first_bidder",
        "dealer",
        "Who bids first: the dealer, or the player to the dealer's left.",
        choices=("dealer", "left"),
    ),
    Option("target", 500, "Points that win the match.", choices=(200, 250, 300, 500, 1000)),
    Option(
        "lose_at_minus_200",
        False,
        "A side whose total falls to -200 or below loses the match.",
    ),
    Option(
        "bags",
        False,
        "Sandbags: every 10 overtricks a side gathers over the match cost it 100 points.",
    ),
    Option(
        "failed_nil_tricks",
        NOTHING,
        "What the tricks of a failed nil count for: nothing, the partner's contract and "
        "overtricks, or overtricks (bags) only.",
        choices=(NOTHING, PARTNER, AS_BAGS),
    ),
    Option(
        "double_nil",
        True,
        "Blind (double) nil may be bid by a player who has not looked at his cards.",
    ),
    Option(
        "bid_requires_look",
        False,
        "A player must look at his cards before bidding a number or nil.",
    ),
)


def is_nil(bid: Bid | None) -> bool:
    return bid in (NIL, BLIND_NIL)


def bid_order(dealer: int, first_bidder: OptionValue) -> tuple[int, ...]:
    """The seats in bidding order (§3, SP1)."""
    first = dealer if first_bidder == "dealer" else (dealer + 1) % SEATS
    return tuple((first + k) % SEATS for k in range(SEATS))


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side's score for a deal (§5, Clarifications 2-4)."""

    contract: int
    """The sum of the side's non-nil bids (0 when both partners bid nil)."""
    counted: int
    """Tricks counted towards the contract."""
    made: bool | None
    """Whether the contract was made; ``None`` when both partners bid nil."""
    contract_score: int
    nil_score: int
    overtricks: int
    """Overtricks scored at a point each: the bags this deal adds to the side's count."""
    bags: int | None
    """The side's bag count after the deal, the penalty taken off (``None``: no bags)."""
    bag_penalty: int
    total: int


def side_score(
    bids: Sequence[Bid | None],
    tricks: Sequence[int],
    failed_nil_tricks: str = NOTHING,
    bags_before: int | None = None,
) -> SideScore:
    """The score of a side whose two partners bid ``bids`` and took ``tricks``.

    ``bags_before`` is the side's bag count before the deal, ``None`` when the game has no
    bags. A failed nil's tricks count as ``failed_nil_tricks`` says: ``nothing`` (Cl. 3),
    ``partner`` (towards the contract and as overtricks) or ``bags`` (as overtricks of a
    made contract, never towards making it). A set side or a both-nil side gains no bags
    (Cl. 4), whatever its nil bidder took.
    """
    nils = [k for k in (0, 1) if is_nil(bids[k])]
    contract = counted = over = contract_score = 0
    made: bool | None = None
    if len(nils) == 2:
        nil_score = -BOTH_NIL_VALUE if any(tricks) else BOTH_NIL_VALUE  # Cl. 2: flat, never doubled
    else:
        nil_score = sum(NIL_VALUES[bids[k]] * (1 if tricks[k] == 0 else -1) for k in nils)
        nil_tricks = sum(tricks[k] for k in nils)
        contract = sum(b for b in bids if isinstance(b, int))  # the bids that are not nil
        counted = sum(tricks) - (0 if failed_nil_tricks == PARTNER else nil_tricks)
        made = counted >= contract
        if made:
            over = counted - contract + (nil_tricks if failed_nil_tricks == AS_BAGS else 0)
        contract_score = 10 * contract + over if made else -10 * contract
    bags: int | None = None
    penalty = 0
    if bags_before is not None:  # each full ten cost 100 in the deal that reaches it
        tens, bags = divmod(bags_before + over, BAG_LIMIT)  # the rest carries over
        penalty = -BAG_PENALTY * tens
    return SideScore(
        contract=contract,
        counted=counted,
        made=made,
        contract_score=contract_score,
        nil_score=nil_score,
        overtricks=over,
        bags=bags,
        bag_penalty=penalty,
        total=contract_score + nil_score + penalty,
    )


def winning_side(totals: Sequence[int], target: int, floor: bool) -> int | None:
    """The side that has won once a deal's score is in (§6, Cl. 5), else ``None``.

    With ``floor`` (option lose_at_minus_200) a side at -200 or below loses: the other side
    wins, or with both that low the higher total; that is checked with the target, together.
    Otherwise a side at the target or above wins; both there, the higher total. Equal
    totals decide nothing: another deal is played.
    """
    a, b = totals
    if floor and min(a, b) <= FLOOR:
        if max(a, b) > FLOOR:  # one side that low: the other wins
            return 1 if a <= FLOOR else 0
    elif max(a, b) < target:
        return None
    elif min(a, b) < target:  # one side at the target
        return 0 if a >= target else 1
    return None if a == b else (0 if a > b else 1)  # both: the higher total, unless equal
