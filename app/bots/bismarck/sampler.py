"""Deal the cards a seat has not seen, uniformly among the deals consistent with its view.

The unseen cards go to three places: the two other hands (exact sizes) and, when the seat is
not forehand, forehand's discard of four. A card may not go to a hand whose player has shown a
void in its suit, and an unplayed open card may only go to forehand (hand or discard).

Cards with the same set of possible places are interchangeable, so a deal is drawn in two
steps: how many cards of each such group go to each place (weighted by the number of deals
that split gives), then which cards. The weights depend only on the view, so they are
counted once per decision; each draw is then a few table look-ups and shuffles. Rejection
sampling would be simpler but slows to a crawl once several voids have shown.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Iterator
from itertools import accumulate
from math import comb

from .bits import codes_of
from .knowledge import Knowledge

Caps = tuple[int, ...]


class InconsistentView(ValueError):
    """No deal of the unseen cards fits what the view shows (a bug upstream, never a game state)."""


def _splits(n: int, allowed: list[int], caps: Caps) -> Iterator[Caps]:
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


def _multinomial(n: int, parts: Caps) -> int:
    ways = 1
    for k in parts:
        ways *= comb(n, k)
        n -= k
    return ways


class Sampler:
    """Draws the other two hands (and forehand's discard) for one seat's decision."""

    def __init__(self, k: Knowledge) -> None:
        self.others = k.others
        caps = [k.sizes[p] for p in self.others]
        if k.hidden_discard:
            caps.append(k.hidden_discard)
        self.caps: Caps = tuple(caps)
        everywhere = (1 << len(caps)) - 1
        groups: dict[int, list[int]] = {}
        for card in codes_of(k.unseen):
            suit_bit = 1 << (card // 13)
            allowed = 0
            for i, p in enumerate(self.others):
                if k.voids[p] & suit_bit:
                    continue
                if p != 0 and k.forehand_only >> card & 1:
                    continue
                allowed |= 1 << i
            if k.hidden_discard:
                allowed |= 1 << 2
            if not allowed:
                raise InconsistentView(f"card {card} fits nowhere")
            groups.setdefault(allowed, []).append(card)
        if sum(len(g) for g in groups.values()) != sum(caps):
            raise InconsistentView("unseen cards and hand sizes disagree")
        # The group that may go anywhere is the largest; put it last, where its count is a
        # closed form, so the table of counts stays small.
        keys = sorted(groups, key=lambda a: (a == everywhere, a))
        self.groups: list[list[int]] = [groups[a] for a in keys]
        self.allowed: list[list[int]] = [[i for i in range(len(caps)) if a >> i & 1] for a in keys]
        self._ways: dict[tuple[int, Caps], int] = {}
        self._choice: dict[tuple[int, Caps], tuple[list[Caps], list[int]]] = {}
        if self.ways(0, self.caps) == 0:
            raise InconsistentView("no deal fits the voids shown")

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
                total = _multinomial(n, caps) if fits else 0
            else:
                total = 0
                for split in _splits(n, self.allowed[i], caps):
                    rest = tuple(c - k for c, k in zip(caps, split, strict=True))
                    total += _multinomial(n, split) * self.ways(i + 1, rest)
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
                w = _multinomial(n, split) * self.ways(i + 1, rest)
                if w:
                    splits.append(split)
                    weights.append(w)
            cached = (splits, list(accumulate(weights)))
            self._choice[key] = cached
        return cached

    def draw(self, rng: random.Random) -> list[int]:
        """One deal: a mask per place (the two other players in ``others`` order, then the
        discard when it is hidden)."""
        caps = self.caps
        masks = [0] * len(caps)
        for i, group in enumerate(self.groups):
            if i == len(self.groups) - 1:
                split = caps
            else:
                splits, cumulative = self._splits_of(i, caps)
                split = splits[bisect_right(cumulative, rng.randrange(cumulative[-1]))]
            cards = list(group)
            if len(self.allowed[i]) > 1:
                rng.shuffle(cards)
            at = 0
            for place, k in enumerate(split):
                for card in cards[at : at + k]:
                    masks[place] |= 1 << card
                at += k
            caps = tuple(c - k for c, k in zip(caps, split, strict=True))
        return masks
