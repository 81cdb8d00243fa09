"""German Whist's ``basic`` level: plain, deterministic play from the view.

While the stock lasts (the first thirteen tricks) a trick only decides who takes the face-up
card, so the bot fights for that card when it is worth having (a trump above all, then an
ace or a king: worth more than an average card from the stock by more than the fight costs)
with the cheapest card that wins, and otherwise gives the trick away with its lowest card,
keeping trumps and high cards for the tricks that score. Once the stock is gone every card
not in its hand and not played is in the other hand, so it plays the last thirteen with the
deal open before it: it wins a trick as cheaply as it can, leads the cards nothing can beat
(trumps first when it holds more of them, to draw the other's), and otherwise leads its
lowest plain card and throws from its weakest suit.

The strong level plays many deals out with this level for each of its decisions, so what
this one counts is counted once per decision (:class:`Sight`).
"""

from __future__ import annotations

from typing import Any

from app.engine.cards import FULL_DECK, RANKS, SUITS

from ..base import View, legal_of

STRENGTH = {r: len(RANKS) - 1 - i for i, r in enumerate(RANKS)}
"""2 is 0, the ace 12."""

STAKE = 3.0
"""How many times the face-up card's worth over an average draw a trick for it is worth
spending. The trick swings that worth twice (one of us takes the card, the other an unseen
one); in duplicate play weights from 2 to 4 did about equally well, and 1 worse."""


def keep(card: str, trump: str) -> int:
    """The order in which cards are given up: by rank, every trump after every plain card."""
    return STRENGTH[card[0]] + (len(RANKS) if card[1] == trump else 0)


def worth(card: str, trump: str) -> int:
    """What a card brings to the tricks that score: a plain card below a nine nothing, the
    higher ones a little, any trump more than every plain card."""
    rank = STRENGTH[card[0]]
    return rank + 8 if card[1] == trump else max(0, rank - 6)


WORTH = {t: {c: worth(c, t) for c in FULL_DECK} for t in SUITS}
PACK = frozenset(FULL_DECK)


def beats(card: str, led: str, trump: str) -> bool:
    """Whether ``card`` played to ``led`` takes the trick (two cards to a trick)."""
    if card[1] == led[1]:
        return STRENGTH[card[0]] > STRENGTH[led[0]]
    return card[1] == trump


def played_cards(deal: dict[str, Any]) -> set[str]:
    """Every card played this deal: in the tricks won and on the table."""
    seen = {c["card"] for t in deal["tricks_played"] for c in t["cards"]}
    seen.update(e["card"] for e in deal["trick"])
    return seen


class Sight:
    """What one seat can count: its hand, and the cards it neither holds nor has seen
    played (``outstanding``: the other hand and the stock; once the stock is gone, the
    other hand exactly)."""

    __slots__ = ("held", "mine", "out", "outstanding", "top", "trump", "value")

    def __init__(self, hand: list[str], outstanding: frozenset[str], trump: str) -> None:
        self.trump = trump
        self.outstanding = outstanding
        out = self.out = dict.fromkeys(SUITS, 0)
        """Outstanding cards per suit."""
        top = self.top = dict.fromkeys(SUITS, -1)
        """The strength of the highest outstanding card per suit."""
        worths = WORTH[trump]
        value = 0
        for card in outstanding:
            suit = card[1]
            out[suit] += 1
            rank = STRENGTH[card[0]]
            if rank > top[suit]:
                top[suit] = rank
            value += worths[card]
        self.value = value
        """The outstanding cards' :func:`worth` together."""
        held = self.held = dict.fromkeys(SUITS, 0)
        mine = self.mine = dict.fromkeys(SUITS, -1)
        """The strength of this hand's highest card per suit."""
        for card in hand:
            suit = card[1]
            held[suit] += 1
            rank = STRENGTH[card[0]]
            if rank > mine[suit]:
                mine[suit] = rank

    def master(self, card: str) -> bool:
        """Whether no outstanding card is higher in the card's suit."""
        return STRENGTH[card[0]] > self.top[card[1]]

    def wins_lead(self, card: str) -> bool:
        """Whether ``card`` led takes the trick whatever the other answers from the
        outstanding cards (when they are his hand)."""
        suit = card[1]
        if self.out[suit]:
            return self.master(card)
        return suit == self.trump or not self.out[self.trump]

    def throw(self, cards: list[str]) -> str:
        """The card that costs least to give up: when following suit, the lowest of it;
        otherwise the lowest of the weakest plain suit (no sure winner in it, the fewest
        cards), a trump only when nothing else is left."""
        trump = self.trump

        def weakness(card: str) -> tuple[bool, bool, int, int]:
            suit = card[1]
            strong = self.mine[suit] > self.top[suit]
            return (suit == trump, strong, self.held[suit], STRENGTH[card[0]])

        return min(cards, key=weakness)


class BasicBot:
    level = "basic"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed  # unused: the level is deterministic

    def decide(self, view: View) -> str:
        legal = legal_of(view)
        actions: list[str] = legal["actions"]
        cards = [a[5:] for a in actions if a.startswith("play:")]
        if len(cards) < 2:
            return actions[0]
        deal = view["deal"]
        trump: str = deal["trump"]
        hand: list[str] = deal["hand"]
        sight = Sight(hand, PACK.difference(hand, played_cards(deal)), trump)
        if deal["for_points"]:
            card = self._for_points(cards, sight, deal)
        else:
            card = self._for_cards(cards, sight, deal, deal["voids"][1 - int(view["seat"])])
        return f"play:{card}"

    # -- the first thirteen tricks: playing for the face-up card ---------------------------------

    @staticmethod
    def _for_cards(cards: list[str], sight: Sight, deal: dict[str, Any], voids: str) -> str:
        trump = sight.trump
        lowest = sight.throw(cards)
        turned: str | None = deal["turned"]
        if turned is None:
            return lowest
        if deal["trick"]:
            led: str = deal["trick"][0]["card"]
            winners = [c for c in cards if beats(c, led, trump)]
        else:
            # a lead wins for sure only if nothing unseen is higher and the other cannot
            # trump it: known void there, he may hold any trump still unseen
            untrumped = not sight.out[trump]
            winners = [
                c
                for c in cards
                if sight.master(c) and (c[1] == trump or c[1] not in voids or untrumped)
            ]
        if not winners:
            return lowest
        cheapest = min(winners, key=lambda c: (worth(c, trump), keep(c, trump)))
        others = len(sight.outstanding) - 1  # the face-up card is outstanding too
        draw = (sight.value - worth(turned, trump)) / others if others else 0.0
        stake = STAKE * (worth(turned, trump) - draw)
        if stake > worth(cheapest, trump) - worth(lowest, trump):
            return cheapest
        return lowest

    # -- the last thirteen: every trick a point, the other hand known ----------------------------

    @staticmethod
    def _for_points(cards: list[str], sight: Sight, deal: dict[str, Any]) -> str:
        trump = sight.trump
        if deal["trick"]:
            led: str = deal["trick"][0]["card"]
            winners = [c for c in cards if beats(c, led, trump)]
            if winners:
                return min(winners, key=lambda c: keep(c, trump))
            return sight.throw(cards)
        sure = [c for c in cards if sight.wins_lead(c)]
        theirs = sight.out[trump]
        if theirs and sight.held[trump] > theirs:
            # draw their trumps while ours outnumber them, so that our long suits then run
            top = [c for c in sure if c[1] == trump]
            if top:
                return max(top, key=lambda c: STRENGTH[c[0]])
        if sure:
            # plain winners before trumps: a trump kept stops their long suit later
            return min(sure, key=lambda c: (c[1] == trump, -STRENGTH[c[0]]))
        # the lowest plain card: against the lowest of the longest suit, or of a suit the
        # other must follow, it did better in duplicate play; one he cannot follow makes
        # him spend a trump or throw a card of his own
        return min(cards, key=lambda c: keep(c, trump))


__all__ = ["BasicBot", "Sight", "beats", "keep", "worth"]
