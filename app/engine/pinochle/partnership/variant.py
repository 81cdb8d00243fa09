"""What tells the four-player partnership pinochles apart, as data (``Variant``), what a
match's options make of it (``settings``), and the arithmetic of a deal: card points, the
scores of a deal, the provisional score of a claim and who wins at the end of a deal
(partnership-pinochle.md §7-§9, §13; double-deck-pinochle.md §7-§9, §12). Nothing here knows
a state; ``state.py`` feeds it numbers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cached_property
from typing import Any, Final

from ...cards import SUITS, Card
from ...game import Option, Options, Pack
from ...tricks import Heading, TrickRules
from ..melds import MeldTable

SEATS: Final = 4
TEAMS: Final[tuple[tuple[int, int], tuple[int, int]]] = ((0, 2), (1, 3))
MAX_BID: Final = 100_000
"""The table's limit on a bid, a higher one (or an announcement making one) refused as
``bid_too_high``. Clarification 1 sets no maximum, but no deal's count comes near this, so a
higher bid could never be made; with a limit the paper form's bid and the browser's stepper
are bounded (docs/games/partnership-pinochle.md, *A limit on bids*)."""

CLAIMS: Final = Option(
    "claims",
    True,
    "A player may claim during play that his side has reached the target: right, it wins; "
    "wrong, it loses (§9).",
)
"""The option of both games: claims allowed."""


def team_of(seat: int) -> int:
    """0 for seats 0 and 2, 1 for seats 1 and 3: partners sit opposite."""
    return seat % 2


class MadeBid(StrEnum):
    """What a bidding side that makes its bid scores (partnership §8)."""

    BID = "bid"  # the amount of the bid
    POINTS = "points"  # all the points it took


class End(StrEnum):
    """How a deal ended; also the scoresheet's term ``end.<value>``."""

    MADE = "made"  # played out, the bidding side reached its bid
    SET = "set"  # played out, the bidding side fell short: the bid is subtracted
    PASSED_OUT = "passed_out"  # all four passed: thrown in, nothing scored
    CLAIM_WON = "claim_won"  # a side claimed the game and was right
    CLAIM_LOST = "claim_lost"  # a side claimed the game and was wrong


@dataclass(frozen=True)
class Variant:
    """Every difference between the partnership pinochles. A field an option of the game
    may override (``target``, ``made_bid_scores``, ``announcements``, ``long_suit``,
    ``claims``) is that option's default, or the rule when the game has no such option."""

    name: str
    title: str
    summary: str
    ranks: str
    """The ranks of the pack, high to low: ``ATKQJ9`` or ``ATKQJ``."""
    copies: int
    """How many times the pack holds each card."""
    packet: int
    """Cards dealt to a player at a time (cosmetic: it decides which pack positions go
    where)."""
    minimum_bid: int
    meld_table: MeldTable
    card_points: Mapping[str, int]
    last_trick: int
    options: tuple[Option, ...]
    target: int
    made_bid_scores: MadeBid
    announcements: bool = False
    long_suit: int = 8
    """Only read where bids may be announced (double-deck §4)."""
    claims: bool = True

    @cached_property
    def pack(self) -> Pack:
        return Pack(self.ranks, copies=self.copies)

    @cached_property
    def cards(self) -> tuple[Card, ...]:
        return self.pack.cards

    @cached_property
    def hand_size(self) -> int:
        return self.pack.size // SEATS

    @cached_property
    def trick_rules(self) -> TrickRules:
        """§6: follow suit; beat a trump lead if able; trump when void; no overtrump duty."""
        return TrickRules(
            follow_suit=True,
            heading=Heading.ON_TRUMP_LEAD,
            trump_when_void=True,
            ranks=self.ranks,
        )

    def layout(self, dealer: int) -> tuple[int, ...]:
        """The seat each position of a shuffled pack goes to: packets of ``packet`` cards
        in turn from the dealer's left (§3)."""
        return tuple((dealer + 1 + k // self.packet) % SEATS for k in range(self.pack.size))

    def settings(self, options: Options) -> Variant:
        """The rules a match plays by: the variant as the options the game has set it."""
        chosen: dict[str, Any] = {o.name: options[o.name] for o in self.options}
        if "made_bid_scores" in chosen:
            chosen["made_bid_scores"] = MadeBid(chosen["made_bid_scores"])
        return replace(self, **chosen)


def deal_scores(bidder_team: int, bid: int, hands: Sequence[int], made: MadeBid) -> list[int]:
    """What each team scores for a deal played out (§8): the non-bidding side its hand
    points; the bidding side the bid (or all its points) when its hand points reach the bid,
    else minus the bid."""
    scores = list(hands)
    own = hands[bidder_team]
    if own >= bid:
        scores[bidder_team] = bid if made is MadeBid.BID else own
    else:
        scores[bidder_team] = -bid
    return scores


def provisional(team: int, bidder_team: int, bid: int, hand: int, made: MadeBid) -> int:
    """A claiming side's provisional hand score (§9, Clarification 7): its points so far
    (``hand``: card points and, once it won a trick, its meld); a bidding side's counts only
    when it already reaches the bid, as the bid (or all its points), else 0 — a contract
    cannot fail before the hand ends."""
    if team != bidder_team:
        return hand
    if hand < bid:
        return 0
    return bid if made is MadeBid.BID else hand


def winner_at_end(totals: Sequence[int], target: int, bidder_team: int | None) -> int | None:
    """The team that wins when a deal ends (§9): the one at or over the target; both over,
    the bidding side; ``None`` while neither is."""
    over = [t for t in range(2) if totals[t] >= target]
    if not over:
        return None
    if len(over) == 2:
        assert bidder_team is not None, "only a scored bid moves both sides"
        return bidder_team
    return over[0]


def flag_held(hand: Iterable[Card], flag: str, long_suit: int) -> bool:
    """Whether ``hand`` allows a bid's ``flush`` (A, 10, K, Q, J of one suit) or its
    ``long_suit`` (``long_suit`` cards of one suit or more; double-deck §4)."""
    if flag == "flush":
        held = set(hand)
        return any(all(r + s in held for r in "ATKQJ") for s in SUITS)
    counts = dict.fromkeys(SUITS, 0)
    for card in hand:
        counts[card[1]] += 1
    return max(counts.values()) >= long_suit
