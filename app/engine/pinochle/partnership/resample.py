"""A state of the deal in progress rebuilt from one seat's view, its hidden cards dealt anew
(OpenSpiel's ``ResampleFromInfostate``), for computer players that sample.

The hidden cards are the other hands, less the cards their melds show (those stay with
their holders). They are spread over the hands uniformly among the arrangements the play
allows: a player who did not follow suit holds none of it, one who also did not trump holds
no trump, one who played a trump that did not beat a trump lead holds none that would have.
The announcements and melds a view shows also say what a hand is not: a hand that would
meld more, or could not have announced what it did, does not fit. Once the melds are shown,
the hands are dealt to meld exactly what they showed (meld_deal.py, uniformly among those
deals); draws that do not fit the announcements are drawn again, a bounded number of times,
which keeps the draw uniform among the deals that fit. Before the melds (the auction), for a
spectator's view and where counting the fitting deals would take too long, draws uniform
under the play's bans are checked against the melds as well. Should none fit (twenty-card
double-deck hands meld so easily that most random draws show a meld their player did not),
the last draw is repaired: cards are swapped between the hidden
hands, each swap kept when it leaves the hands no further from what the view shows, until
every hand fits, and a few swaps more that keep them fitting then spread the result. Should
even that fail, the draw is kept with the auction and the melds set as the view shows them,
so the rebuilt state always shows the same deal.

The deal is replayed as actions: the table's deal, the auction, trump and the tricks.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Final

from ...actions import Action
from ...assign import Assignment, NoDealFits
from ...cards import SUITS, Card
from ...game import TABLE, Termination, View
from ..melds import Meld, best_value, sort_cards
from .meld_deal import MeldDeal, meld_deal, meld_sets
from .state import Match, new_match
from .variant import SEATS, Variant, holds_flush, longest_suit, team_of

TRIES: Final = 100
"""Draws tried for one that fits the announcements and melds before the last is repaired."""
REPAIR_STEPS: Final = 3000
"""Swaps tried to repair a draw that does not fit before it is kept as it is."""
UPHILL: Final = 0.2
"""The chance a repair keeps a swap that takes two hands one step further from fitting (and
its square, two steps): enough to leave a dead end, not to wander off."""
SPREAD_STEPS: Final = 40
"""Swaps tried, each kept only when every hand still fits, to spread a repaired draw."""
GROUPS: Final = {
    "flush": "A",
    "royal_marriage": "A",
    "marriage": "A",
    "pinochle": "B",
    "dix": "B",
    "aces": "C",
    "kings": "C",
    "queens": "C",
    "jacks": "C",
}


def resample(variant: Variant, view: View, rng: random.Random) -> Match:
    match = new_match(variant, view["options"], view["first_dealer"])
    match.totals = list(view["totals"])
    match.base = view["deals_played"]
    shown = view["deal"]
    if view["phase"] == "match_over":
        match.to_act = None
        match.winner = team_of(view["winners"][0])
        match.ended = Termination(view["termination"])
        return match
    if shown is None:
        match.to_act = TABLE
        match.next_dealer = view["next_dealer"]
        return match
    match.next_dealer = shown["dealer"]
    hands = _places(variant, view, shown, rng)
    _rebuild(match, shown, hands)
    return match


def shown_melds(entry: Mapping[str, Any]) -> list[Meld]:
    return [
        Meld(m["kind"], tuple(m["cards"]), m["value"], GROUPS[m["kind"]], m["times"])
        for m in entry["melds"]
    ]


def _meld_cards(melds: Sequence[Meld]) -> Counter[Card]:
    need: Counter[Card] = Counter()
    for group in "ABC":
        in_group: Counter[Card] = Counter()
        for m in melds:
            if m.group == group:
                in_group.update(m.cards)
        need |= in_group
    return need


def _tricks(d: Mapping[str, Any]) -> list[list[dict[str, Any]]]:
    return [t["cards"] for t in d["tricks_played"]] + [d["trick"]]


def _bans(variant: Variant, d: Mapping[str, Any]) -> dict[int, set[Card]]:
    """Cards each seat cannot hold now, by how it played (§6)."""
    trump = d["trump"]
    ranks = variant.ranks
    strength = {r: len(ranks) - i for i, r in enumerate(ranks)}
    bans: dict[int, set[Card]] = {s: set() for s in range(SEATS)}
    for cards in _tricks(d):
        best_card: Card | None = None
        for entry in cards:
            seat, card = entry["seat"], entry["card"]
            if best_card is not None:
                suit = cards[0]["card"][1]
                if card[1] != suit:
                    bans[seat].update(r + suit for r in ranks)
                    if trump is not None and card[1] != trump:
                        bans[seat].update(r + trump for r in ranks)
                elif (
                    suit == trump
                    and best_card[1] == trump
                    and strength[card[0]] <= strength[best_card[0]]
                ):
                    bans[seat].update(
                        r + trump for r in ranks if strength[r] > strength[best_card[0]]
                    )
            if best_card is None or _beats(card, best_card, trump, strength):
                best_card = card
    return bans


def _beats(card: Card, best_card: Card, trump: str | None, strength: Mapping[str, int]) -> bool:
    if card[1] == best_card[1]:
        return strength[card[0]] > strength[best_card[0]]
    return card[1] == trump


def _played_by(d: Mapping[str, Any]) -> dict[int, list[Card]]:
    out: dict[int, list[Card]] = {s: [] for s in range(SEATS)}
    for cards in _tricks(d):
        for entry in cards:
            out[entry["seat"]].append(entry["card"])
    return out


def _places(
    variant: Variant, view: View, d: Mapping[str, Any], rng: random.Random
) -> dict[int, list[Card]]:
    """Each hand as it is now."""
    seat: int | None = view["seat"]
    played_by = _played_by(d)
    sizes = list(d["hand_sizes"])
    hands: dict[int, list[Card]] = {s: [] for s in range(SEATS)}
    seen: Counter[Card] = Counter(c for cards in played_by.values() for c in cards)
    if seat is not None:
        hands[seat] = list(d["hand"])
        seen.update(d["hand"])
    if d["melds"] is not None:
        for s in range(SEATS):
            if s != seat:
                known = _meld_cards(shown_melds(d["melds"][s])) - Counter(played_by[s])
                hands[s] = sort_cards(known.elements())
                seen.update(known)
    pool = Counter(variant.cards) - seen
    others = [s for s in range(SEATS) if s != seat]
    caps = tuple(sizes[s] - len(hands[s]) for s in others)
    bans = _bans(variant, d)
    check = any(c["call"] == "announce" or c["flag"] for c in d["bids"])
    long_suit = variant.settings(view["options"]).long_suit
    fit = Fit(variant, long_suit, d, played_by, others)
    fitting = _meld_deal(variant, d, hands, played_by, others, caps, pool, bans)
    if fitting is not None:
        for _ in range(TRIES):
            drawn = fitting.draw(rng)
            if not check or fit.all_fit(_dealt(hands, others, drawn)):
                break
        else:
            drawn = fit.repair(hands, drawn, bans, rng)
    else:
        checked = check or d["melds"] is not None
        drawn = _rejected(hands, others, caps, pool, bans, fit, checked, rng)
    out = {s: sort_cards([*hands[s], *got]) for s, got in zip(others, drawn, strict=True)}
    if seat is not None:
        out[seat] = hands[seat]
    return out


def _dealt(
    hands: Mapping[int, list[Card]], others: Sequence[int], drawn: Sequence[list[Card]]
) -> list[list[Card]]:
    return [[*hands[s], *got] for s, got in zip(others, drawn, strict=True)]


def _meld_deal(
    variant: Variant,
    d: Mapping[str, Any],
    hands: Mapping[int, list[Card]],
    played_by: Mapping[int, list[Card]],
    others: Sequence[int],
    caps: tuple[int, ...],
    pool: Counter[Card],
    bans: Mapping[int, set[Card]],
) -> MeldDeal | None:
    """The drawer of deals whose hands meld exactly what they showed (meld_deal.py), once the
    melds are shown; ``None`` before, for a spectator's view (four hands to deal: counting
    them can take seconds, and no player samples from it) or when it cannot serve
    (meld_deal.meld_deal)."""
    if d["melds"] is None or d["trump"] is None or len(others) == SEATS:
        return None
    shown = [_meld_cards(shown_melds(d["melds"][s])) for s in others]
    floor = [Counter(hands[s]) + Counter(played_by[s]) for s in others]
    sets = meld_sets(d["trump"], variant.meld_table.dix > 0)
    return meld_deal(caps, pool, [bans[s] for s in others], floor, shown, sets)


def _rejected(
    hands: Mapping[int, list[Card]],
    others: Sequence[int],
    caps: tuple[int, ...],
    pool: Counter[Card],
    bans: Mapping[int, set[Card]],
    fit: Fit,
    check: bool,
    rng: random.Random,
) -> list[list[Card]]:
    """Draws uniform under the bans, the first that fits the view (``check`` false: the first
    of all), or the last repaired."""
    places: dict[tuple[Card, int], list[int]] = {}
    copy = 0
    for card, n in sorted(pool.items()):
        allowed = [i for i, s in enumerate(others) if card not in bans[s]]
        for _ in range(n):
            copy += 1
            places[(card, copy)] = allowed
    try:
        assignment = Assignment.of(places, caps)
    except NoDealFits:
        raise ValueError("no arrangement of the hidden cards fits the view") from None
    drawn: list[list[Card]] = []
    for _ in range(TRIES):
        cards = assignment.draw(rng)
        drawn = [[c for c, _ in got] for got in cards]
        if not check or fit.all_fit(_dealt(hands, others, drawn)):
            return drawn
    return fit.repair(hands, drawn, bans, rng)


class Fit:
    """Whether hands dealt so could have made the calls and shown the melds of a view, hand
    by hand: a hand's misfit counts the meld sets it holds more or fewer times than it
    showed, and the calls it could not have made."""

    def __init__(
        self,
        variant: Variant,
        long_suit: int,
        d: Mapping[str, Any],
        played_by: Mapping[int, list[Card]],
        seats: Sequence[int],
    ) -> None:
        self.variant = variant
        self.long_suit = long_suit
        self.trump: str | None = d["trump"]
        self.played_by = played_by
        self.seats = list(seats)
        self.calls: dict[int, list[Mapping[str, Any]]] = {s: [] for s in range(SEATS)}
        for call in d["bids"]:
            if call["announced"] is not None or call["flag"]:
                self.calls[call["seat"]].append(call)
        self.targets: dict[int, tuple[int, ...]] = {}
        if d["melds"] is not None and self.trump is not None:
            for s in range(SEATS):
                shown = _meld_cards(shown_melds(d["melds"][s]))
                self.targets[s] = signature(shown, self.trump, variant.meld_table.dix > 0)

    def misfit(self, seat: int, now: Sequence[Card]) -> int:
        """How far the hand ``seat`` holds now (its played cards added back) is from what
        the view shows of it; 0 when it fits."""
        dealt = [*now, *self.played_by[seat]]
        out = 0
        calls = self.calls[seat]
        if calls:
            table = self.variant.meld_table
            for call in calls:
                if call["announced"] is not None and call["announced"] > best_value(dealt, table):
                    out += 1
                if call["flag"] == "flush" and not holds_flush(dealt):
                    out += 1
                if call["flag"] == "long_suit" and longest_suit(dealt) < self.long_suit:
                    out += 1
        target = self.targets.get(seat)
        if target is not None:
            assert self.trump is not None
            held = signature(Counter(dealt), self.trump, self.variant.meld_table.dix > 0)
            out += sum(abs(a - b) for a, b in zip(held, target, strict=True))
        return out

    def all_fit(self, hands: Sequence[Sequence[Card]]) -> bool:
        return all(not self.misfit(s, h) for s, h in zip(self.seats, hands, strict=True))

    def repair(
        self,
        fixed: Mapping[int, list[Card]],
        drawn: list[list[Card]],
        bans: Mapping[int, set[Card]],
        rng: random.Random,
    ) -> list[list[Card]]:
        """Swap drawn cards between the hidden hands (as the play allows), keeping a swap
        that takes the two hands no further from fitting and, now and then, one that does,
        until all fit; then spread the result with swaps that keep every hand fitting. The
        draw that came closest, fitting or not."""
        seats = self.seats
        loose = [list(got) for got in drawn]
        if len(seats) < 2:
            return loose
        misfit = [self.misfit(s, [*fixed[s], *got]) for s, got in zip(seats, loose, strict=True)]
        closest = (sum(misfit), [list(got) for got in loose])
        places = range(len(seats))
        for _ in range(REPAIR_STEPS):
            wrong = [i for i in places if misfit[i]]
            if not wrong:
                break
            i = rng.choice(wrong)
            j = rng.choice([k for k in places if k != i])
            self._swap(i, j, fixed, loose, bans, misfit, rng, UPHILL)
            if sum(misfit) < closest[0]:
                closest = (sum(misfit), [list(got) for got in loose])
        if any(misfit):
            return closest[1]
        for _ in range(SPREAD_STEPS):
            i, j = rng.sample(places, 2)
            self._swap(i, j, fixed, loose, bans, misfit, rng, 0.0)
        return loose

    def _swap(
        self,
        i: int,
        j: int,
        fixed: Mapping[int, list[Card]],
        loose: list[list[Card]],
        bans: Mapping[int, set[Card]],
        misfit: list[int],
        rng: random.Random,
        uphill: float,
    ) -> None:
        """Swap a random drawn card of place ``i`` with one of place ``j`` when the play
        allows it and the two hands end no further from fitting (or, at the chance
        ``uphill`` per step, further)."""
        a, b = loose[i], loose[j]
        if not a or not b:
            return
        x, y = rng.randrange(len(a)), rng.randrange(len(b))
        ci, cj = a[x], b[y]
        si, sj = self.seats[i], self.seats[j]
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


def signature(held: Counter[Card], trump: str, dix: bool) -> tuple[int, ...]:
    """How many times ``held`` holds each meld set with ``trump`` (Clarification 4): flushes,
    royal marriages beyond them, each plain suit's marriages, pinochles, dixes, and each
    rank around. Two hands meld the same exactly when their signatures are equal."""
    flushes = min(held[r + trump] for r in "ATKQJ")
    out = [flushes, min(held["K" + trump], held["Q" + trump]) - flushes]
    out.extend(min(held["K" + s], held["Q" + s]) for s in SUITS if s != trump)
    out.append(min(held["QS"], held["JD"]))
    out.append(held["9" + trump] if dix else 0)
    out.extend(min(held[r + s] for s in SUITS) for r in "AKQJ")
    return tuple(out)


def _call_text(call: Mapping[str, Any]) -> str:
    if call["call"] == "pass":
        return "pass"
    if call["call"] == "announce":
        return f"announce:{call['announced']}"
    flag = f":{call['flag']}" if call["flag"] else ""
    return f"bid:{call['bid']}{flag}"


def _rebuild(match: Match, d: Mapping[str, Any], hands: Mapping[int, list[Card]]) -> None:
    """Deal the cards that lead to ``hands``, repeat the auction, name trump, show the melds
    as the view does and replay the tricks."""
    played_by = _played_by(d)
    variant = match.variant
    queues = [[*hands[s], *played_by[s]] for s in range(SEATS)]
    pack = [queues[s].pop() for s in variant.layout(d["dealer"])]
    match.apply(TABLE, match.notation.deal_action(pack))
    for call in d["bids"]:
        match.repeat_call(call["seat"], match.notation.parse(_call_text(call)))
    if d["trump"] is None:
        return
    deal = match.deals[-1]
    assert deal.bidder is not None
    match.apply(deal.bidder, Action("trump", d["trump"]))
    deal.show([shown_melds(entry) for entry in d["melds"]])
    for cards in _tricks(d):
        for entry in cards:
            match.apply(entry["seat"], match.notation.play[entry["card"]])
