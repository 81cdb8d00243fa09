"""What one seat, or a spectator, may see of a Sixty-six match.

Every byte about a match that leaves the server passes through :func:`view`. It is an
allow-list: each field is copied on purpose. The stock's cards and order never appear (only
how many there are), nor the opponent's hand (only its size, and the cards of it the whole
table has been shown: the partner of a declared marriage, the turned card taken by
exchange or by the last draw). Running points appear only with option ``show_points``.
"""

from __future__ import annotations

from typing import Any

from ..cards import Card
from ..game import TABLE, View
from .deal import Deal, Trick
from .rules import NAME, ORDER
from .sheet import deal_detail, scored_deals, scoresheet
from .state import Match


def legal(match: Match, seat: int) -> dict[str, Any] | None:
    """What ``seat`` may do now, in the shape every game's views carry."""
    deal = match.current
    if deal is None or seat not in (0, 1):
        return None
    if seat == match.to_act:
        return {"kind": "play", "actions": [str(a) for a in match.legal_actions(seat)]}
    if match.may_claim(deal, seat):
        return {"kind": "claim", "actions": ["claim"]}
    return None


def hidden_cards(match: Match, seat: int | None) -> list[Card]:
    """The cards of the deal in progress ``seat`` (``None``: a spectator) has not seen: the
    stock's face-down cards and the other hands' cards not shown to the table."""
    deal = match.current
    if deal is None:
        return []
    hidden = list(deal.stock)
    for s in (0, 1):
        if s != seat:
            hidden.extend(c for c in deal.hands[s] if c not in deal.shown[s])
    return sorted(hidden, key=ORDER.__getitem__)


def _trick_json(trick: Trick) -> dict[str, Any]:
    seats = (trick.leader, 1 - trick.leader)
    return {
        "leader": trick.leader,
        "winner": trick.winner,
        "cards": [{"seat": s, "card": c} for s, c in zip(seats, trick.cards, strict=True)],
    }


def _on_table(deal: Deal) -> list[dict[str, Any]]:
    return [{"seat": (deal.leader + i) % 2, "card": c} for i, c in enumerate(deal.trick)]


def _marriages(deal: Deal) -> list[dict[str, Any]]:
    return [
        {"seat": m.seat, "suit": m.suit, "points": m.points, "credited": deal.credited(m)}
        for m in deal.marriages
    ]


def _exchange(deal: Deal) -> dict[str, int] | None:
    if deal.exchanged is None:
        return None
    seat, after = deal.exchanged
    return {"seat": seat, "after": after}


def _deal_json(match: Match, deal: Deal) -> dict[str, Any]:
    """What everyone may see of the deal in progress; :func:`view` adds a seat's hand."""
    closed = deal.closed_by is not None
    return {
        "number": deal.number,
        "dealer": deal.dealer,
        "leader": deal.leader,
        "trump": deal.trump,
        "first_turned": deal.first_turned,
        "turned": None if closed else deal.turned,
        "turned_down": deal.turned if closed else None,
        "stock": len(deal.stock),
        "closed_by": deal.closed_by,
        "closed_after": deal.closed_after,
        "exchange": _exchange(deal),
        "exhausted": deal.exhausted,
        "hand": None,
        "hand_sizes": [len(deal.hands[0]), len(deal.hands[1])],
        "known": [list(deal.shown[0]), list(deal.shown[1])],
        "trick": _on_table(deal),
        "tricks_played": [_trick_json(t) for t in deal.history],
        "tricks_won": list(deal.tricks),
        "marriages": _marriages(deal),
        "pending_marriage": deal.pending,
        "claim_window": deal.window,
        "points": [deal.points(0), deal.points(1)] if match.options["show_points"] else None,
    }


def _previous_json(deal: Deal) -> dict[str, Any]:
    """A scored deal, as everyone may see it: the public course of play and the result.
    The cards never played (hands, the rest of the stock) stay unshown."""
    shown = deal_detail(deal)
    result = deal.result
    assert result is not None
    shown.update(
        number=deal.number,
        dealer=deal.dealer,
        turned=deal.first_turned,
        closed_after=deal.closed_after,
        exchange=_exchange(deal),
        scores=list(result.scores),
        tricks_won=list(deal.tricks),
        marriages=_marriages(deal),
        tricks_played=[_trick_json(t) for t in deal.history],
        trick=_on_table(deal),
    )
    del shown["tricks"]
    return shown


def _phase(match: Match) -> str:
    if match.to_act is None:
        return "match_over"
    return "deal" if match.to_act == TABLE else "play"


def _public_view(match: Match) -> View:
    finished = match.finished_deals
    current = match.current
    over = match.is_over
    return {
        "game": NAME,
        "seats": 2,
        "seat": None,
        "phase": _phase(match),
        "to_act": None if match.to_act == TABLE else match.to_act,
        "first_dealer": match.first_dealer,
        "next_dealer": match.next_dealer if match.to_act == TABLE else None,
        "deals_played": match.deals_played,
        "deals_total": None,
        "totals": list(match.totals),
        "target": match.target,
        "carried": match.carried,
        "options": dict(match.options),
        "winners": match.winners() if over else None,
        "scoresheet": scoresheet(2, match.options, scored_deals(match, 0)),
        "deal": _deal_json(match, current) if current is not None else None,
        "previous_deal": _previous_json(finished[-1]) if finished else None,
        "legal": None,
    }


def view(match: Match, seat: int | None, public: View | None = None, cache: object = None) -> View:
    """The match as ``seat`` sees it; ``seat=None`` is a spectator.

    ``public``, the spectator view of the same state, saves rebuilding what every seat sees
    alike: a seat's view is that plus its own hand and legal actions. ``cache`` is unused
    (a Sixty-six view is small).
    """
    if seat is not None and seat not in (0, 1):
        raise ValueError(f"no seat {seat} at a table of 2")
    if public is None:
        public = _public_view(match)
    if seat is None:
        return public
    own = dict(public)
    own["seat"] = seat
    current = match.current
    if public["deal"] is not None and current is not None:
        mine = dict(public["deal"])
        mine["hand"] = list(current.hands[seat])
        own["deal"] = mine
    own["legal"] = legal(match, seat)
    return own
