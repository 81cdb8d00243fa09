"""Deals of the deal in progress that fit what one seat was shown (OpenSpiel's
``ResampleFromInfostate``), for computer players that sample and for the view tests.

:func:`resample` is the ledger's resampler (:func:`~app.engine.trick_game.make_resample`),
told what Finnish Bismarck's view words its own way. Before the contract the open cards lie
on the table and the other twelves are dealt anew. After it the exchange is the ledger's
passes (:meth:`~app.engine.ledger.Ledger.redeal_passes`): a seat sees the passes it gave or
received, knows the open cards began the exchange in forehand's hand and its own sixteen or
twelve in its own, and who played each card; the cards it has not placed are dealt by their
paths through the passes, every history of the exchange that fits equally likely (as a
random deal and random passes make them), a player who did not follow the suit led holding
none of it. The history drawn gives the sample its pack (``Deal.dealt``) and its exchange,
and who has seen each card is as in a deal played; no action is replayed.
"""

from __future__ import annotations

from typing import Any

from ...cards import sorted_cards
from ...game import View
from ..family import resampler, shown_deal
from .deal import pack_for
from .rules import SEATS
from .state import Deal, Match


def _shown(view: View) -> dict[str, Any]:
    """The deal's view in the base's and the ledger's terms: :func:`shown_deal`'s and, after
    the contract, the passes, the cards each seat held when the exchange began as far as the
    viewer knows them, and the cards each seat played."""
    shown, tricks = shown_deal(view)
    d = view["deal"]
    seat: int | None = view["seat"]
    if d["contract"] is None:  # the open cards on the table, twelve in each hand
        return shown
    played: list[list[str]] = [[] for _ in range(SEATS)]
    for player, card in (entry for cards in tricks for entry in cards):
        played[player].append(card)
    began: list[list[str]] = [[] for _ in range(SEATS)]
    began[d["forehand"]] = list(d["open"])
    if seat is not None:  # its own cards when the exchange began: its passes undone
        own = set(shown["hand"]) | set(played[seat])
        for p in reversed(d["exchange"]):
            if p["from"] == seat:
                own.update(p["cards"])
            elif p["to"] == seat:
                own.difference_update(p["cards"])
        began[seat] = sorted(own | set(began[seat]))
    return {**shown, "passes": d["exchange"], "began": began, "played": played}


def _restore(deal: Deal, d: View) -> None:
    ledger = deal.ledger
    paths = ledger.paths
    if paths is None:  # before the contract: each hand as dealt
        dealt = [ledger.hand(s) for s in range(SEATS)]
    else:
        dealt = [[] for _ in range(SEATS)]
        passed: list[list[str]] = [[] for _ in d["exchange"]]
        for card, (origin, through) in paths.items():
            if card not in deal.open:
                dealt[origin].append(card)
            for j in through:
                passed[j].append(card)
        _exchange(deal, d["exchange"], passed)
        everyone = ledger.everyone
        for i, card in enumerate(ledger.cards):
            if card in deal.open:  # taken up face up: seen by all wherever it went
                ledger.seen[i] = ledger.pack_seen[i] = everyone
    deal.pack = tuple(pack_for(deal.open, dealt, deal.dealer))


def _exchange(deal: Deal, passes: list[dict[str, Any]], passed: list[list[str]]) -> None:
    """The exchange's record: the cards of each pass, as the viewer saw them where it did,
    the others in the order the notation gives a pass's cards (:func:`~.notation.pass_action`), as a
    pass played lies in the record."""
    exchange = deal.exchange
    share: dict[int, str] = {}
    for p, cards in zip(passes, passed, strict=True):
        chosen = tuple(p["cards"]) if p["cards"] is not None else tuple(sorted_cards(cards))
        if p["step"] == 2:
            share[p["to"]] = chosen[0]
        else:
            exchange = exchange.made(p["step"], chosen if p["step"] == 1 else chosen[0])
    if share:
        exchange = exchange.made(2, {s: share[s] for s in sorted(share)})
    deal.exchange = exchange


resample = resampler(Match, lambda seats, first_dealer: Match(first_dealer), _restore, _shown)
