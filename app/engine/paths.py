"""Where cards passed from hand to hand lie, for a seat that saw only some of the passes.

A seat sees the passes it gave or received; the others it knows only by who gave how many
cards to whom. A card is then placed by its *path*: the hand it lay in when the passes
began, and the passes it went through, the last of which (or else that first hand) holds
it now. A *configuration* says how many cards take each path; it is fixed by which paths
feed each pass. Every history of the passes is one configuration and one placement of the
cards on its paths, so a configuration is drawn with weight the number of placements that
fit what the seat knows, then a placement uniformly: every history is equally likely, as a
random deal and passes chosen at random make them.

What the seat knows of a card (its *profile*): where it may have lain when the passes began,
who may hold it now (in hand or played), and which of the passes it saw carried it. Cards
of one profile are interchangeable. In a configuration most cards are *kept* (never
passed: they lie where they began); the few on the other paths are chosen profile by
profile, and the kept ones are an ordinary assignment onto the hands
(:class:`~app.engine.assign.Assignment`), counted once per view.

:meth:`Ledger.redeal <app.engine.ledger.Ledger.redeal>` uses it when a view names passes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from math import comb
from typing import TypeVar

from .assign import Assignment, NoDealFits
from .cards import Card

T = TypeVar("T")

Path = tuple[int, tuple[int, ...]]
"""The hand a card lay in when the passes began, and the passes (by index) it went through."""
PassShown = tuple[int, int, int, tuple[Card, ...] | None]
"""A pass as a seat saw it: giver, taker, how many cards, the cards (``None``: not seen)."""
Profile = tuple[frozenset[int], frozenset[int], tuple[int, ...]]
_Free = tuple[tuple[tuple[int, ...], int], ...]
"""Kept cards with a choice of hands: where they may lie, how many."""
_Kept = tuple[_Free, Assignment[int]]


def holder(passes: Sequence[PassShown], path: Path) -> int:
    """Who holds a card that took ``path`` (in hand, or who played it)."""
    origin, through = path
    return passes[through[-1]][1] if through else origin


def draw_paths(
    passes: Sequence[PassShown],
    began: Sequence[Sequence[Card]],
    now: Sequence[Sequence[Card]],
    sizes: Sequence[int],
    free: Sequence[Card],
    holds: Callable[[int, Card], bool],
    rng: random.Random,
) -> dict[Card, Path]:
    """Each card's path, uniformly among the histories that fit. ``began``, per seat, the
    cards known to have lain with it when the passes began; ``now``, per seat, those known
    to lie with it now (in hand or played); ``sizes``, per seat, how many cards lie with it
    now (in hand or played); ``free``, the cards whose holder is not known (each may lie
    with any seat that ``holds`` it)."""
    seats = len(sizes)
    finals: list[tuple[int, ...]] = [
        tuple(s for s in range(seats) if holds(s, c) and len(now[s]) < sizes[s]) for c in free
    ]
    key = (
        tuple(passes),
        tuple(map(tuple, began)),
        tuple(map(tuple, now)),
        tuple(sizes),
        tuple(free),
        tuple(finals),
    )
    return _problem(key).draw(rng)


@lru_cache(maxsize=32)
def _problem(key: tuple[object, ...]) -> _Paths:
    return _Paths(*key)  # type: ignore[arg-type]


class _Paths:
    """What a seat's knowledge allows: the configurations of the passes, the cards in classes
    of one profile, and the number of histories of each configuration."""

    def __init__(
        self,
        passes: tuple[PassShown, ...],
        began: tuple[tuple[Card, ...], ...],
        now: tuple[tuple[Card, ...], ...],
        sizes: tuple[int, ...],
        free: tuple[Card, ...],
        finals: tuple[tuple[int, ...], ...],
    ) -> None:
        self.passes = passes
        seats = len(sizes)
        self.seats = seats
        start = list(sizes)  # each hand when the passes began: now, passes undone
        for giver, taker, count, _ in passes:
            start[giver] += count
            start[taker] -= count
        unknown = frozenset(s for s in range(seats) if len(began[s]) < start[s])
        seen = {j: set(p[3]) for j, p in enumerate(passes) if p[3] is not None}
        classes: dict[Profile, list[Card]] = {}
        origin_of = {c: frozenset({s}) for s in range(seats) for c in began[s]}
        final_of = {c: frozenset({s}) for s in range(seats) for c in now[s]}
        final_of.update((c, frozenset(f)) for c, f in zip(free, finals, strict=True))
        for card, where in final_of.items():
            through = tuple(j for j, shown in seen.items() if card in shown)
            profile = (origin_of.get(card, unknown), where, through)
            classes.setdefault(profile, []).append(card)
        self.profiles = list(classes)
        self.cards = [classes[p] for p in self.profiles]
        self.kept_allowed = [
            tuple(sorted(origins & finals)) if not through else ()
            for origins, finals, through in self.profiles
        ]
        self.configs: list[tuple[tuple[int, ...], tuple[tuple[Path, int], ...]]] = []
        for counts in _configs(passes, start):
            kept = [0] * seats
            moving: list[tuple[Path, int]] = []
            for path, n in counts:
                if path[1]:
                    moving.append((path, n))
                else:
                    kept[path[0]] += n
            self.configs.append((tuple(kept), tuple(moving)))
        self._admitting: dict[Path, list[int]] = {}
        self._kept: dict[tuple[tuple[int, ...], _Free], _Kept | None] = {}
        self._moving: dict[tuple[int, tuple[int, ...]], int] = {}
        # configurations that end alike (the same kept counts, the same last paths) are
        # counted once from there on
        ends: dict[tuple[tuple[int, ...], tuple[tuple[Path, int], ...]], int] = {}
        self.tails = [
            [ends.setdefault((kept, moving[j:]), len(ends)) for j in range(len(moving) + 1)]
            for kept, moving in self.configs
        ]
        left = tuple(len(c) for c in self.cards)
        self.weights = [self._count(i, 0, left) for i in range(len(self.configs))]
        if not any(self.weights):
            raise NoDealFits("no history of the passes fits the view")

    def _admits(self, path: Path) -> list[int]:
        """The classes whose cards may take ``path``."""
        known = self._admitting.get(path)
        if known is None:
            origin, through = path
            final = holder(self.passes, path)
            shown = tuple(j for j in through if self.passes[j][3] is not None)
            known = self._admitting[path] = [
                k
                for k, (origins, finals, seen) in enumerate(self.profiles)
                if origin in origins and final in finals and seen == shown
            ]
        return known

    def _count(self, config: int, j: int, left: tuple[int, ...]) -> int:
        """Histories of ``config`` from its ``j``-th moving path on, the classes holding
        ``left`` cards each."""
        key = (self.tails[config][j], left)
        known = self._moving.get(key)
        if known is not None:
            return known
        kept, moving = self.configs[config]
        if j == len(moving):
            found = self._kept_of(kept, left)
            total = 0 if found is None else found[1].ways(0, found[1].caps)
        else:
            path, n = moving[j]
            total = 0
            for ways, after in self._takes(path, n, left):
                total += ways * self._count(config, j + 1, after)
        self._moving[key] = total
        return total

    def _takes(
        self, path: Path, n: int, left: tuple[int, ...]
    ) -> Iterator[tuple[int, tuple[int, ...]]]:
        """Each way to take ``n`` cards for ``path`` from the classes that admit it: the
        number of choices of cards, and what is left."""
        admits = self._admits(path)
        for split in _compositions(n, [left[k] for k in admits]):
            ways = 1
            after = list(left)
            for k, x in zip(admits, split, strict=True):
                if x:
                    ways *= comb(left[k], x)
                    after[k] -= x
            yield ways, tuple(after)

    def _kept_of(self, caps: tuple[int, ...], left: tuple[int, ...]) -> _Kept | None:
        """The kept cards, ``left`` of each class, onto the hands they began in: the room
        the classes with one place leave, and the others' cards by where they may lie, with
        their assignment (``None`` if none fits)."""
        room = list(caps)
        free: dict[tuple[int, ...], int] = {}
        for k, n in enumerate(left):
            if not n:
                continue
            where = self.kept_allowed[k]
            if not where:
                return None
            if len(where) == 1:
                room[where[0]] -= n  # a class that has one place fills it: one way
            else:
                free[where] = free.get(where, 0) + n
        if min(room) < 0:
            return None
        key = (tuple(room), tuple(sorted(free.items())))
        if key not in self._kept:
            places: dict[int, tuple[int, ...]] = {}
            for where, n in key[1]:
                for _ in range(n):
                    places[len(places)] = where
            try:
                self._kept[key] = (key[1], Assignment.of(places, key[0]))
            except NoDealFits:
                self._kept[key] = None
        return self._kept[key]

    def draw(self, rng: random.Random) -> dict[Card, Path]:
        """One history, uniformly among those that fit: each card's path."""
        config = _weighted(range(len(self.configs)), rng, self.weights.__getitem__)
        kept, moving = self.configs[config]
        pool = [list(c) for c in self.cards]
        for cards in pool:
            rng.shuffle(cards)
        left = tuple(len(c) for c in pool)
        out: dict[Card, Path] = {}
        for j, (path, n) in enumerate(moving):
            options = [
                (ways * self._count(config, j + 1, after), after)
                for ways, after in self._takes(path, n, left)
            ]
            _, after = _weighted(options, rng, lambda o: o[0])
            for k, (before, now) in enumerate(zip(left, after, strict=True)):
                for _ in range(before - now):
                    out[pool[k].pop()] = path
            left = after
        found = self._kept_of(kept, left)
        assert found is not None
        free: dict[tuple[int, ...], list[Card]] = {}
        for k, cards in enumerate(pool):
            where = self.kept_allowed[k]
            if len(where) == 1:
                out.update((card, (where[0], ())) for card in cards)
            elif cards:
                free.setdefault(where, []).extend(cards)
        numbered = [card for where, _ in found[0] for card in free[where]]
        for seat, chosen in enumerate(found[1].draw(rng)):
            out.update((numbered[n], (seat, ())) for n in chosen)
        return out


def _configs(
    passes: Sequence[PassShown], start: Sequence[int]
) -> Iterator[tuple[tuple[Path, int], ...]]:
    """Every configuration of the passes: for each pass in turn, how many of its cards come
    from each path its giver holds at that moment."""
    first: dict[Path, int] = {(s, ()): n for s, n in enumerate(start) if n}

    def walk(j: int, counts: dict[Path, int]) -> Iterator[tuple[tuple[Path, int], ...]]:
        if j == len(passes):
            yield tuple(sorted((t, n) for t, n in counts.items() if n))
            return
        giver, _, size, _ = passes[j]
        sources = sorted(t for t, n in counts.items() if n and holder(passes, t) == giver)
        for split in _compositions(size, [counts[t] for t in sources]):
            after = dict(counts)
            for path, k in zip(sources, split, strict=True):
                if k:
                    after[path] -= k
                    moved = (path[0], (*path[1], j))
                    after[moved] = after.get(moved, 0) + k
            yield from walk(j + 1, after)

    yield from walk(0, first)


def _compositions(total: int, bounds: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way to take ``total`` items from piles of the given sizes."""
    if not bounds:
        if total == 0:
            yield ()
        return
    for k in range(min(total, bounds[0]) + 1):
        for rest in _compositions(total - k, bounds[1:]):
            yield (k, *rest)


def _weighted(items: Sequence[T], rng: random.Random, weight: Callable[[T], int]) -> T:
    total = sum(weight(item) for item in items)
    pick = rng.randrange(total)
    for item in items:
        pick -= weight(item)
        if pick < 0:
            return item
    raise AssertionError("weights changed while drawing")


def seen_on(passes: Sequence[PassShown], path: Path) -> int:
    """The seats (a bit each) that saw a card on ``path``: where it began, and each pass's
    giver and taker."""
    seen = 1 << path[0]
    for j in path[1]:
        seen |= 1 << passes[j][0] | 1 << passes[j][1]
    return seen


__all__ = ["PassShown", "Path", "draw_paths", "holder", "seen_on"]
