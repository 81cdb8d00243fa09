"""A state of the deal in progress rebuilt from one seat's view, its hidden cards dealt anew
(OpenSpiel's ``ResampleFromInfostate``), for computer players that sample.

The hidden cards are the other hands (less what the seat put there in its own side's
exchange), the seat's own hand until it has looked, and three cards laid for an exchange
not yet made, but by the player who laid them. They are spread over those places uniformly
among the arrangements the view allows: a player who did not follow suit holds none of it,
and one who led a spade before spades were broken holds nothing else. A finished exchange
the seat took no part in is then chosen uniformly among those its hands allow: three cards
the nil bidder holds or has played came from his partner, and three of the partner's from
him.

The state is then built the only way a state is: the hands as dealt, followed by the deal's
actions (looks, bids, lays and gives in the order the rules put them, then the tricks).
"""

from __future__ import annotations

import random
from typing import Any, Final

from ..assign import Assignment, NoDealFits
from ..cards import SUITS, Card
from ..game import TABLE, View
from .rules import BLIND_NIL, CARDS, RANKS, SEATS, TRUMP, sort_hand
from .state import Match, cards_action, deal_action, pack_for, parse_action, side_of

LAID: Final = "laid"
_PLAIN: Final = [s for s in SUITS if s != TRUMP]


def resample(view: View, rng: random.Random) -> Match:
    match = Match(SEATS, view["options"], view["first_dealer"])
    match.totals = list(view["totals"])
    match.bags = list(view["bags"]) if view["bags"] is not None else [0, 0]
    match.base = view["deals_played"]
    shown = view["deal"]
    if view["phase"] == "match_over":
        match.to_act = None
        if view["winners"]:
            match.winner = side_of(view["winners"][0])
        return match
    if shown is None:
        match.to_act = TABLE
        match.next_dealer = view["next_dealer"]
        return match
    match.next_dealer = shown["dealer"]
    hands, laid = _places(view, shown, rng)
    _rebuild(match, shown, hands, laid, rng)
    return match


def _played(d: dict[str, Any]) -> list[list[dict[str, Any]]]:
    return [*(t["cards"] for t in d["tricks_played"]), d["trick"]]


def _bans(d: dict[str, Any]) -> list[set[Card]]:
    """Cards each seat cannot hold now, by how it played (§4)."""
    bans: list[set[Card]] = [set() for _ in range(SEATS)]
    broken = False
    for cards in _played(d):
        if not cards:
            continue
        led = cards[0]["card"]
        if led[1] == TRUMP and not broken:  # a spade led unbroken: nothing else was held
            bans[cards[0]["seat"]].update(r + s for s in _PLAIN for r in RANKS)
        for entry in cards[1:]:
            if entry["card"][1] != led[1]:
                bans[entry["seat"]].update(r + led[1] for r in RANKS)
        if len(cards) == SEATS and any(e["card"][1] == TRUMP for e in cards):
            broken = True
    return bans


def _places(
    view: View, d: dict[str, Any], rng: random.Random
) -> tuple[list[list[Card]], list[list[Card] | None]]:
    """Each hand as it is now, and per side the three cards laid for an exchange not yet
    made (``None`` where there are none)."""
    seat: int | None = view["seat"]
    hands: list[list[Card]] = [[] for _ in range(SEATS)]
    laid: list[list[Card] | None] = [None, None]
    seen: set[Card] = {e["card"] for cards in _played(d) for e in cards}
    known_hand = seat is not None and d["looked"][seat]
    if known_hand:
        assert seat is not None
        hands[seat] = list(d["hand"])
        seen.update(d["hand"])
    pending: list[int] = []
    played_by = _played_by(d)
    for side, e in enumerate(d["exchange"]):
        if e is None:
            continue
        state = e["state"]
        if state in ("waiting", "give"):
            if e["laid"] is not None:
                laid[side] = list(e["laid"])
                seen.update(e["laid"])
            else:
                pending.append(side)
        elif state == "done" and e["laid"] is not None:
            # the seat is one of the two partners: what he put in the other's hand is known
            holder, put = (e["partner"], e["laid"]) if seat == e["nil"] else (e["nil"], e["given"])
            there = [c for c in put if c not in played_by[holder]]
            hands[holder] = there
            seen.update(there)
    pool = [c for c in CARDS if c not in seen]
    names: list[int | str] = []
    caps: list[int] = []
    for holder in range(SEATS):
        if holder == seat and known_hand:
            continue
        names.append(holder)
        caps.append(d["hand_sizes"][holder] - len(hands[holder]))
    for side in pending:
        names.append(f"{LAID}{side}")
        caps.append(3)
    bans = _bans(d)
    places = {
        card: [
            i for i, name in enumerate(names) if not isinstance(name, int) or card not in bans[name]
        ]
        for card in pool
    }
    try:
        drawn = Assignment.of(places, tuple(caps)).draw(rng)
    except NoDealFits:
        raise ValueError("no arrangement of the hidden cards fits the view") from None
    for name, cards in zip(names, drawn, strict=True):
        if isinstance(name, int):
            hands[name] = sort_hand([*hands[name], *cards])
        else:
            laid[int(name[len(LAID) :])] = sort_hand(cards)
    return hands, laid


def _played_by(d: dict[str, Any]) -> list[list[Card]]:
    out: list[list[Card]] = [[] for _ in range(SEATS)]
    for cards in _played(d):
        for entry in cards:
            out[entry["seat"]].append(entry["card"])
    return out


def _rebuild(
    match: Match,
    d: dict[str, Any],
    hands: list[list[Card]],
    laid: list[list[Card] | None],
    rng: random.Random,
) -> None:
    """Deal the cards that lead to ``hands``, then replay the bidding, the exchanges and
    the tricks."""
    played_by = _played_by(d)
    dealt = [[*hands[s], *played_by[s]] for s in range(SEATS)]
    lays: dict[int, list[Card]] = {}
    gives: dict[int, list[Card]] = {}
    for side, e in enumerate(d["exchange"]):
        if e is None:
            continue
        nil, partner, state = e["nil"], e["partner"], e["state"]
        if state == "done":
            if e["given"] is not None:  # one of the two partners: he saw both sets
                given, put = list(e["given"]), list(e["laid"])
            else:
                given = rng.sample(sort_hand(dealt[nil]), 3)
                put = rng.sample(sort_hand(dealt[partner]), 3)
            dealt[nil] = [*(c for c in dealt[nil] if c not in given), *put]
            dealt[partner] = [*(c for c in dealt[partner] if c not in put), *given]
            lays[side], gives[side] = put, given
        elif state in ("waiting", "give"):
            cards = laid[side]
            assert cards is not None
            dealt[nil] = [*dealt[nil], *cards]
            lays[side] = cards
        elif state == "cancelled":
            shown = e["laid"]
            lays[side] = list(shown) if shown is not None else rng.sample(sort_hand(dealt[nil]), 3)
    match.apply(TABLE, deal_action(pack_for([sort_hand(h) for h in dealt], d["dealer"])))
    deal = match.deals[-1]
    looked: list[bool] = d["looked"]
    bids: list[Any] = d["bids"]
    for s in range(SEATS):
        if looked[s] and bids[s] != BLIND_NIL:
            match.apply(s, parse_action("look"))
    for s in d["bid_order"]:
        bid = bids[s]
        if bid is None:
            break
        match.apply(s, parse_action(f"bid:{bid}"))
        if bid == BLIND_NIL and looked[s]:
            match.apply(s, parse_action("look"))
        while deal.step in ("lay", "give"):
            actor = match.to_act
            assert actor is not None
            side = side_of(actor)
            sets = lays if deal.step == "lay" else gives
            if side not in sets:
                break  # the exchange step the view waits for
            match.apply(actor, cards_action(deal.step, sets[side]))
    for trick in _played(d):
        for entry in trick:
            match.apply(entry["seat"], parse_action(f"play:{entry['card']}"))
