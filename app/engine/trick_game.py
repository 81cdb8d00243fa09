"""A base for trick games whose cards move through a :class:`~app.engine.ledger.Ledger`.

A game built on it declares its pack, its duties (:class:`~app.engine.tricks.TrickRules`),
how a pack is laid out, what follows a trick, how a deal scores and when a match ends; the
base gives it the rest, once for every such game:

- the actions ``deal:<pack>`` (the table's) and ``play:<card>``, parsed and shaped, and the
  standard refusals in their words (``match_over``, ``not_your_turn``, ``card_not_in_hand``,
  ``must_follow_suit``, ``must_head_trick``, ``must_trump``), every check made before the
  first change, so that a refused action changes nothing; a game's actions of other kinds
  (a claim, a bid, a meld) through four hooks: their texts, ``other_actions``,
  ``check_other`` and ``apply_other``;
- a deal in steps before its play where a game has them (bids, passes: ``TrickDeal.step``,
  ``check_step``, ``pick`` for a choice of cards), hands dealt face down until looked at;
- ``check`` (apply to a clone), ``clone``, the legal actions;
- the views (the spectator's, then each seat's with its hand and legal actions), the cards
  a seat has not seen, and a resampler that deals them anew straight from the ledger;
- the records (export, replay, validate, the pack a deal dealt) and the scoresheet with its
  running totals.

``make_game`` turns such a match class into the registry's :class:`~app.engine.game.Game`.
docs/engine.md walks through German Whist, the game written on it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from operator import methodcaller
from typing import Any, ClassVar, Final, Generic, NoReturn, TypeVar, cast

from .actions import Action, split_action
from .cards import Card, Suit, dealt_cards
from .copying import Copier, write_copy, written_per_class
from .deal_sequence import DealSequence
from .errors import IllegalAction, MalformedAction
from .game import (
    TABLE,
    Game,
    Option,
    Options,
    OptionValue,
    Outcome,
    Pack,
    RecordError,
    Records,
    ScoredDeal,
    Termination,
    Validation,
    View,
    counts_text,
    resolve_options_of,
)
from .ledger import Ledger, seen_by
from .recorded import (
    PASSES_LEFT,
    deals_of,
    end_of_deal,
    explain_play,
    exported,
    first_dealer,
    opened_deal,
    play_actions,
    replay_deals,
    suit_word,
    verdict,
)
from .teams import with_teams
from .tricks import Heading, TrickRules, legal_cards, trick_winner
from .view_cache import ViewCache
from .words import with_article

NEVER: Final = Heading.NEVER

M = TypeVar("M", bound="TrickMatch[Any]")
PLAY: Final = "play"
DealT = TypeVar("DealT", bound="TrickDeal")


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick played: who led, its cards in the order played, who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int
    seats: tuple[int, ...] | None = None
    """Who played each card, where not every seat of the table in turn from the leader
    (three active seats of four or five: :meth:`TrickMatch.players`)."""

    def to_json(self, seats: int) -> dict[str, Any]:
        played = self.seats
        return {
            "leader": self.leader,
            "winner": self.winner,
            "cards": [
                {"seat": (self.leader + i) % seats if played is None else played[i], "card": c}
                for i, c in enumerate(self.cards)
            ],
        }


class TrickDeal:
    """One deal: its cards in a ledger, the tricks played, the seats' actions in order and,
    once over, the scores. A game's deal may add fields (its own ``__slots__``, and in
    ``COPIED`` those that change in place)."""

    __slots__ = (
        "actions",
        "dealer",
        "history",
        "leader",
        "ledger",
        "number",
        "pack",
        "scores",
        "step",
        "trump",
        "won",
    )

    def __init__(
        self,
        number: int,
        dealer: int,
        seats: int,
        pack: Sequence[Card] | None,
        order: Mapping[Card, int] | None = None,
    ) -> None:
        self.number = number
        self.dealer = dealer
        self.pack = None if pack is None else tuple(pack)
        """The pack as dealt (``None`` in a state a seat's view was dealt anew into)."""
        self.ledger = Ledger(seats, order)
        self.leader = (dealer + 1) % seats
        self.trump: Suit | None = None
        self.history: list[Trick] = []
        self.won = [0] * seats
        """Tricks taken per seat."""
        self.actions: list[tuple[int, str]] = []
        self.scores: tuple[int, ...] | None = None
        self.step = PLAY
        """What the seat to act does now: ``play`` once the cards are played; a game whose
        deal goes in steps before that (bids, passes) names them, each an action kind."""
        self.begin()

    def begin(self) -> None:
        """Set the game's own fields of a new deal (its ``__slots__``, which :meth:`copy`
        carries): none, by default."""

    @property
    def hands(self) -> list[list[Card]]:
        """What each seat holds now, in the pack's canonical order: cards played, laid away
        or passed are out of it, and a hand dealt face down lists nothing until looked at."""
        ledger = self.ledger
        return [ledger.hand(s) for s in range(ledger.seats)]

    @property
    def seats(self) -> int:
        return self.ledger.seats

    @property
    def finished(self) -> bool:
        """Scored (``TrickMatch.current`` reads ``scores`` itself: a deal is over once
        scored, never otherwise)."""
        return self.scores is not None

    COPIED: ClassVar[Mapping[str, Copier]] = {
        "ledger": methodcaller("copy"),
        "history": list,
        "won": list,
        "actions": list,
    }
    """The fields a copy copies, each with how; a game's deal adds its own that change in
    place (:mod:`~app.engine.copying`)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        write_copy(cls, "copy")

    @written_per_class
    def copy(self: DealT) -> DealT:
        """A copy that plays on apart from this deal: the fields that change in place
        copied (``COPIED``), the rest shared."""
        raise NotImplementedError  # written for each class


write_copy(TrickDeal, "copy")

D = TypeVar("D", bound=TrickDeal)


def _deals_copied(deals: list[D]) -> list[D]:
    """A match's deals for its clone: the one in progress copied, those scored shared."""
    return [d if d.finished else d.copy() for d in deals]


class TrickMatch(DealSequence[D]):
    """A match of a trick game: deals one after another, totals per seat.

    A game subclasses it and sets the class attributes and hooks below; ``apply`` is the one
    function that changes a match."""

    NAME: ClassVar[str]
    TITLE: ClassVar[str]
    PACK: ClassVar[tuple[Card, ...]]
    RULES: ClassVar[TrickRules]
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    DEAL: ClassVar[type[TrickDeal]] = TrickDeal
    CARD_ORDER: ClassVar[Mapping[Card, int] | None] = None
    """The order a game keeps its hands in (and lists the cards a seat has not seen in), by
    each card's rank in it; ``None``: hands as dealt and drawn, unseen cards sorted by name."""
    OTHER_ACTIONS: ClassVar[tuple[Action, ...]] = ()
    """The game's actions of kinds other than ``deal`` and ``play`` whose texts are fixed
    (``claim``, ``marriage:H``): read by their text, and all there is of those kinds unless
    :meth:`parse_other` and :meth:`shaped` say otherwise."""
    CARDS: ClassVar[frozenset[Card]] = frozenset()
    """The pack's distinct cards, set from ``PACK`` for each game."""
    KINDS: ClassVar[tuple[str, ...]] = ("deal", "play")
    """Every kind of action, set from ``OTHER_ACTIONS`` for each game."""
    PLAYS: ClassVar[dict[Card, Action]] = {}
    """``play:<card>`` for each card, built once for each game."""
    TWICE: ClassVar[bool] = False
    """Whether the pack holds a card more than once."""
    OTHERS: ClassVar[frozenset[tuple[str, str]]] = frozenset()
    NOUN: ClassVar[str] = ""
    """The game's name inside a sentence ("not a spades action"): its ``TITLE`` unless
    given."""
    SHOWS_TRUMP: ClassVar[bool] = True
    """Whether views and scored deals name the deal's trump (not where it never changes)."""
    WON_KEY: ClassVar[str] = "tricks_won"
    """The name views and records give the tricks taken per seat."""
    PREVIOUS_SCORES: ClassVar[bool] = True
    """Whether the view's previous deal names its scores (auction pinochle's names its chips
    and the kitty's share in its own fields instead)."""
    PLAY_TAKES: ClassVar[str] = "one card such as QS"
    """What a ``play:`` whose card is not of the pack is told it takes."""
    UNKNOWN_CARD_MALFORMED: ClassVar[bool] = True
    """Whether a ``play:`` of a card not of the pack is refused as malformed, before anything
    else; where not (the Bismarck games), it is refused in its turn as a card not held."""
    TABLE_DEALS: ClassVar[str] = "only the table deals"
    """What a seat that deals is told."""
    MATCH_OVER: ClassVar[str] = "the match is over"
    """What an action after the match's end is told."""
    BAD_DECK: ClassVar[str] = ""
    """What a deal of other cards than the pack's is told: that it takes the pack's cards,
    each once, in the base's words where empty."""
    HEAD_TRICK: ClassVar[str] = "you must win the trick if you can"
    """What ``must_head_trick`` tells a player who did not head the trick."""
    VIEW_KEYS: ClassVar[tuple[str, ...]] = ()
    """The view's fields in the order the game fixes, the others left out (its views were
    written before the base's); the base's fields in its order, where empty."""
    DEAL_KEYS: ClassVar[tuple[str, ...]] = ()
    """The same for the deal in progress in the view."""
    PREVIOUS_KEYS: ClassVar[tuple[str, ...]] = ()
    """The same for the view's previous deal."""

    __slots__ = (
        "base",
        "deals",
        "first_dealer",
        "next_dealer",
        "options",
        "seats",
        "to_act",
        "totals",
    )
    COPIED: ClassVar[Mapping[str, Copier]] = {"deals": _deals_copied, "totals": list}
    """The fields a clone copies, each with how; a game's match adds its own that change
    in place (:mod:`~app.engine.copying`)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        write_copy(cls, "clone")
        if "PACK" in cls.__dict__:
            cls.CARDS = frozenset(cls.PACK)
            cls.PLAYS = {c: Action("play", c) for c in cls.PACK}
            cls.TWICE = len(cls.CARDS) < len(cls.PACK)
        if "TITLE" in cls.__dict__ and "NOUN" not in cls.__dict__:
            cls.NOUN = cls.TITLE
        if "OTHER_ACTIONS" in cls.__dict__:
            cls.OTHERS = frozenset((a.kind, a.arg) for a in cls.OTHER_ACTIONS)
            cls.KINDS = ("deal", "play", *dict.fromkeys(a.kind for a in cls.OTHER_ACTIONS))

    def __init__(self, seats: int, options: Options | None, first_dealer: int) -> None:
        if not 0 <= first_dealer < seats:
            raise ValueError(f"the first dealer is a seat from 0 to {seats - 1}")
        self.seats = seats
        self.options: dict[str, OptionValue] = resolve_options_of(self.OPTIONS, options, self.TITLE)
        self.first_dealer = first_dealer
        self.next_dealer = first_dealer
        self.deals: list[D] = []
        self.totals = [0] * seats
        self.base = 0
        """Scored deals before the first one held (a state dealt anew from a view)."""
        self.to_act: int | None = TABLE

    # -- the game's hooks ----------------------------------------------------------------------

    def lay_out(self, deal: D, pack: Sequence[Card]) -> None:
        """Put the pack's cards in their places (the deal's ledger) and set the trump."""
        raise NotImplementedError

    def first_to_act(self, deal: D) -> int:
        """Who acts first in a deal just laid out: its first leader, by default (a game that
        bids first sets the deal's ``step`` in :meth:`lay_out` and names its first bidder)."""
        return deal.leader

    def after_trick(self, deal: D, trick: Trick) -> None:
        """What follows a trick won (draws from a stock): nothing, by default."""

    def score(self, deal: D) -> tuple[int, ...]:
        """The scores of a deal played out."""
        raise NotImplementedError

    def match_over(self) -> bool:
        """Whether the match ends after the deal just scored."""
        raise NotImplementedError

    def dealer_after(self, deal: D) -> int:
        """Who deals after ``deal``, just scored: the next seat, by default."""
        return (deal.dealer + 1) % self.seats

    def winners(self) -> list[int]:
        """The seats sharing the highest total, once the match is over."""
        if not self.is_over:
            return []
        best = max(self.totals)
        return [s for s in range(self.seats) if self.totals[s] == best]

    def termination(self) -> Termination:
        """Why the match ended: a total reached where it is played to a :attr:`target`, every
        deal played otherwise."""
        return Termination.TARGET_REACHED if self.target else Termination.DEALS_PLAYED

    @property
    def target(self) -> int:
        """The total that ends the match (option ``target``), 0 where there is none."""
        target = self.options.get("target", 0)
        assert isinstance(target, int)
        return target

    def rules(self, deal: D) -> TrickRules:
        return self.RULES

    def lead_cards(self, deal: D, seat: int, hand: list[Card]) -> list[Card]:
        """The cards of ``hand`` that ``seat`` may lead: all of them, by default."""
        return hand

    def check_lead(self, deal: D, seat: int, card: Card) -> None:
        """Refuse a lead :meth:`lead_cards` leaves out, in the game's words."""

    def other_actions(self, deal: D, seat: int) -> list[Action]:
        """``seat``'s actions of the game's other kinds now, after its cards when it is to
        act; a seat not to act may have some too (a claim). None, by default."""
        return []

    def check_other(self, deal: D | None, seat: int, action: Action) -> D:
        """Refuse an action of the game's other kinds as the rules would (the turn included:
        :meth:`refuse_turn`), before any change; otherwise the deal it acts on. ``deal`` is
        the deal in progress, ``None`` between deals."""
        raise MalformedAction(f"not {with_article(self.NOUN)} action: {str(action)[:40]!r}")

    def check_step(self, deal: D, kind: str) -> None:
        """Refuse an action of ``kind`` at a step of the deal that is not its own
        (``wrong_phase``): a card played while the table bids, a bid during the play."""
        step = deal.step
        if kind != step:
            raise IllegalAction(
                "wrong_phase", f"it is time to {step}, not to {kind}", {"step": step}
            )

    def pick(self, deal: D, seat: int) -> tuple[int, list[Card]] | None:
        """For the seat to act at a step where it chooses cards (a pass, a discard): how
        many, and from which; its legal shape is then ``{"kind", "count", "from"}`` rather
        than a list of every choice. ``None`` (a list of actions), by default."""
        return None

    def apply_other(self, deal: D, seat: int, action: Action) -> None:
        """Carry out an action of the game's other kinds, :meth:`check_other` having passed
        it; a deal it ends is scored with :meth:`finish`."""
        raise NotImplementedError

    @classmethod
    def parse_other(cls, action: Action) -> Action:
        """The canonical action for a text that names no card played and is not one of
        ``OTHER_ACTIONS`` (a deal, a bid of any number), or :class:`MalformedAction` in the
        game's words."""
        if action.kind == "deal":
            if sorted(action.arg.split(",")) != sorted(cls.PACK):
                raise MalformedAction(f"'deal' takes the {len(cls.PACK)} cards, each once")
            return action
        raise MalformedAction(f"unknown action {action.kind[:20]!r}", {"kinds": list(cls.KINDS)})

    def shaped(self, action: Action) -> bool:
        """Whether an action of another kind is one the game's notation has (an action built
        by hand may not be): one of ``OTHER_ACTIONS``, by default."""
        return (action.kind, action.arg) in self.OTHERS

    def deal_json(self, deal: D) -> dict[str, Any]:
        """The game's own public fields of the deal in progress."""
        return {}

    def cards_json(self, deal: D, viewer: int | None) -> dict[str, Any]:
        """Where the deal's cards lie as a spectator sees it (``viewer`` ``None``), and for a
        seat what it sees besides, laid over the spectator's: the ledger's view of them and
        the stock's face-up card, by default."""
        ledger = deal.ledger
        return {**ledger.cards_view(viewer), "turned": ledger.turned}

    def detail(self, deal: D) -> dict[str, Any]:
        """A scored deal's detail, as the scoresheet and the previous deal show it."""
        return {}

    def previous_fields(self, deal: D) -> dict[str, Any]:
        """The game's fields of the last deal scored, in the view: its detail, by default."""
        return self.detail(deal)

    def sheet_scores(self, deal: D) -> tuple[int | None, ...]:
        """A scored deal's scores as the scoresheet and the stored rows keep them: each
        seat's, by default (``None`` for a seat that took no part)."""
        return tuple(deal.scores or ())

    def phase(self) -> str:
        """What the match waits for, as views name it: ``match_over``, ``deal`` (the table
        deals next) or the deal's phase (:meth:`phase_of`)."""
        if self.to_act is None:
            return "match_over"
        deal = self.current
        return "deal" if self.to_act == TABLE or deal is None else self.phase_of(deal)

    def phase_of(self, deal: D) -> str:
        """The view's phase while ``deal`` is played: its step, by default."""
        return deal.step

    def on_table(self, deal: D) -> list[dict[str, Any]]:
        """The trick in progress, as views show it: each card with its seat."""
        return on_table(self, deal)

    def legal_more(self, deal: D, seat: int, shape: dict[str, Any]) -> dict[str, Any]:
        """The legal shape of the seat to act with what the game adds to it (auction
        pinochle's revisions, and the actions beside a choice of cards): as it is, by
        default."""
        return shape

    # -- reading -------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.to_act is None

    @property
    def current(self) -> D | None:
        """The deal being played, or ``None`` between deals and after the match (read once
        or more per action: the deal's ``finished`` read as its ``scores``)."""
        deals = self.deals
        if deals:
            deal = deals[-1]
            if deal.scores is None:
                return deal
        return None

    def playable(self, deal: D, seat: int) -> list[Card]:
        ledger = deal.ledger
        hand = ledger.hand(seat)
        if not ledger.trick:
            return self.lead_cards(deal, seat, hand)
        return legal_cards(hand, ledger.trick_cards(), deal.trump, self.rules(deal))

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        actor = self.to_act if seat is None else seat
        deal = self.current
        if deal is None or actor is None or not 0 <= actor < self.seats:
            return []
        out: list[Action] = []
        if actor == self.to_act and deal.step == PLAY and not deal.ledger.face_down & (1 << actor):
            plays = self.PLAYS
            cards = self.playable(deal, actor)
            if self.TWICE:  # a card held twice is listed once
                cards = list(dict.fromkeys(cards))
            out = [plays[c] for c in cards]
        others = self.other_actions(deal, actor)
        if others:
            out.extend(others)
        return out

    def legal_kind(self, seat: int, actions: Sequence[Action]) -> str:
        """The kind a view's legal shape names: the deal's step (``play``) for the seat to
        act, else the kind of its first action."""
        if seat == self.to_act or not actions:
            deal = self.current
            return PLAY if deal is None else deal.step
        return actions[0].kind

    # -- checking ------------------------------------------------------------------------------

    def refuse_turn(self, seat: int) -> NoReturn:
        """Refuse ``seat`` acting out of turn: ``to_act`` is shown as ``null`` while the table
        deals, and to a number that is no seat of the table."""
        shown = None if self.to_act == TABLE or not 0 <= seat < self.seats else self.to_act
        raise IllegalAction("not_your_turn", "it is not your turn", {"seat": seat, "to_act": shown})

    def _check(self, seat: int, action: Action) -> D | None:
        kind = action.kind
        if kind == "play":
            shaped = action.arg in self.CARDS or not self.UNKNOWN_CARD_MALFORMED
        else:
            shaped = kind == "deal" or self.shaped(action)
        if not shaped:
            raise MalformedAction(f"not {with_article(self.NOUN)} action: {str(action)[:40]!r}")
        if self.to_act is None:
            raise IllegalAction("match_over", self.MATCH_OVER)
        if kind == "deal":
            if seat != TABLE:
                raise IllegalAction("not_your_turn", self.TABLE_DEALS)
            if self.to_act != TABLE:
                raise IllegalAction("wrong_phase", "a deal is already in progress")
            if sorted(action.arg.split(",")) != sorted(self.PACK):
                words = self.BAD_DECK or f"a deal takes the {len(self.PACK)} cards, each once"
                raise IllegalAction("bad_deck", words)
            return None
        deal = self.current
        if kind != "play":
            return self.check_other(deal, seat, action)
        if deal is None or seat != self.to_act:
            self.refuse_turn(seat)
        if deal.step != PLAY:
            self.check_step(deal, PLAY)
        card = action.arg
        ledger = deal.ledger
        if ledger.index_in_hand(seat, card) is None:
            raise IllegalAction("card_not_in_hand", f"you do not hold {card}", {"card": card})
        if ledger.trick:
            self._check_duty(deal, seat, card)
        else:
            self.check_lead(deal, seat, card)
        return deal

    def _check_duty(self, deal: D, seat: int, card: Card) -> None:
        """The standard refusals of a card to a trick, explained from the duties alone."""
        rules = self.rules(deal)
        ledger = deal.ledger
        cards = ledger.cards
        led = cards[ledger.trick[0]][1]
        if card[1] == led:
            if rules.heading is NEVER:  # following suit is all the duty
                return
        elif not rules.follow_suit:  # any card held goes
            return
        elif not rules.trump_when_void or deal.trump is None:
            # With no duty to trump, a card off the suit led is refused exactly while the hand
            # holds that suit: read straight from the ledger, the hot path of every playout.
            if any(cards[i][1] == led for i in ledger.hands[seat]):
                detail = {"card": card, "suit": led, "seat": seat}
                raise IllegalAction("must_follow_suit", "you must follow suit", detail)
            return
        self.refuse_off_duty(seat, card, ledger.hand(seat), ledger.trick_cards(), deal.trump, rules)

    def refuse_off_duty(
        self,
        seat: int,
        card: Card,
        hand: list[Card],
        trick: list[Card],
        trump: Suit | None,
        rules: TrickRules,
    ) -> None:
        """Refuse ``card`` of ``hand`` where the duties forbid it after ``trick``, explained
        from the duties alone (a game whose cards are not in a ledger calls it itself)."""
        if card in legal_cards(hand, trick, trump, rules):
            return
        led = trick[0][1]
        detail = {"card": card, "suit": led, "seat": seat}
        if any(c[1] == led for c in hand):
            if card[1] != led:
                raise IllegalAction("must_follow_suit", "you must follow suit", detail)
            raise IllegalAction("must_head_trick", self.HEAD_TRICK, detail)
        raise IllegalAction(
            "must_trump",
            "without the suit led you must play a trump",
            {**detail, "trump": trump},
        )

    def check(self, seat: int, action: Action) -> int | None:
        """Raise exactly what :meth:`apply` would, changing nothing; otherwise return who
        acts after it (``apply`` checks everything before its first change)."""
        trial = self.clone()
        trial.apply(seat, action)
        return trial.to_act

    # -- changing ------------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> None:
        deal = self._check(seat, action)
        if deal is None:
            self.start(dealt_cards(action.arg))
            return
        deal.actions.append((seat, str(action)))
        if action.kind == "play":
            self.play(deal, seat, action.arg)
        else:
            self.apply_other(deal, seat, action)

    def start(self, pack: Sequence[Card] | None, deal: D | None = None) -> D:
        """Begin the next deal from ``pack`` as dealt (or a deal already laid out)."""
        if deal is None:
            assert pack is not None
            number = self.deals_played + 1
            deal = cast(D, self.DEAL(number, self.next_dealer, self.seats, pack, self.CARD_ORDER))
            self.lay_out(deal, pack)
        self.deals.append(deal)
        self.to_act = self.first_to_act(deal)
        return deal

    def play(self, deal: D, seat: int, card: Card) -> None:
        ledger = deal.ledger
        if ledger.face_down:  # a card chosen from a hand not looked at is the look
            ledger.look(seat)
        rules = self.rules(deal)
        void = None
        if ledger.trick:
            led = ledger.cards[ledger.trick[0]][1]
            # a card off the suit led shows a void only where the rules make a player follow
            if card[1] != led and rules.follow_suit:
                void = led
        ledger.play(seat, card, void)
        players = self.players(deal)
        if players is None:  # every seat, in turn round the table
            if len(ledger.trick) < self.seats:
                self.to_act = (seat + 1) % self.seats
                return
            cards = tuple(ledger.trick_cards())
            winner = (deal.leader + trick_winner(cards, deal.trump, rules)) % self.seats
            trick = Trick(deal.leader, cards, winner)
        else:
            n = len(players)
            if len(ledger.trick) < n:
                self.to_act = players[(players.index(seat) + 1) % n]
                return
            cards = tuple(ledger.trick_cards())
            at = players.index(deal.leader)
            seats = (*players[at:], *players[:at])
            winner = seats[trick_winner(cards, deal.trump, rules)]
            trick = Trick(deal.leader, cards, winner, seats)
        ledger.gather(winner)
        deal.history.append(trick)
        deal.won[winner] += 1
        deal.leader = winner
        self.after_trick(deal, trick)
        if any(ledger.hands):
            self.to_act = winner
            return
        self.played_out(deal)

    def players(self, deal: D) -> Sequence[int] | None:
        """The seats that play the deal's cards, in turn order, where not every seat of the
        table does (Bismarck at four, auction pinochle's three active seats); ``None``:
        every seat, in turn round the table."""
        return None

    def played_out(self, deal: D) -> None:
        """The last trick taken: the deal is scored (a game that settles a deal otherwise, a
        bid made or not, says so here)."""
        self.finish(deal, self.score(deal))

    def finish(self, deal: D, scores: tuple[int, ...]) -> None:
        """Score ``deal``, played out or ended otherwise (a claim): the totals, the next
        dealer, the match's end."""
        deal.scores = scores
        for s, points in enumerate(scores):
            self.totals[s] += points
        self.next_dealer = self.dealer_after(deal)
        self.to_act = None if self.match_over() else TABLE

    @written_per_class
    def clone(self: M) -> M:
        """A copy that plays on apart from this match: the deal in progress and the totals
        copied (``COPIED``), the rest shared (the options never change)."""
        raise NotImplementedError  # written for each class


write_copy(TrickMatch, "clone")


# -- actions ---------------------------------------------------------------------------------------


def action_parser(match: type[TrickMatch[Any]]) -> Callable[[object], Action]:
    """The parser of ``deal:<pack>``, ``play:<card>`` and the other actions of the game of
    ``match`` (its ``OTHER_ACTIONS``, then its ``parse_other``)."""
    known = {f"play:{c}": a for c, a in match.PLAYS.items()}
    known.update((str(a), a) for a in match.OTHER_ACTIONS)

    def parse(text: object) -> Action:
        if type(text) is str:
            found = known.get(text)
            if found is not None:
                return found
        action = split_action(text)
        if action.kind == "play":
            raise MalformedAction(f"'play' takes {match.PLAY_TAKES}, got {action.arg[:20]!r}")
        return match.parse_other(action)

    return parse


def deal_action(pack: Sequence[Card]) -> Action:
    """The table's ``deal:<pack>``, the pack as dealt."""
    return Action("deal", ",".join(pack))


def shuffled_deal(match: type[TrickMatch[Any]], rng: random.Random) -> Action:
    """The table's chance step in the game of ``match``: its pack uniformly shuffled."""
    cards = list(match.PACK)
    rng.shuffle(cards)
    return deal_action(cards)


# -- views -----------------------------------------------------------------------------------------


def on_table(match: TrickMatch[Any], deal: TrickDeal) -> list[dict[str, Any]]:
    """The trick in progress, as views show it: each card with its seat."""
    ledger = deal.ledger
    holder, cards = ledger.holder, ledger.cards  # a card played is still its player's
    return [{"seat": holder[i], "card": cards[i]} for i in ledger.trick]


def _deal_json(
    match: TrickMatch[Any], deal: TrickDeal, viewer: int | None, cache: Any = None
) -> dict[str, Any]:
    out = {
        "number": deal.number,
        "dealer": deal.dealer,
        "leader": deal.leader,
        **match.deal_json(deal),
        **match.cards_json(deal, viewer),
        "trick": match.on_table(deal),
        "tricks_played": (
            cache.tricks_played(deal)
            if cache is not None
            else [t.to_json(match.seats) for t in deal.history]
        ),
        match.WON_KEY: list(deal.won),
    }
    if match.SHOWS_TRUMP:
        out["trump"] = deal.trump
    return _in_order(out, match.DEAL_KEYS)


def _previous_json(match: TrickMatch[Any], deal: TrickDeal) -> dict[str, Any]:
    assert deal.scores is not None
    out = {
        "number": deal.number,
        "dealer": deal.dealer,
        "scores": list(deal.scores),
        match.WON_KEY: list(deal.won),
        "tricks_played": [t.to_json(match.seats) for t in deal.history],
    }
    if match.SHOWS_TRUMP:
        out["trump"] = deal.trump
    if not match.PREVIOUS_SCORES:
        del out["scores"]
    out.update(match.previous_fields(deal))
    return _in_order(out, match.PREVIOUS_KEYS)


def _in_order(fields: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    """``fields`` in the order of ``keys``, the others left out; as they are, where none."""
    return {k: fields[k] for k in keys} if keys else fields


def legal(match: TrickMatch[Any], seat: int) -> dict[str, Any] | None:
    """What ``seat`` may do now in the shape views carry: the seat to act, and a seat not to
    act that has actions of another kind (a claim). A choice of cards (:meth:`TrickMatch.pick`)
    is shown as its count and the cards to choose from."""
    deal = match.current
    if deal is None:
        return None
    if seat == match.to_act:
        picked = match.pick(deal, seat)
        if picked is not None:
            shape = {"kind": deal.step, "count": picked[0], "from": picked[1]}
            return match.legal_more(deal, seat, shape)
    actions = match.legal_actions(seat)
    if seat != match.to_act and not actions:
        return None
    shape = {"kind": match.legal_kind(seat, actions), "actions": [str(a) for a in actions]}
    return shape if seat != match.to_act else match.legal_more(deal, seat, shape)


class Sheet:
    """A game's scoresheet: its columns and each scored deal's cells from the deal's
    detail (by default read straight from it, :func:`column_cells`); the running totals are
    the base's. It is built from the scored deals alone (``ScoredDeal``), the rows the store
    keeps, so a live match and a stored one read the same."""

    def __init__(
        self,
        columns: list[dict[str, str]],
        cells: Callable[[Mapping[str, Any]], dict[str, Any]] | None = None,
        teams: Sequence[Sequence[int]] = (),
    ) -> None:
        self.columns = columns
        self.cells = cells or column_cells(columns)
        self.teams = teams
        """A partnership game's teams, whose block the sheet ends with (``with_teams``)."""

    def scoresheet(
        self, seats: int, options: Options, deals: Sequence[ScoredDeal]
    ) -> dict[str, Any]:
        totals = [0] * seats
        lines: list[dict[str, Any]] = []
        for deal in deals:
            for seat, score in enumerate(deal.scores):
                totals[seat] += score or 0
            lines.append(
                {
                    "number": deal.number,
                    "dealer": deal.dealer,
                    "scores": list(deal.scores),
                    "totals": list(totals),
                    "cells": self.cells(deal.detail),
                }
            )
        sheet = {"columns": self.columns, "deals": lines, "totals": totals}
        self.extend(sheet, seats, options, deals)
        return with_teams(sheet, self.teams) if self.teams else sheet

    def extend(
        self, sheet: dict[str, Any], seats: int, options: Options, deals: Sequence[ScoredDeal]
    ) -> None:
        """What a game's sheet shows beyond its lines and running totals, added before the
        teams block: nothing, by default."""


def columns(spec: str) -> list[dict[str, str]]:
    """A scoresheet's columns, in the order of ``spec``'s ``key:kind`` words, each labelled
    ``sheet.<key>``."""
    pairs = (word.split(":") for word in spec.split())
    return [{"key": key, "label": f"sheet.{key}", "kind": kind} for key, kind in pairs]


def column_cells(
    columns: Sequence[Mapping[str, str]], read: Mapping[str, str] | None = None
) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    """A scoresheet's cells read straight from each deal's detail: a column's value is the
    detail's field of its key (or of the one ``read`` names for it), a ``term`` column's the
    term ``<key>.<value>``."""
    fields = [
        (c["key"], (read or {}).get(c["key"], c["key"]), c["kind"] == "term") for c in columns
    ]

    def cells(detail: Mapping[str, Any]) -> dict[str, Any]:
        return {
            key: {"term": f"{key}.{detail[field]}"} if term else detail[field]
            for key, field, term in fields
        }

    return cells


def scored_deals(match: TrickMatch[Any], start: int = 0) -> list[ScoredDeal]:
    return [
        ScoredDeal(
            number=d.number,
            dealer=d.dealer,
            scores=match.sheet_scores(d),
            detail={"trump": d.trump, **match.detail(d)} if match.SHOWS_TRUMP else match.detail(d),
        )
        for d in match.finished_deals[start:]
        if d.scores is not None
    ]


def make_view(
    sheet: Sheet, public_fields: Callable[[Any], dict[str, Any]]
) -> Callable[[Any, int | None, View | None, Any], View]:
    """The game's ``view``: an allow-list of fields, every card among them from the ledger as
    the viewer has seen it. With a cache (:func:`view_cache`), the finished tricks and what
    changes only when a deal is scored are built once."""

    def public_view(match: TrickMatch[Any], cache: Any) -> View:
        current = match.current
        kept = _standing(match, sheet) if cache is None else cache.standing(match)
        shown = {
            "game": match.NAME,
            "seats": match.seats,
            "seat": None,
            "phase": match.phase(),
            "to_act": None if match.to_act == TABLE else match.to_act,
            "first_dealer": match.first_dealer,
            "next_dealer": match.next_dealer if match.to_act == TABLE else None,
            "deals_played": match.deals_played,
            "totals": kept["totals"],
            "options": dict(match.options),
            **public_fields(match),
            "winners": match.winners() if match.is_over else None,
            "scoresheet": kept["scoresheet"],
            "deal": _deal_json(match, current, None, cache) if current is not None else None,
            "previous_deal": kept["previous_deal"],
            "legal": None,
        }
        return _in_order(shown, match.VIEW_KEYS)

    def view(
        match: TrickMatch[Any], seat: int | None, public: View | None = None, cache: object = None
    ) -> View:
        if seat is not None and not 0 <= seat < match.seats:
            raise ValueError(f"no seat {seat} at a table of {match.seats}")
        if public is None:
            public = public_view(match, cache)
        if seat is None:
            return public
        own = dict(public)
        own["seat"] = seat
        current = match.current
        if current is not None:
            own["deal"] = {**public["deal"], **match.cards_json(current, seat)}
        own["legal"] = legal(match, seat)
        return own

    return view


def _standing(match: TrickMatch[Any], sheet: Sheet) -> View:
    """The public view's fields that change only when a deal is scored."""
    finished = match.finished_deals
    return {
        "totals": list(match.totals),
        "scoresheet": sheet.scoresheet(match.seats, match.options, scored_deals(match)),
        "previous_deal": _previous_json(match, finished[-1]) if finished else None,
    }


def view_cache(sheet: Sheet) -> Callable[[], ViewCache[Any, Trick, Any]]:
    """The game's ``new_view_cache``: what :func:`make_view` may build once per trick and
    once per scored deal (:mod:`app.engine.view_cache`)."""

    def new() -> ViewCache[Any, Trick, Any]:
        return ViewCache(
            lambda deal, trick: trick.to_json(deal.seats),
            lambda match: _standing(match, sheet),
        )

    return new


def hidden_cards(match: TrickMatch[Any], seat: int | None) -> list[Card]:
    """The cards of the deal in progress that ``seat`` has not seen, from the ledger."""
    deal = match.current
    if deal is None:
        return []
    order = match.CARD_ORDER
    hidden = deal.ledger.hidden(seat)
    return sorted(hidden) if order is None else sorted(hidden, key=order.__getitem__)


def played_tricks(d: Mapping[str, Any], start: int = 0) -> list[list[tuple[int, Card]]]:
    """The tricks of a deal's view from the ``start``-th on, each its ``(seat, card)`` in
    the order played, the one in progress last (maybe empty): what a resampler's ``barred``
    reads through :func:`~app.engine.tricks.revealed`."""
    tricks = [*(t["cards"] for t in d["tricks_played"][start:]), d["trick"]]
    return [[(e["seat"], e["card"]) for e in cards] for cards in tricks]


def make_resample(
    match_class: type[M],
    restore: Callable[[M, Any, View, random.Random], None],
    shown: Callable[[View], Mapping[str, Any]] | None = None,
    barred: Callable[[View], Sequence[Collection[Card]]] | None = None,
    new: Callable[[View], M] | None = None,
    new_deal: Callable[[M, Mapping[str, Any]], TrickDeal] | None = None,
    ledger_class: type[Ledger] = Ledger,
) -> Callable[[View, random.Random], M]:
    """The game's ``resample``: the match as the view shows it, the cards the seat has not seen
    dealt anew from the ledger's constraints (:meth:`Ledger.from_view`). ``restore`` sets the
    game's own fields of the match and of the deal in progress (of the match's ``DEAL`` class,
    which the hook names as its own; ``None`` between deals and once the match is over) from the
    view, and lays the ledger's cards as the game keeps them; ``shown``, the deal's view in the
    base's and the ledger's terms where the game's view words it otherwise (its cards, its
    ``leader``, the tricks taken under ``WON_KEY``, and what the ledger may be told of cards
    laid open or away); ``barred``, per seat, the cards play has shown it cannot hold beyond the
    voids the view shows; ``new``, the match before its deals, where the game's class is not
    built from the view's seats, options and first dealer; ``new_deal``, the deal before its
    cards, where the game's deal class is not built as the base's; ``ledger_class``, the
    ledger's class."""

    def resample(view: View, rng: random.Random) -> M:
        if new is None:
            match = match_class(view["seats"], view["options"], view["first_dealer"])
        else:
            match = new(view)
        match.totals = list(view["totals"])
        match.base = view["deals_played"]
        phase = view["phase"]
        if phase == "match_over" or view["deal"] is None:
            match.to_act = None if phase == "match_over" else TABLE
            match.next_dealer = view["next_dealer"] if view["deal"] is None else match.next_dealer
            restore(match, None, view, rng)
            return match
        shown_deal = view["deal"] if shown is None else shown(view)
        number, dealer = shown_deal["number"], shown_deal["dealer"]
        if new_deal is None:
            deal = match.DEAL(number, dealer, match.seats, None, match.CARD_ORDER)
        else:
            deal = new_deal(match, shown_deal)
        deal.leader = shown_deal["leader"]
        deal.trump = shown_deal.get("trump")
        if phase != "deal":  # a step of the deal, as the view names it
            deal.step = phase
        deal.history = [
            Trick(
                t["leader"],
                tuple(c["card"] for c in t["cards"]),
                t["winner"],
                tuple(c["seat"] for c in t["cards"]),
            )
            for t in shown_deal["tricks_played"]
        ]
        deal.won = list(shown_deal[match.WON_KEY])
        taken: list[list[Card]] = [[] for _ in range(match.seats)]
        for t in deal.history:
            taken[t.winner].extend(t.cards)
        trick = [(e["seat"], e["card"]) for e in shown_deal["trick"]]
        deal.ledger = ledger_class.from_view(
            shown_deal,
            view["seat"],
            match.PACK,
            trick,
            taken,
            rng,
            match.CARD_ORDER,
            None if barred is None else barred(view),
        )
        restore(match, deal, view, rng)
        match.next_dealer = deal.dealer
        match.start(None, deal)
        match.to_act = view["to_act"]
        return match

    return resample


# -- records ---------------------------------------------------------------------------------------


class TrickRecords(Generic[D]):
    """A trick game's records (docs/records.md): a deal is its dealer, the pack as dealt and
    the seats' actions; every other field is derived and checked. A record is replayed
    through the game's match, so a validator and the live server can never disagree about a
    rule. A game whose record says more, or says it in its own words, subclasses it (the
    methods between ``derived`` and ``explain``)."""

    OVER: ClassVar[str] = "the match was over"
    """Why a deal after the match's end is refused."""
    PLAYED_BY: ClassVar[str] = "{noun} is played by {counts} players"
    """What a record for another table size is told: ``{noun}`` and ``{title}``, the game's
    names; ``{counts}``, its table sizes in words."""
    SUMMARY_LEFT_OUT: ClassVar[tuple[str, ...]] = ("trump",)
    """Derived fields a validator's summary of a deal leaves out."""

    def __init__(
        self,
        match_class: type[TrickMatch[Any]],
        parse: Callable[[object], Action],
        seat_counts: tuple[int, ...],
        new: Callable[[int, Options, int], TrickMatch[Any]],
    ) -> None:
        self.match_class = match_class
        self.new = new
        """What makes the match a record replays into, from the seats, the options and the
        first dealer (``make_game``'s ``new``)."""
        self.parse = parse
        self.seat_counts = seat_counts
        """The table sizes the game is played at: a record's players are checked against
        them before its deals are replayed."""
        self.name, self.noun = match_class.NAME, match_class.NOUN
        self.options = match_class.OPTIONS
        """The game's name, its name in a sentence and its options: its match class's."""

    def derived(self, deal: D) -> dict[str, Any]:
        """The fields of a deal that follow from its pack and actions."""
        return {
            "trump": deal.trump,
            "tricks": list(deal.won),
            "scores": list(deal.scores) if deal.scores is not None else None,
        }

    def dealt(self, deal: D, seat: int | None, whole: bool) -> dict[str, Any]:
        """What an entry says of the cards dealt: the pack; in ``seat``'s record of the
        running match, each card of the deal in progress it did not see where the pack put
        it is ``null`` (a card played since is seen, but not where it lay)."""
        if deal.pack is None:
            raise ValueError("a state dealt anew from a view has no record")
        if whole or deal.finished:
            return {"pack": list(deal.pack)}
        ledger = deal.ledger
        bit = seen_by(seat)
        seen = ledger.pack_seen
        return {"pack": [c if seen[i] & bit else None for i, c in enumerate(ledger.cards)]}

    def actions(self, deal: D, seat: int | None, whole: bool) -> list[list[Any]]:
        """What an entry says of the seats' actions: each as sent, but in ``seat``'s record of
        the running match one naming cards it did not see (:meth:`hides`) by its kind alone."""
        if whole:
            return [[s, t] for s, t in deal.actions]
        out: list[list[Any]] = []
        for actor, text in deal.actions:
            kind = text.partition(":")[0]
            out.append([actor, kind if self.hides(deal, seat, actor, kind) else text])
        return out

    def hides(self, deal: D, seat: int | None, actor: int, kind: str) -> bool:
        """Whether ``seat`` (``None``: a spectator) did not see the cards ``actor``'s ``kind``
        action names: none, by default; a game whose actions name cards only some seats saw
        (a pass) says which."""
        return False

    def recorded_pack(
        self, match: Any, entry: Mapping[str, Any], dealer: int, k: int
    ) -> list[Card]:
        """The pack a record's deal ``entry`` dealt into ``match`` (of the game's match class,
        which the hook names as its own), or :class:`RecordError`: its ``pack``, by default (a
        game whose record lists the hands dealt builds the pack from them)."""
        return self.check_pack(entry.get("pack"), k)

    HANDS: ClassVar[str] = "hands must list each seat's {size} cards as dealt"
    """What a deal whose ``hands`` list no hand per seat is told (``{size}``: a hand's
    cards, ``{seats}``: the table's size)."""
    WRONG_HAND: ClassVar[str] = "hands: seat {seat} is dealt {size} cards"
    """What a seat's hand of another size is told."""

    def wrong_hand(self, seat: int, size: int) -> str:
        """What ``seat``'s hand is told when it holds other than ``size`` cards."""
        return self.WRONG_HAND.format(seat=seat, size=size)

    def recorded_hands(
        self, entry: Mapping[str, Any], sizes: Sequence[int], k: int
    ) -> list[list[Card]]:
        """The hands a record's deal ``entry`` lists as dealt, ``sizes[seat]`` cards to each
        seat, or :class:`RecordError`. Each card is one of the game's and none is dealt twice;
        a game whose pack holds a card twice checks the deal's cards against it as a whole."""
        hands = entry.get("hands")
        if not isinstance(hands, list) or len(hands) != len(sizes):
            raise RecordError(self.HANDS.format(seats=len(sizes), size=max(sizes)), k)
        cards, twice = self.match_class.CARDS, self.match_class.TWICE
        for seat, (hand, size) in enumerate(zip(hands, sizes, strict=True)):
            if not isinstance(hand, list) or len(hand) != size:
                raise RecordError(self.wrong_hand(seat, size), k)
            if twice:
                continue
            for card in hand:  # hand by hand: a card's refusal comes before a later hand's
                if not isinstance(card, str) or card not in cards:
                    raise RecordError(f"hands: {str(card)[:20]!r} is not a card", k)
        every = [c for hand in hands for c in hand]
        if not twice and len(set(every)) != len(every):
            repeated = next(c for c in every if every.count(c) > 1)
            raise RecordError(f"hands: {repeated} is dealt twice", k)
        return hands

    def dealer_rule(self, match: TrickMatch[Any]) -> str:
        """Who deals next, in words, for a record that names another dealer."""
        return PASSES_LEFT

    def check_pack(self, pack: object, k: int) -> list[Card]:
        """A record's pack, or :class:`RecordError`."""
        size = len(self.match_class.PACK)
        if not isinstance(pack, list) or len(pack) != size:
            raise RecordError(f"pack must list the {size} cards as dealt", k)
        if sorted(map(str, pack)) != sorted(self.match_class.PACK):
            raise RecordError(f"pack must hold each card of the {size} once", k)
        return pack

    NAMES_PLAYERS: ClassVar[bool] = False
    """Whether an explanation names a seat's player beside its number."""

    def seat_name(self, players: Sequence[str], seat: int) -> str:
        """A seat as an explanation names it."""
        return f"seat {seat} ({players[seat]})" if self.NAMES_PLAYERS else f"seat {seat}"

    SAID: ClassVar[Mapping[str, str]] = {}
    """The game's own refusals in words after the seat's, by code and the action's kind
    (``already_looked:bid``) or by code alone: each a template of the refusal's detail,
    ``kind`` (the action's) and ``suit_name`` (the detail's suit, a word)."""

    def explain_own(self, who: str, kind: str, refused: IllegalAction) -> str | None:
        """A refusal of the game's own rules in a sentence about ``who`` (a ``kind`` action):
        its words in ``SAID``; ``None`` for the base's words."""
        code = refused.code
        said = self.SAID.get(f"{code}:{kind}", self.SAID.get(code))
        if said is None:
            return None
        detail = refused.detail
        return f"{who} " + said.format_map(
            {**detail, "kind": kind, "suit_name": suit_word(detail.get("suit"))}
        )

    def explain(
        self,
        match: TrickMatch[Any],
        players: Sequence[str],
        seat: int,
        kind: str,
        refused: IllegalAction,
    ) -> str:
        """A refused action of a record, in a sentence naming the seat: the refusals every
        trick game shares, then the game's own (:meth:`explain_own`)."""
        who = self.seat_name(players, seat)
        to_act = match.to_act
        shown = self.seat_name(players, to_act) if to_act is not None and to_act >= 0 else None
        said = explain_play(who, refused, shown)
        if said is None:
            said = self.explain_own(who, kind, refused)
        if said is not None:
            return said
        if refused.code == "must_head_trick":
            return f"{who} holds a higher {suit_word(refused.detail['suit'])} and must win it"
        return f"{who}: {refused.message}"

    def entry(
        self, match: TrickMatch[Any], deal: D, seat: int | None, whole: bool
    ) -> dict[str, Any] | None:
        """A deal's entry in a record (:meth:`export`); ``None`` leaves the deal out."""
        return {
            "dealer": deal.dealer,
            **self.dealt(deal, seat, whole),
            "actions": self.actions(deal, seat, whole),
            **self.derived(deal),
        }

    def export(
        self,
        match: TrickMatch[Any],
        players: Sequence[str],
        seat: int | None = None,
        whole: bool = True,
    ) -> dict[str, Any]:
        """Whole, every pack; otherwise ``seat``'s (``None``: a spectator's) record of the
        running match (:meth:`dealt`)."""
        options = match.options
        changed = {o.name: options[o.name] for o in self.options if options[o.name] != o.default}
        return exported(
            match, players, self.name, changed, whole, lambda d: self.entry(match, d, seat, whole)
        )

    def dealt_pack(self, match: TrickMatch[D], index: int) -> list[Card]:
        """What deal ``index`` dealt, as a pack that deals it: two deals that gave the same
        cards to the same places give the same list (a fair deal's check, docs/fairness.md).
        It is the pack its whole entry in a record deals (a game whose record lists the hands
        lays them out, not the pack shuffled)."""
        deal = match.deals[index]
        return self.recorded_pack(match, self.dealt(deal, None, True), deal.dealer, index + 1)

    def check_seats(self, seats: int) -> None:
        """Refuse a record for a table size the game is not played at."""
        counts = self.seat_counts
        if seats not in counts:
            title = self.match_class.TITLE
            said = self.PLAYED_BY.format(noun=self.noun, title=title, counts=counts_text(counts))
            raise RecordError(said)

    def replay(
        self, players: Sequence[str], options: Options, doc: Mapping[str, Any]
    ) -> TrickMatch[D]:
        deals = deals_of(doc)  # a record without its deals says so first
        seats = len(players)
        self.check_seats(seats)
        match = self.new(seats, options, first_dealer(deals, seats))

        def deal(match: TrickMatch[D], record: object, k: int, last: bool) -> None:
            self.replay_deal(match, players, record, k, last)

        return replay_deals(match, deals, self.OVER, deal)

    def opened(self, match: TrickMatch[D], record: object, k: int) -> tuple[dict[str, Any], int]:
        """Deal ``k`` of a record as a JSON object, and its dealer, the one due to deal."""
        return opened_deal(record, match.seats, match.next_dealer, self.dealer_rule(match), k)

    def replay_deal(
        self, match: TrickMatch[D], players: Sequence[str], record: object, k: int, last: bool
    ) -> None:
        """Replay deal ``k`` of a record (``last``: the record's last deal, which may be
        unfinished) into ``match``; a game whose deal says more than its pack and actions
        replays its body itself."""
        d, dealer = self.opened(match, record, k)
        pack = self.recorded_pack(match, d, dealer, k)
        match.apply(TABLE, deal_action(pack))
        current = match.deals[-1]
        play_actions(
            match,
            lambda: current.finished,
            d.get("actions", []),
            match.seats,
            self.parse,
            self.noun,
            lambda seat, kind, refused: self.explain(match, players, seat, kind, refused),
            k,
        )
        end_of_deal(current.finished, last, d, self.derived(current), k)

    def winners(self, match: TrickMatch[D]) -> list[int]:
        """The winners a validated record states: none before the match's end, by default."""
        return match.winners()

    def validate(
        self, players: Sequence[str], options: Options, doc: Mapping[str, Any]
    ) -> Validation:
        return verdict(
            lambda: self.replay(players, options, doc),
            doc,
            lambda match: [
                {k: v for k, v in self.derived(d).items() if k not in self.SUMMARY_LEFT_OUT}
                for d in match.deals
            ],
            self.winners,
        )

    def records(self) -> Records:
        return Records(
            export=self.export,
            replay=self.replay,
            validate=self.validate,
            dealt_pack=self.dealt_pack,
        )


# -- the game --------------------------------------------------------------------------------------


def make_game(
    match_class: type[M],
    *,
    summary: str,
    seat_counts: tuple[int, ...],
    pack: Pack,
    sheet: Sheet,
    public_fields: Callable[[M], dict[str, Any]],
    deals_total: Callable[[int, Options], int | None] = lambda seats, options: None,
    hand_positions: Callable[[int, Options], tuple[tuple[int, ...], ...]],
    restore: Callable[[M, Any, View, random.Random], None] | None = None,
    resample: Callable[[View, random.Random], M] | None = None,
    records: type[TrickRecords[Any]] = TrickRecords,
    deal_sum: int | None = None,
    paper: Any = None,
    short_match: Mapping[str, OptionValue] | None = None,
    partnerships: bool = False,
    cached: bool = False,
    stable_view_keys: tuple[str, ...] = ("previous_deal", "scoresheet", "totals"),
    growing_deal_keys: tuple[str, ...] = ("tricks_played",),
    parse: Callable[[object], Action] | None = None,
    hidden: Callable[[M, int | None], list[Card]] | None = None,
    new: Callable[[int, Options, int], M] | None = None,
) -> Game:
    """The registry's :class:`Game` for a trick game built on :class:`TrickMatch`: the
    ledger's resampler (``restore`` setting the game's own fields from a view) unless the
    game brings its own ``resample``, and the base's records unless it brings a subclass;
    ``deals_total``, none unless told (a match played to a target).
    ``partnerships``: played in two fixed partnerships (``Game.partnerships``); ``cached``:
    rooms keep a view cache (:func:`view_cache`) and send ``stable_view_keys`` and the
    finished tricks only when they change. A game whose cards are not in a ledger brings its
    own ``parse`` and ``hidden`` cards; one whose match takes other arguments than the
    seats, the options and the first dealer, its ``new`` match."""
    parse = parse or action_parser(match_class)
    make = new or match_class

    def new_match(seats: int, options: Options, first: int) -> M:
        if seats not in seat_counts:
            raise ValueError(f"{match_class.TITLE} is played by {counts_text(seat_counts)}")
        return make(seats, options, first)

    def chance(match: M, rng: random.Random) -> Action:
        return shuffled_deal(type(match), rng)

    def outcome(match: M) -> Outcome | None:
        if not match.is_over:
            return None
        return Outcome(match.termination(), tuple(match.winners()))

    return Game(
        name=match_class.NAME,
        title=match_class.TITLE,
        summary=summary,
        seat_counts=seat_counts,
        pack=pack,
        options=match_class.OPTIONS,
        new_match=new_match,
        parse_action=parse,
        chance=chance,
        view=make_view(sheet, public_fields),
        legal=legal,
        scored_deals=scored_deals,
        scoresheet=sheet.scoresheet,
        deals_total=deals_total,
        outcome=outcome,
        records=records(match_class, parse, seat_counts, make).records(),
        hidden_cards=hidden or hidden_cards,
        resample=resample or make_resample(match_class, restore or _restore_nothing),
        deal_sum=deal_sum,
        paper=paper,
        hand_positions=hand_positions,
        short_match=dict(short_match or {}),
        partnerships=partnerships,
        new_view_cache=view_cache(sheet) if cached else _no_cache,
        stable_view_keys=stable_view_keys if cached else (),
        growing_deal_keys=growing_deal_keys if cached else (),
    )


def _no_cache() -> None:
    """A game without a view cache builds every view afresh."""
    return None


def _restore_nothing(
    match: TrickMatch[Any], deal: TrickDeal | None, view: View, rng: random.Random
) -> None:
    """A game with no fields beyond the base's restores nothing."""


__all__ = [
    "Heading",
    "Sheet",
    "Trick",
    "TrickDeal",
    "TrickMatch",
    "TrickRecords",
    "action_parser",
    "deal_action",
    "hidden_cards",
    "legal",
    "make_game",
    "on_table",
    "scored_deals",
    "shuffled_deal",
]
