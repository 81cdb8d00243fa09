"""Dealing unseen cards anew: uniformly among the deals that fit what a seat has seen.

The unseen cards go to places (other players' hands, a discard, a stock) of known sizes,
each card only where it may lie (not to a hand whose player showed a void in its suit, an
open card only to the player who took it up, ...). Cards that may go to the same places are
interchangeable, so a deal is drawn in two steps: how many cards of each such group go to
each place, weighted by the number of deals that split gives, then which cards. The weights
depend only on what was seen, so they are counted once; each draw is then a few look-ups
and shuffles. Rejection sampling would be simpler but slows to a crawl once several voids
have shown.

Every game's resampler (``Game.resample``) and the bots' samplers use this one
implementation.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Hashable, Iterator, Mapping, Sequence
from itertools import accumulate
from math import comb
from typing import Generic, TypeVar

Caps = tuple[int, ...]
T = TypeVar("T", bound=Hashable)


class NoDealFits(ValueError):
    """No assignment of the cards fits the places and their limits: what was seen is
    contradictory (a fault upstream, never a game state)."""


def _splits(n: int, allowed: Sequence[int], caps: Caps) -> Iterator[Caps]:
    """Every way of putting ``n`` interchangeable cards into the ``allowed`` places."""
    places = len(caps)

    def rec(i: int, left: int, acc: list[int]) -> Iterator[Caps]:
        if i == len(allowed) - 1:
            if left <= caps[allowed[i]]:
                acc.append(left)
                out = [0] * places
                for place, k in zip(allowed, acc, strict=True):
                    out[place] = k
                yield tuple(out)
                acc.pop()
            return
        for k in range(min(left, caps[allowed[i]]) + 1):
            acc.append(k)
            yield from rec(i + 1, left - k, acc)
            acc.pop()

    if not allowed:
        if n == 0:
            yield (0,) * places
        return
    yield from rec(0, n, [])


def multinomial(n: int, parts: Caps) -> int:
    """The ways to deal ``n`` distinct cards into places of ``parts`` cards each."""
    ways = 1
    for k in parts:
        ways *= comb(n, k)
        n -= k
    return ways


class Assignment(Generic[T]):
    """Draws assignments of ``groups`` of cards to places with the capacities ``caps``.

    ``groups[i]`` are interchangeable cards that may go to the places ``allowed[i]`` (indexes
    into ``caps``); every place must be filled exactly. Build it with :meth:`of` from each
    card's allowed places.
    """

    def __init__(
        self, groups: Sequence[Sequence[T]], allowed: Sequence[Sequence[int]], caps: Caps
    ) -> None:
        if sum(len(g) for g in groups) != sum(caps):
            raise NoDealFits("the cards and the places' sizes disagree")
        everywhere = tuple(range(len(caps)))
        # The group that may go anywhere is the largest; put it last, where its count is a
        # closed form, so the table of counts stays small.
        order = sorted(range(len(groups)), key=lambda i: (tuple(allowed[i]) == everywhere, i))
        self.groups: list[list[T]] = [list(groups[i]) for i in order]
        self.allowed: list[list[int]] = [sorted(allowed[i]) for i in order]
        self.caps = caps
        self._ways: dict[tuple[int, Caps], int] = {}
        self._choice: dict[tuple[int, Caps], tuple[list[Caps], list[int]]] = {}
        if self.ways(0, caps) == 0:
            raise NoDealFits("no deal fits what was seen")

    @classmethod
    def of(cls, places: Mapping[T, Sequence[int]], caps: Caps) -> Assignment[T]:
        """From each card's allowed places (a card that may go nowhere: :class:`NoDealFits`)."""
        groups: dict[tuple[int, ...], list[T]] = {}
        for card, where in places.items():
            key = tuple(sorted(set(where)))
            if not key:
                raise NoDealFits(f"card {card!r} fits nowhere")
            groups.setdefault(key, []).append(card)
        keys = sorted(groups)
        return cls([groups[k] for k in keys], keys, caps)

    def ways(self, i: int, caps: Caps) -> int:
        """Deals of groups ``i..`` into exactly the capacities ``caps``."""
        key = (i, caps)
        known = self._ways.get(key)
        if known is not None:
            return known
        if i == len(self.groups):
            total = 0 if any(caps) else 1
        else:
            n = len(self.groups[i])
            if i == len(self.groups) - 1:
                # the last group takes exactly what is left
                fits = sum(caps) == n and all(
                    k == 0 or place in self.allowed[i] for place, k in enumerate(caps)
                )
                total = multinomial(n, caps) if fits else 0
            else:
                total = 0
                for split in _splits(n, self.allowed[i], caps):
                    rest = tuple(c - k for c, k in zip(caps, split, strict=True))
                    total += multinomial(n, split) * self.ways(i + 1, rest)
        self._ways[key] = total
        return total

    def _splits_of(self, i: int, caps: Caps) -> tuple[list[Caps], list[int]]:
        key = (i, caps)
        cached = self._choice.get(key)
        if cached is None:
            n = len(self.groups[i])
            splits: list[Caps] = []
            weights: list[int] = []
            for split in _splits(n, self.allowed[i], caps):
                rest = tuple(c - k for c, k in zip(caps, split, strict=True))
                w = multinomial(n, split) * self.ways(i + 1, rest)
                if w:
                    splits.append(split)
                    weights.append(w)
            cached = (splits, list(accumulate(weights)))
            self._choice[key] = cached
        return cached

    def draw(self, rng: random.Random) -> list[list[T]]:
        """One deal, uniformly: the cards of each place, in ``caps`` order."""
        caps = self.caps
        out: list[list[T]] = [[] for _ in caps]
        last = len(self.groups) - 1
        for i, group in enumerate(self.groups):
            if i == last:
                split = caps
            else:
                splits, cumulative = self._splits_of(i, caps)
                split = splits[bisect_right(cumulative, rng.randrange(cumulative[-1]))]
            cards = list(group)
            if len(self.allowed[i]) > 1:
                rng.shuffle(cards)
            at = 0
            for place, k in enumerate(split):
                out[place].extend(cards[at : at + k])
                at += k
            caps = tuple(c - k for c, k in zip(caps, split, strict=True))
        return out
