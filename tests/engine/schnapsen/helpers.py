"""Readable set-ups for Schnapsen engine tests: packs built from the hands wanted (the
inverse of the pack positions of docs/games/schnapsen.md §3), scripted actions, refusal
checks and random play."""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest

from app.engine.actions import Action
from app.engine.cards import Card, parse_cards
from app.engine.errors import IllegalAction
from app.engine.game import TABLE, OptionValue
from app.engine.sixty_six.schnapsen import GAME
from app.engine.sixty_six.schnapsen.rules import SCHNAPSEN
from app.engine.sixty_six.schnapsen.state import Match, parse_action, random_deal
from app.engine.trick_game import deal_action

view = GAME.view
CARDS = SCHNAPSEN.pack.cards

A, B = 0, 1
"""Most tests let B deal, so that A leads first."""


def cards(text: str) -> list[Card]:
    return parse_cards(text, "ATKQJ")


def build_pack(non_dealer: str, dealer: str, turned: str, talon: str = "") -> list[Card]:
    """The pack that gives ``non_dealer`` and ``dealer`` these five cards each, turns up
    ``turned`` and puts ``talon`` (top first) on top of the talon; the cards not named fill
    the rest of the talon in canonical order."""
    first, second, top = cards(non_dealer), cards(dealer), cards(talon)
    if len(first) != 5 or len(second) != 5:
        raise ValueError("each hand is five cards")
    named = [*first, *second, turned, *top]
    if len(set(named)) != len(named):
        raise ValueError(f"a card is named twice: {named}")
    rest = [c for c in CARDS if c not in set(named)]
    pack = [*first[:3], *second[:3], turned, *first[3:], *second[3:], *top, *rest]
    assert sorted(pack) == sorted(CARDS)
    return pack


def start(
    non_dealer: str,
    dealer: str,
    turned: str,
    talon: str = "",
    *,
    dealer_seat: int = B,
    options: Mapping[str, OptionValue] | None = None,
    match: Match | None = None,
) -> Match:
    """A match (new unless given) with the next deal dealt from :func:`build_pack`."""
    if match is None:
        match = Match(2, options, dealer_seat)
    assert match.next_dealer == dealer_seat, "the deal falls to the other seat"
    match.apply(TABLE, deal_action(build_pack(non_dealer, dealer, turned, talon)))
    return match


def act(match: Match, text: str, seat: int | None = None) -> None:
    """``text`` by ``seat`` (default: the seat to act)."""
    actor = match.to_act if seat is None else seat
    assert actor is not None
    match.apply(actor, parse_action(text))


def play(match: Match, text: str) -> None:
    """Each card of ``text`` played in turn by whoever is to act."""
    for card in cards(text):
        act(match, f"play:{card}")


def legal_texts(match: Match, seat: int | None = None) -> list[str]:
    return [str(a) for a in match.legal_actions(seat)]


def plays(match: Match, seat: int | None = None) -> set[Card]:
    return {t[5:] for t in legal_texts(match, seat) if t.startswith("play:")}


def assert_refused(match: Match, text: str, code: str, seat: int | None = None) -> IllegalAction:
    """``text`` is refused with ``code``, and the views stay as they were."""
    action = parse_action(text)
    actor = match.to_act if seat is None else seat
    assert actor is not None
    seen = [view(match, s) for s in (A, B, None)]
    with pytest.raises(IllegalAction) as refused:
        match.apply(actor, action)
    assert refused.value.code == code, refused.value.message
    assert [view(match, s) for s in (A, B, None)] == seen
    return refused.value


def random_action(match: Match, rng: random.Random, claim_rate: float = 0.02) -> tuple[int, Action]:
    """A random move: the table's shuffle, or a random legal action; a seat on 66 mostly
    claims, either seat claims at random now and then, closing is seldom chosen."""
    if match.to_act == TABLE:
        return TABLE, random_deal(rng)
    seat = match.to_act
    deal = match.current
    assert seat is not None and deal is not None
    claim = parse_action("claim")
    for claimant in (seat, 1 - seat):
        ready = deal.points(claimant) >= 66 and rng.random() < 0.5
        if ready and claim in match.legal_actions(claimant):
            return claimant, claim
    if rng.random() < claim_rate:
        claimant = rng.choice((A, B))
        if claim in match.legal_actions(claimant):
            return claimant, claim
    choices = [a for a in match.legal_actions(seat) if a != claim]
    marriages = [a for a in choices if a.kind == "marriage"]
    if marriages and rng.random() < 0.7:
        return seat, rng.choice(marriages)
    if len(choices) > 1 and rng.random() > 0.15:
        choices = [a for a in choices if a.kind != "close"]
    return seat, rng.choice(choices)


def played(seed: int, options: Mapping[str, OptionValue] | None = None) -> Match:
    """A whole match of random legal play (claims, closings, exchanges, marriages)."""
    rng = random.Random(f"schnapsen:{seed}")
    match = Match(2, options, rng.randrange(2))
    while not match.is_over:
        match.apply(*random_action(match, rng))
    return match
