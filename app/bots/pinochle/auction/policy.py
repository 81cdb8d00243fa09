"""The heuristic card play: the basic level's play, and the policy of the strong level's
playouts.

One function, :func:`choose`, picks a card from a player's own point of view (:class:`Seen`):
its hand, the trick so far, the cards it has not seen (still in the other hands, or for an
opponent among the bidder's buried), and the suits each player has shown he lacks.

- The bidder draws trumps with his top trumps while the opponents hold any, cashes side
  winners (aces, and tens once both aces are gone) where no one is known to trump them,
  pulls the rest of the trumps with a low one when he holds more than they do, and
  otherwise loses the cheapest card.
- An opponent cashes side winners the bidder cannot trump, leads low into the bidder's
  voids (he must spend a trump on a trick of no value), and otherwise the cheapest card;
  never trumps first.
- Following, a player whose side wins the trick smears points on it (tens first, then
  aces, then kings; an opponent on his partner's trick when it will hold), beats the other
  side's card cheaply when that wins, and otherwise plays the cheapest card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from app.engine.cards import SUITS
from app.engine.pinochle.auction.rules import DISTINCT, RANKS

from .cards import STRENGTH, beats, winner_index

SMEAR_ORDER: Final[dict[str, int]] = {"T": 6, "A": 5, "K": 4, "Q": 3, "J": 2, "9": 1}
"""Which counter to throw on one's own side's trick first: tens are the hardest to win
with, aces win tricks of their own later."""
BY_SUIT: Final = tuple((s, tuple(r + s for r in RANKS)) for s in SUITS)


class Seen:
    """What one player knows in the play: enough to choose a card."""

    __slots__ = (
        "_above",
        "_suits",
        "bidder",
        "hand",
        "me",
        "order",
        "played",
        "points",
        "set_aside",
        "trick",
        "trump",
        "voids",
    )

    def __init__(
        self,
        me: int,
        bidder: int,
        order: Sequence[int],
        hand: list[str],
        trick: list[tuple[int, str]],
        trump: str,
        played: dict[str, int],
        voids: dict[int, set[str]],
        points: dict[str, int],
        set_aside: dict[str, int] | None = None,
    ) -> None:
        self.me = me
        self.bidder = bidder
        self.order = order
        """The three active seats in play order (clockwise)."""
        self.hand = hand
        """The cards it may still play (the bidder's buried cards not among them)."""
        self.trick = trick
        self.trump = trump
        self.played = played
        """Every card played so far in the deal, the trick's included, copy by copy."""
        self.voids = voids
        self.points = points
        self.set_aside = set_aside
        """Cards it knows are out of play: the bidder's own buried cards."""
        self._above: dict[str, int] | None = None
        self._suits: dict[str, int] = {}

    def _count(self) -> dict[str, int]:
        """Per card, the unseen cards of its suit that rank above it; per suit, the unseen
        cards of it (computed once, on the first question)."""
        unseen = dict.fromkeys(DISTINCT, 2)
        for c, n in self.played.items():
            unseen[c] -= n
        for c in self.hand:
            unseen[c] -= 1
        if self.set_aside:
            for c, n in self.set_aside.items():
                unseen[c] -= n
        above: dict[str, int] = {}
        suits = self._suits
        for suit, cards in BY_SUIT:
            acc = 0
            for c in cards:
                above[c] = acc
                acc += unseen[c]
            suits[suit] = acc
        self._above = above
        return above

    def suit_out(self, suit: str) -> int:
        """Cards of ``suit`` it has not seen: in other hands (or buried, for an opponent)."""
        if self._above is None:
            self._count()
        return self._suits[suit]

    def higher_out(self, card: str) -> int:
        """Unseen cards of the suit of ``card`` that rank above it (an identical card played
        later does not beat it)."""
        above = self._above
        if above is None:
            above = self._count()
        return above[card]

    def after(self, seat: int) -> int:
        order = self.order
        return order[(order.index(seat) + 1) % 3]

    def side(self, seat: int) -> int:
        return 0 if seat == self.bidder else 1

    def void(self, seat: int, suit: str) -> bool:
        return suit in self.voids.get(seat, ())


def choose(k: Seen, legal: list[str]) -> str:
    """The card to play of ``legal`` (never empty)."""
    if len(legal) == 1:
        return legal[0]
    if not k.trick:
        return _lead_bidder(k, legal) if k.me == k.bidder else _lead_opponent(k, legal)
    return _follow(k, legal)


# -- helpers ------------------------------------------------------------------------------------


def _cheap_key(k: Seen, card: str) -> tuple[int, int, int]:
    """Order of cards to give away: plain before trumps, few points, low rank."""
    return (card[1] == k.trump, k.points[card[0]], STRENGTH[card[0]])


def cheapest(k: Seen, cards: Sequence[str]) -> str:
    return min(cards, key=lambda c: _cheap_key(k, c))


def _cheapest_winner(k: Seen, cards: Sequence[str]) -> str:
    """Win with a card of the suit led before a trump, the lowest that does it."""
    return min(cards, key=lambda c: (c[1] == k.trump, STRENGTH[c[0]]))


def smear(k: Seen, cards: Sequence[str]) -> str:
    """The counter to throw on one's own side's trick: plain tens, aces, kings; a trump only
    when nothing else may go, and then the lowest."""
    plain = [c for c in cards if c[1] != k.trump]
    if not plain:
        return min(cards, key=lambda c: STRENGTH[c[0]])
    return max(plain, key=lambda c: (k.points[c[0]] > 0, SMEAR_ORDER[c[0]]))


def _opponents_may_trump(k: Seen, suit: str, seats: Sequence[int]) -> bool:
    """Whether one of ``seats`` might trump a lead of ``suit``: known void in it with trumps
    maybe left, or few of the suit left to go round."""
    trump = k.trump
    if suit == trump:
        return False
    trumps_left = k.suit_out(trump)
    if not trumps_left:
        return False
    live = [s for s in seats if not k.void(s, trump)]
    if not live:
        return False
    if any(k.void(s, suit) for s in live):
        return True
    return k.suit_out(suit) < 2 * len(live)


def holds(k: Seen, card: str, seat: int) -> bool:
    """Whether ``card``, best in the trick, will still be best after ``seat`` plays."""
    trump = k.trump
    led = k.trick[0][1][1]
    if card[1] == trump and led != trump:
        # a trump on a plain lead: beaten only by a higher trump from a seat void in the suit
        if k.void(seat, trump) or not k.higher_out(card):
            return True
        return not k.void(seat, led) and k.suit_out(led) >= 2
    if k.higher_out(card) and not k.void(seat, card[1]):
        return False
    if card[1] == trump:
        return True
    return not _opponents_may_trump(k, card[1], [seat])


# -- leads --------------------------------------------------------------------------------------


def _lead_bidder(k: Seen, legal: list[str]) -> str:
    trump = k.trump
    others = [s for s in k.order if s != k.me]
    trumps = [c for c in legal if c[1] == trump]
    trumps_out = k.suit_out(trump)
    if trumps and trumps_out:
        tops = [c for c in trumps if not k.higher_out(c)]
        if tops:
            return max(tops, key=lambda c: STRENGTH[c[0]])
    winners = [
        c
        for c in legal
        if c[1] != trump and not k.higher_out(c) and not _opponents_may_trump(k, c[1], others)
    ]
    if winners:
        # the surest first: the suit with the most still out
        return max(winners, key=lambda c: (k.suit_out(c[1]), k.points[c[0]]))
    if trumps and trumps_out and len(trumps) > trumps_out:
        return min(trumps, key=lambda c: STRENGTH[c[0]])
    if not trumps_out and trumps:
        # the opponents have no trumps: any trump is a winner
        return max(trumps, key=lambda c: STRENGTH[c[0]])
    return _low_lead(k, legal)


def _low_lead(k: Seen, legal: list[str]) -> str:
    """A card to lose: the cheapest, from a short suit (to trump it later) among equals."""
    length = {s: 0 for s in SUITS}
    for c in k.hand:
        length[c[1]] += 1
    return min(legal, key=lambda c: (*_cheap_key(k, c), length[c[1]]))


def _lead_opponent(k: Seen, legal: list[str]) -> str:
    trump = k.trump
    bidder = k.bidder
    plain = [c for c in legal if c[1] != trump]
    winners = [
        c for c in plain if not k.higher_out(c) and not _opponents_may_trump(k, c[1], [bidder])
    ]
    if winners:
        return max(winners, key=lambda c: (k.points[c[0]], k.suit_out(c[1])))
    if plain:
        forcing = [c for c in plain if k.void(bidder, c[1]) and not k.void(bidder, trump)]
        if forcing:
            return cheapest(k, forcing)
        return _low_lead(k, plain)
    return cheapest(k, legal)


# -- following ----------------------------------------------------------------------------------


def _follow(k: Seen, legal: list[str]) -> str:
    trick = k.trick
    trump = k.trump
    cards = [c for _, c in trick]
    at = winner_index(cards, trump)
    winner, best = trick[at]
    mine = k.side(k.me)
    beaters = [c for c in legal if beats(c, best, trump)]
    if len(trick) == 2:
        if k.side(winner) == mine:
            return smear(k, legal)
        if beaters:
            return _cheapest_winner(k, beaters)
        return cheapest(k, legal)
    nxt = k.after(k.me)
    if k.side(winner) == mine:
        # an opponent second to play on his partner's lead, the bidder to come
        if holds(k, best, nxt):
            return smear(k, legal)
        sure = [c for c in beaters if holds_after(k, c, nxt)]
        if sure:
            return _cheapest_winner(k, sure)
        return cheapest(k, legal)
    if mine == 1:
        # the bidder led, the partner plays last: any card that beats his is ours
        if beaters:
            return _cheapest_winner(k, beaters)
        return cheapest(k, legal)
    # the bidder second, an opponent still to play
    sure = [c for c in beaters if holds_after(k, c, nxt)]
    if sure:
        return _cheapest_winner(k, sure)
    return cheapest(k, legal)


def holds_after(k: Seen, card: str, seat: int) -> bool:
    """Whether ``card``, played now and beating the trick, stays best after ``seat``."""
    trick = k.trick
    k.trick = [*trick, (k.me, card)]
    try:
        return holds(k, card, seat)
    finally:
        k.trick = trick
