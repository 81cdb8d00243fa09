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
from typing import TYPE_CHECKING, Any, Final

from ..cards import Card
from ..trick_game import make_view, view_cache
from .combinations import Combination
from .deal import Deal, Declaration, Shown
from .declarations import is_intact, parse_declaration
from .holding import Holding, split_card_argument
from .sheet import SHEET, declaration_json, shown_json, sort_codes
from .variant import COURT, Variant

if TYPE_CHECKING:
    from .state import Match

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
        "actions",
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
        self.actions: list[list[Any]] = []
        """The actions read, as views show them: a new list at each action read, so that a
        list once handed out never changes."""

    def advance(self, actions: ActionLog, shown: Sequence[Shown]) -> None:
        """Read the actions after those already read; ``shown`` is every carte blanche
        shown so far, in the order shown."""
        if not self.started:
            self.started = True
            self._show(shown, 0)
        if self.done == len(actions):
            return
        self.actions = self.actions + [[s, t] for s, t in actions[self.done :]]
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


def course(deal: Deal) -> Course:
    """The deal's course read up to its last action, kept on the deal."""
    found = deal.course
    if found is None or found.done > len(deal.actions):
        found = deal.course = Course(deal.variant)
    found.advance(deal.actions, deal.shown)
    return found


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
    """The cards of the deal in progress ``seat`` (``None``: a spectator) has not seen, as
    the ledger keeps them: the stock, and the other concealed hands less the cards the table
    has seen of them."""
    deal = match.current
    return [] if deal is None else sort_codes(deal.ledger.hidden(seat))


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


def on_table(deal: Deal) -> list[dict[str, Any]]:
    return [{"seat": (deal.leader + i) % 2, "card": deal.pack[c]} for i, c in enumerate(deal.trick)]


def _codes(pack: Sequence[Card], copies: Iterable[int]) -> list[Card]:
    return [pack[c] for c in copies]


def cards_json(deal: Deal, viewer: int | None) -> dict[str, Any]:
    """What everyone may see of the deal in progress (``viewer`` ``None``) but its trick and
    tricks played: both tables, the sizes of the concealed hands and the cards the table has
    seen of them, the declarations, the stock's size and the rest; a seat adds its own
    concealed hand, its hand as dealt and its draws."""
    pack = deal.pack
    if viewer is not None:
        return {
            "hand": sort_codes(pack[c] for c in deal.holdings[viewer].concealed),
            "dealt": _codes(pack, deal.dealt[viewer]),
            "drawn": _codes(pack, deal.draws[viewer]),
        }
    holdings = deal.holdings
    seen = course(deal)
    return {
        "hand": None,
        "dealt": None,
        "drawn": None,
        "hand_sizes": [len(h.concealed) for h in holdings],
        "known": [sort_codes(deal.ledger.known_in_hand(s, None)) for s in (0, 1)],
        "tables": [_codes(pack, h.table) for h in holdings],
        "declarations": [_scored_json(deal, d) for d in deal.declarations],
        "pending": [[pending_json(deal, h, p) for p in h.pending] for h in holdings],
        "stock": len(deal.stock),
        "endgame": deal.endgame,
        "trump": deal.trump,
        "previous_trump": deal.previous_trump,
        "carte_blanche": [shown_json(s) for s in deal.shown],
        "blank": list(deal.blank),
        "last_trick": deal.history[-1].to_json() if deal.history else None,
        "points": list(deal.points),
        "brisques": list(deal.brisques) if deal.variant.brisques else None,
        "actions": seen.actions,
    }


def public_fields(match: Match) -> dict[str, Any]:
    over = match.is_over
    return {
        "deals_total": match.deals_total,
        "termination": match.termination().value if over else None,
    }


view: Final = make_view(SHEET, public_fields)
"""The match as a seat sees it (``None``: a spectator), on the base's views: an allow-list
of fields (the match's hooks give bezique's: :func:`cards_json`, :func:`on_table`, the
scored deal's :func:`~.sheet.deal_detail`)."""
ViewCache: Final = view_cache(SHEET)
"""A new view cache (the finished tricks and the standing built once)."""
