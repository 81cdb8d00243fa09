"""The ``basic`` level: sensible, deterministic play from the view.

The contract from forehand's sixteen cards and the contracts he has left (contract.py),
each step of the exchange by the hand estimate (exchange.py), and a partnership's card play
that knows the cards played and the voids shown (policy.py). The same view always gets the
same action.
"""

from __future__ import annotations

from app.engine.cards import sorted_cards

from ...base import View, legal_of
from ..bits import TEXT, cards_of, mask_of
from .contract import choose_contract
from .exchange import forehand_pass, share, side_pass
from .knowledge import Knowledge, read
from .policy import choose


class BasicBot:
    level = "basic"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed  # unused: the level is deterministic

    def decide(self, view: View) -> str:
        legal = legal_of(view)
        kind = legal["kind"]
        if kind == "contract":
            actions: list[str] = legal["actions"]
            if len(actions) == 1:
                return actions[0]
            deal = view["deal"]
            left = len(view["contracts_left"][view["seat"]])
            sixteen = mask_of(deal["hand"]) | mask_of(deal["open"])
            return choose_contract(sixteen, actions, deal["trump_card"], left)
        k = read(view)
        if kind == "share":
            return share_text(share(k.hand, k.trump, k.take), k.dealer, legal["to"])
        if kind == "pass":
            out = forehand_pass if k.step == 1 else side_pass
            return pass_text(out(k.hand, k.trump, k.take))
        action = f"play:{TEXT[basic_card(k)]}"
        actions = legal["actions"]
        if action not in actions:  # the policy follows suit by construction; never trust it blindly
            return str(actions[0])
        return action


def basic_card(k: Knowledge) -> int:
    """The card the policy plays, from what the seat knows."""
    return choose(k.hand, k.trick, k.seat, k.voids, k.outstanding, k.trump, k.take)


def pass_text(cards: int) -> str:
    return "pass:" + ",".join(sorted_cards(cards_of(cards)))


def share_text(cards: tuple[int, int, int], dealer: int, to: list[int]) -> str:
    """The share's answer to the view's shape: ``cards`` go to the dealer, forehand and the
    dealer's partner, written in the order of the shape's ``to``."""
    by_seat = dict(zip((dealer, (dealer + 1) & 3, (dealer + 2) & 3), cards, strict=True))
    return "share:" + ",".join(TEXT[by_seat[seat]] for seat in to)
