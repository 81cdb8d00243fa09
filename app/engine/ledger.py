"""Where every card of a deal lies, who has seen it, and what play has revealed about the
cards nobody has seen.

A game moves its cards through a :class:`Ledger` (deal into a hand, face up or down, lay
face down in a stock, turn, draw, pass to another hand, play to a trick, gather into a pile
taken) instead of through lists of its own.
Because the ledger knows, for every physical card, its place and the seats that have seen
it, what a seat may be shown of the cards, the cards a seat has not seen and a state dealt
anew for a seat's sampling player are written here once for every game:

- :meth:`Ledger.cards_view`: the cards part of a seat's (or a spectator's) view;
- :meth:`Ledger.hidden`: the cards a seat has not seen (``Game.hidden_cards``);
- :meth:`Ledger.from_view` and :meth:`Ledger.redeal`: a ledger rebuilt from such a view,
  its unseen cards dealt anew uniformly among the arrangements that fit what the seat was
  shown (``Game.resample``), straight from where the cards lie, with no invented history;
  where cards went from hand to hand in passes the seat saw only some of,
  :meth:`Ledger.redeal_passes` deals them by their paths through the passes, every history
  of the passes that fits equally likely (:mod:`app.engine.paths`); where seats showed sets
  of cards (melds) they hold exactly so often, it deals under the clauses those make, every
  deal that keeps them equally likely (:mod:`app.engine.clauses`).

What play reveals is kept as constraints: a seat that failed to follow suit holds no card of
that suit among the cards it held then. Such a void lasts until the seat takes a card the
others do not see; the card taken may be of the suit (German Whist's Clarification 3). A
card taken face up, or passed to a known seat, is seen and so stays where it lies.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from enum import StrEnum
from typing import Any, Final, Protocol

from .assign import Assignment, NoDealFits
from .cards import SUITS, Card
from .clauses import Clause, clause_deal, exactly
from .paths import PassShown, Path, draw_paths, holder, seen_on

SPECTATOR: Final = 1 << 15
"""The bit of ``seen`` that stands for a spectator: a card with it set is public."""
SUIT_BIT: Final[dict[str, int]] = {s: 1 << i for i, s in enumerate(SUITS)}


class Place(StrEnum):
    """Where a card lies."""

    HAND = "hand"
    STOCK = "stock"  # face down, in order (``Ledger.stock``: top first)
    TURNED = "turned"  # face up on the stock
    TRICK = "trick"  # played to the trick in progress
    TAKEN = "taken"  # in a trick won, gathered by its winner
    BURIED = "buried"  # laid away face down by a seat
    PASSED = "passed"  # given by one seat to another, not yet taken up
    MELDED = "melded"  # declared and laid on the table, still its holder's to play


# Each member once as a global: an Enum's class attribute costs a few times a global's, and
# playouts move cards by the thousand.
HAND: Final = Place.HAND
STOCK: Final = Place.STOCK
TURNED: Final = Place.TURNED
TRICK: Final = Place.TRICK
TAKEN: Final = Place.TAKEN
PASSED: Final = Place.PASSED
MELDED: Final = Place.MELDED


class DealAgain(Protocol):
    """Deals a ledger's blanks anew under the constraints they were first dealt under
    (:meth:`Ledger.redeal`). ``afresh`` takes the random numbers a first draw takes: a hand
    kept in order is shuffled once more, as a draw set up anew would shuffle it."""

    def __call__(self, rng: random.Random, afresh: bool = False) -> None: ...


def seen_by(seat: int | None) -> int:
    """The bit of ``seen`` for ``seat`` (``None``: a spectator)."""
    return SPECTATOR if seat is None else 1 << seat


class Ledger:
    """Every card of one deal: ``cards[i]``, its ``place[i]``, its ``holder[i]`` (a seat,
    or -1 for none), and ``seen[i]``, the seats that have seen it as a bit mask (all of them
    and :data:`SPECTATOR` for a public card). ``hands``, ``stock``, ``trick`` and ``taken``
    list the indexes of the cards in each place, in order: a hand as its cards came to it,
    or by ``order`` (a rank for each card) when a game keeps its hands sorted."""

    __slots__ = (
        "cards",
        "deal_again",
        "everyone",
        "face_down",
        "hands",
        "holder",
        "order",
        "pack_seen",
        "passed",
        "paths",
        "place",
        "rank",
        "seats",
        "seen",
        "stock",
        "suits_taken",
        "taken",
        "trick",
        "voids",
    )

    def __init__(self, seats: int, order: Mapping[Card, int] | None = None) -> None:
        self.seats = seats
        self.order = order
        self.rank: list[int] = []
        """Per card, its rank in ``order`` (shared by copies, as ``cards`` is)."""
        self.everyone = SPECTATOR | ((1 << seats) - 1)
        self.cards: list[Card] = []
        self.place: list[Place] = []
        self.holder: list[int] = []
        self.seen: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(seats)]
        self.stock: list[int] = []
        self.trick: list[int] = []
        self.taken: list[list[int]] = [[] for _ in range(seats)]
        self.voids: list[int] = [0] * seats
        """Per seat, the suits (bits of :data:`SUIT_BIT`) it is known to hold none of."""
        self.passed: list[int] = []
        """The cards passed from one hand to another and not yet taken up, in order; each
        card's ``holder`` is the seat it is passed to."""
        self.face_down = 0
        """The seats (a bit each) whose hands were dealt face down and not yet looked at."""
        self.suits_taken = 0
        """The suits (bits of :data:`SUIT_BIT`) of the cards in the tricks taken: a suit
        "broken" once played to a finished trick (spades' lead)."""
        self.pack_seen: list[int] = []
        """Per card, the seats that saw it where the pack put it (dealt, turned, drawn): a
        card played later is seen by all, yet where it came from stays theirs alone."""
        self.paths: dict[Card, Path] | None = None
        """Of a ledger dealt anew from a view that names passes (:meth:`redeal`), each
        card's path through them as drawn; not kept by a copy."""
        self.deal_again: DealAgain | None = None
        """Of a ledger dealt anew from a view (:meth:`from_view`), what deals its blanks
        again under the same constraints (:meth:`redeal`'s answer); not kept by a copy."""

    # -- laying cards out ----------------------------------------------------------------------

    def _add(self, card: Card, place: Place, holder: int, seen: int) -> int:
        self.cards.append(card)
        self.place.append(place)
        self.holder.append(holder)
        self.seen.append(seen)
        self.pack_seen.append(seen)
        if self.order is not None:
            self.rank.append(self.order.get(card, 0))
        return len(self.cards) - 1

    def _to_hand(self, seat: int, i: int) -> None:
        if self.order is None:
            self.hands[seat].append(i)
        else:
            insort(self.hands[seat], i, key=self.rank.__getitem__)

    def deal(self, seat: int, card: Card, face_down: bool = False) -> None:
        """Deal ``card`` into ``seat``'s hand, seen by that seat alone; ``face_down``: seen by
        nobody until the seat looks at its hand (:meth:`look`)."""
        if face_down:
            self.face_down |= 1 << seat
            self._to_hand(seat, self._add(card, HAND, seat, 0))
        else:
            self._to_hand(seat, self._add(card, HAND, seat, 1 << seat))

    def look(self, seat: int) -> None:
        """``seat`` looks at its hand dealt face down: it has seen every card of it, and seen
        it where the pack put it. Nothing, for a hand looked at already."""
        bit = 1 << seat
        if not self.face_down & bit:
            return
        self.face_down &= ~bit
        seen, pack_seen = self.seen, self.pack_seen
        for i in self.hands[seat]:
            seen[i] |= bit
            pack_seen[i] |= bit

    def unlooked(self, seat: int) -> None:
        """``seat``'s hand as dealt face down and not looked at: seen by nobody. For a state
        dealt anew from a view in which the seat has not looked yet."""
        self.face_down |= 1 << seat
        for i in self.hands[seat]:
            self.seen[i] = self.pack_seen[i] = 0

    def looked(self, seat: int) -> bool:
        """Whether ``seat`` has seen its hand (a hand not dealt face down, or looked at)."""
        return not self.face_down & (1 << seat)

    def lay_stock(self, cards: Iterable[Card]) -> None:
        """Lay ``cards`` face down under the stock, top first."""
        for card in cards:
            self.stock.append(self._add(card, STOCK, -1, 0))

    # -- moving cards --------------------------------------------------------------------------

    def turn(self) -> Card | None:
        """Turn the stock's top card face up for all to see; ``None`` for an empty stock."""
        if not self.stock:
            return None
        i = self.stock[0]
        self.place[i] = TURNED
        self.seen[i] = self.everyone
        self.pack_seen[i] = self.everyone
        return self.cards[i]

    def turn_under(self) -> Card | None:
        """Turn the stock's top card face up for all to see and lay it under the stock, where
        it is drawn last (Sixty-six's trump card); ``None`` for an empty stock."""
        card = self.turn()
        if card is not None:
            self.stock.append(self.stock.pop(0))
        return card

    def _turned_at(self) -> int | None:
        """Where in the stock its face-up card lies: on top (0) or under it (-1)."""
        stock = self.stock
        if stock:
            if self.place[stock[0]] is TURNED:
                return 0
            if self.place[stock[-1]] is TURNED:
                return -1
        return None

    @property
    def turned(self) -> Card | None:
        """The stock's face-up card, on top of it or under it."""
        at = self._turned_at()
        return None if at is None else self.cards[self.stock[at]]

    def draw(self, seat: int) -> Card:
        """``seat`` takes the stock's top card: seen by all if it lay face up, else by the
        taker alone, and then what the others knew of that hand's suits no longer holds."""
        i = self.stock.pop(0)
        if self.place[i] is not TURNED:
            self.seen[i] |= 1 << seat
            self.pack_seen[i] |= 1 << seat
            self.voids[seat] = 0
        self.place[i] = HAND
        self.holder[i] = seat
        self._to_hand(seat, i)
        return self.cards[i]

    def exchange(self, seat: int, card: Card) -> Card:
        """``seat`` lays ``card`` of its hand face up in place of the stock's face-up card and
        takes that card into its hand, the whole table seeing both (Sixty-six's nine of
        trumps); returns the card taken."""
        i = self.index_in_hand(seat, card)
        at = self._turned_at()
        if i is None or at is None:
            raise ValueError(f"seat {seat} cannot exchange {card}")
        j = self.stock[at]
        self.hands[seat].remove(i)
        self.stock[at] = i
        self.place[i] = TURNED
        self.holder[i] = -1
        self.seen[i] = self.everyone
        self.place[j] = HAND
        self.holder[j] = seat
        self._to_hand(seat, j)
        return self.cards[j]

    def index_in_hand(self, seat: int, card: Card) -> int | None:
        """The index of a copy of ``card`` in ``seat``'s hand (the first, for duplicates)."""
        cards = self.cards
        for i in self.hands[seat]:
            if cards[i] == card:
                return i
        return None

    def play(self, seat: int, card: Card, shows_void: str | None = None) -> None:
        """``seat`` plays ``card`` from its hand to the trick, face up; ``shows_void``: the
        suit led, when the card shows the seat holds none of it."""
        i = self.index_in_hand(seat, card)
        if i is None:
            raise ValueError(f"seat {seat} does not hold {card}")
        self.hands[seat].remove(i)
        self.place[i] = TRICK
        self.seen[i] = self.everyone
        self.trick.append(i)
        if shows_void is not None:
            self.voids[seat] |= SUIT_BIT[shows_void]

    def pass_cards(self, giver: int, taker: int, cards: Iterable[Card]) -> None:
        """``giver`` passes ``cards`` of its hand face down towards ``taker``, who has not
        taken them up yet (:meth:`take_up`): still seen by the giver alone."""
        hand = self.hands[giver]
        for card in cards:
            i = self.index_in_hand(giver, card)
            if i is None:
                raise ValueError(f"seat {giver} does not hold {card}")
            hand.remove(i)
            self.place[i] = PASSED
            self.holder[i] = taker
            self.passed.append(i)

    def take_up(self, taker: int, into: int | None = None) -> None:
        """The cards passed to ``taker`` go into the hand of ``into`` (by default the taker;
        the giver, for a pass called back), who has seen them from now on."""
        seat = taker if into is None else into
        bit = 1 << seat
        kept: list[int] = []
        for i in self.passed:
            if self.holder[i] != taker:
                kept.append(i)
                continue
            self.place[i] = HAND
            self.holder[i] = seat
            self.seen[i] |= bit
            self._to_hand(seat, i)
        self.passed = kept

    def passed_to(self, taker: int) -> list[Card]:
        """The cards passed to ``taker`` and not yet taken up, in the order passed."""
        return [self.cards[i] for i in self.passed if self.holder[i] == taker]

    def gather(self, winner: int) -> None:
        """The trick's cards go to the pile ``winner`` took."""
        cards, place, holder = self.cards, self.place, self.holder
        suits = self.suits_taken
        for i in self.trick:
            place[i] = TAKEN
            holder[i] = winner
            suits |= SUIT_BIT[cards[i][1]]
        self.suits_taken = suits
        self.taken[winner].extend(self.trick)
        self.trick = []

    def show(self, seat: int, card: Card) -> None:
        """``seat`` shows ``card`` of its hand to everyone; it stays in the hand."""
        i = self.index_in_hand(seat, card)
        if i is None:
            raise ValueError(f"seat {seat} does not hold {card}")
        self.seen[i] = self.everyone

    def lay_open(self, cards: Iterable[Card]) -> None:
        """Lay ``cards`` face up on the table for all to see, to be taken up in turn with
        :meth:`draw` (Bismarck's four open cards, which forehand takes up)."""
        for card in cards:
            self.stock.append(self._add(card, TURNED, -1, self.everyone))

    # -- a game that names each physical card by its index (bezique's copies) -----------------

    def play_index(self, seat: int, i: int) -> None:
        """``seat`` plays the card at index ``i`` to the trick, face up, from its hand or from
        the cards it laid out (``Place.MELDED``)."""
        if self.place[i] is HAND:
            self.hands[seat].remove(i)
        self.place[i] = TRICK
        self.seen[i] = self.everyone
        self.trick.append(i)

    def lay_out(self, i: int) -> None:
        """The card at index ``i``, taken out of its holder's hand by the game, lies face up
        on the table in front of it (``Place.MELDED``): still its own to play, seen by all."""
        self.place[i] = MELDED
        self.seen[i] = self.everyone

    def laid_back(self, laid: Iterable[int]) -> None:
        """The cards laid out at indexes ``laid``, put back into their holder's hand by the
        game (which moves a hand's indexes itself, as :meth:`lay_out`'s caller did), lie in
        it again, still seen by all."""
        place = self.place
        for i in laid:
            place[i] = HAND

    def show_index(self, i: int) -> None:
        """The card at index ``i`` of a hand is shown to everyone; it stays in the hand."""
        self.seen[i] = self.everyone

    def left_unseen(self, seat: int, i: int) -> None:
        """The card at index ``i``, not seen by all, has just left ``seat``'s hand, which
        still holds a copy of it that everyone saw: nobody else can tell which went, so what
        they saw goes with the one that left (call it before the card is shown)."""
        seen, cards, card = self.seen, self.cards, self.cards[i]
        if seen[i] & SPECTATOR:
            return
        for j in self.hands[seat]:
            if cards[j] == card and seen[j] & SPECTATOR:
                seen[i], seen[j] = seen[j], seen[i]
                return

    # -- reading -------------------------------------------------------------------------------

    def hand(self, seat: int) -> list[Card]:
        cards = self.cards
        return [cards[i] for i in self.hands[seat]]

    def trick_cards(self) -> list[Card]:
        cards = self.cards
        return [cards[i] for i in self.trick]

    def known_in_hand(self, seat: int, viewer: int | None) -> list[Card]:
        """The cards of ``seat``'s hand that ``viewer`` has seen, in the hand's order; of the
        viewer's own hand, those every seat has seen."""
        bit = SPECTATOR if seat == viewer else seen_by(viewer)
        return [self.cards[i] for i in self.hands[seat] if self.seen[i] & bit]

    def hidden(self, viewer: int | None) -> list[Card]:
        """Every card of the deal that ``viewer`` has not seen."""
        bit = seen_by(viewer)
        return [c for c, seen in zip(self.cards, self.seen, strict=True) if not seen & bit]

    def cards_view(self, viewer: int | None) -> dict[str, Any]:
        """What ``viewer`` may see of where the cards lie: its own hand, each hand's size and
        the cards of it the viewer has seen, the stock's size, each seat's shown voids (the
        constraints every seat knows) and the trick on the table. A game's view adds these
        to its own public fields."""
        seats = range(self.seats)
        return {
            "hand": None if viewer is None else self.hand(viewer),
            "hand_sizes": [len(self.hands[s]) for s in seats],
            "known": [self.known_in_hand(s, viewer) for s in seats],
            "stock": len(self.stock),
            "voids": ["".join(x for x in SUITS if self.voids[s] & SUIT_BIT[x]) for s in seats],
        }

    def copy(self) -> Ledger:
        other = Ledger.__new__(type(self))
        other.seats = self.seats
        other.order = self.order
        other.rank = self.rank  # follows ``cards``: shared
        other.everyone = self.everyone
        other.cards = self.cards  # a card's identity never changes: shared
        other.place = list(self.place)
        other.holder = list(self.holder)
        other.seen = list(self.seen)
        other.hands = list(map(list, self.hands))
        other.stock = list(self.stock)
        other.trick = list(self.trick)
        other.taken = list(map(list, self.taken))
        other.voids = list(self.voids)
        other.pack_seen = list(self.pack_seen)
        other.passed = list(self.passed)
        other.paths = None
        other.deal_again = None
        other.face_down = self.face_down
        other.suits_taken = self.suits_taken
        return other

    # -- dealt anew for a seat -----------------------------------------------------------------

    @classmethod
    def from_view(
        cls,
        shown: Mapping[str, Any],
        viewer: int | None,
        pack: Sequence[Card],
        trick: Sequence[tuple[int, Card]],
        taken: Sequence[Sequence[Card]],
        rng: random.Random,
        order: Mapping[Card, int] | None = None,
        barred: Sequence[Collection[Card]] | None = None,
    ) -> Ledger:
        """A ledger that ``viewer`` cannot tell from the one behind ``shown`` (the cards part
        of its view, :meth:`cards_view`, with ``turned`` the face-up card on top of the stock
        or ``None``), its unseen cards dealt anew (:meth:`redeal`). ``trick`` is the trick in
        progress as ``(seat, card)``, ``taken`` the cards each seat has won; ``order``, the
        order its hands are kept in; ``barred``, per seat, cards play has shown it cannot
        hold beyond its voids (a view with no ``voids`` shows none).

        Where a game lays cards open or away, ``shown`` may say more: ``open``, the cards
        lying face up on the table (:meth:`lay_open`); ``buried``, per seat, the cards it
        laid away (:meth:`lay_away`), each as the viewer saw it or ``None``; ``held``, per
        seat, the cards every seat has seen that lie with it, in its hand or laid away
        (Bismarck's open cards taken up by forehand, auction pinochle's widow). Those of
        ``held`` that ``known`` or ``buried`` do not place are dealt anew too, to that
        seat's hand or its cards laid away only.

        Where a seat showed sets of cards it holds a known number of times (melds shown,
        their cards among ``known``), ``exactly``, per seat, lists them as ``[cards,
        times]``, and ``played``, per seat, the cards it played: its hand as dealt, the cards
        it holds now and those it played, holds each set exactly so often
        (:meth:`redeal`).

        Where a seat's declared cards lie face up in front of it, ``laid``, per seat, lists
        them in the order laid out (``Place.MELDED``, seen by all; bezique's tables).

        Where cards went from hand to hand, ``passes`` lists every pass since the hands were
        dealt, in order, as ``{"from", "to", "count", "cards"}`` (``cards`` ``None`` where
        the viewer did not see it); ``began``, per seat, the cards the viewer knows it held
        when the passes began; ``played``, per seat, the cards it played. The unseen cards
        are then dealt by their paths through the passes (:mod:`app.engine.paths`)."""
        ledger = cls(len(shown["hand_sizes"]), order)
        everyone = ledger.everyone
        unknown = 0
        held: list[list[Card]] = [list(h) for h in shown.get("held", ())]
        for seat, size in enumerate(shown["hand_sizes"]):
            own = shown["hand"] if seat == viewer else shown["known"][seat]
            public = list(shown["known"][seat])
            with_seat = held[seat] if held else []
            for card in own:
                if card in public:
                    public.remove(card)
                    seen = everyone
                    if card in with_seat:  # placed: in the hand
                        with_seat.remove(card)
                else:  # a card of the viewer's hand the others have not seen
                    seen = 1 << seat
                ledger.hands[seat].append(ledger._add(card, HAND, seat, seen))
            for _ in range(size - len(own)):
                ledger.hands[seat].append(ledger._add("", HAND, seat, unknown))
        for seat, cards in enumerate(shown.get("buried", ())):
            with_seat = held[seat] if held else []
            for laid in cards:
                if laid is None:
                    ledger._add("", Place.BURIED, seat, unknown)
                elif laid in with_seat:  # seen by all, placed: laid away
                    with_seat.remove(laid)
                    ledger._add(laid, Place.BURIED, seat, everyone)
                else:
                    by = 1 << seat if viewer is None else 1 << seat | 1 << viewer
                    ledger._add(laid, Place.BURIED, seat, by)
        turned: Card | None = shown.get("turned")
        for k in range(shown.get("stock", 0)):
            face_up = k == 0 and turned is not None
            i = ledger._add(
                turned if turned is not None and face_up else "",
                TURNED if face_up else STOCK,
                -1,
                everyone if face_up else unknown,
            )
            ledger.stock.append(i)
        for seat, card in trick:
            ledger.trick.append(ledger._add(card, TRICK, seat, everyone))
        for seat, cards in enumerate(taken):
            for card in cards:
                ledger.taken[seat].append(ledger._add(card, TAKEN, seat, everyone))
                ledger.suits_taken |= SUIT_BIT[card[1]]
        for card in shown.get("open", ()):
            ledger.stock.append(ledger._add(card, TURNED, -1, everyone))
        for seat, cards in enumerate(shown.get("laid", ())):
            for card in cards:
                ledger._add(card, MELDED, seat, everyone)
        for seat, suits in enumerate(shown.get("voids", ())):
            ledger.voids[seat] = sum(SUIT_BIT[s] for s in suits)
        if "passes" in shown:
            passes = [
                (p["from"], p["to"], p["count"], None if p["cards"] is None else tuple(p["cards"]))
                for p in shown["passes"]
            ]
            ledger.redeal_passes(pack, rng, passes, shown["began"], shown["played"], barred)
        else:
            exact = shown.get("exactly")
            played = shown.get("played")
            ledger.deal_again = ledger.redeal(pack, rng, barred, held or None, exact, played)
        return ledger

    def redeal(
        self,
        pack: Sequence[Card],
        rng: random.Random,
        barred: Sequence[Collection[Card]] | None = None,
        held: Sequence[Sequence[Card]] | None = None,
        exact: Sequence[Sequence[tuple[Sequence[Card], int]]] | None = None,
        played: Sequence[Sequence[Card]] | None = None,
    ) -> DealAgain:
        """Deal the cards of ``pack`` that the ledger does not place (its blanks, ``""``)
        to the blank places, uniformly among the arrangements that respect every seat's
        voids and the cards ``barred`` from it (per seat: what play showed it cannot hold
        beyond a whole suit, as a follow that did not beat the card led); seen as before, by
        nobody but a hand's holder. ``held``, per seat, cards every seat has seen that lie
        with it, in its hand or among the cards it laid away: each goes to one of those two
        places and stays seen by all. A card laid away is bound by no void: the voids and
        ``barred`` speak of a hand.

        ``exact``, per seat, sets of cards as ``(cards, times)``: the seat's hand as dealt
        (the cards it holds now with those it ``played``) holds each exactly ``times`` times,
        as often as its scarcest card. The cards placed in its hand are what it holds at
        least; that it holds a set no more often is a clause on the cards dealt anew
        (:mod:`app.engine.clauses`), and the deals that keep every clause are drawn
        uniformly. :class:`NoDealFits` when none does, :class:`~app.engine.clauses.
        TooManyCounts` when counting them would take too long: a caller may then deal
        without ``exact`` and check what it drew.

        Returns a function that deals the same places anew under the same constraints, at a
        draw's cost: a caller that checks what the constraints do not say draws again."""
        left = list(pack)
        for card in self.cards:
            if card:
                left.remove(card)
        seats = self.seats
        # the places a blank may be: each hand, the stock, then each seat's cards laid away
        # where some are blank (none in a game that lays nothing away)
        blanks: list[list[int]] = [[] for _ in range(seats + 1)]
        laid: dict[int, list[int]] = {}
        buried = Place.BURIED
        for i, card in enumerate(self.cards):
            if not card:
                holder = self.holder[i]
                if self.place[i] is buried:
                    laid.setdefault(holder, []).append(i)
                else:
                    blanks[holder if holder >= 0 else seats].append(i)
        away: dict[int, int] = {}
        for seat in sorted(laid):
            away[seat] = len(blanks)
            blanks.append(laid[seat])
        if len(left) != sum(len(b) for b in blanks):
            raise NoDealFits("the view does not account for every card")
        bound: dict[int, int] = {}  # a card of ``left`` seen by all: the seat it lies with
        for seat, cards in enumerate(held or ()):
            for card in cards:
                bound[next(n for n, c in enumerate(left) if c == card and n not in bound)] = seat
        voids = self.voids
        anywhere = [seats, *away.values()]
        places: dict[int, list[int]] = {}
        for n, card in enumerate(left):
            hands = [
                s
                for s in range(seats)
                if not voids[s] & SUIT_BIT[card[1]] and (barred is None or card not in barred[s])
            ]
            with_seat = bound.get(n)
            if with_seat is None:
                places[n] = hands + anywhere
            else:
                places[n] = [with_seat] if with_seat in hands else []
                if with_seat in away:
                    places[n].append(away[with_seat])
        caps = tuple(len(b) for b in blanks)
        if exact and any(exact):
            draw = self._exact_draw(places, caps, left, exact, played)
        else:
            draw = _assignment(places, caps).draw
        everyone = self.everyone
        # a hand kept in order needs no shuffle, but the first draw keeps the random numbers
        # every game's resampler has always taken
        sorted_hands = seats if self.order is not None else 0
        first = True

        def again(rng: random.Random, afresh: bool = False) -> None:
            nonlocal first
            drawn = draw(rng)
            cards = list(self.cards)
            for place, (where, chosen) in enumerate(zip(blanks, drawn, strict=True)):
                if first or afresh or place >= sorted_hands:
                    rng.shuffle(chosen)
                for i, n in zip(where, chosen, strict=True):
                    cards[i] = left[n]
                    holder = self.holder[i]
                    if n in bound:
                        self.seen[i] = self.pack_seen[i] = everyone
                    else:
                        self.seen[i] = self.pack_seen[i] = 1 << holder if holder >= 0 else 0
            self._lay(cards)
            first = False

        again(rng)
        return again

    def _exact_draw(
        self,
        places: Mapping[int, Sequence[int]],
        caps: tuple[int, ...],
        left: Sequence[Card],
        exact: Sequence[Sequence[tuple[Sequence[Card], int]]],
        played: Sequence[Sequence[Card]] | None,
    ) -> Callable[[random.Random], list[list[int]]]:
        """:meth:`redeal`'s draw of the copies of ``left`` into their ``places`` where seats
        hold sets exactly so often: per place, the copies it gets."""
        copies: dict[tuple[Card, tuple[int, ...]], list[int]] = {}
        for n, card in enumerate(left):
            copies.setdefault((card, tuple(places[n])), []).append(n)
        kinds = sorted(copies)
        of_card: dict[Card, list[int]] = {}
        for k, (card, _) in enumerate(kinds):
            of_card.setdefault(card, []).append(k)
        clauses: list[Clause] = []
        for seat, sets in enumerate(exact):
            if not sets or not caps[seat]:
                continue
            floor: dict[Card, int] = {}
            for card in [*(self.cards[i] for i in self.hands[seat]), *(played or ())[seat]]:
                if card:
                    floor[card] = floor.get(card, 0) + 1
            for cards, times in sets:
                candidates = exactly(cards, times, floor)
                if any(card not in of_card for card in candidates):
                    continue  # a candidate with no hidden copy: the set is held so often
                if any(len(of_card[card]) > 1 for card in candidates):
                    raise ValueError("a set's card has copies bound to other places")
                clauses.append((seat, tuple(sorted(of_card[c][0] for c in candidates))))
        drawer = clause_deal(caps, [len(copies[k]) for k in kinds], [k[1] for k in kinds], clauses)
        groups = [copies[k] for k in kinds]

        def draw(rng: random.Random) -> list[list[int]]:
            pools = list(map(list, groups))
            return [[pools[k].pop() for k in got] for got in drawer.draw(rng)]

        return draw

    def lay_hidden(self, viewer: int | None, hands: Mapping[int, Sequence[Card]]) -> None:
        """Lay ``hands[seat]`` in place of the cards of ``seat``'s hand that ``viewer`` has
        not seen, each hand kept in the ledger's order: a draw the caller repaired."""
        cards, seen, bit = list(self.cards), self.seen, seen_by(viewer)
        for seat, got in hands.items():
            hidden = [i for i in self.hands[seat] if not seen[i] & bit]
            for i, card in zip(hidden, got, strict=True):
                cards[i] = card
        self._lay(cards)

    def redeal_passes(
        self,
        pack: Sequence[Card],
        rng: random.Random,
        passes: Sequence[PassShown],
        began: Sequence[Sequence[Card]],
        played: Sequence[Sequence[Card]],
        barred: Sequence[Collection[Card]] | None = None,
    ) -> None:
        """Deal the blanks of the hands as :meth:`redeal` does, where cards went from hand
        to hand in ``passes`` (giver, taker, count, the cards or ``None`` where not seen) since
        the hands were dealt: each card by its path through them, every history of the passes
        that fits equally likely (:func:`~app.engine.paths.draw_paths`); ``began``, per seat,
        the cards known to have lain with it when the passes began; ``played``, per seat, the
        cards it played. A card in a hand is seen by the seat it began with and by the giver
        and the taker of each pass it went through, and was seen where the pack put it by the
        first; ``paths`` keeps each card's path. Every unseen card lies in a hand (a game with
        passes keeps no stock)."""
        placed = [c for c in self.cards if c]
        left = list(pack)
        for card in placed:
            left.remove(card)
        seats = self.seats
        now = [
            [self.cards[i] for i in self.hands[s] if self.cards[i]] + list(played[s])
            for s in range(seats)
        ]
        sizes = [len(self.hands[s]) + len(played[s]) for s in range(seats)]
        voids = self.voids

        def holds(seat: int, card: Card) -> bool:
            return not voids[seat] & SUIT_BIT[card[1]] and (
                barred is None or card not in barred[seat]
            )

        paths = draw_paths(passes, began, now, sizes, left, holds, rng)
        cards = list(self.cards)
        blanks = [[i for i in self.hands[s] if not cards[i]] for s in range(seats)]
        for card in left:
            cards[blanks[holder(passes, paths[card])].pop()] = card
        seen, pack_seen = self.seen, self.pack_seen
        for i, card in enumerate(cards):
            path = paths.get(card)
            if path is not None:  # a card in a hand, or played
                pack_seen[i] = 1 << path[0]
                if self.place[i] is HAND:
                    seen[i] |= seen_on(passes, path)
        self.paths = paths
        self._lay(cards)

    def _lay(self, cards: list[Card]) -> None:
        """Take ``cards`` as the ledger's, each hand kept in the ledger's order."""
        self.cards = cards
        order = self.order
        if order is not None:
            self.rank = [order[c] for c in cards]
            for hand in self.hands:
                hand.sort(key=self.rank.__getitem__)

    # -- a pack with each card twice: which copy ----------------------------------------------

    def lay_away(self, seat: int, cards: Iterable[Card]) -> None:
        """``seat`` lays ``cards`` of its hand away face down (``Place.BURIED``), still seen by
        whoever saw them (Bismarck's discard, auction pinochle's burial); of two copies, one the
        others have not seen goes first, so that what they know of the hand stays with the copy
        still held."""
        hand = self.hands[seat]
        for card in cards:
            i = self._copy(seat, card, public=False)
            hand.remove(i)
            self.place[i] = Place.BURIED

    def show_only(self, seat: int, cards: Iterable[Card]) -> None:
        """The cards of ``seat``'s hand the others have seen are now ``cards`` (copies already
        seen by all counting towards them) besides those seen where the pack put them: a
        meld shown anew replaces the one before it."""
        seen, pack_seen, everyone = self.seen, self.pack_seen, self.everyone
        for i in self.hands[seat]:
            seen[i] = pack_seen[i]
        wanted: dict[Card, int] = {}
        for card in cards:
            wanted[card] = wanted.get(card, 0) + 1
        for card, n in wanted.items():
            copies = [i for i in self.hands[seat] if self.cards[i] == card]
            public = sum(1 for i in copies if seen[i] & SPECTATOR)
            for i in copies:
                if public >= n:
                    break
                if not seen[i] & SPECTATOR:
                    seen[i] = everyone
                    public += 1

    def seen_copy_first(self, seat: int, card: Card) -> None:
        """Of the copies of ``card`` in ``seat``'s hand, put one every seat has seen first, so
        that it is the one played: the others cannot tell which copy went, and what they
        knew of the hand goes with it."""
        hand, cards, seen = self.hands[seat], self.cards, self.seen
        first = -1
        for k, i in enumerate(hand):
            if cards[i] == card:
                if first < 0:
                    if seen[i] & SPECTATOR:
                        return
                    first = k
                elif seen[i] & SPECTATOR:
                    hand[first], hand[k] = i, hand[first]
                    return

    def _copy(self, seat: int, card: Card, public: bool) -> int:
        """A copy of ``card`` in ``seat``'s hand, one seen by all (``public``) or not if there
        is one."""
        found = -1
        for i in self.hands[seat]:
            if self.cards[i] == card:
                if bool(self.seen[i] & SPECTATOR) == public:
                    return i
                if found < 0:
                    found = i
        if found < 0:
            raise ValueError(f"seat {seat} does not hold {card}")
        return found


_ASSIGNMENTS: dict[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]], Assignment[int]] = {}


def _assignment(places: Mapping[int, Sequence[int]], caps: tuple[int, ...]) -> Assignment[int]:
    """The drawer for these places, kept: a sampling player redeals the same view many
    times, and the table of counts is most of a redeal's cost."""
    key = (tuple(tuple(places[n]) for n in sorted(places)), caps)
    found = _ASSIGNMENTS.get(key)
    if found is None:
        if len(_ASSIGNMENTS) > 256:
            _ASSIGNMENTS.clear()
        found = _ASSIGNMENTS[key] = Assignment.of(places, caps)
    return found
