"""Sixty-six kept on paper (``app/engine/paper.py``): per deal, the trump, who closed the
stock (and whether the other player had a trick by then), who claimed, and both players'
tricks and points as they stood when the deal ended. The rules check what those numbers can
show: the tricks a deal has by the way it ended, the points that tricks can hold, a claim
after the last trick, a closing once the stock was exhausted. The deal is settled by the
engine's own settlement, carried points and the next dealer included.

The cards are not entered, so the paper cannot check that the points are the cards and
marriages of the tricks entered, nor a marriage declared after closing, nor option
``claims_only_immediately``: the table answers for those.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..cards import SUITS, Suit
from ..errors import IllegalAction
from ..game import Options, ScoredDeal
from ..paper import Entry, PaperDeal, choice, keep, seat_number
from ..trick_game import scored_deals
from .rules import (
    CARDS,
    HAND_SIZE,
    LAST_TRICK_BONUS,
    MARRIAGE_IN_TRUMPS,
    MARRIAGE_PLAIN,
    End,
    Settlement,
    card_points,
    settle_claim,
    settle_played_out,
)
from .state import Deal, Match

NOBODY: Final = "nobody"
SEATS: Final = ("0", "1")
"""A seat as a choice of the form (``closed_by``, ``claimed_by``)."""
YES: Final = "yes"
NO: Final = "no"

TRICKS: Final = len(CARDS) // 2
"""Tricks of a deal played out that nobody closed (12)."""
DRAW_ROUNDS: Final = (len(CARDS) - 2 * HAND_SIZE) // 2
"""Tricks after which the stock is exhausted (6): a closing comes before that many."""
CARD_TOTAL: Final = card_points(CARDS)
MARRIAGE_STEP: Final = MARRIAGE_PLAIN
"""Every sum of marriages is a multiple of 20 (40 in trumps, 20 otherwise)."""
MARRIAGES_MOST: Final = MARRIAGE_IN_TRUMPS + 3 * MARRIAGE_PLAIN
MOST_POINTS: Final = CARD_TOTAL + MARRIAGES_MOST + LAST_TRICK_BONUS


def _seat(choice: str) -> int | None:
    return None if choice == NOBODY else SEATS.index(choice)


def _choice(seat: int | None) -> str:
    return NOBODY if seat is None else SEATS[seat]


def _card_less(number: int, dealer: int, trump: Suit, closed_by: int | None) -> Deal:
    """A deal of which the table saw no card here: what the scoresheet keeps of it."""
    deal = Deal(number, dealer, 2, None)
    deal.trump = trump
    deal.closed_by = closed_by
    return deal


def _settle(
    match: Match,
    deal: Deal,
    tricks: Sequence[int],
    settled: Settlement,
    points: Sequence[int],
    claimant: int | None,
) -> None:
    # the match settles it as a deal played here: carried points, totals, next dealer, end
    deal.won = list(tricks)
    match.deals.append(deal)
    match.finish(deal, match.settle(deal, settled, (points[0], points[1]), claimant))


def _match(options: Options, first_dealer: int, deals: Sequence[ScoredDeal]) -> Match:
    """The match after ``deals``, each settled again as its detail says it was."""
    match = Match(2, options, first_dealer)
    for scored in deals:
        d = scored.detail
        deal = _card_less(scored.number, scored.dealer, d["trump"], d["closed_by"])
        settled = Settlement(End(d["end"]), d["winner"], d["game_points"])
        _settle(match, deal, d["tricks"], settled, d["points"], d["claimant"])
    return match


def next_deal(
    seats: int, options: Options, first_dealer: int, deals: Sequence[ScoredDeal]
) -> PaperDeal | None:
    match = _match(options, first_dealer, deals)
    if match.is_over:
        return None
    dealer = match.next_dealer
    both = (0, 1)
    fields = (
        choice("trump", SUITS),
        choice("closed_by", (NOBODY, *SEATS)),
        # only the closer's opponent's tricks at the closing matter (§11)
        choice("trick_at_close", (YES, NO), when=("closed_by", SEATS)),
        choice("claimed_by", (NOBODY, *SEATS)),
        seat_number("tricks", both, TRICKS),
        seat_number("points", both, MOST_POINTS),
    )
    facts = {"first_lead": 1 - dealer, "carried": match.carried}
    return PaperDeal(len(deals) + 1, dealer, fields, facts)


def _bad_total(field: str, entered: int, **allowed: int) -> IllegalAction:
    return IllegalAction(
        "paper_bad_total",
        f"the {field} sum to {entered}, which this deal cannot have",
        {"field": field, "sum": entered, **allowed},
    )


def _check_tricks(tricks: Sequence[int], closed_by: int | None, claimant: int | None) -> None:
    total = sum(tricks)
    if total > TRICKS:
        raise _bad_total("tricks", total, maximum=TRICKS)
    if closed_by is None:
        if claimant is None and total != TRICKS:
            raise _bad_total("tricks", total, total=TRICKS)
        if claimant is not None and total == TRICKS:
            # Clarification 1: the end of the twelfth trick ends the deal
            raise IllegalAction("claim_not_now", "no claim can follow the last trick")
        return
    # closed after k tricks (k < 6), a closed deal has k + 6 and a claim comes before the last
    most = DRAW_ROUNDS - 1 + HAND_SIZE - (0 if claimant is None else 1)
    if total > most:
        raise IllegalAction(
            "stock_exhausted",
            f"{total} tricks: the stock was exhausted before it was closed",
            {"sum": total},
        )
    if claimant is None and total < HAND_SIZE:
        raise _bad_total("tricks", total, minimum=HAND_SIZE, maximum=most)


def _check_trick_at_close(
    answer: str, tricks: Sequence[int], closed_by: int, claimant: int | None
) -> None:
    other = tricks[1 - closed_by]
    # without a trick at the closing, the opponent won only tricks played after it
    after = HAND_SIZE if claimant is None else HAND_SIZE - 1
    if (answer == YES and other == 0) or (answer == NO and other > after):
        raise IllegalAction(
            "paper_bad_value",
            f"the closer's opponent won {other} tricks in all",
            {"field": "trick_at_close"},
        )


def _check_points(
    points: Sequence[int], tricks: Sequence[int], closed_by: int | None, claimant: int | None
) -> None:
    for seat in (0, 1):
        if points[seat] and not tricks[seat]:
            # no card won, and marriages count only once a trick is won (§6)
            raise IllegalAction(
                "paper_bad_points",
                f"seat {seat} has points without a trick",
                {"field": "points", "seat": seat},
            )
    total = sum(points)
    if claimant is None and closed_by is None:
        # every card, the last trick's 10, and the marriages declared
        base = CARD_TOTAL + LAST_TRICK_BONUS
        if not (base <= total <= base + MARRIAGES_MOST and (total - base) % MARRIAGE_STEP == 0):
            raise IllegalAction(
                "paper_bad_points",
                f"the points of a deal played out are {base} and the marriages, not {total}",
                {"field": "points", "sum": total},
            )
    elif total > CARD_TOTAL + MARRIAGES_MOST:
        raise IllegalAction(
            "paper_bad_points",
            f"the points sum to {total}, more than the cards and marriages hold",
            {"field": "points", "sum": total},
        )


def _settlement(
    options: Mapping[str, Any],
    points: Sequence[int],
    tricks: Sequence[int],
    closed_by: int | None,
    trick_at_close: str | None,
    claimant: int | None,
) -> Settlement:
    at_close: list[int] | None = None
    if closed_by is not None:
        # the settlement reads only the closer's opponent's count (§11)
        at_close = [0, 0]
        at_close[1 - closed_by] = 1 if trick_at_close == YES else 0
    if claimant is not None:
        return settle_claim(claimant, points, tricks, closed_by, at_close)
    return settle_played_out(
        points, tricks, closed_by, at_close, bool(options["higher_total_wins"])
    )


def score(e: Entry) -> ScoredDeal:
    match = _match(e.options, e.first_dealer, e.deals)
    closed_by = _seat(e.given["closed_by"])
    claimant = _seat(e.given["claimed_by"])
    tricks: list[int] = e.given["tricks"]
    points: list[int] = e.given["points"]
    _check_tricks(tricks, closed_by, claimant)
    answer: str | None = e.given.get("trick_at_close")
    if closed_by is not None:
        assert answer is not None
        _check_trick_at_close(answer, tricks, closed_by, claimant)
    _check_points(points, tricks, closed_by, claimant)
    settled = _settlement(match.options, points, tricks, closed_by, answer, claimant)
    played = _card_less(e.deal.number, e.deal.dealer, e.given["trump"], closed_by)
    _settle(match, played, tricks, settled, points, claimant)
    return scored_deals(match, len(e.deals))[0]


def entry_of(deal: ScoredDeal) -> dict[str, Any]:
    """The entry that scores as ``deal``. Whether the closer's opponent had a trick at the
    closing is not kept; where it decided the game points they tell it, elsewhere any
    answer the tricks allow scores the same."""
    d = deal.detail
    closed_by: int | None = d["closed_by"]
    claimant: int | None = d["claimant"]
    entry: dict[str, Any] = {
        "trump": d["trump"],
        "closed_by": _choice(closed_by),
        "claimed_by": _choice(claimant),
        "tricks": list(d["tricks"]),
        "points": list(d["points"]),
    }
    if closed_by is not None:
        answers = (YES, NO) if d["tricks"][1 - closed_by] else (NO,)
        # higher_total_wins never applies to a closed deal, so it does not matter here
        entry["trick_at_close"] = next(
            (
                a
                for a in answers
                if _settlement(
                    {"higher_total_wins": False},
                    d["points"],
                    d["tricks"],
                    closed_by,
                    a,
                    claimant,
                ).game_points
                == d["game_points"]
            ),
            answers[0],
        )
    return entry


PAPER = keep(next_deal, score, entry_of)
