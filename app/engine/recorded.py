"""What every game's record module shares when it replays a record's deals through the
game's own state: the ``[seat, text]`` pairs of a deal's actions, the derived fields a record
may state, the sentences for the refusals all trick games have, and the validation verdict.
A game keeps its deal body (docs/records.md); this keeps how any body is judged alike.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from .actions import Action
from .cards import SUIT_NAMES
from .errors import IllegalAction, MalformedAction
from .game import RecordError, Validation, check_standing, same_json


class Replayed(Protocol):
    @property
    def totals(self) -> list[int]: ...

    def winners(self) -> list[int]: ...

    def apply(self, seat: int, action: Action) -> None: ...


S = TypeVar("S", bound=Replayed)
Explain = Callable[[int, str, IllegalAction], str]
"""``(seat, kind, refusal)``: the broken rule in a sentence naming the player."""


def is_seat(value: object, seats: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < seats


def deals_of(doc: Mapping[str, Any]) -> list[Any]:
    deals = doc.get("deals")
    if not isinstance(deals, list):
        raise RecordError("'deals' must be a list")
    return deals


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
            raise RecordError(f"{text[:40]!r} is not a {title} action", k, p) from None
        try:
            state.apply(seat, action)
        except IllegalAction as refused:
            raise RecordError(explain(seat, action.kind, refused), k, p) from None


def end_of_deal(
    finished: bool, last: bool, stated: Mapping[str, Any], derived: Mapping[str, Any], k: int
) -> None:
    """A deal that is not the record's last must be over, and every derived field the record
    states must be the one its cards and actions give."""
    if not finished and not last:
        raise RecordError("the deal is unfinished, yet another deal follows", k)
    for name, value in derived.items():
        if name in stated and not same_json(stated[name], value):
            raise RecordError(f"{name} is stated as {stated[name]} but the cards give {value}", k)


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
) -> Validation:
    """Replay a record and check its standing: the verdict, with ``summary`` per deal."""
    try:
        state = replay()
        winners = state.winners()
        check_standing(doc, state.totals, winners)
    except RecordError as broken:
        return Validation(valid=False, error=str(broken))
    return Validation(
        valid=True, deals=list(summary(state)), totals=list(state.totals), winners=winners
    )
