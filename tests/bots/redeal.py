"""Re-dealing the cards a seat has not seen, consistently with everything it has seen.

Each unseen card of the current deal is swapped with another unseen card of the same suit,
wherever the two lie (another hand, forehand's discard): every play and every follow-suit
decision stays legal, so the action log replays, and the seat's view must not change.
"""

from __future__ import annotations

import random

from app.engine.bismarck import (
    TABLE,
    Deal,
    Match,
    deal_action,
    discard_action,
    parse_action,
    replay,
)
from app.engine.cards import FULL_DECK, Card, sorted_cards


def hidden_from(deal: Deal, seat: int) -> set[Card]:
    seen: set[Card] = set(deal.open) | set(deal.plays)
    if deal.contract is not None:
        own = deal.dealt[seat]
        if own is not None:
            seen |= set(own)
        if seat == deal.forehand and deal.discard is not None:
            seen |= set(deal.discard)
    return set(FULL_DECK) - seen


def _suit_shuffle(cards: set[Card], rng: random.Random) -> dict[Card, Card]:
    mapping: dict[Card, Card] = {}
    by_suit: dict[str, list[Card]] = {}
    for card in sorted_cards(cards):
        by_suit.setdefault(card[1], []).append(card)
    for group in by_suit.values():
        shuffled = list(group)
        rng.shuffle(shuffled)
        mapping.update(zip(group, shuffled, strict=True))
    return mapping


def redealt_match(match: Match, log: list[tuple[int, str]], seat: int, rng: random.Random) -> Match:
    """``match`` replayed from ``log`` with the current deal's hidden cards re-dealt."""
    pi = _suit_shuffle(hidden_from(match.deals[-1], seat), rng)
    last_deal = max(i for i, (s, text) in enumerate(log) if s == TABLE and text.startswith("deal:"))
    out: list[tuple[int, str]] = []
    for i, (s, text) in enumerate(log):
        action = parse_action(text)
        if i == last_deal:
            action = deal_action([pi.get(c, c) for c in action.arg.split(",")])
        elif i > last_deal and action.kind == "discard":
            action = discard_action([pi.get(c, c) for c in action.arg.split(",")])
        out.append((s, str(action)))
    return replay(match.seats, match.first_dealer, out)
