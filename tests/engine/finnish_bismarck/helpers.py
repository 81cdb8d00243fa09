"""Readable set-ups for Finnish Bismarck engine tests: packs built from the open cards and
hands wanted, refusal checks, deals planned so that each seat takes exactly the tricks a
test asks for, and random play."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from app.engine.actions import Action
from app.engine.bismarck.finnish import GAME
from app.engine.bismarck.finnish.deal import pack_for
from app.engine.bismarck.finnish.state import TABLE, Match
from app.engine.cards import FULL_DECK, SUITS, Card, parse_cards
from app.engine.errors import IllegalAction

view = GAME.view

PLAYERS = ("Aino", "Bertta", "Cecilia", "Daniel")


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def build_pack(
    dealer: int, open_cards: str = "", hands: Mapping[int, str] | None = None
) -> list[Card]:
    """A pack that deals ``open_cards`` (in that order) and gives each seat of ``hands`` the
    cards named; unnamed cards fill up in the pack's canonical order."""
    table = cards(open_cards)
    held = {s: cards((hands or {}).get(s, "")) for s in range(4)}
    named = [*table, *(c for s in range(4) for c in held[s])]
    if len(set(named)) != len(named):
        raise ValueError(f"a card is named twice: {named}")
    spare = [c for c in FULL_DECK if c not in set(named)]
    table += [spare.pop(0) for _ in range(4 - len(table))]
    for s in range(4):
        while len(held[s]) < 12:
            held[s].append(spare.pop(0))
        if len(held[s]) != 12:
            raise ValueError(f"seat {s} is named {len(held[s])} cards, not 12")
    return pack_for(table, [held[s] for s in range(4)], dealer)


def deal(match: Match, open_cards: str = "", hands: Mapping[int, str] | None = None) -> None:
    """The table deals the next deal of ``match`` from a pack built by :func:`build_pack`."""
    pack = build_pack(match.next_dealer, open_cards, hands)
    match.apply(TABLE, GAME.parse_action("deal:" + ",".join(pack)))


def act(match: Match, seat: int, text: str) -> None:
    match.apply(seat, GAME.parse_action(text))


def snapshot(match: Match) -> list[Any]:
    """Everything any seat or a spectator can observe, and every seat's legal actions."""
    seen: list[Any] = [view(match, s) for s in (None, 0, 1, 2, 3)]
    seen.append([[str(a) for a in match.legal_actions(s)] for s in range(4)])
    return seen


def assert_refused(match: Match, seat: int, action: Action | str, code: str) -> IllegalAction:
    """``action`` is refused with ``code`` by both ``check`` and ``apply``, and nothing any
    seat can see changes."""
    if isinstance(action, str):
        action = GAME.parse_action(action)
    before = snapshot(match)
    with pytest.raises(IllegalAction) as checked:
        match.check(seat, action)
    assert checked.value.code == code, checked.value.message
    with pytest.raises(IllegalAction) as refused:
        match.apply(seat, action)
    assert refused.value.code == code, refused.value.message
    assert snapshot(match) == before
    return refused.value


# -- planned deals -------------------------------------------------------------------------------

GROUPS = ("AKQJ", "T987", "6543")
"""Tricks 1-12 are one suit each, four ranks of it: three tricks per suit."""


def planned_hands(dealer: int, winners: Sequence[int]) -> tuple[list[list[Card]], list[list[Card]]]:
    """Each seat's thirteen after the exchange, and the card it plays to each trick, for a
    deal whose tricks 1-12 are won by ``winners`` (the 13th by the winner of the 12th): in
    trick ``k`` everyone follows the suit ``SUITS[k // 3]`` and the winner holds its top.
    The 13th trick is the four twos, the leader's winning (no trumps)."""
    if len(winners) != 12:
        raise ValueError("twelve winners, the thirteenth trick follows the twelfth")
    plan: list[list[Card]] = [[] for _ in range(4)]
    for k, winner in enumerate(winners):
        suit = SUITS[k // 3]
        top, *rest = (r + suit for r in GROUPS[k % 3])
        plan[winner].append(top)
        for seat, card in zip([s for s in range(4) if s != winner], rest, strict=True):
            plan[seat].append(card)
    for seat in range(4):
        plan[seat].append("2" + SUITS[(seat - dealer - 1) % 4])
    return [list(p) for p in plan], plan


def planned_pack(dealer: int, winners: Sequence[int]) -> list[Card]:
    """A pack whose open cards are the four twos (2S first) and whose twelves, with each
    two passed on to the seat that plays it, are :func:`planned_hands`."""
    hands, _ = planned_hands(dealer, winners)
    dealt = [[c for c in hand if c[0] != "2"] for hand in hands]
    return pack_for(["2" + s for s in SUITS], dealt, dealer)


def exchange_of_twos(dealer: int) -> list[tuple[int, str]]:
    """Forehand passes the four twos he took up to his partner, who gives each of the others
    the one it is to play and keeps his own; the dealer's partner passes his to the dealer,
    who passes it back."""
    f, dp, fp = (dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4
    two = {s: "2" + SUITS[(s - dealer - 1) % 4] for s in range(4)}
    share = ",".join(f"{s}={two[s]}" for s in sorted((dealer, f, dp)))
    return [
        (f, "pass:2S,2H,2D,2C"),
        (fp, f"share:{share}"),
        (dp, f"pass:{two[dp]}"),
        (dealer, f"pass:{two[dp]}"),
    ]


def contract_text(name: str) -> str:
    """The action choosing contract ``name``; free names hearts."""
    return "contract:free:H" if name == "free" else f"contract:{name}"


def deal_planned(match: Match, winners: Sequence[int]) -> None:
    """The table deals the pack of a deal whose tricks go to ``winners``."""
    pack = planned_pack(match.next_dealer, winners)
    match.apply(TABLE, GAME.parse_action("deal:" + ",".join(pack)))


def finish_planned(match: Match, contract: str | None, winners: Sequence[int]) -> None:
    """Choose ``contract`` (``None`` when the deal set it), exchange and play out the deal
    :func:`deal_planned` dealt."""
    deal = match.deals[-1]
    if contract is not None:
        act(match, deal.forehand, contract)
    for seat, text in exchange_of_twos(deal.dealer):
        act(match, seat, text)
    _, plan = planned_hands(deal.dealer, winners)
    while not deal.finished:
        seat = match.to_act
        assert seat is not None
        act(match, seat, "play:" + plan[seat][len(deal.history)])


def play_planned(match: Match, contract: str | None, winners: Sequence[int]) -> None:
    """Deal, choose ``contract`` (``None`` when the deal sets it), exchange and play a whole
    deal whose tricks go to ``winners`` (and the 13th to the 12th's)."""
    deal_planned(match, winners)
    finish_planned(match, contract, winners)


def play_choosing(match: Match, pick: int, team_tricks: int) -> None:
    """Play a planned deal in which forehand chooses the ``pick``-th contract he has left
    (the one left when it is his last: set by the deal, but free's suit)."""
    left = match.contracts_left((match.next_dealer + 1) % 4)
    name = left[min(pick, len(left) - 1)]
    contract = None if len(left) == 1 and name != "free" else contract_text(name)
    play_planned(match, contract, winners_for(match.next_dealer, team_tricks))


def winners_for(dealer: int, team_tricks: int) -> list[int]:
    """Twelve winners giving the non-dealer team ``team_tricks`` of the thirteen (the
    winner of the 12th takes the 13th too)."""
    forehand, partner = (dealer + 1) % 4, (dealer + 3) % 4
    ours = [forehand, partner] * 6
    theirs = [dealer, (dealer + 2) % 4] * 6
    if team_tricks == 0:
        return theirs
    if team_tricks == 1:
        return [forehand, *theirs[:11]]
    return [*ours[: team_tricks - 2], *theirs[: 13 - team_tricks], forehand]


# -- random play ---------------------------------------------------------------------------------

Log = list[tuple[int, str]]


def random_text(match: Match, seat: int, rng: random.Random) -> str:
    """A random legal action of ``seat``, drawn from the shape its view carries."""
    legal = GAME.legal(match, seat)
    assert legal is not None
    if "count" in legal:
        return f"{legal['kind']}:" + ",".join(rng.sample(legal["from"], legal["count"]))
    choice: str = rng.choice(legal["actions"])
    return choice


def play_random(
    rng: random.Random, first_dealer: int = 0, stop: int | None = None
) -> tuple[Match, Log]:
    """A match of random legal play from the start, to its end or ``stop`` actions."""
    match = Match(first_dealer)
    log: Log = []
    while not match.is_over and (stop is None or len(log) < stop):
        if match.to_act == TABLE:
            action = GAME.chance(match, rng)
            match.apply(TABLE, action)
            log.append((TABLE, str(action)))
            continue
        seat = match.to_act
        assert seat is not None
        text = random_text(match, seat, rng)
        match.apply(seat, GAME.parse_action(text))
        log.append((seat, str(GAME.parse_action(text))))
    return match, log


def replay(first_dealer: int, log: Log) -> Match:
    """The match ``log`` (pairs of seat and action text) leads to from the start."""
    match = Match(first_dealer)
    for seat, text in log:
        match.apply(seat, GAME.parse_action(text))
    return match
