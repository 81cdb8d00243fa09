"""A state of the deal in progress rebuilt from one seat's view, its hidden cards dealt anew
(OpenSpiel's ``ResampleFromInfostate``), for computer players that sample.

The hidden cards are the other active hands, the widow until it is turned, and the bidder's
buried cards for everyone but the bidder. They are spread over those places uniformly among
the arrangements the view allows: a player who did not follow suit holds none of it, one who
also did not trump holds no trump, one who played a trump that did not beat a trump lead
holds none that would have; the widow's cards and the meld's are the bidder's (the meld's in
his hand, not buried).

The deal and its auction are then replayed as actions, so the hands and the widow are a
genuine deal; the bidder's trump, meld, burial and concessions are set as they stand (how
he arrived at them, through provisional changes, is not in a view), and the tricks are
played again as actions.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Final

from ...assign import Assignment, NoDealFits
from ...cards import Card
from ...game import TABLE, View
from .. import melds as meld_rules
from .rules import CARDS, LAYOUTS, RANKS, active_seats, sort_cards
from .state import Match, deal_action, parse_action

WIDOW_PLACE: Final = "widow"
BURIED_PLACE: Final = "buried"
_STRENGTH: Final = {r: len(RANKS) - i for i, r in enumerate(RANKS)}


def resample(view: View, rng: random.Random) -> Match:
    match = Match(view["seats"], view["options"], view["first_dealer"])
    match.totals = list(view["totals"])
    match.kitty = view["kitty"]
    match.base = view["deals_played"]
    shown = view["deal"]
    if view["phase"] == "match_over":
        match.share = view["share"]
        match.to_act = None
        return match
    if shown is None:
        match.to_act = TABLE
        match.next_dealer = view["next_dealer"]
        return match
    match.next_dealer = shown["dealer"]
    hands, widow, buried = _places(view, shown, rng)
    _rebuild(match, shown, hands, widow, buried)
    return match


def _played(d: dict[str, Any]) -> list[tuple[int, Card, Card, str | None]]:
    """Every card played so far with the trick's led card and best card before it:
    (seat, card, led, best before it); the leader's own has ``None``."""
    out: list[tuple[int, Card, Card, str | None]] = []
    trump = d["trump"]
    tricks = [t["cards"] for t in d["tricks_played"]] + [d["trick"]]
    for cards in tricks:
        best: Card | None = None
        for entry in cards:
            card = entry["card"]
            led = cards[0]["card"]
            out.append((entry["seat"], card, led, best))
            if best is None or _beats(card, best, led, trump):
                best = card
    return out


def _beats(card: Card, best: Card, led: Card, trump: str | None) -> bool:
    if card[1] == best[1]:
        return _STRENGTH[card[0]] > _STRENGTH[best[0]]
    return card[1] == trump


def _bans(d: dict[str, Any]) -> dict[int, set[Card]]:
    """Cards each seat cannot hold now, by how it played (§9)."""
    trump = d["trump"]
    bans: dict[int, set[Card]] = {s: set() for s in d["active"]}
    for seat, card, led, best in _played(d):
        if best is None:
            continue
        suit = led[1]
        if card[1] != suit:
            bans[seat].update(r + suit for r in RANKS)
            if trump is not None and card[1] != trump:
                bans[seat].update(r + trump for r in RANKS)
        elif suit == trump and best[1] == trump and not _beats(card, best, led, trump):
            bans[seat].update(r + trump for r in RANKS if _STRENGTH[r] > _STRENGTH[best[0]])
    return bans


def _places(
    view: View, d: dict[str, Any], rng: random.Random
) -> tuple[dict[int, list[Card]], list[Card], list[Card] | None]:
    """Each active hand as it is now, the widow and the buried cards (``None`` while none)."""
    seat: int | None = view["seat"]
    bidder: int | None = d["bidder"]
    everything = _played(d)
    played = Counter(c for _, c, _, _ in everything)
    bidder_played = Counter(c for s, c, _, _ in everything if s == bidder)
    sizes = list(d["hand_sizes"])
    hands: dict[int, list[Card]] = {s: [] for s in d["active"]}
    seen = Counter(played)
    own_buried: list[Card] | None = None
    if seat in hands:
        hands[seat] = list(d["hand"])
        seen.update(d["hand"])
        if seat == bidder and d["buried"] is not None:
            own_buried = list(d["buried"])
            if d["led"]:
                seen.update(own_buried)
            else:  # buried cards are still in the hand until the first lead
                hands[seat] = _minus(hands[seat], own_buried)
    fixed: Counter[Card] = Counter()
    possessed: Counter[Card] = Counter()
    if bidder is not None and d["widow_turned"] and seat != bidder:
        meld = Counter(d["meld"]["cards"]) if d["meld"] else Counter()
        fixed = meld - bidder_played
        possessed = ((Counter(d["widow"]) | meld) - bidder_played) - fixed
        hands[bidder] = sort_cards(fixed.elements())
        seen.update(fixed)
    pool = Counter(CARDS) - seen
    caps: list[int] = []
    names: list[object] = []
    for s in d["active"]:
        if s != seat:
            names.append(s)
            aside = d["buried_count"] if s == bidder and not d["led"] else 0
            caps.append(sizes[s] - aside - len(hands[s]))
    if not d["widow_turned"]:
        names.append(WIDOW_PLACE)
        caps.append(3)
    hidden_burial = bidder is not None and d["buried_count"] and seat != bidder
    if hidden_burial:
        names.append(BURIED_PLACE)
        caps.append(d["buried_count"])
    bans = _bans(d)
    places: dict[tuple[Card, int], list[int]] = {}
    copy = 0
    for card, n in sorted(pool.items()):
        for k in range(n):
            copy += 1
            reserved = k < possessed[card]  # a widow card is the bidder's, in hand or buried
            allowed = []
            for i, name in enumerate(names):
                if name == BURIED_PLACE:
                    ok = True
                elif name == WIDOW_PLACE:
                    ok = not reserved
                else:
                    assert isinstance(name, int)
                    ok = card not in bans[name] and (not reserved or name == bidder)
                if ok:
                    allowed.append(i)
            places[(card, copy)] = allowed
    try:
        drawn = Assignment.of(places, tuple(caps)).draw(rng)
    except NoDealFits:
        raise ValueError("no arrangement of the hidden cards fits the view") from None
    widow = list(d["widow"]) if d["widow_turned"] else []
    buried = own_buried
    for name, cards in zip(names, drawn, strict=True):
        got = [c for c, _ in cards]
        if name == WIDOW_PLACE:
            widow = got
        elif name == BURIED_PLACE:
            buried = got
        else:
            assert isinstance(name, int)
            hands[name] += got
    return hands, widow, buried


def _minus(cards: list[Card], gone: list[Card]) -> list[Card]:
    left = Counter(cards)
    left.subtract(gone)
    return sort_cards(left.elements())


def _rebuild(
    match: Match,
    d: dict[str, Any],
    hands: dict[int, list[Card]],
    widow: list[Card],
    buried: list[Card] | None,
) -> None:
    """Deal the cards that lead to ``hands``, replay the auction, set the bidder's choices
    and replay the tricks."""
    bidder: int | None = d["bidder"]
    played_by: dict[int, list[Card]] = {s: [] for s in d["active"]}
    for t in [*(t["cards"] for t in d["tricks_played"]), d["trick"]]:
        for entry in t:
            played_by[entry["seat"]].append(entry["card"])
    dealt: dict[int, list[Card]] = {}
    for s in d["active"]:
        cards = hands[s] + played_by[s]
        if s == bidder and buried is not None:
            cards += buried
        if s == bidder and d["widow_turned"]:
            cards = _minus(cards, widow)
        dealt[s] = cards
    active = active_seats(match.seats, d["dealer"])
    queues = [list(dealt[s]) for s in active] + [list(widow)]
    packets = match.options["packets"]
    assert isinstance(packets, int)
    pack = [queues[place].pop() for place in LAYOUTS[packets]]
    match.apply(TABLE, deal_action(pack))
    for entry in d["auction"]:
        text = "pass" if entry["bid"] is None else f"bid:{entry['bid']}"
        match.apply(entry["seat"], parse_action(text))
    if bidder is None:
        return
    deal = match.deals[-1]
    if d["widow_turned"] and not deal.widow_turned:
        match.apply(bidder, parse_action("widow"))
    if not d["widow_turned"]:
        return
    deal.trump = d["trump"]
    if d["trump"] is not None:
        deal.actions.append((bidder, f"trump:{d['trump']}"))
    if d["meld"] is not None:
        deal.shown = list(d["meld"]["cards"])
        deal.ledger.show_only(bidder, deal.shown)
        deal.melds = meld_rules.best(deal.shown, d["trump"]) if d["trump"] else []
        deal.actions.append((bidder, meld_rules.meld_text(deal.melds)))
    if buried is not None:
        deal.buried = sort_cards(buried)
        deal.actions.append((bidder, "bury:" + ",".join(deal.buried)))
    for c in d["concessions"]:
        deal.conceded[c["seat"]] = c["value"]
        deal.actions.append((c["seat"], "concede"))
    deal.step = deal.next_step()
    for t in [*(t["cards"] for t in d["tricks_played"]), d["trick"]]:
        for entry in t:
            match.apply(entry["seat"], parse_action(f"play:{entry['card']}"))
