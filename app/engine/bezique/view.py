"""What one seat, or a spectator, may see of a bezique match (rubicon or Chinese).

Every byte about a match that leaves the server passes through :func:`view`, an allow-list.
Public: both tables by position (declared cards lie face up, rubicon §7.2), every
declaration scored and every one pending, the carte blanche shown, every card played, the
actions taken (each was seen by both players), the stock's size, the trumps and the points.
A seat adds its own concealed hand, the hand it was dealt and the cards it drew. Never
shown: the other concealed hand (only its size, and the cards of it the table has seen) and
the stock's cards or order.

The cards of a concealed hand the table has seen (:class:`Course`) are read from the public
course of the deal alone, never from which physical copy the state moved: of two identical
cards, one seen and one not, nobody can tell which was played, so a card played or laid out
from the concealed hand is taken to be a seen one when there is one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from .. import view_cache
from ..cards import Card
from ..game import TABLE, View
from .combinations import Combination
from .deal import Deal, Declaration, Shown, Trick
from .declarations import is_intact, parse_declaration
from .holding import Holding, split_card_argument
from .sheet import deal_detail, declaration_json, scored_deals, scoresheet, shown_json, sort_codes
from .state import Match
from .variant import COURT, Variant

ActionLog = Sequence[tuple[int, str]]


class Course:
    """What the whole table has seen of a deal so far, read from its actions and the carte
    blanche shown, one action at a time (:meth:`advance` takes up where it stopped).

    ``known`` holds, per seat, the cards of its concealed hand the table has seen: shown by
    carte blanche, or taken up from the table at the end of the stock. ``revealed`` holds,
    per seat, each card that came out of the concealed hand unseen before (played or laid
    out), with the trick by which the player must have held it: a card drawn after trick
    ``k`` can be one of them only if ``k`` is smaller (the resampler's deadlines).
    """

    __slots__ = (
        "done",
        "known",
        "plays",
        "revealed",
        "rounds",
        "shows_done",
        "started",
        "stock_tricks",
        "tables",
        "tricks",
    )

    def __init__(self, variant: Variant) -> None:
        self.stock_tricks = variant.stock_tricks
        self.known: list[Counter[Card]] = [Counter(), Counter()]
        self.tables: list[list[Card]] = [[], []]
        self.revealed: list[list[tuple[Card, int]]] = [[], []]
        self.tricks = 0
        self.plays = 0
        self.rounds = 0
        """Draws after a trick (both players draw in one round)."""
        self.done = 0
        """Actions read so far."""
        self.shows_done = 0
        self.started = False

    def advance(self, actions: ActionLog, shown: Sequence[Shown]) -> None:
        """Read the actions after those already read; ``shown`` is every carte blanche
        shown so far, in the order shown."""
        if not self.started:
            self.started = True
            self._show(shown, 0)
        for seat, text in actions[self.done :]:
            kind, _, arg = text.partition(":")
            if kind == "play":
                self._play(seat, arg)
            else:
                if kind == "declare":
                    self._lay_out(seat, arg)
                self._draw(shown)
        self.done = len(actions)

    def _from_concealed(self, seat: int, code: Card, by: int) -> None:
        known = self.known[seat]
        if known[code] > 0:
            known[code] -= 1
            if not known[code]:
                del known[code]
        else:
            self.revealed[seat].append((code, by))

    def _play(self, seat: int, arg: str) -> None:
        code, position = split_card_argument(arg)
        if position is None:
            self._from_concealed(seat, code, self.tricks + 1)
        else:
            del self.tables[seat][position]
        self.plays += 1
        if self.plays % 2 == 0:
            self.tricks += 1

    def _lay_out(self, seat: int, arg: str) -> None:
        request = parse_declaration(arg)
        laid = [code for code, position in request.items if position is None]
        laid.extend(request.extras)
        for code in laid:
            # held before the draw after this trick: drawn after an earlier one at the latest
            self._from_concealed(seat, code, self.tricks)
        self.tables[seat].extend(laid)

    def _draw(self, shown: Sequence[Shown]) -> None:
        self.rounds += 1
        self._show(shown, self.tricks)
        if self.rounds == self.stock_tricks:
            for seat in (0, 1):
                self.known[seat].update(self.tables[seat])
                self.tables[seat] = []

    def _show(self, shown: Sequence[Shown], after: int) -> None:
        while self.shows_done < len(shown) and shown[self.shows_done].after == after:
            entry = shown[self.shows_done]
            self.known[entry.seat].update(entry.cards)
            self.shows_done += 1


def course_of(deal: Deal) -> Course:
    course = Course(deal.variant)
    course.advance(deal.actions, deal.shown)
    return course


def trick_json(trick: Trick) -> dict[str, Any]:
    seats = (trick.leader, 1 - trick.leader)
    return {
        "leader": trick.leader,
        "winner": trick.winner,
        "cards": [{"seat": s, "card": c} for s, c in zip(seats, trick.cards, strict=True)],
    }


class ViewCache(view_cache.ViewCache[Deal, Trick, Match]):
    """What one match's public view can no longer change (:mod:`app.engine.view_cache`):
    the finished tricks and the actions of the deal in progress, what the table has seen of
    it so far, and what changes only when a deal is scored."""

    __slots__ = ("_actions", "_course", "_course_deal", "_log_deal")

    def __init__(self) -> None:
        super().__init__(lambda _deal, trick: trick_json(trick), _standing)
        self._log_deal: Deal | None = None
        self._actions: list[list[Any]] = []
        self._course_deal: Deal | None = None
        self._course: Course | None = None

    def actions(self, deal: Deal) -> list[list[Any]]:
        """The same list until the next action; a list once handed out never changes."""
        log = deal.actions
        if deal is not self._log_deal or len(self._actions) > len(log):
            self._log_deal, self._actions = deal, []
        if len(self._actions) < len(log):
            done = list(self._actions)
            done.extend([s, t] for s, t in log[len(done) :])
            self._actions = done
        return self._actions

    def course(self, deal: Deal) -> Course:
        course = self._course
        if deal is not self._course_deal or course is None or course.done > len(deal.actions):
            course = self._course = Course(deal.variant)
            self._course_deal = deal
        course.advance(deal.actions, deal.shown)
        return course


def legal(match: Match, seat: int) -> dict[str, Any] | None:
    """What ``seat`` may do now, in the shape every game's views carry: ``declare`` (the
    declarations it may make and ``draw``) after winning a trick while the stock lasts,
    otherwise ``play``. A ``declare`` also lists each declaration with what it would score
    and the trumps it would fix (``declarations``), so that a player sees the value before
    choosing: the browser computes no score."""
    deal = match.current
    if deal is None or seat not in (0, 1) or seat != match.to_act:
        return None
    if deal.deciding is None:
        listed = match.legal(seat)
        return {"kind": "play", "actions": listed} if listed else None
    offered = match.offers(seat)
    return {
        "kind": "declare",
        "actions": [*("declare:" + o.text for o in offered), "draw"],
        "declarations": [offer_json(o.text, o.points, o.fixes_trump) for o in offered],
    }


def offer_json(text: str, points: int, fixes_trump: str | None) -> dict[str, Any]:
    request = parse_declaration(text)
    return {
        "action": "declare:" + text,
        "kind": request.kind.value,
        "cards": [code for code, _ in request.items],
        "positions": [position for _, position in request.items],
        "points": points,
        "fixes_trump": fixes_trump,
    }


def unseen_cards(match: Match, seat: int | None) -> list[Card]:
    """The cards of the deal in progress ``seat`` (``None``: a spectator) has not seen, copy
    for copy: the stock, and the other concealed hands less the cards the table has seen of
    them."""
    deal = match.current
    if deal is None:
        return []
    pack = deal.pack
    hidden = Counter(pack[c] for c in deal.stock.remaining())
    course = course_of(deal)
    for s in (0, 1):
        if s != seat:
            held = Counter(pack[c] for c in deal.holdings[s].concealed)
            hidden.update((held - course.known[s]).elements())
    return sort_codes(hidden.elements())


def hidden_cards(match: Match, seat: int | None) -> list[Card]:
    """The unseen cards (:func:`unseen_cards`) that a re-deal may move, suit for suit,
    without ``seat``'s view telling: the plain ones (aces, tens, nines, eights, sevens).
    Carte blanche tells a court card from a plain one: a dealt hand not shown holds a king,
    queen or jack, and so does the first draw not shown of a player whose carte blanche ran.
    A re-deal that turned an unseen court card into a plain one could show a hand that was
    not shown."""
    return [c for c in unseen_cards(match, seat) if c[0] not in COURT]


def _positions(table: Sequence[int]) -> dict[int, int]:
    return {copy: i for i, copy in enumerate(table)}


def _scored_json(deal: Deal, declaration: Declaration) -> dict[str, Any]:
    """A declaration scored, with whether it is still complete on its owner's table and,
    if so, where its cards lie."""
    out = declaration_json(declaration)
    table = deal.holdings[declaration.seat].table
    intact = is_intact(declaration.combination, table)
    out["intact"] = intact
    if intact:
        at = _positions(table)
        out["positions"] = sorted(at[c] for c in declaration.combination.cards)
    else:
        out["positions"] = None
    return out


def pending_json(deal: Deal, holding: Holding, pending: Combination) -> dict[str, Any]:
    """A pending declaration and the action that scores it for its owner at a trick won."""
    at = _positions(holding.table)
    positions = sorted(at[c] for c in pending.cards)
    items = [f"{deal.pack[holding.table[p]]}@{p}" for p in positions]
    return {
        "kind": pending.kind.value,
        "cards": [deal.pack[holding.table[p]] for p in positions],
        "positions": positions,
        "action": f"declare:{pending.kind.value}:{','.join(items)}",
    }


def _trick_on_table(deal: Deal) -> list[dict[str, Any]]:
    return [{"seat": (deal.leader + i) % 2, "card": deal.pack[c]} for i, c in enumerate(deal.trick)]


def _codes(pack: Sequence[Card], copies: Iterable[int]) -> list[Card]:
    return [pack[c] for c in copies]


def _deal_json(match: Match, deal: Deal, cache: ViewCache | None) -> dict[str, Any]:
    """What everyone may see of the deal in progress; :func:`view` adds a seat's own."""
    pack = deal.pack
    course = cache.course(deal) if cache is not None else course_of(deal)
    tricks = (
        cache.tricks_played(deal) if cache is not None else [trick_json(t) for t in deal.history]
    )
    actions = cache.actions(deal) if cache is not None else [[s, t] for s, t in deal.actions]
    holdings = deal.holdings
    return {
        "number": deal.number,
        "dealer": deal.dealer,
        "leader": deal.leader,
        "hand": None,
        "dealt": None,
        "drawn": None,
        "hand_sizes": [len(h.concealed) for h in holdings],
        "known": [sort_codes(course.known[s].elements()) for s in (0, 1)],
        "tables": [_codes(pack, h.table) for h in holdings],
        "declarations": [_scored_json(deal, d) for d in deal.declarations],
        "pending": [[pending_json(deal, h, p) for p in h.pending] for h in holdings],
        "stock": len(deal.stock),
        "endgame": deal.endgame,
        "trump": deal.trump,
        "previous_trump": deal.previous_trump,
        "carte_blanche": [shown_json(s) for s in deal.shown],
        "blank": list(deal.blank),
        "trick": _trick_on_table(deal),
        "tricks_played": tricks,
        "last_trick": tricks[-1] if tricks else None,
        "tricks_won": list(deal.tricks_won),
        "points": list(deal.points),
        "brisques": list(deal.brisques) if match.variant.brisques else None,
        "actions": actions,
    }


def _previous_json(deal: Deal) -> dict[str, Any]:
    """A scored deal as everyone may see it: the declarations, carte blanche, tricks and
    the settlement. The cards never played stay unshown (none are: every card of a bezique
    deal is played)."""
    shown = deal_detail(deal)
    shown.update(
        number=deal.number,
        dealer=deal.dealer,
        tricks_played=[trick_json(t) for t in deal.history],
    )
    return shown


def _standing(match: Match) -> View:
    """The public view's fields that change only when a deal is scored."""
    finished = match.finished_deals
    return {
        "totals": list(match.totals),
        "scoresheet": scoresheet(2, match.options, scored_deals(match, 0)),
        "previous_deal": _previous_json(finished[-1]) if finished else None,
    }


def _public_view(match: Match, cache: ViewCache | None) -> View:
    current = match.current
    standing = cache.standing(match) if cache is not None else _standing(match)
    over = match.is_over
    return {
        "game": match.variant.name,
        "seats": 2,
        "seat": None,
        "phase": match.phase(),
        "to_act": None if match.to_act == TABLE else match.to_act,
        "first_dealer": match.first_dealer,
        "next_dealer": match.next_dealer if match.to_act == TABLE else None,
        "deals_played": match.deals_played,
        "deals_total": match.deals_total,
        "totals": standing["totals"],
        "options": dict(match.options),
        "winners": match.winners() if over else None,
        "termination": match.termination.value if match.termination is not None else None,
        "scoresheet": standing["scoresheet"],
        "deal": _deal_json(match, current, cache) if current is not None else None,
        "previous_deal": standing["previous_deal"],
        "legal": None,
    }


def view(
    match: Match, seat: int | None, public: View | None = None, cache: ViewCache | None = None
) -> View:
    """The match as ``seat`` sees it; ``seat=None`` is a spectator. ``public``, the
    spectator view of the same state, saves rebuilding what every seat sees alike;
    ``cache`` (:class:`ViewCache`) what cannot change any more."""
    if seat is not None and seat not in (0, 1):
        raise ValueError(f"no seat {seat} at a table of 2")
    if public is None:
        public = _public_view(match, cache)
    if seat is None:
        return public
    own = dict(public)
    own["seat"] = seat
    current = match.current
    if public["deal"] is not None and current is not None:
        mine = dict(public["deal"])
        pack = current.pack
        mine["hand"] = sort_codes(pack[c] for c in current.holdings[seat].concealed)
        mine["dealt"] = _codes(pack, current.dealt[seat])
        mine["drawn"] = _codes(pack, current.draws[seat])
        own["deal"] = mine
    own["legal"] = legal(match, seat)
    return own
