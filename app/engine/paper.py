"""Deals played with real cards: what a table enters to score one, and the checks the rules
can make without seeing a card.

A *paper* match deals nothing. After each deal the players enter what the game needs to score
it (in Bismarck forehand's contract and every seat's tricks; in spades the bids and the
tricks); the game checks what its rules can check (each contract once per forehand, tricks
summing to the deal's total) and scores the entry as it scores a deal played here, into the
same :class:`ScoredDeal`, so the scoresheet, the CSV and the history are the online match's.

A game that can be kept on paper gives a :class:`Paper`: ``next_deal`` says what the next
entry needs (a :class:`PaperDeal` of :class:`Field` s, which a client draws as a form without
knowing the game), ``score`` checks one entry and scores it. :func:`checked` does the checks
every field's description implies (present, one of its choices, in range, summing to its
total), so a game's ``score`` begins from a well-formed entry and adds only its own rules.
:func:`keep` makes a :class:`Paper` of a game's form and scoring hooks, :func:`replaying` of
a game whose match scores the entries, :func:`rotating` the form of a game whose deal passes
left, and :func:`choice`, :func:`seat_choice` and :func:`seat_number` the fields, labelled
``paper.<key>`` unless told.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from copy import deepcopy
from dataclasses import dataclass, field, replace
from typing import Any, Final, TypeAlias, TypeVar

from .errors import IllegalAction
from .game import Options, Outcome, ScoredDeal
from .trick_game import TrickMatch, scored_deals

CHOICE: Final = "choice"
"""One value of ``choices`` for the deal (a contract)."""
SEAT_NUMBER: Final = "seat_number"
"""A whole number for each of ``seats`` (tricks), from ``minimum`` to ``maximum``, summing to
``total`` when it is set."""
SEAT_CHOICE: Final = "seat_choice"
"""One value of ``choices`` for each of ``seats`` (bids)."""
KINDS: Final = (CHOICE, SEAT_NUMBER, SEAT_CHOICE)

When: TypeAlias = tuple[str, tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class Field:
    """One thing an entry says. ``when`` makes it asked only when another field has one of the
    given values (valfri's trump); a field not asked is absent from the entry."""

    key: str
    kind: str
    label: str
    """A translation key of the game's panel (``paper.contract``)."""
    choices: tuple[str, ...] = ()
    seats: tuple[int, ...] = ()
    minimum: int = 0
    maximum: int = 0
    total: int | None = None
    when: When | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown field kind {self.kind!r}")

    def asked(self, entry: Mapping[str, Any]) -> bool:
        if self.when is None:
            return True
        other, values = self.when
        return entry.get(other) in values

    def as_json(self) -> dict[str, Any]:
        shown: dict[str, Any] = {"key": self.key, "kind": self.kind, "label": self.label}
        if self.choices:
            shown["choices"] = list(self.choices)
        if self.kind != CHOICE:
            shown["seats"] = list(self.seats)
        if self.kind == SEAT_NUMBER:
            shown |= {"minimum": self.minimum, "maximum": self.maximum, "total": self.total}
        if self.when is not None:
            shown["when"] = {"key": self.when[0], "values": list(self.when[1])}
        return shown


@dataclass(frozen=True, slots=True)
class PaperDeal:
    """The next deal to enter: its number (from 1), its dealer, what the table needs to know
    of it (``facts``: Bismarck's forehand and the seat sitting out), and its fields."""

    number: int
    dealer: int
    fields: tuple[Field, ...]
    facts: Mapping[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "dealer": self.dealer,
            "facts": dict(self.facts),
            "fields": [f.as_json() for f in self.fields],
        }


@dataclass(frozen=True, slots=True)
class Paper:
    """How a game is kept on paper.

    ``next_deal(seats, options, first_dealer, deals)``: the next deal to enter after the
    scored ``deals``, or ``None`` when the match is over. ``score(seats, options,
    first_dealer, deals, entry)``: the entry of that deal checked and scored, or
    :class:`IllegalAction` naming what the rules refuse. ``entry_of(deal)``: the entry that
    scores as ``deal`` does (the form filled in again, to correct the last entry)."""

    next_deal: Callable[[int, Options, int, Sequence[ScoredDeal]], PaperDeal | None]
    score: Callable[[int, Options, int, Sequence[ScoredDeal], Mapping[str, Any]], ScoredDeal]
    entry_of: Callable[[ScoredDeal], dict[str, Any]]
    unrecorded: Mapping[str, Any] = field(default_factory=dict)
    """Keys of a scored deal's detail that a table playing with real cards cannot enter (the
    cards of bezique's declarations), with the value a deal entered on paper has there: a
    paper deal equals the deal played here but for these."""

    outcome: Callable[[int, Options, Sequence[ScoredDeal]], Outcome] | None = None
    """``(seats, options, deals)``: who won a match whose every deal is entered, for a game
    where that is not simply the highest total (``paper_game.highest_totals``)."""

    def as_entered(self, deal: ScoredDeal) -> ScoredDeal:
        """``deal`` as the same deal entered on paper scores: its unrecorded detail blank."""
        if not self.unrecorded:
            return deal
        return replace(deal, detail={**deal.detail, **deepcopy(self.unrecorded)})


NextDeal: TypeAlias = Callable[[int, Options, int, Sequence[ScoredDeal]], PaperDeal | None]
Shape: TypeAlias = tuple[Sequence[Field], Mapping[str, Any]]


def choice(key: str, choices: Sequence[str], when: When | None = None, label: str = "") -> Field:
    return Field(key, CHOICE, label or f"paper.{key}", tuple(choices), when=when)


def seat_choice(
    key: str, choices: Sequence[str], seats: Sequence[int], when: When | None = None
) -> Field:
    return Field(key, SEAT_CHOICE, f"paper.{key}", tuple(choices), tuple(seats), when=when)


def seat_number(
    key: str,
    seats: Sequence[int],
    maximum: int,
    total: int | None = None,
    when: When | None = None,
    label: str = "",
) -> Field:
    label = label or f"paper.{key}"
    return Field(key, SEAT_NUMBER, label, (), tuple(seats), 0, maximum, total, when)


def rotating(shape: Callable[[int, Options, int, Sequence[ScoredDeal]], Shape | None]) -> NextDeal:
    """``next_deal`` of a game whose deal passes left after every deal: ``shape(seats,
    options, dealer, deals)`` gives the next deal's fields and facts, ``None`` once the match
    is over."""

    def next_deal(
        seats: int, options: Options, first_dealer: int, deals: Sequence[ScoredDeal]
    ) -> PaperDeal | None:
        dealer = (first_dealer + len(deals)) % seats
        shaped = shape(seats, options, dealer, deals)
        if shaped is None:
            return None
        return PaperDeal(len(deals) + 1, dealer, tuple(shaped[0]), shaped[1])

    return next_deal


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry checked by its deal's form (``given``), with what a game scores it from."""

    seats: int
    options: Options
    first_dealer: int
    deals: Sequence[ScoredDeal]
    deal: PaperDeal
    given: dict[str, Any]

    def scored(self, scores: Iterable[int | None], detail: Mapping[str, Any]) -> ScoredDeal:
        return ScoredDeal(self.deal.number, self.deal.dealer, tuple(scores), detail)


def keep(
    next_deal: NextDeal,
    score: Callable[[Entry], ScoredDeal],
    entry_of: Callable[[ScoredDeal], dict[str, Any]],
    refuse: Callable[[PaperDeal, Mapping[str, Any]], None] | None = None,
    **more: Any,
) -> Paper:
    """The :class:`Paper` of a game's hooks: ``score`` is given the entry its form checked,
    after ``refuse`` saw it unchecked, to refuse first by the online game's own codes what
    the form would call merely no choice. ``more``: the rest of :class:`Paper`."""

    def scored(
        seats: int,
        options: Options,
        first_dealer: int,
        deals: Sequence[ScoredDeal],
        entry: Mapping[str, Any],
    ) -> ScoredDeal:
        deal = next_deal(seats, options, first_dealer, deals)
        if deal is None:
            raise IllegalAction("match_over", "the match is over")
        if refuse is not None and isinstance(entry, Mapping):
            refuse(deal, entry)
        given = checked(deal, entry)
        return score(Entry(seats, options, first_dealer, deals, deal, given))

    return Paper(next_deal, scored, entry_of, **more)


M = TypeVar("M", bound=TrickMatch[Any])


def replaying(
    match_class: type[M],
    enter: Callable[[M, int, int, Mapping[str, Any]], None],
    shape: Callable[[M, int], Shape],
    entry_of: Callable[[ScoredDeal], dict[str, Any]],
    outcome: Callable[[M], Outcome] | None = None,
    **more: Any,
) -> Paper:
    """The :func:`keep` of a game whose match scores an entry as a deal played here:
    ``enter(match, number, dealer, entry)`` checks the entry and settles it in the match
    after the deals before it, each entered again as ``entry_of`` fills in its form. That
    match says who deals next and whether it is over; ``shape(match, dealer)`` gives the
    next deal's fields and facts, and ``outcome``, where set, who won once it is over."""

    def replayed(seats: int, options: Options, first: int, deals: Sequence[ScoredDeal]) -> M:
        match = match_class(seats, options, first)
        for deal in deals:
            enter(match, deal.number, deal.dealer, entry_of(deal))
        return match

    def next_deal(
        seats: int, options: Options, first_dealer: int, deals: Sequence[ScoredDeal]
    ) -> PaperDeal | None:
        match = replayed(seats, options, first_dealer, deals)
        if match.is_over:
            return None
        fields, facts = shape(match, match.next_dealer)
        return PaperDeal(len(deals) + 1, match.next_dealer, tuple(fields), facts)

    def score(e: Entry) -> ScoredDeal:
        match = replayed(e.seats, e.options, e.first_dealer, e.deals)
        enter(match, e.deal.number, e.deal.dealer, e.given)
        return scored_deals(match, len(match.deals) - 1)[0]

    def settled(seats: int, options: Options, deals: Sequence[ScoredDeal]) -> Outcome:
        assert outcome is not None
        return outcome(replayed(seats, options, deals[0].dealer, deals))

    return keep(next_deal, score, entry_of, outcome=settled if outcome else None, **more)


def checked(deal: PaperDeal, entry: object) -> dict[str, Any]:
    """``entry`` as its fields describe it, or :class:`IllegalAction`: every field asked is
    present and well-formed, and nothing else is. Seat values come back as lists by seat,
    ``None`` for a seat that enters none (the one sitting out)."""
    if not isinstance(entry, Mapping):
        raise IllegalAction("paper_bad_entry", "an entry is an object of its fields")
    out: dict[str, Any] = {}
    known = {f.key for f in deal.fields}
    for key in entry:
        if key not in known:
            raise IllegalAction(
                "paper_unknown_field", f"no field {str(key)[:40]!r}", {"field": str(key)[:40]}
            )
    for spec in deal.fields:
        if not spec.asked(out):
            if entry.get(spec.key) is not None:
                raise IllegalAction(
                    "paper_field_not_asked", f"{spec.key} is not asked here", {"field": spec.key}
                )
            continue
        if entry.get(spec.key) is None:
            raise IllegalAction(
                "paper_missing_field", f"{spec.key} is missing", {"field": spec.key}
            )
        out[spec.key] = _value(spec, entry[spec.key])
    return out


def _value(spec: Field, given: object) -> Any:
    if spec.kind == CHOICE:
        if not isinstance(given, str) or given not in spec.choices:
            raise _bad(spec, f"{spec.key} is one of {', '.join(spec.choices)}")
        return given
    if not isinstance(given, list) or len(given) <= max(spec.seats, default=-1):
        raise _bad(spec, f"{spec.key} is a list with a value for each seat")
    values: list[Any] = []
    for seat, value in enumerate(given):
        if seat not in spec.seats:
            if value is not None:
                raise _bad(spec, f"seat {seat} enters no {spec.key}")
            values.append(None)
        elif spec.kind == SEAT_CHOICE:
            if not isinstance(value, str) or value not in spec.choices:
                raise _bad(spec, f"each {spec.key} is one of {', '.join(spec.choices)}")
            values.append(value)
        else:
            if isinstance(value, bool) or not isinstance(value, int):
                raise _bad(spec, f"each {spec.key} is a whole number")
            if not spec.minimum <= value <= spec.maximum:
                raise _bad(spec, f"each {spec.key} is {spec.minimum} to {spec.maximum}")
            values.append(value)
    if spec.kind == SEAT_NUMBER and spec.total is not None:
        entered = sum(v for v in values if v is not None)
        if entered != spec.total:
            raise IllegalAction(
                "paper_bad_total",
                f"the {spec.key} sum to {entered}, not {spec.total}",
                {"field": spec.key, "sum": entered, "total": spec.total},
            )
    return values


def _bad(spec: Field, message: str) -> IllegalAction:
    return IllegalAction("paper_bad_value", message, {"field": spec.key})
