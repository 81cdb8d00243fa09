"""A state of the deal in progress rebuilt from one seat's view, its hidden cards dealt anew
(OpenSpiel's ``ResampleFromInfostate``), for computer players that sample.

The hidden cards are the other hands, less the cards their melds show (those stay with
their holders). They are spread over the hands uniformly among the arrangements the play
allows: a player who did not follow suit holds none of it, one who also did not trump holds
no trump, one who played a trump that did not beat a trump lead holds none that would have.
The announcements and melds a view shows also say what a hand is not: a hand that would
meld more, or could not have announced what it did, does not fit. Draws that do not fit are
drawn again, a bounded number of times; should none fit, the last is kept, with the auction
and the melds set as the view shows them, so the rebuilt state always shows the same deal.

The deal is replayed as actions: the table's deal, the auction, trump and the tricks.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Final

from ...actions import Action
from ...assign import Assignment, NoDealFits
from ...cards import Card
from ...game import TABLE, Termination, View
from ..melds import Meld, best, best_value, sort_cards
from .state import Match
from .variant import SEATS, Variant, holds_flush, longest_suit, team_of
from .view import meld_json

TRIES: Final = 100
"""Draws tried for one that fits the announcements and melds before the last is kept."""
GROUPS: Final = {
    "flush": "A",
    "royal_marriage": "A",
    "marriage": "A",
    "pinochle": "B",
    "dix": "B",
    "aces": "C",
    "kings": "C",
    "queens": "C",
    "jacks": "C",
}


def resample(variant: Variant, view: View, rng: random.Random) -> Match:
    match = Match(variant, view["first_dealer"], view["options"])
    match.totals = list(view["totals"])
    match.base = view["deals_played"]
    shown = view["deal"]
    if view["phase"] == "match_over":
        match.to_act = None
        match.winner = team_of(view["winners"][0])
        match.termination = Termination(view["termination"])
        return match
    if shown is None:
        match.to_act = TABLE
        match.next_dealer = view["next_dealer"]
        return match
    match.next_dealer = shown["dealer"]
    hands = _places(variant, view, shown, rng)
    _rebuild(match, shown, hands)
    return match


def shown_melds(entry: Mapping[str, Any]) -> list[Meld]:
    return [
        Meld(m["kind"], tuple(m["cards"]), m["value"], GROUPS[m["kind"]], m["times"])
        for m in entry["melds"]
    ]


def _meld_cards(melds: Sequence[Meld]) -> Counter[Card]:
    need: Counter[Card] = Counter()
    for group in "ABC":
        in_group: Counter[Card] = Counter()
        for m in melds:
            if m.group == group:
                in_group.update(m.cards)
        need |= in_group
    return need


def _tricks(d: Mapping[str, Any]) -> list[list[dict[str, Any]]]:
    return [t["cards"] for t in d["tricks_played"]] + [d["trick"]]


def _bans(variant: Variant, d: Mapping[str, Any]) -> dict[int, set[Card]]:
    """Cards each seat cannot hold now, by how it played (§6)."""
    trump = d["trump"]
    ranks = variant.ranks
    strength = {r: len(ranks) - i for i, r in enumerate(ranks)}
    bans: dict[int, set[Card]] = {s: set() for s in range(SEATS)}
    for cards in _tricks(d):
        best_card: Card | None = None
        for entry in cards:
            seat, card = entry["seat"], entry["card"]
            if best_card is not None:
                suit = cards[0]["card"][1]
                if card[1] != suit:
                    bans[seat].update(r + suit for r in ranks)
                    if trump is not None and card[1] != trump:
                        bans[seat].update(r + trump for r in ranks)
                elif (
                    suit == trump
                    and best_card[1] == trump
                    and strength[card[0]] <= strength[best_card[0]]
                ):
                    bans[seat].update(
                        r + trump for r in ranks if strength[r] > strength[best_card[0]]
                    )
            if best_card is None or _beats(card, best_card, trump, strength):
                best_card = card
    return bans


def _beats(card: Card, best_card: Card, trump: str | None, strength: Mapping[str, int]) -> bool:
    if card[1] == best_card[1]:
        return strength[card[0]] > strength[best_card[0]]
    return card[1] == trump


def _fits(
    variant: Variant, long_suit: int, d: Mapping[str, Any], dealt: Mapping[int, list[Card]]
) -> bool:
    """Whether hands dealt so could have made the calls and shown the melds of the view."""
    table = variant.meld_table
    for call in d["bids"]:
        hand = dealt[call["seat"]]
        if call["announced"] is not None and call["announced"] > best_value(hand, table):
            return False
        if call["flag"] == "flush" and not holds_flush(hand):
            return False
        if call["flag"] == "long_suit" and longest_suit(hand) < long_suit:
            return False
    if d["melds"] is None:
        return True
    return all(
        [meld_json(m) for m in best(hand, d["trump"], table)] == d["melds"][s]["melds"]
        for s, hand in dealt.items()
    )


def _played_by(d: Mapping[str, Any]) -> dict[int, list[Card]]:
    out: dict[int, list[Card]] = {s: [] for s in range(SEATS)}
    for cards in _tricks(d):
        for entry in cards:
            out[entry["seat"]].append(entry["card"])
    return out


def _places(
    variant: Variant, view: View, d: Mapping[str, Any], rng: random.Random
) -> dict[int, list[Card]]:
    """Each hand as it is now."""
    seat: int | None = view["seat"]
    played_by = _played_by(d)
    sizes = list(d["hand_sizes"])
    hands: dict[int, list[Card]] = {s: [] for s in range(SEATS)}
    seen: Counter[Card] = Counter(c for cards in played_by.values() for c in cards)
    if seat is not None:
        hands[seat] = list(d["hand"])
        seen.update(d["hand"])
    if d["melds"] is not None:
        for s in range(SEATS):
            if s != seat:
                known = _meld_cards(shown_melds(d["melds"][s])) - Counter(played_by[s])
                hands[s] = sort_cards(known.elements())
                seen.update(known)
    pool = Counter(variant.cards) - seen
    others = [s for s in range(SEATS) if s != seat]
    caps = tuple(sizes[s] - len(hands[s]) for s in others)
    bans = _bans(variant, d)
    places: dict[tuple[Card, int], list[int]] = {}
    copy = 0
    for card, n in sorted(pool.items()):
        allowed = [i for i, s in enumerate(others) if card not in bans[s]]
        for _ in range(n):
            copy += 1
            places[(card, copy)] = allowed
    try:
        assignment = Assignment.of(places, caps)
    except NoDealFits:
        raise ValueError("no arrangement of the hidden cards fits the view") from None
    check = any(c["call"] == "announce" or c["flag"] for c in d["bids"])
    long_suit = variant.settings(view["options"]).long_suit
    drawn: dict[int, list[Card]] = {}
    for _ in range(TRIES):
        try:
            cards = assignment.draw(rng)
        except NoDealFits:
            raise ValueError("no arrangement of the hidden cards fits the view") from None
        drawn = {
            s: sort_cards([*hands[s], *(c for c, _ in got)])
            for s, got in zip(others, cards, strict=True)
        }
        if not check and d["melds"] is None:
            break
        dealt = {s: [*drawn.get(s, hands[s]), *played_by[s]] for s in range(SEATS)}
        if _fits(variant, long_suit, d, dealt):
            break
    if seat is not None:
        drawn[seat] = hands[seat]
    return drawn


def _call_text(call: Mapping[str, Any]) -> str:
    if call["call"] == "pass":
        return "pass"
    if call["call"] == "announce":
        return f"announce:{call['announced']}"
    flag = f":{call['flag']}" if call["flag"] else ""
    return f"bid:{call['bid']}{flag}"


def _rebuild(match: Match, d: Mapping[str, Any], hands: Mapping[int, list[Card]]) -> None:
    """Deal the cards that lead to ``hands``, repeat the auction, name trump, show the melds
    as the view does and replay the tricks."""
    played_by = _played_by(d)
    variant = match.variant
    queues = [[*hands[s], *played_by[s]] for s in range(SEATS)]
    pack = [queues[s].pop() for s in variant.layout(d["dealer"])]
    match.apply(TABLE, match.notation.deal_action(pack))
    for call in d["bids"]:
        match.repeat_call(call["seat"], match.notation.parse(_call_text(call)))
    if d["trump"] is None:
        return
    deal = match.deals[-1]
    assert deal.bidder is not None
    match.apply(deal.bidder, Action("trump", d["trump"]))
    deal.show([shown_melds(entry) for entry in d["melds"]])
    for cards in _tricks(d):
        for entry in cards:
            match.apply(entry["seat"], match.notation.play[entry["card"]])
