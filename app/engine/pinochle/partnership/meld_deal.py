"""The hidden cards of a deal whose melds are shown, dealt so that every hand melds exactly
what it showed: uniformly among the deals that fit, drawn at once instead of by rejection.

A seat's melds show cards it holds at least (they stay in its hand) and, because the melds
shown are the hand's best, also what it does not hold: each meld set (a flush, a royal or
plain marriage, a pinochle, a dix, an around) is held exactly as often as shown, that is the
fewest copies of the set's cards the hand holds (its dealt hand: the cards it holds now and
those it played) is the number shown. With the copies the hand is known to hold as a floor,
a set is held no more often exactly when one of its cards held no more than that floor (a
*candidate*) gets no further copy. So each set of each hand is a clause "at least one of
these cards gets no hidden copy here". A clause with one candidate is a ban like a void; one
whose candidate cannot come to the hand anyway always holds; the others are counted.

The cards are taken one kind at a time (the free ones, in no clause, in groups that may go to
the same hands), and the number of deals that complete each partial one (the hands' room
left and which open clauses already hold) is counted once per view, so a draw picks each
kind's split among the hands by those counts: every deal that fits is equally likely, each
copy of a card counted as the physical card it is, as the pack was shuffled.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from itertools import accumulate
from typing import Final

from ...assign import NoDealFits, multinomial
from ...cards import SUITS, Card
from ..melds import AROUND, FLUSH_RANKS, PINOCHLE_CARDS

CACHE: Final = 64
FIELD: Final = 7
"""Bits per hand of the hands' room written as one number: six for the room (a hand holds
at most twenty cards), the seventh a guard."""
GUARD: Final = 1 << (FIELD - 1)
MOST_COUNTS: Final = 100_000
"""Partial deals counted at most for one view (about a second): past it the counting is
dropped and the resampler draws and repairs as before. A seat's view of double-deck
pinochle's first lead, three twenty-card hands to deal, needs up to about 30,000; a
spectator's, four hands, up to a million (the resampler does not count those)."""


class TooManyCounts(Exception):
    """Counting the deals that fit would take longer than drawing and repairing."""


"""Drawers kept: a sampling player draws from one view many times, and the counts are most
of a draw's cost."""

Caps = tuple[int, ...]
Layer = tuple[tuple[Card, ...], tuple[int, ...], tuple[int, ...], int]
"""The cards taken together, the hands they may go to, per hand the clauses that hold when
it gets none of them, and the clauses that must hold once they are dealt."""


def meld_sets(trump: str, dix: bool) -> list[tuple[Card, ...]]:
    """Every meld set with ``trump``, as ``resample.signature`` counts them: held ``n`` times
    when its scarcest card is held ``n`` times (the royal marriage counted with the flushes,
    which the flush's own set settles)."""
    out: list[tuple[Card, ...]] = [
        tuple(r + trump for r in FLUSH_RANKS),
        ("K" + trump, "Q" + trump),
    ]
    out.extend(("K" + s, "Q" + s) for s in SUITS if s != trump)
    out.append(PINOCHLE_CARDS)
    if dix:
        out.append(("9" + trump,))
    out.extend(tuple(r + s for s in SUITS) for r in AROUND)
    return out


def counting_order(trump: str) -> dict[Card, int]:
    """The order the cards in clauses are counted in, so that few clauses are open at once
    (each open clause doubles the partial deals to count): the aces (trump last), the ten of
    trump, each suit's king and queen together (trump first, spades last, whose queen opens the
    pinochle), the jacks (diamonds first, closing it; trump next, closing the flush), the nine
    of trump."""
    plain = [s for s in SUITS if s != trump]
    cards = ["A" + s for s in plain] + ["A" + trump, "T" + trump]
    for s in [trump, *sorted(plain, key=lambda s: s == "S")]:
        cards += ["K" + s, "Q" + s]
    jacks = ["JD", "J" + trump, *("J" + s for s in SUITS)]
    cards += [*dict.fromkeys(jacks), "9" + trump]
    return {c: i for i, c in enumerate(cards)}


class MeldDeal:
    """Draws the hidden cards for the hands ``caps`` counts (in ``seats`` order), each card of
    ``pool`` (card: hidden copies) to a hand whose ``bans`` do not hold it, every hand's meld
    sets held exactly ``shown`` times, its cards held at least ``floor`` (those in the hand
    and played). :class:`NoDealFits` when nothing fits."""

    def __init__(
        self,
        caps: Caps,
        pool: Mapping[Card, int],
        bans: Sequence[set[Card]],
        floor: Sequence[Mapping[Card, int]],
        shown: Sequence[Mapping[Card, int]],
        sets: Sequence[tuple[Card, ...]],
    ) -> None:
        hands = range(len(caps))
        banned = [set(b) for b in bans]
        todo = [
            (h, [c for c in s if floor[h].get(c, 0) == min(shown[h].get(x, 0) for x in s)])
            for h in hands
            for s in sets
        ]
        if any(not cands for _, cands in todo):
            raise NoDealFits("a hand holds a meld set more often than it showed")
        while True:
            changed = False
            left: list[tuple[int, list[Card]]] = []
            for h, cands in todo:
                if any(not pool.get(c) or c in banned[h] for c in cands):
                    continue
                if len(cands) == 1:
                    banned[h].add(cands[0])
                    changed = True
                else:
                    left.append((h, cands))
            todo = left
            if not changed:
                break
        open_clauses = [(h, tuple(cands)) for h, cands in todo]
        in_clause = {c for _, cands in open_clauses for c in cands}
        place = counting_order(sets[0][0][1])
        counted = sorted(in_clause, key=place.__getitem__)
        last = {
            bit: max(counted.index(c) for c in cands) for bit, (_, cands) in enumerate(open_clauses)
        }
        layers: list[Layer] = []
        for i, card in enumerate(counted):
            allowed = tuple(h for h in hands if card not in banned[h])
            zero = tuple(
                sum(
                    1 << bit
                    for bit, (g, cands) in enumerate(open_clauses)
                    if g == h and card in cands
                )
                for h in hands
            )
            close = sum(1 << bit for bit, at in last.items() if at == i)
            layers.append(((card,) * pool[card], allowed, zero, close))
        free: dict[tuple[int, ...], list[Card]] = {}
        for card, n in sorted(pool.items()):
            if card in in_clause or not n:
                continue
            allowed = tuple(h for h in hands if card not in banned[h])
            if not allowed:
                raise NoDealFits(f"card {card!r} fits nowhere")
            free.setdefault(allowed, []).extend([card] * n)
        none = (0,) * len(caps)
        layers.extend((tuple(cards), allowed, none, 0) for allowed, cards in sorted(free.items()))
        if not layers:  # nothing hidden: the one deal there is
            layers.append(((), (), none, 0))
        if sum(len(cards) for cards, *_ in layers) != sum(caps):
            raise NoDealFits("the cards and the hands' sizes disagree")
        self.caps = caps
        self.layers = layers
        self._guards = _code((GUARD,) * len(caps))
        self._moves = [
            _moves(cards, allowed, zero, len(caps)) for cards, allowed, zero, _ in layers
        ]
        self._closes = [close for *_, close in layers]
        self._last = len(layers) - 1
        self._ways: list[dict[tuple[int, int], int]] = [{} for _ in layers]
        self._filled: dict[int, int] = {}
        self._counted = 0
        self._choices: dict[tuple[int, int, int], tuple[list[tuple[Caps, int, int]], list[int]]]
        self._choices = {}
        if not self.ways(0, self._room(caps), 0):
            raise NoDealFits("no deal fits the melds shown")

    def _room(self, caps: Caps) -> int:
        """The hands' room as one number, a field per hand with a guard bit that a split
        taking more than the room clears."""
        return _code(caps) | self._guards

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
            caps = _caps(room, len(self.caps))
            cards, allowed, _, _ = self.layers[-1]
            fits = sum(caps) == len(cards) and all(
                not k or h in allowed for h, k in enumerate(caps)
            )
            known = self._filled[room] = multinomial(len(cards), caps) if fits else 0
        return known

    def draw(self, rng: random.Random) -> list[list[Card]]:
        """One deal that fits, uniformly: the cards of each hand, in ``caps`` order."""
        room = self._room(self.caps)
        mask = 0
        hands = len(self.caps)
        out: list[list[Card]] = [[] for _ in self.caps]
        guards = self._guards
        for i, (cards, allowed, _, close) in enumerate(self.layers):
            if i == self._last:
                split = _caps(room, hands)
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
            group = list(cards)
            if len(allowed) > 1 and len(set(group)) > 1:
                rng.shuffle(group)
            at = 0
            for h, k in enumerate(split):
                out[h].extend(group[at : at + k])
                at += k
        return out


def _code(caps: Caps) -> int:
    return sum(k << (FIELD * h) for h, k in enumerate(caps))


def _caps(room: int, hands: int) -> Caps:
    return tuple((room >> (FIELD * h)) & (GUARD - 1) for h in range(hands))


def _moves(
    cards: Sequence[Card], allowed: Sequence[int], zero: Sequence[int], hands: int
) -> list[tuple[Caps, int, int, int]]:
    """Every split of ``cards`` among the ``allowed`` hands: the split, as a room to take,
    the clauses it makes hold (those of the hands that get none) and the ways of dealing the
    cards so."""
    n = len(cards)
    out = []
    for split in _splits(n, allowed, (n,) * hands):
        held = 0
        for h, k in enumerate(split):
            if not k:
                held |= zero[h]
        out.append((split, _code(split), held, multinomial(n, split)))
    return out


_DRAWERS: dict[tuple[object, ...], MeldDeal | None] = {}


def meld_deal(
    caps: Caps,
    pool: Counter[Card],
    bans: Sequence[set[Card]],
    floor: Sequence[Counter[Card]],
    shown: Sequence[Counter[Card]],
    sets: Sequence[tuple[Card, ...]],
) -> MeldDeal | None:
    """The drawer for these hands, kept (:data:`CACHE`); ``None`` when none fits (a fault
    upstream) or counting them would take too long (:data:`MOST_COUNTS`)."""
    key = (
        caps,
        tuple(sorted(pool.items())),
        tuple(tuple(sorted(b)) for b in bans),
        tuple(tuple(sorted(f.items())) for f in floor),
        tuple(tuple(sorted(s.items())) for s in shown),
        tuple(sets),
    )
    if key in _DRAWERS:
        return _DRAWERS[key]
    if len(_DRAWERS) >= CACHE:
        _DRAWERS.clear()
    try:
        found: MeldDeal | None = MeldDeal(caps, pool, bans, floor, shown, sets)
    except (NoDealFits, TooManyCounts):
        found = None
    _DRAWERS[key] = found
    return found


def _splits(n: int, allowed: Sequence[int], caps: Caps) -> Iterator[Caps]:
    """Every way of putting ``n`` cards into the ``allowed`` hands within their room."""
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
