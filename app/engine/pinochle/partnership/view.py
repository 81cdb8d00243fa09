"""What one seat, or a spectator, may see of a partnership pinochle match.

Every byte about a match that leaves the server passes through :func:`view`, an allow-list.
A seat sees its own hand; every other hand only by its size, and by the melds its player
shows once trump is named, which everyone sees, itemised, for the whole deal (Clarification
3). The tricks are public, and so are the card points and tricks each side has taken: both
sides may count the tricks as they fall, and a claim depends on them (§9).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ... import view_cache
from ...cards import Card
from ...game import TABLE, View
from ..melds import Meld, sort_cards
from .deal import Claim, Deal, Trick
from .sheet import scored_deals, scoresheet
from .state import Match
from .variant import TEAMS

TEAMS_JSON = [list(t) for t in TEAMS]


class ViewCache(view_cache.ViewCache[Deal, Trick, Match]):
    """What one match's public view can no longer change (:mod:`app.engine.view_cache`):
    the finished tricks of the deal in progress and what changes only when a deal is scored
    (scoresheet, last deal, the seats' and the teams' totals)."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(lambda _deal, trick: trick_json(trick), _standing)


def legal(match: Match, seat: int) -> dict[str, Any] | None:
    """What ``seat`` may do now, in the shape every game's views carry; a seat not to act
    may claim (``{"kind": "claim", "actions": ["claim"]}``)."""
    if match.current is None or not 0 <= seat < match.seats:
        return None
    listed = [str(a) for a in match.legal_actions(seat)]
    if not listed:
        return None
    if seat != match.to_act:
        return {"kind": "claim", "actions": listed}
    return {"kind": match.phase(), "actions": listed}


def unseen_cards(match: Match, seat: int | None) -> list[Card]:
    """The cards of the deal in progress ``seat`` (``None``: a spectator) has not seen, copy
    for copy: the other hands, less the cards their melds show and they still hold."""
    deal = match.current
    if deal is None:
        return []
    hidden: Counter[Card] = Counter()
    for s in range(match.seats):
        if s != seat:
            hidden.update((Counter(deal.hands[s]) - deal.known(s)).elements())
    return sort_cards(hidden.elements())


def hidden_cards(match: Match, seat: int | None) -> list[Card]:
    """The unseen cards (:func:`unseen_cards`) that a re-deal may move without ``seat``'s
    view telling: all of them during the auction; once the melds are shown, only those that
    belong to no meld with the trump named (the tens and nines of the plain suits). The
    melds are every player's best (Clarification 3), so they also say what a hand does not
    hold: a re-deal that gave a player the queen to his unshown king would show a marriage.
    Every other unseen card is a card the melds say something about."""
    cards = unseen_cards(match, seat)
    deal = match.current
    if deal is None or deal.trump is None:
        return cards
    trump = deal.trump
    return [c for c in cards if c[0] in "T9" and c[1] != trump]


def trick_json(trick: Trick) -> dict[str, Any]:
    return {
        "leader": trick.leader,
        "winner": trick.winner,
        "cards": [{"seat": s, "card": c} for s, c in trick.cards],
    }


def meld_json(meld: Meld) -> dict[str, Any]:
    return {**meld.to_json(), "times": meld.times}


def melds_json(deal: Deal) -> list[dict[str, Any]] | None:
    """Each seat's melds, itemised, and their total; ``None`` before trump."""
    if deal.melds is None:
        return None
    return [
        {"melds": [meld_json(m) for m in melds], "total": deal.meld_value(seat)}
        for seat, melds in enumerate(deal.melds)
    ]


def claim_json(claim: Claim | None) -> dict[str, Any] | None:
    if claim is None:
        return None
    return {
        "seat": claim.seat,
        "team": claim.team,
        "hand": claim.hand,
        "provisional": claim.provisional,
        "standing": claim.standing,
        "good": claim.good,
    }


def _bid_json(deal: Deal) -> int | None:
    return deal.high if deal.high_seat is not None else None


def _deal_json(match: Match, deal: Deal, cache: ViewCache | None) -> dict[str, Any]:
    """What everyone may see of the deal in progress; :func:`view` adds a seat's own."""
    claimable = match.may_claim(deal)
    hands = match.hands_so_far(deal)[1]
    return {
        "number": deal.number,
        "dealer": deal.dealer,
        "leader": deal.leader,
        "hand": None,
        "hand_sizes": [len(h) for h in deal.hands],
        "minimum": match.variant.minimum_bid,
        "least_bid": match.least_bid(deal) if deal.bidder is None else None,
        "bids": [c.to_json() for c in deal.calls],
        "high_bid": _bid_json(deal),
        "bidder": deal.bidder,
        "passed": list(deal.out),
        "announced": list(deal.announced),
        "trump": deal.trump,
        "melds": melds_json(deal),
        "team_meld": None if deal.melds is None else [deal.team_meld(t) for t in range(2)],
        "meld_counts": [bool(w) for w in deal.tricks_won],
        "points_taken": list(match.points_taken(deal)),
        "hand_points": list(hands),
        "tricks_won": list(deal.tricks_won),
        "trick": [{"seat": s, "card": c} for s, c in deal.trick],
        "tricks_played": (
            cache.tricks_played(deal)
            if cache is not None
            else [trick_json(t) for t in deal.history]
        ),
        "best_meld": None,
        "claimable": claimable,
        "claim_standing": (
            [match.claim_check(deal, t)[2] for t in range(2)] if claimable else None
        ),
    }


def _previous_json(deal: Deal) -> dict[str, Any]:
    """A scored deal as everyone may see it: the auction, trump, melds, tricks and scores.
    Hands never played stay unshown."""
    result = deal.result
    assert result is not None
    return {
        "number": deal.number,
        "dealer": deal.dealer,
        "bids": [c.to_json() for c in deal.calls],
        "bidder": deal.bidder,
        "bid": _bid_json(deal),
        "trump": deal.trump,
        "melds": melds_json(deal),
        "team_meld": None if deal.melds is None else [deal.team_meld(t) for t in range(2)],
        "end": result.end.value,
        "points": list(result.points),
        "melded": list(result.melded),
        "hand_points": list(result.hands),
        "scores": list(result.scores),
        "claim": claim_json(result.claim),
        "tricks_played": [trick_json(t) for t in deal.history],
        "tricks_won": list(deal.tricks_won),
    }


def _standing(match: Match) -> View:
    """The public view's fields that change only when a deal is scored."""
    finished = match.finished_deals
    return {
        "totals": list(match.totals),
        "team_totals": [match.team_total(t) for t in range(2)],
        "scoresheet": scoresheet(match.seats, match.options, scored_deals(match, 0)),
        "previous_deal": _previous_json(finished[-1]) if finished else None,
    }


def _public_view(match: Match, cache: ViewCache | None) -> View:
    current = match.current
    standing = cache.standing(match) if cache is not None else _standing(match)
    return {
        "game": match.variant.name,
        "seats": match.seats,
        "seat": None,
        "teams": TEAMS_JSON,
        "phase": match.phase(),
        "to_act": None if match.to_act == TABLE else match.to_act,
        "first_dealer": match.first_dealer,
        "next_dealer": match.next_dealer if match.to_act == TABLE else None,
        "deals_played": match.deals_played,
        "deals_total": None,
        "target": match.rules.target,
        "totals": standing["totals"],
        "team_totals": standing["team_totals"],
        "options": dict(match.options),
        "winners": match.winners() if match.is_over else None,
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
        mine = dict(public["deal"])
        mine["hand"] = list(current.hands[seat])
        if current.bidder is None and match.rules.announcements:
            # what the seat's own hand allows it to announce: its own knowledge
            mine["best_meld"] = match.best_meld(current, seat)
        own["deal"] = mine
    own["legal"] = legal(match, seat)
    return own
