"""Judging a hand before the play: the tricks it should take, whether it is fit for nil, and
the cards a nil bidder lays and his partner gives in the exchange. Pure functions of the
cards (and, for the bid, of what the table has said), shared by both levels.

- **Tricks** are counted as players count them: aces; kings with a guard; a queen with two
  (more in spades, where they cannot be trumped); spades beyond the third, or the ruffs the
  spare spades make in short plain suits, whichever is more.
- **Nil** wants a hand without the ace or king of spades, at most three spades, at most two
  aces and kings, few tricks and few dangerous cards: a high plain card without enough low
  cards of its suit to duck under it, or a high spade. The three worst go in the exchange
  and three low cards come back, so a few are borne.
- **The bid** is the count rounded: down when the side is close to the target and ahead,
  up when the other side is close and ahead, or when the side's bags pile up (an overtrick
  is dearer than an undertrick then). Beside a nil bidder a little less (covering costs
  tricks), and never more than the side can take with the partner's bid.
- **Blind nil** only when the side is far behind (``BLIND_BEHIND``) and the partner has not
  bid nil; otherwise the player looks at his cards first.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from app.engine.spades.rules import HAND_SIZE, NIL, TRUMP

from .cards import PLAIN, STRENGTH, SUITS, Bid, is_nil, partner

NIL_TRICKS: Final = 3.5
"""A hand counted at more tricks than this does not bid nil."""
NIL_DANGER: Final = 4
"""Dangerous cards a nil hand may hold: the exchange lays three, and a nil bidder with
three low cards from his partner is hard to set."""
NIL_HONOURS: Final = 2
"""Aces and kings a nil hand may hold."""
BLIND_BEHIND: Final = 200
"""Points the side must trail by before a player bids blind nil."""
CLOSE: Final = 100
"""Points from the target within which a side bids carefully (or the other side boldly)."""
COVER_COST: Final = 0.5
"""Tricks the partner of a nil bidder takes off his count."""


def by_suit(hand: Sequence[str]) -> dict[str, list[str]]:
    """The hand per suit, each high to low."""
    out: dict[str, list[str]] = {s: [] for s in SUITS}
    for c in sorted(hand, key=lambda c: -STRENGTH[c[0]]):
        out[c[1]].append(c)
    return out


def estimate(hand: Sequence[str]) -> float:
    """The tricks ``hand`` should take as its side's declarer of a contract."""
    suits = by_suit(hand)
    spades = [c[0] for c in suits[TRUMP]]
    n = len(spades)
    honours = 0.0
    counted = 0
    if "A" in spades:
        honours, counted = honours + 1, counted + 1
    if "K" in spades:
        honours += 1.0 if n >= 2 else 0.4
        counted += 1
    if "Q" in spades:
        honours += 1.0 if n >= 3 else (0.5 if n == 2 and ("A" in spades or "K" in spades) else 0.2)
        counted += 1
    if "J" in spades and n >= 4 and counted >= 2:
        honours += 0.5
        counted += 1
    spare = max(0, n - counted)
    ruffs = 0.0
    total = 0.0
    for suit in PLAIN:
        ranks = [c[0] for c in suits[suit]]
        length = len(ranks)
        ruffs += 2.0 if length == 0 else (1.0 if length == 1 else (0.5 if length == 2 else 0.0))
        if "A" in ranks:
            total += 1.0 if length <= 6 else 0.6
        if "K" in ranks:
            if "A" in ranks:
                total += 0.9 if length <= 4 else 0.5
            elif 2 <= length <= 4:
                total += 0.7
            else:
                total += 0.2
        if "Q" in ranks and 3 <= length <= 4:
            total += 0.5 if ("A" in ranks and "K" in ranks) else 0.25
    length_tricks = max(0.0, n - 3.0 - max(0, counted - 3))
    total += honours + min(float(spare), max(length_tricks, min(float(spare), ruffs)))
    return total


LOW: Final = STRENGTH["9"]
"""Cards below this rank count as low, to duck under a high card of their suit."""
DANGEROUS: Final = 9.0
"""A danger from this up (a ten with no low card beside it; a king with one) is a card a
nil hand fears."""


def danger(card: str, hand: Sequence[str]) -> float:
    """How likely ``card`` is to win a trick against its holder's will: high spades; plain
    high cards with few low cards (eight or below) of their suit to duck with."""
    strength = STRENGTH[card[0]]
    if card[1] == TRUMP:
        return 1.5 * strength
    lower = sum(1 for c in hand if c[1] == card[1] and STRENGTH[c[0]] < min(strength, LOW))
    return float(strength - 2 * lower)


def dangerous(hand: Sequence[str]) -> int:
    """The cards of ``hand`` a nil bidder fears, each spade beyond the third among them (late
    in the deal it must be played, and wins)."""
    spades = sum(1 for c in hand if c[1] == TRUMP)
    risky = sum(1 for c in hand if danger(c, hand) >= DANGEROUS)
    return risky + max(0, spades - 3)


def fit_for_nil(hand: Sequence[str]) -> bool:
    """Whether ``hand`` is weak enough to bid nil on."""
    if "AS" in hand or "KS" in hand:
        return False
    if sum(1 for c in hand if c[1] == TRUMP) > 3:
        return False
    honours = sum(1 for c in hand if c[0] in "AK")
    if honours > NIL_HONOURS:
        return False
    return estimate(hand) <= NIL_TRICKS and dangerous(hand) <= NIL_DANGER


def blind_nil_wise(seat: int, bids: Sequence[Bid], totals: Sequence[int]) -> bool:
    """Whether to bid blind nil before looking: the side far behind, the partner not nil."""
    if is_nil(bids[partner(seat)]):
        return False
    behind = totals[(seat + 1) % 4] - totals[seat]
    return behind >= BLIND_BEHIND


def choose_bid(
    hand: Sequence[str],
    seat: int,
    bids: Sequence[Bid],
    totals: Sequence[int],
    target: int,
    bags: int | None = None,
) -> int | str:
    """The bid for ``hand`` at ``seat``, the table's bids so far in ``bids`` (``None`` for a
    seat yet to bid), the match standing in ``totals``. ``bags``: the side's bags, when
    overtricks cost."""
    mate = bids[partner(seat)]
    if not is_nil(mate) and fit_for_nil(hand):
        return NIL
    count = estimate(hand)
    if is_nil(mate):
        count -= COVER_COST
    ours, theirs = totals[seat], totals[(seat + 1) % 4]
    if ours >= target - CLOSE and ours >= theirs:
        bid = math.floor(count)
    elif theirs >= target - CLOSE and theirs > ours:
        bid = math.ceil(count)
    elif bags is not None and bags >= 7:
        bid = math.ceil(count - 0.25)
    else:
        bid = math.floor(count + 0.5)
    room = HAND_SIZE - (int(mate) if isinstance(mate, int) else 0)
    return max(1, min(bid, room))


def lay(hand: Sequence[str]) -> list[str]:
    """The nil bidder's three cards: his most dangerous."""
    return sorted(hand, key=lambda c: (-danger(c, hand), c))[:3]


def give(hand: Sequence[str]) -> list[str]:
    """The partner's three cards: his lowest plain cards, from short suits first (an empty
    suit is one he can trump), keeping his honours and spades for his own bid."""
    counts = {s: sum(1 for c in hand if c[1] == s) for s in SUITS}

    def key(c: str) -> tuple[bool, int, int, int]:
        strength = STRENGTH[c[0]]
        return (c[1] == TRUMP, (strength - 1) // 3, counts[c[1]], strength)

    return sorted(hand, key=key)[:3]
