"""The state of a Finnish Bismarck match and the one function that changes it,
:meth:`Match.apply`.

A deal runs: the table's ``deal:<52 cards>``; forehand's contract; the four steps of the
exchange, one action each (rules §4); then thirteen tricks.

On the trick-game base and the family's (``family.py``): here are its refusals of a contract and of
the exchange (``check_other``, under the base's ``_check``) and its own view fields (the roles, the
exchange, the teams' tricks).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations, permutations
from typing import Any, ClassVar, NoReturn

from ...actions import Action
from ...cards import SUITS, Card, sorted_cards
from ...errors import IllegalAction, MalformedAction
from ...game import TABLE as TABLE
from ...hand_positions import dealt_to
from ...trick_game import TrickDeal
from ..contracts import contract_choices
from ..family import FamilyDeal, FamilyMatch
from .deal import COUNT, HAND_POSITIONS, KIND, Exchange, Roles
from .notation import parse_other, pass_action, share_action, share_items
from .rules import (
    CONTRACTS,
    DEALS_PER_MATCH,
    FREE,
    NAME,
    SEATS,
    TEAMS,
    TRUMP,
    deal_scores,
    team_quotas,
    team_tricks,
)


class Deal(FamilyDeal):
    """One deal, its cards in the ledger: the open cards face up on the table until forehand
    takes them up with the contract, the exchange's passes from hand to hand (``exchange``
    keeps what each step passed, for the record and the view)."""

    __slots__ = ("exchange", "roles")

    def begin(self) -> None:
        super().begin()
        self.roles = Roles.of(self.dealer)
        self.exchange = Exchange()

    @property
    def dealt(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's twelve as dealt, in canonical order."""
        assert self.pack is not None
        hands = dealt_to(self.pack, HAND_POSITIONS, self.dealer)
        return tuple(tuple(sorted_cards(h)) for h in hands)


class Match(FamilyMatch[Deal]):
    NAME: ClassVar[str] = NAME
    TITLE: ClassVar[str] = "Finnish Bismarck"
    DEAL: ClassVar[type[TrickDeal]] = Deal
    WON_KEY: ClassVar[str] = "tricks"
    CONTRACTS: ClassVar[tuple[str, ...]] = CONTRACTS
    FREE: ClassVar[str] = FREE
    TRUMP_REQUIRED: ClassVar[str] = "free needs a trump suit: contract:free:H"
    FIXED: ClassVar[str] = TRUMP
    AFTER_CONTRACT: ClassVar[str] = "exchange"
    DEALS: ClassVar[Mapping[int, int]] = {SEATS: DEALS_PER_MATCH}
    # its views have never named the next dealer, the options (it has none) or the leader of
    # the trick in progress (the trick's first card's seat)
    VIEW_KEYS: ClassVar[tuple[str, ...]] = (
        *("game", "seats", "seat", "phase", "to_act", "first_dealer", "deals_played"),
        *("totals", "teams", "deals_total", "team_totals", "contracts_left", "winners"),
        *("scoresheet", "deal", "previous_deal", "legal"),
    )
    DEAL_KEYS: ClassVar[tuple[str, ...]] = (
        *("number", "dealer", "forehand", "dealer_partner", "forehand_partner", "open"),
        *("open_taken", "trump_card", "contract", "forced", "quotas", "exchange_step"),
        *("team_tricks", "scores", "team_scores", "hand", "hand_sizes", "exchange", "trick"),
        *("tricks_played", "tricks", "trump"),
    )

    __slots__ = ()

    def __init__(self, first_dealer: int) -> None:
        super().__init__(SEATS, first_dealer)

    # -- reading -------------------------------------------------------------------------------

    def other_actions(self, deal: Deal, seat: int) -> list[Action]:
        if seat != self.to_act:
            return []
        if deal.step == "contract":
            return contract_choices(self.contracts_left(seat), FREE)
        step = deal.exchange.next_step
        assert step is not None
        hand = deal.ledger.hand(seat)
        if step == 2:
            to = deal.roles.receivers(2)
            return [
                share_action(dict(zip(to, cards, strict=True))) for cards in permutations(hand, 3)
            ]
        return [pass_action(cards) for cards in combinations(hand, COUNT[step])]

    def pick(self, deal: Deal, seat: int) -> tuple[int, list[Card]] | None:
        if deal.step == "exchange":
            step = deal.exchange.next_step
            assert step is not None
            return COUNT[step], deal.ledger.hand(seat)
        return None

    def legal_more(self, deal: Deal, seat: int, shape: dict[str, Any]) -> dict[str, Any]:
        """An exchange's step names its own kind, a pass or the share; the share gives the
        i-th card of its choice to the i-th seat of ``to``."""
        if deal.step != "exchange":
            return shape
        step = deal.exchange.next_step
        assert step is not None
        shape["kind"] = KIND[step]
        if step == 2:
            shape["to"] = list(deal.roles.receivers(2))
        return shape

    parse_other = staticmethod(parse_other)

    # -- the view's fields ---------------------------------------------------------------------

    def public_fields(self) -> dict[str, Any]:
        return {
            "teams": [list(members) for members in TEAMS],
            "deals_total": DEALS_PER_MATCH,
            "team_totals": [self.totals[members[0]] for members in TEAMS],
            "contracts_left": [self.contracts_left(s) for s in range(SEATS)],
        }

    def deal_json(self, deal: Deal) -> dict[str, Any]:
        roles = deal.roles
        contract = deal.contract
        scores = deal.scores
        return {
            "forehand": roles.forehand,
            "dealer_partner": roles.dealer_partner,
            "forehand_partner": roles.forehand_partner,
            "open": list(deal.open),
            "open_taken": contract is not None,
            "trump_card": deal.open[0],
            "contract": contract,
            "forced": deal.forced,
            "quotas": team_quotas(contract, deal.dealer) if contract is not None else None,
            "exchange_step": deal.exchange.next_step if contract is not None else None,
            "team_tricks": team_tricks(deal.won),
            "scores": list(scores) if scores is not None else None,
            "team_scores": [scores[m[0]] for m in TEAMS] if scores is not None else None,
        }

    def cards_json(self, deal: Deal, viewer: int | None) -> dict[str, Any]:
        """A seat's own hand and the passes as it saw them: who gave how many cards to
        whom, and the cards to the giver and the taker alone."""
        ledger = deal.ledger
        return {
            "hand": None if viewer is None else ledger.hand(viewer),
            "hand_sizes": [len(h) for h in ledger.hands],
            "exchange": [
                {
                    "step": p.step,
                    "from": p.giver,
                    "to": p.receiver,
                    "count": len(p.cards),
                    "cards": list(p.cards) if viewer in (p.giver, p.receiver) else None,
                }
                for p in deal.exchange.passes(deal.roles)
            ],
        }

    def detail(self, deal: Deal) -> dict[str, Any]:
        return {"forehand": deal.forehand, "contract": deal.contract, "tricks": list(deal.won)}

    # -- checking ------------------------------------------------------------------------------

    def check_other(self, deal: Deal | None, seat: int, action: Action) -> Deal:
        """The contract and the exchange's steps; any other kind is malformed. A step of the
        exchange is refused as out of its order before the turn."""
        kind = action.kind
        if kind not in ("contract", "pass", "share"):
            raise MalformedAction(f"no {kind[:20]!r} action in Finnish Bismarck")
        _refuse_table(seat)
        if deal is not None and deal.step == "exchange" and kind != "contract":
            self._validate_exchange(deal, seat, action)
            return deal
        if deal is None or seat != self.to_act:
            self.refuse_turn(seat)
        if kind == "contract":
            if deal.step != "contract":
                raise IllegalAction("contract_already_chosen", "the contract is already chosen")
            name, _, trump = action.arg.partition(":")
            if name not in CONTRACTS or (trump and trump not in SUITS):
                # parse_action refuses these; an Action built by hand must not slip through
                raise MalformedAction(f"no contract {action.arg[:20]!r}")
            self.check_contract(deal, name, trump)
        elif deal.step == "contract":
            raise IllegalAction("wrong_phase", "the contract comes before the exchange")
        else:
            raise IllegalAction("wrong_phase", "the exchange is over")
        return deal

    def refuse_turn(self, seat: int) -> NoReturn:
        """Out of the play, the table (or a seat not at it) has always been told first that
        it only deals."""
        deal = self.current
        if deal is None or deal.step != "play":
            _refuse_table(seat)
        super().refuse_turn(seat)

    def check_step(self, deal: Deal, kind: str) -> None:
        raise IllegalAction("wrong_phase", "cards are played once the exchange is over")

    def _validate_exchange(self, deal: Deal, seat: int, action: Action) -> None:
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
        hand = deal.ledger.hand(seat)
        for card in cards:
            if card not in hand:
                raise IllegalAction("card_not_in_hand", f"you do not hold {card}", {"card": card})

    # -- changing ------------------------------------------------------------------------------

    def apply_other(self, deal: Deal, seat: int, action: Action) -> None:
        kind = action.kind
        if kind == "contract":
            name, _, trump = action.arg.partition(":")
            self._set_contract(deal, name, trump or None)
        elif kind == "share":
            self._share(deal, action.arg)
        else:
            self._pass(deal, action.arg.split(","))

    def fixed_trump(self, deal: Deal) -> str:
        return deal.open[0][1]

    def _move(self, deal: Deal, giver: int, receiver: int, cards: Sequence[Card]) -> None:
        """Cards passed face down and taken up: seen by the giver and the receiver alone."""
        ledger = deal.ledger
        ledger.pass_cards(giver, receiver, cards)
        ledger.take_up(receiver)

    def _pass(self, deal: Deal, cards: list[Card]) -> None:
        exchange, roles = deal.exchange, deal.roles
        step = exchange.next_step
        assert step is not None
        self._move(deal, roles.giver(step), roles.receivers(step)[0], cards)
        deal.exchange = exchange.made(step, tuple(cards) if step == 1 else cards[0])
        if step == 4:
            deal.step = "play"
        self.to_act = deal.leader if step == 4 else roles.giver(step + 1)

    def _share(self, deal: Deal, arg: str) -> None:
        roles = deal.roles
        items = share_items(arg)
        given = (
            items if isinstance(items, dict) else dict(zip(roles.receivers(2), items, strict=True))
        )
        for receiver, card in given.items():
            self._move(deal, roles.forehand_partner, receiver, [card])
        deal.exchange = deal.exchange.made(2, {s: given[s] for s in sorted(given)})
        self.to_act = roles.giver(3)

    def score(self, deal: Deal) -> tuple[int, ...]:
        assert deal.contract is not None
        return tuple(deal_scores(deal.contract, deal.dealer, deal.won))


def _refuse_table(seat: int) -> None:
    if seat == TABLE or not 0 <= seat < SEATS:
        raise IllegalAction("not_your_turn", "the table only deals")


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
