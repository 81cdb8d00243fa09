"""A state of the deal in progress rebuilt from one seat's view, its hidden cards dealt anew
(OpenSpiel's ``ResampleFromInfostate``), for computer players that sample.

The hidden cards are the stock's face-down cards and the cards of the other hand not shown
to the table. They are spread over those places uniformly among the arrangements the view
allows: once the stock is closed or exhausted nobody draws any more, so a player who did not
follow suit holds none of it, and under ``german_phase2`` one who did not trump holds no
trump and one who followed low holds nothing higher in that suit. Each arrangement of cards
to places is equally likely; the stock's order is then shuffled.

The state is then built the only way a state is: a pack is laid out that leads, through the
deal's public actions, to those hands and that stock (which card each player held from the
start and which it drew is chosen at random among the ways the play allows), and the
actions are applied to it. So a resampled state is a genuine one, with a record of its own.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from ..assign import Assignment, NoDealFits
from ..cards import Card
from ..game import TABLE, View
from ..trick_game import Trick
from .rules import CARDS, HAND_SIZE, RANKS
from .state import Match, deal_action, parse_action

STOCK: Final = 2
"""The third place a hidden card may lie, besides the two hands."""

DRAW_ROUNDS: Final = (len(CARDS) - 2 * HAND_SIZE) // 2
"""Tricks after which the stock is exhausted when nobody closes (6)."""

NEVER: Final = 1_000
"""The deadline of a card nothing required to be in hand at any moment."""


def resample(view: View, rng: random.Random) -> Match:
    match = Match(2, view["options"], view["first_dealer"])
    match.totals = list(view["totals"])
    match.carried = view["carried"]
    match.base = view["deals_played"]
    shown = view["deal"]
    if view["phase"] == "match_over":
        match.to_act = None
        return match
    if shown is None:
        match.to_act = TABLE
        match.next_dealer = view["next_dealer"]
        return match
    history = [
        Trick(t["leader"], (t["cards"][0]["card"], t["cards"][1]["card"]), t["winner"])
        for t in shown["tricks_played"]
    ]
    hands, stock = _places(view, shown, history, rng)
    pack, actions = _course(shown, history, hands, stock, rng)
    match.next_dealer = shown["dealer"]
    match.apply(TABLE, deal_action(pack))
    for seat, text in actions:
        match.apply(seat, parse_action(text))
    return match


# -- where the hidden cards lie now ----------------------------------------------------------------


def _places(
    view: View, d: dict[str, Any], history: Sequence[Trick], rng: random.Random
) -> tuple[list[list[Card]], list[Card]]:
    """Both hands as they are now and the stock's face-down cards, top first."""
    seat: int | None = view["seat"]
    hands: list[list[Card]] = [list(d["known"][0]), list(d["known"][1])]
    if seat is not None:
        hands[seat] = list(d["hand"])
    trick = [entry["card"] for entry in d["trick"]]
    turned: Card | None = d["turned"] if d["turned"] is not None else d["turned_down"]
    seen = {*hands[0], *hands[1], *trick, *(c for t in history for c in t.cards)}
    if turned is not None:
        seen.add(turned)
    pool = [c for c in CARDS if c not in seen]
    need = [d["hand_sizes"][s] - len(hands[s]) for s in (0, 1)]
    if need[0] + need[1] + d["stock"] != len(pool):
        raise ValueError("the view does not account for every card")
    banned = _banned(d, history, bool(view["options"]["german_phase2"]))
    if seat is not None:
        banned[seat] = set(pool)
    places = {c: [p for p in (0, 1) if c not in banned[p]] + [STOCK] for c in pool}
    try:
        drawn = Assignment.of(places, (need[0], need[1], d["stock"])).draw(rng)
    except NoDealFits:
        raise ValueError("no arrangement of the hidden cards fits the view") from None
    hands[0] += drawn[0]
    hands[1] += drawn[1]
    stock = drawn[STOCK]
    rng.shuffle(stock)
    return hands, stock


def _banned(d: dict[str, Any], history: Sequence[Trick], german: bool) -> list[set[Card]]:
    """Cards each seat cannot hold, by how it followed once nobody drew any more (§7.1)."""
    banned: list[set[Card]] = [set(), set()]
    closed_after = d["closed_after"]
    start = closed_after if closed_after is not None else DRAW_ROUNDS
    trump = d["trump"]
    for t in history[start:]:
        follower = 1 - t.leader
        led, played = t.cards
        suit = led[1]
        if played[1] != suit:
            banned[follower].update(r + suit for r in RANKS)
            if german and played[1] != trump:
                banned[follower].update(r + trump for r in RANKS)
        elif german and RANKS.index(played[0]) > RANKS.index(led[0]):
            banned[follower].update(r + suit for r in RANKS[: RANKS.index(led[0])])
    return banned


# -- how the deal came to be -----------------------------------------------------------------------


def _course(
    d: dict[str, Any],
    history: Sequence[Trick],
    hands: Sequence[Sequence[Card]],
    stock: Sequence[Card],
    rng: random.Random,
) -> tuple[list[Card], list[tuple[int, str]]]:
    """A pack and the deal's actions that lead to ``hands`` and ``stock``."""
    trump: str = d["trump"]
    nine = "9" + trump
    first: Card = d["first_turned"]
    n = len(history)
    leader: int = d["leader"]
    trick = [entry["card"] for entry in d["trick"]]
    closed_after: int | None = d["closed_after"]
    rounds = min(n, closed_after if closed_after is not None else DRAW_ROUNDS)
    last_loser = 1 - history[DRAW_ROUNDS - 1].winner if d["exhausted"] else None
    exchange = d["exchange"]
    leads = _marriage_leads(d, history)

    # each seat's cards from the pack (dealt or drawn), and the trick by which each was needed
    needed: list[dict[Card, int]] = [{}, {}]

    def need(seat: int, card: Card, by: int) -> None:
        needed[seat][card] = min(needed[seat].get(card, NEVER), by)

    for t, done in enumerate(history, start=1):
        need(done.leader, done.cards[0], t)
        need(1 - done.leader, done.cards[1], t)
    for i, card in enumerate(trick):
        need((leader + i) % 2, card, n + 1)
    for seat in (0, 1):
        for card in hands[seat]:
            need(seat, card, NEVER)
    if last_loser is not None:  # the loser of the sixth trick took the turned card
        needed[last_loser].pop(nine if exchange else first)
    if exchange is not None:  # the exchanger gave the nine and took the turned card
        needed[exchange["seat"]].pop(first)
        needed[exchange["seat"]][nine] = exchange["after"] + 1
    for (seat, suit), t in leads.items():
        for rank in "KQ":
            if rank + suit in needed[seat]:
                need(seat, rank + suit, t)

    # the draws: after trick k the winner takes the top card, the loser the next
    drawn: list[Card] = []
    dealt: list[list[Card]] = [[], []]
    slots = [
        [k for k in range(1, rounds + 1) if not (k == DRAW_ROUNDS and seat == last_loser)]
        for seat in (0, 1)
    ]
    taken: list[dict[int, Card]] = [{}, {}]
    for seat in (0, 1):
        left = dict(needed[seat])
        if len(left) != HAND_SIZE + len(slots[seat]):
            raise ValueError("the view's play does not fit the draws")
        # the latest draw first: any card needed after it may take it, and the rest still fit
        for k in reversed(slots[seat]):
            card = rng.choice(sorted(c for c, by in left.items() if by > k))
            taken[seat][k] = card
            del left[card]
        dealt[seat] = sorted(left)
        rng.shuffle(dealt[seat])
    for k in range(1, rounds + 1):
        winner = history[k - 1].winner
        drawn.append(taken[winner][k])
        if k in taken[1 - winner]:
            drawn.append(taken[1 - winner][k])
    dealer: int = d["dealer"]
    first_hand, second_hand = dealt[1 - dealer], dealt[dealer]
    pack = [
        *first_hand[:3],
        *second_hand[:3],
        *first_hand[3:],
        *second_hand[3:],
        first,
        *drawn,
        *stock,
    ]

    actions: list[tuple[int, str]] = []
    for t in range(1, n + 2):
        on_lead = history[t - 1].leader if t <= n else leader
        if exchange is not None and exchange["after"] == t - 1:
            actions.append((exchange["seat"], "exchange"))
        if closed_after == t - 1:
            actions.append((d["closed_by"], "close"))
        actions.extend((s, f"marriage:{suit}") for (s, suit), lead in leads.items() if lead == t)
        cards = history[t - 1].cards if t <= n else trick
        actions.extend(((on_lead + i) % 2, f"play:{c}") for i, c in enumerate(cards))
    return pack, actions


def _marriage_leads(d: dict[str, Any], history: Sequence[Trick]) -> dict[tuple[int, str], int]:
    """The trick each declared marriage led to: the first its declarer led with the king or
    queen of its suit (the lead in progress for one still pending)."""
    leads: dict[tuple[int, str], int] = {}
    for m in d["marriages"]:
        seat, suit = m["seat"], m["suit"]
        pair = ("K" + suit, "Q" + suit)
        leads[(seat, suit)] = next(
            (
                t
                for t, done in enumerate(history, start=1)
                if done.leader == seat and done.cards[0] in pair
            ),
            len(history) + 1,
        )
    return leads
