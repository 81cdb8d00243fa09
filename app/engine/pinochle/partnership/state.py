"""The state of a partnership pinochle match and the one function that changes it,
:meth:`Match.apply` (the trick-game base's, docs/engine.md §4), for every
:class:`~.variant.Variant`: each variant's match is a subclass made by :func:`match_of`.

A deal runs: the table's ``deal:<pack>``; the auction from the dealer's left (``bid:N``,
``pass``; with announcements ``bid:N:flush``, ``bid:N:long_suit`` and ``announce:V``); the
high bidder's ``trump:S``, upon which every player's best meld is computed and shown
(Clarification 3); then the tricks, the dealer's left leading. Any seat may ``claim``, in or
out of turn, while a trick is unplayed; a claim ends the match either way.

Its cards lie in the deal's ledger: the hands dealt, each seat's meld shown once trump is
named (:meth:`Ledger.show_only`), and of the copies of a card a seat holds, one the table has
seen played first (:meth:`Ledger.seen_copy_first`), so that what the others know of a hand
is its meld's cards still held.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any, ClassVar, Final, NamedTuple

from ...actions import Action
from ...cards import SUITS, Card
from ...errors import IllegalAction, MalformedAction
from ...game import Options, Termination
from ...trick_game import Trick
from ...trick_game import hidden_cards as ledger_hidden
from ...tricks import trick_winner
from .. import melds as meld_rules
from ..base import BID_STEP, PASS, TRUMP, BiddingDeal, BiddingMatch, check_bid, check_not_too_high
from ..melds import ORDER, Meld, shown_cards
from .variant import (
    MAX_BID,
    SEATS,
    TEAMS,
    End,
    Variant,
    deal_scores,
    flag_held,
    provisional,
    team_of,
    winner_at_end,
)

FLAGS: Final = ("flush", "long_suit")
LISTED_STEPS: Final = (*range(0, 101, BID_STEP), 150, 200, 300, 500)

CLAIM: Final = Action("claim")
_NUMBER: Final = re.compile(r"[1-9][0-9]*")
SUIT_RANKS: Final = {s: (ORDER["A" + s], ORDER["9" + s] + 1) for s in SUITS}
"""Each suit's ranks in :data:`ORDER`, from its ace to past its nine: a run of them."""


def suit_run(hand: list[int], rank: list[int], suit: str) -> list[int]:
    """The cards of ``suit`` in ``hand`` (ledger indexes kept in :data:`ORDER`, as ``rank``
    gives each), found by halving rather than by reading every card."""
    first, end = SUIT_RANKS[suit]
    key = rank.__getitem__
    start = bisect_left(hand, first, key=key)
    return hand[start : bisect_left(hand, end, start, key=key)]


class Call(NamedTuple):
    """One turn of the auction: ``call`` is ``bid``, ``pass`` or ``announce``. ``bid`` is
    the bid it makes (``None`` for a pass or an information-only announcement),
    ``announced`` the meld value announced, ``flag`` a bid's ``flush`` or ``long_suit``."""

    seat: int
    call: str
    bid: int | None = None
    announced: int | None = None
    flag: str | None = None


@dataclass(frozen=True, slots=True)
class Claim:
    seat: int
    team: int
    hand: int
    """The claiming side's points so far: card points and, once it won a trick, its meld."""
    provisional: int
    """What the claim counts of them (§9, Clarification 7)."""
    standing: int
    """The side's total before the deal plus ``provisional``."""
    good: bool


CLAIM_DETAIL: Final = ("seat", "provisional", "standing", "good")
"""What the scoresheet keeps of a claim."""


@dataclass(frozen=True, slots=True)
class Result:
    """How a deal ended and what each team scored."""

    end: End
    points: tuple[int, int]
    """Card points per team, the last trick's bonus included (so far, for a claim)."""
    melded: tuple[int, int]
    """Each team's meld as credited: its meld if it won a trick, else 0."""
    hands: tuple[int, int]
    """Hand points per team: ``points`` + ``melded``."""
    scores: tuple[int, int]
    claim: Claim | None = None


Pair = tuple[int, int]
ALL_PASSED: Final = Result(End.PASSED_OUT, (0, 0), (0, 0), (0, 0), (0, 0))


class Deal(BiddingDeal):
    """One deal: the base's (its cards in the ledger, the tricks, the actions, the auction)
    with its calls and announcements, every seat's melds, the card points and tricks per team
    (``won`` counts a team's tricks, as the views show them) and the result."""

    __slots__ = (
        "announced",
        "best_melds",
        "calls",
        "meld_values",
        "melds",
        "points",
        "result",
        "shown",
    )
    COPIED: ClassVar = {"announced": list, "calls": list, "points": list}

    def begin(self) -> None:
        super().begin()
        self.won = [0, 0]
        self.calls: list[Call] = []
        self.announced: list[int] = []
        """Seats that made their information-only announcement."""
        self.melds: list[list[Meld]] | None = None
        """Every seat's melds, once trump is named (Clarification 3); set by :meth:`show`."""
        self.meld_values: tuple[int, ...] = (0, 0, 0, 0)
        self.shown: tuple[frozenset[Card], ...] = ()
        """Per seat, the cards its melds show: the only ones it may hold a copy of the table
        has seen."""
        self.points = [0, 0]
        """Card points taken in tricks per team, the last trick's bonus apart."""
        self.result: Result | None = None
        self.best_melds: dict[int, int] = {}
        """Each seat's best meld over the four trump suits, as announcements check it (filled
        when first asked: the dealt hand never changes during the auction)."""

    # -- reading -------------------------------------------------------------------------------

    @property
    def bidder_team(self) -> int | None:
        return None if self.bidder is None else team_of(self.bidder)

    def show(self, melds: list[list[Meld]]) -> list[list[Card]]:
        """Set every seat's melds; the cards that show them, per seat."""
        self.melds = melds
        self.meld_values = tuple(sum(m.value for m in seat) for seat in melds)
        cards = [shown_cards(shown) for shown in melds]
        self.shown = tuple(frozenset(c) for c in cards)
        return cards

    def team_meld(self, team: int) -> int:
        return self.meld_values[team] + self.meld_values[team + 2]


class Match(BiddingMatch[Deal]):
    VARIANT: ClassVar[Variant]
    DEAL = Deal
    CARD_ORDER = ORDER
    OTHER_ACTIONS = (PASS, CLAIM, *TRUMP.values())
    KINDS = ("deal", "bid", "pass", "announce", "trump", "play", "claim")
    FREE_KINDS = ("deal", "bid", "announce")
    PLAY_TAKES = "one card of the pack"
    SHOWS_TRUMP = False  # named among the deal's own fields, where the old views had it
    CARD_POINTS: ClassVar[dict[Card, int]] = {}
    """Each card's points in a trick (the variant's ``card_points`` of its rank)."""
    PLAY_OF_RANK: ClassVar[dict[int, Action]] = {}
    """``play:<card>`` by the card's rank in :data:`ORDER`: the listing of a hand's plays
    reads it by rank."""

    __slots__ = ("ended", "settings", "winner")

    def __init__(self, seats: int, options: Options | None, first_dealer: int) -> None:
        super().__init__(seats, options, first_dealer)
        self.settings: Variant = self.VARIANT.settings(self.options)
        self.winner: int | None = None
        """The winning team, once over."""
        self.ended: Termination | None = None

    # -- reading -------------------------------------------------------------------------------

    def team_total(self, team: int) -> int:
        return self.totals[TEAMS[team][0]]

    def winners(self) -> list[int]:
        return list(TEAMS[self.winner]) if self.winner is not None else []

    def termination(self) -> Termination:
        assert self.ended is not None
        return self.ended

    def match_over(self) -> bool:
        return self.winner is not None

    def best_meld(self, deal: Deal, seat: int) -> int:
        """``seat``'s best meld over the four trump suits, as an announcement is checked
        against it (double-deck §4)."""
        if seat not in deal.best_melds:
            deal.best_melds[seat] = meld_rules.best_value(deal.dealt[seat], self.VARIANT.meld_table)
        return deal.best_melds[seat]

    def least_bid(self, deal: Deal) -> int:
        return self.VARIANT.minimum_bid if deal.high_seat is None else deal.high + BID_STEP

    def announced_bid(self, deal: Deal, value: int) -> int:
        """The bid an announcement of ``value`` makes once the auction has a bid: 10 more
        for every 100 announced or part of 100 (double-deck §4)."""
        return deal.high + BID_STEP * -(-value // 100)

    def flag_holds(self, deal: Deal, seat: int, flag: str) -> bool:
        return flag_held(deal.ledger.hand(seat), flag, self.settings.long_suit)

    def may_claim(self, deal: Deal) -> bool:
        """A claim is possible while a trick of the deal is unplayed, once melds are shown
        (§9, Clarification 7)."""
        return self.settings.claims and deal.trump is not None and not deal.finished

    def playable(self, deal: Deal, seat: int) -> list[Card]:
        cards = deal.ledger.cards
        return [cards[i] for i in self.playable_at(deal, seat)]

    def playable_at(self, deal: Deal, seat: int) -> list[int]:
        """The ledger's indexes of the cards ``seat`` may play now (§6: follow suit, beating
        a trump lead if able; else trump; else any card), read from the runs of its hand: a
        hand kept in :data:`ORDER` holds each suit as one run, high to low."""
        ledger = deal.ledger
        hand = ledger.hands[seat]
        trick = ledger.trick
        if not trick:
            return hand
        cards, rank = ledger.cards, ledger.rank
        led = cards[trick[0]][1]
        trump = deal.trump
        same = suit_run(hand, rank, led)
        if same:
            if led == trump:  # beat the best trump so far if able: a lower rank in ORDER
                best = min(rank[i] for i in trick if cards[i][1] == trump)
                beating = bisect_left(same, best, key=rank.__getitem__)
                if beating:
                    return same[:beating]
            return same
        if trump is not None:
            trumps = suit_run(hand, rank, trump)
            if trumps:
                return trumps
        return hand

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The base's, read in one pass during the play: a random playout lists them before
        every card."""
        to_act = self.to_act
        actor = to_act if seat is None else seat
        deals = self.deals
        if not deals or actor is None or not 0 <= actor < SEATS:
            return []
        deal = deals[-1]
        if deal.scores is not None:
            return []
        if deal.step != "play":
            return self.other_actions(deal, actor)
        claims = self.settings.claims
        if actor != to_act:
            return [CLAIM] if claims else []
        # a hand kept in ORDER: its distinct ranks, sorted, are its distinct cards in order
        rank = deal.ledger.rank
        ranks = sorted(set(map(rank.__getitem__, self.playable_at(deal, actor))))
        out = list(map(self.PLAY_OF_RANK.__getitem__, ranks))
        if claims:
            out.append(CLAIM)
        return out

    def other_actions(self, deal: Deal, seat: int) -> list[Action]:
        """Bids from the least allowed up to 100 more and a few jumps (any higher multiple
        of ten is accepted too), each with the flags its hand allows, announcements (the
        whole best meld, and once a bid stands the least raise, 100), and a pass; then trump
        (the play's actions, a claim among them, are :meth:`legal_actions`'s)."""
        if seat != self.to_act:
            return []
        if deal.bidder is not None:
            return list(TRUMP.values())
        least = self.least_bid(deal)
        bids = [least + step for step in LISTED_STEPS if least + step <= MAX_BID]
        announcements = self.settings.announcements
        flags = [f for f in FLAGS if announcements and self.flag_holds(deal, seat, f)]
        out: list[Action] = []
        for bid in bids:
            out.append(Action("bid", str(bid)))
            out.extend(Action("bid", f"{bid}:{flag}") for flag in flags)
        if announcements:
            best = self.best_meld(deal, seat)
            if deal.high_seat is None:  # the whole meld, once, for information
                values = [] if seat in deal.announced else [best]
            else:
                values = [v for v in (100, best) if self.announced_bid(deal, v) <= MAX_BID]
            out.extend(
                Action("announce", str(v)) for v in dict.fromkeys(values) if BID_STEP <= v <= best
            )
        out.append(PASS)
        return out

    # -- notation ------------------------------------------------------------------------------

    @classmethod
    def parse_other(cls, action: Action) -> Action:
        kind, arg = action.kind, action.arg
        if kind == "bid":
            number, _, flag = arg.partition(":")
            if not _NUMBER.fullmatch(number) or (flag and flag not in FLAGS):
                raise MalformedAction(
                    "'bid' takes a number of points, such as bid:250, and may add :flush or "
                    ":long_suit"
                )
            return action
        if kind == "announce":
            if not _NUMBER.fullmatch(arg):
                raise MalformedAction("'announce' takes a meld value, such as announce:120")
            return action
        return super().parse_other(action)

    # -- checking ------------------------------------------------------------------------------

    def check_step(self, deal: Deal, kind: str) -> None:
        """A card played before trumps are named, refused by the step."""
        if deal.step == "bid":
            raise IllegalAction("bid_or_pass", "the auction is on: bid or pass")
        raise IllegalAction("wrong_phase", "name trumps first")

    def check_other(self, deal: Deal | None, seat: int, action: Action) -> Deal:
        if not 0 <= seat < SEATS:
            self.refuse_turn(seat)
        kind = action.kind
        if kind == "claim":
            if not self.settings.claims:
                raise IllegalAction("claims_off", "this match is played without claims")
            if deal is None or not self.may_claim(deal):
                raise IllegalAction(
                    "claim_not_now",
                    "a claim is possible while a deal is played, once the melds are shown",
                )
            return deal
        if deal is None or seat != self.to_act:
            self.refuse_turn(seat)
        step = deal.step
        if step == "bid":
            self._check_call(deal, seat, action)
        elif kind in ("bid", "pass", "announce"):
            raise IllegalAction("auction_over", "the auction is over")
        elif step != "trump":  # a trump named again
            raise IllegalAction("wrong_phase", "trumps are named already")
        return deal

    def _check_call(self, deal: Deal, seat: int, action: Action) -> None:
        kind = action.kind
        if kind == "pass":
            return
        if kind not in ("bid", "announce"):
            self.check_step(deal, kind)
        number, _, flag = action.arg.partition(":")
        if kind == "bid":
            check_not_too_high(number, MAX_BID)
        value = int(number)
        if (flag or kind == "announce") and not self.settings.announcements:
            raise IllegalAction("no_announcements", "this match is played without announcements")
        if kind == "announce":
            self._check_announce(deal, seat, value)
            return
        check_bid(value, self.least_bid(deal))
        if flag and not self.flag_holds(deal, seat, flag):
            raise IllegalAction(
                "flag_not_held",
                "a flush needs A, 10, K, Q, J of one suit"
                if flag == "flush"
                else f"a long suit needs {self.settings.long_suit} cards of one suit",
                {"flag": flag, "long_suit": self.settings.long_suit},
            )

    def _check_announce(self, deal: Deal, seat: int, value: int) -> None:
        if value % BID_STEP:
            raise IllegalAction(
                "announce_not_multiple_of_10",
                "an announced meld is a multiple of ten",
                {"value": value},
            )
        best = self.best_meld(deal, seat)
        if value > best:
            raise IllegalAction(
                "announce_exceeds_meld",
                f"your best meld is {best}",
                {"value": value, "best": best},
            )
        if deal.high_seat is None and seat in deal.announced:
            raise IllegalAction(
                "already_announced", "one announcement for information is allowed a deal"
            )
        if deal.high_seat is not None and self.announced_bid(deal, value) > MAX_BID:
            raise IllegalAction(
                "bid_too_high",
                f"that announcement would bid more than {MAX_BID}",
                {"most": MAX_BID},
            )

    # -- changing ------------------------------------------------------------------------------

    def lay_out(self, deal: Deal, pack: Sequence[Card]) -> None:
        """Packets in turn from the dealer's left (§3), each hand kept in canonical order;
        the auction opens."""
        ledger = deal.ledger
        for card, seat in zip(pack, self.VARIANT.layout(deal.dealer), strict=True):
            ledger.deal(seat, card)
        deal.hands_dealt = deal.hands

    def apply_other(self, deal: Deal, seat: int, action: Action) -> None:
        kind = action.kind
        if kind == "claim":
            self.claim(deal, seat)
        elif kind == "trump":
            self._trump(deal, action.arg)
        else:
            self._call(deal, seat, action)

    def _call(self, deal: Deal, seat: int, action: Action) -> None:
        kind = action.kind
        number, _, flag = action.arg.partition(":")
        if kind == "pass":
            deal.calls.append(Call(seat, kind))
            deal.out.append(seat)
        elif kind == "announce" and deal.high_seat is None:  # for information alone
            deal.calls.append(Call(seat, kind, announced=int(number)))
            deal.announced.append(seat)
        else:  # a bid, or an announcement that makes one
            value = int(number)
            bid = value if kind == "bid" else self.announced_bid(deal, value)
            announced = None if kind == "bid" else value
            deal.calls.append(Call(seat, kind, bid, announced, flag or None))
            deal.high, deal.high_seat = bid, seat
        if len(deal.out) == SEATS:
            self.end_deal(deal, ALL_PASSED, None)
        elif deal.high_seat is not None and len(deal.out) == SEATS - 1:
            deal.bidder = deal.high_seat
            deal.step = "trump"
            self.to_act = deal.bidder
        else:
            self.to_act = self.next_bidder(deal, seat)

    def _trump(self, deal: Deal, suit: str) -> None:
        deal.trump = suit
        table = self.VARIANT.meld_table
        shown = deal.show([meld_rules.best(hand, suit, table) for hand in deal.hands])
        for seat, cards in enumerate(shown):  # what the table has seen of each hand
            deal.ledger.show_only(seat, cards)
        deal.step = "play"
        self.to_act = deal.leader

    def play(self, deal: Deal, seat: int, card: Card) -> None:
        """A card to the trick, of its copies one the table has seen first; the first
        leader stays the deal's ``leader`` (the views name him), each trick its own."""
        ledger = deal.ledger
        if card in deal.shown[seat]:  # no copy of another card has been seen in the hand
            ledger.seen_copy_first(seat, card)
        ledger.play(seat, card)
        trick = ledger.trick
        if len(trick) < SEATS:
            self.to_act = (seat + 1) % SEATS
            return
        cards = tuple(ledger.trick_cards())
        leader = ledger.holder[trick[0]]
        winner = (leader + trick_winner(cards, deal.trump, self.RULES)) % SEATS
        ledger.gather(winner)
        deal.history.append(Trick(leader, cards, winner))
        team = winner % 2
        deal.points[team] += sum(map(self.CARD_POINTS.__getitem__, cards))
        deal.won[team] += 1
        if len(deal.history) == self.VARIANT.hand_size:
            self.played_out(deal)
        else:
            self.to_act = winner

    def hands_so_far(self, deal: Deal, points: Pair | None = None) -> tuple[Pair, Pair, Pair]:
        """The card points per team in the tricks taken so far, the last trick's bonus included
        once it is played (unless given: a paper entry's), each team's meld as credited so far
        (once it won a trick) and its hand points."""
        if points is None:
            taken = list(deal.points)
            if len(deal.history) == self.VARIANT.hand_size:
                taken[team_of(deal.history[-1].winner)] += self.VARIANT.last_trick
            points = (taken[0], taken[1])
        won = deal.won
        melded = (deal.team_meld(0) if won[0] else 0, deal.team_meld(1) if won[1] else 0)
        # hand points (§8): the card points (last trick included) and the meld credited
        return points, melded, (points[0] + melded[0], points[1] + melded[1])

    def claim_check(self, deal: Deal, team: int, hand: int) -> tuple[int, int]:
        """A claim by ``team`` with ``hand`` points so far: its provisional score and standing."""
        bidder_team = deal.bidder_team
        assert bidder_team is not None
        made = self.settings.made_bid_scores
        counted = provisional(team, bidder_team, deal.high, hand, made)
        return counted, self.team_total(team) + counted

    def claim(self, deal: Deal, seat: int, points: Pair | None = None) -> None:
        """A claim by ``seat``, judged on the card points taken so far (``points``: a paper
        entry's)."""
        points, melded, hands = self.hands_so_far(deal, points)
        team = team_of(seat)
        counted, standing = self.claim_check(deal, team, hands[team])
        good = standing >= self.settings.target
        result = Result(
            end=End.CLAIM_WON if good else End.CLAIM_LOST,
            points=points,
            melded=melded,
            hands=hands,
            scores=(counted, 0) if team == 0 else (0, counted),
            claim=Claim(seat, team, hands[team], counted, standing, good),
        )
        self.end_deal(deal, result, team if good else 1 - team)

    def played_out(self, deal: Deal, points: Pair | None = None) -> None:
        """The last trick taken: the bid made or set on the card points taken (``points``: a
        paper entry's)."""
        points, melded, hands = self.hands_so_far(deal, points)
        team = deal.bidder_team
        assert team is not None
        scores = deal_scores(team, deal.high, hands, self.settings.made_bid_scores)
        result = Result(
            end=End.MADE if hands[team] >= deal.high else End.SET,
            points=points,
            melded=melded,
            hands=hands,
            scores=(scores[0], scores[1]),
        )
        after = [self.team_total(t) + scores[t] for t in range(2)]
        winner = winner_at_end(after, self.settings.target, team)
        self.end_deal(deal, result, winner)

    def end_deal(self, deal: Deal, result: Result, winner: int | None) -> None:
        """Score ``deal`` as ``result`` says, the match won by ``winner`` when not ``None``."""
        deal.result = result
        if winner is not None:
            self.winner = winner
            self.ended = Termination.TARGET_REACHED if result.claim is None else Termination.CLAIM
        scores = result.scores
        self.finish(deal, (scores[0], scores[1], scores[0], scores[1]))  # partners sit opposite

    # -- views ---------------------------------------------------------------------------------

    def deal_json(self, deal: Deal) -> dict[str, Any]:
        """What everyone may see of the deal in progress: the auction, every seat's melds
        once trump is named (Clarification 3), the card points and tricks each side has
        taken (a claim depends on them, §9)."""
        claimable = self.may_claim(deal)
        melds = deal.melds
        points, _, hands = self.hands_so_far(deal)
        return {
            "minimum": self.VARIANT.minimum_bid,
            "least_bid": self.least_bid(deal) if deal.bidder is None else None,
            "bids": [c._asdict() for c in deal.calls],
            "high_bid": deal.high if deal.high_seat is not None else None,
            "bidder": deal.bidder,
            "passed": list(deal.out),
            "announced": list(deal.announced),
            "trump": deal.trump,
            "melds": melds_json(deal),
            "team_meld": None if melds is None else [deal.team_meld(t) for t in range(2)],
            "meld_counts": [bool(w) for w in deal.won],
            "points_taken": list(points),
            "hand_points": list(hands),
            "claimable": claimable,
            "claim_standing": (
                [self.claim_check(deal, t, hands[t])[1] for t in range(2)] if claimable else None
            ),
        }

    def cards_json(self, deal: Deal, viewer: int | None) -> dict[str, Any]:
        """Every hand's size; a seat's own hand, and during the auction with announcements
        its best meld (its own knowledge)."""
        ledger = deal.ledger
        if viewer is None:
            return {"hand": None, "hand_sizes": [len(h) for h in ledger.hands], "best_meld": None}
        out: dict[str, Any] = {"hand": ledger.hand(viewer)}
        if deal.bidder is None and self.settings.announcements:
            out["best_meld"] = self.best_meld(deal, viewer)
        return out

    def detail(self, deal: Deal) -> dict[str, Any]:
        result = deal.result
        assert result is not None
        team = deal.bidder_team
        claim = result.claim
        return {
            "bidder": deal.bidder,
            "bid": deal.high if deal.bidder is not None else None,
            "trump": deal.trump,
            "melds": None if deal.melds is None else list(deal.meld_values),
            "team_meld": None if deal.melds is None else [deal.team_meld(t) for t in range(2)],
            "points": list(result.points),
            "melded": list(result.melded),
            "hand_points": list(result.hands),
            "hand": None if team is None else result.hands[team],
            "team_scores": list(result.scores),
            "end": result.end.value,
            "claim": None if claim is None else {k: getattr(claim, k) for k in CLAIM_DETAIL},
        }

    def previous_fields(self, deal: Deal) -> dict[str, Any]:
        """A scored deal as everyone may see it: the auction, trump, melds, tricks and
        scores. Hands never played stay unshown."""
        result = deal.result
        assert result is not None
        return {
            "bids": [c._asdict() for c in deal.calls],
            "bidder": deal.bidder,
            "bid": deal.high if deal.high_seat is not None else None,
            "trump": deal.trump,
            "melds": melds_json(deal),
            "team_meld": None if deal.melds is None else [deal.team_meld(t) for t in range(2)],
            "end": result.end.value,
            "points": list(result.points),
            "melded": list(result.melded),
            "hand_points": list(result.hands),
            "scores": list(result.scores),
            "claim": None if result.claim is None else asdict(result.claim),
        }


_CLASSES: dict[str, type[Match]] = {}


def match_of(variant: Variant) -> type[Match]:
    """The match class of ``variant``, made once: the base's class attributes from its
    data."""
    found = _CLASSES.get(variant.name)
    if found is not None and found.VARIANT is variant:
        return found
    cards = variant.cards
    made: type[Match] = type(
        f"{variant.name.title().replace('_', '')}Match",
        (Match,),
        {
            "__slots__": (),
            "__module__": __name__,
            "VARIANT": variant,
            "NAME": variant.name,
            "TITLE": variant.title,
            "PACK": cards,
            "RULES": variant.trick_rules,
            "OPTIONS": variant.options,
            "DEAL_TAKES": f"the {len(cards)} cards of the pack",
            "CARD_POINTS": {c: variant.card_points[c[0]] for c in cards},
        },
    )
    made.PLAY_OF_RANK = {ORDER[c]: play for c, play in made.PLAYS.items()}
    _CLASSES[variant.name] = made
    return made


# -- what a view shows of a deal -------------------------------------------------------------------


def meld_json(meld: Meld) -> dict[str, Any]:
    return {**meld.to_json(), "times": meld.times}


def melds_json(deal: Deal) -> list[dict[str, Any]] | None:
    """Each seat's melds, itemised, and their total; ``None`` before trump."""
    if deal.melds is None:
        return None
    return [
        {"melds": [meld_json(m) for m in melds], "total": deal.meld_values[seat]}
        for seat, melds in enumerate(deal.melds)
    ]


def public_fields(match: Match) -> dict[str, Any]:
    return {
        "teams": [list(t) for t in TEAMS],
        "deals_total": None,
        "target": match.settings.target,
        "team_totals": [match.team_total(t) for t in range(2)],
        "termination": match.ended.value if match.ended is not None else None,
    }


def hidden_cards(match: Match, seat: int | None) -> list[Card]:
    """The cards of the deal in progress ``seat`` (``None``: a spectator) has not seen
    (the ledger's, copy for copy: the other hands, less the cards their melds show and they
    still hold) that a re-deal may move without ``seat``'s view telling: all of them during
    the auction; once the melds are shown, only those that belong to no meld with the trump
    named (the tens and nines of the plain suits). The melds are every player's best
    (Clarification 3), so they also say what a hand does not hold: a re-deal that gave a
    player the queen to his unshown king would show a marriage. Every other unseen card is a
    card the melds say something about."""
    cards = ledger_hidden(match, seat)
    deal = match.current
    if deal is None or deal.trump is None:
        return cards
    return [c for c in cards if c[0] in "T9" and c[1] != deal.trump]
