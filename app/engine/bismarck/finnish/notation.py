"""The text of Finnish Bismarck's actions (docs/games/finnish-bismarck.md): parsed and put in
canonical form here, judged by the rules in ``state.py``.

``deal:<52 cards>`` (the table), ``contract:trump``, ``contract:notrump``, ``contract:free:H``,
``contract:misere``, ``pass:C,C,C,C`` and ``pass:C`` (cards in canonical order),
``share:<seat>=<card>,…`` (in seat order) and ``play:QS``. The share may also be written as
the three cards alone, ``share:C,C,C``: the answer to the ``share`` shape a view offers, the
cards given to the seats of its ``to`` in that order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...actions import Action
from ...cards import Card, is_card, is_full_deck, sorted_cards
from ...errors import MalformedAction
from ..contracts import card_list, parse_contract
from .rules import CONTRACTS, FREE


def parse_other(action: Action) -> Action:
    kind, arg = action.kind, action.arg
    if kind == "contract":
        parse_contract(arg, CONTRACTS, FREE)
        return Action("contract", arg)
    if kind == "pass":
        return pass_action(card_list(arg, "pass", some=True))
    if kind == "share":
        items = share_items(arg)
        if isinstance(items, dict):
            return share_action(items)
        return Action("share", ",".join(items))
    if kind == "deal":
        cards = card_list(arg, "deal", some=True)
        if not is_full_deck(cards):
            raise MalformedAction("'deal' takes all 52 cards, each once")
        return Action("deal", arg)
    raise MalformedAction(
        f"unknown action {kind[:20]!r}", {"kinds": ["deal", "contract", "pass", "share", "play"]}
    )


def share_items(arg: str) -> dict[int, Card] | list[Card]:
    """The share's cards by seat (``1=AS,2=KH,0=QD``), or the cards alone in the order of
    the seats they go to (``AS,KH,QD``); :class:`MalformedAction` for anything else, a seat
    named twice included (the text would stand for no one share)."""
    items = arg.split(",") if arg else []
    if not items:
        raise MalformedAction("'share' takes a card for each seat: share:0=AS,1=KH,2=QD")
    if all("=" not in item for item in items):
        return card_list(arg, "share", some=True)
    by_seat: dict[int, Card] = {}
    for item in items:
        seat, equals, card = item.partition("=")
        if not equals or len(seat) != 1 or not seat.isdigit() or not is_card(card):
            raise MalformedAction(f"'share' takes seat=card items such as 1=AS, got {item[:20]!r}")
        if int(seat) in by_seat:
            raise MalformedAction("'share' names each seat once")
        by_seat[int(seat)] = card
    return by_seat


def pass_action(cards: Sequence[Card]) -> Action:
    return Action("pass", ",".join(sorted_cards(cards)))


def share_action(cards: Mapping[int, Card]) -> Action:
    """``share:`` with each seat's card, in seat order."""
    return Action("share", ",".join(f"{s}={cards[s]}" for s in sorted(cards)))
