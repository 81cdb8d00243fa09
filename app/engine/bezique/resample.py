"""A state of the bezique deal in progress rebuilt from one seat's view, the cards it has
not seen dealt anew (OpenSpiel's ``ResampleFromInfostate``), for computer players that
sample and for the test that a view tells nothing more.

Every public fact is kept: the actions (so every card played, laid out and declared, and
the tables), the carte blanche shown, and the seat's own hands as dealt and its draws. The
unseen cards (the other concealed hand less what the table has seen of it, and the stock)
are spread over their places uniformly among the arrangements the play allows: once the
stock is gone a player who did not follow suit holds none of it, one who did not trump
either holds no trump, and with ``must_win_endgame`` one who followed without beating the
card led holds nothing that would have.

The state is then built the only way a state is: a pack is laid out that leads, through
the deal's actions, to those hands and that stock, and the actions are applied to it. For
each player whose cards are re-dealt, which cards it was dealt and which it drew after each
trick is chosen at random among the ways the play allows: a card must be in hand before it
is played or laid out; a dealt hand that was not shown holds a king, queen or jack; a
shown draw is the card shown; and the first draw not shown of a player whose carte blanche
ran is a court card. An arrangement that leaves no such way is drawn again.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..actions import Action
from ..assign import Assignment, NoDealFits
from ..cards import Card
from ..game import TABLE, View
from ..tricks import revealed
from .deal import Shown, layout
from .rules import ENDGAME, ENDGAME_MUST_WIN
from .state import Match, new_match
from .variant import COURT, RANKS, Variant
from .view import Course

STOCK: Final = 2
"""The third place an unseen card may lie, besides the two concealed hands."""
NEVER: Final = 10_000
"""The deadline of a card still held: any draw may have brought it."""
TRIES: Final = 60
"""Arrangements drawn for one that some course of the deal fits."""
COURSE_TRIES: Final = 4
"""Random courses tried for one arrangement before it is drawn again."""

History = tuple[list[Card], dict[int, Card]]
"""A player's hand as dealt, and the card it drew after each trick while the stock lasted."""


def resample(variant: Variant, view: View, rng: random.Random) -> Match:
    match = new_match(variant, view["options"], view["first_dealer"])
    match.totals = list(view["totals"])
    match.base = view["deals_played"]
    shown = view["deal"]
    if view["phase"] == "match_over":
        match.to_act = None
        return match
    if shown is None:
        match.to_act = TABLE
        match.next_dealer = view["next_dealer"]
        return match
    match.next_dealer = shown["dealer"]
    actions = [(seat, text) for seat, text in shown["actions"]]
    pack = _pack(variant, view, shown, actions, rng)
    match.apply(TABLE, Action("deal", ",".join(pack)))
    # the last deal played is not held: its trumps, barred from being trumps again, are the
    # view's (Chinese §4)
    match.deals[-1].previous_trump = shown["previous_trump"]
    for seat, text in actions:
        match.apply(seat, match.notation.parse(text))
    return match


def _pack(
    variant: Variant,
    view: View,
    d: Mapping[str, Any],
    actions: Sequence[tuple[int, str]],
    rng: random.Random,
) -> list[Card]:
    seat: int | None = view["seat"]
    shows = [
        Shown(e["seat"], e["after"], (), tuple(e["cards"]), e["points"]) for e in d["carte_blanche"]
    ]
    course = Course(variant)
    course.advance(actions, shows)
    rounds = course.rounds
    others = [s for s in (0, 1) if s != seat]

    seen: Counter[Card] = Counter()
    if seat is not None:
        seen.update(d["dealt"])
        seen.update(d["drawn"])
    for s in others:
        seen.update(code for code, _ in course.revealed[s])
        seen.update(c for show in shows if show.seat == s for c in show.cards)
    pool = Counter(variant.pack.cards) - seen
    slots = [0, 0]
    for s in others:
        slots[s] = d["hand_sizes"][s] - sum(course.known[s].values())
    caps = (slots[0], slots[1], d["stock"])
    if sum(pool.values()) != sum(caps):
        raise ValueError("the view does not account for every card")
    bans = _bans(variant, d, bool(view["options"]["must_win_endgame"]))
    places: dict[tuple[Card, int], list[int]] = {}
    for code, n in sorted(pool.items()):
        allowed = [s for s in others if slots[s] and code not in bans[s]] + [STOCK]
        for i in range(n):
            places[(code, i)] = allowed
    try:
        assignment = Assignment.of(places, caps)
    except NoDealFits:
        raise ValueError("no arrangement of the unseen cards fits the view") from None

    histories: dict[int, History] = {}
    if seat is not None:
        histories[seat] = (list(d["dealt"]), dict(enumerate(d["drawn"], start=1)))
    stock: list[Card] = []
    for _ in range(TRIES):
        drawn = assignment.draw(rng)
        found = {
            s: _history(variant, s, course, shows, [c for c, _ in drawn[s]], rounds, rng)
            for s in others
        }
        if all(h is not None for h in found.values()):
            for s, h in found.items():
                assert h is not None
                histories[s] = h
            stock = [c for c, _ in drawn[STOCK]]
            break
    else:
        raise ValueError("no course of the deal fits the view")
    rng.shuffle(stock)

    size = 2 * variant.hand_size
    pack: list[Card] = []
    dealt = {s: list(histories[s][0]) for s in (0, 1)}
    for s in others:  # the seat's own hand keeps the order it was dealt in
        rng.shuffle(dealt[s])
    queues = {s: iter(dealt[s]) for s in (0, 1)}
    pack.extend(next(queues[s]) for s in layout(variant, d["dealer"]))
    for k in range(1, rounds + 1):
        winner = d["tricks_played"][k - 1]["winner"]
        pack.append(histories[winner][1][k])
        pack.append(histories[1 - winner][1][k])
    pack.extend(stock)
    if len(pack) != variant.pack_size or len(pack) - size - 2 * rounds != d["stock"]:
        raise ValueError("the view's deal does not add up")
    return pack


def _history(
    variant: Variant,
    seat: int,
    course: Course,
    shows: Sequence[Shown],
    unseen: Sequence[Card],
    rounds: int,
    rng: random.Random,
) -> History | None:
    """A course of ``seat``'s cards the play allows: its dealt hand and its draws; ``None``
    when the cards it has been given fit none."""
    fixed_dealt: list[Card] | None = None
    fixed_draws: dict[int, Card] = {}
    for show in shows:
        if show.seat != seat:
            continue
        if show.after == 0:
            fixed_dealt = list(show.cards)
        else:
            fixed_draws[show.after] = show.cards[0]
    blank_end: int | None = None
    if fixed_dealt is not None:
        k = 1
        while k in fixed_draws:
            k += 1
        if k <= rounds:
            blank_end = k
    free = [*course.revealed[seat], *((c, NEVER) for c in unseen)]
    open_rounds = [k for k in range(rounds, 0, -1) if k not in fixed_draws]
    hand_slots = variant.hand_size - (len(fixed_dealt) if fixed_dealt is not None else 0)
    if len(free) != hand_slots + len(open_rounds):
        return None
    for _ in range(COURSE_TRIES):
        items = list(free)
        kept: list[Card] = []
        if fixed_dealt is None:
            courts = [i for i, (c, _) in enumerate(items) if c[0] in COURT]
            if not courts:
                return None
            kept.append(items.pop(rng.choice(courts))[0])
        draws = dict(fixed_draws)
        for k in open_rounds:  # the latest first: a card needed later fits any earlier draw
            fits = [
                i for i, (c, by) in enumerate(items) if by > k and (k != blank_end or c[0] in COURT)
            ]
            if not fits:
                break
            draws[k] = items.pop(rng.choice(fits))[0]
        else:
            if fixed_dealt is not None:
                return fixed_dealt, draws
            return [*kept, *(c for c, _ in items)], draws
    return None


def _bans(variant: Variant, d: Mapping[str, Any], must_win: bool) -> list[set[Card]]:
    """Cards each seat cannot hold now, by how it followed once the stock was gone (rubicon
    §9: follow suit, else trump; with ``must_win_endgame`` beat the card led if able)."""
    tricks = [
        [(c["seat"], c["card"]) for c in trick["cards"]]
        for trick in d["tricks_played"][variant.stock_tricks :]
    ]
    rules = ENDGAME_MUST_WIN if must_win else ENDGAME
    return revealed(tricks, d["trump"], rules, 2).cards(RANKS)
