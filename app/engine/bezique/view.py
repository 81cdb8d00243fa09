"""What one seat, or a spectator, may see of a bezique match (rubicon or Chinese).

Every byte about a match that leaves the server passes through the game's ``view``, an allow-list.
Public: both tables by position (declared cards lie face up, rubicon §7.2), every
declaration scored and every one pending, the carte blanche shown, every card played, the
actions taken (each was seen by both players), the stock's size, the trumps and the points.
A seat adds its own concealed hand, the hand it was dealt and the cards it drew. Never
shown: the other concealed hand (only its size, and the cards of it the table has seen) and
the stock's cards or order.

The cards of a concealed hand the table has seen are the ledger's (``known``): of two
identical cards, one seen and one not, nobody can tell which was played, so a card played or
laid out from the concealed hand takes what was seen with it (``CopyLedger.left_unseen``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import Card
from .combinations import Combination
from .deal import Deal, Declaration
from .declarations import Offer, named, parse_declaration
from .holding import Holding
from .sheet import deals_total, declaration_json, shown_json, sort_codes
from .variant import COURT

if TYPE_CHECKING:
    from .state import Match


def actions_json(deal: Deal) -> list[list[Any]]:
    """The deal's actions as views show them, kept on the deal: a new list at each action
    read, so that a list once handed out never changes, of the same items (the rooms encode
    each once, ``growing_deal_keys``)."""
    viewed = deal.viewed
    if len(viewed) != len(deal.actions):
        viewed = deal.viewed = viewed + [[s, t] for s, t in deal.actions[len(viewed) :]]
    return viewed


def offer_json(offer: Offer) -> dict[str, Any]:
    request = parse_declaration(offer.text)
    return {
        "action": "declare:" + offer.text,
        "kind": request.kind.value,
        "cards": [code for code, _ in request.items],
        "positions": [position for _, position in request.items],
        "points": offer.points,
        "fixes_trump": offer.fixes_trump,
    }


def hidden_cards(match: Match, seat: int | None) -> list[Card]:
    """The cards of the deal in progress ``seat`` (``None``: a spectator) has not seen that a
    re-deal may move, suit for suit, without its view telling: the plain ones. Carte blanche
    tells a court card from a plain one: a dealt hand not shown holds a king, queen or jack,
    and so does the first draw not shown of a player whose carte blanche ran."""
    deal = match.current
    hidden = [] if deal is None else deal.ledger.hidden(seat)
    return sort_codes(c for c in hidden if c[0] not in COURT)


def _scored_json(deal: Deal, declaration: Declaration) -> dict[str, Any]:
    table = deal.holdings[declaration.seat].table
    intact = set(table).issuperset(declaration.combination.cards)
    positions = sorted(map(table.index, declaration.combination.cards)) if intact else None
    return {**declaration_json(deal.pack, declaration), "intact": intact, "positions": positions}


def pending_json(deal: Deal, holding: Holding, pending: Combination) -> dict[str, Any]:
    """A pending declaration and the action that scores it for its owner at a trick won."""
    positions = sorted(map(holding.table.index, pending.cards))
    return {
        "kind": pending.kind.value,
        "cards": [deal.pack[holding.table[p]] for p in positions],
        "positions": positions,
        "action": "declare:" + named(deal.pack, holding, pending.kind, (), pending.cards),
    }


def cards_json(deal: Deal, viewer: int | None) -> dict[str, Any]:
    """What everyone may see of the deal in progress (``viewer`` ``None``) but its trick and
    tricks played; what a seat adds."""
    pack = deal.pack
    if viewer is not None:
        return {
            "hand": sort_codes(pack[c] for c in deal.holdings[viewer].concealed),
            "dealt": [pack[c] for c in deal.dealt[viewer]],
            "drawn": [pack[c] for c in deal.draws[viewer]],
        }
    holdings = deal.holdings
    return {
        "hand": None,
        "dealt": None,
        "drawn": None,
        "hand_sizes": [len(h.concealed) for h in holdings],
        "known": [sort_codes(deal.ledger.known_in_hand(s, None)) for s in (0, 1)],
        "tables": [[pack[c] for c in h.table] for h in holdings],
        "declarations": [_scored_json(deal, d) for d in deal.declarations],
        "pending": [[pending_json(deal, h, p) for p in h.pending] for h in holdings],
        "stock": len(deal.ledger.stock),
        "endgame": deal.endgame,
        "trump": deal.trump,
        "previous_trump": deal.previous_trump,
        "carte_blanche": [shown_json(s) for s in deal.shown],
        "blank": list(deal.blank),
        "last_trick": deal.history[-1].to_json() if deal.history else None,
        "points": list(deal.points),
        "brisques": list(deal.brisques) if deal.variant.brisques else None,
        "actions": actions_json(deal),
    }


def public_fields(match: Match) -> dict[str, Any]:
    termination = match.termination().value if match.is_over else None
    return {"deals_total": deals_total(match.seats, match.options), "termination": termination}
