"""Readable set-ups for Sixty-six engine tests: packs built from the hands wanted (the
inverse of Clarification 7), scripted actions, refusal checks and random play."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from app.engine.actions import Action
from app.engine.cards import Card, parse_cards
from app.engine.errors import IllegalAction
from app.engine.game import TABLE, OptionValue
from app.engine.ledger import Place
from app.engine.sixty_six import GAME
from app.engine.sixty_six.rules import SIXTY_SIX
from app.engine.sixty_six.state import Deal, Match, Result
from app.engine.trick_game import deal_action, hidden_cards, shuffled_deal

view = GAME.view
parse_action = GAME.parse_action

A, B = 0, 1
"""The players of the spec's vectors. Most tests let B deal, so that A leads first."""

PLAYERS = ("Anna", "Bertil")


def cards(text: str) -> list[Card]:
    return parse_cards(text, "ATKQJ9")


def stock(deal: Deal) -> list[Card]:
    """The face-down cards of the stock, top first (the turned card apart)."""
    ledger = deal.ledger
    return [ledger.cards[i] for i in ledger.stock if ledger.place[i] is Place.STOCK]


def taken(deal: Deal, seat: int) -> list[Card]:
    """The cards of the tricks ``seat`` has taken."""
    return [deal.ledger.cards[i] for i in deal.ledger.taken[seat]]


def build_pack(non_dealer: str, dealer: str, turned: str, stock: str = "") -> list[Card]:
    """The pack that gives ``non_dealer`` and ``dealer`` these six cards each, turns up
    ``turned`` and puts ``stock`` (top first) on top of the stock; the cards not named fill
    the rest of the stock in canonical order."""
    first, second, top = cards(non_dealer), cards(dealer), cards(stock)
    if len(first) != 6 or len(second) != 6:
        raise ValueError("each hand is six cards")
    named = [*first, *second, turned, *top]
    if len(set(named)) != len(named):
        raise ValueError(f"a card is named twice: {named}")
    rest = [c for c in SIXTY_SIX.pack.cards if c not in set(named)]
    pack = [*first[:3], *second[:3], *first[3:], *second[3:], turned, *top, *rest]
    assert sorted(pack) == sorted(SIXTY_SIX.pack.cards)
    return pack


def start(
    non_dealer: str,
    dealer: str,
    turned: str,
    stock: str = "",
    *,
    dealer_seat: int = B,
    options: Mapping[str, OptionValue] | None = None,
    match: Match | None = None,
) -> Match:
    """A match (new unless given) with the next deal dealt from :func:`build_pack`."""
    if match is None:
        match = Match(2, options, dealer_seat)
    assert match.next_dealer == dealer_seat, "the deal falls to the other seat"
    match.apply(TABLE, deal_action(build_pack(non_dealer, dealer, turned, stock)))
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


def _plain(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_plain(v) for v in value)
    return value


def state_key(match: Match) -> tuple[Any, ...]:
    """Everything the match holds, as plain data, to prove a state unchanged: every field
    of every deal, its ledger's whole."""

    def deal_key(deal: Deal) -> tuple[Any, ...]:
        ledger = deal.ledger
        cards = tuple(_plain(getattr(ledger, name)) for name in ledger.__slots__)
        fields = [name for kind in type(deal).__mro__ for name in getattr(kind, "__slots__", ())]
        return tuple(cards if name == "ledger" else _plain(getattr(deal, name)) for name in fields)

    return (
        tuple(match.totals),
        match.carried,
        match.to_act,
        match.next_dealer,
        match.base,
        match.first_dealer,
        tuple(deal_key(d) for d in match.deals),
    )


def observed(match: Match) -> list[Any]:
    seen: list[Any] = [view(match, s) for s in (A, B, None)]
    seen.extend([str(a) for a in match.legal_actions(s)] for s in (A, B))
    return seen


def assert_refused(
    match: Match, text: str | Action, code: str, seat: int | None = None
) -> IllegalAction:
    """``text`` is refused with ``code`` and nothing about the match changes."""
    action = parse_action(text) if isinstance(text, str) else text
    actor = match.to_act if seat is None else seat
    assert actor is not None
    before, seen = state_key(match), observed(match)
    with pytest.raises(IllegalAction) as refused:
        match.check(actor, action)
    assert refused.value.code == code, refused.value.message
    with pytest.raises(IllegalAction) as again:
        match.apply(actor, action)
    assert again.value.code == code, again.value.message
    assert state_key(match) == before
    assert observed(match) == seen
    return refused.value


def legal_texts(match: Match, seat: int | None = None) -> list[str]:
    return [str(a) for a in match.legal_actions(seat)]


def plays(match: Match, seat: int | None = None) -> set[Card]:
    return {t[5:] for t in legal_texts(match, seat) if t.startswith("play:")}


def play_out(match: Match) -> None:
    """Play the deal in progress to its end with the first legal card at every turn."""
    deal = match.current
    assert deal is not None
    while not deal.finished:
        act(match, next(t for t in legal_texts(match) if t.startswith("play:")))


def random_action(match: Match, rng: random.Random, claim_rate: float = 0.02) -> tuple[int, Action]:
    """A random move: the table's shuffle, or a random legal action. A seat that has 66
    often claims; either seat claims at random now and then (out of turn too); marriages
    are mostly declared and the stock is seldom closed, so that deals run long enough to
    reach every rule."""
    if match.to_act == TABLE:
        return TABLE, shuffled_deal(Match, rng)
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
    if len(choices) > 1 and rng.random() > 0.1:
        choices = [a for a in choices if a.kind != "close"]
    return seat, rng.choice(choices)


def hidden_from(match: Match, seat: int | None) -> set[Card]:
    return set(hidden_cards(match, seat))


def quiet_choice(match: Match, rng: random.Random) -> Action:
    """A random action of the seat to act that neither claims nor closes, declaring any
    marriage it can: deals played out to the last trick, with marriages."""
    choices = [a for a in match.legal_actions() if str(a) not in ("claim", "close")]
    marriages = [a for a in choices if a.kind == "marriage"]
    return marriages[0] if marriages else rng.choice(choices)


def played_out_deal(
    wanted: str | Callable[[Result], bool],
    *,
    options: Mapping[str, OptionValue] | None = None,
    match: Match | None = None,
    tries: int = 2000,
) -> Match:
    """``match`` (new unless given) with one more deal, dealt and played out without claims
    or closing, whose result ends as ``wanted`` (an end, or a test of the result): the first
    of a fixed series of shuffles that does. Deterministic, so a test built on it always
    sees the same deal."""
    base = match if match is not None else Match(2, options, B)
    for seed in range(tries):
        trial = base.clone()
        rng = random.Random(seed)
        trial.apply(TABLE, shuffled_deal(Match, rng))
        deal = trial.deals[-1]
        while not deal.finished:
            seat = trial.to_act
            assert seat is not None
            trial.apply(seat, quiet_choice(trial, rng))
        assert deal.result is not None
        found = deal.result.end.value == wanted if isinstance(wanted, str) else wanted(deal.result)
        if found:
            return trial
    raise AssertionError(f"no deal ending {wanted!r} in {tries} shuffles")
