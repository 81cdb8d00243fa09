"""Deals of the deal in progress that fit what one seat was shown (OpenSpiel's
``ResampleFromInfostate``), for computer players that sample and for the view tests.

The exchange moves cards from hand to hand, and a seat sees only the passes it gave or
received, so a card is placed by its whole *trajectory*: where it was dealt (a seat's
twelve, or the open cards forehand takes up), the passes it went through, and so who holds
it now (or played it). A *configuration* says how many cards take each trajectory: it is
fixed by which cards feed each pass (forehand's four from the open cards or from his own
twelve, each of his partner's three from his own twelve or from the four he was passed, the
dealer's partner's card from his own or the one he received, the dealer's from his own or
one of the two he received). Every history of the deal is one configuration and one
placement of the cards on its trajectories, so a configuration is drawn with weight the
number of placements that fit the view, then a placement uniformly: every deal consistent
with the view is equally likely.

What a seat's view fixes: the open cards (dealt open), its own twelve, the cards of the
passes it gave or received, the cards it holds now, who played each card played, and the
suits a player showed it holds no more by not following them. Cards the view says the
same of form a class. The few cards a configuration passes (at most nine) are chosen class
by class; the rest, each kept by the seat it was dealt to, are placed on at most five
places, where only the cards no one has shown (by suit) have a choice: one table of those
counts serves every configuration of the view.

The state is then built the only way a state is: the pack that deals the twelves, the
contract, the exchange's steps and the cards played, in order.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Any, Final, TypeVar

from ...cards import FULL_DECK, Card
from ...game import TABLE, View
from ..contracts import contract_action
from .deal import Roles, pack_for
from .notation import PLAY, deal_action, pass_action, share_action
from .rules import CONTRACTS, DEALT, FREE, OPEN_CARDS, SEATS
from .state import CONTRACT, Match

T = TypeVar("T")

OPEN: Final = -1
"""The origin of the four open cards (forehand takes them up with the contract)."""
KEPT_OPEN: Final = SEATS
"""The kept place of the open cards forehand keeps, after the seats' own."""

Slot = tuple[int, int]
"""A pass of the exchange: its step and its receiver (step 2 has three)."""
Trajectory = tuple[int, tuple[Slot, ...]]
"""Where a card was dealt (a seat, or :data:`OPEN`) and the passes it went through."""


@dataclass(frozen=True, slots=True)
class _Pass:
    slot: Slot
    giver: int
    size: int
    cards: tuple[Card, ...] | None
    """Seen by the seat resampling, else ``None``."""


@dataclass(frozen=True, slots=True)
class _Config:
    counts: tuple[tuple[Trajectory, int], ...]
    """How many cards take each trajectory."""


def resample(view: View, rng: random.Random) -> Match:
    """A match whose deal in progress shows ``view["seat"]`` exactly what ``view`` does, the
    cards hidden from that seat dealt anew uniformly among the deals that fit."""
    deal = view["deal"]
    if deal is None:
        raise ValueError("the view shows no deal in progress")
    problem = _problem(view["seat"], deal)
    trajectory = problem.draw(rng)
    dealt: list[list[Card]] = [[] for _ in range(SEATS)]
    passed: dict[Slot, list[Card]] = {}
    for card, (origin, slots) in trajectory.items():
        if origin != OPEN:
            dealt[origin].append(card)
        for slot in slots:
            passed.setdefault(slot, []).append(card)
    return _rebuild(view, deal, dealt, passed)


# -- the problem a view sets -------------------------------------------------------------------


def _plays(deal: dict[str, Any]) -> list[list[tuple[int, Card]]]:
    tricks = [[(c["seat"], c["card"]) for c in t["cards"]] for t in deal["tricks_played"]]
    if deal["trick"]:
        tricks.append([(c["seat"], c["card"]) for c in deal["trick"]])
    return tricks


def _problem(seat: int | None, deal: dict[str, Any]) -> _Problem:
    # the same view is resampled many times by a player that samples: its counts are kept
    shown = (deal["dealer"], deal["open"], deal["open_taken"], deal["hand"], deal["exchange"])
    key = json.dumps([seat, *shown, _plays(deal)])
    return _problem_of(key)


@lru_cache(maxsize=32)
def _problem_of(key: str) -> _Problem:
    seat, dealer, open_cards, taken, hand, exchange, plays = json.loads(key)
    return _Problem(seat, dealer, open_cards, taken, hand, exchange, plays)


Profile = tuple[frozenset[int], frozenset[int], tuple[Slot, ...]]
"""What a seat's view fixes of a card: where it may have been dealt, who may hold it now
(or played it), and the passes it saw it go through."""


class _Problem:
    """What a view allows: the configurations of the exchange, the cards in classes of one
    profile, and the number of histories each configuration has.

    In a configuration most cards are *kept* (never passed: dealt to the seat that holds
    them now, or open and still forehand's); the few on the other trajectories are at
    most nine. Those are counted by class (which of a class are taken does not change what
    is left for the rest), and the kept cards by an assignment onto at most five places
    (the seats, and forehand's open cards)."""

    def __init__(
        self,
        seat: int | None,
        dealer: int,
        open_cards: list[Card],
        taken: bool,
        hand: list[Card] | None,
        exchange: list[dict[str, Any]],
        plays: list[list[list[Any]]],
    ) -> None:
        self.roles = roles = Roles.of(dealer)
        passes = [
            _Pass(
                (e["step"], e["to"]),
                e["from"],
                e["count"],
                tuple(e["cards"]) if e["cards"] is not None else None,
            )
            for e in exchange
        ]
        played_by: dict[Card, int] = {card: s for trick in plays for s, card in trick}
        voids = _voids(plays)
        self.seen = seen = {p.slot: set(p.cards) for p in passes if p.cards is not None}
        own: set[Card] = set()
        if seat is not None and hand is not None:
            # its twelve: what it holds and played, its passes undone from the last
            own = set(hand) | {c for c, s in played_by.items() if s == seat}
            for p in reversed(passes):
                if p.cards is not None and p.giver == seat:
                    own.update(p.cards)
                elif p.cards is not None:
                    own.difference_update(p.cards)
            if taken:
                own.difference_update(open_cards)
        held = set(hand or [])
        others = frozenset(s for s in range(SEATS) if s != seat)
        classes: dict[Profile, list[Card]] = {}
        for card in FULL_DECK:
            if card in open_cards:
                if not taken:
                    continue  # still on the table: nobody holds it
                origins = frozenset({OPEN})
            elif card in own:
                origins = frozenset({seat}) if seat is not None else frozenset()
            else:
                origins = others
            if card in played_by:
                finals = frozenset({played_by[card]})
            elif card in held:
                finals = frozenset({seat}) if seat is not None else frozenset()
            else:
                finals = frozenset(s for s in others if card[1] not in voids.get(s, ()))
            through = tuple(sorted(s for s, shown in seen.items() if card in shown))
            classes.setdefault((origins, finals, through), []).append(card)
        self.profiles = list(classes)
        self.cards = [classes[p] for p in self.profiles]
        # kept places: each seat's own cards (0-3), and the open cards forehand keeps (4)
        self.kept_allowed = [
            tuple(
                [s for s in range(SEATS) if s in origins and s in finals and not through]
                + (
                    [KEPT_OPEN]
                    if OPEN in origins and roles.forehand in finals and not through
                    else []
                )
            )
            for origins, finals, through in self.profiles
        ]
        self.configs: list[tuple[tuple[int, ...], tuple[tuple[Trajectory, int], ...]]] = []
        for config in _configs(roles, passes, taken):
            kept = [0] * (SEATS + 1)
            moving: list[tuple[Trajectory, int]] = []
            for trajectory, n in config.counts:
                origin, slots = trajectory
                if slots:
                    moving.append((trajectory, n))
                else:
                    kept[KEPT_OPEN if origin == OPEN else origin] += n
            self.configs.append((tuple(kept), tuple(moving)))
        self._admitting: dict[Trajectory, list[int]] = {}
        self._kept: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
        self._free: dict[tuple[tuple[tuple[int, int], ...], tuple[int, ...]], int] = {}
        self._moving: dict[tuple[int, tuple[int, ...]], int] = {}
        # configurations that end alike (the same kept places, the same last trajectories)
        # are counted once from there on
        ends: dict[tuple[tuple[int, ...], tuple[tuple[Trajectory, int], ...]], int] = {}
        self.tails = [
            [ends.setdefault((kept, moving[j:]), len(ends)) for j in range(len(moving) + 1)]
            for kept, moving in self.configs
        ]
        start = tuple(len(c) for c in self.cards)
        self.weights = [self._count(i, 0, start) for i in range(len(self.configs))]
        if not any(self.weights):
            raise ValueError("no deal fits the view")

    def _admits(self, trajectory: Trajectory) -> list[int]:
        """The classes whose cards may take ``trajectory``."""
        known = self._admitting.get(trajectory)
        if known is None:
            origin, slots = trajectory
            final = _holder(self.roles, trajectory)
            through = tuple(s for s in slots if s in self.seen)
            known = self._admitting[trajectory] = [
                k
                for k, (origins, finals, seen) in enumerate(self.profiles)
                if origin in origins and final in finals and seen == through
            ]
        return known

    def _count(self, config: int, j: int, left: tuple[int, ...]) -> int:
        """Histories of ``config`` from its ``j``-th moving trajectory on, the classes
        holding ``left`` cards each."""
        key = (self.tails[config][j], left)
        known = self._moving.get(key)
        if known is not None:
            return known
        kept, moving = self.configs[config]
        if j == len(moving):
            total = self._kept_ways(kept, left)
        else:
            trajectory, n = moving[j]
            total = 0
            for ways, after in self._takes(trajectory, n, left):
                total += ways * self._count(config, j + 1, after)
        self._moving[key] = total
        return total

    def _takes(
        self, trajectory: Trajectory, n: int, left: tuple[int, ...]
    ) -> Iterator[tuple[int, tuple[int, ...]]]:
        """Each way to take ``n`` cards for ``trajectory`` from the classes that admit it:
        the number of choices of cards, and what is left."""
        admits = self._admits(trajectory)
        for split in _compositions(n, [left[k] for k in admits]):
            ways = 1
            after = list(left)
            for k, x in zip(admits, split, strict=True):
                if x:
                    ways *= comb(left[k], x)
                    after[k] -= x
            yield ways, tuple(after)

    def _kept_ways(self, caps: tuple[int, ...], left: tuple[int, ...]) -> int:
        """Placements of the ``left`` cards of each class on the kept places."""
        key = (caps, left)
        known = self._kept.get(key)
        if known is None:
            known = self._kept[key] = self._placements(caps, left)
        return known

    def _placements(self, caps: tuple[int, ...], left: tuple[int, ...]) -> int:
        split = self._split_kept(caps, left)
        if split is None:
            return 0
        room, free = split
        return self._free_ways(free, room)

    def _split_kept(
        self, caps: tuple[int, ...], left: tuple[int, ...]
    ) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]] | None:
        """The room the classes with one kept place leave (``None`` if they do not fit), and
        the classes with a choice of places and their counts, the widest last."""
        room = list(caps)
        free: list[tuple[int, int]] = []
        for k, n in enumerate(left):
            if not n:
                continue
            where = self.kept_allowed[k]
            if not where:
                return None
            if len(where) == 1:
                room[where[0]] -= n  # a class that has one place fills it: one way
            else:
                free.append((k, n))
        if min(room) < 0 or sum(room) != sum(n for _, n in free):
            return None
        free.sort(key=lambda item: (len(self.kept_allowed[item[0]]), item[0]))
        return tuple(room), tuple(free)

    def _free_ways(self, free: tuple[tuple[int, int], ...], room: tuple[int, ...]) -> int:
        """Placements of the cards of the classes ``free`` (class, count) on places with
        ``room``, every place filled; the cards no one has shown, by suit, are the classes
        with a choice, so few that one table of counts serves every configuration."""
        key = (free, room)
        known = self._free.get(key)
        if known is not None:
            return known
        if not free:
            total = 0 if any(room) else 1
        else:
            (k, n), rest = free[0], free[1:]
            where = self.kept_allowed[k]
            total = 0
            if not rest:  # the last class takes exactly what is left
                if all(r == 0 or p in where for p, r in enumerate(room)):
                    total = _multinomial(room)
            else:
                for split, after in _spread(n, where, room):
                    total += _multinomial(split) * self._free_ways(rest, after)
        self._free[key] = total
        return total

    def _draw_kept(
        self, caps: tuple[int, ...], pool: list[list[Card]], rng: random.Random
    ) -> dict[Card, Trajectory]:
        """The cards left in ``pool`` (by class, shuffled) placed uniformly on the kept
        places of ``caps``."""
        split = self._split_kept(caps, tuple(len(cards) for cards in pool))
        assert split is not None
        room, free = split
        out: dict[Card, Trajectory] = {}
        for k, cards in enumerate(pool):
            where = self.kept_allowed[k]
            if cards and len(where) == 1:
                out.update((card, _kept(where[0])) for card in cards)
        for i, (k, n) in enumerate(free):
            rest = free[i + 1 :]
            where = self.kept_allowed[k]
            if rest:
                options = [
                    (_multinomial(split) * self._free_ways(rest, after), split, after)
                    for split, after in _spread(n, where, room)
                ]
                _, chosen, room = _weighted(options, rng, lambda o: o[0])
            else:  # the last class takes exactly what is left
                chosen = tuple(room[p] for p in where)
            at = 0
            for place, x in zip(where, chosen, strict=True):
                out.update((card, _kept(place)) for card in pool[k][at : at + x])
                at += x
        return out

    def draw(self, rng: random.Random) -> dict[Card, Trajectory]:
        """One history of the deal, uniformly among those that fit: each card's trajectory."""
        config = _weighted(range(len(self.configs)), rng, self.weights.__getitem__)
        kept, moving = self.configs[config]
        pool = [list(c) for c in self.cards]
        for cards in pool:
            rng.shuffle(cards)
        left = tuple(len(c) for c in pool)
        out: dict[Card, Trajectory] = {}
        for j, (trajectory, n) in enumerate(moving):
            options = [
                (ways * self._count(config, j + 1, after), after)
                for ways, after in self._takes(trajectory, n, left)
            ]
            _, after = _weighted(options, rng, lambda o: o[0])
            for k, (before, now) in enumerate(zip(left, after, strict=True)):
                for _ in range(before - now):
                    out[pool[k].pop()] = trajectory
            left = after
        out.update(self._draw_kept(kept, pool, rng))
        return out


def _kept(place: int) -> Trajectory:
    return (OPEN if place == KEPT_OPEN else place, ())


def _spread(
    n: int, where: Sequence[int], room: tuple[int, ...]
) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Each way to put ``n`` cards on the places ``where`` within their ``room``: the
    counts, and the room left."""
    for split in _compositions(n, [room[p] for p in where]):
        after = list(room)
        for place, x in zip(where, split, strict=True):
            after[place] -= x
        yield split, tuple(after)


def _voids(plays: Sequence[Sequence[Sequence[Any]]]) -> dict[int, set[str]]:
    """Per seat, the suits it showed it holds none of, by not following them."""
    voids: dict[int, set[str]] = {}
    for trick in plays:
        led = trick[0][1][1]
        for seat, card in trick[1:]:
            if card[1] != led:
                voids.setdefault(seat, set()).add(led)
    return voids


def _holder(roles: Roles, trajectory: Trajectory) -> int:
    origin, slots = trajectory
    if slots:
        return slots[-1][1]
    return roles.forehand if origin == OPEN else origin


def _configs(roles: Roles, passes: Sequence[_Pass], taken: bool) -> Iterator[_Config]:
    """Every configuration of the passes made so far: for each pass in turn, how many of
    its cards come from each trajectory its giver holds at that moment."""
    start: dict[Trajectory, int] = {(s, ()): DEALT for s in range(SEATS)}
    if taken:
        start[(OPEN, ())] = OPEN_CARDS

    def walk(i: int, counts: dict[Trajectory, int]) -> Iterator[_Config]:
        if i == len(passes):
            yield _Config(tuple(sorted((t, n) for t, n in counts.items() if n)))
            return
        p = passes[i]
        sources = sorted(t for t, n in counts.items() if n and _holder(roles, t) == p.giver)
        for split in _compositions(p.size, [counts[t] for t in sources]):
            after = dict(counts)
            for trajectory, k in zip(sources, split, strict=True):
                if k:
                    after[trajectory] -= k
                    moved = (trajectory[0], (*trajectory[1], p.slot))
                    after[moved] = after.get(moved, 0) + k
            yield from walk(i + 1, after)

    yield from walk(0, start)


def _compositions(total: int, bounds: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way to take ``total`` items from piles of the given sizes."""
    if not bounds:
        if total == 0:
            yield ()
        return
    for k in range(min(total, bounds[0]) + 1):
        for rest in _compositions(total - k, bounds[1:]):
            yield (k, *rest)


def _multinomial(parts: Sequence[int]) -> int:
    ways, n = 1, sum(parts)
    for k in parts:
        ways *= comb(n, k)
        n -= k
    return ways


def _weighted(items: Sequence[T], rng: random.Random, weight: Callable[[T], int]) -> T:
    total = sum(weight(item) for item in items)
    pick = rng.randrange(total)
    for item in items:
        pick -= weight(item)
        if pick < 0:
            return item
    raise AssertionError("weights changed while drawing")


# -- the state ---------------------------------------------------------------------------------


def _rebuild(
    view: View, deal: dict[str, Any], dealt: list[list[Card]], passed: dict[Slot, list[Card]]
) -> Match:
    """Deal the twelves, then make the contract, the passes and the plays the view shows."""
    dealer: int = deal["dealer"]
    match = Match(view["first_dealer"])
    match.base = view["deals_played"]
    match.totals = list(view["totals"])
    left: list[list[str]] = view["contracts_left"]
    match.used = [set(CONTRACTS) - set(left[s]) for s in range(SEATS)]
    match.next_dealer = dealer
    match.apply(TABLE, deal_action(pack_for(deal["open"], dealt, dealer)))
    contract = deal["contract"]
    roles = Roles.of(dealer)
    if contract is not None and match.phase == CONTRACT:
        match.apply(
            roles.forehand, contract_action(contract, deal["trump"] if contract == FREE else None)
        )
    steps = sorted({step for step, _ in passed})
    for step in steps:
        giver = roles.giver(step)
        if step == 2:
            action = share_action({r: passed[(2, r)][0] for r in roles.receivers(2)})
        else:
            action = pass_action(passed[(step, roles.receivers(step)[0])])
        match.apply(giver, action)
    for trick in _plays(deal):
        for seat, card in trick:
            match.apply(seat, PLAY[card])
    return match
