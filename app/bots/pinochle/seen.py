"""What one seat knows during the play of a partnership pinochle deal, and the questions a
card player asks of it: which cards it has not seen, where some of them are (every player's
melds are shown, so their cards are known until played), which suits a player has shown he
lacks, and whether a card in the trick can still be beaten by the other side.

Built from the seat's view (:func:`seen_of`) or, in the strong level's playouts, from the
simulator's state: the same questions, the same answers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from app.engine.pinochle.melds import shown_cards
from app.engine.pinochle.partnership.resample import shown_melds

from .deck import SEATS, Deck, beats, partner, team, winner_at

NO_CAP: Final = 99
"""A trump cap that bounds nothing."""
FEW: Final = 3
"""A suit with fewer of its cards left in unknown places than this may be gone from a hand
that is not known to hold one: a lead of it may be trumped."""


class Seen:
    """One seat's knowledge in the play; the counts of unseen cards are made suit by suit,
    on the first question about the suit."""

    __slots__ = (
        "_above",
        "_free",
        "_held",
        "_masters",
        "_suit_free",
        "_suit_out",
        "_unseen",
        "_winning",
        "bid",
        "bidder",
        "caps",
        "deck",
        "hand",
        "known",
        "known_total",
        "me",
        "played",
        "taken",
        "team_meld",
        "trick",
        "tricks_left",
        "trump",
        "voids",
        "won",
    )

    def __init__(
        self,
        deck: Deck,
        me: int,
        bidder: int,
        bid: int,
        trump: str,
        hand: list[str],
        trick: list[tuple[int, str]],
        played: Mapping[str, int],
        known: Sequence[Mapping[str, int]],
        voids: Sequence[set[str]],
        caps: Sequence[int],
        tricks_left: int,
        won: Sequence[int],
        taken: Sequence[int],
        team_meld: Sequence[int],
        known_total: Mapping[str, int] | None = None,
        held: Mapping[str, int] | None = None,
    ) -> None:
        self.deck = deck
        self.me = me
        self.bidder = bidder
        self.bid = bid
        self.trump = trump
        self.hand = hand
        self.trick = trick
        self.played = played
        """Every card played in the deal, the trick's included, copy by copy."""
        self.known = known
        """Per seat, the cards its melds showed that it has not played yet."""
        self.voids = voids
        """Per seat, the suits it has shown it lacks."""
        self.caps = caps
        """Per seat, the strongest trump it may hold (it did not beat a trump lead)."""
        self.tricks_left = tricks_left
        """Tricks not complete, the one in progress included."""
        self.won = won
        """Tricks won per team."""
        self.taken = taken
        """Card points per team in the tricks won (the last trick's bonus apart)."""
        self.team_meld = team_meld
        if known_total is None:
            total: Counter[str] = Counter()
            for k in known:
                total.update(k)
            known_total = total
        self.known_total = known_total
        """Per card, the copies the melds show still held, all seats together."""
        self._held = held
        """Copies of each card in the hand (counted on demand when not given)."""
        self._masters: dict[str, bool] = {}
        self._winning: tuple[int, str] | None = None
        self._unseen: dict[str, int] = {}
        self._free: dict[str, int] = {}
        self._above: dict[str, int] = {}
        self._suit_out: dict[str, int] = {}
        self._suit_free: dict[str, int] = {}

    # -- counting --------------------------------------------------------------------------

    def _count(self, suit: str) -> None:
        """The counts of one suit, made on its first question."""
        deck = self.deck
        played = self.played
        total = self.known_total
        own = self.known[self.me]
        unseen = self._unseen
        free = self._free
        above = self._above
        held = self._held
        if held is None:
            held = self._held = Counter(self.hand)
        acc = 0
        loose = 0
        for c in deck.by_suit[suit]:
            u = deck.copies - played.get(c, 0) - held.get(c, 0)
            unseen[c] = u
            f = u - total.get(c, 0) + own.get(c, 0)
            free[c] = f
            above[c] = acc
            acc += u
            loose += f
        self._suit_out[suit] = acc
        self._suit_free[suit] = loose

    def unseen(self, card: str) -> int:
        """Copies of ``card`` in the other hands."""
        if card[1] not in self._suit_out:
            self._count(card[1])
        return self._unseen[card]

    def higher_out(self, card: str) -> int:
        """Cards of the suit of ``card`` in other hands that rank above it (a copy played
        later does not beat it)."""
        if card[1] not in self._suit_out:
            self._count(card[1])
        return self._above[card]

    def suit_out(self, suit: str) -> int:
        """Cards of ``suit`` in the other hands."""
        if suit not in self._suit_out:
            self._count(suit)
        return self._suit_out[suit]

    def higher(self, card: str) -> tuple[str, ...]:
        return self.deck.higher[card]

    # -- where cards may be ----------------------------------------------------------------

    def may_hold(self, seat: int, card: str) -> bool:
        if self.known[seat].get(card, 0):
            return True
        if card[1] not in self._suit_out:
            self._count(card[1])
        if self._free[card] <= 0 or card[1] in self.voids[seat]:
            return False
        return not (card[1] == self.trump and self.deck.strength[card[0]] > self.caps[seat])

    def may_hold_any(self, seat: int, cards: Iterable[str]) -> bool:
        return any(self.may_hold(seat, c) for c in cards)

    def may_lack(self, seat: int, suit: str) -> bool:
        """Whether ``seat`` may have none of ``suit`` left: shown void, or holding none
        known and few of the suit left to go round."""
        if suit in self.voids[seat]:
            return True
        if any(self.known[seat].get(c, 0) for c in self.deck.by_suit[suit]):
            return False
        if suit not in self._suit_out:
            self._count(suit)
        return self._suit_free[suit] < FEW

    def may_trump(self, seat: int) -> bool:
        return self.may_hold_any(seat, self.deck.by_suit[self.trump])

    def may_beat(self, seat: int, best: str, led: str) -> bool:
        """Whether ``seat``, still to play to a trick ``best`` is winning, might take it."""
        trump = self.trump
        if best[1] == led:
            if led not in self.voids[seat] and self.may_hold_any(seat, self.higher(best)):
                return True
            return led != trump and self.may_lack(seat, led) and self.may_trump(seat)
        # a trump on a plain lead: only a higher trump from a seat out of the suit led
        return self.may_lack(seat, led) and self.may_hold_any(seat, self.higher(best))

    def holds(self, best: str, after: Sequence[int]) -> bool:
        """Whether ``best``, winning the trick, stays best through the seats in ``after``
        of the other side."""
        led = self.trick[0][1][1] if self.trick else best[1]
        mine = team(self.me)
        return not any(team(s) != mine and self.may_beat(s, best, led) for s in after)

    def after_me(self) -> list[int]:
        """The seats still to play to the trick after this one."""
        return [(self.me + k) % SEATS for k in range(1, SEATS - len(self.trick))]

    # -- the trick and the sides ------------------------------------------------------------

    @property
    def partner(self) -> int:
        return partner(self.me)

    @property
    def bidding_side(self) -> bool:
        return team(self.me) == team(self.bidder)

    def winning(self) -> tuple[int, str]:
        """The seat winning the trick so far and its card."""
        if self._winning is None:
            at = winner_at(self.deck, [c for _, c in self.trick], self.trump)
            self._winning = self.trick[at]
        return self._winning

    def takes(self, card: str) -> bool:
        """Whether ``card`` played now takes the lead in the trick."""
        return beats(self.deck, card, self.winning()[1], self.trump)

    def master(self, card: str) -> bool:
        """No card the other side may hold beats ``card`` in its suit."""
        found = self._masters.get(card)
        if found is None:
            found = self._masters[card] = self._master(card)
        return found

    def _master(self, card: str) -> bool:
        if not self.higher_out(card):
            return True
        first = (self.me + 1) % SEATS
        opponents = (first, (first + 2) % SEATS)
        return not any(self.may_hold(s, c) for c in self.higher(card) for s in opponents)


# -- built from a view -------------------------------------------------------------------------


def known_cards(
    melds: Sequence[Mapping[str, Any]] | None, played: Sequence[list[str]]
) -> list[dict[str, int]]:
    """Per seat, the cards its melds show that it still holds."""
    if melds is None:
        return [{} for _ in range(SEATS)]
    out = []
    for s in range(SEATS):
        held = Counter(shown_cards(shown_melds(melds[s]))) - Counter(played[s])
        out.append(dict(held))
    return out


def public_play(
    deck: Deck, trump: str, tricks: Sequence[Sequence[tuple[int, str]]]
) -> tuple[dict[str, int], list[set[str]], list[int], list[list[str]]]:
    """What every player saw of the tricks so far (the one in progress last): the cards
    played, the suits each seat showed it lacks (a trump too when it neither followed nor
    trumped), each seat's trump cap (it followed a trump lead without beating it), and what
    each seat played."""
    played: dict[str, int] = {}
    voids: list[set[str]] = [set() for _ in range(SEATS)]
    caps = [NO_CAP] * SEATS
    by_seat: list[list[str]] = [[] for _ in range(SEATS)]
    strength = deck.strength
    for cards in tricks:
        if not cards:
            continue
        led = cards[0][1][1]
        best = cards[0][1]
        for i, (seat, card) in enumerate(cards):
            played[card] = played.get(card, 0) + 1
            by_seat[seat].append(card)
            if not i:
                continue
            if card[1] != led:
                voids[seat].add(led)
                if card[1] != trump:
                    voids[seat].add(trump)
            elif led == trump and strength[card[0]] <= strength[best[0]]:
                caps[seat] = min(caps[seat], strength[best[0]])
            if beats(deck, card, best, trump):
                best = card
    return played, voids, caps, by_seat


def tricks_of(d: Mapping[str, Any]) -> list[list[tuple[int, str]]]:
    done = [[(e["seat"], e["card"]) for e in t["cards"]] for t in d["tricks_played"]]
    return [*done, [(e["seat"], e["card"]) for e in d["trick"]]]


def seen_of(deck: Deck, view: Mapping[str, Any]) -> Seen:
    """The seat's knowledge in the play, from its view."""
    d = view["deal"]
    trump: str = d["trump"]
    played, voids, caps, by_seat = public_play(deck, trump, tricks_of(d))
    return Seen(
        deck,
        view["seat"],
        d["bidder"],
        d["high_bid"],
        trump,
        list(d["hand"]),
        [(e["seat"], e["card"]) for e in d["trick"]],
        played,
        known_cards(d["melds"], by_seat),
        voids,
        caps,
        deck.hand_size - len(d["tricks_played"]),
        d["tricks_won"],
        d["points_taken"],
        d["team_meld"] or [0, 0],
    )
