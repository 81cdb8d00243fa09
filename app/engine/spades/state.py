"""Spades on the trick-game base: the state of a match and what only spades has.

A deal runs: the table's ``deal:<52 cards>``, every hand dealt face down; four bids in turn
(``bid:4``, ``bid:nil``, ``bid:blind_nil``), each nil bidder laying three cards (``lay:…``)
right after his bid and his partner giving three (``give:…``) right after the later of his
own bid and that lay, the swap following at once (Clarification 1); then thirteen tricks
(``play:QS``). A seat may ``look`` at his cards at any moment of a deal, out of turn too, and
only before it may he bid blind nil; a lay, give or play counts as his look if he has not
sent one (Clarification 6).

The cards move through the deal's ledger (``app/engine/ledger.py``): a hand is seen by
nobody until its seat looks, a lay is a pass towards the partner (``Place.PASSED``, seen by
the nil bidder alone) taken up when the partner gives, and spades are broken once one lies
in a trick taken. The base (``app/engine/trick_game.py``) gives the rest; bids, lays and
gives are this game's other actions, its deal's steps before the play.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from itertools import combinations
from typing import Any, ClassVar, Final

from ..actions import Action
from ..cards import Card, sorted_cards
from ..errors import IllegalAction, MalformedAction
from ..game import Option, Options
from ..hand_positions import dealt_to, pack_from, positions_of
from ..ledger import SUIT_BIT
from ..teams import partnerships
from ..trick_game import TrickDeal, TrickMatch
from ..tricks import TrickRules, legal_cards
from .rules import (
    BLIND_NIL,
    CARDS,
    EXCHANGE_SIZE,
    HAND_SIZE,
    NIL,
    OPTIONS,
    RULES,
    SEATS,
    TRUMP,
    Bid,
    SideScore,
    bid_order,
    is_nil,
    side_score,
    winning_side,
)

TEAMS: Final = partnerships(SEATS)

LOOK: Final = Action("look")
BIDS: Final[dict[Bid, Action]] = {
    bid: Action("bid", str(bid)) for bid in (NIL, *range(1, HAND_SIZE + 1), BLIND_NIL)
}
KINDS: Final = ("deal", "look", "bid", "lay", "give", "play")

HAND_POSITIONS: Final = positions_of(((1 + p) % SEATS for p in range(SEATS * HAND_SIZE)), SEATS)
"""The positions of the pack each hand is dealt, the dealer's first: one card at a time from
the dealer's left, card ``p`` to the seat ``(1 + p) % 4`` places after the dealer (§2)."""


def dealt_hands(pack: Sequence[Card], dealer: int) -> list[list[Card]]:
    """The four hands the pack deals (§2, :data:`HAND_POSITIONS`), each in canonical order."""
    return [sorted_cards(h) for h in dealt_to(pack, HAND_POSITIONS, dealer)]


def pack_for(hands: Sequence[Sequence[Card]], dealer: int) -> list[Card]:
    """A pack that deals ``hands`` (the inverse of :func:`dealt_hands`)."""
    return pack_from(hands, HAND_POSITIONS, dealer)


def bid_of(arg: str) -> Bid:
    return arg if arg in (NIL, BLIND_NIL) else int(arg)


def side_of(seat: int) -> int:
    return seat % 2


@dataclass(slots=True)
class Exchange:
    """A side's nil exchange (§3.1, Clarifications 1 and 2): the nil bidder lays three cards
    face down, his partner gives three, and the two sets change hands at once."""

    nil: int
    partner: int
    laid: list[Card] | None = None
    given: list[Card] | None = None
    cancelled: bool = False
    """The partner bid nil too: the laid cards went back and nothing changes hands."""

    @property
    def done(self) -> bool:
        return self.given is not None


def _exchanges_copied(exchanges: list[Exchange | None]) -> list[Exchange | None]:
    """A side's exchange changes in place; the cards laid and given are replaced, never
    changed in place, and shared."""
    return [None if e is None else replace(e) for e in exchanges]


class Deal(TrickDeal):
    __slots__ = ("bids", "exchanges", "order", "sides", "winner")
    COPIED: ClassVar = {"bids": list, "exchanges": _exchanges_copied}

    def begin(self) -> None:
        self.order: tuple[int, ...] = ()
        """The seats in bidding order."""
        self.bids: list[Bid | None] = [None] * SEATS
        self.exchanges: list[Exchange | None] = [None, None]
        """Per side."""
        self.sides: list[SideScore] = []
        """Once scored, each side's score (seats 0 & 2, then 1 & 3)."""
        self.winner: int | None = None
        """The side that won the match with this deal, if it did."""

    @property
    def looked(self) -> list[bool]:
        ledger = self.ledger
        return [ledger.looked(s) for s in range(SEATS)]

    @property
    def spades_broken(self) -> bool:
        """Whether a spade lies in a trick taken (for every later lead, Cl. 7)."""
        return bool(self.ledger.suits_taken & SUIT_BIT[TRUMP])

    @property
    def first_lead(self) -> int:
        """The dealer's left-hand neighbour leads first, whoever bid first (Cl. 7)."""
        return (self.dealer + 1) % SEATS


class Match(TrickMatch[Deal]):
    NAME: ClassVar[str] = "spades"
    TITLE: ClassVar[str] = "Spades"
    NOUN: ClassVar[str] = "spades"
    PACK: ClassVar[tuple[Card, ...]] = CARDS
    RULES: ClassVar[TrickRules] = RULES
    OPTIONS: ClassVar[tuple[Option, ...]] = OPTIONS
    DEAL: ClassVar[type[TrickDeal]] = Deal
    CARD_ORDER: ClassVar[Mapping[Card, int] | None] = {card: i for i, card in enumerate(CARDS)}
    """Canonical order of a hand: spades, hearts, diamonds, clubs; high to low in each."""
    OTHER_ACTIONS: ClassVar[tuple[Action, ...]] = (LOOK, *BIDS.values())
    SHOWS_TRUMP: ClassVar[bool] = False
    WON_KEY: ClassVar[str] = "tricks"

    __slots__ = ("bags", "winner")
    COPIED: ClassVar = {"bags": list}

    def __init__(self, seats: int, options: Options | None, first_dealer: int) -> None:
        super().__init__(seats, options, first_dealer)
        self.bags: list[int] = [0, 0]
        """Each side's bags not yet paid for (option bags)."""
        self.winner: int | None = None
        """The side that won, once the match is over."""

    # -- the notation --------------------------------------------------------------------------

    @classmethod
    def parse_other(cls, action: Action) -> Action:
        """``bid:0`` is ``bid:nil``; the cards of ``lay`` and ``give`` are put in canonical
        order."""
        kind, arg = action.kind, action.arg
        if kind in ("lay", "give"):
            cards = arg.split(",")
            if len(cards) > HAND_SIZE or not all(c in cls.CARDS for c in cards):
                raise MalformedAction(f"'{kind}' takes three cards apart by ',' ({kind}:AS,7H,2C)")
            return cards_action(kind, cards)
        if kind == "bid":
            if arg == "0":
                return BIDS[NIL]
            raise MalformedAction(
                f"'bid' takes nil, blind_nil or a number of tricks from 1 to 13, got {arg[:20]!r}"
            )
        if kind == "look":
            raise MalformedAction("'look' takes no argument")
        if kind == "deal":
            return super().parse_other(action)
        raise MalformedAction(f"unknown action {kind[:20]!r}", {"kinds": list(KINDS)})

    def shaped(self, action: Action) -> bool:
        if action.kind not in ("lay", "give"):
            return super().shaped(action)
        try:
            return self.parse_other(action) == action
        except MalformedAction:
            return False

    # -- reading -------------------------------------------------------------------------------

    def lead_cards(self, deal: Deal, seat: int, hand: list[Card]) -> list[Card]:
        """No spade led until spades are broken, unless the hand holds nothing else (§4)."""
        return legal_cards(hand, (), TRUMP, RULES, deal.spades_broken)

    def check_lead(self, deal: Deal, seat: int, card: Card) -> None:
        # any other suit may always be led: the hand is read for a spade alone
        if card[1] == TRUMP and card not in self.lead_cards(deal, seat, deal.ledger.hand(seat)):
            raise IllegalAction(
                "spades_not_broken",
                "spades may not be led until broken, unless you hold only spades",
                {"card": card, "seat": seat},
            )

    def may_bid_blind(self, deal: Deal, seat: int) -> bool:
        return bool(self.options["double_nil"]) and not deal.ledger.looked(seat)

    def may_bid_open(self, deal: Deal, seat: int) -> bool:
        """Whether ``seat`` may bid a number or nil now, as far as looking goes (Cl. 6)."""
        return deal.ledger.looked(seat) or not self.options["bid_requires_look"]

    def other_actions(self, deal: Deal, seat: int) -> list[Action]:
        """A seat that has not looked at his cards may always ``look``; at a bid it may also
        bid (blind nil among them). At a lay, give or play such a seat is offered only
        ``look``: listing his cards would show them to him unlooked. A card he sends all the
        same is accepted and counts as the look (Cl. 6). A lay or a give is listed as every
        choice of three cards."""
        looked = deal.ledger.looked(seat)
        out = [] if looked else [LOOK]
        step = deal.step
        if seat != self.to_act or step == "play":
            return out
        if step == "bid":
            if self.may_bid_open(deal, seat):
                out.extend(BIDS[b] for b in BIDS if b != BLIND_NIL)
            if self.may_bid_blind(deal, seat):
                out.append(BIDS[BLIND_NIL])
            return out
        if not looked:
            return out
        return [cards_action(step, t) for t in combinations(deal.ledger.hand(seat), EXCHANGE_SIZE)]

    def legal_kind(self, seat: int, actions: Sequence[Action]) -> str:
        """The step for the seat to act, unless it must look first; ``look`` otherwise."""
        deal = self.current
        assert deal is not None
        if seat == self.to_act and (deal.step == "bid" or deal.ledger.looked(seat)):
            return deal.step
        return "look"

    def pick(self, deal: Deal, seat: int) -> tuple[int, list[Card]] | None:
        if deal.step in ("lay", "give") and deal.ledger.looked(seat):
            return EXCHANGE_SIZE, deal.ledger.hand(seat)
        return None

    # -- checking ------------------------------------------------------------------------------

    def check_other(self, deal: Deal | None, seat: int, action: Action) -> Deal:
        kind = action.kind
        if deal is None or not 0 <= seat < SEATS:
            self.refuse_turn(seat)
        if kind == "look":
            if not deal.ledger.looked(seat):
                return deal
            raise IllegalAction("already_looked", "you have looked at your cards already")
        if seat != self.to_act:
            self.refuse_turn(seat)
        self.check_step(deal, kind)
        if kind == "bid" and action.arg == BLIND_NIL:
            if not self.options["double_nil"]:
                raise IllegalAction("no_blind_nil", "blind nil is not played at this table")
            if deal.ledger.looked(seat):
                raise IllegalAction(
                    "already_looked", "blind nil only before you look at your cards (SP12)"
                )
        elif kind == "bid" and not self.may_bid_open(deal, seat):
            raise IllegalAction("look_first", "look at your cards before you bid")
        elif kind != "bid":
            cards = action.arg.split(",")
            own = set(cards).intersection(deal.ledger.hand(seat))  # different cards of the hand
            if len(cards) != EXCHANGE_SIZE or len(own) != EXCHANGE_SIZE:
                raise IllegalAction(
                    "exchange_must_be_3_own_cards",
                    f"{kind} exactly three different cards of your hand",
                    {"cards": cards},
                )
        return deal

    # -- changing ------------------------------------------------------------------------------

    def lay_out(self, deal: Deal, pack: Sequence[Card]) -> None:
        """Every hand dealt face down, one card at a time from the dealer's left (§2); the
        bidding first."""
        for k, card in enumerate(pack):
            deal.ledger.deal((deal.dealer + 1 + k) % SEATS, card, face_down=True)
        deal.trump = TRUMP
        deal.order = bid_order(deal.dealer, self.options["first_bidder"])
        deal.step = "bid"

    def first_to_act(self, deal: Deal) -> int:
        return deal.order[0]

    def apply_other(self, deal: Deal, seat: int, action: Action) -> None:
        kind = action.kind
        if kind == "bid":
            self._bid(deal, seat, bid_of(action.arg))
            return
        ledger = deal.ledger
        ledger.look(seat)  # a look; choosing a card is looking at it (Cl. 6)
        if kind == "look":
            return
        exchange = deal.exchanges[side_of(seat)]
        assert exchange is not None
        cards = action.arg.split(",")
        if kind == "lay":
            exchange.laid = cards
            ledger.pass_cards(seat, exchange.partner, cards)
        else:  # the give passed, and both passes taken up at once (Cl. 1)
            exchange.given = cards
            ledger.pass_cards(seat, exchange.nil, cards)
            ledger.take_up(seat)
            ledger.take_up(exchange.nil)
        self._advance(deal)

    def _bid(self, deal: Deal, seat: int, bid: Bid) -> None:
        deal.bids[seat] = bid
        side = side_of(seat)
        if is_nil(bid):
            exchange = deal.exchanges[side]
            if exchange is None:
                deal.exchanges[side] = Exchange(nil=seat, partner=(seat + 2) % SEATS)
            else:  # both partners nil: no exchange, the laid cards go back (Cl. 2)
                exchange.cancelled = True
                if exchange.laid is not None:
                    deal.ledger.take_up(exchange.partner, into=exchange.nil)
        self._advance(deal)

    def _advance(self, deal: Deal) -> None:
        """Who acts next in the bidding: an exchange step owed, else the next bidder, else
        the first lead (Cl. 1 and 7)."""
        for exchange in filter(None, deal.exchanges):
            owed = exchange_state(deal, exchange)
            if owed in ("lay", "give"):
                deal.step = owed
                self.to_act = exchange.nil if owed == "lay" else exchange.partner
                return
        count = sum(b is not None for b in deal.bids)
        if count < SEATS:
            deal.step, self.to_act = "bid", deal.order[count]
        else:
            deal.step, self.to_act = "play", deal.leader

    def score(self, deal: Deal) -> tuple[int, ...]:
        failed = str(self.options["failed_nil_tricks"])
        sides = []
        for side, (a, b) in enumerate(TEAMS):
            bags = self.bags[side] if self.options["bags"] else None
            score = side_score(
                (deal.bids[a], deal.bids[b]), (deal.won[a], deal.won[b]), failed, bags
            )
            sides.append(score)
            if score.bags is not None:
                self.bags[side] = score.bags
        totals = [self.totals[side] + sides[side].total for side in (0, 1)]
        self.winner = winning_side(totals, self.target, bool(self.options["lose_at_minus_200"]))
        deal.sides, deal.winner = sides, self.winner
        return tuple(sides[side_of(s)].total for s in range(SEATS))  # a side's, to each partner

    def match_over(self) -> bool:
        return self.winner is not None

    # -- what the table sees -------------------------------------------------------------------

    def deal_json(self, deal: Deal) -> dict[str, Any]:
        """Who has looked is public: at a real table everyone sees who picks up his cards."""
        return {
            "bid_order": list(deal.order),
            "first_bidder": deal.order[0],
            "first_lead": deal.first_lead,
            "step": deal.step,
            "looked": deal.looked,
            "bids": list(deal.bids),
            "contracts": contracts(deal),
            "spades_broken": deal.spades_broken,
            "bags": bags_of(self),
        }

    def cards_json(self, deal: Deal, viewer: int | None) -> dict[str, Any]:
        """A seat's own hand once he has looked at it (blind nil depends on that), the other
        hands' sizes; of a nil exchange the two partners see what they laid, gave and, after
        the swap, received, everyone else only who exchanges with whom and how far it has
        gone."""
        ledger = deal.ledger
        exchange = [_exchange_json(deal, e, viewer) for e in deal.exchanges]
        if viewer is None:
            return {"hand": None, "hand_sizes": list(map(len, ledger.hands)), "exchange": exchange}
        return {"hand": ledger.hand(viewer) if ledger.looked(viewer) else [], "exchange": exchange}

    def detail(self, deal: Deal) -> dict[str, Any]:
        won = deal.won
        return {
            "bids": list(deal.bids),
            "blind": [b == BLIND_NIL for b in deal.bids],
            "tricks": list(won),
            "nil": [
                ("made" if won[s] == 0 else "failed") if is_nil(deal.bids[s]) else None
                for s in range(SEATS)
            ],
            "sides": [asdict(side) for side in deal.sides],
            "winner": deal.winner,
        }

    def previous_fields(self, deal: Deal) -> dict[str, Any]:
        """Bids, tricks, nil results, each side's score and bags, and the tricks as played
        (every card was played to the table). The exchanged cards stay with the partners
        who saw them."""
        return {
            **self.detail(deal),
            "first_lead": deal.first_lead,
            "scores": [side.total for side in deal.sides],
            "exchanges": [
                None if e is None else {"nil": e.nil, "partner": e.partner, "done": e.done}
                for e in deal.exchanges
            ],
        }


def contracts(deal: Deal) -> list[int | None]:
    """Per side: the sum of its non-nil bids once both partners have bid, else ``None``."""
    sides = [[deal.bids[s] for s in members] for members in TEAMS]
    return [None if None in bids else sum(b for b in bids if isinstance(b, int)) for bids in sides]


def bags_of(match: Match) -> list[int] | None:
    return list(match.bags) if match.options["bags"] else None


def exchange_state(deal: Deal, exchange: Exchange) -> str:
    """``lay`` (the nil bidder lays next), ``waiting`` (for the partner's bid), ``give``
    (the partner gives next), ``done`` or ``cancelled`` (both partners bid nil)."""
    if exchange.cancelled:
        return "cancelled"
    if exchange.laid is None:
        return "lay"
    if exchange.given is None:
        return "waiting" if deal.bids[exchange.partner] is None else "give"
    return "done"


def sees(exchange: Exchange, seat: int | None, kind: str) -> bool:
    """Whether ``seat`` has seen the cards of the exchange's ``lay`` or ``give``: the nil
    bidder his lay, his partner it once the swap is made; both of them the give."""
    if kind == "lay":
        return seat == exchange.nil or (seat == exchange.partner and exchange.done)
    return seat in (exchange.nil, exchange.partner)


def _exchange_json(deal: Deal, exchange: Exchange | None, seat: int | None) -> Any:
    if exchange is None:
        return None
    laid, given = exchange.laid, exchange.given
    return {
        "nil": exchange.nil,
        "partner": exchange.partner,
        "state": exchange_state(deal, exchange),
        "laid": list(laid) if laid is not None and sees(exchange, seat, "lay") else None,
        "given": list(given) if given is not None and sees(exchange, seat, "give") else None,
    }


def cards_action(kind: str, cards: Sequence[Card]) -> Action:
    """``lay:…`` or ``give:…`` with ``cards`` in canonical order."""
    return Action(kind, ",".join(sorted_cards(cards)))
