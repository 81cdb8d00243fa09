"""A card played at a Bismarck table, checked the same way in every member of the family."""

from __future__ import annotations

from typing import Any

from ..cards import Card
from ..errors import IllegalAction
from ..ledger import HAND
from ..trick_game import TrickDeal, TrickMatch


def check_whist_play(self: TrickMatch[Any], deal: TrickDeal, seat: int, card: Card) -> None:
    """A card refused before any change: the turn, a card not in the hand, and Whist's one
    duty (rules §6.1), checked without building the list of legal cards: a card off the suit
    led is refused while the hand holds that suit (Bismarck and Finnish Bismarck alike)."""
    if seat != self.to_act:
        self.refuse_turn(seat)
    ledger = deal.ledger
    # each card is in the pack once: where it lies is read at its one index
    try:
        i = ledger.cards.index(card)
    except ValueError:  # no card of the pack: an action built by hand
        i = -1
    if i < 0 or ledger.holder[i] != seat or ledger.place[i] is not HAND:
        raise IllegalAction("card_not_in_hand", f"you do not hold {card}", {"card": card})
    trick = ledger.trick
    if trick:
        cards = ledger.cards
        led = cards[trick[0]][1]
        if card[1] != led and any(cards[i][1] == led for i in ledger.hands[seat]):
            raise IllegalAction(
                "must_follow_suit",
                "you must follow suit",
                {"card": card, "suit": led, "seat": seat},
            )
