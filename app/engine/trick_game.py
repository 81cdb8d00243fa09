"""A base for trick games whose cards move through a :class:`~app.engine.ledger.Ledger`.

A game built on it declares its pack, its duties (:class:`~app.engine.tricks.TrickRules`),
how a pack is laid out, what follows a trick, how a deal scores and when a match ends; the
base gives it the rest, once for every such game:

- the actions ``deal:<pack>`` (the table's) and ``play:<card>``, parsed and shaped, and the
  standard refusals in their words (``match_over``, ``not_your_turn``, ``card_not_in_hand``,
  ``must_follow_suit``, ``must_head_trick``, ``must_trump``), every check made before the
  first change, so that a refused action changes nothing;
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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from .actions import Action, split_action
from .cards import Card, Suit
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
    resolve_options_of,
)
from .ledger import Ledger
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
from .tricks import Heading, TrickRules, legal_cards, trick_winner
from .words import with_article

M = TypeVar("M", bound="TrickMatch")


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick played: who led, its cards in the order played, who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def to_json(self, seats: int) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "winner": self.winner,
            "cards": [
                {"seat": (self.leader + i) % seats, "card": c} for i, c in enumerate(self.cards)
            ],
        }


class TrickDeal:
    """One deal: its cards in a ledger, the tricks played, the seats' actions in order and,
    once over, the scores. A game's deal may add fields (its own ``__slots__`` and
    :meth:`copy`)."""

    __slots__ = (
        "actions",
        "dealer",
        "history",
        "leader",
        "ledger",
        "number",
        "pack",
        "scores",
        "trump",
        "won",
    )

    def __init__(self, number: int, dealer: int, seats: int, pack: Sequence[Card] | None) -> None:
        self.number = number
        self.dealer = dealer
        self.pack = None if pack is None else tuple(pack)
        """The pack as dealt (``None`` in a state a seat's view was dealt anew into)."""
        self.ledger = Ledger(seats)
        self.leader = (dealer + 1) % seats
        self.trump: Suit | None = None
        self.history: list[Trick] = []
        self.won = [0] * seats
        """Tricks taken per seat."""
        self.actions: list[tuple[int, str]] = []
        self.scores: tuple[int, ...] | None = None

    @property
    def finished(self) -> bool:
        return self.scores is not None

    _FIELDS: ClassVar[tuple[str, ...]] = ()
    """Every slot of the class, its subclasses' included: what :meth:`copy` carries over."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._FIELDS = _slots(cls)

    def copy(self) -> TrickDeal:
        other = object.__new__(type(self))
        for name in self._FIELDS:
            setattr(other, name, getattr(self, name))
        other.ledger = self.ledger.copy()
        other.history = list(self.history)
        other.won = list(self.won)
        other.actions = list(self.actions)
        return other


def _slots(kind: type) -> tuple[str, ...]:
    names: list[str] = []
    for klass in kind.__mro__:
        names.extend(getattr(klass, "__slots__", ()))
    return tuple(names)


TrickDeal._FIELDS = _slots(TrickDeal)


class TrickMatch(DealSequence[TrickDeal]):
    """A match of a trick game: deals one after another, totals per seat.

    A game subclasses it and sets the class attributes and hooks below; ``apply`` is the one
    function that changes a match."""

    NAME: ClassVar[str]
    TITLE: ClassVar[str]
    PACK: ClassVar[tuple[Card, ...]]
    RULES: ClassVar[TrickRules]
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    DEAL: ClassVar[type[TrickDeal]] = TrickDeal
    CARDS: ClassVar[frozenset[Card]] = frozenset()
    """The pack's distinct cards, set from ``PACK`` for each game."""

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

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "PACK" in cls.__dict__:
            cls.CARDS = frozenset(cls.PACK)

    def __init__(self, seats: int, options: Options | None, first_dealer: int) -> None:
        if not 0 <= first_dealer < seats:
            raise ValueError(f"the first dealer is a seat from 0 to {seats - 1}")
        self.seats = seats
        self.options: dict[str, OptionValue] = resolve_options_of(self.OPTIONS, options, self.TITLE)
        self.first_dealer = first_dealer
        self.next_dealer = first_dealer
        self.deals: list[TrickDeal] = []
        self.totals = [0] * seats
        self.base = 0
        """Scored deals before the first one held (a state dealt anew from a view)."""
        self.to_act: int | None = TABLE

    # -- the game's hooks ----------------------------------------------------------------------

    def lay_out(self, deal: TrickDeal, pack: Sequence[Card]) -> None:
        """Put the pack's cards in their places (the deal's ledger) and set the trump."""
        raise NotImplementedError

    def after_trick(self, deal: TrickDeal, trick: Trick) -> None:
        """What follows a trick won (draws from a stock): nothing, by default."""

    def score(self, deal: TrickDeal) -> tuple[int, ...]:
        """The scores of a deal played out."""
        raise NotImplementedError

    def match_over(self) -> bool:
        """Whether the match ends after the deal just scored."""
        raise NotImplementedError

    def winners(self) -> list[int]:
        """The seats sharing the highest total, once the match is over."""
        if not self.is_over:
            return []
        best = max(self.totals)
        return [s for s in range(self.seats) if self.totals[s] == best]

    def termination(self) -> Termination:
        """Why the match ended: every deal played, by default."""
        return Termination.DEALS_PLAYED

    def rules(self, deal: TrickDeal) -> TrickRules:
        return self.RULES

    def deal_json(self, deal: TrickDeal) -> dict[str, Any]:
        """The game's own public fields of the deal in progress."""
        return {}

    def detail(self, deal: TrickDeal) -> dict[str, Any]:
        """A scored deal's detail, as the scoresheet and the previous deal show it."""
        return {}

    # -- reading -------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.to_act is None

    def playable(self, deal: TrickDeal, seat: int) -> list[Card]:
        hand = deal.ledger.hand(seat)
        trick = deal.ledger.trick_cards()
        return legal_cards(hand, trick, deal.trump, self.rules(deal)) if trick else hand

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        actor = self.to_act if seat is None else seat
        deal = self.current
        if deal is None or actor != self.to_act or actor is None or actor == TABLE:
            return []
        seen: set[Card] = set()
        out: list[Action] = []
        for card in self.playable(deal, actor):
            if card not in seen:
                seen.add(card)
                out.append(Action("play", card))
        return out

    # -- checking ------------------------------------------------------------------------------

    def _check(self, seat: int, action: Action) -> TrickDeal | None:
        kind = action.kind
        if (kind == "play" and action.arg not in self.CARDS) or kind not in ("play", "deal"):
            raise MalformedAction(f"not {with_article(self.TITLE)} action: {str(action)[:40]!r}")
        if self.to_act is None:
            raise IllegalAction("match_over", "the match is over")
        if kind == "deal":
            if seat != TABLE:
                raise IllegalAction("not_your_turn", "only the table deals")
            if self.to_act != TABLE:
                raise IllegalAction("wrong_phase", "a deal is already in progress")
            if sorted(action.arg.split(",")) != sorted(self.PACK):
                raise IllegalAction("bad_deck", f"a deal takes the {len(self.PACK)} cards")
            return None
        deal = self.current
        if deal is None or seat != self.to_act:
            shown = None if self.to_act == TABLE else self.to_act
            raise IllegalAction(
                "not_your_turn", "it is not your turn", {"seat": seat, "to_act": shown}
            )
        card = action.arg
        ledger = deal.ledger
        if ledger.index_in_hand(seat, card) is None:
            raise IllegalAction("card_not_in_hand", f"you do not hold {card}", {"card": card})
        if ledger.trick:
            self._check_duty(deal, seat, card)
        return deal

    def _check_duty(self, deal: TrickDeal, seat: int, card: Card) -> None:
        """The standard refusals of a card to a trick, explained from the duties alone."""
        rules = self.rules(deal)
        hand = deal.ledger.hand(seat)
        trick = deal.ledger.trick_cards()
        if card in legal_cards(hand, trick, deal.trump, rules):
            return
        led = trick[0][1]
        detail = {"card": card, "suit": led, "seat": seat}
        if any(c[1] == led for c in hand):
            if card[1] != led:
                raise IllegalAction("must_follow_suit", "you must follow suit", detail)
            raise IllegalAction("must_head_trick", "you must win the trick if you can", detail)
        raise IllegalAction(
            "must_trump",
            "without the suit led you must play a trump",
            {**detail, "trump": deal.trump},
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
            self.start(action.arg.split(","))
            return
        deal.actions.append((seat, str(action)))
        self.play(deal, seat, action.arg)

    def start(self, pack: Sequence[Card] | None, deal: TrickDeal | None = None) -> TrickDeal:
        """Begin the next deal from ``pack`` as dealt (or a deal already laid out)."""
        if deal is None:
            assert pack is not None
            deal = self.DEAL(self.deals_played + 1, self.next_dealer, self.seats, pack)
            self.lay_out(deal, pack)
        self.deals.append(deal)
        self.to_act = deal.leader
        return deal

    def play(self, deal: TrickDeal, seat: int, card: Card) -> None:
        ledger = deal.ledger
        led = ledger.cards[ledger.trick[0]][1] if ledger.trick else None
        ledger.play(seat, card, led if led is not None and card[1] != led else None)
        if len(ledger.trick) < self.seats:
            self.to_act = (seat + 1) % self.seats
            return
        cards = tuple(ledger.trick_cards())
        winner = (deal.leader + trick_winner(cards, deal.trump, self.rules(deal))) % self.seats
        trick = Trick(deal.leader, cards, winner)
        ledger.gather(winner)
        deal.history.append(trick)
        deal.won[winner] += 1
        deal.leader = winner
        self.after_trick(deal, trick)
        if any(ledger.hands):
            self.to_act = winner
            return
        deal.scores = self.score(deal)
        for s, points in enumerate(deal.scores):
            self.totals[s] += points
        self.next_dealer = (deal.dealer + 1) % self.seats
        self.to_act = None if self.match_over() else TABLE

    def clone(self: M) -> M:
        other = object.__new__(type(self))
        other.seats = self.seats
        other.options = self.options  # never changed after the match starts
        other.first_dealer = self.first_dealer
        other.next_dealer = self.next_dealer
        other.deals = [d if d.finished else d.copy() for d in self.deals]
        other.totals = list(self.totals)
        other.base = self.base
        other.to_act = self.to_act
        return other


# -- actions ---------------------------------------------------------------------------------------


def action_parser(match: type[TrickMatch]) -> Callable[[object], Action]:
    """The parser of ``deal:<pack>`` and ``play:<card>`` for the game of ``match``."""
    plays = {f"play:{c}": Action("play", c) for c in match.PACK}
    pack = sorted(match.PACK)

    def parse(text: object) -> Action:
        if type(text) is str:
            known = plays.get(text)
            if known is not None:
                return known
        action = split_action(text)
        if action.kind == "play":
            raise MalformedAction(f"'play' takes one card such as QS, got {action.arg[:20]!r}")
        if action.kind == "deal":
            if sorted(action.arg.split(",")) != pack:
                raise MalformedAction(f"'deal' takes the {len(pack)} cards, each once")
            return action
        raise MalformedAction(f"unknown action {action.kind[:20]!r}", {"kinds": ["deal", "play"]})

    return parse


# -- views -----------------------------------------------------------------------------------------


def _deal_json(match: TrickMatch, deal: TrickDeal, viewer: int | None) -> dict[str, Any]:
    ledger = deal.ledger
    seats = match.seats
    return {
        "number": deal.number,
        "dealer": deal.dealer,
        "leader": deal.leader,
        "trump": deal.trump,
        **match.deal_json(deal),
        **ledger.cards_view(viewer),
        "turned": ledger.turned,
        "trick": [
            {"seat": (deal.leader + k) % seats, "card": ledger.cards[i]}
            for k, i in enumerate(ledger.trick)
        ],
        "tricks_played": [t.to_json(seats) for t in deal.history],
        "tricks_won": list(deal.won),
    }


def _previous_json(match: TrickMatch, deal: TrickDeal) -> dict[str, Any]:
    assert deal.scores is not None
    return {
        "number": deal.number,
        "dealer": deal.dealer,
        "trump": deal.trump,
        "scores": list(deal.scores),
        "tricks_won": list(deal.won),
        "tricks_played": [t.to_json(match.seats) for t in deal.history],
        **match.detail(deal),
    }


def _phase(match: TrickMatch) -> str:
    if match.to_act is None:
        return "match_over"
    return "deal" if match.to_act == TABLE else "play"


def legal(match: TrickMatch, seat: int) -> dict[str, Any] | None:
    if match.current is None or seat != match.to_act:
        return None
    return {"kind": "play", "actions": [str(a) for a in match.legal_actions(seat)]}


class Sheet:
    """A game's scoresheet: its columns and each scored deal's cells from the deal's
    detail; the running totals are the base's."""

    def __init__(
        self, columns: list[dict[str, str]], cells: Callable[[Mapping[str, Any]], dict[str, Any]]
    ) -> None:
        self.columns = columns
        self.cells = cells

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
        return {"columns": self.columns, "deals": lines, "totals": totals}


def scored_deals(match: TrickMatch, start: int = 0) -> list[ScoredDeal]:
    return [
        ScoredDeal(
            number=d.number,
            dealer=d.dealer,
            scores=d.scores,
            detail={"trump": d.trump, **match.detail(d)},
        )
        for d in match.finished_deals[start:]
        if d.scores is not None
    ]


def make_view(
    sheet: Sheet, public_fields: Callable[[Any], dict[str, Any]]
) -> Callable[[Any, int | None, View | None, Any], View]:
    """The game's ``view``: an allow-list of fields, every card among them from the ledger as
    the viewer has seen it."""

    def public_view(match: TrickMatch) -> View:
        finished = match.finished_deals
        current = match.current
        return {
            "game": match.NAME,
            "seats": match.seats,
            "seat": None,
            "phase": _phase(match),
            "to_act": None if match.to_act == TABLE else match.to_act,
            "first_dealer": match.first_dealer,
            "next_dealer": match.next_dealer if match.to_act == TABLE else None,
            "deals_played": match.deals_played,
            "totals": list(match.totals),
            "options": dict(match.options),
            **public_fields(match),
            "winners": match.winners() if match.is_over else None,
            "scoresheet": sheet.scoresheet(match.seats, match.options, scored_deals(match)),
            "deal": _deal_json(match, current, None) if current is not None else None,
            "previous_deal": _previous_json(match, finished[-1]) if finished else None,
            "legal": None,
        }

    def view(
        match: TrickMatch, seat: int | None, public: View | None = None, cache: object = None
    ) -> View:
        if seat is not None and not 0 <= seat < match.seats:
            raise ValueError(f"no seat {seat} at a table of {match.seats}")
        if public is None:
            public = public_view(match)
        if seat is None:
            return public
        own = dict(public)
        own["seat"] = seat
        current = match.current
        if current is not None:
            own["deal"] = {**public["deal"], **current.ledger.cards_view(seat)}
        own["legal"] = legal(match, seat)
        return own

    return view


def hidden_cards(match: TrickMatch, seat: int | None) -> list[Card]:
    """The cards of the deal in progress that ``seat`` has not seen, from the ledger."""
    deal = match.current
    return [] if deal is None else sorted(deal.ledger.hidden(seat))


def make_resample(
    match_class: type[M], restore: Callable[[M, TrickDeal, View], None]
) -> Callable[[View, random.Random], M]:
    """The game's ``resample``: the match as the view shows it, the cards the seat has not
    seen dealt anew from the ledger's constraints (:meth:`Ledger.from_view`). ``restore``
    sets the game's own fields of the match and the deal from the view."""

    def resample(view: View, rng: random.Random) -> M:
        match = match_class(view["seats"], view["options"], view["first_dealer"])
        match.totals = list(view["totals"])
        match.base = view["deals_played"]
        shown = view["deal"]
        if view["phase"] == "match_over" or shown is None:
            match.to_act = None if view["phase"] == "match_over" else TABLE
            match.next_dealer = view["next_dealer"] if shown is None else match.next_dealer
            return match
        deal = match.DEAL(shown["number"], shown["dealer"], match.seats, None)
        deal.leader = shown["leader"]
        deal.trump = shown["trump"]
        deal.history = [
            Trick(t["leader"], tuple(c["card"] for c in t["cards"]), t["winner"])
            for t in shown["tricks_played"]
        ]
        deal.won = list(shown["tricks_won"])
        taken: list[list[Card]] = [[] for _ in range(match.seats)]
        for t in deal.history:
            taken[t.winner].extend(t.cards)
        trick = [(e["seat"], e["card"]) for e in shown["trick"]]
        deal.ledger = Ledger.from_view(shown, view["seat"], match.PACK, trick, taken, rng)
        restore(match, deal, view)
        match.next_dealer = deal.dealer
        match.start(None, deal)
        match.to_act = view["to_act"]
        return match

    return resample


# -- records ---------------------------------------------------------------------------------------


class TrickRecords:
    """A trick game's records (docs/records.md): a deal is its dealer, the pack as dealt and
    the seats' actions; every other field is derived and checked."""

    def __init__(self, match_class: type[TrickMatch], parse: Callable[[object], Action]) -> None:
        self.match_class = match_class
        self.parse = parse
        self.ranks = "".join(dict.fromkeys(c[0] for c in match_class.PACK))

    @staticmethod
    def derived(deal: TrickDeal) -> dict[str, Any]:
        return {
            "trump": deal.trump,
            "tricks": list(deal.won),
            "scores": list(deal.scores) if deal.scores is not None else None,
        }

    def export(
        self, match: TrickMatch, players: Sequence[str], seat: int | None = None, whole: bool = True
    ) -> dict[str, Any]:
        """Whole, every pack; otherwise ``seat``'s (``None``: a spectator's) record of the
        running match: in the deal in progress, each card of the pack it did not see where
        the pack put it is ``null`` (a card played since is seen, but not where it lay)."""

        def entry(deal: TrickDeal) -> dict[str, Any]:
            if deal.pack is None:
                raise ValueError("a state dealt anew from a view has no record")
            ledger = deal.ledger
            bit = 1 << 15 if seat is None else 1 << seat
            pack: list[Card | None] = list(deal.pack)
            if not whole and not deal.finished:
                seen = ledger.pack_seen
                pack = [c if seen[i] & bit else None for i, c in enumerate(ledger.cards)]
            return {
                "dealer": deal.dealer,
                "pack": pack,
                "actions": [[s, t] for s, t in deal.actions],
                **self.derived(deal),
            }

        changed = {
            o.name: match.options[o.name]
            for o in match.OPTIONS
            if match.options[o.name] != o.default
        }
        return exported(match, players, match.NAME, changed, whole, entry)

    @staticmethod
    def dealt_pack(match: TrickMatch, index: int) -> list[Card]:
        pack = match.deals[index].pack
        assert pack is not None
        return list(pack)

    def replay(
        self, players: Sequence[str], options: Options, doc: Mapping[str, Any]
    ) -> TrickMatch:
        deals = deals_of(doc)
        seats = len(players)
        match = self.match_class(seats, options, first_dealer(deals, seats))
        return replay_deals(match, deals, "the match was over", self._deal)

    def _deal(self, match: TrickMatch, record: object, k: int, last: bool) -> None:
        d, _ = opened_deal(record, match.seats, match.next_dealer, PASSES_LEFT, k)
        pack = d.get("pack")
        size = len(match.PACK)
        if not isinstance(pack, list) or len(pack) != size:
            raise RecordError(f"pack must list the {size} cards as dealt", k)
        if sorted(map(str, pack)) != sorted(match.PACK):
            raise RecordError(f"pack must hold each card of the {size} once", k)
        match.apply(TABLE, Action("deal", ",".join(pack)))
        current = match.deals[-1]
        play_actions(
            match,
            lambda: current.finished,
            d.get("actions", []),
            match.seats,
            self.parse,
            match.TITLE,
            lambda seat, kind, refused: self._explain(match, seat, refused),
            k,
        )
        end_of_deal(current.finished, last, d, self.derived(current), k)

    @staticmethod
    def _explain(match: TrickMatch, seat: int, refused: IllegalAction) -> str:
        who = f"seat {seat}"
        to_act = match.to_act
        shown = f"seat {to_act}" if to_act is not None and to_act >= 0 else None
        said = explain_play(who, refused, shown)
        if said is not None:
            return said
        if refused.code == "must_head_trick":
            return f"{who} holds a higher {suit_word(refused.detail['suit'])} and must win it"
        return f"{who}: {refused.message}"

    def validate(
        self, players: Sequence[str], options: Options, doc: Mapping[str, Any]
    ) -> Validation:
        return verdict(
            lambda: self.replay(players, options, doc),
            doc,
            lambda match: [
                {k: v for k, v in self.derived(d).items() if k != "trump"} for d in match.deals
            ],
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
    restore: Callable[[M, TrickDeal, View], None],
    deals_total: Callable[[int, Options], int | None],
    hand_positions: Callable[[int, Options], tuple[tuple[int, ...], ...]],
    deal_sum: int | None = None,
    paper: Any = None,
    short_match: Mapping[str, OptionValue] | None = None,
) -> Game:
    """The registry's :class:`Game` for a trick game built on :class:`TrickMatch`."""
    parse = action_parser(match_class)

    def new_match(seats: int, options: Options, first: int) -> M:
        if seats not in seat_counts:
            raise ValueError(f"{match_class.TITLE} is played by {seat_counts}")
        return match_class(seats, options, first)

    def chance(match: M, rng: random.Random) -> Action:
        cards = list(match.PACK)
        rng.shuffle(cards)
        return Action("deal", ",".join(cards))

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
        records=TrickRecords(match_class, parse).records(),
        hidden_cards=hidden_cards,
        resample=make_resample(match_class, restore),
        deal_sum=deal_sum,
        paper=paper,
        hand_positions=hand_positions,
        short_match=dict(short_match or {}),
    )


__all__ = [
    "Heading",
    "Sheet",
    "Trick",
    "TrickDeal",
    "TrickMatch",
    "TrickRecords",
    "action_parser",
    "hidden_cards",
    "legal",
    "make_game",
    "scored_deals",
]
