"""Readable set-ups for Bismarck engine tests: decks built from hand strings, planned deals
whose trick counts come out exactly as a rule vector states, and refusal checks."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from app.engine.actions import Action
from app.engine.bismarck import GAME
from app.engine.bismarck.state import TABLE, Deal, Match, discard_action, play_order
from app.engine.cards import FULL_DECK, SUITS, Card, parse_cards
from app.engine.errors import IllegalAction
from app.engine.trick_game import deal_action, shuffled_deal

view = GAME.view

A, B, C, D = 0, 1, 2, 3


def cards(text: str) -> list[Card]:
    """``"AH 7H 2S"`` as a list of cards."""
    return parse_cards(text)


def build_deck(
    order: Sequence[int],
    hands: Mapping[int, str] | None = None,
    open_cards: str = "",
    voids: Mapping[int, str] | None = None,
) -> list[Card]:
    """A 52-card pack that deals ``hands`` (16 dealt cards per active seat, forehand's without
    the open cards) and ``open_cards``; unnamed cards fill up in canonical pack order.

    ``voids`` maps a seat to suits the filler must not give it, so a named hand can be the
    only cards of a suit that seat holds.
    """
    hands = hands or {}
    voids = voids or {}
    held: dict[int, list[Card]] = {seat: cards(hands.get(seat, "")) for seat in order}
    table = cards(open_cards)
    named = table + [c for seat in order for c in held[seat]]
    if len(set(named)) != len(named):
        raise ValueError(f"a card is named twice: {named}")
    spare = [c for c in FULL_DECK if c not in set(named)]
    # Seats with voids go first so the unrestricted seats absorb the suits they may not hold.
    for seat in sorted(order, key=lambda s: (s not in voids, order.index(s))):
        banned = voids.get(seat, "")
        while len(held[seat]) < 16:
            card = next((c for c in spare if c[1] not in banned), None)
            if card is None:
                raise ValueError(f"cannot fill seat {seat} without suits {banned!r}")
            spare.remove(card)
            held[seat].append(card)
        if len(held[seat]) != 16:
            raise ValueError(f"seat {seat} is named {len(held[seat])} cards, not 16")
    table += spare[: 4 - len(table)]
    deck = list(table)
    for i in range(16):
        deck.extend(held[seat][i] for seat in order)
    assert sorted(deck) == sorted(FULL_DECK)
    return deck


def next_order(match: Match) -> tuple[int, int, int]:
    return play_order(match.seats, match.next_dealer)


def deal(
    match: Match,
    hands: Mapping[int, str] | None = None,
    open_cards: str = "",
    voids: Mapping[int, str] | None = None,
) -> Deal:
    """The table deals a pack built by :func:`build_deck` for the next deal of ``match``."""
    match.apply(TABLE, deal_action(build_deck(next_order(match), hands, open_cards, voids)))
    current = match.current
    assert current is not None
    return current


def act(match: Match, seat: int, text: str) -> None:
    match.apply(seat, GAME.parse_action(text))


def playable(match: Match) -> list[Card]:
    """The cards the player to act may play (rules §6.1), none out of the play."""
    deal = match.current
    if deal is None or deal.step != "play" or match.to_act is None:
        return []
    return match.playable(deal, match.to_act)


def new_three(first_dealer: int = C) -> Match:
    """A three-player match; with the default first dealer C, A is forehand in deal 1."""
    return Match(3, first_dealer)


def snapshot(match: Match) -> list[Any]:
    """Everything any seat or a spectator can observe, plus the legal actions."""
    seen: list[Any] = [view(match, seat) for seat in range(match.seats)]
    seen.append(view(match, None))
    seen.append([str(a) for a in match.legal_actions()])
    seen.append(playable(match))
    return seen


def assert_refused(match: Match, seat: int, action: Action | str, code: str) -> IllegalAction:
    """``action`` is refused with ``code`` and nothing any seat can see changes."""
    if isinstance(action, str):
        action = GAME.parse_action(action)
    before = snapshot(match)
    with pytest.raises(IllegalAction) as refused:
        match.apply(seat, action)
    assert refused.value.code == code, refused.value.message
    assert snapshot(match) == before
    return refused.value


@dataclass(frozen=True)
class PlannedDeal:
    """A pack whose sixteen tricks are each of one suit, so everybody can always follow and the
    holder of the highest card wins: the trick counts are exactly those asked for."""

    deck: list[Card]
    discard: list[Card]
    plan: dict[int, list[Card]]
    """The card each seat plays to trick ``k`` is ``plan[seat][k]``."""


def planned_deal(order: Sequence[int], tricks: Mapping[int, int]) -> PlannedDeal:
    if sum(tricks.values()) != 16 or set(tricks) != set(order):
        raise ValueError(f"16 tricks among the active seats {order}, not {dict(tricks)}")
    winners = [seat for seat in order for _ in range(tricks[seat])]
    ranks = "AKQJT9876543"
    plan: dict[int, list[Card]] = {seat: [] for seat in order}
    for k, winner in enumerate(winners):
        suit = SUITS[k // 4]
        top, *rest = (r + suit for r in ranks[3 * (k % 4) : 3 * (k % 4) + 3])
        plan[winner].append(top)
        for seat, card in zip([s for s in order if s != winner], rest, strict=True):
            plan[seat].append(card)
    # Each seat holds four cards of every suit, and forehand gets the four twos to put away.
    discard = ["2" + s for s in SUITS]
    hands = {seat: " ".join(plan[seat]) for seat in order}
    return PlannedDeal(build_deck(order, hands, " ".join(discard)), discard, plan)


def play_planned(match: Match, plan: Mapping[int, Sequence[Card]]) -> None:
    current = match.current
    assert current is not None
    while not current.finished:
        seat = match.to_act
        assert seat is not None
        match.apply(seat, Match.PLAYS[plan[seat][len(current.history)]])


def play_deal(match: Match, contract: str | None, tricks: Mapping[int, int]) -> Deal:
    """Deal, choose ``contract`` (``None`` when it is forced), discard and play a whole deal in
    which each active seat takes ``tricks[seat]`` tricks."""
    planned = planned_deal(next_order(match), tricks)
    match.apply(TABLE, deal_action(planned.deck))
    current = match.deals[-1]
    if contract is not None:
        act(match, current.forehand, contract)
    match.apply(current.forehand, discard_action(planned.discard))
    play_planned(match, planned.plan)
    assert current.tricks == [tricks.get(s) for s in range(match.seats)]
    return current


def play_any(match: Match, rng: random.Random, contract: str | None = None) -> Deal:
    """Deal a shuffled pack and play the deal out with the first legal choice at every turn;
    ``contract`` (when not forced) is chosen instead of the first one offered."""
    match.apply(TABLE, shuffled_deal(Match, rng))
    current = match.deals[-1]
    if match.phase() == "contract":
        choice = GAME.parse_action(contract) if contract else match.legal_actions()[0]
        match.apply(current.forehand, choice)
    match.apply(current.forehand, discard_action(current.hands[current.forehand][:4]))
    while not current.finished:
        seat = match.to_act
        assert seat is not None
        match.apply(seat, Match.PLAYS[playable(match)[0]])
    return current
