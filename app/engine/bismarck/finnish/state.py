"""The state of a Finnish Bismarck match and the one function that changes it,
:meth:`Match.apply`.

A deal runs: the table's ``deal:<52 cards>``; forehand's contract (set by the deal itself
when it is forehand's last one left, but for ``free``, whose suit forehand still names);
the four steps of the exchange, one action each (rules §4); then thirteen tricks. Every
check comes before the first change, so a refused action leaves the state as it was.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import combinations, permutations
from typing import Final

from ...actions import Action
from ...cards import FULL_DECK, SUITS, Card, is_full_deck, sorted_cards
from ...errors import IllegalAction, MalformedAction
from ...game import TABLE as TABLE
from ...tricks import WHIST, legal_cards, trick_winner
from ..contracts import already_used, contract_choices, contracts_left, last_left
from .deal import COUNT, KIND, Deal, Trick, dealt_hands
from .notation import PLAY, deal_action, parse_action, pass_action, share_action, share_items
from .rules import (
    CONTRACTS,
    DEALS_PER_MATCH,
    FREE,
    NAMES_TRUMP,
    SEATS,
    TRICKS,
    TRUMP,
    deal_scores,
    forehand_of,
    winners,
)

PHASES: Final = ("deal", "contract", "exchange", "play", "match_over")
DEAL: Final = "deal"
"""The table deals next."""
CONTRACT: Final = "contract"
EXCHANGE: Final = "exchange"
PLAYING: Final = "play"
OVER: Final = "match_over"


def _not_your_turn(seat: int, to_act: int | None) -> IllegalAction:
    return IllegalAction("not_your_turn", "it is not your turn", {"seat": seat, "to_act": to_act})


class Match:
    """A match of Finnish Bismarck for four seats in two partnerships."""

    __slots__ = ("base", "deals", "first_dealer", "phase", "seats", "to_act", "totals", "used")

    def __init__(self, first_dealer: int) -> None:
        if not 0 <= first_dealer < SEATS:
            raise ValueError("the first dealer is a seat from 0 to 3")
        self.seats = SEATS
        self.first_dealer = first_dealer
        self.deals: list[Deal] = []
        self.base = 0
        """Scored deals before the first one held (a state rebuilt from a view)."""
        self.used: list[set[str]] = [set() for _ in range(SEATS)]
        """The contracts each seat has played as forehand."""
        self.totals: list[int] = [0] * SEATS
        """Per seat; partners carry their team's total."""
        self.phase: str = DEAL
        self.to_act: int | None = TABLE

    # -- reading -------------------------------------------------------------------------------

    @property
    def deals_total(self) -> int:
        return DEALS_PER_MATCH

    @property
    def current(self) -> Deal | None:
        """The deal being played, or ``None`` between deals and after the match."""
        if self.deals and not self.deals[-1].finished:
            return self.deals[-1]
        return None

    @property
    def finished_deals(self) -> list[Deal]:
        if self.deals and not self.deals[-1].finished:
            return self.deals[:-1]
        return list(self.deals)

    @property
    def deals_played(self) -> int:
        return self.base + len(self.finished_deals)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def next_dealer(self) -> int:
        """Who deals next: the deal passes to the left after every deal."""
        return (self.first_dealer + self.deals_played) % SEATS

    def contracts_left(self, seat: int) -> list[str]:
        return contracts_left(CONTRACTS, self.used[seat])

    def winners(self) -> list[int]:
        """Once the match is over, the seats of the team with the higher total, all four
        when the totals are equal (rules §7); before, none."""
        return winners(self.totals) if self.is_over else []

    def legal_cards(self) -> list[Card]:
        """The cards the seat to act may play."""
        if self.phase != PLAYING or self.to_act is None:
            return []
        deal = self.deals[-1]
        return legal_cards(deal.hands[self.to_act], deal.trick, deal.trump, WHIST)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every action ``seat`` may take now (default: whoever is to act). The table's
        shuffle is drawn, not listed; the exchange's choices are listed whole (a share
        as every card for each of the three seats), views describe them compactly."""
        actor = self.to_act if seat is None else seat
        if actor is None or actor != self.to_act or actor == TABLE:
            return []
        deal = self.deals[-1]
        if self.phase == PLAYING:
            return [PLAY[c] for c in legal_cards(deal.hands[actor], deal.trick, deal.trump)]
        if self.phase == CONTRACT:
            return contract_choices(self.contracts_left(actor), NAMES_TRUMP)
        if self.phase == EXCHANGE:
            step = deal.exchange.next_step
            assert step is not None
            hand = deal.hands[actor]
            if step == 2:
                to = deal.roles.receivers(2)
                return [
                    share_action(dict(zip(to, cards, strict=True)))
                    for cards in permutations(hand, 3)
                ]
            return [pass_action(cards) for cards in combinations(hand, COUNT[step])]
        return []

    # -- checking ------------------------------------------------------------------------------

    def _validate(self, seat: int, action: Action) -> None:
        """Raise what the rules say of ``action`` by ``seat`` now; change nothing."""
        kind = action.kind
        if self.phase == OVER:
            raise IllegalAction("match_over", "the match is over")
        if kind == "deal":
            if seat != TABLE:
                raise IllegalAction("not_your_turn", "only the table deals")
            if self.phase != DEAL:
                raise IllegalAction("wrong_phase", "a deal is already in progress")
            if not is_full_deck(action.arg.split(",")):
                raise IllegalAction("bad_deck", "a deal takes all 52 cards, each once")
            return
        if kind not in ("contract", "pass", "share", "play"):
            raise MalformedAction(f"no {kind[:20]!r} action in Finnish Bismarck")
        if seat == TABLE or not 0 <= seat < SEATS:
            raise IllegalAction("not_your_turn", "the table only deals")
        if self.phase == EXCHANGE and kind in ("pass", "share"):
            self._validate_exchange(seat, action)
            return
        if seat != self.to_act:
            raise _not_your_turn(seat, self.to_act)
        deal = self.deals[-1]
        if kind == "contract":
            if self.phase != CONTRACT:
                raise IllegalAction("contract_already_chosen", "the contract is already chosen")
            self._validate_contract(deal, action.arg)
        elif kind in ("pass", "share"):
            if self.phase == CONTRACT:
                raise IllegalAction("wrong_phase", "the contract comes before the exchange")
            raise IllegalAction("wrong_phase", "the exchange is over")
        elif self.phase == PLAYING:
            self._check_play(seat, action.arg)
        else:
            raise IllegalAction("wrong_phase", "cards are played once the exchange is over")

    def _validate_contract(self, deal: Deal, arg: str) -> None:
        name, _, trump = arg.partition(":")
        if name not in CONTRACTS or (trump and trump not in SUITS):
            # parse_action refuses these; an Action built by hand must not slip through
            raise MalformedAction(f"no contract {arg[:20]!r}")
        forehand = deal.forehand
        if name in self.used[forehand]:
            raise already_used(
                name, self.contracts_left(forehand), f"you have already played {name}"
            )
        if name == FREE and not trump:
            raise IllegalAction("trump_required", "free needs a trump suit: contract:free:H")
        if name != FREE and trump:
            raise IllegalAction(
                "trump_not_allowed",
                f"{name} takes no trump suit of your choice",
                {"contract": name, "trump": trump},
            )

    def _validate_exchange(self, seat: int, action: Action) -> None:
        deal = self.deals[-1]
        step = deal.exchange.next_step
        assert step is not None
        roles = deal.roles
        giver = roles.giver(step)
        if seat != giver or action.kind != KIND[step]:
            raise IllegalAction(
                "wrong_exchange_step",
                f"the exchange goes step by step: step {step} is seat {giver}'s {KIND[step]}",
                {"step": step, "to_act": giver, "kind": KIND[step]},
            )
        if step == 2:
            items = share_items(action.arg)
            to = roles.receivers(2)
            if isinstance(items, dict):
                if len(items) != len(to):
                    raise _wrong_count(step)
                if set(items) != set(to):
                    raise IllegalAction(
                        "share_to_wrong_seats",
                        "give one card to each of the three other players",
                        {"to": list(to), "named": sorted(items)},
                    )
                cards = [items[s] for s in sorted(items)]
            else:
                cards = items
        else:
            cards = action.arg.split(",") if action.arg else []
        if len(cards) != COUNT[step]:
            raise _wrong_count(step)
        if len(set(cards)) != len(cards):
            raise IllegalAction(
                "card_repeated", "each card passed is a different one", {"cards": cards}
            )
        hand = deal.hands[seat]
        for card in cards:
            if card not in hand:
                raise IllegalAction("card_not_in_hand", f"you do not hold {card}", {"card": card})

    def _check_play(self, seat: int, card: Card) -> Deal:
        deal = self.deals[-1]
        if seat != self.to_act:
            raise _not_your_turn(seat, self.to_act)
        hand = deal.hands[seat]
        if card not in hand:
            raise IllegalAction("card_not_in_hand", f"you do not hold {card}", {"card": card})
        trick = deal.trick
        # Whist's one duty, checked without building the list of legal cards: a card off
        # the suit led is refused while the hand holds that suit.
        if trick and card[1] != (led := trick[0][1]) and any(c[1] == led for c in hand):
            raise IllegalAction(
                "must_follow_suit",
                "you must follow suit",
                {"card": card, "suit": led, "seat": seat},
            )
        return deal

    def check(self, seat: int, action: Action) -> int | None:
        """Raise exactly what :meth:`apply` would, changing nothing; otherwise return who
        acts after it (``TABLE`` when the table deals next, ``None`` when the match ends).
        A card, the common case, is judged in place; anything else is tried on a copy."""
        if action.kind != "play" or self.phase != PLAYING:
            self._validate(seat, action)
            trial = self.clone()
            trial.apply(seat, action)
            return trial.to_act
        deal = self._check_play(seat, action.arg)
        if len(deal.trick) < SEATS - 1:
            return (seat + 1) % SEATS
        if len(deal.history) + 1 < TRICKS:
            taken = trick_winner([*deal.trick, action.arg], deal.trump, WHIST)
            return (deal.leader + taken) % SEATS
        return None if self.deals_played + 1 == DEALS_PER_MATCH else TABLE

    # -- changing ------------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> None:
        """Apply ``action`` taken by ``seat``, or raise :class:`IllegalAction` changing nothing."""
        if action.kind == "play" and self.phase == PLAYING:  # the hot path first
            self._play(seat, action.arg)
            return
        self._validate(seat, action)
        kind = action.kind
        if kind == "deal":
            self._deal(action.arg.split(","))
        elif kind == "contract":
            name, _, trump = action.arg.partition(":")
            self._set_contract(self.deals[-1], name, trump or None, self.deals[-1].forced)
        elif kind == "share":
            self._share(action.arg)
        else:
            self._pass(action.arg.split(","))

    def _deal(self, pack: list[Card]) -> None:
        dealer = self.next_dealer()
        open_cards, hands = dealt_hands(pack, dealer)
        forehand = forehand_of(dealer)
        deal = Deal(
            number=self.deals_played + 1,
            dealer=dealer,
            open=open_cards,
            dealt=tuple(tuple(h) for h in hands),
            hands=hands,
            leader=forehand,
        )
        self.deals.append(deal)
        forced = last_left(self.contracts_left(forehand))
        if forced is not None and forced != NAMES_TRUMP:
            self._set_contract(deal, forced, None, True)
        else:
            deal.forced = forced is not None  # a forced free still asks for its suit
            self.phase = CONTRACT
            self.to_act = forehand

    def _set_contract(self, deal: Deal, contract: str, trump: str | None, forced: bool) -> None:
        deal.contract = contract
        deal.trump = deal.open[0][1] if contract == TRUMP else trump
        deal.forced = forced
        forehand = deal.forehand
        # forehand takes the four open cards up: sixteen cards for the first step (rules §4)
        deal.hands[forehand] = sorted_cards([*deal.hands[forehand], *deal.open])
        self.phase = EXCHANGE
        self.to_act = forehand

    def _move(self, deal: Deal, giver: int, receiver: int, cards: Sequence[Card]) -> None:
        hand = deal.hands[giver]
        for card in cards:
            hand.remove(card)
        deal.hands[receiver] = sorted_cards([*deal.hands[receiver], *cards])

    def _pass(self, cards: list[Card]) -> None:
        deal = self.deals[-1]
        exchange = deal.exchange
        roles = deal.roles
        step = exchange.next_step
        if step == 1:
            self._move(deal, roles.forehand, roles.forehand_partner, cards)
            exchange.to_partner = tuple(cards)
        elif step == 3:
            self._move(deal, roles.dealer_partner, roles.dealer, cards)
            exchange.to_dealer = cards[0]
        else:
            self._move(deal, roles.dealer, roles.dealer_partner, cards)
            exchange.from_dealer = cards[0]
            self.phase = PLAYING
            self.to_act = deal.leader
            return
        next_step = exchange.next_step
        assert next_step is not None
        self.to_act = roles.giver(next_step)

    def _share(self, arg: str) -> None:
        deal = self.deals[-1]
        roles = deal.roles
        items = share_items(arg)
        given = (
            items if isinstance(items, dict) else dict(zip(roles.receivers(2), items, strict=True))
        )
        for receiver, card in given.items():
            self._move(deal, roles.forehand_partner, receiver, [card])
        deal.exchange.from_partner = {s: given[s] for s in sorted(given)}
        self.to_act = roles.giver(3)

    def _play(self, seat: int, card: Card) -> None:
        deal = self._check_play(seat, card)
        trick = deal.trick
        deal.hands[seat].remove(card)
        trick.append(card)
        deal.plays.append(card)
        if len(trick) < SEATS:
            self.to_act = (seat + 1) % SEATS
            return
        leader = deal.leader
        winner = (leader + trick_winner(trick, deal.trump, WHIST)) % SEATS
        deal.history.append(Trick(leader, tuple(trick), winner))
        deal.tricks[winner] += 1
        deal.trick = []
        deal.leader = winner
        self.to_act = winner
        if len(deal.history) == TRICKS:
            self._finish(deal)

    def _finish(self, deal: Deal) -> None:
        assert deal.contract is not None
        deal.scores = deal_scores(deal.contract, deal.dealer, deal.tricks)
        for seat, score in enumerate(deal.scores):
            self.totals[seat] += score
        self.used[deal.forehand].add(deal.contract)
        if self.deals_played == DEALS_PER_MATCH:
            self.phase = OVER
            self.to_act = None
        else:
            self.phase = DEAL
            self.to_act = TABLE

    # -- copying -------------------------------------------------------------------------------

    def clone(self) -> Match:
        other = Match.__new__(Match)
        other.seats = self.seats
        other.first_dealer = self.first_dealer
        other.deals = [d if d.finished else d.copy() for d in self.deals]
        other.base = self.base
        other.used = [set(u) for u in self.used]
        other.totals = list(self.totals)
        other.phase = self.phase
        other.to_act = self.to_act
        return other


def _wrong_count(step: int) -> IllegalAction:
    count = COUNT[step]
    what = (
        "one card to each of the three others" if step == 2 else f"{count} card" + "s" * (count > 1)
    )
    return IllegalAction(
        "wrong_card_count",
        f"step {step} of the exchange passes {what}",
        {"step": step, "count": count},
    )


def new_match(first_dealer: int) -> Match:
    """A match waiting for its first deal."""
    return Match(first_dealer)


def random_deal(rng: random.Random) -> Action:
    """The table's chance step: a uniformly shuffled pack."""
    pack = list(FULL_DECK)
    rng.shuffle(pack)
    return deal_action(pack)


def iter_actions(log: Sequence[tuple[int, str]]) -> Iterator[tuple[int, Action]]:
    for seat, text in log:
        yield seat, parse_action(text)


def replay(first_dealer: int, log: Sequence[tuple[int, str]]) -> Match:
    """The match reached by applying ``log`` (pairs of seat and action text) from the start."""
    match = Match(first_dealer)
    for seat, action in iter_actions(log):
        match.apply(seat, action)
    return match
