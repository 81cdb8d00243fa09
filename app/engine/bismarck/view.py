"""What one seat, or a spectator, may see of a match (rules §3.3).

Every byte about a match that leaves the server passes through :func:`view`. It is written
as an allow-list: each field is copied on purpose, and nothing hidden (another hand, the
discard for anyone but forehand, the undealt pack, the shuffle) is ever reachable from here.
"""

from __future__ import annotations

from typing import Any

from .. import view_cache
from ..trick_game import legal as legal
from .rules import quotas, ranks, winners
from .sheet import scored_deals, scoresheet
from .state import TABLE, Deal, Match, Phase, Trick

View = dict[str, Any]


class ViewCache(view_cache.ViewCache[Deal, Trick, Match]):
    """What one match's public view can no longer change (:mod:`app.engine.view_cache`):
    a trick that is complete, a deal's fields from its contract on, the last finished deal,
    the scoresheet and the standings stay the same until the next trick, contract or scored
    deal."""

    __slots__ = ("_settled",)

    def __init__(self) -> None:
        super().__init__(_trick_json, _standing)
        self._settled: tuple[Deal, str | None, View] | None = None

    def deal_settled(self, match: Match, deal: Deal) -> View:
        """A deal's fields that change only when its contract is made (see ``_settled``)."""
        cached = self._settled
        if cached is None or cached[0] is not deal or cached[1] != deal.contract:
            cached = self._settled = (deal, deal.contract, _settled(match, deal))
        return cached[2]


def _trick_json(deal: Deal, trick: Trick) -> dict[str, Any]:
    start = deal.order.index(trick.leader)
    seats = [deal.order[(start + i) % 3] for i in range(3)]
    return {
        "leader": trick.leader,
        "winner": trick.winner,
        "cards": [{"seat": s, "card": c} for s, c in zip(seats, trick.cards, strict=True)],
    }


def _current_trick(deal: Deal) -> list[dict[str, Any]]:
    start = deal.order.index(deal.leader)
    cards = deal.ledger.cards
    return [
        {"seat": deal.order[(start + i) % 3], "card": cards[c]}
        for i, c in enumerate(deal.ledger.trick)
    ]


def _deal_json(match: Match, deal: Deal, cache: ViewCache | None = None) -> dict[str, Any]:
    """What everyone may see of a deal; :func:`view` adds a seat's own hand and discard."""
    playing = deal.contract is not None
    shown = dict(cache.deal_settled(match, deal) if cache is not None else _settled(match, deal))
    hands = deal.ledger.hands
    shown["hand_sizes"] = [
        len(hands[s]) if playing and s in deal.order else None for s in range(match.seats)
    ]
    shown["discarded"] = deal.discard is not None
    shown["trick"] = _current_trick(deal)
    shown["tricks_played"] = (
        cache.tricks_played(deal)
        if cache is not None and not deal.finished
        else [_trick_json(deal, t) for t in deal.history]
    )
    shown["tricks"] = list(deal.tricks)
    shown["scores"] = None if deal.scores is None else list(deal.scores)
    return shown


def _settled(match: Match, deal: Deal) -> dict[str, Any]:
    """A deal's fields that stay as they are from its contract to its end, in the order a
    deal is shown; the fields that change with every card are left ``None`` here."""
    own, other = quotas(deal.contract) if deal.contract else (None, None)
    return {
        "number": deal.number,
        "dealer": deal.dealer,
        "forehand": deal.forehand,
        "order": list(deal.order),
        "sitting_out": deal.dealer if match.seats == 4 else None,
        "open": list(deal.open),
        "contract": deal.contract,
        "trump": deal.trump,
        "forced": deal.forced,
        "hand": None,  # a seat's own, filled in by view(); none before the contract (§3.2)
        "hand_sizes": None,
        "discarded": None,
        "discard": None,
        "trick": None,
        "tricks_played": None,
        "tricks": None,
        "quotas": [
            None if s not in deal.order or own is None else (own if s == deal.forehand else other)
            for s in range(match.seats)
        ],
        "scores": None,
    }


def view(
    match: Match, seat: int | None, public: View | None = None, cache: ViewCache | None = None
) -> View:
    """The match as ``seat`` sees it; ``seat=None`` is a spectator.

    ``public``, the spectator view of the same state, saves recomputing what every seat
    sees alike when views for several seats are wanted at once: a seat's view is the
    public one with its own hand, discard and legal actions added. ``cache`` keeps what
    cannot change any more from one view of a match to the next (see :class:`ViewCache`).
    """
    if seat is not None and not 0 <= seat < match.seats:
        raise ValueError(f"no seat {seat} at a table of {match.seats}")
    if public is None:
        public = _public_view(match, cache)
    if seat is None:
        return public
    own = dict(public)
    own["seat"] = seat
    current = public["deal"]
    if current is not None:
        deal = match.deals[-1]
        mine = dict(current)
        # before the contract the 48 are not yet dealt (rules §3.2): nobody holds anything
        if deal.contract is not None and seat in deal.order:
            mine["hand"] = deal.ledger.hand(seat)
        if deal.discard and seat == deal.forehand:
            mine["discard"] = list(deal.discard)
        own["deal"] = mine
    own["legal"] = legal(match, seat)
    return own


def _public_view(match: Match, cache: ViewCache | None) -> View:
    standing = cache.standing(match) if cache is not None else _standing(match)
    shown = dict(standing)
    shown["phase"] = match.phase.value
    shown["to_act"] = None if match.to_act == TABLE else match.to_act
    current = match.current
    if current is not None and match.phase is not Phase.DEAL:
        shown["deal"] = _deal_json(match, current, cache)
    return shown


def _standing(match: Match) -> View:
    """The public view as it stands between two scored deals, in the order a view is
    shown; the fields that change with every move are left ``None`` here."""
    finished = match.finished_deals
    over = match.phase is Phase.OVER
    return {
        "game": "bismarck",
        "seats": match.seats,
        "seat": None,
        "phase": None,
        "to_act": None,
        "deals_total": match.deals_total,
        "deals_played": len(finished),
        "first_dealer": match.first_dealer,
        "deal": None,
        "previous_deal": _deal_json(match, finished[-1]) if finished else None,
        "contracts_left": [match.contracts_left(s) for s in range(match.seats)],
        "totals": list(match.totals),
        "scoresheet": scoresheet(match.seats, {}, scored_deals(match)),
        "legal": None,
        "winners": winners(match.totals) if over else None,
        "ranks": ranks(match.totals),
    }
