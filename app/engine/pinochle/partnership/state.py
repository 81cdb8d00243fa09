"""The state of a partnership pinochle match and the one function that changes it,
:meth:`Match.apply`, for every :class:`~.variant.Variant`.

A deal runs: the table's ``deal:<pack>``; the auction from the dealer's left (``bid:N``,
``pass``; with announcements ``bid:N:flush``, ``bid:N:long_suit`` and ``announce:V``); the
high bidder's ``trump:S``, upon which every player's best meld is computed and shown
(Clarification 3); then the tricks, the dealer's left leading. Any seat may ``claim``, in or
out of turn, while a trick is unplayed; a claim ends the match either way. Every check comes
before the first change, so a refused action leaves the state as it was.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from typing import Final

from ...actions import Action, split_action
from ...cards import SUITS, Card
from ...deal_sequence import DealSequence
from ...errors import IllegalAction, MalformedAction
from ...game import TABLE as TABLE
from ...game import Options, OptionValue, Termination, resolve_options_of
from ...tricks import legal_cards, trick_winner
from ...words import with_article
from .. import melds as meld_rules
from ..melds import sort_cards
from .deal import Call, Claim, Deal, Result, Trick
from .variant import (
    BID_STEP,
    MAX_BID,
    SEATS,
    TEAMS,
    End,
    Variant,
    deal_scores,
    hand_points,
    holds_flush,
    longest_suit,
    provisional,
    team_of,
    winner_at_end,
)

FLAGS: Final = ("flush", "long_suit")
LISTED_STEPS: Final = (*range(0, 101, BID_STEP), 150, 200, 300, 500)
"""The bids listed among the legal actions, above the least allowed: every step of ten up
to 100 more, then a few jumps. Any higher multiple of ten is accepted too."""

PASS: Final = Action("pass")
CLAIM: Final = Action("claim")
TRUMP: Final[dict[str, Action]] = {s: Action("trump", s) for s in SUITS}
KINDS: Final = ("deal", "bid", "pass", "announce", "trump", "play", "claim")
_NUMBER: Final = re.compile(r"^[1-9][0-9]*$")


def too_high(number: str) -> bool:
    """Whether a bid's digits name more than :data:`MAX_BID`, read without building a
    number of up to two thousand digits."""
    return len(number) > len(str(MAX_BID)) or int(number) > MAX_BID


class Notation:
    """A variant's actions as text: parsing, canonical forms and the table's deal."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.pack_count: Counter[Card] = Counter(variant.cards)
        self.play: dict[Card, Action] = {c: Action("play", c) for c in self.pack_count}
        self.fixed: dict[str, Action] = {
            **{str(a): a for a in self.play.values()},
            **{str(a): a for a in TRUMP.values()},
            "pass": PASS,
            "claim": CLAIM,
        }

    def parse(self, text: object) -> Action:
        """Parse and canonicalise an action's text; :class:`MalformedAction` if it is none."""
        if type(text) is str:
            known = self.fixed.get(text)
            if known is not None:
                return known
        action = split_action(text)
        kind, arg = action.kind, action.arg
        if kind == "bid":
            number, _, flag = arg.partition(":")
            if not _NUMBER.match(number) or (flag and flag not in FLAGS):
                raise MalformedAction(
                    "'bid' takes a number of points, such as bid:250, and may add :flush or "
                    ":long_suit"
                )
            return action
        if kind == "announce":
            if not _NUMBER.match(arg):
                raise MalformedAction("'announce' takes a meld value, such as announce:120")
            return action
        if kind == "deal":
            cards = arg.split(",") if arg else []
            if len(cards) != self.variant.pack.size or Counter(cards) != self.pack_count:
                raise MalformedAction(
                    f"'deal' takes the {self.variant.pack.size} cards of the pack"
                )
            return action
        if kind == "play":
            raise MalformedAction(f"'play' takes one card of the pack, got {arg[:20]!r}")
        if kind == "trump":
            raise MalformedAction(f"'trump' takes a suit (S, H, D or C), got {arg[:20]!r}")
        if kind in ("pass", "claim"):
            raise MalformedAction(f"'{kind}' takes no argument")
        raise MalformedAction(f"unknown action {kind[:20]!r}", {"kinds": list(KINDS)})

    def shape(self, action: Action) -> None:
        """Refuse an ``Action`` built by hand that no text would parse to."""
        text = str(action)
        if text in self.fixed or action.kind in ("deal", "bid", "announce"):
            try:
                parsed = self.parse(text)
            except MalformedAction:
                parsed = None
            if parsed == action:
                return
        raise MalformedAction(f"not {with_article(self.variant.title)} action: {text[:40]!r}")

    def deal_action(self, pack: Sequence[Card]) -> Action:
        return Action("deal", ",".join(pack))

    def random_deal(self, rng: random.Random) -> Action:
        pack = list(self.variant.cards)
        rng.shuffle(pack)
        return self.deal_action(pack)


_NOTATIONS: dict[str, Notation] = {}


def notation(variant: Variant) -> Notation:
    found = _NOTATIONS.get(variant.name)
    if found is None or found.variant is not variant:
        found = _NOTATIONS[variant.name] = Notation(variant)
    return found


class Match(DealSequence[Deal]):
    """A match of a partnership pinochle. Build one with :func:`new_match`."""

    __slots__ = (
        "base",
        "deals",
        "first_dealer",
        "next_dealer",
        "notation",
        "options",
        "rules",
        "seats",
        "termination",
        "to_act",
        "totals",
        "variant",
        "winner",
    )

    def __init__(self, variant: Variant, first_dealer: int, options: Options | None = None) -> None:
        if not 0 <= first_dealer < SEATS:
            raise ValueError(f"no seat {first_dealer} at a table of {SEATS}")
        self.variant = variant
        self.notation = notation(variant)
        self.seats = SEATS
        self.options: dict[str, OptionValue] = resolve_options_of(
            variant.options, options, variant.title
        )
        self.rules = variant.settings(self.options)
        self.first_dealer = first_dealer
        self.next_dealer = first_dealer
        self.deals: list[Deal] = []
        self.totals: list[int] = [0] * SEATS
        """Each seat's total, which is its team's: partners' totals are always equal."""
        self.base = 0
        """Scored deals before the first one held (a state rebuilt from a view)."""
        self.to_act: int | None = TABLE
        self.winner: int | None = None
        """The winning team, once over."""
        self.termination: Termination | None = None

    # -- reading -------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.to_act is None

    def team_total(self, team: int) -> int:
        return self.totals[TEAMS[team][0]]

    def winners(self) -> list[int]:
        return list(TEAMS[self.winner]) if self.winner is not None else []

    def phase(self) -> str:
        """``deal``, ``bid``, ``trump``, ``play`` or ``match_over``."""
        if self.to_act is None:
            return "match_over"
        deal = self.current
        if deal is None:
            return "deal"
        if deal.bidder is None:
            return "bid"
        if deal.trump is None:
            return "trump"
        return "play"

    def best_meld(self, deal: Deal, seat: int) -> int:
        """``seat``'s best meld over the four trump suits, as an announcement is checked
        against it (double-deck §4)."""
        value = deal.best_melds.get(seat)
        if value is None:
            value = deal.best_melds[seat] = meld_rules.best_value(
                deal.dealt[seat], self.variant.meld_table
            )
        return value

    def least_bid(self, deal: Deal) -> int:
        return self.variant.minimum_bid if deal.high_seat is None else deal.high + BID_STEP

    def announced_bid(self, deal: Deal, value: int) -> int:
        """The bid an announcement of ``value`` makes once the auction has a bid: 10 more
        for every 100 announced or part of 100 (double-deck §4)."""
        return deal.high + BID_STEP * -(-value // 100)

    def flag_holds(self, deal: Deal, seat: int, flag: str) -> bool:
        hand = deal.hands[seat]
        if flag == "flush":
            return holds_flush(hand)
        return longest_suit(hand) >= self.rules.long_suit

    def may_claim(self, deal: Deal) -> bool:
        """A claim is possible while a trick of the deal is unplayed, once melds are shown
        (§9, Clarification 7)."""
        return self.rules.claims and deal.trump is not None and not deal.finished

    def playable(self, deal: Deal, seat: int) -> list[Card]:
        return legal_cards(
            deal.hands[seat], [c for _, c in deal.trick], deal.trump, self.variant.trick_rules
        )

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """What ``seat`` (default: whoever is to act) may do now: bids from the least
        allowed up to 100 more and a few jumps (any higher multiple of ten is accepted too),
        each with the flags its hand allows, announcements (the whole best meld, and once
        a bid stands the least raise, 100), and a pass; trump; a card; a claim, by any seat
        while a trick is unplayed."""
        actor = self.to_act if seat is None else seat
        deal = self.current
        if deal is None or actor is None or actor == TABLE or not 0 <= actor < SEATS:
            return []
        if deal.trump is not None:  # play: a deal in progress with trump named
            claim = [CLAIM] if self.rules.claims else []
            if actor != self.to_act:
                return claim
            play = self.notation.play
            return [*(play[c] for c in dict.fromkeys(self.playable(deal, actor))), *claim]
        if actor != self.to_act:
            return []
        if deal.bidder is not None:
            return list(TRUMP.values())
        return self._auction_actions(deal, actor)

    def _auction_actions(self, deal: Deal, seat: int) -> list[Action]:
        least = self.least_bid(deal)
        bids = [least + step for step in LISTED_STEPS if least + step <= MAX_BID]
        flags: list[str] = []
        if self.rules.announcements:
            flags = [f for f in FLAGS if self.flag_holds(deal, seat, f)]
        out: list[Action] = []
        for bid in bids:
            out.append(Action("bid", str(bid)))
            out.extend(Action("bid", f"{bid}:{flag}") for flag in flags)
        if self.rules.announcements:
            best = self.best_meld(deal, seat)
            if deal.high_seat is None:
                if best >= BID_STEP and seat not in deal.announced:
                    out.append(Action("announce", str(best)))
            else:
                values = [
                    v
                    for v in (100, best)
                    if BID_STEP <= v <= best and self.announced_bid(deal, v) <= MAX_BID
                ]
                out.extend(Action("announce", str(v)) for v in dict.fromkeys(values))
        out.append(PASS)
        return out

    # -- checking ------------------------------------------------------------------------------

    def _check(self, seat: int, action: Action) -> Deal | None:
        """Every condition of ``action``; the deal it acts on (``None`` for a deal)."""
        if action.kind == "play" and seat == self.to_act:
            # the path of nearly every action, checked first
            deal = self.current
            if (
                deal is not None
                and deal.trump is not None
                and self.notation.play.get(action.arg) == action
            ):
                self._check_play(deal, seat, action.arg)
                return deal
        self.notation.shape(action)
        kind = action.kind
        if self.to_act is None:
            raise IllegalAction("match_over", "the match is over")
        if kind == "deal":
            if seat != TABLE:
                raise IllegalAction("not_your_turn", "only the table deals")
            if self.to_act != TABLE:
                raise IllegalAction("wrong_phase", "a deal is already in progress")
            return None
        deal = self.current
        if not 0 <= seat < SEATS:
            raise IllegalAction(
                "not_your_turn", "it is not your turn", {"seat": seat, "to_act": self.to_act}
            )
        if kind == "claim":
            if not self.rules.claims:
                raise IllegalAction("claims_off", "this match is played without claims")
            if deal is None or not self.may_claim(deal):
                raise IllegalAction(
                    "claim_not_now",
                    "a claim is possible while a deal is played, once the melds are shown",
                )
            return deal
        if deal is None or seat != self.to_act:
            raise IllegalAction(
                "not_your_turn", "it is not your turn", {"seat": seat, "to_act": self.to_act}
            )
        phase = self.phase()
        if phase == "bid":
            self._check_call(deal, seat, action)
        elif kind in ("bid", "pass", "announce"):
            raise IllegalAction("auction_over", "the auction is over")
        elif kind == "trump":
            if phase != "trump":
                raise IllegalAction("wrong_phase", "trumps are named already")
        elif phase != "play":
            raise IllegalAction("wrong_phase", "name trumps first")
        else:
            self._check_play(deal, seat, action.arg)
        return deal

    def _check_call(self, deal: Deal, seat: int, action: Action) -> None:
        kind = action.kind
        if kind == "pass":
            return
        if kind not in ("bid", "announce"):
            raise IllegalAction("bid_or_pass", "the auction is on: bid or pass")
        number, _, flag = action.arg.partition(":")
        if kind == "bid" and too_high(number):
            raise IllegalAction("bid_too_high", f"bid {MAX_BID} or less", {"most": MAX_BID})
        value = int(number)
        if (flag or kind == "announce") and not self.rules.announcements:
            raise IllegalAction("no_announcements", "this match is played without announcements")
        if kind == "announce":
            self._check_announce(deal, seat, value)
            return
        if value % BID_STEP:
            raise IllegalAction(
                "bid_not_multiple_of_10", "a bid is a multiple of ten", {"bid": value}
            )
        least = self.least_bid(deal)
        if value < least:
            raise IllegalAction(
                "bid_too_low", f"bid {least} or more", {"bid": value, "least": least}
            )
        if flag and not self.flag_holds(deal, seat, flag):
            raise IllegalAction(
                "flag_not_held",
                "a flush needs A, 10, K, Q, J of one suit"
                if flag == "flush"
                else f"a long suit needs {self.rules.long_suit} cards of one suit",
                {"flag": flag, "long_suit": self.rules.long_suit},
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

    def _check_play(self, deal: Deal, seat: int, card: Card) -> None:
        hand = deal.hands[seat]
        if card not in hand:
            raise IllegalAction("card_not_in_hand", f"you do not hold {card}", {"card": card})
        if card in self.playable(deal, seat):
            return
        led = deal.trick[0][1][1]
        detail = {"card": card, "suit": led, "seat": seat, "trump": deal.trump}
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
        acts after it (``TABLE`` when the table deals next, ``None`` when the match ends)."""
        self._check(seat, action)
        trial = self.clone()
        trial.apply(seat, action)
        return trial.to_act

    # -- changing ------------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> None:
        """Apply ``action`` taken by ``seat``, or raise :class:`IllegalAction` changing
        nothing."""
        deal = self._check(seat, action)
        if deal is None:
            self._deal(action.arg.split(","))
            return
        deal.actions.append((seat, str(action)))
        kind = action.kind
        if kind == "play":
            self._play(deal, seat, action.arg)
        elif kind == "claim":
            self._claim(deal, seat)
        elif kind == "trump":
            self._trump(deal, action.arg)
        else:
            self._call(deal, seat, action)

    def _deal(self, pack: list[Card]) -> None:
        dealer = self.next_dealer
        places: list[list[Card]] = [[] for _ in range(SEATS)]
        for card, seat in zip(pack, self.variant.layout(dealer), strict=True):
            places[seat].append(card)
        dealt = [sort_cards(p) for p in places]
        deal = Deal(
            number=self.deals_played + 1,
            dealer=dealer,
            pack=tuple(pack),
            dealt=dealt,
            hands=[list(h) for h in dealt],
        )
        self.deals.append(deal)
        self.to_act = deal.leader

    def _call(self, deal: Deal, seat: int, action: Action) -> None:
        if action.kind == "pass":
            deal.calls.append(Call(seat, "pass"))
            deal.out.append(seat)
        elif action.kind == "announce":
            value = int(action.arg)
            if deal.high_seat is None:
                deal.calls.append(Call(seat, "announce", announced=value))
                deal.announced.append(seat)
            else:
                bid = self.announced_bid(deal, value)
                deal.calls.append(Call(seat, "announce", bid=bid, announced=value))
                deal.high, deal.high_seat = bid, seat
        else:
            number, _, flag = action.arg.partition(":")
            bid = int(number)
            deal.calls.append(Call(seat, "bid", bid=bid, flag=flag or None))
            deal.high, deal.high_seat = bid, seat
        if len(deal.out) == SEATS:
            self._passed_out(deal)
        elif deal.high_seat is not None and len(deal.out) == SEATS - 1:
            deal.bidder = deal.high_seat
            self.to_act = deal.bidder
        else:
            self.to_act = self._next_bidder(deal, seat)

    def repeat_call(self, seat: int, action: Action) -> None:
        """Apply a call of the auction as a view shows it, unchecked against the hand: a
        resampler repeats the auction of a deal whose hidden cards it dealt anew."""
        deal = self.current
        assert deal is not None and self.phase() == "bid" and seat == self.to_act
        deal.actions.append((seat, str(action)))
        self._call(deal, seat, action)

    @staticmethod
    def _next_bidder(deal: Deal, seat: int) -> int:
        for k in range(1, SEATS + 1):
            other = (seat + k) % SEATS
            if other not in deal.out:
                return other
        raise AssertionError("the auction has no one left")

    def _trump(self, deal: Deal, suit: str) -> None:
        deal.trump = suit
        table = self.variant.meld_table
        deal.show([meld_rules.best(hand, suit, table) for hand in deal.hands])
        self.to_act = deal.leader

    def _play(self, deal: Deal, seat: int, card: Card) -> None:
        deal.hands[seat].remove(card)
        deal.trick.append((seat, card))
        if len(deal.trick) < SEATS:
            self.to_act = (seat + 1) % SEATS
            return
        cards = [c for _, c in deal.trick]
        winner = deal.trick[trick_winner(cards, deal.trump, self.variant.trick_rules)][0]
        deal.history.append(Trick(deal.trick[0][0], tuple(deal.trick), winner))
        team = team_of(winner)
        scheme = self.variant.card_points
        deal.points[team] += sum(scheme[c[0]] for c in cards)
        deal.tricks_won[team] += 1
        deal.trick = []
        if len(deal.history) == self.variant.tricks:
            self._played_out(deal)
        else:
            self.to_act = winner

    def points_taken(self, deal: Deal) -> tuple[int, int]:
        """Card points per team in the tricks taken so far, the last trick's bonus
        included once it is played."""
        points = list(deal.points)
        if len(deal.history) == self.variant.tricks:
            points[team_of(deal.history[-1].winner)] += self.variant.last_trick
        return points[0], points[1]

    def hands_so_far(self, deal: Deal) -> tuple[tuple[int, int], tuple[int, int]]:
        """Each team's meld as credited so far (once it won a trick) and its hand points."""
        points = self.points_taken(deal)
        melded = tuple(deal.team_meld(t) if deal.tricks_won[t] else 0 for t in range(2))
        hands = tuple(
            hand_points(points[t], deal.team_meld(t), deal.tricks_won[t] > 0) for t in range(2)
        )
        return (melded[0], melded[1]), (hands[0], hands[1])

    def claim_check(self, deal: Deal, team: int, hand: int | None = None) -> tuple[int, int, int]:
        """A claim by ``team`` now: its hand so far, the provisional score and its standing."""
        assert deal.bidder_team is not None
        if hand is None:
            hand = self.hands_so_far(deal)[1][team]
        counted = provisional(team, deal.bidder_team, deal.high, hand, self.rules.made_bid_scores)
        return hand, counted, self.team_total(team) + counted

    def _claim(self, deal: Deal, seat: int) -> None:
        team = team_of(seat)
        melded, hands = self.hands_so_far(deal)
        hand, counted, standing = self.claim_check(deal, team, hands[team])
        good = standing >= self.rules.target
        scores = [0, 0]
        scores[team] = counted
        result = Result(
            end=End.CLAIM_WON if good else End.CLAIM_LOST,
            points=self.points_taken(deal),
            melded=melded,
            hands=hands,
            scores=(scores[0], scores[1]),
            claim=Claim(seat, team, hand, counted, standing, good),
        )
        self._finish(deal, result, team if good else 1 - team, Termination.CLAIM)

    def _played_out(self, deal: Deal) -> None:
        assert deal.bidder_team is not None
        melded, hands = self.hands_so_far(deal)
        scores = deal_scores(deal.bidder_team, deal.high, hands, self.rules.made_bid_scores)
        result = Result(
            end=End.MADE if hands[deal.bidder_team] >= deal.high else End.SET,
            points=self.points_taken(deal),
            melded=melded,
            hands=hands,
            scores=(scores[0], scores[1]),
        )
        after = [self.team_total(t) + scores[t] for t in range(2)]
        winner = winner_at_end(after, self.rules.target, deal.bidder_team)
        self._finish(deal, result, winner, Termination.TARGET_REACHED)

    def _passed_out(self, deal: Deal) -> None:
        result = Result(End.PASSED_OUT, (0, 0), (0, 0), (0, 0), (0, 0))
        self._finish(deal, result, None, Termination.TARGET_REACHED)

    def _finish(
        self, deal: Deal, result: Result, winner: int | None, termination: Termination
    ) -> None:
        deal.result = result
        for seat in range(SEATS):
            self.totals[seat] += result.scores[team_of(seat)]
        self.next_dealer = (deal.dealer + 1) % SEATS
        if winner is None:
            self.to_act = TABLE
            return
        self.winner = winner
        self.termination = termination
        self.to_act = None

    def deal_scores(self, deal: Deal) -> list[int]:
        """What each seat's total changed by with ``deal`` (its team's score; zeros while
        the deal runs)."""
        result = deal.result
        if result is None:
            return [0] * SEATS
        return [result.scores[team_of(s)] for s in range(SEATS)]

    # -- copying -------------------------------------------------------------------------------

    def clone(self) -> Match:
        other = Match.__new__(Match)
        other.variant = self.variant
        other.notation = self.notation
        other.seats = self.seats
        other.options = self.options  # never changed after the match starts
        other.rules = self.rules
        other.first_dealer = self.first_dealer
        other.next_dealer = self.next_dealer
        other.deals = [d if d.finished else d.copy() for d in self.deals]
        other.totals = list(self.totals)
        other.base = self.base
        other.to_act = self.to_act
        other.winner = self.winner
        other.termination = self.termination
        return other


def new_match(variant: Variant, options: Options | None, first_dealer: int) -> Match:
    """A match waiting for its first deal."""
    return Match(variant, first_dealer, options)


def replay(
    variant: Variant,
    first_dealer: int,
    log: Sequence[tuple[int, str]],
    options: Options | None = None,
) -> Match:
    match = Match(variant, first_dealer, options)
    for seat, text in log:
        match.apply(seat, match.notation.parse(text))
    return match
