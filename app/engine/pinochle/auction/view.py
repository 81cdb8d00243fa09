"""What one seat, or a spectator, may see of an auction pinochle session.

Every byte about a session that leaves the server passes through :func:`view`, an
allow-list. The widow is shown to all once turned up, never before; the buried cards only to
the bidder until the deal is over, then to all in the deal's summary; the cards a meld shows
to all; the other hands never (only their sizes).
"""

from __future__ import annotations

from typing import Any

from ... import view_cache
from ...cards import SUITS
from ...game import TABLE, View
from ...trick_game import Trick as BaseTrick
from ...trick_game import hidden_cards as hidden_cards
from .. import melds as meld_rules
from .rules import NAME, card_points, ranks
from .sheet import scored_deals, scoresheet
from .state import Deal, Match


class ViewCache(view_cache.ViewCache[Deal, BaseTrick, Match]):
    """What one session's public view can no longer change (:mod:`app.engine.view_cache`):
    the finished tricks of the deal in progress, the card points they hold, and what changes
    only when a deal is scored (scoresheet, last deal, totals, ranks)."""

    __slots__ = ("_points",)

    def __init__(self) -> None:
        super().__init__(lambda _deal, trick: _trick_json(trick), _standing)
        self._points: tuple[Deal, int, list[int]] | None = None

    def points_taken(self, match: Match, deal: Deal) -> list[int]:
        cached = self._points
        if cached is None or cached[0] is not deal or cached[1] != len(deal.history):
            cached = self._points = (deal, len(deal.history), _points_taken(match, deal))
        return cached[2]


def legal(match: Match, seat: int) -> dict[str, Any] | None:
    """What ``seat`` may do now, in the shape every game's views carry. Burying is a choice
    of three cards by position, with the bidder's concession beside it (``also``). Before
    his first lead the bidder may also revise an earlier choice: ``revise`` lists another
    trump (``trump:X``), ``meld`` (any other meld) and ``bury`` (any other burial)."""
    deal = match.current
    if deal is None or not 0 <= seat < match.seats:
        return None
    listed = [str(a) for a in match.legal_actions(seat)]
    if not listed:
        return None
    if seat != match.to_act:
        return {"kind": "concede", "actions": listed}
    phase = match.phase()
    out: dict[str, Any]
    if phase == "bury":
        others = [a for a in listed if not a.startswith("bury:")]
        out = {"kind": "bury", "count": 3, "from": match.unshown(deal), "also": others}
    else:
        out = {"kind": phase, "actions": listed}
    revise = match.revisions(seat)
    if revise:
        out["revise"] = revise
    return out


def _trick_json(trick: BaseTrick) -> dict[str, Any]:
    return trick.to_json(0)


def _meld_json(deal: Deal) -> dict[str, Any] | None:
    if deal.shown is None:
        return None
    return {
        "cards": list(deal.shown),
        "melds": [m.to_json() for m in deal.melds],
        "value": deal.meld_value,
    }


def _auction(deal: Deal) -> list[dict[str, Any]]:
    return [{"seat": s, "bid": b} for s, b in deal.bids]


def _points_taken(match: Match, deal: Deal) -> list[int]:
    return [card_points(side, match.scheme) for side in deal.taken()]


def _deal_json(match: Match, deal: Deal, cache: ViewCache | None) -> dict[str, Any]:
    """What everyone may see of the deal in progress; :func:`view` adds a seat's own."""
    bidder = deal.bidder
    # until his first lead the bidder's burial is provisional: its cards stay in his hand
    hands = deal.ledger.hands
    hand_sizes = [len(hands[s]) if s in deal.active else None for s in range(match.seats)]
    leader = (
        deal.trick[0][0] if deal.trick else (deal.history[-1].winner if deal.history else bidder)
    )
    return {
        "number": deal.number,
        "dealer": deal.dealer,
        "active": list(deal.active),
        "eldest": deal.eldest,
        "sitting_out": [s for s in range(match.seats) if s not in deal.active],
        "minimum": deal.minimum,
        "hand": None,
        "hand_sizes": hand_sizes,
        "auction": _auction(deal),
        "high_bid": deal.high if deal.high_seat is not None else None,
        "high_bidder": deal.high_seat,
        "passed": list(deal.out),
        "bidder": bidder,
        "widow": list(deal.widow) if deal.widow_turned else None,
        "widow_turned": deal.widow_turned,
        "throw_in_open": deal.may_throw_in,
        "trump": deal.trump,
        "meld": _meld_json(deal),
        "buried": None,
        "buried_count": len(deal.buried) if deal.buried is not None else 0,
        "conceded": sorted(deal.conceded),
        "concessions": [{"seat": s, "value": v} for s, v in sorted(deal.conceded.items())],
        "led": deal.led,
        "leader": leader,
        "trick": [{"seat": s, "card": c} for s, c in deal.trick],
        "tricks_played": (
            cache.tricks_played(deal)
            if cache is not None
            else [_trick_json(t) for t in deal.history]
        ),
        "tricks_won": list(deal.won),
        "points_taken": None
        if bidder is None
        else cache.points_taken(match, deal)
        if cache is not None
        else _points_taken(match, deal),
        "suggestion": None,
        "trump_melds": None,
    }


def _previous_json(match: Match, deal: Deal, share: list[int] | None) -> dict[str, Any]:
    """A scored deal as everyone may see it: the auction, the widow if it was turned, the
    meld, the burial now revealed, the tricks and the settlement. Hands never played stay
    unshown."""
    result = deal.result
    assert result is not None
    return {
        "number": deal.number,
        "dealer": deal.dealer,
        "active": list(deal.active),
        "sitting_out": [s for s in range(match.seats) if s not in deal.active],
        "auction": _auction(deal),
        "bidder": deal.bidder,
        "bid": result.bid,
        "trump": deal.trump,
        "widow": list(deal.widow) if deal.widow_turned else None,
        "meld": _meld_json(deal),
        "buried": list(deal.buried) if deal.buried is not None and deal.led else None,
        "conceded": sorted(deal.conceded),
        "end": result.end.value,
        "value": result.value,
        "total": result.total,
        "points": None if result.total is None else result.total - deal.meld_value,
        "last_trick": result.last_trick,
        "chips": list(result.chips),
        "kitty": result.kitty,
        "share": list(share) if share is not None else None,
        "tricks_played": [_trick_json(t) for t in deal.history],
        "tricks_won": list(deal.won),
    }


def _phase_to_act(match: Match) -> int | None:
    return None if match.to_act == TABLE else match.to_act


def _standing(match: Match) -> View:
    """The public view's fields that change only when a deal is scored."""
    finished = match.finished_deals
    previous = None
    if finished:
        previous = _previous_json(match, finished[-1], match.share_of(finished[-1]))
    return {
        "totals": list(match.totals),
        "ranks": ranks(match.totals),
        "scoresheet": scoresheet(match.seats, match.options, scored_deals(match, 0)),
        "previous_deal": previous,
    }


def _public_view(match: Match, cache: ViewCache | None) -> View:
    current = match.current
    over = match.is_over
    standing = cache.standing(match) if cache is not None else _standing(match)
    return {
        "game": NAME,
        "seats": match.seats,
        "seat": None,
        "phase": match.phase(),
        "to_act": _phase_to_act(match),
        "first_dealer": match.first_dealer,
        "next_dealer": match.next_dealer if match.to_act == TABLE else None,
        "deals_played": match.deals_played,
        "deals_total": match.deals_total,
        "totals": standing["totals"],
        "kitty": match.kitty,
        "share": list(match.share) if match.share is not None else None,
        "ranks": standing["ranks"],
        "options": dict(match.options),
        "winners": match.winners() if over else None,
        "scoresheet": standing["scoresheet"],
        "deal": _deal_json(match, current, cache) if current is not None else None,
        "previous_deal": standing["previous_deal"],
        "legal": None,
    }


def _own_deal(match: Match, deal: Deal, seat: int, public: dict[str, Any]) -> dict[str, Any]:
    mine = dict(public)
    hand = deal.ledger.hand(seat)
    mine["hand"] = hand if seat in deal.active else None
    if seat == deal.bidder and deal.buried is not None:
        mine["buried"] = list(deal.buried)
    if seat == deal.bidder and deal.widow_turned and not deal.led:
        # what each trump would make of the hand: the bidder's own knowledge, for choosing
        mine["trump_melds"] = {s: meld_rules.value(hand, s) for s in SUITS}
        if deal.trump is not None:
            best = match.suggestion(deal)
            mine["suggestion"] = {
                "action": meld_rules.meld_text(best),
                "melds": [m.to_json() for m in best],
                "cards": meld_rules.shown_cards(best),
                "value": sum(m.value for m in best),
            }
    return mine


def view(
    match: Match, seat: int | None, public: View | None = None, cache: ViewCache | None = None
) -> View:
    """The session as ``seat`` sees it; ``seat=None`` is a spectator. ``public``, the
    spectator view of the same state, saves rebuilding what every seat sees alike; ``cache``
    (:class:`ViewCache`) what cannot change any more."""
    if seat is not None and not 0 <= seat < match.seats:
        raise ValueError(f"no seat {seat} at a table of {match.seats}")
    if public is None:
        public = _public_view(match, cache)
    if seat is None:
        return public
    own = dict(public)
    own["seat"] = seat
    current = match.current
    if public["deal"] is not None and current is not None:
        own["deal"] = _own_deal(match, current, seat, public["deal"])
    own["legal"] = legal(match, seat)
    return own
