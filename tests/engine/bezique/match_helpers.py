"""Readable set-ups for bezique state tests: packs built from hand strings, actions as text,
refusals that must change nothing, and random legal play."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from app.engine import get_game
from app.engine.actions import Action
from app.engine.bezique import Match, Variant
from app.engine.bezique.combinations import Copy
from app.engine.bezique.deal import Deal, layout
from app.engine.bezique.state import match_class, notation
from app.engine.cards import Card
from app.engine.errors import IllegalAction
from app.engine.game import TABLE, View
from app.engine.ledger import HAND


def new_match(variant: Variant, options: Mapping[str, Any] | None, first_dealer: int) -> Match:
    """A match of ``variant`` waiting for its first deal."""
    return match_class(variant)(2, options, first_dealer)


def parse_action(variant: Variant, text: object) -> Action:
    return notation(variant).parse(text)


def legal_texts(match: Match, seat: int | None = None) -> list[str]:
    """The texts of every action ``seat`` (default: whoever is to act) may take now."""
    return [str(a) for a in match.legal_actions(seat)]


def view(match: Match, seat: int | None, public: View | None = None, cache: Any = None) -> View:
    """``match`` as its game's ``view`` shows it to ``seat`` (``None``: a spectator)."""
    return get_game(match.NAME).view(match, seat, public, cache)


def build_pack(
    variant: Variant, dealer: int, hands: Mapping[int, str] | None = None, stock: str = ""
) -> list[Card]:
    """A pack that deals ``hands`` (each seat's first dealt cards, as many as named) and puts
    ``stock`` on top of the stock; every other position gets the cards left over, in the
    pack's canonical order."""
    hands = hands or {}
    pack: list[Card | None] = [None] * variant.pack.size
    seats = layout(variant, dealer)
    for seat, text in hands.items():
        positions = [p for p, s in enumerate(seats) if s == seat]
        codes = text.split()
        if len(codes) > len(positions):
            raise ValueError(f"seat {seat} is named {len(codes)} cards")
        for position, code in zip(positions, codes, strict=False):
            pack[position] = code
    for offset, code in enumerate(stock.split()):
        pack[2 * variant.hand_size + offset] = code
    left = Counter(variant.pack.cards)
    left.subtract(c for c in pack if c is not None)
    if any(n < 0 for n in left.values()):
        raise ValueError(f"named more copies than the pack has: {-left}")
    spare = iter(left.elements())
    return [c if c is not None else next(spare) for c in pack]


def deal(match: Match, hands: Mapping[int, str] | None = None, stock: str = "") -> Deal:
    """The table deals a pack built by :func:`build_pack` for ``match``'s next deal."""
    pack = build_pack(match.variant, match.next_dealer, hands, stock)
    match.apply(TABLE, parse_action(match.variant, "deal:" + ",".join(pack)))
    current = match.current
    assert current is not None
    return current


def act(match: Match, seat: int, text: str) -> None:
    match.apply(seat, parse_action(match.variant, text))


def trick(match: Match, lead: str, follow: str) -> None:
    """The seat to act leads ``lead``, the other follows with ``follow``."""
    leader = match.to_act
    assert leader in (0, 1)
    act(match, leader, "play:" + lead)
    act(match, 1 - leader, "play:" + follow)


def codes(deal: Deal, copies: list[Copy] | tuple[Copy, ...]) -> list[Card]:
    return [deal.pack[c] for c in copies]


def concealed(deal: Deal, seat: int) -> list[Card]:
    return sorted(codes(deal, deal.holdings[seat].concealed))


def snapshot(match: Match) -> list[Any]:
    """Everything the state holds, copied, with the legal actions of both seats."""
    deals = [d.copy() for d in match.deals]
    return [
        match.to_act,
        list(match.totals),
        match.next_dealer,
        match.base,
        deals,
        [(d.ledger.place, d.ledger.seen, d.ledger.stock, d.ledger.trick) for d in deals],
        legal_texts(match, 0),
        legal_texts(match, 1),
        match.phase(),
    ]


def assert_refused(match: Match, seat: int, text: str, code: str) -> IllegalAction:
    """``text`` is refused with ``code`` and the state is as it was."""
    before = snapshot(match)
    with pytest.raises(IllegalAction) as refused:
        act(match, seat, text)
    assert refused.value.code == code, refused.value.message
    assert snapshot(match) == before
    return refused.value


def endgame(
    variant: Variant,
    hands: Mapping[int, str],
    trump: str | None,
    leader: int,
    options: Mapping[str, Any] | None = None,
) -> Match:
    """A hand-built state: the stock is gone, ``leader`` is on lead and each seat holds
    exactly ``hands`` (copies taken from a real pack)."""
    match = new_match(variant, options, 1 - leader)
    current = deal(match)
    pool: dict[Card, list[Copy]] = {}
    for copy, code in enumerate(current.pack):
        pool.setdefault(code, []).append(copy)
    ledger = current.ledger
    ledger.stock.clear()
    for seat, text in hands.items():
        holding = current.holdings[seat]
        holding.concealed[:] = sorted(pool[code].pop() for code in text.split())
        holding.table = []
        for copy in holding.concealed:  # the seat's hand in the ledger
            ledger.place[copy], ledger.holder[copy], ledger.seen[copy] = HAND, seat, 1 << seat
    current.trump = trump
    current.leader = leader
    match.to_act = leader
    return match


Chooser = Callable[[Match, list[str], random.Random], str]


def random_choice(match: Match, legal: list[str], rng: random.Random) -> str:
    return rng.choice(legal)


def play_match(
    variant: Variant,
    options: Mapping[str, Any] | None,
    seed: int,
    check: Callable[[Match], None] | None = None,
    choose: Chooser = random_choice,
) -> tuple[Match, list[tuple[int, str]]]:
    """A whole match of legal actions chosen by ``choose`` (seeded), ``check`` called after
    every action; the match and its log."""
    rng = random.Random(seed)
    match = new_match(variant, options, seed % 2)
    log: list[tuple[int, str]] = []
    while match.to_act is not None:
        seat = match.to_act
        if seat == TABLE:
            pack = list(variant.pack.cards)
            rng.shuffle(pack)
            text = "deal:" + ",".join(pack)
        else:
            text = choose(match, legal_texts(match, seat), rng)
        act(match, seat, text)
        log.append((seat, text))
        if check is not None:
            check(match)
    return match, log
