"""Rubicon and Chinese bezique kept on paper (``app/engine/paper.py``): per deal, the trumps
(or none), each player's points (declarations, carte blanche and the last trick, as the
scoresheet shows them) and, in rubicon bezique, each player's brisques. The deal settles as
one played here (:func:`~.scoring.settle`), and the winner deals the next.

The rules check what they can without the cards: in Chinese bezique last deal's trumps are
not trumps again (Chinese §4); each player's points are a sum of what the deal can score
with those trumps (a declaration's value, carte blanche), one of them with the last trick
too; in rubicon bezique the brisques are tens and make the pack's 320.

What the table does not enter is not in the paper deal's detail: the declarations one by one
(their cards and the trick they followed), the carte blanche shown, and the tricks each
player won (Chinese bezique keeps them in one pile). The detail keeps every other key of a
deal played here, with the same values; those three are empty.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from copy import deepcopy
from functools import cache
from math import gcd
from typing import Any, Final

from ..cards import SUITS, Suit
from ..errors import IllegalAction
from ..game import Options, ScoredDeal, resolve_options_of
from ..paper import Entry, Paper, PaperDeal, choice, keep, seat_number
from .combinations import INFO, TRUMP_VALUE, Family, kinds_of, required, suits_of, value
from .scoring import settle
from .sheet import deals_total, settled_detail
from .variant import BRISQUE, BRISQUE_RANKS, OPTIONS, Variant

NO_TRUMPS: Final = "none"
"""The trump choice of a deal in which no marriage or sequence made trumps."""
SEATS: Final = (0, 1)

UNRECORDED: Final[Mapping[str, Any]] = {"tricks_won": None, "declarations": [], "carte_blanche": []}


@cache
def _scores(variant: Variant, trump: Suit | None, previous: Suit | None) -> frozenset[int]:
    """Every value one scoring item can have in a deal whose trumps end as ``trump``:
    each declaration the rules let it form (:func:`~.combinations.value`), carte blanche."""
    out = {variant.carte_blanche}
    for kind in kinds_of(variant):
        info = INFO[kind]
        plain_four = info.family is Family.FOUR and info.level == 1
        for suit in suits_of(kind):
            if not plain_four and not required(variant, kind, suit, trump):
                continue  # a Chinese bezique or a four of trumps needs trumps
            points, fixes = value(variant, kind, suit, trump, previous)
            if trump is None and fixes is not None:
                continue  # that marriage or sequence would have made trumps
            out.add(points)
    return frozenset(out)


@cache
def _sums_below(scores: frozenset[int]) -> tuple[int, int, tuple[bool, ...]]:
    """The common divisor of ``scores``, a bound in its units past which every multiple is
    a sum of them (Schur: the smallest times the largest), and which multiples up to it
    are."""
    unit = gcd(*scores)
    coins = sorted(s // unit for s in scores)
    bound = coins[0] * coins[-1]
    made = [True] + [False] * bound
    for n in range(1, bound + 1):
        made[n] = any(made[n - c] for c in coins if c <= n)
    return unit, bound, tuple(made)


def _sums(scores: frozenset[int], points: int) -> bool:
    """Whether ``points`` is a sum of ``scores``, each as often as wanted."""
    unit, bound, made = _sums_below(scores)
    if points < 0 or points % unit:
        return False
    return points // unit > bound or made[points // unit]


def make_paper(variant: Variant) -> Paper:
    """The paper of ``variant``: two seats, a fixed number of deals (option ``deals``)."""
    # every card is played to a trick, so the brisques won add up to the whole pack's
    brisques_total = sum(BRISQUE for card in variant.pack.cards if card[0] in BRISQUE_RANKS)
    # a bound on a player's points in a deal: a declaration of the highest value after
    # every trick with a stock, carte blanche with the hand and every draw, the last trick
    highest = max(max(i.points for i in INFO.values()), *TRUMP_VALUE.values())
    tricks = variant.stock_tricks
    most = tricks * highest + (tricks + 1) * variant.carte_blanche + variant.last_trick

    def next_deal(
        seats: int, options: Options, first_dealer: int, deals: Sequence[ScoredDeal]
    ) -> PaperDeal | None:
        if len(deals) >= deals_total(seats, resolve_options_of(OPTIONS, options, variant.title)):
            return None
        dealer = first_dealer
        for deal in deals:
            # the winner deals the next; after a drawn deal the other player (rubicon §2)
            winner = deal.detail["winner"]
            dealer = 1 - deal.dealer if winner is None else winner
        facts: dict[str, Any] = {"leader": 1 - dealer}
        previous: Suit | None = None
        if variant.no_trump_twice:
            # last deal's trumps, a drawn deal's included (Chinese Clarification 2)
            previous = facts["previous_trump"] = deals[-1].detail["trump"] if deals else None
        trumps = tuple(s for s in SUITS if s != previous)
        fields = [choice("trump", (*trumps, NO_TRUMPS)), seat_number("points", SEATS, most)]
        if variant.brisques:
            fields.append(seat_number("brisques", SEATS, brisques_total, brisques_total))
        return PaperDeal(len(deals) + 1, dealer, tuple(fields), facts)

    def refuse(deal: PaperDeal, entry: Mapping[str, Any]) -> None:
        chosen = entry.get("trump")
        previous = deal.facts.get("previous_trump")
        if chosen is not None and chosen == previous:
            raise IllegalAction(
                "trump_twice_running",
                f"{previous} were trumps last deal and cannot be trumps again (Chinese §4)",
                {"trump": chosen, "previous_trump": previous},
            )

    def score(e: Entry) -> ScoredDeal:
        previous = e.deal.facts.get("previous_trump")
        trump: Suit | None = None if e.given["trump"] == NO_TRUMPS else e.given["trump"]
        points: list[int] = e.given["points"]
        brisques: list[int] = e.given.get("brisques") or [0, 0]
        check_points(trump, previous, points)
        for seat in SEATS:
            if brisques[seat] % BRISQUE:
                raise IllegalAction(
                    "impossible_brisques",
                    f"brisques count {BRISQUE} for each ace or ten won: not {brisques[seat]}",
                    {"seat": seat, "brisques": brisques[seat]},
                )
        rounded = bool(resolve_options_of(OPTIONS, e.options, variant.title)["round_to_hundreds"])
        result = settle(variant, points, brisques, rounded)
        detail = {**settled_detail(variant, trump, previous, result), **deepcopy(UNRECORDED)}
        return e.scored(result.scores, detail)

    def check_points(trump: Suit | None, previous: Suit | None, points: list[int]) -> None:
        scores = _scores(variant, trump, previous)
        last = variant.last_trick
        for seat in SEATS:
            if not _sums(scores, points[seat]) and not _sums(scores, points[seat] - last):
                raise IllegalAction(
                    "impossible_points",
                    f"no declarations, carte blanche and last trick of a deal "
                    f"{'without trumps' if trump is None else 'with ' + trump + ' trumps'}"
                    f" make {points[seat]}",
                    {"seat": seat, "points": points[seat], "trump": trump},
                )
        if not any(
            _sums(scores, points[seat] - last) and _sums(scores, points[1 - seat]) for seat in SEATS
        ):
            raise IllegalAction(
                "last_trick_unscored",
                f"one player won the last trick: {last} is in one player's points",
                {"points": list(points), "last_trick": last},
            )

    def entry_of(deal: ScoredDeal) -> dict[str, Any]:
        detail = deal.detail
        entry: dict[str, Any] = {
            "trump": detail["trump"] or NO_TRUMPS,
            "points": list(detail["points"]),
        }
        if variant.brisques:
            entry["brisques"] = list(detail["brisques"])
        return entry

    return keep(next_deal, score, entry_of, refuse, unrecorded=UNRECORDED)
