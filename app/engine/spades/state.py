"""The state of a spades match and the one function that changes it, :meth:`Match.apply`.

A deal runs: the table's ``deal:<52 cards>``; four bids in turn (``bid:4``, ``bid:nil``,
``bid:blind_nil``), each nil bidder laying three cards (``lay:…``) right after his bid and
his partner giving three (``give:…``) right after the later of his own bid and that lay,
the swap following at once (Clarification 1); then thirteen tricks (``play:QS``). A seat
may ``look`` at his cards at any moment of a deal, out of turn too, and only before it may
he bid blind nil; a lay, give or play counts as his look if he has not sent one
(Clarification 6). Every check comes before the first change, so a refused action leaves
the state as it was.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from typing import Final

from ..actions import Action, split_action
from ..cards import Card
from ..deal_sequence import DealSequence
from ..errors import IllegalAction, MalformedAction
from ..game import TABLE as TABLE
from ..game import Options, OptionValue
from ..teams import partnerships
from ..tricks import legal_cards, trick_winner
from .deal import Deal, Exchange, Result, Trick, dealt_hands
from .rules import (
    BLIND_NIL,
    CARDS,
    EXCHANGE_SIZE,
    HAND_SIZE,
    NIL,
    ORDER,
    RULES,
    SEATS,
    TRICKS,
    TRUMP,
    Bid,
    bid_order,
    is_nil,
    resolve_options,
    side_score,
    sort_hand,
    winning_side,
)

PACK_SIZE: Final = len(CARDS)
TEAMS: Final = partnerships(SEATS)

PLAY: Final[dict[Card, Action]] = {c: Action("play", c) for c in CARDS}
LOOK: Final = Action("look")
BIDS: Final[dict[Bid, Action]] = {
    NIL: Action("bid", NIL),
    **{n: Action("bid", str(n)) for n in range(1, HAND_SIZE + 1)},
    BLIND_NIL: Action("bid", BLIND_NIL),
}
KINDS: Final = ("deal", "look", "bid", "lay", "give", "play")

_FIXED: Final[dict[str, Action]] = {
    **{str(a): a for a in PLAY.values()},
    **{str(a): a for a in BIDS.values()},
    "bid:0": BIDS[NIL],
    "look": LOOK,
}
_CARD = re.compile(r"^[AKQJT98765432][SHDC]$")


def parse_action(text: object) -> Action:
    """Parse and canonicalise an action's text; raise :class:`MalformedAction` if it is none.
    ``bid:0`` is ``bid:nil``; the cards of ``lay`` and ``give`` are put in canonical order."""
    if type(text) is str:
        known = _FIXED.get(text)
        if known is not None:
            return known
    action = split_action(text)
    kind, arg = action.kind, action.arg
    if kind in ("lay", "give"):
        cards = arg.split(",")
        if len(cards) > HAND_SIZE or not all(_CARD.match(c) for c in cards):
            raise MalformedAction(f"'{kind}' takes three cards apart by ',' ({kind}:AS,7H,2C)")
        return Action(kind, ",".join(sorted(cards, key=ORDER.__getitem__)))
    if kind == "bid":
        raise MalformedAction(
            f"'bid' takes nil, blind_nil or a number of tricks from 1 to 13, got {arg[:20]!r}"
        )
    if kind == "play":
        raise MalformedAction(f"'play' takes one card such as QS, got {arg[:20]!r}")
    if kind == "look":
        raise MalformedAction("'look' takes no argument")
    if kind == "deal":
        cards = arg.split(",") if arg else []
        if len(cards) != PACK_SIZE or set(cards) != set(CARDS):
            raise MalformedAction("'deal' takes the 52 cards, each once")
        return Action("deal", arg)
    raise MalformedAction(f"unknown action {kind[:20]!r}", {"kinds": list(KINDS)})


def deal_action(pack: Sequence[Card]) -> Action:
    return Action("deal", ",".join(pack))


def random_deal(rng: random.Random) -> Action:
    """The table's chance step: a uniformly shuffled pack."""
    pack = list(CARDS)
    rng.shuffle(pack)
    return deal_action(pack)


def cards_action(kind: str, cards: Sequence[Card]) -> Action:
    """``lay:…`` or ``give:…`` with ``cards`` in canonical order."""
    return Action(kind, ",".join(sorted(cards, key=ORDER.__getitem__)))


def _shape(action: Action) -> None:
    """Refuse an ``Action`` built by hand that no text would parse to."""
    if action.kind == "deal":
        return  # a deal's cards are checked as a rule (bad_deck)
    text = str(action)
    try:
        parsed = parse_action(text)
    except MalformedAction:
        parsed = None
    if parsed != action:
        raise MalformedAction(f"not a spades action: {text[:40]!r}")


def bid_of(arg: str) -> Bid:
    return arg if arg in (NIL, BLIND_NIL) else int(arg)


def partner_of(seat: int) -> int:
    return (seat + 2) % SEATS


def side_of(seat: int) -> int:
    return seat % 2


def _triples(cards: Sequence[Card]) -> list[str]:
    """Every choice of three of ``cards`` (sorted, distinct), as ``lay``/``give`` arguments."""
    n = len(cards)
    return [
        f"{cards[i]},{cards[j]},{cards[k]}"
        for i in range(n)
        for j in range(i + 1, n)
        for k in range(j + 1, n)
    ]


class Match(DealSequence[Deal]):
    """A match of spades for four seats in two partnerships. Build one with
    :func:`new_match`."""

    __slots__ = (
        "bags",
        "base",
        "deals",
        "first_dealer",
        "next_dealer",
        "options",
        "seats",
        "to_act",
        "totals",
        "winner",
    )

    def __init__(self, first_dealer: int, options: Options | None = None) -> None:
        if not 0 <= first_dealer < SEATS:
            raise ValueError("the first dealer is a seat from 0 to 3")
        self.seats = SEATS
        self.options: dict[str, OptionValue] = resolve_options(options)
        self.first_dealer = first_dealer
        self.next_dealer = first_dealer
        """Who deals the next deal (meaningful between deals)."""
        self.deals: list[Deal] = []
        self.totals: list[int] = [0] * SEATS
        """Per seat; partners carry their side's total."""
        self.bags: list[int] = [0, 0]
        """Each side's bags not yet paid for (option bags)."""
        self.base = 0
        """Scored deals before the first one held (a state rebuilt from a view)."""
        self.winner: int | None = None
        """The side that won, once the match is over."""
        self.to_act: int | None = TABLE

    # -- reading -------------------------------------------------------------------------------

    @property
    def target(self) -> int:
        target = self.options["target"]
        assert isinstance(target, int)
        return target

    @property
    def is_over(self) -> bool:
        return self.to_act is None

    @property
    def side_totals(self) -> list[int]:
        return [self.totals[0], self.totals[1]]

    def winners(self) -> list[int]:
        if not self.is_over or self.winner is None:
            return []
        return list(TEAMS[self.winner])

    def phase(self) -> str:
        """``deal`` (the table deals next), ``bid``, ``lay``, ``give``, ``play`` or
        ``match_over``."""
        if self.to_act is None:
            return "match_over"
        deal = self.current
        return "deal" if deal is None else deal.step

    def playable(self, deal: Deal, seat: int) -> list[Card]:
        """The cards ``seat``, to play, may play now (§4, Cl. 7)."""
        return legal_cards(deal.hands[seat], deal.trick, TRUMP, RULES, deal.spades_broken)

    def may_bid_blind(self, deal: Deal, seat: int) -> bool:
        return bool(self.options["double_nil"]) and not deal.looked[seat]

    def may_bid_open(self, deal: Deal, seat: int) -> bool:
        """Whether ``seat`` may bid a number or nil now, as far as looking goes (Cl. 6)."""
        return deal.looked[seat] or not self.options["bid_requires_look"]

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every action ``seat`` may take now (default: whoever is to act). A seat that has
        not looked at his cards may always ``look``; at a bid it may also bid (blind nil
        among them). At a lay, give or play such a seat is offered only ``look``: listing
        his cards would show them to him unlooked. A card he sends all the same is accepted
        and counts as the look (Cl. 6). A lay or a give is listed as every choice of three
        cards. The table's shuffle is drawn, not listed."""
        actor = self.to_act if seat is None else seat
        deal = self.current
        if deal is None or actor is None or not 0 <= actor < SEATS:
            return []
        looked = deal.looked[actor]
        if actor != self.to_act:
            return [] if looked else [LOOK]
        step = deal.step
        if step == "bid":
            out = [] if looked else [LOOK]
            if self.may_bid_open(deal, actor):
                out.extend(BIDS[b] for b in BIDS if b != BLIND_NIL)
            if self.may_bid_blind(deal, actor):
                out.append(BIDS[BLIND_NIL])
            return out
        if not looked:
            return [LOOK]
        if step == "play":
            return [PLAY[c] for c in self.playable(deal, actor)]
        return [Action(step, t) for t in _triples(deal.hands[actor])]

    def exchange_of(self, deal: Deal, seat: int) -> Exchange | None:
        return deal.exchanges[side_of(seat)]

    # -- checking ------------------------------------------------------------------------------

    def _check(self, seat: int, action: Action) -> Deal | None:
        """Every condition of ``action``; the deal it acts on (``None`` for a deal)."""
        _shape(action)
        kind = action.kind
        if self.to_act is None:
            raise IllegalAction("match_over", "the match is over")
        if kind == "deal":
            if seat != TABLE:
                raise IllegalAction("not_your_turn", "only the table deals")
            if self.to_act != TABLE:
                raise IllegalAction("wrong_phase", "a deal is already in progress")
            cards = action.arg.split(",")
            if len(cards) != PACK_SIZE or set(cards) != set(CARDS):
                raise IllegalAction("bad_deck", "a deal takes the 52 cards, each once")
            return None
        deal = self.current
        if deal is None or not 0 <= seat < SEATS:
            raise IllegalAction(
                "not_your_turn", "it is not your turn", {"seat": seat, "to_act": None}
            )
        if kind == "look":
            if deal.looked[seat]:
                raise IllegalAction("already_looked", "you have looked at your cards already")
            return deal
        if seat != self.to_act:
            raise IllegalAction(
                "not_your_turn", "it is not your turn", {"seat": seat, "to_act": self.to_act}
            )
        step = deal.step
        if kind != step:
            raise IllegalAction(
                "wrong_phase", f"it is time to {step}, not to {kind}", {"step": step}
            )
        if kind == "bid":
            self._check_bid(deal, seat, bid_of(action.arg))
            return deal
        if kind == "play":
            self._check_play(deal, seat, action.arg)
        else:
            cards = action.arg.split(",")
            hand = deal.hands[seat]
            if (
                len(cards) != EXCHANGE_SIZE
                or len(set(cards)) != EXCHANGE_SIZE
                or not all(c in hand for c in cards)
            ):
                raise IllegalAction(
                    "exchange_must_be_3_own_cards",
                    f"{kind} exactly three different cards of your hand",
                    {"cards": cards},
                )
        return deal

    def _check_bid(self, deal: Deal, seat: int, bid: Bid) -> None:
        if bid == BLIND_NIL:
            if not self.options["double_nil"]:
                raise IllegalAction("no_blind_nil", "blind nil is not played at this table")
            if deal.looked[seat]:
                raise IllegalAction(
                    "already_looked", "blind nil only before you look at your cards (SP12)"
                )
        elif not self.may_bid_open(deal, seat):
            raise IllegalAction("look_first", "look at your cards before you bid")

    def _check_play(self, deal: Deal, seat: int, card: Card) -> None:
        hand = deal.hands[seat]
        if card not in hand:
            raise IllegalAction("card_not_in_hand", f"you do not hold {card}", {"card": card})
        if card in self.playable(deal, seat):
            return
        if not deal.trick:
            raise IllegalAction(
                "spades_not_broken",
                "spades may not be led until broken, unless you hold only spades",
                {"card": card, "seat": seat},
            )
        led = deal.trick[0][1]
        raise IllegalAction(
            "must_follow_suit", "you must follow suit", {"card": card, "suit": led, "seat": seat}
        )

    def check(self, seat: int, action: Action) -> int | None:
        """Raise exactly what :meth:`apply` would, changing nothing; otherwise return who
        acts after it (``TABLE`` when the table deals next, ``None`` when the match ends)."""
        self._check(seat, action)
        trial = self.clone()
        trial.apply(seat, action)
        return trial.to_act

    # -- changing ------------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> None:
        """Apply ``action`` taken by ``seat``, or raise :class:`IllegalAction` changing nothing."""
        deal = self._check(seat, action)
        if deal is None:
            self._deal(action.arg.split(","))
            return
        kind = action.kind
        deal.actions.append((seat, str(action)))
        if kind in ("lay", "give", "play"):
            deal.looked[seat] = True  # choosing a card is looking at it (Cl. 6)
        if kind == "play":
            self._play(deal, seat, action.arg)
        elif kind == "look":
            deal.looked[seat] = True
        elif kind == "bid":
            self._bid(deal, seat, bid_of(action.arg))
        elif kind == "lay":
            self._lay(deal, seat, action.arg.split(","))
        else:
            self._give(deal, seat, action.arg.split(","))

    def _deal(self, pack: list[Card]) -> None:
        dealer = self.next_dealer
        dealt = dealt_hands(pack, dealer)
        first_bidder = self.options["first_bidder"]
        assert isinstance(first_bidder, str)
        order = bid_order(dealer, first_bidder)
        deal = Deal(
            number=self.deals_played + 1,
            dealer=dealer,
            order=order,
            pack=tuple(pack),
            dealt=dealt,
            hands=[list(h) for h in dealt],
            leader=(dealer + 1) % SEATS,
        )
        self.deals.append(deal)
        self.to_act = order[0]

    def _bid(self, deal: Deal, seat: int, bid: Bid) -> None:
        deal.bids[seat] = bid
        side = side_of(seat)
        if is_nil(bid):
            exchange = deal.exchanges[side]
            if exchange is None:
                deal.exchanges[side] = Exchange(nil=seat, partner=partner_of(seat))
            else:  # both partners nil: no exchange, the laid cards go back (Cl. 2)
                exchange.cancelled = True
                if exchange.laid is not None:
                    deal.hands[exchange.nil] = sort_hand(
                        [*deal.hands[exchange.nil], *exchange.laid]
                    )
        self._advance(deal)

    def _lay(self, deal: Deal, seat: int, cards: list[Card]) -> None:
        exchange = self.exchange_of(deal, seat)
        assert exchange is not None and exchange.nil == seat
        exchange.laid = cards
        hand = deal.hands[seat]
        for card in cards:
            hand.remove(card)
        self._advance(deal)

    def _give(self, deal: Deal, seat: int, cards: list[Card]) -> None:
        exchange = self.exchange_of(deal, seat)
        assert exchange is not None and exchange.partner == seat and exchange.laid is not None
        exchange.given = cards
        mine = [c for c in deal.hands[seat] if c not in cards]
        deal.hands[seat] = sort_hand([*mine, *exchange.laid])
        deal.hands[exchange.nil] = sort_hand([*deal.hands[exchange.nil], *cards])
        self._advance(deal)

    def _advance(self, deal: Deal) -> None:
        """Who acts next in the bidding: an exchange step owed, else the next bidder, else
        the first lead (Cl. 1 and 7)."""
        for exchange in deal.exchanges:
            if exchange is None or exchange.cancelled or exchange.done:
                continue
            if exchange.laid is None:
                deal.step, self.to_act = "lay", exchange.nil
                return
            if deal.bids[exchange.partner] is not None:
                deal.step, self.to_act = "give", exchange.partner
                return
        count = deal.bid_count
        if count < SEATS:
            deal.step, self.to_act = "bid", deal.order[count]
        else:
            deal.step, self.to_act = "play", deal.leader

    def _play(self, deal: Deal, seat: int, card: Card) -> None:
        deal.hands[seat].remove(card)
        deal.trick.append(card)
        if len(deal.trick) < SEATS:
            self.to_act = (seat + 1) % SEATS
            return
        leader = deal.leader
        winner = (leader + trick_winner(deal.trick, TRUMP, RULES)) % SEATS
        deal.history.append(Trick(leader, tuple(deal.trick), winner))
        deal.tricks[winner] += 1
        if any(c[1] == TRUMP for c in deal.trick):
            deal.spades_broken = True  # for every later lead, however it was played (Cl. 7)
        deal.trick = []
        deal.leader = winner
        if len(deal.history) == TRICKS:
            self._score(deal)
        else:
            self.to_act = winner

    def _score(self, deal: Deal) -> None:
        failed = self.options["failed_nil_tricks"]
        assert isinstance(failed, str)
        with_bags = bool(self.options["bags"])
        sides = []
        for side, (a, b) in enumerate(TEAMS):
            bid_a, bid_b = deal.bids[a], deal.bids[b]
            assert bid_a is not None and bid_b is not None
            sides.append(
                side_score(
                    (bid_a, bid_b),
                    (deal.tricks[a], deal.tricks[b]),
                    failed,
                    self.bags[side] if with_bags else None,
                )
            )
        for side, members in enumerate(TEAMS):
            score = sides[side]
            for seat in members:
                self.totals[seat] += score.total
            if score.bags is not None:
                self.bags[side] = score.bags
        winner = winning_side(
            self.side_totals, self.target, bool(self.options["lose_at_minus_200"])
        )
        deal.result = Result((sides[0], sides[1]), winner)
        self.next_dealer = (deal.dealer + 1) % SEATS  # Cl. 8
        if winner is None:
            self.to_act = TABLE
        else:
            self.winner = winner
            self.to_act = None

    # -- copying -------------------------------------------------------------------------------

    def clone(self) -> Match:
        other = Match.__new__(Match)
        other.seats = self.seats
        other.options = self.options  # never changed after the match starts
        other.first_dealer = self.first_dealer
        other.next_dealer = self.next_dealer
        other.deals = [d if d.finished else d.copy() for d in self.deals]
        other.totals = list(self.totals)
        other.bags = list(self.bags)
        other.base = self.base
        other.winner = self.winner
        other.to_act = self.to_act
        return other


def new_match(seats: int, options: Options | None, first_dealer: int) -> Match:
    """A match waiting for its first deal."""
    if seats != SEATS:
        raise ValueError("spades is played by four")
    return Match(first_dealer, options)


def iter_actions(log: Sequence[tuple[int, str]]) -> Iterator[tuple[int, Action]]:
    for seat, text in log:
        yield seat, parse_action(text)


def replay(
    first_dealer: int, log: Sequence[tuple[int, str]], options: Options | None = None
) -> Match:
    """The match reached by applying ``log`` (pairs of seat and action text) from the start."""
    match = Match(first_dealer, options)
    for seat, action in iter_actions(log):
        match.apply(seat, action)
    return match
