"""A lean simulator of the rest of one deal with every hand known (a determinized deal).

Seats are the table's. Each player chooses with the heuristic policy from its own point of
view: its hand, the suits the others have shown they lack, and as outstanding every card in
the other hands (which it cannot tell apart).
"""

from __future__ import annotations

from .exchange import finish
from .policy import choose

POSITIVE_QUOTA = 8
MISERE_QUOTA = 5
"""The non-dealer team's quotas (rules §3)."""


def play_out(
    hands: list[int],
    trick: list[int],
    leader: int,
    voids: list[int],
    tricks: list[int],
    trump: int,
    take: bool,
    first: int = -1,
) -> list[int]:
    """Tricks per seat at the end of the deal. The arguments are not modified.

    ``first``, if given, is the card the seat to act plays now instead of the policy's.
    """
    hands = list(hands)
    voids = list(voids)
    tricks = list(tricks)
    trick = list(trick)
    pick = choose
    everything = hands[0] | hands[1] | hands[2] | hands[3]
    n = len(trick)
    player = (leader + n) & 3
    led = trick[0] // 13 if n else -1
    while True:
        hand = hands[player]
        if first >= 0:
            card, first = first, -1
        else:
            card = pick(hand, trick, player, voids, everything & ~hand, trump, take)
        suit = card // 13
        if not n:
            led = suit
        elif suit != led:
            voids[player] |= 1 << led
        bit = 1 << card
        hands[player] = hand ^ bit
        everything ^= bit
        if n < 3:
            trick.append(card)
            n += 1
            player = (player + 1) & 3
            continue
        trick.append(card)
        best, at = trick[0], 0
        for i in (1, 2, 3):
            c = trick[i]
            if c // 13 == best // 13:
                if c > best:
                    best, at = c, i
            elif c // 13 == trump:
                best, at = c, i
        leader = (leader + at) & 3
        tricks[leader] += 1
        if not everything:
            return tricks
        trick = []
        n = 0
        player = leader


def seat_score(tricks: list[int], seat: int, dealer: int, take: bool) -> int:
    """``seat``'s score for a finished deal: its team's (rules §6)."""
    ours = (dealer + 1) & 1
    taken = tricks[ours] + tricks[ours + 2]
    score = taken - POSITIVE_QUOTA if take else MISERE_QUOTA - taken
    return score if seat & 1 == ours else -score


def play_deal(hands: list[int], dealer: int, step: int, trump: int, take: bool) -> list[int]:
    """Tricks per seat of a deal whose exchange is made from ``step`` on (5: made) and then
    played from the first lead, every seat as the basic level; ``hands`` is not changed."""
    hands = list(hands)
    if step <= 4:
        finish(hands, dealer, step, trump, take)
    return play_out(hands, [], (dealer + 1) & 3, [0, 0, 0, 0], [0, 0, 0, 0], trump, take)
