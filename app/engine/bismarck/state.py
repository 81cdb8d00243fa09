"""The state of a Bismarck match and the one function that changes it, :meth:`Match.apply`.

A match is a sequence of actions. ``deal:…`` and ``void`` are taken by the table itself
(seat :data:`TABLE`): the shuffle is an explicit chance step whose outcome is an argument, so a
match is fully determined by its action log and any log replays to the same state. Every other
action is a seat's: ``contract:…``, ``discard:…``, ``play:…``.

On the trick-game base and the family's (``family.py``): here is what only Bismarck has, a
seat sitting out at four, its refusals' order and words, the carried-over contract.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from itertools import combinations
from typing import Any, ClassVar

from ..actions import Action
from ..cards import FULL_DECK, SUITS, Card, is_full_deck, sorted_cards
from ..errors import IllegalAction, MalformedAction
from ..game import TABLE as TABLE
from ..hand_positions import HandPositions, dealt_to, pack_from, positions_of
from ..trick_game import TrickDeal
from .contracts import card_list, contract_choices, parse_contract
from .family import FamilyDeal, FamilyMatch
from .rules import (
    CONTRACTS,
    DEALS_PER_MATCH,
    DISCARD_SIZE,
    OPEN_CARDS,
    SPADER,
    VALFRI,
    deal_scores,
    quotas,
    ranks,
)


def discard_action(cards: Sequence[Card]) -> Action:
    return Action("discard", ",".join(sorted_cards(cards)))


class Deal(FamilyDeal):
    """One deal in progress or finished, its cards in the ledger: the 48 dealt face down to the
    three active seats (nobody holds anything before the contract, rules §3.2), the four open cards
    face up on the table until forehand takes them up, the discard buried by forehand."""

    __slots__ = ("discard", "order")

    def begin(self) -> None:
        super().begin()
        self.order = play_order(self.seats, self.dealer)
        self.discard: tuple[Card, ...] | None = None

    # What the deal was before the ledger, read from it: the bots' and the tests' names.

    @property
    def dealt(self) -> list[tuple[Card, ...] | None]:
        """Each seat's sixteen as dealt; ``None`` for the seat sitting out."""
        if self.pack is None:
            raise ValueError("a state dealt anew from a view has no record")
        hands = dealt_to(self.pack, dealt_positions(self.ledger.seats), self.dealer)
        return [tuple(h) if h else None for h in hands]

    @property
    def tricks(self) -> list[int | None]:
        """Tricks taken per seat, ``None`` for the seat sitting out."""
        order = self.order
        return [w if s in order else None for s, w in enumerate(self.won)]


class Match(FamilyMatch[Deal]):
    """A Bismarck match for 3 or 4 seats, its actions checked in Bismarck's own order and
    words (the table's ``deal`` and ``void``, then the step: contract, discard, play)."""

    NAME: ClassVar[str] = "bismarck"
    TITLE: ClassVar[str] = "Bismarck"
    DEAL: ClassVar[type[TrickDeal]] = Deal
    CONTRACTS: ClassVar[tuple[str, ...]] = CONTRACTS
    FREE: ClassVar[str] = VALFRI
    TRUMP_REQUIRED: ClassVar[str] = "valfri needs a trump suit"
    FIXED: ClassVar[str] = SPADER
    AFTER_CONTRACT: ClassVar[str] = "discard"
    DEALS: ClassVar[Mapping[int, int]] = DEALS_PER_MATCH
    FACE_DOWN: ClassVar[bool] = True  # the 48 are not yet dealt before the contract (§3.2)
    SHOWS_TRUMP: ClassVar[bool] = False  # named among the deal's own fields
    # the golden frames pin the views' fields and their order (rules §3.3)
    VIEW_KEYS: ClassVar[tuple[str, ...]] = (
        *("game", "seats", "seat", "phase", "to_act", "deals_total", "deals_played"),
        *("first_dealer", "deal", "previous_deal", "contracts_left", "totals", "scoresheet"),
        *("legal", "winners", "ranks"),
    )
    DEAL_KEYS: ClassVar[tuple[str, ...]] = (
        *("number", "dealer", "forehand", "order", "sitting_out", "open", "contract", "trump"),
        *("forced", "hand", "hand_sizes", "discarded", "discard", "trick", "tricks_played"),
        *("tricks", "quotas", "scores"),
    )
    PREVIOUS_KEYS: ClassVar[tuple[str, ...]] = DEAL_KEYS
    TABLE_DEALS: ClassVar[str] = "only the table deals or voids a deal"

    __slots__ = ("pending",)

    def __init__(self, seats: int, first_dealer: int) -> None:
        super().__init__(seats, first_dealer)
        # a contract carried over from a voided deal (rules §13): (contract, trump)
        self.pending: tuple[str, str | None] | None = None

    # -- reading -------------------------------------------------------------------------------

    def other_actions(self, deal: Deal, seat: int) -> list[Action]:
        """The contracts forehand may choose; a discard is listed as its 4,845 choices
        (views show it as a pick, :meth:`pick`). The table's chance step is not listed
        (52! outcomes); the game's ``chance`` draws one."""
        step = deal.step
        if seat != self.to_act or step == "play":
            return []
        if step == "contract":
            return contract_choices(self.contracts_left(deal.forehand), VALFRI)
        return [discard_action(c) for c in combinations(deal.ledger.hand(seat), DISCARD_SIZE)]

    def pick(self, deal: Deal, seat: int) -> tuple[int, list[Card]] | None:
        if deal.step == "discard":
            return DISCARD_SIZE, deal.ledger.hand(seat)
        return None

    @classmethod
    def parse_other(cls, action: Action) -> Action:
        """A contract (spader's own trump named or not), a discard in the pack's order, the
        table's deal and void; the rest is refused in Bismarck's words."""
        kind, arg = action.kind, action.arg
        if kind == "contract":
            if parse_contract(arg, CONTRACTS, VALFRI) == (SPADER, "S"):
                return Action("contract", SPADER)
            return action
        if kind == "discard":
            return discard_action(card_list(arg, "discard"))
        if kind == "deal":
            if not is_full_deck(card_list(arg, "deal")):
                raise MalformedAction("'deal' takes all 52 cards, each once")
            return action
        if kind == "void" and not arg:
            return action
        raise MalformedAction(
            f"unknown action {kind[:20]!r}",
            {"kinds": ["contract", "discard", "play", "deal", "void"]},
        )

    # -- the view's fields (rules §3.3) ---------------------------------------------------------

    def public_fields(self) -> dict[str, Any]:
        """Bismarck's own fields of the view; its deals played are those the match holds (a
        state dealt anew from a view holds none)."""
        return {
            "deals_total": self.DEALS[self.seats],
            "deals_played": len(self.finished_deals),
            "contracts_left": [self.contracts_left(s) for s in range(self.seats)],
            "ranks": ranks(self.totals),
        }

    def deal_json(self, deal: Deal) -> dict[str, Any]:
        own, other = quotas(deal.contract) if deal.contract else (None, None)
        order = deal.order
        return {
            "forehand": deal.forehand,
            "order": list(order),
            "sitting_out": deal.dealer if self.seats == 4 else None,
            "open": list(deal.open),
            "contract": deal.contract,
            "trump": deal.trump,
            "forced": deal.forced,
            "discarded": deal.discard is not None,
            "tricks": list(deal.tricks),
            "quotas": [
                None if s not in order or own is None else (own if s == deal.forehand else other)
                for s in range(self.seats)
            ],
            "scores": None if deal.scores is None else list(deal.scores),
        }

    def cards_json(self, deal: Deal, viewer: int | None) -> dict[str, Any]:
        """A seat's own hand, the discard to forehand alone; before the contract the 48 are
        not yet dealt (rules §3.2): nobody holds anything."""
        playing = deal.contract is not None
        hands, order = deal.ledger.hands, deal.order
        return {
            "hand": deal.ledger.hand(viewer) if playing and viewer in order else None,
            "hand_sizes": [
                len(hands[s]) if playing and s in order else None for s in range(self.seats)
            ],
            "discard": list(deal.discard) if deal.discard and viewer == deal.forehand else None,
        }

    def detail(self, deal: Deal) -> dict[str, Any]:
        return {
            "forehand": deal.forehand,
            "contract": deal.contract,
            "trump": deal.trump,
            "tricks": list(deal.tricks),
        }

    def sheet_scores(self, deal: Deal) -> tuple[int | None, ...]:
        """The seat sitting out has no score."""
        assert deal.scores is not None
        return tuple(p if s in deal.order else None for s, p in enumerate(deal.scores))

    # -- checking and changing: the base's ``_check`` and the family's ``apply``, with these ----

    def check_other(self, deal: Deal | None, seat: int, action: Action) -> Deal:
        """The table's void, then forehand's contract and discard; any other kind is refused
        as out of its step, after the turn."""
        kind = action.kind
        if kind == "void":
            if seat != TABLE:
                raise IllegalAction("not_your_turn", self.TABLE_DEALS)
            if deal is None:
                raise IllegalAction("wrong_phase", "there is no deal in progress to void")
            return deal
        if deal is None or seat != self.to_act:
            self.refuse_turn(seat)
        step = deal.step
        if kind == "contract":
            if step != "contract":
                raise IllegalAction("contract_already_chosen", "the contract is already chosen")
            self.check_contract(deal, *_contract(action.arg))
        elif kind == "discard":
            if step == "play":
                raise IllegalAction("discard_already_made", "the discard cannot be changed")
            if step != "discard":
                raise IllegalAction("wrong_phase", "the contract comes before the discard")
            cards = action.arg.split(",") if action.arg else []
            own = set(cards).intersection(deal.ledger.hand(seat))  # different cards of the hand
            if len(cards) != DISCARD_SIZE or len(own) != DISCARD_SIZE:
                raise IllegalAction(
                    "discard_must_be_4_distinct_own_cards",
                    "discard exactly four different cards from your twenty",
                    {"cards": cards},
                )
        else:
            raise IllegalAction("wrong_phase", f"no {kind!r} action in Bismarck now")
        return deal

    def check_step(self, deal: Deal, kind: str) -> None:
        if deal.step == "discard":
            raise IllegalAction("discard_required", "discard four cards before leading")
        raise IllegalAction("wrong_phase", "no cards are played before the contract and discard")

    def apply_other(self, deal: Deal, seat: int, action: Action) -> None:
        kind = action.kind
        if kind == "void":
            if deal.contract is not None:
                self.pending = (deal.contract, deal.trump)
            # a voided deal leaves no trace in the match; its dealer deals again
            self.deals.pop()
            self.to_act = TABLE
        elif kind == "contract":
            contract, trump = _contract(action.arg)
            self._set_contract(deal, contract, trump)
        else:
            cards = action.arg.split(",")
            deal.ledger.lay_away(deal.forehand, cards)
            deal.discard = tuple(sorted_cards(cards))
            deal.step = "play"  # forehand, who discarded, leads

    def force_contract(self, deal: Deal) -> None:
        """A contract carried over from a voided deal comes first (rules §13)."""
        if self.pending is None:
            super().force_contract(deal)
            return
        contract, trump = self.pending
        self.pending = None
        deal.forced = True
        self._set_contract(deal, contract, trump)

    def fixed_trump(self, deal: Deal) -> str:
        return "S"

    def players(self, deal: Deal) -> tuple[int, int, int]:
        return deal.order

    def score(self, deal: Deal) -> tuple[int, ...]:
        assert deal.contract is not None
        return tuple(deal_scores(deal.contract, deal.forehand, deal.tricks))


def _contract(arg: str) -> tuple[str, str | None]:
    """A contract's name and trump, spader's own trump named or not (rules §16 V14), as in
    parse_action."""
    contract, _, trump = arg.partition(":")
    if contract not in CONTRACTS or (trump and trump not in SUITS):
        # parse_action refuses these; an Action built by hand must not slip through
        raise MalformedAction(f"no contract {contract!r} with trump {trump or None!r}")
    if contract == SPADER and trump == "S":
        return contract, None
    return contract, trump or None


def play_order(seats: int, dealer: int) -> tuple[int, int, int]:
    """The active seats from the dealer's left, forehand first (rules §3): at four seats
    the dealer sits out."""
    return ((dealer + 1) % seats, (dealer + 2) % seats, (dealer + 3) % seats)


@cache
def dealt_positions(seats: int) -> HandPositions:
    """The positions of the pack each hand is dealt, the dealer's first, as
    :meth:`~.family.FamilyMatch.lay_out` deals them (rules §3.2)."""
    order = play_order(seats, 0)
    places = [None] * OPEN_CARDS + [order[i % 3] for i in range(len(FULL_DECK) - OPEN_CARDS)]
    return positions_of(places, seats)


def deck_from(
    open_cards: Sequence[Card], dealt: Sequence[Sequence[Card] | None], dealer: int
) -> list[Card]:
    """Undo the deal of rules §3.2 (:func:`dealt_positions`) by ``dealer``."""
    hands = [hand or () for hand in dealt]
    return pack_from(hands, dealt_positions(len(dealt)), dealer, rest=open_cards)
