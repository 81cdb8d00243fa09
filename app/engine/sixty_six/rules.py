"""Sixty-six's arithmetic and fixed data: the pack, card points, the trick duties of each
phase, the options, and how a finished deal settles (rules §1, §4, §7.1, §8-§11, §13 and
Clarifications 1, 4, 5 and 6). Nothing here knows a state; ``state.py`` feeds it numbers.

The family's other members (Schnapsen) play the same machine with their own
:class:`Variant`: the pack, the hand, where the turned card lies, the exchange, what the
talon must hold, and how a deal played out or a wrong claim settles.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from ..cards import Card
from ..game import Option, Options, Pack
from ..hand_positions import HandPositions, positions_of
from ..tricks import Heading, TrickRules

RANKS: Final = "ATKQJ9"
CARD_POINTS: Final[dict[str, int]] = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
GOAL: Final = 66
SCHNEIDER: Final = 33
MARRIAGE_IN_TRUMPS: Final = 40
MARRIAGE_PLAIN: Final = 20

CLOSED: Final = TrickRules(follow_suit=True, ranks=RANKS)  # §7.1
GERMAN_CLOSED: Final = TrickRules(
    follow_suit=True, heading=Heading.ALWAYS, trump_when_void=True, ranks=RANKS
)  # §7.1, option german_phase2

OPTIONS: Final[tuple[Option, ...]] = (
    Option(
        "german_phase2",
        False,
        "Once the stock is closed or exhausted, follow suit and win the trick if able; "
        "without the suit led, trump if able.",
    ),
    Option(
        "winner_deals_next",
        False,
        "The winner of a deal deals the next one (a deal nobody wins keeps its dealer); "
        "otherwise the deal alternates.",
    ),
    Option(
        "no_marriages_after_closing",
        False,
        "No marriage may be declared once a player has closed the stock.",
    ),
    Option(
        "claims_only_immediately",
        False,
        "A claim is allowed only as the very next action after winning a trick or "
        "declaring a marriage.",
    ),
    Option(
        "higher_total_wins",
        False,
        "A deal nobody closed and nobody claimed is won by the higher total; a tie is a "
        "draw and the same player deals again.",
    ),
    Option(
        "show_points",
        False,
        "Show each player's running points during a deal (counting is otherwise part of the game).",
    ),
    Option("target", 7, "Game points that win the match.", minimum=1, maximum=21),
)


def card_points(cards: Iterable[Card]) -> int:
    return sum(CARD_POINTS[c[0]] for c in cards)


class End(StrEnum):
    """How a deal ended; also the scoresheet's term ``end.<value>``."""

    CLAIM = "claim"  # a correct claim (§8, §11, Clarification 4)
    WRONG_CLAIM = "wrong_claim"  # a claim below 66 (§8)
    PLAYED_OUT = "played_out"  # all cards played, one player won (§10, §11, option)
    CLOSER_FAILED = "closer_failed"  # a closed deal played out with the closer below 66 (§11)
    NO_WINNER = "no_winner"  # played out, neither or both on 66: one point carried (§10)
    DRAW = "draw"  # option higher_total_wins: equal totals, same dealer again (§13)


@dataclass(frozen=True, slots=True)
class Settlement:
    end: End
    winner: int | None
    game_points: int


def schedule(opponent_points: int, opponent_tricks: int) -> int:
    """Game points for a won deal by the loser's position (§9)."""
    if opponent_tricks == 0:
        return 3
    if opponent_points < SCHNEIDER:
        return 2
    return 1


def _penalty(tricks_at_close: Sequence[int] | None, seat: int) -> int:
    """What ``seat`` scores when the other player closed and failed (§11): 2, or 3 when
    ``seat`` had no trick at the moment of closing."""
    assert tricks_at_close is not None
    return 3 if tricks_at_close[seat] == 0 else 2


def _closer_gains(
    points: Sequence[int],
    tricks: Sequence[int],
    closer: int,
    tricks_at_close: Sequence[int] | None,
    points_at_close: Sequence[int] | None,
) -> int:
    """What a closer who reached 66 scores: by the opponent's position at the end (§11), or,
    given ``points_at_close``, at the closing (Schnapsen)."""
    if points_at_close is not None:
        assert tricks_at_close is not None
        points, tricks = points_at_close, tricks_at_close
    return schedule(points[1 - closer], tricks[1 - closer])


def settle_claim(
    claimant: int,
    points: Sequence[int],
    tricks: Sequence[int],
    closed_by: int | None,
    tricks_at_close: Sequence[int] | None,
    wrong_claim_three: bool = False,
    points_at_close: Sequence[int] | None = None,
) -> Settlement:
    """A claim by ``claimant`` with both players' ``points`` at that moment (§8, §11,
    Clarifications 1 and 4: no last-trick bonus ever enters a claim). With
    ``wrong_claim_three`` (Schnapsen) a wrong claim gives the opponent 3 while it has no
    trick."""
    other = 1 - claimant
    if points[claimant] >= GOAL:
        if closed_by is None:
            gained = schedule(points[other], tricks[other])
        elif closed_by == claimant:
            gained = _closer_gains(points, tricks, claimant, tricks_at_close, points_at_close)
        else:
            gained = _penalty(tricks_at_close, claimant)  # the non-closer claims first
        return Settlement(End.CLAIM, claimant, gained)
    if closed_by == claimant:
        return Settlement(End.WRONG_CLAIM, other, _penalty(tricks_at_close, other))
    return Settlement(End.WRONG_CLAIM, other, 3 if wrong_claim_three and not tricks[other] else 2)


def settle_played_out(
    points: Sequence[int],
    tricks: Sequence[int],
    closed_by: int | None,
    tricks_at_close: Sequence[int] | None,
    higher_total_wins: bool = False,
    last_trick: int | None = None,
    points_at_close: Sequence[int] | None = None,
) -> Settlement:
    """All cards played without a claim; ``points`` include the last trick's 10 when
    nobody closed (§7.2, §10, §11, option higher_total_wins). Given ``last_trick``, the
    seat that won the last trick (Schnapsen), a deal nobody closed is that seat's."""
    if closed_by is not None:
        other = 1 - closed_by
        if points[closed_by] >= GOAL:
            gained = _closer_gains(points, tricks, closed_by, tricks_at_close, points_at_close)
            return Settlement(End.PLAYED_OUT, closed_by, gained)
        return Settlement(End.CLOSER_FAILED, other, _penalty(tricks_at_close, other))
    if last_trick is not None:
        winner = last_trick
    elif higher_total_wins:
        if points[0] == points[1]:
            return Settlement(End.DRAW, None, 0)
        winner = 0 if points[0] > points[1] else 1
    else:
        over = [seat for seat in (0, 1) if points[seat] >= GOAL]
        if len(over) != 1:
            return Settlement(End.NO_WINNER, None, 0)
        winner = over[0]
    other = 1 - winner
    return Settlement(End.PLAYED_OUT, winner, schedule(points[other], tricks[other]))


@dataclass(frozen=True, slots=True)
class Variant:
    """What a member of the family fixes; the state machine reads nothing else of it."""

    ranks: str
    places: tuple[int | None, ...]
    """For each card dealt before the stock, the seat it goes to counted from the dealer,
    ``None`` for the card turned for trumps; the stock follows, top first."""
    exchange_rank: str
    """The trump of this rank may be exchanged for the turned card."""
    exchange_word: str
    """That rank in the refusals' words (``no_nine_of_trumps``)."""
    exchange_needs_trick: bool
    talon_needed: int
    """The least cards the stock (the turned card counted) holds for an exchange or a
    closing."""
    last_trick_bonus: int
    last_trick_wins: bool
    """A deal played out that nobody closed goes to the last trick's winner, not to 66."""
    wrong_claim_three: bool
    closer_scored_at_close: bool
    """A closer who wins scores by the opponent's points and tricks at the closing."""
    closed_rules: Callable[[Mapping[str, object]], TrickRules]
    """The duties once the stock is closed or exhausted, by the match's options."""
    pack: Pack = field(init=False)
    order: dict[Card, int] = field(init=False)
    """Canonical order of a hand: spades, hearts, diamonds, clubs; by rank in each."""
    open_rules: TrickRules = field(init=False)
    hand_size: int = field(init=False)

    def __post_init__(self) -> None:
        pack = Pack(self.ranks)
        object.__setattr__(self, "pack", pack)
        object.__setattr__(self, "order", {card: i for i, card in enumerate(pack.cards)})
        object.__setattr__(self, "open_rules", TrickRules(follow_suit=False, ranks=self.ranks))
        object.__setattr__(self, "hand_size", (len(self.places) - 1) // 2)

    @property
    def draw_rounds(self) -> int:
        """Tricks after which the stock is exhausted when nobody closes."""
        return self.pack.size // 2 - self.hand_size

    @property
    def close_rounds(self) -> int:
        """Tricks before which a closing comes: after ``k`` tricks the stock (its turned card
        counted) holds ``2 * (draw_rounds - k)`` cards, at least ``talon_needed`` for a
        closing."""
        return (2 * self.draw_rounds - self.talon_needed) // 2 + 1

    @property
    def tricks(self) -> int:
        """Tricks of a deal played out that nobody closed."""
        return self.pack.size // 2

    def hand_positions(self, seats: int, options: Options) -> HandPositions:
        """``Game.hand_positions``: the same at every deal and whatever the options."""
        return positions_of(self.places, seats)

    def stock_order(self, pack: Sequence[Card]) -> list[Card]:
        """The stock as the pack lays it: the turned card first (it goes under the rest),
        then the face-down cards, top first."""
        return [pack[self.places.index(None)], *pack[len(self.places) :]]


SIXTY_SIX: Final = Variant(
    ranks=RANKS,
    # threes, the non-dealer's first (positions 0-2 and 6-8 to him, 3-5 and 9-11 to the
    # dealer), then the card turned for trumps; the stock follows (Clarification 7)
    places=(*(1 - (p // 3) % 2 for p in range(12)), None),
    exchange_rank="9",
    exchange_word="nine",
    exchange_needs_trick=True,
    talon_needed=2,
    last_trick_bonus=10,
    last_trick_wins=False,
    wrong_claim_three=False,
    closer_scored_at_close=False,
    closed_rules=lambda options: GERMAN_CLOSED if options["german_phase2"] else CLOSED,
)
