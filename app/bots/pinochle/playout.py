"""A lean simulator of the play of one partnership pinochle deal with every hand known (a
determinized deal), for the strong level's playouts and for calibrating the basic level's
estimates. Each player chooses with the heuristic policy (policy.py) from its own point of
view: its hand, the cards played, the melds shown, the suits players have shown they lack.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from app.engine.pinochle import melds as meld_rules
from app.engine.pinochle.partnership.state import Match
from app.engine.pinochle.partnership.variant import MadeBid, deal_scores
from app.engine.tricks import legal_cards

from .deck import SEATS, Deck, team, winner_at
from .policy import choose
from .seen import NO_CAP, Seen, public_play

Chooser = Callable[[Seen, list[str]], str]


class Play:
    """The play of a deal in progress: the hands, the trick, what was played, what the melds
    still show, the voids and trump caps shown, and the card points and tricks per team.
    :meth:`run` plays it to the end."""

    __slots__ = (
        "bid",
        "bidder",
        "caps",
        "counts",
        "deck",
        "hands",
        "known",
        "known_total",
        "melds",
        "played",
        "taken",
        "to_play",
        "trick",
        "tricks_left",
        "trump",
        "voids",
        "won",
    )

    def __init__(
        self,
        deck: Deck,
        bidder: int,
        bid: int,
        trump: str,
        hands: Sequence[list[str]],
        melds: Sequence[int],
        known: Sequence[dict[str, int]],
        to_play: int,
        trick: Sequence[tuple[int, str]] = (),
        played: dict[str, int] | None = None,
        voids: Sequence[set[str]] | None = None,
        caps: Sequence[int] | None = None,
        taken: Sequence[int] = (0, 0),
        won: Sequence[int] = (0, 0),
        tricks_left: int | None = None,
    ) -> None:
        self.deck = deck
        self.bidder = bidder
        self.bid = bid
        self.trump = trump
        self.hands = [list(h) for h in hands]
        self.counts = [dict(Counter(h)) for h in self.hands]
        """Copies of each card per hand."""
        self.melds = list(melds)
        """Each team's meld, credited once it wins a trick."""
        self.known = [dict(k) for k in known]
        total: dict[str, int] = {}
        for k in self.known:
            for c, n in k.items():
                total[c] = total.get(c, 0) + n
        self.known_total = total
        self.to_play = to_play
        self.trick = list(trick)
        self.played = dict(played) if played is not None else {}
        self.voids = [set(v) for v in voids] if voids is not None else [set() for _ in hands]
        self.caps = list(caps) if caps is not None else [NO_CAP] * SEATS
        self.taken = list(taken)
        self.won = list(won)
        self.tricks_left = deck.hand_size if tricks_left is None else tricks_left

    def copy(self) -> Play:
        other = Play.__new__(Play)
        other.deck = self.deck
        other.bidder = self.bidder
        other.bid = self.bid
        other.trump = self.trump
        other.hands = [list(h) for h in self.hands]
        other.counts = [dict(c) for c in self.counts]
        other.melds = self.melds
        other.known = [dict(k) for k in self.known]
        other.known_total = dict(self.known_total)
        other.to_play = self.to_play
        other.trick = list(self.trick)
        other.played = dict(self.played)
        other.voids = [set(v) for v in self.voids]
        other.caps = list(self.caps)
        other.taken = list(self.taken)
        other.won = list(self.won)
        other.tricks_left = self.tricks_left
        return other

    def seen(self, seat: int) -> Seen:
        return Seen(
            self.deck,
            seat,
            self.bidder,
            self.bid,
            self.trump,
            self.hands[seat],
            self.trick,
            self.played,
            self.known,
            self.voids,
            self.caps,
            self.tricks_left,
            self.won,
            self.taken,
            self.melds,
            self.known_total,
            self.counts[seat],
        )

    def legal(self, seat: int) -> list[str]:
        return legal_cards(
            self.hands[seat], [c for _, c in self.trick], self.trump, self.deck.trick_rules
        )

    def step(self, card: str) -> None:
        """The player to play plays ``card``."""
        seat = self.to_play
        trick = self.trick
        trump = self.trump
        deck = self.deck
        if trick:
            led = trick[0][1][1]
            if card[1] != led:
                voids = self.voids[seat]
                voids.add(led)
                if card[1] != trump:
                    voids.add(trump)
            elif led == trump:
                best = trick[winner_at(deck, [c for _, c in trick], trump)][1]
                s = deck.strength
                if s[card[0]] <= s[best[0]] and self.caps[seat] > s[best[0]]:
                    self.caps[seat] = s[best[0]]
        self.hands[seat].remove(card)
        self.counts[seat][card] -= 1
        known = self.known[seat]
        if known.get(card):
            known[card] -= 1
            self.known_total[card] -= 1
        self.played[card] = self.played.get(card, 0) + 1
        trick.append((seat, card))
        if len(trick) < SEATS:
            self.to_play = (seat + 1) % SEATS
            return
        cards = [c for _, c in trick]
        winner = trick[winner_at(deck, cards, trump)][0]
        side = team(winner)
        pts = deck.points
        self.taken[side] += sum(pts[c[0]] for c in cards)
        self.won[side] += 1
        self.tricks_left -= 1
        if not self.tricks_left:
            self.taken[side] += deck.last_trick
        self.trick = []
        self.to_play = winner

    def run(self, policy: Chooser = choose, first: str | None = None) -> Play:
        """Play to the end (``first``: the card the player to act plays now)."""
        if first is not None:
            self.step(first)
        while self.tricks_left:
            seat = self.to_play
            legal = self.legal(seat)
            self.step(legal[0] if len(legal) == 1 else policy(self.seen(seat), legal))
        return self

    def hands_points(self) -> tuple[int, int]:
        """Each team's hand points: its card points, and its meld once it won a trick."""
        out = [self.taken[t] + (self.melds[t] if self.won[t] else 0) for t in range(2)]
        return out[0], out[1]

    def scores(self, made: MadeBid) -> list[int]:
        """What each team scores for the deal played out (§8)."""
        return deal_scores(team(self.bidder), self.bid, self.hands_points(), made)


def melds_for(
    deck: Deck, hands: Sequence[Sequence[str]], trump: str
) -> tuple[list[int], list[dict[str, int]]]:
    """Each team's meld with ``trump`` and the cards each seat's melds show."""
    values = [0, 0]
    known: list[dict[str, int]] = []
    for seat, hand in enumerate(hands):
        melds = meld_rules.best(hand, trump, deck.meld_table)
        values[team(seat)] += sum(m.value for m in melds)
        known.append(dict(Counter(meld_rules.shown_cards(melds))))
    return values, known


def fresh(
    deck: Deck, hands: Sequence[Sequence[str]], bidder: int, bid: int, trump: str, leader: int
) -> Play:
    """The play of a deal about to start: trump named, melds shown, ``leader`` to lead."""
    melds, known = melds_for(deck, hands, trump)
    return Play(deck, bidder, bid, trump, [list(h) for h in hands], melds, known, leader)


def from_match(deck: Deck, match: Match) -> Play:
    """The play of the deal in progress of an engine state (trump named)."""
    deal = match.current
    assert deal is not None and deal.trump is not None and deal.bidder is not None
    trump = deal.trump
    tricks = [[((t.leader + k) % SEATS, c) for k, c in enumerate(t.cards)] for t in deal.history]
    tricks.append(list(deal.trick))
    played, voids, caps, by_seat = public_play(deck, trump, tricks)
    known = [
        dict(Counter(meld_rules.shown_cards(deal.melds[s])) - Counter(by_seat[s]))
        if deal.melds is not None
        else {}
        for s in range(SEATS)
    ]
    return Play(
        deck,
        deal.bidder,
        deal.high,
        trump,
        deal.hands,
        [deal.team_meld(t) for t in range(2)],
        known,
        match.to_act if match.to_act is not None and match.to_act >= 0 else 0,
        trick=deal.trick,
        played=played,
        voids=voids,
        caps=caps,
        taken=deal.points,
        won=deal.won,
        tricks_left=deck.hand_size - len(deal.history),
    )
