"""The state of a Bismarck match and the one function that changes it, :meth:`Match.apply`.

A match is a sequence of actions. ``deal:…`` and ``void`` are taken by the table itself
(seat :data:`TABLE`): the shuffle is an explicit chance step whose outcome is an argument, so a
match is fully determined by its action log and any log replays to the same state. Every other
action is a seat's: ``contract:…``, ``discard:…``, ``play:…``.

A refused action raises :class:`IllegalAction` before anything is changed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from itertools import combinations
from typing import Final

from ..actions import Action, split_action
from ..cards import FULL_DECK, Card, is_card, is_full_deck, sorted_cards
from ..errors import IllegalAction, MalformedAction
from ..game import TABLE as TABLE
from ..game import Options
from ..hand_positions import HandPositions, dealt_to, positions_of
from ..tricks import WHIST, legal_cards, trick_winner
from .contracts import (
    TRUMP_SUITS,
    already_used,
    contract_choices,
    contracts_left,
    last_left,
)
from .contracts import contract_action as contract_action
from .rules import (
    CARDS_PER_HAND,
    CONTRACTS,
    DEALS_PER_MATCH,
    DISCARD_SIZE,
    OPEN_CARDS,
    SPADER,
    VALFRI,
    deal_scores,
)


class Phase(StrEnum):
    DEAL = "deal"  # waiting for the table to shuffle and deal
    CONTRACT = "contract"  # forehand chooses, seeing only the open cards
    DISCARD = "discard"  # forehand holds 20 and puts four away
    PLAY = "play"
    OVER = "match_over"


# Actions are immutable and few, so the hot path reuses one object per card.
PLAY: dict[Card, Action] = {c: Action("play", c) for c in FULL_DECK}
VOID: Final = Action("void")
# A card's text is parsed twice per move on a server (checked, then applied from the log).
_PLAY_TEXTS: dict[str, Action] = {str(a): a for a in PLAY.values()}
# ...and a view lists the playable cards as text after every card.
PLAY_TEXT: dict[Card, str] = {c: str(a) for c, a in PLAY.items()}


def parse_action(text: object) -> Action:
    """Parse and canonicalise an action's text; raise :class:`MalformedAction` if it is none."""
    if type(text) is str:
        played = _PLAY_TEXTS.get(text)
        if played is not None:
            return played
    action = split_action(text)
    kind, arg = action.kind, action.arg
    if kind == "play":
        if not is_card(arg):
            raise MalformedAction(f"'play' takes one card such as QS, got {arg[:20]!r}")
        return PLAY[arg]
    if kind == "contract":
        name, colon, trump = arg.partition(":")
        if colon and not trump:
            raise MalformedAction("a trump suit follows the colon: contract:valfri:H")
        if name not in CONTRACTS:
            raise MalformedAction(f"unknown contract {name[:20]!r}", {"contracts": list(CONTRACTS)})
        if trump and trump not in TRUMP_SUITS:
            raise MalformedAction(f"unknown trump suit {trump[:20]!r}")
        if name == SPADER and trump == "S":
            return Action("contract", SPADER)  # spades are spader's trump whether named or not
        return Action("contract", arg)
    if kind == "discard":
        cards = _parse_card_list(arg, "discard")
        return Action("discard", ",".join(sorted_cards(cards)))
    if kind == "deal":
        cards = _parse_card_list(arg, "deal")
        if not is_full_deck(cards):
            raise MalformedAction("'deal' takes all 52 cards, each once")
        return Action("deal", arg)
    if kind == "void" and not arg:
        return VOID
    raise MalformedAction(
        f"unknown action {kind[:20]!r}", {"kinds": ["contract", "discard", "play", "deal", "void"]}
    )


def _parse_card_list(arg: str, kind: str) -> list[Card]:
    cards = arg.split(",") if arg else []
    for card in cards:
        if not is_card(card):
            raise MalformedAction(f"'{kind}' takes cards separated by commas, got {card[:20]!r}")
    return cards


def discard_action(cards: Sequence[Card]) -> Action:
    return Action("discard", ",".join(sorted_cards(cards)))


def deal_action(deck: Sequence[Card]) -> Action:
    return Action("deal", ",".join(deck))


@dataclass(slots=True)
class Trick:
    leader: int
    cards: tuple[Card, ...]
    winner: int


@dataclass(slots=True)
class Deal:
    """One deal in progress or finished. Seats that sit out have ``None`` where a hand would be."""

    number: int
    dealer: int
    forehand: int
    order: tuple[int, int, int]
    open: tuple[Card, ...]
    dealt: list[tuple[Card, ...] | None]
    hands: list[list[Card]]
    """What each seat still holds, always in the pack's canonical order (``sort_key``):
    views show a hand after every card, and sorting it each time was a cost of every move."""
    contract: str | None = None
    trump: str | None = None
    forced: bool = False
    discard: tuple[Card, ...] | None = None
    plays: list[Card] = field(default_factory=list)
    trick: list[Card] = field(default_factory=list)
    leader: int = 0
    tricks: list[int | None] = field(default_factory=list)
    history: list[Trick] = field(default_factory=list)
    scores: list[int] | None = None

    @property
    def finished(self) -> bool:
        return self.scores is not None

    def copy(self) -> Deal:
        return Deal(
            self.number,
            self.dealer,
            self.forehand,
            self.order,
            self.open,
            list(self.dealt),
            [list(h) for h in self.hands],
            self.contract,
            self.trump,
            self.forced,
            self.discard,
            list(self.plays),
            list(self.trick),
            self.leader,
            list(self.tricks),
            list(self.history),
            None if self.scores is None else list(self.scores),
        )


class Match:
    """A Bismarck match for 3 or 4 seats. Build one with :func:`new_match`."""

    __slots__ = (
        "deals",
        "first_dealer",
        "pending",
        "phase",
        "seats",
        "to_act",
        "totals",
        "used",
    )

    def __init__(self, seats: int, first_dealer: int) -> None:
        if seats not in DEALS_PER_MATCH:
            raise ValueError("Bismarck is played by 3 or 4 seats")
        if not 0 <= first_dealer < seats:
            raise ValueError(f"first dealer must be a seat 0..{seats - 1}")
        self.seats = seats
        self.first_dealer = first_dealer
        self.deals: list[Deal] = []
        self.used: list[set[str]] = [set() for _ in range(seats)]
        self.totals: list[int] = [0] * seats
        self.phase = Phase.DEAL
        self.to_act: int | None = TABLE
        # a contract carried over from a voided deal (rules §13): (contract, trump)
        self.pending: tuple[str, str | None] | None = None

    # -- reading -------------------------------------------------------------------------------

    @property
    def deals_total(self) -> int:
        return DEALS_PER_MATCH[self.seats]

    @property
    def finished_deals(self) -> list[Deal]:
        # Only the last deal can be unfinished: a voided deal is replaced by its redeal.
        deals = self.deals
        if deals and not deals[-1].finished:
            return deals[:-1]
        return list(deals)

    @property
    def deals_played(self) -> int:
        return len(self.finished_deals)

    @property
    def current(self) -> Deal | None:
        """The deal being played, or ``None`` between deals and after the match."""
        if self.deals and not self.deals[-1].finished and self.phase is not Phase.DEAL:
            return self.deals[-1]
        return None  # a voided deal waiting for its redeal is no longer current

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def next_dealer(self) -> int:
        if not self.deals:
            return self.first_dealer
        last = self.deals[-1]
        return last.dealer if not last.finished else (last.dealer + 1) % self.seats

    def play_order(self, dealer: int) -> tuple[int, int, int]:
        return play_order(self.seats, dealer)

    def contracts_left(self, seat: int) -> list[str]:
        return contracts_left(CONTRACTS, self.used[seat])

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every action ``seat`` may take now (default: whoever is to act).

        The table's chance step is not enumerated (52! outcomes); draw one with :func:`random_deal`.
        A discard is listed as its 4,845 combinations; views describe it compactly instead.
        """
        actor = self.to_act if seat is None else seat
        if actor is None or actor != self.to_act or actor == TABLE:
            return []
        deal = self.deals[-1]
        if self.phase is Phase.PLAY:  # the hot path of every playout
            return [PLAY[c] for c in legal_cards(deal.hands[actor], deal.trick, deal.trump)]
        if self.phase is Phase.CONTRACT:
            return contract_choices(self.contracts_left(deal.forehand), VALFRI)
        if self.phase is Phase.DISCARD:
            return [
                discard_action(combo)
                for combo in combinations(deal.hands[deal.forehand], DISCARD_SIZE)
            ]
        return []

    def legal_cards(self) -> list[Card]:
        """The cards the player to act may play (rules §6.1)."""
        if self.phase is not Phase.PLAY or self.to_act is None:
            return []
        deal = self.deals[-1]
        return legal_cards(deal.hands[self.to_act], deal.trick, deal.trump)

    # -- changing ------------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> None:
        """Apply ``action`` taken by ``seat``, or raise :class:`IllegalAction` changing nothing."""
        kind = action.kind
        if kind == "play" and self.phase is Phase.PLAY:  # the hot path first
            self._play(seat, action.arg)
            return
        if self.phase is Phase.OVER:
            raise IllegalAction("match_over", "the match is over")
        if kind == "deal" or kind == "void":
            if seat != TABLE:
                raise IllegalAction("not_your_turn", "only the table deals or voids a deal")
            if kind == "deal":
                self._deal(action.arg.split(","))
            else:
                self._void()
            return
        if seat != self.to_act:
            raise IllegalAction(
                "not_your_turn", "it is not your turn", {"seat": seat, "to_act": self.to_act}
            )
        if kind == "contract":
            if self.phase is not Phase.CONTRACT:
                raise IllegalAction("contract_already_chosen", "the contract is already chosen")
            name, _, trump = action.arg.partition(":")
            self._choose(name, trump or None)
        elif kind == "discard":
            if self.phase is Phase.PLAY:
                raise IllegalAction("discard_already_made", "the discard cannot be changed")
            if self.phase is not Phase.DISCARD:
                raise IllegalAction("wrong_phase", "the contract comes before the discard")
            self._discard(action.arg.split(",") if action.arg else [])
        elif kind == "play":
            if self.phase is Phase.DISCARD:
                raise IllegalAction("discard_required", "discard four cards before leading")
            raise IllegalAction(
                "wrong_phase", "no cards are played before the contract and discard"
            )
        else:
            raise IllegalAction("wrong_phase", f"no {kind!r} action in Bismarck now")

    def _deal(self, deck: list[Card]) -> None:
        if self.phase is not Phase.DEAL:
            raise IllegalAction("wrong_phase", "a deal is already in progress")
        if not is_full_deck(deck):
            raise IllegalAction("bad_deck", "a deal takes all 52 cards, each once")
        dealer = self.next_dealer()
        order = self.play_order(dealer)
        open_cards = tuple(deck[:OPEN_CARDS])
        dealt: list[tuple[Card, ...] | None] = [
            tuple(hand) if hand else None
            for hand in dealt_to(deck, dealt_positions(self.seats), dealer)
        ]
        deal = Deal(
            number=len(self.finished_deals) + 1,
            dealer=dealer,
            forehand=order[0],
            order=order,
            open=open_cards,
            dealt=dealt,
            hands=[sorted_cards(h) if h is not None else [] for h in dealt],
            leader=order[0],
            tricks=[0 if seat in order else None for seat in range(self.seats)],
        )
        if self.deals and not self.deals[-1].finished:
            self.deals[-1] = deal  # a voided deal leaves no trace in the match
        else:
            self.deals.append(deal)
        left = self.contracts_left(deal.forehand)
        if self.pending is not None:
            contract, trump = self.pending
            self.pending = None
            self._set_contract(deal, contract, trump, forced=True)
        elif (forced := last_left(left)) is not None and forced != VALFRI:
            self._set_contract(deal, forced, None, forced=True)
        else:
            deal.forced = forced is not None  # a forced valfri still asks for its trump
            self.phase = Phase.CONTRACT
            self.to_act = deal.forehand

    def _void(self) -> None:
        deal = self.current
        if deal is None:
            raise IllegalAction("wrong_phase", "there is no deal in progress to void")
        if deal.contract is not None:
            self.pending = (deal.contract, deal.trump)
        # The dealt cards stay in self.deals until the redeal replaces them, so the next dealer
        # is still this one; the deal itself is discarded by _deal.
        self.phase = Phase.DEAL
        self.to_act = TABLE

    def _choose(self, contract: str, trump: str | None) -> None:
        deal = self.deals[-1]
        if contract not in CONTRACTS or (trump is not None and trump not in TRUMP_SUITS):
            # parse_action refuses these; an Action built by hand must not slip through
            raise MalformedAction(f"no contract {contract!r} with trump {trump!r}")
        if contract in self.used[deal.forehand]:
            raise already_used(
                contract, self.contracts_left(deal.forehand), f"you have already played {contract}"
            )
        if contract == SPADER and trump == "S":
            trump = None  # naming spader's own trump is allowed (rules §16 V14), as in parse_action
        if contract == VALFRI and trump is None:
            raise IllegalAction("trump_required", "valfri needs a trump suit")
        if contract != VALFRI and trump is not None:
            raise IllegalAction(
                "trump_not_allowed",
                f"{contract} takes no trump suit of your choice",
                {"contract": contract, "trump": trump},
            )
        self._set_contract(deal, contract, trump, forced=deal.forced)

    def _set_contract(self, deal: Deal, contract: str, trump: str | None, forced: bool) -> None:
        deal.contract = contract
        deal.trump = "S" if contract == SPADER else trump
        deal.forced = forced
        deal.hands[deal.forehand] = sorted_cards([*deal.hands[deal.forehand], *deal.open])
        self.phase = Phase.DISCARD
        self.to_act = deal.forehand

    def _discard(self, cards: list[Card]) -> None:
        deal = self.deals[-1]
        hand = deal.hands[deal.forehand]
        if (
            len(cards) != DISCARD_SIZE
            or len(set(cards)) != DISCARD_SIZE
            or not set(cards) <= set(hand)
        ):
            raise IllegalAction(
                "discard_must_be_4_distinct_own_cards",
                "discard exactly four different cards from your twenty",
                {"cards": cards},
            )
        for card in cards:
            hand.remove(card)
        deal.discard = tuple(sorted_cards(cards))
        self.phase = Phase.PLAY
        self.to_act = deal.forehand

    def _check_play(self, seat: int, card: Card) -> Deal:
        deal = self.deals[-1]
        if seat != self.to_act:
            raise IllegalAction(
                "not_your_turn", "it is not your turn", {"seat": seat, "to_act": self.to_act}
            )
        hand = deal.hands[seat]
        if card not in hand:
            raise IllegalAction("card_not_in_hand", f"you do not hold {card}", {"card": card})
        trick = deal.trick
        # Whist's one duty (rules §6.1), checked without building the list of legal cards:
        # a card off the suit led is refused while the hand holds that suit.
        if trick and card[1] != (led := trick[0][1]) and any(c[1] == led for c in hand):
            raise IllegalAction(
                "must_follow_suit",
                "you must follow suit",
                {"card": card, "suit": trick[0][1], "seat": seat},
            )
        return deal

    def _play(self, seat: int, card: Card) -> None:
        deal = self._check_play(seat, card)
        trick = deal.trick
        hand = deal.hands[seat]
        hand.remove(card)
        trick.append(card)
        deal.plays.append(card)
        order = deal.order
        if len(trick) < 3:
            self.to_act = order[(order.index(seat) + 1) % 3]
            return
        leader = deal.leader
        winner = order[(order.index(leader) + trick_winner(trick, deal.trump, WHIST)) % 3]
        deal.history.append(Trick(leader, tuple(trick), winner))
        deal.tricks[winner] += 1  # type: ignore[operator]  # active seats always count
        deal.trick = []
        deal.leader = winner
        self.to_act = winner
        if len(deal.history) == CARDS_PER_HAND:
            self._finish(deal)

    def _finish(self, deal: Deal) -> None:
        assert deal.contract is not None
        deal.scores = deal_scores(deal.contract, deal.forehand, deal.tricks)
        for seat, score in enumerate(deal.scores):
            self.totals[seat] += score
        self.used[deal.forehand].add(deal.contract)
        if len(self.deals) == self.deals_total:
            self.phase = Phase.OVER
            self.to_act = None
        else:
            self.phase = Phase.DEAL
            self.to_act = TABLE

    # -- checking ------------------------------------------------------------------------------

    def check(self, seat: int, action: Action) -> int | None:
        """Raise exactly what :meth:`apply` would raise for this action, changing nothing;
        otherwise return who would act after it (``TABLE`` when the table deals next,
        ``None`` when it ends the match).

        A card, the common case, is checked in place; anything else is tried on a copy.
        """
        if action.kind != "play" or self.phase is not Phase.PLAY:
            trial = self.clone()
            trial.apply(seat, action)
            return trial.to_act
        deal = self._check_play(seat, action.arg)
        order = deal.order
        if len(deal.trick) < 2:
            return order[(order.index(seat) + 1) % 3]
        if len(deal.history) + 1 < CARDS_PER_HAND:
            taken = trick_winner([*deal.trick, action.arg], deal.trump, WHIST)
            return order[(order.index(deal.leader) + taken) % 3]
        return None if len(self.deals) == self.deals_total else TABLE

    # -- copying -------------------------------------------------------------------------------

    def clone(self) -> Match:
        other = Match.__new__(Match)
        other.seats = self.seats
        other.first_dealer = self.first_dealer
        other.deals = [d if d.finished else d.copy() for d in self.deals]
        other.used = [set(u) for u in self.used]
        other.totals = list(self.totals)
        other.phase = self.phase
        other.to_act = self.to_act
        other.pending = self.pending
        return other


def new_match(
    seats: int, rng: random.Random | None = None, first_dealer: int | None = None
) -> Match:
    """A match waiting for its first deal. The first dealer is drawn from ``rng`` unless given."""
    if first_dealer is None:
        first_dealer = (rng or random.SystemRandom()).randrange(seats)
    return Match(seats, first_dealer)


def play_order(seats: int, dealer: int) -> tuple[int, int, int]:
    """The active seats from the dealer's left, forehand first (rules §3): at four seats
    the dealer sits out."""
    return ((dealer + 1) % seats, (dealer + 2) % seats, (dealer + 3) % seats)


@cache
def dealt_positions(seats: int) -> HandPositions:
    """The positions of the pack each hand is dealt, the dealer's first (rules §3.2): the
    four open cards (positions 0-3) go to no hand, then card ``i`` of the other 48 to the
    ``i % 3``-th seat of the play order, forehand first; at four seats the dealer is dealt
    none."""
    order = play_order(seats, 0)
    places = [None] * OPEN_CARDS + [order[i % 3] for i in range(len(FULL_DECK) - OPEN_CARDS)]
    return positions_of(places, seats)


def hand_positions(seats: int, options: Options) -> HandPositions:
    """``Game.hand_positions``: :func:`dealt_positions`, whatever the options."""
    return dealt_positions(seats)


def random_deal(rng: random.Random) -> Action:
    """The table's chance step: a uniformly shuffled pack."""
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    return deal_action(deck)


def deck_of(deal: Deal) -> list[Card]:
    """The pack as it lay before dealing: the open cards, then the 48 in dealing order."""
    return deck_from(deal.open, deal.order, deal.dealt)


def deck_from(
    open_cards: Sequence[Card],
    order: Sequence[int],
    dealt: Sequence[Sequence[Card] | None],
) -> list[Card]:
    """Undo the deal of rules §3.2: card ``k`` of the 48 went to ``order[k % 3]``."""
    deck = list(open_cards)
    hands = [dealt[seat] for seat in order]
    for i in range(CARDS_PER_HAND):
        for hand in hands:
            assert hand is not None
            deck.append(hand[i])
    return deck


def iter_actions(log: Sequence[tuple[int, str]]) -> Iterator[tuple[int, Action]]:
    for seat, text in log:
        yield seat, parse_action(text)


def replay(seats: int, first_dealer: int, log: Sequence[tuple[int, str]]) -> Match:
    """The match reached by applying ``log`` (pairs of seat and action text) from the start."""
    match = Match(seats, first_dealer)
    for seat, action in iter_actions(log):
        match.apply(seat, action)
    return match
