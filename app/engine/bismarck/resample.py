"""What a seat has not seen of the deal in progress, and deals of it that fit a seat's view.

:func:`hidden_cards`, the base's, reads from the ledger which cards a seat has not seen
(rules §3.3): before the contract every card but the four open ones (the 48 lie face down);
after it, the other active hands, and for everyone but forehand the discard.
:func:`resample` is OpenSpiel's ``ResampleFromInfostate`` for Bismarck: from a seat's view
alone it deals those cards anew, uniformly among the deals consistent with everything the
view shows (a player who did not follow the suit led holds none of it; an open card not yet
played lies with forehand), and replays the deal's actions, so the state it returns shows
that seat the very deal it was shown.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..assign import Assignment
from ..cards import FULL_DECK, Card
from ..trick_game import hidden_cards as hidden_cards
from .rules import CARDS_PER_HAND, CONTRACTS, DISCARD_SIZE
from .state import (
    PLAY,
    TABLE,
    Match,
    Phase,
    contract_action,
    deal_action,
    deck_from,
    discard_action,
)


def _plays_in_order(deal: dict[str, Any]) -> list[tuple[int, Card]]:
    out = [(c["seat"], c["card"]) for t in deal["tricks_played"] for c in t["cards"]]
    out += [(c["seat"], c["card"]) for c in deal["trick"]]
    return out


def _voids(plays: Sequence[tuple[int, Card]]) -> dict[int, set[str]]:
    """Per seat, the suits it showed it holds none of, by not following them."""
    voids: dict[int, set[str]] = {}
    for start in range(0, len(plays), 3):
        trick = plays[start : start + 3]
        led = trick[0][1][1]
        for seat, card in trick[1:]:
            if card[1] != led:
                voids.setdefault(seat, set()).add(led)
    return voids


def resample(view: dict[str, Any], rng: random.Random) -> Match:
    """A match whose deal in progress shows ``view["seat"]`` exactly what ``view`` does, the
    cards hidden from that seat dealt anew uniformly among the deals that fit."""
    deal = view["deal"]
    if deal is None:
        raise ValueError("the view shows no deal in progress")
    seat: int | None = view["seat"]
    order: list[int] = deal["order"]
    forehand: int = deal["forehand"]
    open_cards: list[Card] = deal["open"]
    plays = _plays_in_order(deal)
    played_by: dict[int, list[Card]] = {s: [] for s in order}
    for s, card in plays:
        played_by[s].append(card)
    playing = deal["contract"] is not None
    own = list(deal["hand"] or []) if playing and seat in order else []
    own_discard = list(deal["discard"] or [])
    seen = set(open_cards) | {c for _, c in plays} | set(own) | set(own_discard)
    unseen = [c for c in FULL_DECK if c not in seen]

    # The places the unseen cards go to: every active hand the seat does not see, with its
    # size now, and forehand's discard when it is made and hidden. Before the contract
    # nobody holds anything yet (rules §3.2): the 48 are dealt sixteen to each. After it,
    # an open card not yet played is in sight, but for any seat but forehand it may lie in
    # forehand's hand or discard: it is placed too, in those two places only.
    hands = [s for s in order if s != seat or not playing]
    caps = [deal["hand_sizes"][s] if playing else CARDS_PER_HAND for s in hands]
    hidden_discard = bool(playing and deal["discarded"] and not own_discard)
    if hidden_discard:
        caps.append(DISCARD_SIZE)
    voids = _voids(plays)
    places: dict[Card, list[int]] = {}
    for card in unseen:
        where = [i for i, s in enumerate(hands) if card[1] not in voids.get(s, set())]
        if hidden_discard:
            where.append(len(hands))
        places[card] = where
    if playing and forehand in hands:
        played = {c for _, c in plays}
        for card in open_cards:
            if card not in played:
                held = [] if card[1] in voids.get(forehand, set()) else [hands.index(forehand)]
                places[card] = held + ([len(hands)] if hidden_discard else [])
    drawn = Assignment.of(places, tuple(caps)).draw(rng)

    # Each active seat's sixteen as dealt: what it holds now and what it has played, and
    # for forehand its discard too, less the open cards it took up.
    now: dict[int, list[Card]] = {s: list(drawn[i]) for i, s in enumerate(hands)}
    if playing and seat in order:
        now[seat] = own
    discard = own_discard or (drawn[-1] if hidden_discard else [])
    dealt: list[list[Card] | None] = [None] * view["seats"]
    for s in order:
        cards = [*now.get(s, []), *played_by[s]]
        if s == forehand and playing:
            cards = [c for c in [*cards, *discard] if c not in open_cards]
        dealt[s] = cards
    deck = deck_from(open_cards, order, dealt)

    match = Match(view["seats"], deal["dealer"])
    left: list[list[str]] = view["contracts_left"]
    match.used = [set(CONTRACTS) - set(left[s]) for s in range(view["seats"])]
    contract, trump = deal["contract"], deal["trump"]
    if playing and deal["forced"] and len(left[forehand]) > 1:
        match.pending = (contract, trump)  # carried over from a voided deal (rules §13)
    match.apply(TABLE, deal_action(deck))
    match.deals[-1].number = deal["number"]
    if playing and match.phase is Phase.CONTRACT:
        match.apply(forehand, contract_action(contract, trump if contract == "valfri" else None))
    if deal["discarded"]:
        match.apply(forehand, discard_action(discard))
    for s, card in plays:
        match.apply(s, PLAY[card])
    return match
