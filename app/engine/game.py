"""The interface every game of the engine implements.

A game is data plus pure functions, as OpenSpiel's ``GameType``/``GameInfo`` and
boardgame.io's game object are: what it is (name, seat counts, options with defaults and
validation, its pack), how a match starts and moves (``new_match``, the state's ``apply``,
the table's ``chance``), what each seat may see (``view``, the one door through which
anything about a state reaches a player, and the record redaction built on the same
rules), how its scoresheet reads, how it is written down and checked (records), and why a
match ended (``outcome``). Everything outside a game's own package reaches it through this
interface and the registry (``registry.py``). See docs/engine.md.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final, Protocol

from .actions import Action
from .cards import SUITS, Card
from .teams import partnerships

if TYPE_CHECKING:  # paper.py builds on this module's types
    from .paper import Paper

RECORD_FORMAT: Final = "kortbord-record/1"

TABLE: Final = -1
"""The seat of the table itself, in every game: it shuffles and deals (the chance steps) and
takes administrative actions such as voiding a deal on the players' word."""

OptionValue = bool | int | str
Options = Mapping[str, OptionValue]
View = dict[str, Any]


class GameState(Protocol):
    """One match of one game, mutable, changed only by :meth:`apply`."""

    @property
    def seats(self) -> int: ...

    @property
    def to_act(self) -> int | None:
        """The seat to act, :data:`TABLE` (-1) for a chance step, ``None`` when over."""

    @property
    def is_over(self) -> bool: ...

    @property
    def totals(self) -> list[int]:
        """The running result per seat (points, game points, chips)."""

    @property
    def first_dealer(self) -> int: ...

    @property
    def deals_played(self) -> int:
        """Deals scored so far."""

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """What ``seat`` (default: the seat to act) may do now. Seats other than the one to
        act may have actions too (a claim in Sixty-six)."""

    def apply(self, seat: int, action: Action) -> None:
        """Apply the action or raise :class:`~app.engine.errors.ActionError`, changing
        nothing."""

    def check(self, seat: int, action: Action) -> int | None:
        """Raise exactly what :meth:`apply` would, changing nothing; otherwise return who
        would act after it (:data:`TABLE` for a chance step next, ``None`` at the end)."""

    def clone(self) -> GameState: ...


class OptionError(ValueError):
    """Options a game refuses; ``code`` is stable (``unknown_option``, ``bad_option``)."""

    def __init__(self, code: str, message: str, option: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.option = option


@dataclass(frozen=True, slots=True)
class Option:
    """One rule option of a game. A ``bool`` default makes a switch; an ``int`` default a
    number between ``minimum`` and ``maximum`` (or one of ``choices``); a ``str`` default
    one of ``choices``."""

    name: str
    default: OptionValue
    description: str
    choices: tuple[OptionValue, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: object) -> OptionValue:
        kind = type(self.default)
        # bool is an int in Python; neither stands for the other in an option
        if type(value) is not kind:
            raise OptionError(
                "bad_option", f"option {self.name!r} takes {_kind_name(kind)}", self.name
            )
        assert isinstance(value, bool | int | str)
        if self.choices and value not in self.choices:
            listed = ", ".join(str(c) for c in self.choices)
            raise OptionError("bad_option", f"option {self.name!r} is one of {listed}", self.name)
        if isinstance(value, int) and not isinstance(value, bool):
            low, high = self.minimum, self.maximum
            if (low is not None and value < low) or (high is not None and value > high):
                raise OptionError(
                    "bad_option", f"option {self.name!r} lies from {low} to {high}", self.name
                )
        return value

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "type": _kind_name(type(self.default)),
            "default": self.default,
            "description": self.description,
        }
        if self.choices:
            out["choices"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out


def _kind_name(kind: type) -> str:
    return {bool: "boolean", int: "integer", str: "string"}.get(kind, kind.__name__)


@dataclass(frozen=True, slots=True)
class Pack:
    """The cards a game is played with: each rank of ``ranks`` (high to low) in each suit,
    ``copies`` times."""

    ranks: str
    copies: int = 1
    suits: tuple[str, ...] = SUITS

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(r + s for s in self.suits for r in self.ranks for _ in range(self.copies))

    @property
    def size(self) -> int:
        return len(self.ranks) * len(self.suits) * self.copies


class Termination(StrEnum):
    """Why a match ended, in the manner of python-chess's ``Termination``."""

    DEALS_PLAYED = "deals_played"  # every deal of a fixed-length match was played
    TARGET_REACHED = "target_reached"  # a seat or team reached the score that wins
    CLAIM = "claim"  # a side claimed the game: won if right, lost if wrong


@dataclass(frozen=True, slots=True)
class Outcome:
    termination: Termination
    winners: tuple[int, ...]
    """Seats sharing the win; for partnership games, every seat of the winning team."""


@dataclass(frozen=True, slots=True)
class ScoredDeal:
    """One finished deal as the scoresheet keeps it: the score of each seat that settles
    (``None`` for a seat that took no part), and the game's own detail (JSON)."""

    number: int
    dealer: int
    scores: tuple[int | None, ...]
    detail: Mapping[str, Any] = field(default_factory=dict)


class RecordFormatError(ValueError):
    """The document is not a game record at all (validation exit status 2)."""


class RecordError(ValueError):
    """The record breaks a rule. ``deal`` and ``play`` count from 1 where they apply."""

    def __init__(self, message: str, deal: int | None = None, play: int | None = None) -> None:
        self.rule = message
        self.deal = deal
        self.play = play
        where = []
        if deal is not None:
            where.append(f"deal {deal}")
        if play is not None:
            where.append(f"play {play}")
        super().__init__(f"{', '.join(where)}: {message}" if where else message)


@dataclass
class Validation:
    """What a validator says of one record. ``deals`` is the game's own summary per deal
    (Bismarck: tricks and scores)."""

    valid: bool
    error: str | None = None
    deals: list[dict[str, Any]] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)

    def to_json(self, file: str) -> dict[str, Any]:
        if not self.valid:
            return {"file": file, "valid": False, "error": self.error}
        return {
            "file": file,
            "valid": True,
            "deals": self.deals,
            "totals": self.totals,
            "winners": self.winners,
        }


@dataclass(frozen=True)
class Records:
    """A game's part of the ``kortbord-record/1`` format: its deal body (records.py keeps
    the envelope)."""

    export: Callable[[Any, Sequence[str], int | None, bool], dict[str, Any]]
    """``(state, players, seat, whole)``: the record; ``whole`` gives every card, otherwise
    only what ``seat`` (``None``: a spectator) may see of a running match."""
    replay: Callable[[Sequence[str], Options, Mapping[str, Any]], Any]
    """``(players, options, doc)``: the state the record's deals lead to, or
    :class:`RecordError`."""
    validate: Callable[[Sequence[str], Options, Mapping[str, Any]], Validation]
    """Replay and check the derived fields a record states; :class:`RecordError` is caught
    and reported in the :class:`Validation`."""
    dealt_pack: Callable[[Any, int], list[Card]]
    """``(state, index)``: what deal ``index`` (from 0) of the state dealt, as a pack that
    deals it; two deals that gave the same cards to the same places give the same list. A
    verifier of a fair deal compares the record's deal with the seeds' (docs/fairness.md)."""


@dataclass(frozen=True)
class Game:
    """A game as data plus pure functions. The state's own type is the game's business;
    here it is ``Any``, and it must satisfy :class:`GameState`."""

    name: str
    """Identifier in rooms, records and URLs (``bismarck``, ``sixty_six``)."""
    title: str
    seat_counts: tuple[int, ...]
    pack: Pack
    new_match: Callable[[int, Options, int], Any]
    """``(seats, options, first_dealer)``: a match waiting for its first chance step."""
    parse_action: Callable[[object], Action]
    chance: Callable[[Any, random.Random], Action]
    """The table's next chance action (a shuffle) for this state: in every game, ``deal:``
    and the pack in the order it is dealt (:meth:`deal`)."""
    view: Callable[[Any, int | None, View | None, Any], View]
    """``(state, seat, public, cache)``: what ``seat`` (``None``: a spectator) may see.
    ``public`` is the spectator view of the same state, when the caller has it; ``cache``
    is what ``new_view_cache`` made for this match."""
    legal: Callable[[Any, int], dict[str, Any] | None]
    """``(state, seat)``: what ``seat`` may do now in the shape views carry, ``None`` for
    nothing: ``{"kind", "actions": [text, ...]}``, or a choice of cards by position,
    ``{"kind", "count", "from": [card, ...]}``, answered ``kind:card,card,...``."""
    scored_deals: Callable[[Any, int], list[ScoredDeal]]
    """``(state, start)``: the scored deals from index ``start`` on."""
    scoresheet: Callable[[int, Options, Sequence[ScoredDeal]], dict[str, Any]]
    """``(seats, options, deals)``: the scoresheet as clients draw it, from the scored
    deals alone, so that a live match and a stored one read the same."""
    deals_total: Callable[[int, Options], int | None]
    """Deals in a match, or ``None`` when it ends on a score instead."""
    outcome: Callable[[Any], Outcome | None]
    records: Records
    options: tuple[Option, ...] = ()
    default_seats: int = 0
    """The seat count a new room gets unless told; 0 means the smallest."""
    new_view_cache: Callable[[], Any] = lambda: None
    stable_view_keys: tuple[str, ...] = ()
    """Top-level view keys whose values stay the very same objects from one scored deal to
    the next (with the view cache), so a room may encode them once."""
    growing_deal_keys: tuple[str, ...] = ()
    """Keys of the view's ``deal`` holding a list that only grows during a deal, its items
    the very same objects (with the view cache): a room encodes only the new items."""
    hidden_cards: Callable[[Any, int | None], list[Card]] | None = None
    """The cards ``seat`` has not seen in the deal in progress, by the rules, as the
    conformance suite re-deals them (OpenSpiel's information-set test)."""
    resample: Callable[[View, random.Random], Any] | None = None
    """A state of the deal in progress consistent with a seat's view, its hidden cards
    dealt anew, uniformly among those that fit (OpenSpiel's ``ResampleFromInfostate``):
    for the strong bots' sampling, and tested against ``view``."""
    deal_sum: int | None = None
    """What the scores of every scored deal sum to, when the game fixes it (zero-sum)."""
    summary: str = ""
    """One line saying what the game is, in English (translations live with the browser
    panel)."""
    partnerships: bool = False
    """Played in two fixed partnerships, partners opposite (:meth:`teams`). Scores stay per
    seat, each partner carrying the team's score, so storage and history need nothing more."""
    paper: Paper | None = None
    """How a match played with real cards is entered and scored deal by deal, for games a
    table may keep on paper (``app/engine/paper.py``)."""
    hand_positions: Callable[[int, Options], tuple[tuple[int, ...], ...]] | None = None
    """``(seats, options)``: for the seat ``k`` places after the dealer (``k = 0``: the
    dealer), the positions in the pack as dealt (0: its top card) of the cards that seat is
    dealt into its hand, empty for a seat dealt none. The same at every deal whoever deals,
    so that a player's browser, knowing the dealer, checks the cards it was dealt against
    the pack a deal's seeds give (docs/fairness.md). The hand as first shown holds each of
    them (it may hold more, such as open cards taken up before it is shown)."""
    short_match: Mapping[str, OptionValue] = field(default_factory=dict)
    """Option values under which a match of random play ends soon (a low target, a losing
    floor), for games whose default match may never end when nobody plays well: the
    conformance suite and the random-game tests play with them."""

    def __post_init__(self) -> None:
        if not self.seat_counts:
            raise ValueError(f"{self.name}: a game needs a seat count")
        names = [o.name for o in self.options]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.name}: two options share a name")

    def teams(self, seats: int) -> tuple[tuple[int, ...], ...] | None:
        """The partnerships at a table of ``seats``, each a tuple of seats, or ``None`` for a
        game every seat plays for itself. Partners sit opposite: at four seats ``((0, 2),
        (1, 3))``. The host's seat order therefore chooses the partnerships."""
        if not self.partnerships:
            return None
        return partnerships(seats)

    def deal(self, order: Sequence[Card]) -> Action:
        """The chance action that deals the pack in ``order`` (a permutation of
        :attr:`pack`'s cards): how a shuffle made elsewhere, such as a verifiable one
        (:mod:`app.engine.fairness`), becomes this game's deal."""
        return self.parse_action("deal:" + ",".join(order))

    @property
    def seats_default(self) -> int:
        return self.default_seats or min(self.seat_counts)

    @property
    def seat_counts_text(self) -> str:
        """The seat counts in English: ``2``, ``3 or 4``, ``3, 4 or 5``."""
        return counts_text(self.seat_counts)

    def resolve_options(self, given: Mapping[str, object] | None = None) -> dict[str, OptionValue]:
        """Every option with its value: ``given`` checked, the defaults for the rest."""
        return resolve_options_of(self.options, given, self.title)

    def non_default(self, options: Options) -> dict[str, OptionValue]:
        """The options that differ from their defaults: with the name, a match's identity."""
        return {o.name: options[o.name] for o in self.options if options[o.name] != o.default}

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "summary": self.summary,
            "seats": list(self.seat_counts),
            "default_seats": self.seats_default,
            "options": [o.to_json() for o in self.options],
            "partnerships": self.partnerships,
            "paper": self.paper is not None,
        }


def resolve_options_of(
    options: Sequence[Option], given: Mapping[str, object] | None, title: str
) -> dict[str, OptionValue]:
    """Every one of ``options`` with its value: ``given`` checked, the defaults for the rest
    (a game's state resolves its options with this before its ``Game`` exists)."""
    known = {o.name: o for o in options}
    out = {o.name: o.default for o in options}
    for name, value in (given or {}).items():
        option = known.get(name)
        if option is None:
            raise OptionError("unknown_option", f"{title} has no option {name[:40]!r}", name[:40])
        out[name] = option.check(value)
    return out


def record_envelope(
    name: str, players: Sequence[str], changed: Mapping[str, OptionValue]
) -> dict[str, Any]:
    """The fields every game record starts with (docs/records.md): the format, the game,
    the players and, when any differ from their defaults, the options (``changed``)."""
    out: dict[str, Any] = {"format": RECORD_FORMAT, "game": name, "players": list(players)}
    if changed:
        out["options"] = dict(changed)
    return out


def same_json(stated: object, derived: object) -> bool:
    """Equal as JSON: Python's ``True == 1 == 1.0`` must not let a stated ``true`` pass for
    a derived count."""
    return json.dumps(stated) == json.dumps(derived)


def check_standing(doc: Mapping[str, Any], totals: Sequence[int], winners: Sequence[int]) -> None:
    """Raise :class:`RecordError` when a record states ``totals`` or ``winners`` other than
    those its deals give (both optional in the record)."""
    stated = doc.get("totals")
    if stated is not None and not same_json(stated, list(totals)):
        raise RecordError(f"totals are stated as {stated} but the deals give {list(totals)}")
    stated = doc.get("winners")
    if stated is not None and not same_json(stated, list(winners)):
        raise RecordError(f"winners are stated as {stated} but the totals give {list(winners)}")


def counts_text(counts: Sequence[int]) -> str:
    """Seat counts in English: ``2``, ``3 or 4``, ``3, 4 or 5``."""
    words = [str(n) for n in counts]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"
