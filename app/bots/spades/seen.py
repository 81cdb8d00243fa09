"""What one player knows during the play of a deal, enough to choose a card: its hand, the
trick so far, the cards played, the suits each player has shown he lacks, the bids and the
tricks taken. The basic level reads it from a view; the strong level's playouts keep one
per simulated deal and hand each player its own."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.engine.spades.rules import AS_BAGS, NOTHING, PARTNER, SEATS, TRUMP

from .cards import BY_SUIT, PLAIN, Bid, is_nil, side


class Seen:
    __slots__ = (
        "bags",
        "bids",
        "broken",
        "failed_nil",
        "hand",
        "me",
        "played",
        "trick",
        "tricks",
        "voids",
    )

    def __init__(
        self,
        me: int,
        hand: list[str],
        trick: list[tuple[int, str]],
        bids: Sequence[Bid],
        tricks: Sequence[int],
        played: set[str],
        voids: Sequence[set[str]],
        broken: bool,
        bags: bool,
        failed_nil: str = NOTHING,
    ) -> None:
        self.me = me
        self.hand = hand
        self.trick = trick
        """The trick in progress: (seat, card) in play order."""
        self.bids = bids
        self.tricks = tricks
        """Tricks won so far, per seat."""
        self.played = played
        """Every card played in the deal, the trick in progress included."""
        self.voids = voids
        self.broken = broken
        self.bags = bags
        """Whether overtricks cost (option bags)."""
        self.failed_nil = failed_nil

    # -- the cards ---------------------------------------------------------------------------

    def higher_out(self, card: str) -> int:
        """Cards of the suit of ``card`` ranking above it that it has not seen."""
        n = 0
        for c in BY_SUIT[card[1]]:
            if c == card:
                return n
            if c not in self.played and c not in self.hand:
                n += 1
        return n

    def suit_out(self, suit: str) -> int:
        """Cards of ``suit`` in the other hands."""
        return sum(1 for c in BY_SUIT[suit] if c not in self.played and c not in self.hand)

    def void(self, seat: int, suit: str) -> bool:
        return suit in self.voids[seat]

    def may_ruff(self, seat: int, suit: str) -> bool:
        """Whether ``seat`` might play a spade on a lead of plain ``suit``: known to lack the
        suit, or few of it left to go round, while spades are still out."""
        if suit == TRUMP or self.void(seat, TRUMP) or not self.suit_out(TRUMP):
            return False
        return self.void(seat, suit) or self.suit_out(suit) < 3

    # -- the contracts -----------------------------------------------------------------------

    def alive_nil(self, seat: int) -> bool:
        """A nil (or blind nil) bidder who has taken no trick yet."""
        return is_nil(self.bids[seat]) and self.tricks[seat] == 0

    def failed_nil_bidder(self, seat: int) -> bool:
        return is_nil(self.bids[seat]) and self.tricks[seat] > 0

    def need(self, team: int) -> int | None:
        """Tricks the side still needs for its contract (0 or less once made), ``None`` when
        it has no contract (both partners bid nil)."""
        contract = 0
        counted = 0
        numbers = 0
        for seat in range(team, SEATS, 2):
            bid = self.bids[seat]
            if is_nil(bid):
                if self.failed_nil == PARTNER:
                    counted += self.tricks[seat]
                continue
            numbers += 1
            contract += int(bid or 0)
            counted += self.tricks[seat]
        if not numbers:
            return None
        return contract - counted

    def wants_tricks(self) -> bool:
        """Whether this player's side would rather win the trick than lose it, nil apart:
        while its contract is short, to set the other side while that may still work, and
        for overtricks when they cost nothing."""
        me = self.me
        ours, theirs = self.need(side(me)), self.need(1 - side(me))
        left = len(self.hand)
        can_set = theirs is not None and theirs > 0 and 2 * theirs >= left
        if self.failed_nil_bidder(me) and self.failed_nil in (NOTHING, AS_BAGS):
            # his tricks count for nothing (or only as bags): worth taking to set the other
            # side, or to keep overtricks from it when they cost nobody anything
            return can_set or not self.bags
        if ours is None:
            return False
        if ours > 0 or can_set:
            return True
        return not self.bags


def played_and_voids(d: dict[str, Any]) -> tuple[set[str], list[set[str]]]:
    """Every card played in the deal (the trick in progress included) and the suits each
    seat has shown it lacks: by not following, or by leading a spade before spades were
    broken (only spades left)."""
    tricks = [[(e["seat"], e["card"]) for e in t["cards"]] for t in d["tricks_played"]]
    tricks.append([(e["seat"], e["card"]) for e in d["trick"]])
    return played_and_voids_of(tricks)


def played_and_voids_of(
    tricks: Sequence[Sequence[tuple[int, str]]],
) -> tuple[set[str], list[set[str]]]:
    """:func:`played_and_voids` of the tricks as (seat, card) in play order, the last the
    trick in progress."""
    played: set[str] = set()
    voids: list[set[str]] = [set() for _ in range(SEATS)]
    broken = False
    for cards in tricks:
        if not cards:
            continue
        led = cards[0][1][1]
        if led == TRUMP and not broken:
            voids[cards[0][0]].update(PLAIN)
        for seat, card in cards:
            played.add(card)
            if card[1] != led:
                voids[seat].add(led)
        if len(cards) == SEATS and any(card[1] == TRUMP for _, card in cards):
            broken = True
    return played, voids


def seen_of(view: dict[str, Any]) -> Seen:
    """The knowledge of the seat whose view this is, during the play."""
    d = view["deal"]
    played, voids = played_and_voids(d)
    options = view["options"]
    return Seen(
        me=view["seat"],
        hand=list(d["hand"]),
        trick=[(e["seat"], e["card"]) for e in d["trick"]],
        bids=list(d["bids"]),
        tricks=list(d["tricks"]),
        played=played,
        voids=voids,
        broken=bool(d["spades_broken"]),
        bags=bool(options["bags"]),
        failed_nil=str(options["failed_nil_tricks"]),
    )
