"""The state of a Sixty-six match and the one function that changes it, :meth:`Match.apply`.

The table's ``deal:<24 cards>`` fixes the whole pack, so drawing from the stock is part of
``apply`` and needs no further chance step. Every other action is a seat's: ``play:QS``,
``exchange``, ``close``, ``marriage:H`` and ``claim`` (either seat, at any moment of a deal).
Every check comes before the first change, so a refused action leaves the state as it was.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import partial
from typing import Final

from ..actions import Action, split_action
from ..cards import SUITS, Card, Suit
from ..deal_sequence import DealSequence
from ..errors import IllegalAction, MalformedAction
from ..game import TABLE as TABLE
from ..game import Options, OptionValue
from ..stock import draw_after_trick
from ..tricks import TrickRules, legal_cards, trick_winner
from .deal import Deal, Marriage, Result, Trick, deal_from_pack
from .rules import (
    CARDS,
    CLOSED,
    GERMAN_CLOSED,
    LAST_TRICK_BONUS,
    OPEN,
    ORDER,
    End,
    Settlement,
    marriage_points,
    resolve_options,
    settle_claim,
    settle_played_out,
)

PACK_SIZE: Final = len(CARDS)
NINE: Final = "9"

PLAY: Final[dict[Card, Action]] = {c: Action("play", c) for c in CARDS}
PLAY_TEXT: Final[dict[Card, str]] = {c: str(a) for c, a in PLAY.items()}
EXCHANGE: Final = Action("exchange")
CLOSE: Final = Action("close")
CLAIM: Final = Action("claim")
MARRIAGE: Final[dict[Suit, Action]] = {s: Action("marriage", s) for s in SUITS}
KINDS: Final = ("deal", "play", "exchange", "close", "marriage", "claim")

_FIXED: Final[dict[str, Action]] = {
    **{str(a): a for a in PLAY.values()},
    **{str(a): a for a in MARRIAGE.values()},
    "exchange": EXCHANGE,
    "close": CLOSE,
    "claim": CLAIM,
}


def parse_action(text: object) -> Action:
    """Parse and canonicalise an action's text; raise :class:`MalformedAction` if it is none."""
    if type(text) is str:
        known = _FIXED.get(text)
        if known is not None:
            return known
    action = split_action(text)
    kind, arg = action.kind, action.arg
    if kind == "play":
        raise MalformedAction(f"'play' takes one card such as QS, got {arg[:20]!r}")
    if kind == "marriage":
        raise MalformedAction(f"'marriage' takes a suit (S, H, D or C), got {arg[:20]!r}")
    if kind in ("exchange", "close", "claim"):
        raise MalformedAction(f"'{kind}' takes no argument")
    if kind == "deal":
        cards = arg.split(",") if arg else []
        if len(cards) != PACK_SIZE or set(cards) != set(CARDS):
            raise MalformedAction("'deal' takes the 24 cards (A T K Q J 9 of each suit), each once")
        return Action("deal", arg)
    raise MalformedAction(f"unknown action {kind[:20]!r}", {"kinds": list(KINDS)})


def deal_action(pack: Sequence[Card]) -> Action:
    return Action("deal", ",".join(pack))


def random_deal(rng: random.Random) -> Action:
    """The table's chance step: a uniformly shuffled pack."""
    pack = list(CARDS)
    rng.shuffle(pack)
    return deal_action(pack)


def _shape(action: Action) -> None:
    """Refuse an ``Action`` built by hand that no text would parse to."""
    kind, arg = action.kind, action.arg
    if kind == "play":
        ok = arg in ORDER
    elif kind == "marriage":
        ok = arg in SUITS
    elif kind in ("exchange", "close", "claim"):
        ok = not arg
    else:
        ok = kind == "deal"
    if not ok:
        raise MalformedAction(f"not a Sixty-six action: {str(action)[:40]!r}")


class Match(DealSequence[Deal]):
    """A match of Sixty-six for two seats. Build one with :func:`new_match`."""

    __slots__ = (
        "base",
        "carried",
        "closed_rules",
        "deals",
        "first_dealer",
        "next_dealer",
        "options",
        "seats",
        "to_act",
        "totals",
    )

    def __init__(self, first_dealer: int, options: Options | None = None) -> None:
        if first_dealer not in (0, 1):
            raise ValueError("the first dealer is seat 0 or 1")
        self.seats = 2
        self.options: dict[str, OptionValue] = resolve_options(options)
        self.closed_rules: TrickRules = GERMAN_CLOSED if self.options["german_phase2"] else CLOSED
        self.first_dealer = first_dealer
        self.next_dealer = first_dealer
        """Who deals the next deal (meaningful between deals)."""
        self.deals: list[Deal] = []
        self.totals: list[int] = [0, 0]
        self.carried = 0
        """Game points carried to the next deal's winner (§10)."""
        self.base = 0
        """Scored deals before the first one held (a state rebuilt from a view)."""
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

    def winners(self) -> list[int]:
        return [s for s in (0, 1) if self.totals[s] >= self.target] if self.is_over else []

    def rules(self, deal: Deal) -> TrickRules:
        return OPEN if deal.stock_open else self.closed_rules

    def may_claim(self, deal: Deal, seat: int) -> bool:
        """Whether ``seat`` may claim now (§8; option claims_only_immediately)."""
        return not self.options["claims_only_immediately"] or deal.window == seat

    def playable(self, deal: Deal, seat: int) -> list[Card]:
        """The cards ``seat``, to act, may play now."""
        hand = deal.hands[seat]
        if deal.trick:
            return legal_cards(hand, deal.trick, deal.trump, self.rules(deal))
        if deal.pending is not None:
            return [c for c in hand if c[1] == deal.pending and c[0] in "KQ"]
        return list(hand)

    def can_exchange(self, deal: Deal, seat: int) -> bool:
        return (
            deal.stock_open
            and bool(deal.stock)
            and deal.tricks[seat] > 0
            and NINE + deal.trump in deal.hands[seat]
        )

    def marriages_open(self, deal: Deal) -> bool:
        return not (self.options["no_marriages_after_closing"] and deal.closed_by is not None)

    def marriage_suits(self, deal: Deal, seat: int) -> list[Suit]:
        hand = deal.hands[seat]
        return [s for s in SUITS if "K" + s in hand and "Q" + s in hand]

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every action ``seat`` may take now (default: whoever is to act): for the seat to
        act its cards, then ``exchange``, ``close``, ``marriage:X``, ``claim``; for the other
        seat during a deal, ``claim``. The table's shuffle is drawn, not listed."""
        actor = self.to_act if seat is None else seat
        deal = self.current
        if deal is None or actor not in (0, 1):
            return []
        assert actor is not None
        claim = [CLAIM] if self.may_claim(deal, actor) else []
        if actor != self.to_act:
            return claim
        out = [PLAY[c] for c in self.playable(deal, actor)]
        if not deal.trick and deal.pending is None:
            if self.can_exchange(deal, actor):
                out.append(EXCHANGE)
            if deal.stock_open:
                out.append(CLOSE)
            if self.marriages_open(deal):
                out.extend(MARRIAGE[s] for s in self.marriage_suits(deal, actor))
        return out + claim

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
                raise IllegalAction("bad_deck", "a deal takes the 24 cards, each once")
            return None
        deal = self.current
        if deal is None or seat not in (0, 1):
            if kind == "claim" and seat in (0, 1):
                raise IllegalAction("claim_not_now", "there is no deal in progress to claim")
            shown = None if self.to_act == TABLE else self.to_act
            raise IllegalAction(
                "not_your_turn", "it is not your turn", {"seat": seat, "to_act": shown}
            )
        if kind == "claim":
            if not self.may_claim(deal, seat):
                raise IllegalAction(
                    "claim_not_now",
                    "a claim must come right after winning a trick or declaring a marriage",
                )
            return deal
        if seat != self.to_act:
            raise IllegalAction(
                "not_your_turn", "it is not your turn", {"seat": seat, "to_act": self.to_act}
            )
        if kind == "play":
            self._check_play(deal, seat, action.arg)
            return deal
        if deal.trick:
            raise IllegalAction("not_on_lead", f"only the player on lead may {kind}")
        if deal.pending is not None:
            raise IllegalAction(
                "marriage_must_be_led",
                "lead the king or queen of the marriage you declared, or claim",
                {"suit": deal.pending},
            )
        if kind == "exchange":
            self._check_stock(deal)
            if deal.tricks[seat] == 0:
                raise IllegalAction(
                    "no_trick_won_yet", "you may exchange the nine once you have won a trick"
                )
            if NINE + deal.trump not in deal.hands[seat]:
                raise IllegalAction(
                    "no_nine_of_trumps",
                    "you do not hold the nine of trumps",
                    {"card": NINE + deal.trump},
                )
        elif kind == "close":
            self._check_stock(deal)
        else:  # marriage
            if not self.marriages_open(deal):
                raise IllegalAction(
                    "no_marriages_after_closing", "no marriage may be declared after closing"
                )
            suit = action.arg
            if suit not in self.marriage_suits(deal, seat):
                raise IllegalAction(
                    "no_marriage",
                    f"you do not hold the king and queen of {suit}",
                    {"suit": suit},
                )
        return deal

    @staticmethod
    def _check_stock(deal: Deal) -> None:
        if deal.closed_by is not None:
            raise IllegalAction("stock_closed", "the stock is closed")
        if deal.exhausted:
            raise IllegalAction("stock_exhausted", "the stock is exhausted")

    def _check_play(self, deal: Deal, seat: int, card: Card) -> None:
        hand = deal.hands[seat]
        if card not in hand:
            raise IllegalAction("card_not_in_hand", f"you do not hold {card}", {"card": card})
        if not deal.trick:
            if deal.pending is not None and (card[1] != deal.pending or card[0] not in "KQ"):
                raise IllegalAction(
                    "marriage_must_be_led",
                    "lead the king or queen of the marriage you declared, or claim",
                    {"suit": deal.pending, "card": card},
                )
            return
        rules = self.rules(deal)
        if not rules.follow_suit or card in legal_cards(hand, deal.trick, deal.trump, rules):
            return
        led = deal.trick[0][1]
        detail = {"card": card, "suit": led, "seat": seat}
        if any(c[1] == led for c in hand):
            if card[1] != led:
                raise IllegalAction("must_follow_suit", "you must follow suit", detail)
            raise IllegalAction("must_head_trick", "you must win the trick if you can", detail)
        raise IllegalAction(
            "must_trump",
            "without the suit led you must play a trump",
            {**detail, "trump": deal.trump},
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
        kind = action.kind
        if deal is None:
            self._deal(action.arg.split(","))
            return
        deal.actions.append((seat, str(action)))
        if kind == "play":
            self._play(deal, seat, action.arg)
        elif kind == "claim":
            self._claim(deal, seat)
        elif kind == "exchange":
            nine = NINE + deal.trump
            turned = deal.turned
            assert turned is not None
            deal.hands[seat].remove(nine)
            deal.take(seat, turned)
            deal.show(seat, turned)
            deal.turned = nine
            deal.exchanged = (seat, len(deal.history))
            deal.window = None
        elif kind == "close":
            deal.closed_by = seat
            deal.closed_after = len(deal.history)
            deal.window = None
        else:
            suit = action.arg
            deal.marriages.append(Marriage(seat, suit, marriage_points(suit, deal.trump)))
            deal.pending = suit
            deal.show(seat, "K" + suit)
            deal.show(seat, "Q" + suit)
            deal.window = seat

    def _deal(self, pack: list[Card]) -> None:
        deal = deal_from_pack(self.deals_played + 1, self.next_dealer, pack)
        self.deals.append(deal)
        self.to_act = deal.leader

    def _play(self, deal: Deal, seat: int, card: Card) -> None:
        deal.hands[seat].remove(card)
        if card in deal.shown[seat]:
            deal.shown[seat].remove(card)
        deal.trick.append(card)
        deal.pending = None
        deal.window = None
        if len(deal.trick) == 1:
            self.to_act = 1 - seat
            return
        leader = deal.leader
        winner = leader if trick_winner(deal.trick, deal.trump, OPEN) == 0 else 1 - leader
        cards = (deal.trick[0], deal.trick[1])
        deal.history.append(Trick(leader, cards, winner))
        deal.won[winner].extend(cards)
        deal.tricks[winner] += 1
        deal.trick = []
        if deal.stock_open:  # the winner draws first, the loser last (§4)
            drawn = draw_after_trick(winner, partial(self._next_card, deal))
            for drawer, card in drawn:
                self._draw(deal, drawer, card)
            if deal.turned is None:  # exhausted: the rules of §7.1 from here
                deal.show(*drawn[1])  # the loser took the turned card, seen by both
        deal.leader = winner
        if not deal.hands[winner]:
            self._played_out(deal, winner)
        else:
            self.to_act = winner
            deal.window = winner

    @staticmethod
    def _next_card(deal: Deal) -> Card:
        """The stock's top card, the turned card under it once the rest is drawn."""
        if deal.stock:
            return deal.stock.pop(0)
        last = deal.turned
        assert last is not None
        deal.turned = None
        return last

    @staticmethod
    def _draw(deal: Deal, seat: int, card: Card) -> None:
        deal.take(seat, card)
        deal.draws[seat].append(card)

    def _claim(self, deal: Deal, seat: int) -> None:
        points = (deal.points(0), deal.points(1))
        settled = settle_claim(seat, points, deal.tricks, deal.closed_by, deal.tricks_at_close())
        self.settle(deal, settled, points, claimant=seat)

    def _played_out(self, deal: Deal, last_winner: int) -> None:
        points = [deal.points(0), deal.points(1)]
        if deal.closed_by is None:  # §7.2: the last trick's 10 only when nobody closed
            points[last_winner] += LAST_TRICK_BONUS
        settled = settle_played_out(
            points,
            deal.tricks,
            deal.closed_by,
            deal.tricks_at_close(),
            bool(self.options["higher_total_wins"]),
        )
        self.settle(deal, settled, (points[0], points[1]), claimant=None)

    def settle(
        self,
        deal: Deal,
        settled: Settlement,
        points: tuple[int, int],
        claimant: int | None,
    ) -> None:
        """Score a deal that has ended: carried points, totals, the next dealer, the match's
        end. Also how a deal entered on paper is settled (``paper.py``)."""
        winner = settled.winner
        scores = [0, 0]
        carried_in = 0
        if winner is not None:
            carried_in = self.carried
            scores[winner] = settled.game_points + carried_in
            self.carried = 0
        elif settled.end is End.NO_WINNER:
            self.carried += 1
        deal.result = Result(
            end=settled.end,
            winner=winner,
            claimant=claimant,
            points=points,
            game_points=settled.game_points,
            carried_in=carried_in,
            carried=self.carried,
            scores=(scores[0], scores[1]),
        )
        deal.window = None
        for s in (0, 1):
            self.totals[s] += scores[s]
        if settled.end is End.DRAW:
            self.next_dealer = deal.dealer
        elif self.options["winner_deals_next"]:
            self.next_dealer = deal.dealer if winner is None else winner
        else:
            self.next_dealer = 1 - deal.dealer
        if winner is not None and self.totals[winner] >= self.target:
            self.to_act = None
        else:
            self.to_act = TABLE

    # -- copying -------------------------------------------------------------------------------

    def clone(self) -> Match:
        other = Match.__new__(Match)
        other.seats = self.seats
        other.options = self.options  # never changed after the match starts
        other.closed_rules = self.closed_rules
        other.first_dealer = self.first_dealer
        other.next_dealer = self.next_dealer
        other.deals = [d if d.finished else d.copy() for d in self.deals]
        other.totals = list(self.totals)
        other.carried = self.carried
        other.base = self.base
        other.to_act = self.to_act
        return other


def new_match(seats: int, options: Options | None, first_dealer: int) -> Match:
    """A match waiting for its first deal."""
    if seats != 2:
        raise ValueError("Sixty-six is played by two")
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
