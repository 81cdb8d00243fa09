"""A state of the deal in progress dealt anew from one seat's view (OpenSpiel's
``ResampleFromInfostate``), for computer players that sample: the ledger's resampler
(:func:`~app.engine.trick_game.make_resample`), told what the partnership pinochles' views
word their own way (docs/engine.md §7.4).

The hidden cards are the other hands, less the cards their melds show, spread uniformly
among the arrangements the play allows (a suit not followed, no trump where a seat neither
followed nor trumped, none above a trump that did not beat a trump lead: cards barred). The
melds shown are every hand's best, so they also say what a hand does not hold: once they are
shown, a seat's view states each meld set as held exactly as often as shown (the ledger's
``exactly``, :mod:`app.engine.clauses`). Draws that do not fit the announcements are drawn
again, a bounded number of times, which keeps the draw uniform among the deals that fit.

Before the melds, for a spectator's view (four hands to count: it can take seconds, and no
player samples from it) and where counting would take too long
(:data:`~app.engine.clauses.MOST_COUNTS`), draws are checked against the melds as well. Should
none fit (twenty-card double-deck hands meld so easily that most random draws show a meld
their player did not), the last is repaired by swaps between the hidden hands (:class:`Fit`),
and kept as it is should even that fail, the auction and melds set as the view shows them. No
past is invented, so a sample has no record.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import cache, partial
from typing import Any, Final

from ...assign import NoDealFits
from ...cards import SUITS, Card
from ...clauses import TooManyCounts
from ...game import Termination, View
from ...trick_game import make_resample, played_tricks
from ...tricks import TrickRules, revealed
from ..melds import Meld, best_value, kinds, shown_cards, sort_cards
from .state import Call, Deal, Match, match_of
from .variant import SEATS, Variant, flag_held, team_of

TRIES: Final = 100
"""Draws tried for one that fits the announcements and melds before the last is repaired."""
REPAIR_STEPS: Final = 3000
"""Swaps tried to repair a draw that does not fit before it is kept as it is."""
UPHILL: Final = 0.2
"""The chance a repair keeps a swap that takes two hands one step further from fitting (and
its square, two steps): enough to leave a dead end, not to wander off."""
SPREAD_STEPS: Final = 40
"""Swaps tried, each kept only when every hand still fits, to spread a repaired draw."""
GROUPS: Final = {m.kind: m.group for m in kinds(SUITS[0])}
"""Each meld kind's class, which a meld rebuilt from a view needs."""


def resampler(variant: Variant) -> Callable[[View, random.Random], Match]:
    """``variant``'s ``resample``: a match whose deal in progress shows ``view["seat"]``
    exactly what ``view`` does, the cards hidden from that seat dealt anew: once the melds
    are shown, uniformly among the deals that meld what they showed where that can be
    counted (the melds stated to the ledger), else drawn and checked."""
    match = match_of(variant)
    dix = variant.meld_table.dix > 0
    barred = partial(_bans, variant.trick_rules)
    exact, checked = (
        make_resample(match, partial(_restore, exact=e), partial(_shown, dix=dix, exact=e), barred)
        for e in (True, False)
    )

    def resample(view: View, rng: random.Random) -> Match:
        d = view["deal"]
        if d is not None and d["melds"] is not None and view["seat"] is not None:
            try:
                return exact(view, rng)
            except (NoDealFits, TooManyCounts):
                pass
        return checked(view, rng)

    return resample


def shown_melds(entry: Mapping[str, Any]) -> list[Meld]:
    return [
        Meld(m["kind"], tuple(m["cards"]), m["value"], GROUPS[m["kind"]], m["times"])
        for m in entry["melds"]
    ]


@cache
def meld_sets(trump: str, dix: bool) -> tuple[tuple[Card, ...], ...]:
    """Every meld set with ``trump``, as :func:`signature` counts them: held ``n`` times when
    its scarcest card is held ``n`` times (the royal marriage counted with the flushes, which
    the flush's own set settles)."""
    return tuple(m.cards for m in kinds(trump) if dix or m.kind != "dix")


def _bans(rules: TrickRules, view: View) -> list[set[Card]]:
    """Cards each seat cannot hold now, by how it played (§6)."""
    d = view["deal"]
    return revealed(played_tricks(d), d["trump"], rules, SEATS).cards(rules.ranks)


def _played_by(d: Mapping[str, Any]) -> list[list[Card]]:
    out: list[list[Card]] = [[] for _ in range(SEATS)]
    for trick in played_tricks(d):
        for seat, card in trick:
            out[seat].append(card)
    return out


def _shown(view: View, dix: bool, exact: bool) -> dict[str, Any]:
    """The deal's view in the ledger's terms: the hands' sizes, each seat's meld cards still
    held as cards every seat has seen, the cards each seat played and, where ``exact`` once
    the melds are shown, each other seat's meld sets (with a dix where ``dix``) held
    ``exactly`` as often as shown."""
    d = view["deal"]
    seat: int | None = view["seat"]
    played = _played_by(d)
    known: list[list[Card]] = [[] for _ in range(SEATS)]
    exactly: list[list[tuple[tuple[Card, ...], int]]] = [[] for _ in range(SEATS)]
    if d["melds"] is not None:
        sets = meld_sets(d["trump"], dix)
        for s in range(SEATS):
            shown = Counter(shown_cards(shown_melds(d["melds"][s])))
            known[s] = sort_cards((shown - Counter(played[s])).elements())
            if exact and s != seat:
                exactly[s] = [(cards, min(shown[c] for c in cards)) for cards in sets]
    return {**d, "hand": d["hand"] or [], "known": known, "exactly": exactly, "played": played}


def _restore(match: Match, deal: Deal | None, view: View, rng: random.Random, exact: bool) -> None:
    """The match's and the deal's own fields from the view; then, where the draw was not
    made to fit the view (the announcements, and the melds where they were not stated), it
    is drawn again until it fits, or repaired."""
    if deal is None:
        if view["phase"] == "match_over":
            match.winner = team_of(view["winners"][0])
            match.ended = Termination(view["termination"])
        return
    d = view["deal"]
    deal.calls = [Call(**c) for c in d["bids"]]
    high = next((c for c in reversed(d["bids"]) if c["bid"] is not None), None)
    if high is not None:
        deal.high, deal.high_seat = high["bid"], high["seat"]
    deal.out = list(d["passed"])
    deal.announced = list(d["announced"])
    deal.bidder = d["bidder"]
    deal.points = list(d["points_taken"])
    if d["melds"] is not None:
        deal.show([shown_melds(entry) for entry in d["melds"]])
    calls = any(c["call"] == "announce" or c["flag"] for c in d["bids"])
    if calls or (d["melds"] is not None and not exact):
        _fit(match, deal, view, rng)
    played = _played_by(d)
    deal.hands_dealt = [sort_cards([*deal.ledger.hand(s), *played[s]]) for s in range(SEATS)]


def _fit(match: Match, deal: Deal, view: View, rng: random.Random) -> None:
    """Draw the hidden cards again until the hands fit the calls and melds the view shows,
    :data:`TRIES` draws in all, else repair the last."""
    d = view["deal"]
    seat: int | None = view["seat"]
    ledger = deal.ledger
    others = [s for s in range(SEATS) if s != seat]
    fit = Fit(match, d, others)
    again = ledger.deal_again
    assert again is not None
    for tried in range(TRIES):
        hands = [ledger.hand(s) for s in others]
        if not any(fit.misfit(s, h) for s, h in zip(others, hands, strict=True)):
            return
        if tried < TRIES - 1:
            # the draw's constraints are the first draw's: set up once, drawn again at a
            # draw's cost
            again(rng, afresh=tried == 0)
    fixed = {s: ledger.known_in_hand(s, seat) for s in others}
    drawn = [
        list((Counter(h) - Counter(fixed[s])).elements())
        for s, h in zip(others, hands, strict=True)
    ]
    bans = _bans(match.VARIANT.trick_rules, view)
    drawn = fit.repair(fixed, drawn, bans, rng)
    ledger.lay_hidden(seat, dict(zip(others, drawn, strict=True)))


class Fit:
    """Whether hands dealt so could have made the calls and shown the melds of a view, hand
    by hand: a hand's misfit counts the meld sets it holds more or fewer times than it
    showed, and the calls it could not have made."""

    def __init__(self, match: Match, d: Mapping[str, Any], seats: Sequence[int]) -> None:
        self.table = match.VARIANT.meld_table
        self.long_suit = match.settings.long_suit
        self.trump: str | None = d["trump"]
        self.played_by = _played_by(d)
        self.seats = list(seats)
        self.calls: dict[int, list[Mapping[str, Any]]] = {s: [] for s in range(SEATS)}
        for call in d["bids"]:
            if call["announced"] is not None or call["flag"]:
                self.calls[call["seat"]].append(call)
        self.targets: dict[int, tuple[int, ...]] = {}
        if d["melds"] is not None and self.trump is not None:
            for s in range(SEATS):
                shown = Counter(shown_cards(shown_melds(d["melds"][s])))
                self.targets[s] = signature(shown, self.trump, self.table.dix > 0)

    def misfit(self, seat: int, now: Sequence[Card]) -> int:
        """How far the hand ``seat`` holds now (its played cards added back) is from what
        the view shows of it; 0 when it fits."""
        dealt = [*now, *self.played_by[seat]]
        out = 0
        for call in self.calls[seat]:
            if call["announced"] is not None and call["announced"] > best_value(dealt, self.table):
                out += 1
            if call["flag"] and not flag_held(dealt, call["flag"], self.long_suit):
                out += 1
        target = self.targets.get(seat)
        if target is not None:
            assert self.trump is not None
            held = signature(Counter(dealt), self.trump, self.table.dix > 0)
            out += sum(abs(a - b) for a, b in zip(held, target, strict=True))
        return out

    def repair(
        self,
        fixed: Mapping[int, list[Card]],
        drawn: list[list[Card]],
        bans: Sequence[set[Card]],
        rng: random.Random,
    ) -> list[list[Card]]:
        """Swap drawn cards between the hidden hands (as the play allows), keeping a swap
        that takes the two hands no further from fitting and, now and then, one that does,
        until all fit; then spread the result with swaps that keep every hand fitting. The
        draw that came closest, fitting or not."""
        seats = self.seats
        loose = [list(got) for got in drawn]
        misfit = [self.misfit(s, [*fixed[s], *got]) for s, got in zip(seats, loose, strict=True)]

        def swap(i: int, j: int, uphill: float) -> None:
            a, b = loose[i], loose[j]
            if not a or not b:
                return
            x, y = rng.randrange(len(a)), rng.randrange(len(b))
            ci, cj = a[x], b[y]
            si, sj = seats[i], seats[j]
            if ci == cj or ci in bans[sj] or cj in bans[si]:
                return
            a[x], b[y] = cj, ci
            new_i = self.misfit(si, [*fixed[si], *a])
            new_j = self.misfit(sj, [*fixed[sj], *b])
            worse = new_i + new_j - misfit[i] - misfit[j]
            if worse <= 0 or (uphill and rng.random() < uphill**worse):
                misfit[i], misfit[j] = new_i, new_j
            else:
                a[x], b[y] = ci, cj

        closest = (sum(misfit), [list(got) for got in loose])
        places = range(len(seats))
        for _ in range(REPAIR_STEPS):
            wrong = [i for i in places if misfit[i]]
            if not wrong:
                break
            i = rng.choice(wrong)
            swap(i, rng.choice([k for k in places if k != i]), UPHILL)
            if sum(misfit) < closest[0]:
                closest = (sum(misfit), [list(got) for got in loose])
        if any(misfit):
            return closest[1]
        for _ in range(SPREAD_STEPS):
            i, j = rng.sample(places, 2)
            swap(i, j, 0.0)
        return loose


def signature(held: Counter[Card], trump: str, dix: bool) -> tuple[int, ...]:
    """How many times ``held`` holds each meld set with ``trump`` (Clarification 4), in the
    order of :func:`meld_sets`: flushes, royal marriages beyond them, each plain suit's
    marriages, pinochles, dixes, and each rank around. Two hands meld the same exactly when
    their signatures are equal."""
    out = [min(held[c] for c in cards) for cards in meld_sets(trump, dix)]
    out[1] -= out[0]  # the K and Q of a flush are not a royal marriage as well
    return tuple(out)
