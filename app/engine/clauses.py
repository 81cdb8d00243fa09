"""Unseen cards dealt anew under clauses: uniformly among the deals where, for each clause,
at least one of its cards gets no hidden copy in its place.

What a seat has shown can say what it does not hold as well as what it holds. A seat that
showed a set of cards (a meld) held ``times`` times, when the set is held as often as its
scarcest card, holds it no more often exactly when one of its cards it holds no more than
``times`` copies of already (a *candidate*) gets no further copy: "seat S holds this set
exactly as often as shown" is the clause "one of these candidates gets no hidden copy in
S's hand" (:func:`exactly`), and what it holds at least lies in its hand as cards seen.

A clause with one candidate is a ban like a void; one whose candidate cannot come to the
place anyway always holds; the others are counted. The kinds of card (a card and the places
its copies may go) are taken one at a time, those in clauses first, in an order that keeps
few clauses open at once (each open clause doubles the partial deals to count), then the
free ones; the number of deals that complete each partial one (the places' room left and
which open clauses already hold) is counted once per set of constraints, so a draw picks
each kind's split among the places by those counts: every deal that fits is equally
likely, each copy of a card counted as the physical card it is, as the pack was shuffled.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Iterator, Mapping, Sequence
from itertools import accumulate
from typing import Final

from .assign import NoDealFits, multinomial
from .cards import Card

MOST_COUNTS: Final = 100_000
"""Partial deals counted at most for one set of constraints (about a second): past it the
counting is dropped (:class:`TooManyCounts`). Three twenty-card hands to deal, a seat's
view of an eighty-card game's first lead, need up to about 30,000; four, up to a million."""

Caps = tuple[int, ...]
Clause = tuple[int, tuple[int, ...]]
"""A place and kinds of card: at least one of those kinds gets no copy in that place."""
Layer = tuple[int, int, tuple[int, ...], tuple[int, ...], int]
"""A kind (-1: the free kinds of one group), its copies, the places they may go to, per
place the clauses that hold when it gets none of them, and the clauses that must hold once
they are dealt."""


class TooManyCounts(Exception):
    """Counting the deals that fit would take longer than :data:`MOST_COUNTS` allows."""


def exactly(cards: Sequence[Card], times: int, floor: Mapping[Card, int]) -> tuple[Card, ...]:
    """The clause that keeps the set ``cards`` held exactly ``times`` times (as often as its
    scarcest card) by a place that holds ``floor`` copies of each already: its cards held
    ``times`` times, one of which gets no further copy. :class:`NoDealFits` when the place
    holds the set more often already; :class:`ValueError` when it holds fewer copies of a
    card than ``times`` (what a seat holds at least lies in its hand, as cards seen)."""
    held = [floor.get(c, 0) for c in cards]
    if min(held) < times:
        raise ValueError(f"the set {list(cards)} is held fewer than {times} times")
    candidates = tuple(c for c, n in zip(cards, held, strict=True) if n == times)
    if not candidates:
        raise NoDealFits(f"the set {list(cards)} is held more than {times} times")
    return tuple(dict.fromkeys(candidates))


class ClauseDeal:
    """Draws ``counts[k]`` copies of each kind ``k`` into places of room ``caps``, each kind
    only to its ``allowed`` places, every clause kept. :class:`NoDealFits` when nothing fits,
    :class:`TooManyCounts` when counting would take too long."""

    def __init__(
        self,
        caps: Caps,
        counts: Sequence[int],
        allowed: Sequence[tuple[int, ...]],
        clauses: Sequence[Clause],
    ) -> None:
        places = range(len(caps))
        may = [set(a) for a in allowed]
        todo = [(p, tuple(dict.fromkeys(kinds))) for p, kinds in clauses if caps[p]]
        while True:  # a clause that holds anyway goes; one with a single candidate bans it
            changed = False
            left: list[Clause] = []
            for p, kinds in todo:
                if any(not counts[k] or p not in may[k] for k in kinds):
                    continue
                if len(kinds) == 1:
                    may[kinds[0]].discard(p)
                    changed = True
                else:
                    left.append((p, kinds))
            todo = left
            if not changed:
                break
        in_clause = sorted({k for _, kinds in todo for k in kinds})
        counted = _order(in_clause, todo)
        at = {k: n for n, k in enumerate(counted)}
        last = {bit: max(at[k] for k in kinds) for bit, (_, kinds) in enumerate(todo)}
        layers: list[Layer] = []
        for n, k in enumerate(counted):
            zero = tuple(
                sum(1 << bit for bit, (q, kinds) in enumerate(todo) if q == p and k in kinds)
                for p in places
            )
            close = sum(1 << bit for bit, end in last.items() if end == n)
            layers.append((k, counts[k], tuple(sorted(may[k])), zero, close))
        free: dict[tuple[int, ...], list[int]] = {}
        for k, n in enumerate(counts):
            if n and k not in at:
                if not may[k]:
                    raise NoDealFits(f"kind {k} fits nowhere")
                free.setdefault(tuple(sorted(may[k])), []).extend([k] * n)
        none = (0,) * len(caps)
        self.free = {where: kinds for where, kinds in sorted(free.items())}
        layers.extend(
            (-1 - g, len(kinds), where, none, 0)
            for g, (where, kinds) in enumerate(self.free.items())
        )
        if not layers or layers[-1][0] >= 0:  # the last layer is filled unchecked: free cards
            layers.append((-1 - len(self.free), 0, (), none, 0))
        if sum(n for _, n, *_ in layers) != sum(caps):
            raise NoDealFits("the cards and the places' room disagree")
        self.caps = caps
        self.layers = layers
        field = max(caps).bit_length() + 1
        self._field = field
        self._guards = sum((1 << (field - 1)) << (field * p) for p in places)
        self._moves = [_moves(n, where, zero, caps, field) for _, n, where, zero, _ in layers]
        self._closes = [close for *_, close in layers]
        self._last = len(layers) - 1
        self._ways: list[dict[tuple[int, int], int]] = [{} for _ in layers]
        self._filled: dict[int, int] = {}
        self._counted = 0
        self._choices: dict[tuple[int, int, int], tuple[list[tuple[Caps, int, int]], list[int]]]
        self._choices = {}
        if not self.ways(0, self._room(caps), 0):
            raise NoDealFits("no deal keeps the clauses")

    def _room(self, caps: Caps) -> int:
        """The places' room as one number, a field per place with a guard bit that a split
        taking more than the room clears."""
        return _code(caps, self._field) | self._guards

    def _caps(self, room: int) -> Caps:
        field = self._field
        mask = (1 << (field - 1)) - 1
        return tuple((room >> (field * p)) & mask for p in range(len(self.caps)))

    def ways(self, i: int, room: int, mask: int) -> int:
        """Deals of layers ``i..`` into exactly ``room`` that keep every clause, ``mask``
        those still open that already hold."""
        if i == self._last:
            return self._fill(room)
        memo = self._ways[i]
        known = memo.get((room, mask))
        if known is not None:
            return known
        total = 0
        guards = self._guards
        close = self._closes[i]
        for _, taken, zero, weight in self._moves[i]:
            rest = room - taken
            if rest & guards != guards:
                continue
            held = mask | zero
            if held & close == close:
                total += weight * self.ways(i + 1, rest, held & ~close)
        memo[(room, mask)] = total
        self._counted += 1
        if self._counted > MOST_COUNTS:
            raise TooManyCounts
        return total

    def _fill(self, room: int) -> int:
        """The ways the last layer (free cards, every clause closed) fills ``room`` exactly."""
        known = self._filled.get(room)
        if known is None:
            caps = self._caps(room)
            _, n, where, _, _ = self.layers[-1]
            fits = sum(caps) == n and all(not k or p in where for p, k in enumerate(caps))
            known = self._filled[room] = multinomial(n, caps) if fits else 0
        return known

    def draw(self, rng: random.Random) -> list[list[int]]:
        """One deal that fits, uniformly: the kinds dealt to each place."""
        room = self._room(self.caps)
        mask = 0
        out: list[list[int]] = [[] for _ in self.caps]
        guards = self._guards
        free = list(self.free.values())
        for i, (kind, _, where, _, close) in enumerate(self.layers):
            if i == self._last:
                split = self._caps(room)
            else:
                key = (i, room, mask)
                choice = self._choices.get(key)
                if choice is None:
                    options: list[tuple[Caps, int, int]] = []
                    weights: list[int] = []
                    for split, taken, zero, weight in self._moves[i]:
                        rest = room - taken
                        held = mask | zero
                        if rest & guards != guards or held & close != close:
                            continue
                        w = weight * self.ways(i + 1, rest, held & ~close)
                        if w:
                            options.append((split, rest, held & ~close))
                            weights.append(w)
                    choice = self._choices[key] = (options, list(accumulate(weights)))
                options, cumulative = choice
                split, room, mask = options[bisect_right(cumulative, rng.randrange(cumulative[-1]))]
            if kind >= 0:
                for p, k in enumerate(split):
                    out[p].extend([kind] * k)
                continue
            g = -1 - kind
            group = list(free[g]) if g < len(free) else []
            if len(where) > 1 and len(set(group)) > 1:
                rng.shuffle(group)
            start = 0
            for p, k in enumerate(split):
                out[p].extend(group[start : start + k])
                start += k
        return out


def _order(kinds: Sequence[int], clauses: Sequence[Clause]) -> list[int]:
    """The kinds in clauses in the order they are counted: each next the one that leaves the
    fewest clauses open (touched, not yet through), then the one that closes the most."""
    left = list(kinds)
    touched = [False] * len(clauses)
    remaining = [set(c) for _, c in clauses]
    out: list[int] = []
    while left:

        def cost(k: int) -> tuple[int, int, int]:
            still = closes = 0
            for n, rest in enumerate(remaining):
                if k in rest:
                    if len(rest) == 1:
                        closes += 1
                    else:
                        still += 1
                elif touched[n] and rest:
                    still += 1
            return (still, -closes, k)

        best = min(left, key=cost)
        left.remove(best)
        out.append(best)
        for n, rest in enumerate(remaining):
            if best in rest:
                rest.discard(best)
                touched[n] = True
    return out


def _code(caps: Caps, field: int) -> int:
    return sum(k << (field * p) for p, k in enumerate(caps))


def _moves(
    n: int, allowed: Sequence[int], zero: Sequence[int], caps: Caps, field: int
) -> list[tuple[Caps, int, int, int]]:
    """Every split of ``n`` copies among the ``allowed`` places: the split, as a room to
    take, the clauses it makes hold (those of the places that get none) and the ways of
    dealing the copies so."""
    out = []
    for split in _splits(n, allowed, caps):
        held = 0
        for p, k in enumerate(split):
            if not k:
                held |= zero[p]
        out.append((split, _code(split, field), held, multinomial(n, split)))
    return out


def _splits(n: int, allowed: Sequence[int], caps: Caps) -> Iterator[Caps]:
    """Every way of putting ``n`` copies into the ``allowed`` places within their room."""
    places = len(caps)
    if not allowed:
        if n == 0:
            yield (0,) * places
        return
    last = allowed[-1]

    def rec(at: int, left: int, acc: list[int]) -> Iterator[Caps]:
        if at == len(allowed) - 1:
            if left <= caps[last]:
                acc[last] = left
                yield tuple(acc)
                acc[last] = 0
            return
        place = allowed[at]
        for k in range(min(left, caps[place]) + 1):
            acc[place] = k
            yield from rec(at + 1, left - k, acc)
        acc[place] = 0

    yield from rec(0, n, [0] * places)


_DRAWERS: dict[tuple[object, ...], ClauseDeal | NoDealFits | TooManyCounts] = {}
CACHE: Final = 64
"""Drawers kept: a sampling player draws from one view many times, and the counts are most
of a draw's cost."""


def clause_deal(
    caps: Caps,
    counts: Sequence[int],
    allowed: Sequence[tuple[int, ...]],
    clauses: Sequence[Clause],
) -> ClauseDeal:
    """The drawer for these constraints, kept (:data:`CACHE`), or the exception it raised
    (:class:`NoDealFits`, :class:`TooManyCounts`) raised again."""
    key = (caps, tuple(counts), tuple(allowed), tuple(clauses))
    found = _DRAWERS.get(key)
    if found is None:
        if len(_DRAWERS) >= CACHE:
            _DRAWERS.clear()
        try:
            found = ClauseDeal(caps, counts, allowed, clauses)
        except (NoDealFits, TooManyCounts) as refused:
            found = refused
        _DRAWERS[key] = found
    if isinstance(found, ClauseDeal):
        return found
    raise type(found)(*found.args)
