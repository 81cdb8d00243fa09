"""The heuristic card play: the basic level's play, and the rollout policy of the strong level.

One function, :func:`choose`, picks a card from a player's own point of view: its hand, the
trick so far, the suits each player is known to lack, and the cards still *outstanding* (those
it has not seen played and does not hold; it cannot tell which opponent has them). Every
player plays for itself: positive contracts reward each trick taken, ``pass`` each trick
avoided, and the quota only shifts the score, so the aim alone decides the card.

The function always returns a legal card (it follows suit when it can). It is plain integer
work on masks, with the lowest card of a mask ``m`` written out as
``(m & -m).bit_length() - 1`` and the highest as ``m.bit_length() - 1``, because a strong
decision calls it tens of thousands of times and a helper call would cost a third of that.
"""

from __future__ import annotations

from .bits import ABOVE, BELOW, SUIT_MASK


def choose(
    hand: int, trick: list[int], me: int, voids: list[int], outstanding: int, trump: int, take: bool
) -> int:
    """The card ``me`` plays from ``hand`` to ``trick``."""
    n = len(trick)
    if n == 0:
        if take:
            return _lead_take(hand, me, voids, outstanding, trump)
        return _lead_avoid(hand, me, voids, outstanding)
    win = trick[0]
    led = win // 13
    if n == 2:
        second = trick[1]
        if second // 13 == led:
            if second > win:
                win = second
        elif second // 13 == trump:
            win = second
    follow = hand & SUIT_MASK[led]
    if follow:
        last = n == 2 or voids[(me + 1) % 3] >> led & 1
        if take:
            if win // 13 != led:
                return (follow & -follow).bit_length() - 1  # trumped: nothing of ours can win
            beat = follow & ABOVE[win]
            if not beat:
                return (follow & -follow).bit_length() - 1
            if last:
                return (beat & -beat).bit_length() - 1
            out = outstanding & SUIT_MASK[led]
            sure = beat & ABOVE[out.bit_length() - 1] if out else beat
            if sure:
                return (sure & -sure).bit_length() - 1
            # second hand low: keep the honour for a trick it can win
            return (follow & -follow).bit_length() - 1
        # avoiding: the highest card that still loses, else decide whether the trick is ours
        if win // 13 != led:
            return follow.bit_length() - 1
        under = follow & BELOW[win]
        if under:
            return under.bit_length() - 1
        if last:
            return follow.bit_length() - 1  # ours whatever we play: shed the biggest
        lowest = (follow & -follow).bit_length() - 1
        if outstanding & ABOVE[lowest]:
            return lowest  # the next player may still take it over
        return follow.bit_length() - 1
    # void in the suit led
    if take and trump >= 0 and led != trump:
        trumps = hand & SUIT_MASK[trump]
        if trumps:
            if win // 13 == trump:
                over = trumps & ABOVE[win]
                if over:
                    return (over & -over).bit_length() - 1
            else:
                nxt = voids[(me + 1) % 3]
                if n == 1 and nxt >> led & 1 and not nxt >> trump & 1:
                    out_trumps = outstanding & SUIT_MASK[trump]
                    if out_trumps:
                        sure = trumps & ABOVE[out_trumps.bit_length() - 1]
                        if sure:
                            return (sure & -sure).bit_length() - 1
                return (trumps & -trumps).bit_length() - 1
    if take:
        return _shed_take(hand, outstanding, trump)
    return shed_avoid(hand, outstanding)


def _shed_take(hand: int, outstanding: int, trump: int) -> int:
    """A card thrown away when trying to take tricks: a low loser, preferably from a short suit."""
    best = -1
    best_key = 1 << 30
    for s in range(4):
        if s == trump:
            continue
        cards = hand & SUIT_MASK[s]
        if not cards:
            continue
        c = (cards & -cards).bit_length() - 1
        # masters last, then by rank, then shorter suits first
        key = (0 if outstanding & ABOVE[c] else 1 << 20) + (c - 13 * s) * 32 + cards.bit_count()
        if key < best_key:
            best_key, best = key, c
    if best < 0:
        return (hand & -hand).bit_length() - 1
    return best


def shed_avoid(hand: int, outstanding: int) -> int:
    """A card thrown away when avoiding tricks: the most dangerous high card."""
    best = -1
    best_key = -(1 << 30)
    for s in range(4):
        cards = hand & SUIT_MASK[s]
        if not cards:
            continue
        c = cards.bit_length() - 1
        rank = c - 13 * s
        # fewer outstanding cards able to beat it make it more dangerous; then rank; then
        # shorter suits, which a discard may empty
        beaten_by = (outstanding & ABOVE[c]).bit_count()
        key = ((rank - 2 * beaten_by) * 16 + rank) * 32 - cards.bit_count()
        if key > best_key:
            best_key, best = key, c
    return best


def _lead_take(hand: int, me: int, voids: list[int], outstanding: int, trump: int) -> int:
    out_trumps = 0
    if trump >= 0:
        out_trumps = outstanding & SUIT_MASK[trump]
        trumps = hand & SUIT_MASK[trump]
        # draw trumps with masters, so that the side masters cannot be ruffed later
        if trumps and out_trumps:
            top = out_trumps.bit_length() - 1
            if trumps.bit_length() - 1 > top:
                masters = trumps & ABOVE[top]
                return (masters & -masters).bit_length() - 1
    va, vb = voids[(me + 1) % 3], voids[(me + 2) % 3]
    fallback = -1
    longest = -1
    longest_len = 0
    single = -1
    for s in range(4):
        if s == trump:
            continue
        cards = hand & SUIT_MASK[s]
        if not cards:
            continue
        out = outstanding & SUIT_MASK[s]
        top = cards.bit_length() - 1
        if not out & ABOVE[top]:
            ruff = out_trumps and (
                not out
                or (va >> s & 1 and not va >> trump & 1)
                or (vb >> s & 1 and not vb >> trump & 1)
            )
            if not ruff:
                if out:
                    cards &= ABOVE[out.bit_length() - 1]
                return (cards & -cards).bit_length() - 1
            fallback = top
        length = cards.bit_count()
        if length > longest_len:
            longest_len, longest = length, s
        if length == 1 and out:
            single = top
    if single >= 0 and trump >= 0 and hand & SUIT_MASK[trump]:
        return single  # make a void to ruff in later
    if longest >= 0:
        cards = hand & SUIT_MASK[longest]
        return (cards & -cards).bit_length() - 1
    if fallback >= 0:
        return fallback
    return (hand & -hand).bit_length() - 1


def _lead_avoid(hand: int, me: int, voids: list[int], outstanding: int) -> int:
    both_void = voids[(me + 1) % 3] & voids[(me + 2) % 3]
    best = -1
    best_key = -(1 << 30)
    losing = 0
    for s in range(4):
        cards = hand & SUIT_MASK[s]
        if not cards:
            continue
        c = (cards & -cards).bit_length() - 1
        out = outstanding & SUIT_MASK[s]
        above = (out & ABOVE[c]).bit_count()
        can_lose = 1 if above and not both_void >> s & 1 else 0
        below = (out & BELOW[c]).bit_count()
        # a lead that can lose, with no card left below it to duck under, and many above
        key = (can_lose * 64 - below) * 64 + above
        if key > best_key:
            best_key, best, losing = key, c, can_lose
    if not losing:
        return hand.bit_length() - 1  # every lead wins: spend the biggest card on it
    return best
