"""What one seat, or a spectator, may see of a Finnish Bismarck match.

Every byte about a match that leaves the server passes through :func:`view`, an allow-list:
each field is copied on purpose. A seat sees its own hand; everyone sees the four open cards
(public from the deal on: the table saw them before forehand took them up), every hand's
size, the tricks and the contract. Of the exchange everyone sees who passed how many cards
to whom; the cards themselves only the giver and the receiver.
"""

from __future__ import annotations

from typing import Any

from ... import view_cache
from ...cards import FULL_DECK, Card
from ...game import TABLE, View
from .deal import COUNT, Deal, Trick
from .notation import PLAY_TEXT
from .rules import NAME, SEATS, TEAMS, team_quotas, team_tricks
from .sheet import scored_deals, scoresheet
from .state import CONTRACT, EXCHANGE, PLAYING, Match

TEAMS_JSON = [list(members) for members in TEAMS]


class ViewCache(view_cache.ViewCache[Deal, Trick, Match]):
    """What one match's public view can no longer change (:mod:`app.engine.view_cache`):
    the finished tricks of the deal in progress, and what changes only when a deal is
    scored (the scoresheet, the last deal, the totals, the contracts left)."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(lambda _deal, trick: trick_json(trick), _standing)


def trick_json(trick: Trick) -> dict[str, Any]:
    return {
        "leader": trick.leader,
        "winner": trick.winner,
        "cards": [
            {"seat": (trick.leader + i) % SEATS, "card": c} for i, c in enumerate(trick.cards)
        ],
    }


def legal(match: Match, seat: int) -> dict[str, Any] | None:
    """What ``seat`` may do now, in the shape every game's views carry: the contracts left,
    a choice of cards for a pass (``count`` of ``from``), a choice of three cards for the
    share, the i-th to the i-th seat of ``to``, or the cards that may be played."""
    if seat != match.to_act or seat == TABLE:
        return None
    deal = match.deals[-1]
    if match.phase == CONTRACT:
        return {"kind": "contract", "actions": [str(a) for a in match.legal_actions(seat)]}
    if match.phase == EXCHANGE:
        step = deal.exchange.next_step
        assert step is not None
        hand = list(deal.hands[seat])
        if step == 2:
            return {
                "kind": "share",
                "count": COUNT[2],
                "from": hand,
                "to": list(deal.roles.receivers(2)),
            }
        return {"kind": "pass", "count": COUNT[step], "from": hand}
    if match.phase == PLAYING:
        return {"kind": "play", "actions": [PLAY_TEXT[c] for c in match.legal_cards()]}
    return None


def seen_passes(deal: Deal, seat: int | None) -> list[dict[str, Any]]:
    """The passes made so far in order: who gave how many cards to whom, and the cards to
    the giver and the receiver alone."""
    return [
        {
            "step": p.step,
            "from": p.giver,
            "to": p.receiver,
            "count": len(p.cards),
            "cards": list(p.cards) if seat in (p.giver, p.receiver) else None,
        }
        for p in deal.exchange.passes(deal.roles)
    ]


def seen_cards(deal: Deal, seat: int | None) -> set[Card]:
    """The cards of ``deal`` that ``seat`` (``None``: a spectator) has seen: the open cards,
    every card played, its own twelve and what it passed and was passed."""
    seen = set(deal.open) | set(deal.plays)
    if seat is not None:
        seen.update(deal.dealt[seat])
        for p in deal.exchange.passes(deal.roles):
            if seat in (p.giver, p.receiver):
                seen.update(p.cards)
    return seen


def hidden_cards(match: Match, seat: int | None) -> list[Card]:
    """The cards of the deal in progress ``seat`` has not seen, by the rules."""
    deal = match.current
    if deal is None:
        return []
    seen = seen_cards(deal, seat)
    return [c for c in FULL_DECK if c not in seen]


def _deal_json(deal: Deal, cache: ViewCache | None = None) -> dict[str, Any]:
    """What everyone may see of a deal; :func:`view` adds a seat's own hand and passes."""
    roles = deal.roles
    contract = deal.contract
    step = deal.exchange.next_step if contract is not None else None
    scores = deal.scores
    return {
        "number": deal.number,
        "dealer": deal.dealer,
        "forehand": roles.forehand,
        "dealer_partner": roles.dealer_partner,
        "forehand_partner": roles.forehand_partner,
        "open": list(deal.open),
        "open_taken": contract is not None,
        "trump_card": deal.open[0],
        "contract": contract,
        "trump": deal.trump,
        "forced": deal.forced,
        "quotas": team_quotas(contract, deal.dealer) if contract is not None else None,
        "exchange_step": step,
        "exchange": seen_passes(deal, None),
        "hand": None,
        "hand_sizes": [len(h) for h in deal.hands],
        "trick": [{"seat": s, "card": c} for s, c in deal.on_table()],
        "tricks_played": (
            cache.tricks_played(deal)
            if cache is not None and not deal.finished
            else [trick_json(t) for t in deal.history]
        ),
        "tricks": list(deal.tricks),
        "team_tricks": team_tricks(deal.tricks),
        "scores": list(scores) if scores is not None else None,
        "team_scores": [scores[members[0]] for members in TEAMS] if scores is not None else None,
    }


def _standing(match: Match) -> View:
    """The public view's fields that change only when a deal is scored."""
    finished = match.finished_deals
    return {
        "totals": list(match.totals),
        "team_totals": [match.totals[members[0]] for members in TEAMS],
        "contracts_left": [match.contracts_left(s) for s in range(SEATS)],
        "scoresheet": scoresheet(SEATS, {}, scored_deals(match, 0)),
        "previous_deal": _deal_json(finished[-1]) if finished else None,
    }


def _public_view(match: Match, cache: ViewCache | None) -> View:
    standing = cache.standing(match) if cache is not None else _standing(match)
    current = match.current
    return {
        "game": NAME,
        "seats": SEATS,
        "seat": None,
        "teams": [list(m) for m in TEAMS_JSON],
        "phase": match.phase,
        "to_act": None if match.to_act == TABLE else match.to_act,
        "first_dealer": match.first_dealer,
        "deals_played": match.deals_played,
        "deals_total": match.deals_total,
        "totals": standing["totals"],
        "team_totals": standing["team_totals"],
        "contracts_left": standing["contracts_left"],
        "winners": match.winners() if match.is_over else None,
        "scoresheet": standing["scoresheet"],
        "deal": _deal_json(current, cache) if current is not None else None,
        "previous_deal": standing["previous_deal"],
        "legal": None,
    }


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
        mine = dict(public["deal"])
        mine["hand"] = list(current.hands[seat])
        mine["exchange"] = seen_passes(current, seat)
        own["deal"] = mine
    own["legal"] = legal(match, seat)
    return own
