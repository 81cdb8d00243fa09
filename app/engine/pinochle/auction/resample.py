"""A state of the deal in progress dealt anew from one seat's view (OpenSpiel's
``ResampleFromInfostate``), for computer players that sample.

:func:`resample` is the ledger's resampler (:func:`make_resample`), told what auction
pinochle's view words its own way. The hidden cards are the other active hands, the widow
until it is turned, and the bidder's burial for everyone but the bidder. They are spread over
those places uniformly among the arrangements the view allows: a player who did not follow
suit holds none of it, one who also did not trump holds no trump, one whose trump did not beat
a trump lead holds none that would have (the last two as cards barred); the meld's cards lie
in the bidder's hand, and the widow's cards not in it lie with him, in his hand or his burial
(a widow card of a suit he showed he lacks was buried). Before his first lead the burial is
still in his hand: for the others it is three of his cards no meld shows, drawn at random, so
each burial his hand allows is as likely. No past is invented, so a sample has no record.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ...cards import Card
from ...game import View
from ...ledger import Place
from ...trick_game import make_resample, played_tricks
from ...tricks import Revealed, revealed
from .. import melds as meld_rules
from ..melds import sort_cards
from .rules import BURY_SIZE, PINOCHLE, WIDOW_SIZE
from .state import Deal, Match


def _revealed(view: View) -> Revealed:
    """Per seat, the suits it showed it lacks, and the cards its play shows it cannot hold
    beyond them (§9)."""
    d = view["deal"]
    return revealed(played_tricks(d), d["trump"], PINOCHLE, view["seats"])


def _shown(view: View) -> dict[str, Any]:
    """The deal's view in the base's and the ledger's terms: the hands' sizes, the bidder's
    cards everyone saw (the widow and the meld in his hand; the widow's cards not in the meld
    ``held`` by him once he may have buried them), his burial once laid away, the widow face
    down in the stock until turned, the voids play showed and the leader."""
    d = view["deal"]
    seat: int | None = view["seat"]
    seats: int = view["seats"]
    bidder: int | None = d["bidder"]
    known: list[list[Card]] = [[] for _ in range(seats)]
    held: list[list[Card]] = [[] for _ in range(seats)]
    buried: list[list[Card | None]] = [[] for _ in range(seats)]
    shown = {
        **d,
        "hand": d["hand"] or [],
        "hand_sizes": [n or 0 for n in d["hand_sizes"]],
        "leader": (d["dealer"] + 1) % seats if d["leader"] is None else d["leader"],
        "stock": 0 if d["widow_turned"] else WIDOW_SIZE,
        "turned": None,
        "voids": _revealed(view).voids,
        "known": known,
        "held": held,
        "buried": buried,
    }
    if bidder is None or not d["widow_turned"]:
        return shown
    widow = Counter(d["widow"])
    meld = Counter(d["meld"]["cards"]) if d["meld"] else Counter()
    played = Counter(card for trick in played_tricks(d) for s, card in trick if s == bidder)
    # a meld's cards cannot be buried and a card everyone saw is played before its unseen
    # copy: what is left of the meld is in the hand, what is left of the widow beyond it with
    # the bidder (before his first lead, in his hand too)
    fixed = meld - played
    public = (widow | meld) - played
    if not d["led"]:
        known[bidder] = sort_cards(public.elements())
    elif seat == bidder:  # his own burial he knows: nothing of his is dealt anew
        known[bidder] = sort_cards(fixed.elements())
        buried[bidder] = list(d["buried"])
    else:
        known[bidder] = sort_cards(fixed.elements())
        held[bidder] = sort_cards((public - fixed).elements())
        buried[bidder] = [None] * d["buried_count"]
    return shown


def _restore(match: Match, deal: Deal | None, view: View, rng: random.Random) -> None:
    match.kitty = view["kitty"]
    match.share = view["share"]
    if deal is None:
        return
    d = view["deal"]
    ledger = deal.ledger
    deal.minimum = d["minimum"]
    deal.bids = [(e["seat"], e["bid"]) for e in d["auction"]]
    deal.high = d["high_bid"] or 0
    deal.high_seat = d["high_bidder"]
    deal.out = list(d["passed"])
    bidder = deal.bidder = d["bidder"]
    deal.widow_turned = d["widow_turned"]
    if d["widow_turned"]:
        deal.widow = list(d["widow"])
    else:
        deal.widow = sort_cards(ledger.cards[i] for i in ledger.stock)
    deal.shown = list(d["meld"]["cards"]) if d["meld"] is not None else None
    if deal.shown is not None and deal.trump is not None:
        deal.melds = meld_rules.best(deal.shown, deal.trump)
    deal.conceded = {c["seat"]: c["value"] for c in d["concessions"]}
    deal.led = d["led"]
    if bidder is None or not d["widow_turned"]:
        return
    if not deal.led:
        _seen_as_dealt(deal, bidder)
    if not d["buried_count"]:
        return
    if d["buried"] is not None:  # the bidder's own view
        deal.buried = list(d["buried"])
    elif deal.led:
        places = zip(ledger.cards, ledger.place, strict=True)
        deal.buried = sort_cards(c for c, p in places if p is Place.BURIED)
    else:  # still in his hand: any three of it no meld shows
        deal.buried = sort_cards(rng.sample(match.unshown(deal), BURY_SIZE))


def _seen_as_dealt(deal: Deal, bidder: int) -> None:
    """Before his first lead the bidder may meld anew, which hides again what the pack did
    not show: of his cards everyone saw, the widow's were seen where the pack put them, the
    meld's only in his hand."""
    ledger = deal.ledger
    widow = Counter(deal.widow)
    mine = 1 << bidder
    for i in ledger.hands[bidder]:
        card = ledger.cards[i]
        if widow[card] and ledger.seen[i] == ledger.everyone:
            widow[card] -= 1
            ledger.pack_seen[i] = ledger.everyone
        else:
            ledger.pack_seen[i] = mine


resample = make_resample(Match, _restore, _shown, lambda view: _revealed(view).barred)
