"""The state of an auction pinochle session and the one function that changes it,
:meth:`Match.apply` (the trick-game base's, docs/engine.md §4).

A deal runs: the table's ``deal:<48 cards>``; the auction (``bid:320``, ``pass``); the
widow (``widow``, or eldest's ``throw_in`` on the compulsory bid nobody raised); the
bidder's ``trump:H``, ``meld:…`` and ``bury:…``, each provisional and open to change until
his first ``play:``; ``concede`` by the bidder or by an opponent (out of turn) until that
lead; then fifteen tricks.

Its cards lie in the deal's ledger: each active hand dealt, the widow face down in the stock
until turned up and taken into the bidder's hand for all to see, a meld's cards shown
(:meth:`Ledger.show_only`, a meld shown anew replacing the last), the burial laid away
(``Place.BURIED``) at the bidder's first lead, while it can still change until then.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar, Final, NoReturn

from ...actions import Action
from ...cards import SUITS, Card
from ...errors import IllegalAction, MalformedAction
from ...game import Options
from .. import melds as meld_rules
from ..base import BID_STEP, PASS, TRUMP, BiddingDeal, BiddingMatch, check_bid, check_not_too_high
from ..melds import ORDER, Meld, sort_cards
from .rules import (
    BURY_SIZE,
    CARDS,
    HAND_SIZE,
    LAYOUTS,
    MAX_BID,
    OPTIONS,
    PINOCHLE,
    WIDOW,
    End,
    active_seats,
    bid_value,
    bidder_total,
    card_points,
    deals_total,
    ranks,
    settle,
    share_kitty,
)

WIDOW_UP: Final = Action("widow")
THROW_IN: Final = Action("throw_in")
CONCEDE: Final = Action("concede")
SHOW_NOTHING: Final = Action("meld")
STEP_FIRST: Final[dict[str, tuple[str, str]]] = {
    "bid": ("bid_or_pass", "bid or pass: the auction is on"),
    "widow": ("turn_the_widow", "turn the widow up, name trumps, throw in or concede first"),
    "trump": ("name_trump_first", "name trumps before you lead"),
    "meld": ("meld_first", "show your meld (or none) before you lead"),
    "bury": ("bury_first", "bury three cards before you lead"),
}
"""What an action out of its step is refused with, by the step the deal is at."""
_BID = re.compile(r"[1-9][0-9]*")
_CARD = re.compile(r"[ATKQJ9][SHDC]")


@dataclass(frozen=True, slots=True)
class Result:
    """How a deal settled (§10)."""

    end: End
    bid: int
    value: int
    """The bid's value in chips as settled (spade doubling included)."""
    total: int | None
    """The bidder's count (meld + card points + buried + last trick) when played out."""
    chips: tuple[int, ...]
    """What the deal's settlement gave each seat."""
    kitty: int
    """What it gave the kitty."""
    share: tuple[int, ...] | None = None
    """What each seat got of the kitty, when the deal ended the session."""

    @property
    def scores(self) -> tuple[int, ...]:
        """What each seat's balance changed by: its chips, and the kitty's share."""
        if self.share is None:
            return self.chips
        return tuple(a + b for a, b in zip(self.chips, self.share, strict=True))

    def detail(
        self, bidder: int, trump: str | None, meld: int, active: Sequence[int], conceded: Any
    ) -> dict[str, Any]:
        """What the scoresheet and the store keep of the deal, played or on paper."""
        return {
            "bidder": bidder,
            "bid": self.bid,
            "trump": trump,
            "meld": meld if trump is not None else None,
            "points": None if self.total is None else self.total - meld,
            "total": self.total,
            "end": self.end.value,
            "value": self.value,
            "active": list(active),
            "conceded": sorted(conceded),
            "chips": list(self.chips),
            "kitty": self.kitty,
            "share": None if self.share is None else list(self.share),
        }


class Deal(BiddingDeal):
    """One deal: the base's (its cards in the ledger, the tricks, the actions, the auction)
    with the active seats, the bids, the widow and the bidder's provisional choices."""

    __slots__ = (
        "active",
        "bids",
        "buried",
        "conceded",
        "led",
        "melds",
        "minimum",
        "result",
        "shown",
        "widow",
        "widow_turned",
    )
    COPIED: ClassVar = {"bids": list, "conceded": dict}

    def begin(self) -> None:
        super().begin()
        self.active = active_seats(self.seats, self.dealer)
        """The active seats in bidding order, eldest first."""
        self.minimum = 0
        """The compulsory opening bid."""
        self.widow: list[Card] = []
        self.bids: list[tuple[int, int | None]] = []
        """The auction in order: (seat, bid), ``None`` for a pass."""
        self.widow_turned = False
        self.shown: list[Card] | None = None
        """The cards shown in melds (``None`` until the bidder melds; ``[]`` shows nothing)."""
        self.melds: list[Meld] = []
        """What ``shown`` is worth at its best with ``trump``."""
        self.buried: list[Card] | None = None
        """The burial chosen; laid away in the ledger at the bidder's first lead."""
        self.conceded: dict[int, int] = {}
        """Opponents who conceded, each with the bid's value at that moment."""
        self.led = False
        """The bidder has led: trump, meld and burial are final."""
        self.result: Result | None = None

    def taken(self) -> tuple[list[Card], list[Card]]:
        """Cards taken in tricks by the bidder and by the opponents together."""
        ledger = self.ledger
        cards = ledger.cards
        mine: list[Card] = []
        theirs: list[Card] = []
        for seat, pile in enumerate(ledger.taken):
            (mine if seat == self.bidder else theirs).extend(cards[i] for i in pile)
        return mine, theirs

    # -- reading -------------------------------------------------------------------------------

    @property
    def eldest(self) -> int:
        """The dealer's left (§1): the base's first leader, and so the first to bid."""
        return self.active[0]

    @property
    def meld_value(self) -> int:
        return sum(m.value for m in self.melds)

    @property
    def may_throw_in(self) -> bool:
        """Eldest holds the compulsory bid nobody raised, the widow still down (§4.1,
        Clarification 1)."""
        return self.bidder == self.eldest and not self.widow_turned and self.high == self.minimum

    def next_step(self) -> str:
        """``bid``, ``widow``, ``trump``, ``meld``, ``bury`` or ``play``: the bidder's steps
        are the first of trump, meld and burial still missing; each may be redone until the
        first lead."""
        if self.bidder is None:
            return "bid"
        if not self.widow_turned:
            return "widow"
        if self.trump is None:
            return "trump"
        if self.shown is None:
            return "meld"
        if self.buried is None:
            return "bury"
        return "play"


def _cards(text: str) -> list[Card] | None:
    cards = text.split(",")
    return cards if all(_CARD.fullmatch(c) for c in cards) else None


class Match(BiddingMatch[Deal]):
    """A session of auction pinochle for 3, 4 or 5 seats."""

    NAME = "auction_pinochle"
    TITLE = "Auction pinochle"
    NOUN = "auction pinochle"
    PREVIOUS_SCORES = False
    PACK = CARDS
    RULES = PINOCHLE
    OPTIONS = OPTIONS
    DEAL = Deal
    CARD_ORDER = ORDER
    OTHER_ACTIONS = (PASS, WIDOW_UP, THROW_IN, CONCEDE, SHOW_NOTHING, *TRUMP.values())
    KINDS = ("deal", "bid", "pass", "widow", "throw_in", "trump", "meld", "bury", "concede", "play")
    FREE_KINDS = ("deal", "bid", "meld", "bury")
    DEAL_TAKES = "the 48 cards (A T K Q J 9 of each suit, twice)"
    MATCH_OVER = "the session is over"

    __slots__ = ("kitty", "share")

    def __init__(self, seats: int, options: Options | None, first_dealer: int) -> None:
        super().__init__(seats, options, first_dealer)
        self.kitty = 0
        self.share: list[int] | None = None
        """What each seat got of the kitty when the session ended."""

    # -- reading -------------------------------------------------------------------------------

    @property
    def deals_total(self) -> int:
        return deals_total(self.seats, self.options)

    @property
    def packets(self) -> int:
        return int(self.options["packets"])

    @property
    def scheme(self) -> str:
        return str(self.options["card_points"])

    def match_over(self) -> bool:
        return self.deals_played >= self.deals_total

    def may_concede(self, deal: Deal, seat: int) -> bool:
        if deal.bidder is None or deal.led:
            return False
        if seat == deal.bidder:
            return True  # before the widow is turned too: that turns it (Clarification 2)
        return deal.widow_turned and seat in deal.active and seat not in deal.conceded

    def suggestion(self, deal: Deal) -> list[Meld]:
        """The bidder's best meld with the trump named, leaving three cards to bury unless
        it makes the bid on its own."""
        assert deal.bidder is not None and deal.trump is not None
        hand = deal.ledger.hand(deal.bidder)
        best = meld_rules.best(hand, deal.trump)
        if sum(m.value for m in best) >= deal.high:
            return best
        while best and len(meld_rules.shown_cards(best)) > len(hand) - BURY_SIZE:
            best.remove(min(best, key=lambda m: m.value))
        return best

    def unshown(self, deal: Deal) -> list[Card]:
        """The bidder's cards that no meld shows: those he may bury (per copy)."""
        assert deal.bidder is not None
        left = Counter(deal.ledger.hand(deal.bidder))
        left.subtract(deal.shown or [])
        return sort_cards(left.elements())

    def lead_cards(self, deal: Deal, seat: int, hand: list[Card]) -> list[Card]:
        """Before his first lead the bidder's burial is still in his hand, and not his to
        lead."""
        if deal.bidder == seat and deal.buried and not deal.led:
            left = Counter(hand)
            left.subtract(deal.buried)
            return sort_cards(left.elements())
        return hand

    def other_actions(self, deal: Deal, seat: int) -> list[Action]:
        """Bids up to 650 (higher ones up to ``MAX_BID`` are accepted too); trump; a meld, as
        the suggested best and as showing nothing (any other meld of the hand is accepted
        too); every choice of three unshown cards to bury; a concession, the opponents' out
        of turn. Revising an earlier choice before the first lead is accepted but not listed
        (:meth:`revisions`), so that a player who follows the list always moves on."""
        if seat != self.to_act:
            return [CONCEDE] if self.may_concede(deal, seat) else []
        step = deal.step
        if step == "play":
            return [] if deal.led else [CONCEDE]
        if step == "bid":
            low = deal.minimum if deal.high_seat is None else deal.high + BID_STEP
            top = min(max(650, low + 5 * BID_STEP), MAX_BID)
            out = [Action("bid", str(b)) for b in range(low, top + 1, BID_STEP)]
            return out if deal.high_seat is None else [*out, PASS]
        if step == "widow":
            return [WIDOW_UP, THROW_IN, CONCEDE]
        if step == "trump":
            return [*TRUMP.values(), CONCEDE]
        if step == "meld":
            best = self.suggestion(deal)
            suggested = type(self).PARSE(meld_rules.meld_text(best))  # an empty one shows nothing
            return [suggested, SHOW_NOTHING, CONCEDE] if best else [suggested, CONCEDE]
        # of two copies of a card, either makes the same choice: each listed once
        choices = dict.fromkeys(combinations(self.unshown(deal), BURY_SIZE))
        return [*(Action("bury", ",".join(t)) for t in choices), CONCEDE]

    def revisions(self, deal: Deal) -> list[str]:
        """What the bidder may still change before his first lead: another trump
        (``trump:X``), another meld (any ``meld:…``), another burial (any ``bury:…``)."""
        if deal.trump is None or deal.led:
            return []
        out = [str(TRUMP[s]) for s in SUITS if s != deal.trump]
        if deal.shown is not None:
            out.append("meld")
        if deal.buried is not None:
            out.append("bury")
        return out

    # -- notation ------------------------------------------------------------------------------

    @classmethod
    def parse_other(cls, action: Action) -> Action:
        kind, arg = action.kind, action.arg
        if kind == "bid":
            if not _BID.fullmatch(arg):
                raise MalformedAction("'bid' takes a number of points, such as 320")
            return Action("bid", arg)
        if kind == "meld":
            groups = arg.split(";")
            if len(groups) > 40 or any(_cards(g) is None for g in groups):
                raise MalformedAction(
                    "'meld' takes melds apart by ';', each its cards apart by ',' "
                    "(meld:AH,TH,KH,QH,JH;QS,JD), or nothing to show no meld"
                )
            return Action("meld", ";".join(",".join(g) for g in meld_rules.parse_groups(arg)))
        if kind == "bury":
            cards = _cards(arg)
            if cards is None or len(cards) > HAND_SIZE + 3:
                raise MalformedAction("'bury' takes cards apart by ',' (bury:TS,TS,9C)")
            return Action("bury", ",".join(sort_cards(cards)))
        return super().parse_other(action)

    # -- checking ------------------------------------------------------------------------------

    def refuse_turn(self, seat: int) -> NoReturn:
        deal = self.current
        if deal is not None and 0 <= seat < self.seats and seat not in deal.active:
            detail = {"seat": seat, "to_act": self.to_act}
            raise IllegalAction("sitting_out", "you sit out this deal", detail)
        super().refuse_turn(seat)

    def check_step(self, deal: Deal, kind: str) -> None:
        """A card played before the bidder's steps are done, refused by the step."""
        raise IllegalAction(*STEP_FIRST[deal.step])

    def check_other(self, deal: Deal | None, seat: int, action: Action) -> Deal:
        if deal is None or not 0 <= seat < self.seats:
            self.refuse_turn(seat)
        kind = action.kind
        if kind == "concede":
            self._check_concede(deal, seat)
            return deal
        if seat != self.to_act:
            self.refuse_turn(seat)
        step = deal.step
        if step == "bid":
            self._check_bid(deal, action)
        elif kind in ("bid", "pass"):
            raise IllegalAction("auction_over", "the auction is over")
        elif step == "widow":
            # any action but the throw-in turns the widow first (Clarification 2); naming
            # trump is the only other one that can follow at once
            if kind not in ("widow", "throw_in", "trump"):
                self.check_step(deal, kind)
        elif kind in ("widow", "throw_in"):
            raise IllegalAction("widow_turned", "the widow is already turned up")
        elif deal.led:
            raise IllegalAction("play_started", "trump, meld and burial are final once you led")
        elif kind == "meld":
            self._check_meld(deal, action.arg)
        elif kind == "bury":
            self._check_bury(deal, action.arg.split(","))
        return deal

    def _check_concede(self, deal: Deal, seat: int) -> None:
        if self.may_concede(deal, seat):
            return
        if seat not in deal.active:
            raise IllegalAction("sitting_out", "you sit out this deal", {"seat": seat})
        if deal.bidder is None or not deal.widow_turned:
            raise IllegalAction("concede_not_now", "an opponent may concede once the widow is up")
        if seat in deal.conceded:
            raise IllegalAction("already_conceded", "you have conceded already")
        raise IllegalAction("concede_not_now", "concessions end with the bidder's first lead")

    def _check_bid(self, deal: Deal, action: Action) -> None:
        if action.kind == "pass":
            if deal.high_seat is None:
                raise IllegalAction(
                    "must_open", f"eldest must open with {deal.minimum} or more",
                    {"minimum": deal.minimum},
                )  # fmt: skip
            return
        if action.kind != "bid":
            self.check_step(deal, action.kind)
        check_not_too_high(action.arg, MAX_BID)
        check_bid(int(action.arg), deal.minimum if deal.high_seat is None else deal.high + BID_STEP)

    def _check_meld(self, deal: Deal, arg: str) -> None:
        assert deal.bidder is not None
        named = meld_rules.name_melds(meld_rules.parse_groups(arg), deal.trump)
        hand = deal.ledger.hand(deal.bidder)
        shown = meld_rules.check_held(named, hand)
        value = meld_rules.value(shown, deal.trump or "S")
        if value < deal.high and len(shown) > len(hand) - BURY_SIZE:
            raise IllegalAction(
                "meld_leaves_no_burial",
                "showing these cards leaves fewer than three to bury",
                {"shown": len(shown)},
            )

    def _check_bury(self, deal: Deal, cards: list[Card]) -> None:
        assert deal.bidder is not None
        if deal.shown is None:
            raise IllegalAction("meld_first", "show your meld (or none) before burying")
        hand = Counter(deal.ledger.hand(deal.bidder))
        asked = Counter(cards)
        if len(cards) != BURY_SIZE or not asked <= hand:
            raise IllegalAction(
                "bury_must_be_3_own_cards", "bury exactly three cards you hold", {"cards": cards}
            )
        free = hand - Counter(deal.shown)
        if not asked <= free:
            shown = sort_cards((asked - free).elements())
            raise IllegalAction(
                "cannot_bury_shown_card",
                f"{', '.join(shown)} is shown in a meld and cannot be buried",
                {"cards": shown},
            )

    def check_lead(self, deal: Deal, seat: int, card: Card) -> None:
        if card not in self.lead_cards(deal, seat, deal.ledger.hand(seat)):
            raise IllegalAction(
                "card_is_buried", f"{card} is buried: bury another card to lead it", {"card": card}
            )

    # -- changing ------------------------------------------------------------------------------

    def lay_out(self, deal: Deal, pack: Sequence[Card]) -> None:
        places: list[list[Card]] = [[], [], [], []]
        for card, place in zip(pack, LAYOUTS[self.packets], strict=True):
            places[place].append(card)
        deal.minimum = int(self.options["opening"])
        ledger = deal.ledger
        dealt = deal.hands_dealt = [[] for _ in range(self.seats)]
        for place, seat in enumerate(deal.active):
            dealt[seat] = sort_cards(places[place])
            for card in dealt[seat]:
                ledger.deal(seat, card)
        deal.widow = sort_cards(places[WIDOW])
        ledger.lay_stock(deal.widow)

    def apply_other(self, deal: Deal, seat: int, action: Action) -> None:
        kind = action.kind
        if kind == "concede":
            self._concede(deal, seat)
        elif kind == "bid":
            self._bid(deal, seat, int(action.arg))
        elif kind == "pass":
            self._pass(deal, seat)
        elif kind == "widow":
            self._turn_widow(deal)
        elif kind == "throw_in":
            self._settle(deal, End.THROWN_IN)
        elif kind == "trump":
            self._turn_widow(deal)
            deal.trump = action.arg
            self._value_meld(deal)
        elif kind == "meld":
            self._meld(deal, action.arg)
        else:
            deal.buried = action.arg.split(",")
        deal.step = deal.next_step()

    def _bid(self, deal: Deal, seat: int, bid: int) -> None:
        deal.bids.append((seat, bid))
        deal.high, deal.high_seat = bid, seat
        self.to_act = self.next_bidder(deal, seat)

    def _pass(self, deal: Deal, seat: int) -> None:
        deal.bids.append((seat, None))
        deal.out.append(seat)
        if len(deal.out) == 2:
            assert deal.high_seat is not None
            deal.bidder = deal.leader = deal.high_seat
            self.to_act = deal.bidder
            if not deal.may_throw_in:
                self._turn_widow(deal)
            return
        self.to_act = self.next_bidder(deal, seat)

    def _turn_widow(self, deal: Deal) -> None:
        """The widow turned up for all and taken into the bidder's hand (nothing more once
        it is)."""
        assert deal.bidder is not None
        deal.widow_turned = True
        ledger = deal.ledger
        while ledger.stock:
            ledger.turn()
            ledger.draw(deal.bidder)

    def _concede(self, deal: Deal, seat: int) -> None:
        if seat == deal.bidder:
            self._turn_widow(deal)  # a concession turns the widow (Clarification 2)
            self._settle(deal, End.SINGLE_BETE)
            return
        deal.conceded[seat] = bid_value(deal.high, deal.trump, self.options)
        if len(deal.conceded) == 2:
            self._settle(deal, End.OPPONENTS_CONCEDED)

    def _meld(self, deal: Deal, arg: str) -> None:
        assert deal.bidder is not None
        ledger = deal.ledger
        named = meld_rules.name_melds(meld_rules.parse_groups(arg), deal.trump)
        deal.shown = meld_rules.check_held(named, ledger.hand(deal.bidder))
        ledger.show_only(deal.bidder, deal.shown)
        if deal.buried is not None and not Counter(deal.buried) <= Counter(self.unshown(deal)):
            deal.buried = None  # the new meld shows a buried card: bury again
        self._value_meld(deal)

    def _value_meld(self, deal: Deal) -> None:
        """Value the shown cards at their best with the trump named; a meld that reaches
        the bid makes it at once (Clarification 4)."""
        if deal.shown is None or deal.trump is None:
            return
        deal.melds = meld_rules.best(deal.shown, deal.trump)
        if deal.meld_value >= deal.high:
            self._settle(deal, End.MADE_ON_MELD)

    def players(self, deal: Deal) -> tuple[int, ...]:
        return deal.active

    def play(self, deal: Deal, seat: int, card: Card) -> None:
        """The bidder's first lead lays his burial away, and of two copies he plays one the
        table has seen; then the base's play among the three active seats."""
        if seat == deal.bidder:
            ledger = deal.ledger
            if not deal.led:
                assert deal.buried is not None
                deal.led = True
                ledger.lay_away(seat, deal.buried)
            ledger.seen_copy_first(seat, card)
        super().play(deal, seat, card)

    def played_out(self, deal: Deal) -> None:
        assert deal.buried is not None
        taken = card_points([*deal.taken()[0], *deal.buried], self.scheme)
        total = bidder_total(deal.meld_value, taken, deal.leader == deal.bidder)
        end = End.MADE if total >= deal.high else End.DOUBLE_BETE
        self._settle(deal, end, total)

    def _settle(self, deal: Deal, end: End, total: int | None = None) -> None:
        deal.result = self.settlement(deal, end, total)
        self.finish(deal, deal.result.scores)

    def settlement(self, deal: Deal, end: End, total: int | None = None) -> Result:
        """How ``deal`` settles as it ``end``-ed, at the bid's value now (the paper form's
        too): the chips, the kitty's change and, after the session's last deal, its share."""
        assert deal.bidder is not None
        # a throw-in comes before trump is named: it pays the basic value
        value = bid_value(deal.high, deal.trump, self.options)
        lone = deal.conceded if end is not End.OPPONENTS_CONCEDED else {}
        chips, kitty = settle(self.seats, deal.bidder, deal.high, value, end, lone)
        self.kitty += kitty
        share = None
        if self.deals_played + 1 >= self.deals_total:  # this deal, not yet scored, counted
            share = tuple(share_kitty(self.kitty, self.seats, deal.dealer))
            self.share, self.kitty = list(share), 0
        return Result(end, deal.high, value, total, tuple(chips), kitty, share)

    # -- views ---------------------------------------------------------------------------------

    def pick(self, deal: Deal, seat: int) -> tuple[int, list[Card]] | None:
        return (BURY_SIZE, self.unshown(deal)) if deal.step == "bury" else None

    def legal_more(self, deal: Deal, seat: int, shape: dict[str, Any]) -> dict[str, Any]:
        if deal.step == "bury":
            shape["also"] = [str(CONCEDE)]
        revise = self.revisions(deal)
        if revise:
            shape["revise"] = revise
        return shape

    def deal_json(self, deal: Deal) -> dict[str, Any]:
        bidder = deal.bidder
        return {
            "active": list(deal.active),
            "eldest": deal.eldest,
            "sitting_out": [s for s in range(self.seats) if s not in deal.active],
            "minimum": deal.minimum,
            "auction": [{"seat": s, "bid": b} for s, b in deal.bids],
            "high_bid": deal.high if deal.high_seat is not None else None,
            "high_bidder": deal.high_seat,
            "passed": list(deal.out),
            "bidder": bidder,
            "widow": list(deal.widow) if deal.widow_turned else None,
            "widow_turned": deal.widow_turned,
            "throw_in_open": deal.may_throw_in,
            "meld": _meld_json(deal),
            "buried_count": len(deal.buried) if deal.buried is not None else 0,
            "conceded": sorted(deal.conceded),
            "concessions": [{"seat": s, "value": v} for s, v in sorted(deal.conceded.items())],
            "led": deal.led,
            "leader": None if bidder is None else deal.leader,
            "points_taken": None
            if bidder is None
            else [card_points(side, self.scheme) for side in deal.taken()],
        }

    def cards_json(self, deal: Deal, viewer: int | None) -> dict[str, Any]:
        """Each hand's size (the burial in the bidder's until his first lead); a seat's own
        hand, and the bidder's burial and what each trump would make of his hand (his own
        knowledge, for choosing) and the meld suggested with the trump named."""
        hands = deal.ledger.hands
        out: dict[str, Any] = {
            "hand": None,
            "hand_sizes": [len(hands[s]) if s in deal.active else None for s in range(self.seats)],
            "buried": None,
            "suggestion": None,
            "trump_melds": None,
        }
        if viewer is None or viewer not in deal.active:
            return out
        hand = out["hand"] = deal.ledger.hand(viewer)
        if viewer != deal.bidder:
            return out
        if deal.buried is not None:
            out["buried"] = list(deal.buried)
        if deal.widow_turned and not deal.led:
            out["trump_melds"] = {s: meld_rules.value(hand, s) for s in SUITS}
            if deal.trump is not None:
                best = self.suggestion(deal)
                out["suggestion"] = {
                    "action": meld_rules.meld_text(best),
                    "melds": [m.to_json() for m in best],
                    "cards": meld_rules.shown_cards(best),
                    "value": sum(m.value for m in best),
                }
        return out

    def detail(self, deal: Deal) -> dict[str, Any]:
        result = deal.result
        assert result is not None and deal.bidder is not None
        return result.detail(deal.bidder, deal.trump, deal.meld_value, deal.active, deal.conceded)

    def previous_fields(self, deal: Deal) -> dict[str, Any]:
        """A scored deal as everyone may see it: the auction, the widow if it was turned, the
        meld, the burial now revealed and the settlement. Hands never played stay unshown."""
        result = deal.result
        assert result is not None
        return {
            "active": list(deal.active),
            "sitting_out": [s for s in range(self.seats) if s not in deal.active],
            "auction": [{"seat": s, "bid": b} for s, b in deal.bids],
            "bidder": deal.bidder,
            "bid": result.bid,
            "widow": list(deal.widow) if deal.widow_turned else None,
            "meld": _meld_json(deal),
            "buried": list(deal.buried) if deal.buried is not None and deal.led else None,
            "conceded": sorted(deal.conceded),
            "end": result.end.value,
            "value": result.value,
            "total": result.total,
            "points": None if result.total is None else result.total - deal.meld_value,
            "last_trick": deal.history[-1].winner if deal.history else None,
            "chips": list(result.chips),
            "kitty": result.kitty,
            "share": None if result.share is None else list(result.share),
        }


def _meld_json(deal: Deal) -> dict[str, Any] | None:
    if deal.shown is None:
        return None
    return {
        "cards": list(deal.shown),
        "melds": [m.to_json() for m in deal.melds],
        "value": deal.meld_value,
    }


def public_fields(match: Match) -> dict[str, Any]:
    return {
        "deals_total": match.deals_total,
        "kitty": match.kitty,
        "share": list(match.share) if match.share is not None else None,
        "ranks": ranks(match.totals),
    }
