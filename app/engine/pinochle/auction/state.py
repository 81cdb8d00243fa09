"""The state of an auction pinochle session and the one function that changes it,
:meth:`Match.apply`.

A deal runs: the table's ``deal:<48 cards>``; the auction (``bid:320``, ``pass``); the
widow (``widow``, or eldest's ``throw_in`` on the compulsory bid nobody raised); the
bidder's ``trump:H``, ``meld:…`` and ``bury:…``, each provisional and open to change until
his first ``play:``; ``concede`` by the bidder or by an opponent (out of turn) until that
lead; then fifteen tricks. Every check comes before the first change, so a refused action
leaves the state as it was.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Final

from ...actions import Action, split_action
from ...cards import SUITS, Card
from ...deal_sequence import DealSequence
from ...errors import IllegalAction, MalformedAction
from ...game import TABLE as TABLE
from ...game import Options, OptionValue, resolve_options_of
from ...tricks import legal_cards, trick_winner
from .. import melds as meld_rules
from ..melds import Meld
from .deal import Deal, Result, Trick, dealt_places
from .rules import (
    BURY_SIZE,
    CARDS,
    DISTINCT,
    HAND_SIZE,
    LAYOUTS,
    MAX_BID,
    OPTIONS,
    PINOCHLE,
    TRICKS,
    End,
    active_seats,
    basic_value,
    bid_value,
    bidder_total,
    card_points,
    deals_total,
    settle,
    share_kitty,
    sort_cards,
    winners,
)

PACK_SIZE: Final = len(CARDS)
BID_STEP: Final = 10
LISTED_UP_TO: Final = 650
"""Bids are listed among the legal actions from the least allowed to here (or a few steps
above the high bid); any higher multiple of ten up to ``MAX_BID`` is accepted too."""

PLAY: Final[dict[Card, Action]] = {c: Action("play", c) for c in DISTINCT}
TRUMP: Final[dict[str, Action]] = {s: Action("trump", s) for s in SUITS}
PASS: Final = Action("pass")
WIDOW: Final = Action("widow")
THROW_IN: Final = Action("throw_in")
CONCEDE: Final = Action("concede")
SHOW_NOTHING: Final = Action("meld")
KINDS: Final = (
    "deal",
    "bid",
    "pass",
    "widow",
    "throw_in",
    "trump",
    "meld",
    "bury",
    "concede",
    "play",
)

_FIXED: Final[dict[str, Action]] = {
    **{str(a): a for a in PLAY.values()},
    **{str(a): a for a in TRUMP.values()},
    "pass": PASS,
    "widow": WIDOW,
    "throw_in": THROW_IN,
    "concede": CONCEDE,
    "meld": SHOW_NOTHING,
}
_BID = re.compile(r"^[1-9][0-9]*$")
_CARD = re.compile(r"^[ATKQJ9][SHDC]$")


def _cards(text: str) -> list[Card] | None:
    cards = text.split(",")
    return cards if all(_CARD.match(c) for c in cards) else None


def too_high(number: str) -> bool:
    """Whether a bid's digits name more than :data:`MAX_BID`, read without building a
    number of up to two thousand digits."""
    return len(number) > len(str(MAX_BID)) or int(number) > MAX_BID


def parse_action(text: object) -> Action:
    """Parse and canonicalise an action's text; raise :class:`MalformedAction` if it is none."""
    if type(text) is str:
        known = _FIXED.get(text)
        if known is not None:
            return known
    action = split_action(text)
    kind, arg = action.kind, action.arg
    if kind == "bid":
        if not _BID.match(arg):
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
    if kind == "play":
        raise MalformedAction(f"'play' takes one card such as QS, got {arg[:20]!r}")
    if kind == "trump":
        raise MalformedAction(f"'trump' takes a suit (S, H, D or C), got {arg[:20]!r}")
    if kind in ("pass", "widow", "throw_in", "concede"):
        raise MalformedAction(f"'{kind}' takes no argument")
    if kind == "deal":
        cards = arg.split(",") if arg else []
        if len(cards) != PACK_SIZE or Counter(cards) != _PACK_COUNT:
            raise MalformedAction("'deal' takes the 48 cards (A T K Q J 9 of each suit, twice)")
        return Action("deal", arg)
    raise MalformedAction(f"unknown action {kind[:20]!r}", {"kinds": list(KINDS)})


_PACK_COUNT: Final = Counter(CARDS)


def deal_action(pack: Sequence[Card]) -> Action:
    return Action("deal", ",".join(pack))


def random_deal(rng: random.Random) -> Action:
    pack = list(CARDS)
    rng.shuffle(pack)
    return deal_action(pack)


def _shape(action: Action) -> None:
    """Refuse an ``Action`` built by hand that no text would parse to."""
    text = str(action)
    if text in _FIXED or action.kind in ("deal", "bid", "meld", "bury"):
        try:
            parsed = parse_action(text)
        except MalformedAction:
            parsed = None
        if parsed == action:
            return
    raise MalformedAction(f"not an auction pinochle action: {text[:40]!r}")


class Match(DealSequence[Deal]):
    """A session of auction pinochle for 3, 4 or 5 seats. Build one with :func:`new_match`."""

    __slots__ = (
        "base",
        "deals",
        "first_dealer",
        "kitty",
        "next_dealer",
        "options",
        "seats",
        "share",
        "to_act",
        "totals",
    )

    def __init__(self, seats: int, first_dealer: int, options: Options | None = None) -> None:
        if seats not in (3, 4, 5):
            raise ValueError("auction pinochle is played by 3, 4 or 5")
        if not 0 <= first_dealer < seats:
            raise ValueError(f"no seat {first_dealer} at a table of {seats}")
        self.seats = seats
        self.options: dict[str, OptionValue] = resolve_options_of(
            OPTIONS, options, "Auction pinochle"
        )
        self.first_dealer = first_dealer
        self.next_dealer = first_dealer
        self.deals: list[Deal] = []
        self.totals: list[int] = [0] * seats
        """Chips per seat; the kitty's share is added when the session ends."""
        self.kitty = 0
        self.share: list[int] | None = None
        """What each seat got of the kitty when the session ended."""
        self.base = 0
        """Scored deals before the first one held (a state rebuilt from a view)."""
        self.to_act: int | None = TABLE

    # -- reading -------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.to_act is None

    @property
    def deals_total(self) -> int:
        return deals_total(self.seats, self.options)

    @property
    def minimum(self) -> int:
        opening = self.options["opening"]
        assert isinstance(opening, int)
        return opening

    @property
    def scheme(self) -> str:
        scheme = self.options["card_points"]
        assert isinstance(scheme, str)
        return scheme

    def winners(self) -> list[int]:
        return winners(self.totals) if self.is_over else []

    def share_of(self, deal: Deal) -> list[int] | None:
        """The kitty's share, when ``deal`` ended the session."""
        return self.share if self.is_over and deal is self.deals[-1] else None

    def deal_scores(self, deal: Deal) -> list[int]:
        """What each seat's balance changed by with ``deal``: its chips, and after the
        session's last deal the kitty's share (zeros while the deal runs)."""
        result = deal.result
        scores = list(result.chips) if result else [0] * self.seats
        share = self.share_of(deal)
        if share is not None:
            scores = [a + b for a, b in zip(scores, share, strict=True)]
        return scores

    def phase(self) -> str:
        """``deal``, ``bid``, ``widow``, ``trump``, ``meld``, ``bury``, ``play`` or
        ``match_over``: the bidder's steps are the first of trump, meld and burial still
        missing; each may be redone until the first lead."""
        if self.to_act is None:
            return "match_over"
        deal = self.current
        if deal is None:
            return "deal"
        if deal.bidder is None:
            return "bid"
        if not deal.widow_turned:
            return "widow"
        if deal.led:
            return "play"
        if deal.trump is None:
            return "trump"
        if deal.shown is None:
            return "meld"
        if deal.buried is None:
            return "bury"
        return "play"

    def bid_options(self, deal: Deal) -> list[int]:
        """The bids listed for the seat to bid (any higher multiple of ten up to the table's
        limit is accepted)."""
        low = deal.minimum if deal.high_seat is None else deal.high + BID_STEP
        top = min(max(LISTED_UP_TO, low + 5 * BID_STEP), MAX_BID)
        return list(range(low, top + 1, BID_STEP))

    def may_concede(self, deal: Deal, seat: int) -> bool:
        if deal.bidder is None or deal.led or deal.finished:
            return False
        if seat == deal.bidder:
            return True  # before the widow is turned too: that turns it (Clarification 2)
        return deal.widow_turned and seat in deal.active and seat not in deal.conceded

    def suggestion(self, deal: Deal) -> list[Meld]:
        """The bidder's best meld with the trump named, leaving three cards to bury unless
        it makes the bid on its own."""
        assert deal.bidder is not None and deal.trump is not None
        hand = deal.hands[deal.bidder]
        best = meld_rules.best(hand, deal.trump)
        if sum(m.value for m in best) >= deal.high:
            return best
        while best and len(meld_rules.shown_cards(best)) > len(hand) - BURY_SIZE:
            best.remove(min(best, key=lambda m: m.value))
        return best

    def unshown(self, deal: Deal) -> list[Card]:
        """The bidder's cards that no meld shows: those he may bury (per copy)."""
        assert deal.bidder is not None
        left = Counter(deal.hands[deal.bidder])
        left.subtract(deal.shown or [])
        return sort_cards(left.elements())

    def playable(self, deal: Deal, seat: int) -> list[Card]:
        hand = deal.hands[seat]
        if deal.bidder == seat and deal.buried and not deal.led:
            left = Counter(hand)
            left.subtract(deal.buried)
            hand = sort_cards(left.elements())
        return legal_cards(hand, [c for _, c in deal.trick], deal.trump, PINOCHLE)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """What ``seat`` (default: whoever is to act) may do now, each step forward once:
        bids up to 650 (higher ones up to ``MAX_BID`` are accepted too); trump; a meld, as
        the suggested best and as showing nothing (any other meld of the hand is accepted
        too); every choice of three unshown cards to bury; a card; a concession; an
        opponent's concession out of turn. Revising an earlier choice before the first lead
        is accepted but not listed (:meth:`revisions`), so that a player who follows the
        list always moves on."""
        actor = self.to_act if seat is None else seat
        deal = self.current
        if deal is None or actor is None or actor == TABLE:
            return []
        if actor != self.to_act:
            return [CONCEDE] if self.may_concede(deal, actor) else []
        phase = self.phase()
        if phase == "bid":
            out = [Action("bid", str(b)) for b in self.bid_options(deal)]
            return out if deal.high_seat is None else [*out, PASS]
        if phase == "widow":
            return [WIDOW, THROW_IN, CONCEDE]
        if phase == "trump":
            return [*TRUMP.values(), CONCEDE]
        if phase == "meld":
            best = self.suggestion(deal)
            listed = [parse_action(meld_rules.meld_text(best))]
            if best:
                listed.append(SHOW_NOTHING)
            return [*listed, CONCEDE]
        if phase == "bury":
            choices = _triples(self.unshown(deal))
            return [*(Action("bury", ",".join(t)) for t in choices), CONCEDE]
        cards = [PLAY[c] for c in dict.fromkeys(self.playable(deal, actor))]
        return cards if deal.led else [*cards, CONCEDE]

    def revisions(self, seat: int) -> list[str]:
        """What the bidder may still change before his first lead: another trump
        (``trump:X``), another meld (any ``meld:…``), another burial (any ``bury:…``)."""
        deal = self.current
        if deal is None or seat != self.to_act or seat != deal.bidder:
            return []
        if not deal.widow_turned or deal.led or deal.trump is None:
            return []
        out = [str(TRUMP[s]) for s in SUITS if s != deal.trump]
        if deal.shown is not None:
            out.append("meld")
        if deal.buried is not None:
            out.append("bury")
        return out

    # -- checking ------------------------------------------------------------------------------

    def _check(self, seat: int, action: Action) -> Deal | None:
        """Every condition of ``action``; the deal it acts on (``None`` for a deal)."""
        _shape(action)
        kind = action.kind
        if self.to_act is None:
            raise IllegalAction("match_over", "the session is over")
        if kind == "deal":
            if seat != TABLE:
                raise IllegalAction("not_your_turn", "only the table deals")
            if self.to_act != TABLE:
                raise IllegalAction("wrong_phase", "a deal is already in progress")
            return None
        deal = self.current
        if deal is None or not 0 <= seat < self.seats:
            raise IllegalAction(
                "not_your_turn", "it is not your turn", {"seat": seat, "to_act": None}
            )
        if kind == "concede":
            self._check_concede(deal, seat)
            return deal
        if seat != self.to_act:
            if seat not in deal.active:
                raise IllegalAction(
                    "sitting_out", "you sit out this deal", {"seat": seat, "to_act": self.to_act}
                )
            raise IllegalAction(
                "not_your_turn", "it is not your turn", {"seat": seat, "to_act": self.to_act}
            )
        phase = self.phase()
        if phase == "bid":
            self._check_bid(deal, action)
        elif kind in ("bid", "pass"):
            raise IllegalAction("auction_over", "the auction is over")
        elif phase == "widow":
            # any action but the throw-in turns the widow first (Clarification 2); naming
            # trump is the only other one that can follow at once
            if kind not in ("widow", "throw_in", "trump"):
                raise IllegalAction(
                    "turn_the_widow", "turn the widow up, name trumps, throw in or concede first"
                )
        elif kind in ("widow", "throw_in"):
            raise IllegalAction("widow_turned", "the widow is already turned up")
        elif deal.led and kind != "play":
            raise IllegalAction("play_started", "trump, meld and burial are final once you led")
        elif kind == "meld":
            self._check_meld(deal, action.arg)
        elif kind == "bury":
            self._check_bury(deal, action.arg.split(","))
        elif kind == "play":
            self._check_play(deal, seat, action.arg)
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
        if deal.led:
            raise IllegalAction("concede_not_now", "concessions end with the bidder's first lead")
        raise AssertionError("a concession refused for no reason")

    def _check_bid(self, deal: Deal, action: Action) -> None:
        if action.kind == "pass":
            if deal.high_seat is None:
                raise IllegalAction(
                    "must_open", f"eldest must open with {deal.minimum} or more",
                    {"minimum": deal.minimum},
                )  # fmt: skip
            return
        if action.kind != "bid":
            raise IllegalAction("bid_or_pass", "bid or pass: the auction is on")
        if too_high(action.arg):
            raise IllegalAction("bid_too_high", f"bid {MAX_BID} or less", {"most": MAX_BID})
        bid = int(action.arg)
        if bid % BID_STEP:
            raise IllegalAction(
                "bid_not_multiple_of_10", "a bid is a multiple of ten", {"bid": bid}
            )
        least = deal.minimum if deal.high_seat is None else deal.high + BID_STEP
        if bid < least:
            raise IllegalAction("bid_too_low", f"bid {least} or more", {"bid": bid, "least": least})

    def _check_meld(self, deal: Deal, arg: str) -> None:
        assert deal.bidder is not None
        named = meld_rules.name_melds(meld_rules.parse_groups(arg), deal.trump)
        hand = deal.hands[deal.bidder]
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
        hand = Counter(deal.hands[deal.bidder])
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

    def _check_play(self, deal: Deal, seat: int, card: Card) -> None:
        if not deal.led:
            if deal.trump is None:
                raise IllegalAction("name_trump_first", "name trumps before you lead")
            if deal.shown is None:
                raise IllegalAction("meld_first", "show your meld (or none) before you lead")
            if deal.buried is None:
                raise IllegalAction("bury_first", "bury three cards before you lead")
        hand = deal.hands[seat]
        if card not in hand:
            raise IllegalAction("card_not_in_hand", f"you do not hold {card}", {"card": card})
        if card in self.playable(deal, seat):
            return
        if deal.bidder == seat and not deal.led:
            raise IllegalAction(
                "card_is_buried", f"{card} is buried: bury another card to lead it", {"card": card}
            )
        led = deal.trick[0][1][1]
        trump = deal.trump
        detail = {"card": card, "suit": led, "seat": seat, "trump": trump}
        if any(c[1] == led for c in hand):
            if card[1] != led:
                raise IllegalAction("must_follow_suit", "you must follow suit", detail)
            raise IllegalAction(
                "must_beat_trump_lead",
                "on a trump lead you must beat the best trump if able",
                detail,
            )
        raise IllegalAction("must_trump", "without the suit led you must play a trump", detail)

    def check(self, seat: int, action: Action) -> int | None:
        """Raise exactly what :meth:`apply` would, changing nothing; otherwise return who
        acts after it (``TABLE`` when the table deals next, ``None`` when the session ends)."""
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
        deal.actions.append((seat, str(action)))
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
            assert deal.bidder is not None
            value = basic_value(deal.high, str(self.options["schedule"]))
            self._settle(deal, End.THROWN_IN, value)
        elif kind == "trump":
            if not deal.widow_turned:
                self._turn_widow(deal)
            deal.trump = action.arg
            self._value_meld(deal)
        elif kind == "meld":
            self._meld(deal, action.arg)
        elif kind == "bury":
            assert deal.bidder is not None
            deal.buried = action.arg.split(",")
        else:
            self._play(deal, seat, action.arg)

    def _deal(self, pack: list[Card]) -> None:
        dealer = self.next_dealer
        active = active_seats(self.seats, dealer)
        packets = self.options["packets"]
        assert isinstance(packets, int)
        hands, widow = dealt_places(pack, LAYOUTS[packets])
        dealt: list[list[Card]] = [[] for _ in range(self.seats)]
        for place, seat in enumerate(active):
            dealt[seat] = hands[place]
        deal = Deal(
            number=self.deals_played + 1,
            dealer=dealer,
            active=active,
            pack=tuple(pack),
            minimum=self.minimum,
            dealt=dealt,
            hands=[list(h) for h in dealt],
            widow=widow,
        )
        self.deals.append(deal)
        self.to_act = deal.eldest

    def _next_bidder(self, deal: Deal, seat: int) -> int:
        at = deal.active.index(seat)
        for k in range(1, 3):
            other = deal.active[(at + k) % 3]
            if other not in deal.out:
                return other
        raise AssertionError("the auction has no one left")

    def _bid(self, deal: Deal, seat: int, bid: int) -> None:
        deal.bids.append((seat, bid))
        deal.high, deal.high_seat = bid, seat
        self.to_act = self._next_bidder(deal, seat)

    def _pass(self, deal: Deal, seat: int) -> None:
        deal.bids.append((seat, None))
        deal.out.append(seat)
        if len(deal.out) == 2:
            assert deal.high_seat is not None
            deal.bidder = deal.high_seat
            self.to_act = deal.bidder
            if not deal.may_throw_in:
                self._turn_widow(deal)
            return
        self.to_act = self._next_bidder(deal, seat)

    def _turn_widow(self, deal: Deal) -> None:
        assert deal.bidder is not None
        deal.widow_turned = True
        deal.hands[deal.bidder] = sort_cards([*deal.hands[deal.bidder], *deal.widow])

    def _concede(self, deal: Deal, seat: int) -> None:
        value = bid_value(deal.high, deal.trump, self.options)
        if seat == deal.bidder:
            if not deal.widow_turned:
                self._turn_widow(deal)  # a concession turns the widow (Clarification 2)
            self._settle(deal, End.SINGLE_BETE, value)
            return
        deal.conceded[seat] = value
        if len(deal.conceded) == 2:
            self._settle(deal, End.OPPONENTS_CONCEDED, value)

    def _meld(self, deal: Deal, arg: str) -> None:
        assert deal.bidder is not None
        named = meld_rules.name_melds(meld_rules.parse_groups(arg), deal.trump)
        deal.shown = meld_rules.check_held(named, deal.hands[deal.bidder])
        if deal.buried is not None:
            free = Counter(deal.hands[deal.bidder]) - Counter(deal.shown)
            if not Counter(deal.buried) <= free:
                deal.buried = None  # the new meld shows a buried card: bury again
        self._value_meld(deal)

    def _value_meld(self, deal: Deal) -> None:
        """Value the shown cards at their best with the trump named; a meld that reaches
        the bid makes it at once (Clarification 4)."""
        if deal.shown is None or deal.trump is None:
            deal.melds = []
            return
        deal.melds = meld_rules.best(deal.shown, deal.trump)
        if deal.meld_value >= deal.high:
            self._settle(deal, End.MADE_ON_MELD, bid_value(deal.high, deal.trump, self.options))

    def _play(self, deal: Deal, seat: int, card: Card) -> None:
        if not deal.led:
            assert deal.buried is not None and deal.bidder is not None
            deal.led = True
            hand = deal.hands[deal.bidder]
            for buried in deal.buried:
                hand.remove(buried)
        deal.hands[seat].remove(card)
        deal.trick.append((seat, card))
        if len(deal.trick) < 3:
            self.to_act = self._next_in_play(deal, seat)
            return
        cards = [c for _, c in deal.trick]
        winner = deal.trick[trick_winner(cards, deal.trump, PINOCHLE)][0]
        deal.history.append(Trick(deal.trick[0][0], tuple(deal.trick), winner))
        deal.won[deal.side(winner)].extend(cards)
        deal.trick = []
        if len(deal.history) == TRICKS:
            self._played_out(deal, winner)
        else:
            self.to_act = winner

    @staticmethod
    def _next_in_play(deal: Deal, seat: int) -> int:
        return deal.active[(deal.active.index(seat) + 1) % 3]

    def _played_out(self, deal: Deal, last: int) -> None:
        assert deal.buried is not None
        taken = card_points([*deal.won[0], *deal.buried], self.scheme)
        total = bidder_total(deal.meld_value, taken, last == deal.bidder)
        end = End.MADE if total >= deal.high else End.DOUBLE_BETE
        value = bid_value(deal.high, deal.trump, self.options)
        self._settle(deal, end, value, total=total, taken=taken, last=last)

    def _settle(
        self,
        deal: Deal,
        end: End,
        value: int,
        total: int | None = None,
        taken: int | None = None,
        last: int | None = None,
    ) -> None:
        assert deal.bidder is not None
        lone = deal.conceded if end is not End.OPPONENTS_CONCEDED else {}
        chips, kitty = settle(self.seats, deal.bidder, deal.high, value, end, lone)
        deal.result = Result(
            end=end,
            bid=deal.high,
            value=value,
            total=total,
            card_points=taken,
            last_trick=last,
            chips=tuple(chips),
            kitty=kitty,
        )
        for seat in range(self.seats):
            self.totals[seat] += chips[seat]
        self.kitty += kitty
        self.next_dealer = (deal.dealer + 1) % self.seats
        if self.deals_played >= self.deals_total:
            self.share = share_kitty(self.kitty, self.seats, deal.dealer)
            for seat in range(self.seats):
                self.totals[seat] += self.share[seat]
            self.kitty = 0
            self.to_act = None
        else:
            self.to_act = TABLE

    # -- copying -------------------------------------------------------------------------------

    def clone(self) -> Match:
        other = Match.__new__(Match)
        other.seats = self.seats
        other.options = self.options  # never changed after the session starts
        other.first_dealer = self.first_dealer
        other.next_dealer = self.next_dealer
        other.deals = [d if d.finished else d.copy() for d in self.deals]
        other.totals = list(self.totals)
        other.kitty = self.kitty
        other.share = self.share
        other.base = self.base
        other.to_act = self.to_act
        return other


def _triples(cards: Sequence[Card]) -> list[tuple[Card, Card, Card]]:
    """Every choice of three of ``cards`` (a sorted multiset), each once."""
    out: dict[tuple[Card, Card, Card], None] = {}
    n = len(cards)
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                out[(cards[i], cards[j], cards[k])] = None
    return list(out)


def new_match(seats: int, options: Options | None, first_dealer: int) -> Match:
    """A session waiting for its first deal."""
    return Match(seats, first_dealer, options)


def iter_actions(log: Sequence[tuple[int, str]]) -> Iterator[tuple[int, Action]]:
    for seat, text in log:
        yield seat, parse_action(text)


def replay(
    seats: int, first_dealer: int, log: Sequence[tuple[int, str]], options: Options | None = None
) -> Match:
    match = Match(seats, first_dealer, options)
    for seat, action in iter_actions(log):
        match.apply(seat, action)
    return match
