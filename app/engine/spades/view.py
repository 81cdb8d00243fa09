"""What one seat, or a spectator, may see of a spades match.

Every byte about a match that leaves the server passes through :func:`view`, an allow-list.
A seat's own hand is shown only once he has looked at it (blind nil depends on that); the
other hands never, only their sizes. Who has looked is public: at a real table everyone sees
who picks up his cards. Of a nil exchange the two partners see what they laid, gave and,
after the swap, received; everyone else sees only who exchanges with whom and how far it
has gone.
"""

from __future__ import annotations

from typing import Any

from .. import view_cache
from ..cards import Card
from ..game import TABLE, View
from ..teams import partnerships
from .deal import Deal, Exchange, Trick
from .rules import NAME, SEATS, is_nil, sort_hand
from .sheet import deal_detail, scored_deals, scoresheet
from .state import Match, side_of

TEAMS_JSON = [list(members) for members in partnerships(SEATS)]


class ViewCache(view_cache.ViewCache[Deal, Trick, Match]):
    """What one match's public view can no longer change (:mod:`app.engine.view_cache`):
    the finished tricks of the deal in progress and what changes only when a deal is scored
    (scoresheet, last deal, totals)."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(lambda _deal, trick: trick_json(trick), _standing)


def legal(match: Match, seat: int) -> dict[str, Any] | None:
    """What ``seat`` may do now, in the shape every game's views carry. A seat that has not
    looked at his cards may look at any time; at a lay, give or play that is all he may do.
    A lay and a give are a choice of three cards by position."""
    deal = match.current
    if deal is None or not 0 <= seat < SEATS:
        return None
    looked = deal.looked[seat]
    step = deal.step
    if seat != match.to_act or (step != "bid" and not looked):
        return None if looked else {"kind": "look", "actions": ["look"]}
    if step in ("lay", "give"):
        return {"kind": step, "count": 3, "from": list(deal.hands[seat])}
    return {"kind": step, "actions": [str(a) for a in match.legal_actions(seat)]}


def _known_in(deal: Deal, seat: int | None, holder: int) -> set[Card]:
    """Cards ``seat`` knows are in ``holder``'s hand: those he put there in an exchange."""
    if seat is None or seat == holder or side_of(seat) != side_of(holder):
        return set()
    exchange = deal.exchanges[side_of(seat)]
    if exchange is None or not exchange.done:
        return set()
    assert exchange.laid is not None and exchange.given is not None
    return set(exchange.laid if seat == exchange.nil else exchange.given)


def hidden_cards(match: Match, seat: int | None) -> list[Card]:
    """The cards of the deal in progress ``seat`` (``None``: a spectator) has not seen: the
    other hands less what he gave them in an exchange, his own hand until he has looked,
    and cards laid for an exchange not yet made but by the player who laid them."""
    deal = match.current
    if deal is None:
        return []
    hidden: list[Card] = []
    for holder in range(SEATS):
        if holder == seat and deal.looked[holder]:
            continue
        known = _known_in(deal, seat, holder)
        hidden.extend(c for c in deal.hands[holder] if c not in known)
    for exchange in deal.exchanges:
        if exchange is None or exchange.cancelled or exchange.done or exchange.laid is None:
            continue
        if seat != exchange.nil:
            hidden.extend(exchange.laid)
    return sort_hand(hidden)


def trick_json(trick: Trick) -> dict[str, Any]:
    return {
        "leader": trick.leader,
        "winner": trick.winner,
        "cards": [
            {"seat": (trick.leader + i) % SEATS, "card": c} for i, c in enumerate(trick.cards)
        ],
    }


def exchange_state(deal: Deal, exchange: Exchange) -> str:
    """``lay`` (the nil bidder lays next), ``waiting`` (for the partner's bid), ``give``
    (the partner gives next), ``done`` or ``cancelled`` (both partners bid nil)."""
    if exchange.cancelled:
        return "cancelled"
    if exchange.laid is None:
        return "lay"
    if exchange.given is None:
        return "waiting" if deal.bids[exchange.partner] is None else "give"
    return "done"


def _exchange_json(deal: Deal, exchange: Exchange | None, seat: int | None) -> Any:
    if exchange is None:
        return None
    done = exchange.done
    sees_laid = exchange.laid is not None and (
        seat == exchange.nil or (seat == exchange.partner and done)
    )
    sees_given = done and seat in (exchange.nil, exchange.partner)
    return {
        "nil": exchange.nil,
        "partner": exchange.partner,
        "state": exchange_state(deal, exchange),
        "laid": list(exchange.laid) if sees_laid and exchange.laid is not None else None,
        "given": list(exchange.given) if sees_given and exchange.given is not None else None,
    }


def contracts(deal: Deal) -> list[int | None]:
    """Per side: the sum of its non-nil bids once both partners have bid, else ``None``."""
    out: list[int | None] = []
    for members in partnerships(SEATS):
        bids = [deal.bids[s] for s in members]
        if any(b is None for b in bids):
            out.append(None)
        else:
            out.append(sum(int(b) for b in bids if b is not None and not is_nil(b)))
    return out


def _bags(match: Match) -> list[int] | None:
    return list(match.bags) if match.options["bags"] else None


def _deal_json(match: Match, deal: Deal, cache: ViewCache | None) -> dict[str, Any]:
    """What everyone may see of the deal in progress; :func:`view` adds a seat's own."""
    return {
        "number": deal.number,
        "dealer": deal.dealer,
        "bid_order": list(deal.order),
        "first_bidder": deal.order[0],
        "first_lead": deal.first_lead,
        "step": deal.step,
        "hand": None,  # a spectator's; a seat's own is set by _own_deal
        "hand_sizes": [len(h) for h in deal.hands],
        "looked": list(deal.looked),
        "bids": list(deal.bids),
        "contracts": contracts(deal),
        "exchange": [_exchange_json(deal, e, None) for e in deal.exchanges],
        "spades_broken": deal.spades_broken,
        "leader": deal.leader,
        "trick": [{"seat": s, "card": c} for s, c in deal.on_table()],
        "tricks_played": (
            cache.tricks_played(deal)
            if cache is not None
            else [trick_json(t) for t in deal.history]
        ),
        "tricks": list(deal.tricks),
        "bags": _bags(match),
    }


def _previous_json(deal: Deal) -> dict[str, Any]:
    """A scored deal as everyone may see it: bids, tricks, nil results, each side's score and
    bags, and the tricks as played (every card was played to the table). The exchanged
    cards stay with the partners who saw them."""
    shown = deal_detail(deal)
    result = deal.result
    assert result is not None
    shown.update(
        number=deal.number,
        dealer=deal.dealer,
        first_lead=deal.first_lead,
        scores=list(result.side_totals),
        exchanges=[
            None if e is None else {"nil": e.nil, "partner": e.partner, "done": e.done}
            for e in deal.exchanges
        ],
        tricks_played=[trick_json(t) for t in deal.history],
    )
    return shown


def _standing(match: Match) -> View:
    """The public view's fields that change only when a deal is scored."""
    finished = match.finished_deals
    return {
        "totals": list(match.totals),
        "scoresheet": scoresheet(SEATS, match.options, scored_deals(match, 0)),
        "previous_deal": _previous_json(finished[-1]) if finished else None,
    }


def _public_view(match: Match, cache: ViewCache | None) -> View:
    current = match.current
    over = match.is_over
    standing = cache.standing(match) if cache is not None else _standing(match)
    return {
        "game": NAME,
        "seats": SEATS,
        "seat": None,
        "teams": [list(m) for m in TEAMS_JSON],
        "phase": match.phase(),
        "to_act": None if match.to_act == TABLE else match.to_act,
        "first_dealer": match.first_dealer,
        "next_dealer": match.next_dealer if match.to_act == TABLE else None,
        "deals_played": match.deals_played,
        "deals_total": None,
        "totals": standing["totals"],
        "team_totals": list(match.side_totals),
        "target": match.target,
        "bags": _bags(match),
        "options": dict(match.options),
        "winners": match.winners() if over else None,
        "scoresheet": standing["scoresheet"],
        "deal": _deal_json(match, current, cache) if current is not None else None,
        "previous_deal": standing["previous_deal"],
        "legal": None,
    }


def _own_deal(deal: Deal, seat: int, public: dict[str, Any]) -> dict[str, Any]:
    mine = dict(public)
    mine["hand"] = list(deal.hands[seat]) if deal.looked[seat] else []
    side = side_of(seat)
    exchanges = list(public["exchange"])
    exchanges[side] = _exchange_json(deal, deal.exchanges[side], seat)
    mine["exchange"] = exchanges
    return mine


def view(
    match: Match, seat: int | None, public: View | None = None, cache: ViewCache | None = None
) -> View:
    """The match as ``seat`` sees it; ``seat=None`` is a spectator. ``public``, the
    spectator view of the same state, saves rebuilding what every seat sees alike; ``cache``
    (:class:`ViewCache`) what cannot change any more."""
    if seat is not None and not 0 <= seat < SEATS:
        raise ValueError(f"no seat {seat} at a table of {SEATS}")
    if public is None:
        public = _public_view(match, cache)
    if seat is None:
        return public
    own = dict(public)
    own["seat"] = seat
    current = match.current
    if public["deal"] is not None and current is not None:
        own["deal"] = _own_deal(current, seat, public["deal"])
    own["legal"] = legal(match, seat)
    return own
