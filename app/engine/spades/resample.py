"""A state of the deal in progress rebuilt from one seat's view, its hidden cards dealt anew
(OpenSpiel's ``ResampleFromInfostate``), for computer players that sample: the ledger's
resampler (:func:`make_resample`), told where spades' view words its cards its own way.

The hidden cards are the other hands (less what the seat put there in its own side's
exchange, which it saw), the seat's own hand until it has looked, and three cards laid for an
exchange not yet made, but by the player who laid them. They are spread over those places
uniformly among the arrangements the view allows: a player who did not follow suit holds none
of it, and one who led a spade before spades were broken holds nothing else. Three cards laid
and not yet taken up that the seat did not see are three of the nil bidder's cards drawn at
random, which keeps the arrangement uniform. A hand not looked at is seen by nobody, as dealt;
no past is invented, so which cards a finished exchange the seat took no part in moved is not
named (each hand is simply dealt anew), and a sample has no record.
"""

from __future__ import annotations

import random
from typing import Any, Final

from ..cards import Card, sorted_cards
from ..game import View
from ..trick_game import make_resample, played_tricks
from ..tricks import revealed
from .rules import EXCHANGE_SIZE, RANKS, RULES, SEATS, TRUMP
from .state import Deal, Exchange, Match, side_of

_LAID: Final = ("waiting", "give")
"""The states of an exchange whose laid cards lie passed, not yet taken up."""


def _barred(view: View) -> list[set[Card]]:
    """Cards each seat cannot hold now, by how it played (§4)."""
    return revealed(played_tricks(view["deal"]), TRUMP, RULES, SEATS).cards(RANKS)


def _known(d: dict[str, Any], seat: int | None) -> list[list[Card]]:
    """Per seat, the cards of its hand the seat saw there: what it put in its partner's
    hand in a finished exchange and that has not been played since."""
    known: list[list[Card]] = [[] for _ in range(SEATS)]
    played = {card for trick in played_tricks(d) for _, card in trick}
    for e in d["exchange"]:
        if e is None or e["state"] != "done" or e["laid"] is None:
            continue
        holder, put = (e["partner"], e["laid"]) if seat == e["nil"] else (e["nil"], e["given"])
        known[holder] = [c for c in put if c not in played]
    return known


def _shown(view: View) -> dict[str, Any]:
    """The cards as the ledger lays them out to be dealt anew: three cards laid and not yet
    taken up are counted in the nil bidder's hand (his own, when the seat laid them)."""
    d = view["deal"]
    seat: int | None = view["seat"]
    sizes = list(d["hand_sizes"])
    hand = list(d["hand"]) if seat is not None else None
    for e in d["exchange"]:
        if e is not None and e["state"] in _LAID:
            sizes[e["nil"]] += EXCHANGE_SIZE
            if seat == e["nil"]:
                assert hand is not None and e["laid"] is not None
                hand += e["laid"]
    return {**d, "hand": hand, "hand_sizes": sizes, "known": _known(d, seat)}


def _restore(match: Match, deal: Deal | None, view: View, rng: random.Random) -> None:
    match.bags = list(view["bags"]) if view["bags"] is not None else [0, 0]
    if view["phase"] == "match_over":  # a side has won: the match is over only then
        match.winner = side_of(view["winners"][0])
    if deal is None:
        return
    d = view["deal"]
    seat: int | None = view["seat"]
    ledger = deal.ledger
    deal.trump = TRUMP
    deal.order = tuple(d["bid_order"])
    deal.bids = list(d["bids"])
    # the cards a partner of an exchange saw in the other's hand: his and the holder's
    for holder, cards in enumerate(_known(d, seat)):
        for card in cards:
            i = ledger.index_in_hand(holder, card)
            assert i is not None and seat is not None
            ledger.seen[i] = ledger.pack_seen[i] = (1 << holder) | (1 << seat)
    for s, looked in enumerate(d["looked"]):
        if not looked:
            ledger.unlooked(s)
    for side, e in enumerate(d["exchange"]):
        if e is None:
            continue
        state, laid, given = e["state"], e["laid"], e["given"]
        if state in _LAID:
            if laid is None:  # three the seat did not see: any three of the nil bidder's
                laid = sorted_cards(rng.sample(ledger.hand(e["nil"]), EXCHANGE_SIZE))
            ledger.pass_cards(e["nil"], e["partner"], laid)
        elif state == "done":  # what moved is named only to the two partners
            laid, given = laid or [], given or []
        deal.exchanges[side] = Exchange(e["nil"], e["partner"], laid, given, state == "cancelled")


resample = make_resample(Match, _restore, _shown, _barred)
