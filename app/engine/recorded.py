"""What every game's record module shares when it writes a record or replays its deals
through the game's own state: the record around the deals, the dealers, the numbered deals,
the ``[seat, text]`` pairs of a deal's actions, the derived fields a record may state, the
sentences for the refusals all trick games have, and the validation verdict. A game keeps
its deal body (docs/records.md); this keeps how any body is written and judged alike.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from .actions import Action
from .cards import SUIT_NAMES
from .errors import IllegalAction, MalformedAction
from .game import OptionValue, RecordError, Validation, check_standing, record_envelope, same_json
from .words import with_article


class Replayed(Protocol):
    @property
    def totals(self) -> list[int]: ...

    def winners(self) -> list[int]: ...

    def apply(self, seat: int, action: Action) -> None: ...


class Ending(Replayed, Protocol):
    @property
    def is_over(self) -> bool: ...


D_co = TypeVar("D_co", covariant=True)


class Exported(Protocol[D_co]):
    @property
    def seats(self) -> int: ...

    @property
    def deals(self) -> Sequence[D_co]: ...

    @property
    def totals(self) -> list[int]: ...

    @property
    def is_over(self) -> bool: ...

    def winners(self) -> list[int]: ...


S = TypeVar("S", bound=Replayed)
E = TypeVar("E", bound=Ending)
D = TypeVar("D")
Explain = Callable[[int, str, IllegalAction], str]
"""``(seat, kind, refusal)``: the broken rule in a sentence naming the player."""


def is_seat(value: object, seats: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < seats


def deals_of(doc: Mapping[str, Any]) -> list[Any]:
    deals = doc.get("deals")
    if not isinstance(deals, list):
        raise RecordError("'deals' must be a list")
    return deals


def exported(
    state: Exported[D],
    players: Sequence[str],
    name: str,
    changed: Mapping[str, OptionValue],
    whole: bool,
    entry: Callable[[D], dict[str, Any] | None],
) -> dict[str, Any]:
    """The record of ``state``: the envelope, ``entry`` of each deal (``None``: left out),
    the totals, and the winners when the record is ``whole`` and the match over."""
    if len(players) != state.seats:
        raise ValueError("one name per seat")
    deals = [e for e in map(entry, state.deals) if e is not None]
    record = record_envelope(name, players, changed)
    record["deals"] = deals
    record["totals"] = list(state.totals)
    if whole and state.is_over:
        record["winners"] = state.winners()
    return record


PASSES_LEFT = "the deal passes to the left"
"""Who deals next in most games, as :func:`opened_deal` says it."""


def _dealer_rule(seats: int) -> str:
    if seats == 2:
        return "dealer must be seat 0 or 1"
    return f"dealer must be a seat from 0 to {seats - 1}"


def first_dealer(deals: Sequence[Any], seats: int) -> int:
    """The first deal's dealer; seat 0 for a record with no deal."""
    first = deals[0].get("dealer") if deals and isinstance(deals[0], dict) else 0
    if not is_seat(first, seats):
        raise RecordError(_dealer_rule(seats), 1)
    assert isinstance(first, int)
    return first


def replay_deals(
    state: E, deals: Sequence[Any], over: str, deal: Callable[[E, object, int, bool], None]
) -> E:
    """``state`` after ``deal(state, d, k, last)`` of each of a record's deals ``d``, ``k``
    its number from 1; :class:`RecordError` for a deal after the match ended (``over``
    says how it ended)."""
    for k, d in enumerate(deals, start=1):
        if state.is_over:
            raise RecordError(f"{over}, yet another deal follows", k)
        deal(state, d, k, k == len(deals))
    return state


def opened_deal(
    d: object, seats: int, next_dealer: int, why: str, k: int
) -> tuple[dict[str, Any], int]:
    """Deal ``k`` as a JSON object, and its dealer, who must be ``next_dealer`` (``why``:
    the rule that says so)."""
    if not isinstance(d, dict):
        raise RecordError("a deal is a JSON object", k)
    dealer = d.get("dealer")
    if not is_seat(dealer, seats):
        raise RecordError(_dealer_rule(seats), k)
    if dealer != next_dealer:
        raise RecordError(f"dealer is seat {dealer} but seat {next_dealer} deals: {why}", k)
    assert isinstance(dealer, int)
    return d, dealer


def suit_word(suit: object) -> str:
    return SUIT_NAMES.get(str(suit), str(suit))


def play_actions(
    state: S,
    finished: Callable[[], bool],
    actions: object,
    seats: int,
    parse: Callable[[object], Action],
    title: str,
    explain: Explain,
    k: int,
) -> None:
    """Apply a deal's recorded ``actions`` to ``state``; :class:`RecordError` for the first
    that is no pair, no action of the game, refused by its rules, or after the deal ended."""
    if not isinstance(actions, list):
        raise RecordError("actions must be a list of [seat, action] pairs", k)
    seat_text = "seat 0 or 1" if seats == 2 else "a seat of the table"
    for p, item in enumerate(actions, start=1):
        if finished():
            raise RecordError(f"the deal ended with action {p - 1}, yet more actions follow", k, p)
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not is_seat(item[0], seats)
            or not isinstance(item[1], str)
        ):
            raise RecordError(f"an action is a pair [seat, text] with {seat_text}", k, p)
        seat, text = item
        try:
            action = parse(text)
        except MalformedAction:
            raise RecordError(f"{text[:40]!r} is not {with_article(title)} action", k, p) from None
        try:
            state.apply(seat, action)
        except IllegalAction as refused:
            raise RecordError(explain(seat, action.kind, refused), k, p) from None


def end_of_deal(
    finished: bool,
    last: bool,
    stated: Mapping[str, Any],
    derived: Mapping[str, Any],
    k: int,
    verb: str = "is",
) -> None:
    """A deal that is not the record's last must be over, and every derived field the record
    states must be the one its cards and actions give (``verb``: "is", or "are" where a game
    says its fields in the plural)."""
    if not finished and not last:
        raise RecordError("the deal is unfinished, yet another deal follows", k)
    for name, value in derived.items():
        if name in stated and not same_json(stated[name], value):
            raise RecordError(
                f"{name} {verb} stated as {stated[name]} but the cards give {value}", k
            )


def explain_play(who: str, refused: IllegalAction, to_act: str | None) -> str | None:
    """The refusals every trick game has, in a sentence; ``None`` for a game's own."""
    detail = refused.detail
    code = refused.code
    if code == "not_your_turn" and to_act is not None:
        return f"{who} acts out of turn: {to_act} is to act"
    if code == "card_not_in_hand":
        return f"{who} does not hold {detail['card']}"
    if code == "must_follow_suit":
        return f"{who} holds a {suit_word(detail['suit'])} and must follow suit"
    if code == "must_trump":
        return f"{who} holds no {suit_word(detail['suit'])} but a trump, and must play it"
    return None


def verdict(
    replay: Callable[[], S],
    doc: Mapping[str, Any],
    summary: Callable[[S], Sequence[dict[str, Any]]],
    standing: Callable[[S], list[int]] | None = None,
) -> Validation:
    """Replay a record and check its standing: the verdict, with ``summary`` per deal
    (``standing``: the winners the record states, the state's by default)."""
    try:
        state = replay()
        winners = state.winners() if standing is None else standing(state)
        check_standing(doc, state.totals, winners)
    except RecordError as broken:
        return Validation(valid=False, error=str(broken))
    return Validation(
        valid=True, deals=list(summary(state)), totals=list(state.totals), winners=winners
    )
