"""What a seat has not seen of the deal in progress, and deals of it that fit a seat's view.

The base's :func:`~app.engine.trick_game.hidden_cards` reads from the ledger which cards a
seat has not seen (rules §3.3): before the contract every card but the four open ones (the
48 lie face down); after it, the other active hands, and for everyone but forehand the discard.

:func:`resample` is the ledger's resampler (:func:`make_resample`), told what Bismarck's
view words its own way. Before the contract nobody holds anything visible: the 48 are dealt
anew sixteen to each active seat, face down. After it, the hidden cards are spread over the
other active hands and, for everyone but forehand, the discard, uniformly among the
arrangements the view allows: a player who did not follow the suit led holds none of it, and
an open card not yet played lies with forehand, in his hand or his discard (once he has
discarded; before, in his hand). No past is invented, so a sample has no record.
"""

from __future__ import annotations

from typing import Any

from ..cards import sorted_cards
from ..game import View
from ..ledger import Place
from .family import resampler, shown_deal
from .rules import CARDS_PER_HAND, DISCARD_SIZE
from .state import Deal, Match


def _shown(view: View) -> dict[str, Any]:
    """The deal's view in the base's and the ledger's terms: :func:`shown_deal`'s, with the
    hands' sizes, the cards a seat knows in forehand's hand or discard and the tricks taken."""
    shown, tricks = shown_deal(view)
    d = view["deal"]
    seat: int | None = view["seat"]
    seats: int = view["seats"]
    forehand: int = d["forehand"]
    known: list[list[str]] = shown["known"]
    held: list[list[str]] = [[] for _ in range(seats)]
    buried: list[list[str | None]] = [[] for _ in range(seats)]
    shown["tricks_won"] = [n or 0 for n in d["tricks"]]
    if d["contract"] is None:  # the 48 face down, the four open on the table
        sizes = [CARDS_PER_HAND if s in d["order"] else 0 for s in range(seats)]
        return {**shown, "hand_sizes": sizes}
    played = {card for cards in tricks for _, card in cards}
    open_left = [c for c in d["open"] if c not in played]
    if d["discarded"]:
        held[forehand] = open_left
        buried[forehand] = list(d["discard"]) if d["discard"] else [None] * DISCARD_SIZE
        if seat == forehand:
            known[forehand] = [c for c in open_left if c in shown["hand"]]
    else:  # all four in forehand's twenty
        known[forehand] = open_left
    sizes = [n or 0 for n in d["hand_sizes"]]
    return {**shown, "hand_sizes": sizes, "held": held, "buried": buried}


def _restore(deal: Deal, d: View) -> None:
    ledger = deal.ledger
    if deal.contract is None:  # dealt face down, seen by nobody yet
        for s in deal.order:
            ledger.unlooked(s)
    if d["discarded"]:
        laid = [c for c, p in zip(ledger.cards, ledger.place, strict=True) if p is Place.BURIED]
        deal.discard = tuple(sorted_cards(laid))


resample = resampler(Match, Match, _restore, _shown)
