"""The heuristic card play of the partnership pinochles: the basic level's play, and the
policy of the strong level's playouts. One function, :func:`choose`, picks a card from one
seat's knowledge (:class:`~.seen.Seen`); the engine has already kept the choice within the
duties (follow suit, beat a trump lead, trump when void).

- Leading, the bidding side draws trumps with its top trumps while the other side may hold
  any, cashes the plain cards nobody can beat or trump, and otherwise leads the cheapest
  card of a short suit. The other side cashes its sure plain winners, leads a suit the
  bidder lacks (he must spend a trump), and never leads trumps by choice. A lone trump left
  once the other side has none is kept for the last trick (its bonus).
- Following, a player whose partner's card will hold smears points on it (tens first, a
  card that would win a trick of its own last); a player who can take the trick with a card
  the other side cannot beat after him does so with the cheapest such card, a trump only
  when the trick is worth it (points, the last trick, or the side's first trick, which
  saves its meld); otherwise he plays his cheapest card, keeping aces and trumps.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .deck import SEATS, team
from .seen import Seen

TRUMP_KEEP: Final = 15
"""Points a trump is worth keeping beyond its own when smearing."""
MASTER_KEEP: Final = 8
"""Points a plain card nobody can beat is worth keeping: it wins a trick of its own."""
ACE_KEEP: Final = 3
"""Points more an ace is worth keeping than a ten as good: it stays a winner whatever falls."""


def choose(k: Seen, legal: Sequence[str]) -> str:
    """The card to play of ``legal`` (never empty)."""
    cards = list(dict.fromkeys(legal))
    if len(cards) == 1:
        return cards[0]
    if not k.trick:
        return lead(k, cards)
    return follow(k, cards)


# -- values -------------------------------------------------------------------------------------


def give_key(k: Seen, card: str) -> tuple[bool, int, int]:
    """Order of cards to give away: plain before trumps, few points, low rank."""
    return (card[1] == k.trump, k.deck.points[card[0]], k.deck.strength[card[0]])


def cheapest(k: Seen, cards: Sequence[str]) -> str:
    """The card to lose: the cheapest, from the shortest suit among equals (to trump it
    later)."""
    length: dict[str, int] = {}
    for c in k.hand:
        length[c[1]] = length.get(c[1], 0) + 1
    return min(cards, key=lambda c: (*give_key(k, c), length.get(c[1], 0)))


def cheapest_winner(k: Seen, cards: Sequence[str]) -> str:
    """Win with a card of the suit led before a trump, the lowest that does it."""
    return min(cards, key=lambda c: (c[1] == k.trump, k.deck.strength[c[0]], c))


def smear(k: Seen, cards: Sequence[str]) -> str:
    """The card to throw on one's own side's trick: the most points less what the card is
    worth keeping (a trump, or a plain card that wins a trick of its own)."""
    points = k.deck.points
    strength = k.deck.strength

    def worth(c: str) -> tuple[int, int]:
        if c[1] == k.trump:
            value = points[c[0]] - TRUMP_KEEP - 3 * strength[c[0]]
        else:
            value = points[c[0]] - (MASTER_KEEP if k.master(c) else 0)
            if c[0] == "A":
                value -= ACE_KEEP
        return value, -strength[c[0]]

    return max(cards, key=worth)


def trick_points(k: Seen) -> int:
    points = k.deck.points
    return sum(points[c[0]] for _, c in k.trick)


def worth_a_trump(k: Seen) -> bool:
    """Whether the trick is worth taking with a trump: points in it, the last trick's
    bonus, or the side's first trick (which saves its meld)."""
    if trick_points(k) > 0 or k.tricks_left == 1:
        return True
    mine = team(k.me)
    return not k.won[mine] and k.team_meld[mine] > 0


# -- leads --------------------------------------------------------------------------------------


def opponents(k: Seen) -> list[int]:
    mine = team(k.me)
    return [s for s in range(SEATS) if team(s) != mine]


def sure_plain(k: Seen, cards: Sequence[str]) -> list[str]:
    """Plain cards nobody on the other side can beat or is likely to trump."""
    opps = opponents(k)
    out = []
    for c in cards:
        if c[1] == k.trump or not k.master(c):
            continue
        if any(k.may_lack(o, c[1]) and k.may_trump(o) for o in opps):
            continue
        out.append(c)
    return out


def lead(k: Seen, cards: list[str]) -> str:
    trump = k.trump
    strength = k.deck.strength
    points = k.deck.points
    opps = opponents(k)
    trumps = [c for c in cards if c[1] == trump]
    plain = [c for c in cards if c[1] != trump]
    their_trumps = any(k.may_trump(o) for o in opps)
    if k.bidding_side and trumps and their_trumps:
        tops = [c for c in trumps if k.master(c)]
        if tops:
            return max(tops, key=lambda c: strength[c[0]])
        held = sum(1 for c in k.hand if c[1] == trump)
        if k.me == k.bidder and held * 2 > k.suit_out(trump):
            return min(trumps, key=lambda c: strength[c[0]])
    winners = sure_plain(k, plain)
    if winners:
        return max(winners, key=lambda c: (points[c[0]], k.suit_out(c[1]), c))
    if trumps and not their_trumps and (len(trumps) > 1 or not plain):
        # every trump wins now; one is kept for the last trick while other cards may go
        tops = [c for c in trumps if k.master(c)]
        if tops:
            return max(tops, key=lambda c: strength[c[0]])
    if not k.bidding_side and plain:
        bidder = k.bidder
        forcing = [c for c in plain if c[1] in k.voids[bidder] and k.may_trump(bidder)]
        if forcing:
            return cheapest(k, forcing)
    return cheapest(k, plain or cards)


# -- following ----------------------------------------------------------------------------------


def follow(k: Seen, cards: list[str]) -> str:
    seat, best = k.winning()
    after = k.after_me()
    takers = [c for c in cards if k.takes(c)]
    sure = [c for c in takers if k.holds(c, after)]
    if team(seat) == team(k.me):
        if k.holds(best, after):
            return smear(k, cards)
        if sure and trick_points(k) > 0:
            winner = cheapest_winner(k, sure)
            if winner[1] != k.trump or worth_a_trump(k):
                return winner
        return cheapest(k, cards)
    if sure:
        winner = cheapest_winner(k, sure)
        if winner[1] != k.trump or worth_a_trump(k):
            return winner
    return cheapest(k, cards)
