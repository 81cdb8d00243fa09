"""The four steps of the exchange (rules §4), each seat choosing from its own hand.

- Forehand, holding sixteen with the open cards, passes four to his partner: the cards his
  hand misses least, which stay the side's.
- His partner, now sixteen, gives one card to each of the others: the two his side misses
  least go to the opponents, then the one that helps him most to lose goes to forehand.
- The dealer's partner passes one card to the dealer, and the dealer one back, each the
  card his hand misses least, which stays the side's.

Taking tricks, a hand parts with low cards, emptying short suits (in a trump contract, to
ruff in); avoiding them, it parts with high cards that few low ones guard.
"""

from __future__ import annotations

from .estimate import best_removal, removals

TO_PARTNER = 4
"""Cards forehand passes at the first step."""


def forehand_pass(hand: int, trump: int, take: bool) -> int:
    """Step 1: the four cards forehand passes to his partner, as a mask."""
    return best_removal(hand, TO_PARTNER, trump, take, friendly=True)


def share(hand: int, trump: int, take: bool) -> tuple[int, int, int]:
    """Step 2: forehand's partner's three cards, as card codes: to the dealer, to forehand,
    to the dealer's partner (the order of the share's receivers)."""
    away = best_removal(hand, 2, trump, take, friendly=False)
    friend = best_removal(hand & ~away, 1, trump, take, friendly=True)
    low = (away & -away).bit_length() - 1
    high = away.bit_length() - 1
    return low, friend.bit_length() - 1, high


def share_candidates(
    hand: int, trump: int, take: bool, away: int, friend: int
) -> list[tuple[int, int, int]]:
    """Shares worth comparing, best first by the estimate: the ``away`` best pairs for the
    opponents, each with the ``friend`` best cards for forehand, as :func:`share` gives
    them."""
    out: list[tuple[int, int, int]] = []
    for pair in removals(hand, 2, trump, take, friendly=False)[:away]:
        low = (pair & -pair).bit_length() - 1
        high = pair.bit_length() - 1
        for card in removals(hand & ~pair, 1, trump, take, friendly=True)[:friend]:
            out.append((low, card.bit_length() - 1, high))
    return out


def side_pass(hand: int, trump: int, take: bool) -> int:
    """Steps 3 and 4: the card the dealer's partner passes to the dealer, and the one the
    dealer passes back, as a mask."""
    return best_removal(hand, 1, trump, take, friendly=True)


def finish(hands: list[int], dealer: int, step: int, trump: int, take: bool) -> None:
    """Make the exchange's steps from ``step`` on in ``hands`` (a mask per seat, changed in
    place), every seat choosing as the basic level does."""
    forehand = (dealer + 1) & 3
    dealer_partner = (dealer + 2) & 3
    forehand_partner = (dealer + 3) & 3
    if step <= 1:
        out = forehand_pass(hands[forehand], trump, take)
        hands[forehand] ^= out
        hands[forehand_partner] |= out
    if step <= 2:
        given = share(hands[forehand_partner], trump, take)
        for seat, card in zip((dealer, forehand, dealer_partner), given, strict=True):
            hands[forehand_partner] ^= 1 << card
            hands[seat] |= 1 << card
    if step <= 3:
        out = side_pass(hands[dealer_partner], trump, take)
        hands[dealer_partner] ^= out
        hands[dealer] |= out
    if step <= 4:
        out = side_pass(hands[dealer], trump, take)
        hands[dealer] ^= out
        hands[dealer_partner] |= out
