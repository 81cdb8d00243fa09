"""The heuristic card play of a partnership: the basic level's play, and the rollout policy
of the strong level.

:func:`choose` picks a card for seat ``me`` from its own point of view: its hand, the trick
so far, the suits each seat is known to lack, and the cards still *outstanding* (those it
has not seen played and does not hold; it cannot tell who has them). Seats are the table's
``0 … 3``; the partner sits opposite (``me + 2``), the opponents either side.

A team's score is linear in its tricks, so in a positive contract every player simply
wants tricks for its side and in misère wants to avoid them; the partnership decides how:

- taking tricks, a trick the partner is sure to win is left to him (a low card, no ruff);
  one he is winning but may lose to the player after is made sure when a card of ours
  makes it so; against an opponent's card second hand plays low and third hand high;
- avoiding tricks, a trick the partner holds is ours whatever we play, so the biggest card
  goes on it when the partner's card is sure; otherwise each player ducks under the card
  winning the trick.

The function always returns a legal card (it follows suit when it can). It is plain integer
work on masks, with the lowest card of a mask ``m`` written out as
``(m & -m).bit_length() - 1`` and the highest as ``m.bit_length() - 1``: a strong decision
calls it tens of thousands of times.
"""

from __future__ import annotations

from ..bits import ABOVE, BELOW, SUIT_MASK
from ..policy import shed_avoid  # avoiding tricks, a partner changes nothing


def choose(
    hand: int, trick: list[int], me: int, voids: list[int], outstanding: int, trump: int, take: bool
) -> int:
    """The card seat ``me`` plays from ``hand`` to ``trick`` (the cards played so far, in
    order, by the seats before it)."""
    n = len(trick)
    if n == 0:
        if take:
            return _lead_take(hand, me, voids, outstanding, trump)
        return _lead_avoid(hand, me, voids, outstanding)
    win = trick[0]
    at = 0
    led = win // 13
    for i in range(1, n):
        card = trick[i]
        suit = card // 13
        if suit == win // 13:
            if card > win:
                win, at = card, i
        elif suit == trump:
            win, at = card, i
    partner_wins = at == n - 2
    follow = hand & SUIT_MASK[led]
    nxt = (me + 1) & 3  # the only opponent still to play after a follower, if any
    if follow:
        if take:
            return _follow_take(follow, win, led, n, partner_wins, voids[nxt], outstanding, trump)
        return _follow_avoid(follow, win, led, n, partner_wins, voids[nxt], outstanding, trump)
    # void in the suit led
    if take and trump >= 0 and led != trump:
        trumps = hand & SUIT_MASK[trump]
        if trumps:
            if partner_wins and (n == 3 or _holds(win, led, voids[nxt], outstanding, trump)):
                return _shed_take(hand, outstanding, trump)  # the partner's trick: no ruff
            if win // 13 == trump:
                over = trumps & ABOVE[win]
                if over and not partner_wins:
                    return (over & -over).bit_length() - 1
                return _shed_take(hand, outstanding, trump)
            if n < 3 and voids[nxt] >> led & 1 and not voids[nxt] >> trump & 1:
                # the next opponent may overruff: ruff above every trump still out if we can
                out_trumps = outstanding & SUIT_MASK[trump]
                if out_trumps:
                    sure = trumps & ABOVE[out_trumps.bit_length() - 1]
                    if sure:
                        return (sure & -sure).bit_length() - 1
            return (trumps & -trumps).bit_length() - 1
    if take:
        return _shed_take(hand, outstanding, trump)
    return shed_avoid(hand, outstanding)


def _holds(card: int, led: int, next_voids: int, outstanding: int, trump: int) -> bool:
    """Whether ``card``, winning the trick now, wins it whatever the next player (an
    opponent, the only one still to play before the partner or the end) plays."""
    if card // 13 == led:
        if not next_voids >> led & 1:
            return not outstanding & ABOVE[card]  # he may follow with a higher card
        # he lacks the suit led: only a trump beats it
        return (
            trump < 0
            or led == trump
            or bool(next_voids >> trump & 1)
            or not outstanding & SUIT_MASK[trump]
        )
    # a trump on a plain lead: only a higher trump beats it
    return bool(next_voids >> trump & 1) or not outstanding & ABOVE[card]


def _follow_take(
    follow: int,
    win: int,
    led: int,
    n: int,
    partner_wins: bool,
    next_voids: int,
    outstanding: int,
    trump: int,
) -> int:
    lowest = (follow & -follow).bit_length() - 1
    if win // 13 != led:
        return lowest  # ruffed: no card of the suit led can win
    beat = follow & ABOVE[win]
    if partner_wins:
        if n == 3 or _holds(win, led, next_voids, outstanding, trump):
            return lowest  # never overtake the partner's sure trick
        sure = _sure_cards(beat, led, next_voids, outstanding, trump)
        if sure:
            return (sure & -sure).bit_length() - 1
        return lowest
    if not beat:
        return lowest
    if n == 3:
        return (beat & -beat).bit_length() - 1  # last: win as cheaply as possible
    sure = _sure_cards(beat, led, next_voids, outstanding, trump)
    if sure:
        return (sure & -sure).bit_length() - 1
    if n == 2:
        # third hand high, the lowest of equals: the last player must pay for the trick
        card = beat.bit_length() - 1
        rest = beat & BELOW[card]
        while rest:
            lower = rest.bit_length() - 1
            if outstanding & BELOW[card] & ABOVE[lower]:
                break
            card = lower
            rest &= BELOW[lower]
        return card
    return lowest  # second hand low: the partner plays last


def _sure_cards(cards: int, led: int, next_voids: int, outstanding: int, trump: int) -> int:
    """Those of ``cards`` (of the suit led) that would hold the trick against the next
    player."""
    if not cards:
        return 0
    if trump >= 0 and led != trump and next_voids >> led & 1:
        if not next_voids >> trump & 1 and outstanding & SUIT_MASK[trump]:
            return 0  # he may ruff whatever we play
        return cards
    if next_voids >> led & 1:
        return cards
    out = outstanding & SUIT_MASK[led]
    if not out:
        return cards
    return cards & ABOVE[out.bit_length() - 1]


def _follow_avoid(
    follow: int,
    win: int,
    led: int,
    n: int,
    partner_wins: bool,
    next_voids: int,
    outstanding: int,
    trump: int,
) -> int:
    highest = follow.bit_length() - 1
    if win // 13 != led:
        return highest  # ruffed: ours cannot win, shed the biggest
    if partner_wins and (n == 3 or _holds(win, led, next_voids, outstanding, trump)):
        return highest  # the trick is our side's whatever we play
    under = follow & BELOW[win]
    if under:
        return under.bit_length() - 1  # the highest card that still ducks
    if n == 3:
        return highest  # ours whatever we play
    lowest = (follow & -follow).bit_length() - 1
    if outstanding & ABOVE[lowest] and not next_voids >> led & 1:
        return lowest  # the next player may still take it over
    return highest


def _shed_take(hand: int, outstanding: int, trump: int) -> int:
    """A card thrown away when trying to take tricks: a low loser, preferably from a short
    suit, never a master or a trump while another card will do."""
    best = -1
    best_key = 1 << 30
    for s in range(4):
        if s == trump:
            continue
        cards = hand & SUIT_MASK[s]
        if not cards:
            continue
        c = (cards & -cards).bit_length() - 1
        key = (0 if outstanding & ABOVE[c] else 1 << 20) + (c - 13 * s) * 32 + cards.bit_count()
        if key < best_key:
            best_key, best = key, c
    if best < 0:
        return (hand & -hand).bit_length() - 1
    return best


def _lead_take(hand: int, me: int, voids: list[int], outstanding: int, trump: int) -> int:
    left, right, partner = voids[(me + 1) & 3], voids[(me + 3) & 3], voids[(me + 2) & 3]
    out_trumps = 0
    trumps = 0
    if trump >= 0:
        out_trumps = outstanding & SUIT_MASK[trump]
        trumps = hand & SUIT_MASK[trump]
        # draw trumps with masters while an opponent may still hold one, so that the side
        # masters cannot be ruffed later
        if trumps and out_trumps and not (left >> trump & 1 and right >> trump & 1):
            top = out_trumps.bit_length() - 1
            if trumps.bit_length() - 1 > top:
                masters = trumps & ABOVE[top]
                return (masters & -masters).bit_length() - 1
    fallback = -1
    longest = -1
    longest_len = 0
    single = -1
    for s in range(4):
        if s == trump:
            continue
        cards = hand & SUIT_MASK[s]
        out = outstanding & SUIT_MASK[s]
        if (
            cards
            and trump >= 0
            and partner >> s & 1
            and not partner >> trump & 1
            and not left >> s & 1
            and not right >> s & 1
            and out_trumps
        ):
            return (cards & -cards).bit_length() - 1  # for the partner to ruff
        if not cards:
            continue
        top = cards.bit_length() - 1
        if not out & ABOVE[top]:
            ruff = out_trumps and (
                not out
                or (left >> s & 1 and not left >> trump & 1)
                or (right >> s & 1 and not right >> trump & 1)
            )
            if not ruff:
                if out:
                    cards &= ABOVE[out.bit_length() - 1]
                return (cards & -cards).bit_length() - 1  # cash a master
            fallback = top
        length = cards.bit_count()
        if length > longest_len:
            longest_len, longest = length, s
        if length == 1 and out:
            single = top
    if single >= 0 and trumps:
        return single  # make a void to ruff in later
    if longest >= 0:
        cards = hand & SUIT_MASK[longest]
        return (cards & -cards).bit_length() - 1
    if fallback >= 0:
        return fallback
    return (hand & -hand).bit_length() - 1


def _lead_avoid(hand: int, me: int, voids: list[int], outstanding: int) -> int:
    both_void = voids[(me + 1) & 3] & voids[(me + 3) & 3]
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
