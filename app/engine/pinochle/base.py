"""What the pinochles' state machines share on the trick-game base (docs/engine.md §4, §7):
auction pinochle (``auction/``) and the partnership pinochles (``partnership/``) both bid
for the right to name trumps, and refuse a bid, a malformed action and a card against the
duties in the same words. Here: the deal's auction (:class:`BiddingDeal`), the match's
turns in it, the parsing and checking common to both (:class:`BiddingMatch`) and the
records' sentences and verdict (:class:`BiddingRecords`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Final, TypeVar

from ..actions import Action
from ..cards import SUITS, Card
from ..errors import IllegalAction, MalformedAction
from ..game import RecordError
from ..trick_game import TrickDeal, TrickMatch, TrickRecords, action_parser
from ..words import with_article

BID_STEP: Final = 10
PASS: Final = Action("pass")
TRUMP: Final[dict[str, Action]] = {s: Action("trump", s) for s in SUITS}


def check_bid(bid: int, least: int) -> None:
    if bid % BID_STEP:
        raise IllegalAction("bid_not_multiple_of_10", "a bid is a multiple of ten", {"bid": bid})
    if bid < least:
        raise IllegalAction("bid_too_low", f"bid {least} or more", {"bid": bid, "least": least})


def check_not_too_high(number: str, most: int) -> None:
    """Refuse a bid's digits naming more than ``most``, read without building a number of
    up to two thousand digits."""
    if len(number) > len(str(most)) or int(number) > most:
        raise IllegalAction("bid_too_high", f"bid {most} or less", {"most": most})


B = TypeVar("B", bound="BiddingDeal")


class BiddingDeal(TrickDeal):
    """A pinochle deal: the base's with its auction (the high bid and its seat, the seats
    that passed, the bidder), which it begins with."""

    __slots__ = ("bidder", "hands_dealt", "high", "high_seat", "out")
    COPIED: ClassVar = {"out": list}

    def begin(self) -> None:
        self.hands_dealt: list[list[Card]] | None = None
        self.high = 0
        self.high_seat: int | None = None
        self.out: list[int] = []
        """Seats that passed, in order."""
        self.bidder: int | None = None
        self.step = "bid"

    @property
    def dealt(self) -> list[list[Card]]:
        """Each seat's cards as dealt, in canonical order (none for a seat sitting out)."""
        if self.hands_dealt is None:
            raise ValueError("a state dealt anew from a view has no record")
        return self.hands_dealt

    @property
    def trick(self) -> list[tuple[int, Card]]:
        """The trick on the table as (seat, card) in play order (for the computer players)."""
        ledger = self.ledger
        return [(ledger.holder[i], ledger.cards[i]) for i in ledger.trick]


class BiddingMatch(TrickMatch[B]):
    """A pinochle match on the trick-game base: the phase, the auction's turns, the texts of
    its actions and the duties refused in pinochle's words."""

    KINDS: ClassVar[tuple[str, ...]] = ()
    """Every kind of action, in the order a refusal of an unknown one lists them."""
    FREE_KINDS: ClassVar[tuple[str, ...]] = ("deal", "bid")
    """The kinds whose argument is any of many texts (:meth:`parse_other`)."""
    DEAL_TAKES: ClassVar[str] = ""
    """What a ``deal:`` of another pack is told it takes."""
    PACK_COUNT: ClassVar[Counter[Card]] = Counter()
    PARSE: ClassVar[Callable[[object], Action]]
    """The game's parser, set for each game (:func:`~app.engine.trick_game.action_parser`)."""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        kinds = cls.__dict__.get("KINDS")
        super().__init_subclass__(**kwargs)
        if kinds is not None:  # the game's own, not the base's from its OTHER_ACTIONS
            cls.KINDS = kinds
        if "PACK" in cls.__dict__:
            cls.PACK_COUNT = Counter(cls.PACK)
            cls.PARSE = action_parser(cls)

    def next_bidder(self, deal: B, seat: int) -> int:
        """The seat after ``seat`` in turn that has not passed."""
        order = self.players(deal) or range(self.seats)
        at = order.index(seat) + 1
        return next(other for other in [*order[at:], *order[:at]] if other not in deal.out)

    # -- notation ------------------------------------------------------------------------------

    @classmethod
    def parse_other(cls, action: Action) -> Action:
        """The deal, and the refusals of a trump, an argument where none is taken and an
        unknown kind; a game reads its own kinds first."""
        kind, arg = action.kind, action.arg
        if kind == "deal":
            cards = arg.split(",") if arg else []
            if len(cards) != len(cls.PACK) or Counter(cards) != cls.PACK_COUNT:
                raise MalformedAction(f"'deal' takes {cls.DEAL_TAKES}")
            return action
        if kind == "trump":
            raise MalformedAction(f"'trump' takes a suit (S, H, D or C), got {arg[:20]!r}")
        if (kind, "") in cls.OTHERS:
            raise MalformedAction(f"'{kind}' takes no argument")
        raise MalformedAction(f"unknown action {kind[:20]!r}", {"kinds": list(cls.KINDS)})

    def shaped(self, action: Action) -> bool:
        if action.kind not in self.FREE_KINDS:
            return (action.kind, action.arg) in self.OTHERS
        try:
            return type(self).PARSE(str(action)) == action
        except MalformedAction:
            return False

    # -- checking ------------------------------------------------------------------------------

    def _check(self, seat: int, action: Action) -> B | None:
        """The base's checks, a deal's shape first."""
        if action.kind == "deal" and not self.shaped(action):
            raise MalformedAction(f"not {with_article(self.NOUN)} action: {str(action)[:40]!r}")
        return TrickMatch._check(self, seat, action)

    def _check_duty(self, deal: B, seat: int, card: Card) -> None:
        """Pinochle's duties refused in its words: the trump named in every refusal, a trump
        lead not beaten ``must_beat_trump_lead``."""
        ledger = deal.ledger
        trump = deal.trump
        led = ledger.cards[ledger.trick[0]][1]
        if card[1] == led and led != trump:  # following a side suit is all the duty
            return
        if card in self.playable(deal, seat):
            return
        detail = {"card": card, "suit": led, "seat": seat, "trump": trump}
        if any(c[1] == led for c in ledger.hand(seat)):
            if card[1] != led:
                raise IllegalAction("must_follow_suit", "you must follow suit", detail)
            raise IllegalAction(
                "must_beat_trump_lead",
                "on a trump lead you must beat the best trump if able",
                detail,
            )
        raise IllegalAction("must_trump", "without the suit led you must play a trump", detail)


class BiddingRecords(TrickRecords[B]):
    """The records' refusals in the pinochles' words (``SAID``, by code, the refusal's
    detail filled in), and a verdict on a record's derived fields, the trump among them."""

    NAMES_PLAYERS = True
    SUMMARY_LEFT_OUT: ClassVar[tuple[str, ...]] = ()  # the trump named is checked too
    SAID: ClassVar[dict[str, str]] = {
        "bid_too_low": "bids {bid} but must bid {least} or more",
        "bid_not_multiple_of_10": "bids {bid}, which is not a multiple of ten",
        "bid_too_high": "bids more than {most}, the most a bid may be at this table",
        "must_beat_trump_lead": "holds a higher trump and must beat the trick on a trump lead",
    }

    def dealt(self, deal: B, seat: int | None, whole: bool) -> dict[str, Any]:
        """Every hand as dealt; a seat's record of the running match its own alone."""
        if deal.pack is None:
            # a sample's hands as dealt are its own invention, and it keeps no actions
            raise ValueError("a state dealt anew from a view has no record")
        hands = deal.dealt
        return {"hands": [list(h) if whole or s == seat else None for s, h in enumerate(hands)]}

    def check_cards(self, dealt: Iterable[Card], what: str, k: int) -> None:
        """Refuse a record's deal whose cards are not the pack's: ``what`` they must be."""
        pack = Counter(self.match_class.PACK)
        cards = Counter(map(str, dealt))  # a record's value need be no card, nor hashable
        if cards != pack:
            wrong = ", ".join(sorted(str(c) for c in (cards - pack) + (pack - cards))[:4])
            raise RecordError(f"{what} (check {wrong})", k)
