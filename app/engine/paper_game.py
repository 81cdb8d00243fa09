"""A match kept on paper, as a game of its own: what a *paper room* plays.

:func:`paper_game` makes, from a game that has a :class:`~app.engine.paper.Paper`, a
:class:`~app.engine.game.Game` whose match deals nothing and whose actions are the players'
entries: ``enter:<entry JSON>`` scores the next deal, ``amend:<entry JSON>`` scores the last
one again in place of what was entered, and ``close`` ends a match whose every deal is
entered (the table may still correct the last deal until then). Any seated player may take
any of them, so the match never waits for a seat: ``to_act`` is always ``None``.

Everything else is the game's own: its name, seats, options, scoresheet, number of deals and
partnerships. The room layer plays a paper match as it plays any other (its log, versions,
broadcast, restart, history and CSV work unchanged), and the store keeps its scored deals in
the same rows as a deal played here. See docs/engine.md §2.8.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from copy import deepcopy
from typing import Any, Final

from .actions import Action, split_action
from .cards import Card
from .errors import ActionError, IllegalAction, MalformedAction
from .game import (
    Game,
    Options,
    Outcome,
    RecordError,
    Records,
    ScoredDeal,
    Termination,
    Validation,
    View,
    check_standing,
    record_envelope,
    same_json,
)
from .paper import CHOICE, Paper, PaperDeal
from .paper_entry import read_entry

ENTER: Final = "enter"
AMEND: Final = "amend"
CLOSE: Final = "close"

ENTERING: Final = "enter"
"""Phase: the next deal's entry is awaited."""
CONFIRMING: Final = "confirm"
"""Phase: every deal is entered; the last may still be corrected before the match closes."""
OVER: Final = "match_over"


class PaperMatch:
    """The scored deals of a match played with real cards, entry by entry."""

    def __init__(
        self, game: Game, paper: Paper, seats: int, options: Options, first_dealer: int
    ) -> None:
        if seats not in game.seat_counts:
            raise ValueError(f"{game.title} is played by {game.seat_counts_text}")
        self.game = game
        self.paper = paper
        self._seats = seats
        self.options = dict(options)
        self._first_dealer = first_dealer
        self.deals: list[ScoredDeal] = []
        self.entries: list[dict[str, Any]] = []
        """Each deal's entry as it stands (an amended deal's last entry)."""
        self.entered_by: list[int] = []
        self.amendments: list[int] = []
        """How many times each deal was corrected."""
        self.closed = False
        self.version = 0
        """Counts the changes: a view cache keys on it."""
        self._form: tuple[int, PaperDeal | None] | None = None

    # -- GameState -------------------------------------------------------------------------

    @property
    def seats(self) -> int:
        return self._seats

    @property
    def to_act(self) -> int | None:
        # every seated player may enter, so the match waits for no seat in particular
        return None

    @property
    def is_over(self) -> bool:
        return self.closed

    @property
    def totals(self) -> list[int]:
        return [sum(d.scores[s] or 0 for d in self.deals) for s in range(self._seats)]

    @property
    def first_dealer(self) -> int:
        return self._first_dealer

    @property
    def deals_played(self) -> int:
        return len(self.deals)

    def form(self) -> PaperDeal | None:
        """The next deal to enter, ``None`` when every deal is."""
        if self._form is None or self._form[0] != self.version:
            deal = self.paper.next_deal(self._seats, self.options, self._first_dealer, self.deals)
            self._form = (self.version, deal)
        return self._form[1]

    def form_of_last(self) -> PaperDeal:
        """The form the last deal entered was entered on: what a correction of it fills in."""
        deal = self.paper.next_deal(self._seats, self.options, self._first_dealer, self.deals[:-1])
        assert deal is not None, "a deal was entered on it"
        return deal

    def phase(self) -> str:
        if self.closed:
            return OVER
        return ENTERING if self.form() is not None else CONFIRMING

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """``close`` when it is the thing left to do; an entry is not one of a list."""
        if seat is None or self.phase() != CONFIRMING:
            return []
        return [Action(CLOSE)]

    def check(self, seat: int, action: Action) -> int | None:
        self._scored(seat, action)
        return None

    def apply(self, seat: int, action: Action) -> None:
        scored = self._scored(seat, action)
        if action.kind == CLOSE:
            self.closed = True
        elif action.kind == ENTER:
            assert scored is not None
            self.deals.append(scored)
            self.entries.append(read_entry(action.arg))
            self.entered_by.append(seat)
            self.amendments.append(0)
        else:
            assert scored is not None
            self.deals[-1] = scored
            self.entries[-1] = read_entry(action.arg)
            self.entered_by[-1] = seat
            self.amendments[-1] += 1
        self.version += 1

    def clone(self) -> PaperMatch:
        twin = PaperMatch(self.game, self.paper, self._seats, self.options, self._first_dealer)
        twin.deals = list(self.deals)
        twin.entries = deepcopy(self.entries)
        twin.entered_by = list(self.entered_by)
        twin.amendments = list(self.amendments)
        twin.closed = self.closed
        twin.version = self.version
        return twin

    def _scored(self, seat: int, action: Action) -> ScoredDeal | None:
        """What ``action`` scores (``None`` for ``close``), or the refusal; changes nothing."""
        if not 0 <= seat < self._seats:
            raise IllegalAction("not_your_turn", "a seated player enters the deals")
        if self.closed:
            raise IllegalAction("match_over", "the match is over")
        if action.kind == CLOSE:
            if self.form() is not None:
                raise IllegalAction(
                    "paper_deals_left", "the match closes once every deal is entered"
                )
            return None
        entry = read_entry(action.arg)
        if action.kind == ENTER:
            form, before = self.form(), self.deals
            if form is None:
                raise IllegalAction(
                    "paper_all_entered",
                    "every deal is entered: correct the last one or close the match",
                )
        elif not self.deals:
            raise IllegalAction("paper_nothing_to_amend", "no deal is entered yet")
        else:
            form, before = self.form_of_last(), self.deals[:-1]
        _one_per_seat(form, entry, self._seats)
        return self.paper.score(self._seats, self.options, self._first_dealer, before, entry)


def _one_per_seat(form: PaperDeal, entry: Mapping[str, Any], seats: int) -> None:
    """A per-seat value is a list of one item per table seat. The form's own check
    (``paper.checked``) knows the seats that enter a value, not how many sit at the table,
    and a game scores every seat of the lists it is given."""
    for spec in form.fields:
        given = entry.get(spec.key)
        if spec.kind != CHOICE and isinstance(given, list) and len(given) != seats:
            raise IllegalAction(
                "paper_bad_value",
                f"{spec.key} is a list with a value for each of the {seats} seats",
                {"field": spec.key},
            )


def parse_action(text: object) -> Action:
    """``enter:<entry>``, ``amend:<entry>`` (the entry a JSON object, written back compact)
    or ``close``."""
    action = split_action(text)
    if action.kind == CLOSE:
        if action.arg:
            raise MalformedAction("close takes nothing")
        return action
    if action.kind not in (ENTER, AMEND):
        raise MalformedAction(
            f"a paper match takes enter, amend or close, not {action.kind[:20]!r}"
        )
    # the entry's JSON as strictly as the wire's own (paper_bad_json otherwise)
    return Action(action.kind, _compact(read_entry(action.arg)))


def _compact(entry: Mapping[str, Any]) -> str:
    return json.dumps(entry, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def highest_totals(game: Game, state: PaperMatch) -> Outcome:
    """Who wins when the deals are all entered: the seats with the highest total (every
    partner of a partnership carries the team's), the game's usual reckoning."""
    totals = state.totals
    best = max(totals)
    fixed = game.deals_total(state.seats, state.options) is not None
    termination = Termination.DEALS_PLAYED if fixed else Termination.TARGET_REACHED
    return Outcome(termination, tuple(s for s, t in enumerate(totals) if t == best))


# -- records -------------------------------------------------------------------------------


def _export(game: Game) -> Any:
    def export(
        state: PaperMatch, players: Sequence[str], seat: int | None, whole: bool
    ) -> dict[str, Any]:
        # nothing of a paper match is hidden: every seat enters and sees every deal
        record = record_envelope(game.name, players, game.non_default(state.options))
        record["paper"] = True
        record["first_dealer"] = state.first_dealer
        record["deals"] = [
            {"number": d.number, "dealer": d.dealer, "entry": entry, "scores": list(d.scores)}
            for d, entry in zip(state.deals, state.entries, strict=True)
        ]
        record["totals"] = state.totals
        outcome = _outcome_of(game, state)
        if outcome is not None:
            record["winners"] = list(outcome.winners)
        return record

    return export


def _replay(game: Game, paper: Paper) -> Any:
    def replay(players: Sequence[str], options: Options, doc: Mapping[str, Any]) -> PaperMatch:
        first = doc.get("first_dealer")
        seats = len(players)
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < seats:
            raise RecordError(f"'first_dealer' is a seat, 0 to {seats - 1}")
        state = PaperMatch(game, paper, seats, options, first)
        for number, deal in enumerate(doc["deals"], start=1):
            if not isinstance(deal, Mapping) or not isinstance(deal.get("entry"), Mapping):
                raise RecordError("a paper deal is an object with its 'entry'", deal=number)
            try:
                action = parse_action(f"{ENTER}:{_compact(deal['entry'])}")
                state.apply(0, action)
            except (ActionError, ValueError, TypeError, RecursionError) as refused:
                raise RecordError(str(refused), deal=number) from None
            stated = deal.get("scores")
            if stated is not None and not same_json(stated, list(state.deals[-1].scores)):
                raise RecordError(
                    f"'scores' {stated} where the entry scores {list(state.deals[-1].scores)}",
                    deal=number,
                )
        if state.form() is None:
            state.apply(0, Action(CLOSE))
        return state

    return replay


def _validate(game: Game, paper: Paper) -> Any:
    replay = _replay(game, paper)

    def validate(players: Sequence[str], options: Options, doc: Mapping[str, Any]) -> Validation:
        try:
            state = replay(players, options, doc)
            outcome = _outcome_of(game, state)
            winners = list(outcome.winners) if outcome is not None else []
            check_standing(doc, state.totals, winners)
        except RecordError as broken:
            return Validation(valid=False, error=str(broken))
        deals = [
            {"number": d.number, "dealer": d.dealer, "scores": list(d.scores)} for d in state.deals
        ]
        return Validation(valid=True, deals=deals, totals=state.totals, winners=winners)

    return validate


def _outcome_of(game: Game, state: PaperMatch) -> Outcome | None:
    if not state.is_over:
        return None
    paper = state.paper
    if paper.outcome is not None:
        return paper.outcome(state.seats, state.options, state.deals)
    return highest_totals(game, state)


# -- the game ------------------------------------------------------------------------------

_MADE: dict[str, Game] = {}


def paper_game(game: Game) -> Game:
    """``game`` kept on paper; :class:`ValueError` for a game that cannot be."""
    made = _MADE.get(game.name)
    if made is not None:
        return made
    paper = game.paper
    if paper is None:
        raise ValueError(f"{game.title} is not kept on paper")

    def new_match(seats: int, options: Options, first_dealer: int) -> PaperMatch:
        return PaperMatch(game, paper, seats, options, first_dealer)

    def chance(state: PaperMatch, rng: random.Random) -> Action:
        raise ValueError("a match kept on paper deals nothing")

    def legal(state: PaperMatch, seat: int) -> dict[str, Any] | None:
        actions = state.legal_actions(seat)
        return {"kind": CLOSE, "actions": [str(a) for a in actions]} if actions else None

    def view(state: PaperMatch, seat: int | None, public: View | None, cache: Any) -> View:
        shown = public if public is not None else _public_view(game, state, cache)
        return {**shown, "seat": seat, "legal": None if seat is None else legal(state, seat)}

    def scored_deals(state: PaperMatch, start: int) -> list[ScoredDeal]:
        return state.deals[start:]

    def dealt_pack(state: PaperMatch, index: int) -> list[Card]:
        raise ValueError("a match kept on paper deals nothing")

    made = Game(
        name=game.name,
        title=game.title,
        seat_counts=game.seat_counts,
        pack=game.pack,
        new_match=new_match,
        parse_action=parse_action,
        chance=chance,
        view=view,
        legal=legal,
        scored_deals=scored_deals,
        scoresheet=game.scoresheet,
        deals_total=game.deals_total,
        outcome=lambda state: _outcome_of(game, state),
        records=Records(
            export=_export(game),
            replay=_replay(game, paper),
            validate=_validate(game, paper),
            dealt_pack=dealt_pack,
        ),
        options=game.options,
        default_seats=game.default_seats,
        new_view_cache=_ViewCache,
        summary=game.summary,
        partnerships=game.partnerships,
        deal_sum=game.deal_sum,
        short_match=game.short_match,
    )
    _MADE[game.name] = made
    return made


class _ViewCache:
    """The view of the last version shown: every seat sees the same, so it is made once."""

    def __init__(self) -> None:
        self.version = -1
        self.view: View = {}


def _public_view(game: Game, state: PaperMatch, cache: Any) -> View:
    if isinstance(cache, _ViewCache) and cache.version == state.version:
        return cache.view
    form = state.form()
    last = None
    if state.deals:
        deal = state.deals[-1]
        last = {
            "number": deal.number,
            "dealer": deal.dealer,
            "entry": state.entries[-1],
            "scores": list(deal.scores),
            "entered_by": state.entered_by[-1],
            "amendments": state.amendments[-1],
            # the form that deal was entered on, to correct it with (its forehand's
            # contracts, its seats), whatever deal comes next
            "form": state.form_of_last().as_json(),
        }
    outcome = _outcome_of(game, state)
    shown: View = {
        "game": game.name,
        "paper": True,
        "phase": state.phase(),
        "to_act": None,
        "legal": None,
        "seats": state.seats,
        "first_dealer": state.first_dealer,
        "deals_played": state.deals_played,
        "deals_total": game.deals_total(state.seats, state.options),
        "totals": state.totals,
        "winners": list(outcome.winners) if outcome is not None else None,
        "scoresheet": game.scoresheet(state.seats, state.options, state.deals),
        "form": form.as_json() if form is not None else None,
        "last": last,
    }
    if isinstance(cache, _ViewCache):
        cache.version, cache.view = state.version, shown
    return shown
