"""A lean simulator of the rest of one deal, with every hand known (a determinized deal).

Positions are play-order positions (0 is forehand). Each player chooses with the heuristic
policy from its own point of view: its hand, the suits others have shown void, and as
outstanding the cards in the other hands (plus, for the two who are not forehand, the
discard, which they cannot tell from a card in hand).
"""

from __future__ import annotations

from .policy import choose

_NEXT = (1, 2, 0)


def play_out(
    hands: list[int],
    trick: list[int],
    leader: int,
    voids: list[int],
    tricks: list[int],
    trump: int,
    take: bool,
    discard: int = 0,
    first: int = -1,
) -> list[int]:
    """Tricks per position at the end of the deal. The arguments are not modified.

    ``first``, if given, is the card the player to act plays now instead of the policy's.
    """
    hands = list(hands)
    voids = list(voids)
    tricks = list(tricks)
    trick = list(trick)
    pick = choose
    everything = hands[0] | hands[1] | hands[2]
    n = len(trick)
    player = (leader + n) % 3
    led = trick[0] // 13 if n else -1
    while True:
        hand = hands[player]
        if first >= 0:
            card, first = first, -1
        else:
            outstanding = everything & ~hand
            if player:
                outstanding |= discard
            card = pick(hand, trick, player, voids, outstanding, trump, take)
        suit = card // 13
        if not n:
            led = suit
        elif suit != led:
            voids[player] |= 1 << led
        bit = 1 << card
        hands[player] = hand ^ bit
        everything ^= bit
        if n < 2:
            trick.append(card)
            n += 1
            player = _NEXT[player]
            continue
        # the third card: who wins
        a, b = trick
        best, at = a, 0
        if b // 13 == led:
            if b > best:
                best, at = b, 1
        elif b // 13 == trump:
            best, at = b, 1
        if suit == best // 13:
            if card > best:
                at = 2
        elif suit == trump:
            at = 2
        leader = (leader + at) % 3
        tricks[leader] += 1
        if not everything:
            return tricks
        trick = []
        n = 0
        player = leader
