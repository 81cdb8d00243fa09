"""Forehand's discard: which four of the twenty to put away, judged by a trick estimate.

The estimate works suit by suit. To take tricks, keep the honours, length in the trump suit
and short side suits to ruff in (in a trump contract); to avoid them (``pass``), lose the high
cards that are poorly guarded by low ones, and make voids to shed high cards on later. Within
a suit the cards to put away are obvious (the lowest when taking, the highest when avoiding),
so only how many come from each suit is searched: at most 35 ways.
"""

from __future__ import annotations

from math import sqrt

from .bits import SUIT_MASK

# Chance that an honour wins, by how many higher cards are out against it.
_HONOUR = (1.0, 0.7, 0.4, 0.15)


def _ranks_high_first(cards: int, suit: int) -> list[int]:
    base = 13 * suit
    return [r for r in range(12, -1, -1) if cards >> (base + r) & 1]


def _length_tricks(length: int) -> float:
    """Cards beyond the longer opponent's holding of the suit, on average."""
    others = 13 - length
    return max(0.0, length - (others / 2 + 0.6 * sqrt(others)))


def _honour_tricks(ranks: list[int]) -> float:
    value = 0.0
    length = len(ranks)
    for j, r in enumerate(ranks):
        missing = 12 - r - j
        if missing >= len(_HONOUR):
            break
        guarded = length > missing
        value += _HONOUR[missing] if guarded else _HONOUR[missing] * 0.3
    return value


def _suit_take(ranks: list[int], s: int, trump: int) -> float:
    honours = _honour_tricks(ranks)
    length = _length_tricks(len(ranks))
    if s == trump:
        return honours + length
    if trump >= 0:
        return honours * 0.85 + 0.2 * length
    return honours + 0.6 * length


def _ruffs(lengths: list[int], trump: int) -> float:
    spare = max(0, lengths[trump] - 3)
    ruffs = sum(max(0, 3 - lengths[s]) for s in range(4) if s != trump)
    return 0.6 * min(spare, ruffs)


def _suit_danger(ranks: list[int]) -> float:
    if not ranks:
        return -0.4  # a void sheds a high card of another suit
    danger = 0.0
    for i, r in enumerate(reversed(ranks)):  # i: how many of our cards lie below
        danger += max(0.0, r - 4 - 2.2 * i) / 8
    return danger + 0.5 * max(0, len(ranks) - 5)


def take_estimate(hand: int, trump: int) -> float:
    """Rough number of tricks ``hand`` takes as forehand in a positive contract."""
    suits = [_ranks_high_first(hand & SUIT_MASK[s], s) for s in range(4)]
    total = sum(_suit_take(suits[s], s, trump) for s in range(4))
    if trump >= 0:
        total += _ruffs([len(r) for r in suits], trump)
    return total


def avoid_danger(hand: int) -> float:
    """Rough number of tricks ``hand`` is forced to take in ``pass`` (lower is better)."""
    return sum(_suit_danger(_ranks_high_first(hand & SUIT_MASK[s], s)) for s in range(4))


def _distributions(lengths: list[int], total: int) -> list[tuple[int, int, int, int]]:
    out = []
    for a in range(min(total, lengths[0]) + 1):
        for b in range(min(total - a, lengths[1]) + 1):
            for c in range(min(total - a - b, lengths[2]) + 1):
                d = total - a - b - c
                if d <= lengths[3]:
                    out.append((a, b, c, d))
    return out


def discard_candidates(hand: int, trump: int, take: bool, count: int = 1) -> list[int]:
    """The ``count`` best discards of four (as masks), best first."""
    ranks = [_ranks_high_first(hand & SUIT_MASK[s], s) for s in range(4)]
    lengths = [len(r) for r in ranks]
    # value[s][k]: the suit's worth after putting k of its cards away, and those cards
    value: list[list[float]] = []
    removed: list[list[int]] = []
    for s in range(4):
        base = 13 * s
        vs: list[float] = []
        rs: list[int] = []
        for k in range(min(4, lengths[s]) + 1):
            # taking: the lowest k go; avoiding: the highest k go
            kept = ranks[s][: lengths[s] - k] if take else ranks[s][k:]
            gone = ranks[s][lengths[s] - k :] if take else ranks[s][:k]
            vs.append(_suit_take(kept, s, trump) if take else -_suit_danger(kept))
            out = 0
            for r in gone:
                out |= 1 << (base + r)
            rs.append(out)
        value.append(vs)
        removed.append(rs)
    scored: list[tuple[float, int]] = []
    ruffing = take and trump >= 0
    for split in _distributions(lengths, 4):
        total = value[0][split[0]] + value[1][split[1]] + value[2][split[2]] + value[3][split[3]]
        if ruffing:
            total += _ruffs([lengths[s] - split[s] for s in range(4)], trump)
        out = (
            removed[0][split[0]]
            | removed[1][split[1]]
            | removed[2][split[2]]
            | removed[3][split[3]]
        )
        scored.append((-total, out))
    scored.sort()
    return [out for _, out in scored[:count]]


def best_discard(hand: int, trump: int, take: bool) -> int:
    return discard_candidates(hand, trump, take, 1)[0]
