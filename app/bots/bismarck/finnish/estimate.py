"""What a hand is worth to its side, roughly, and the exchange's choice of cards to pass.

The estimates work suit by suit on masks. Taking tricks, a hand is worth its honours (each
by how many higher cards are out against it, and whether it is guarded), length in trumps
or, without trumps, in a long suit, and short side suits to ruff in. Avoiding tricks, its
*danger* is the high cards poorly guarded by low ones, and length; a void is a place to
shed a high card on.

A card passed keeps a worth of its own: to the partner it is still the side's, to an
opponent it is the other side's, so each pass weighs what the hand loses against what the
card is worth on average in another hand (:func:`card_worth`). Within a suit the cards to
part with are plain (the lowest when taking, the highest when avoiding), so only how many
come from each suit is searched: at most 35 ways for four cards.
"""

from __future__ import annotations

from ..bits import SUIT_MASK

HONOUR = (1.0, 0.7, 0.4, 0.15)
"""Chance that an honour wins, by how many higher cards are out against it."""

WORTH = (0.0,) * 9 + (0.15, 0.35, 0.6, 0.9)
"""A card's trick-taking worth in an unknown hand, by rank (index 0 is the two)."""
TRUMP_WORTH = 0.6
"""What a trump adds to that: a card to ruff with."""
DANGER = tuple(max(0.0, rank - 6) / 7 for rank in range(13))
"""A card's danger in misère in an unknown hand, by rank."""
TRUMP_LENGTH = (3, 0.9)
"""Trumps beyond the first of these counts are worth the second each."""
RUFF = (3, 0.5)
"""Trumps beyond the first of these can ruff, each ruff worth the second."""
GUARD = 1.2
"""Ranks by which each low card of a suit guards a higher one in misère."""


def ranks_high_first(hand: int, suit: int) -> list[int]:
    bits = (hand & SUIT_MASK[suit]) >> (13 * suit)
    return [r for r in range(12, -1, -1) if bits >> r & 1]


def honour_tricks(ranks: list[int]) -> float:
    value = 0.0
    length = len(ranks)
    for j, r in enumerate(ranks):
        missing = 12 - r - j
        if missing >= len(HONOUR):
            break
        value += HONOUR[missing] if length > missing else HONOUR[missing] * 0.3
    return value


def suit_take(ranks: list[int], suit: int, trump: int) -> float:
    """Tricks a holding of one suit takes, roughly."""
    honours = honour_tricks(ranks)
    length = len(ranks)
    if suit == trump:
        return honours + TRUMP_LENGTH[1] * max(0, length - TRUMP_LENGTH[0])
    if trump >= 0:
        return 0.85 * honours + 0.15 * max(0, length - 4)
    return honours + 0.6 * max(0, length - 4)


def ruffs(lengths: list[int], trump: int) -> float:
    """Tricks from ruffing: trumps beyond two, used on short side suits."""
    spare = max(0, lengths[trump] - RUFF[0])
    short = sum(max(0, 2 - lengths[s]) for s in range(4) if s != trump)
    return RUFF[1] * min(spare, short)


def suit_danger(ranks: list[int]) -> float:
    """Tricks a holding of one suit may be forced to take in misère, roughly."""
    if not ranks:
        return -0.4  # a void sheds a high card of another suit
    danger = 0.0
    for i, r in enumerate(reversed(ranks)):  # i: how many of our cards lie below
        danger += max(0.0, r - 4 - GUARD * i) / 8
    return danger + 0.5 * max(0, len(ranks) - 5)


def take_value(hand: int, trump: int) -> float:
    """Rough tricks ``hand`` takes in a positive contract (``trump`` -1 without)."""
    suits = [ranks_high_first(hand, s) for s in range(4)]
    total = sum(suit_take(suits[s], s, trump) for s in range(4))
    if trump >= 0:
        total += ruffs([len(r) for r in suits], trump)
    return total


def danger(hand: int) -> float:
    """Rough tricks ``hand`` is forced to take in misère (lower is better)."""
    return sum(suit_danger(ranks_high_first(hand, s)) for s in range(4))


def value(hand: int, trump: int, take: bool) -> float:
    """The hand's worth to its side: tricks when taking, less danger when avoiding."""
    return take_value(hand, trump) if take else -danger(hand)


def card_worth(card: int, trump: int, take: bool) -> float:
    """What one card is worth to the side holding it, in an unknown hand."""
    rank = card % 13
    if take:
        return WORTH[rank] + (TRUMP_WORTH if card // 13 == trump else 0.0)
    return -DANGER[rank]


def _splits(lengths: list[int], total: int) -> list[tuple[int, int, int, int]]:
    out = []
    for a in range(min(total, lengths[0]) + 1):
        for b in range(min(total - a, lengths[1]) + 1):
            for c in range(min(total - a - b, lengths[2]) + 1):
                d = total - a - b - c
                if d <= lengths[3]:
                    out.append((a, b, c, d))
    return out


def removals(hand: int, count: int, trump: int, take: bool, friendly: bool) -> list[int]:
    """Every sensible way to part with ``count`` cards of ``hand`` (as masks), best first:
    the hand's worth after, plus the cards' worth when they go to the ``friendly`` partner,
    less it when they go to an opponent."""
    sign = 1.0 if friendly else -1.0
    ranks = [ranks_high_first(hand, s) for s in range(4)]
    lengths = [len(r) for r in ranks]
    # per suit and number of cards parted with: the suit's worth after, and the cards
    worth: list[list[float]] = []
    parted: list[list[int]] = []
    for s in range(4):
        base = 13 * s
        held = ranks[s]
        ws: list[float] = []
        ps: list[int] = []
        for k in range(min(count, lengths[s]) + 1):
            kept = held[: lengths[s] - k] if take else held[k:]
            gone = held[lengths[s] - k :] if take else held[:k]
            mine = suit_take(kept, s, trump) if take else -suit_danger(kept)
            out = 0
            given = 0.0
            for r in gone:
                out |= 1 << (base + r)
                given += card_worth(base + r, trump, take)
            ws.append(mine + sign * given)
            ps.append(out)
        worth.append(ws)
        parted.append(ps)
    ruffing = take and trump >= 0
    scored: list[tuple[float, int]] = []
    for split in _splits(lengths, count):
        total = worth[0][split[0]] + worth[1][split[1]] + worth[2][split[2]] + worth[3][split[3]]
        if ruffing:
            total += ruffs([lengths[s] - split[s] for s in range(4)], trump)
        out = parted[0][split[0]] | parted[1][split[1]] | parted[2][split[2]] | parted[3][split[3]]
        scored.append((-total, out))
    scored.sort()
    return [out for _, out in scored]


def best_removal(hand: int, count: int, trump: int, take: bool, friendly: bool) -> int:
    return removals(hand, count, trump, take, friendly)[0]
