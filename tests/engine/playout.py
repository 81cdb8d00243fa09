"""Random complete or partial Bismarck matches for property and record tests.

A match is driven by one ``random.Random``: the table's shuffles, uniformly chosen contracts,
a random discard of four of the twenty and random legal cards. Every action is logged as
``(seat, text)`` in its canonical text, the deal actions of the table included, so a log
replays to the same match and can be rewritten (re-dealt) before replaying.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from app.engine.actions import Action
from app.engine.bismarck import GAME
from app.engine.bismarck.state import TABLE, Deal, Match, discard_action
from app.engine.cards import FULL_DECK, Card, sorted_cards
from app.engine.trick_game import deal_action, shuffled_deal

Log = list[tuple[int, str]]

PLAYERS: tuple[str, ...] = ("Anna", "Bertil", "Cecilia", "David")

_CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])([AKQJT2-9][SHDC])(?![0-9A-Za-z])")


def choose_action(match: Match, rng: random.Random) -> tuple[int, Action]:
    """A uniformly random move for whoever is to act (the table shuffles)."""
    phase = match.phase()
    if phase == "deal":
        return TABLE, shuffled_deal(Match, rng)
    seat = match.to_act
    assert seat is not None and seat != TABLE, f"nobody to act in phase {phase}"
    if phase == "contract":
        return seat, rng.choice(match.legal_actions(seat))
    if phase == "discard":
        hand = sorted_cards(match.deals[-1].hands[seat])
        return seat, discard_action(rng.sample(hand, 4))
    if phase == "play":
        return seat, Match.PLAYS[rng.choice(match.playable(match.deals[-1], seat))]
    raise AssertionError(f"no move in phase {phase}")


def step(match: Match, rng: random.Random, log: Log) -> tuple[int, Action]:
    seat, action = choose_action(match, rng)
    match.apply(seat, action)
    log.append((seat, str(action)))
    return seat, action


def play_match(
    seats: int,
    rng: random.Random,
    *,
    first_dealer: int | None = None,
    max_actions: int | None = None,
    on_step: Callable[[Match], None] | None = None,
) -> tuple[Match, Log]:
    """Play a random match to its end, or stop after ``max_actions`` actions.

    ``on_step`` sees the match before the first action and after every action.
    """
    if first_dealer is None:
        first_dealer = rng.randrange(seats)
    match = Match(seats, first_dealer)
    log: Log = []
    if on_step is not None:
        on_step(match)
    while not match.is_over and (max_actions is None or len(log) < max_actions):
        step(match, rng, log)
        if on_step is not None:
            on_step(match)
    return match, log


def actions_per_match(seats: int) -> int:
    """Length of the log of a complete match without voids (deal, contract, discard, 48 plays).

    Forced contracts are set by the engine and take no action, so this is an upper bound.
    """
    return {3: 12, 4: 16}[seats] * 51


def replay_log(seats: int, first_dealer: int, log: Sequence[tuple[int, str]]) -> Match:
    match = Match(seats, first_dealer)
    for seat, text in log:
        match.apply(seat, GAME.parse_action(text))
    return match


# -- reading the state ---------------------------------------------------------------------------


def cards_in_deal(deal: Deal) -> list[Card]:
    """Every card of the deal wherever it is now: hands, discard, played (and open before the
    contract, when forehand has not yet picked them up)."""
    cards: list[Card] = []
    for seat in deal.order:
        cards.extend(deal.hands[seat])
    cards.extend(deal.discard or ())
    cards.extend(deal.plays)
    if deal.contract is None:
        cards.extend(deal.open)
    return cards


def snapshot(match: Match, *, current_only: bool = False) -> tuple[Any, ...]:
    """Everything a match holds, as plain immutable data, to prove a state unchanged.

    ``current_only`` leaves out all deals but the last, for cheap checks in a loop.
    """
    deals = tuple(
        (
            d.number,
            d.dealer,
            d.forehand,
            d.order,
            d.open,
            tuple(d.dealt),
            tuple(tuple(h) for h in d.hands),
            d.contract,
            d.trump,
            d.forced,
            d.discard,
            tuple(d.plays),
            tuple(d.ledger.trick_cards()),
            d.leader,
            tuple(d.tricks),
            tuple((t.leader, t.cards, t.winner) for t in d.history),
            None if d.scores is None else tuple(d.scores),
        )
        for d in (match.deals[-1:] if current_only else match.deals)
    )
    return (
        len(match.deals),
        match.seats,
        match.first_dealer,
        deals,
        tuple(frozenset(u) for u in match.used),
        tuple(match.totals),
        match.phase(),
        match.to_act,
        match.pending,
    )


def card_tokens(data: object) -> set[Card]:
    """Every card named anywhere in JSON-able ``data`` (also inside ``play:QS`` and lists)."""
    return set(_CARD_TOKEN.findall(json.dumps(data)))


# -- records -------------------------------------------------------------------------------------


def record_json(match: Match) -> dict[str, Any]:
    """The exported record of ``match`` as it reads after travelling as JSON text."""
    doc: dict[str, Any] = json.loads(json.dumps(GAME.records.export(match, PLAYERS[: match.seats])))
    return doc


def plays_by_seat(match: Match, k: int) -> list[tuple[int, Card]]:
    """(seat, card) for every play of deal ``k`` in play order."""
    deal = match.deals[k - 1]
    out: list[tuple[int, Card]] = []
    tricks = [(t.leader, list(t.cards)) for t in deal.history]
    if deal.ledger.trick:
        tricks.append((deal.leader, deal.ledger.trick_cards()))
    for leader, cards in tricks:
        start = deal.order.index(leader)
        out.extend((deal.order[(start + i) % 3], c) for i, c in enumerate(cards))
    return out


def make_revoke(doc: dict[str, Any], match: Match, k: int) -> tuple[int, int, str]:
    """Swap a card that followed suit with an off-suit card the same seat plays later.

    Returns the play number, the seat and the suit led. Nothing before the play changes, and
    at that play the seat still holds the card of the suit led that it really played.
    """
    plays = plays_by_seat(match, k)
    for p, (seat, card) in enumerate(plays):
        if p % 3 == 0:
            continue
        led = plays[p - p % 3][1][1]
        if card[1] != led:
            continue
        for q in range(p + 1, len(plays)):
            later_seat, later = plays[q]
            if later_seat == seat and later[1] != led:
                cards = doc["deals"][k - 1]["plays"]
                cards[p], cards[q] = cards[q], cards[p]
                return p + 1, seat, led
    raise AssertionError(f"no revoke can be made in deal {k}")


# -- rewriting logs ------------------------------------------------------------------------------


def deal_indexes(log: Sequence[tuple[int, str]]) -> list[int]:
    """Positions in ``log`` of the table's deal actions, in order."""
    return [i for i, (seat, text) in enumerate(log) if seat == TABLE and text.startswith("deal:")]


def permute_log(log: Sequence[tuple[int, str]], permutations: Sequence[dict[Card, Card]]) -> Log:
    """``log`` with deal ``k``'s pack and discard rewritten through ``permutations[k]``.

    Cards missing from a permutation stay where they are. Plays are left alone: a re-deal
    only moves cards that nobody has played yet.
    """
    out: Log = []
    k = -1
    for seat, text in log:
        action = GAME.parse_action(text)
        if seat == TABLE and action.kind == "deal":
            k += 1
            pi = permutations[k] if k < len(permutations) else {}
            action = deal_action([pi.get(c, c) for c in action.arg.split(",")])
        elif action.kind == "discard" and 0 <= k < len(permutations):
            pi = permutations[k]
            action = discard_action([pi.get(c, c) for c in action.arg.split(",")])
        out.append((seat, str(action)))
    return out


def hidden_from(deal: Deal, seat: int | None) -> set[Card]:
    """The cards of ``deal`` that ``seat`` (``None``: a spectator) has not seen so far.

    Seen: the open cards, every card played, and, once the contract is chosen, the seat's own
    dealt hand and (as forehand) its discard.
    """
    seen: set[Card] = set(deal.open) | set(deal.plays)
    if seat is not None and deal.contract is not None:
        own = deal.dealt[seat]
        if own is not None:
            seen |= set(own)
        if seat == deal.forehand and deal.discard is not None:
            seen |= set(deal.discard)
    return set(FULL_DECK) - seen


def suit_preserving_permutation(cards: Iterable[Card], rng: random.Random) -> dict[Card, Card]:
    """A random bijection of ``cards`` onto themselves that keeps every card's suit."""
    mapping: dict[Card, Card] = {}
    by_suit: dict[str, list[Card]] = {}
    for card in sorted_cards(cards):
        by_suit.setdefault(card[1], []).append(card)
    for group in by_suit.values():
        shuffled = list(group)
        rng.shuffle(shuffled)
        mapping.update(zip(group, shuffled, strict=True))
    return mapping


def free_permutation(cards: Iterable[Card], rng: random.Random) -> dict[Card, Card]:
    """A random bijection of ``cards`` onto themselves, suits ignored."""
    group = sorted_cards(cards)
    shuffled = list(group)
    rng.shuffle(shuffled)
    return dict(zip(group, shuffled, strict=True))
