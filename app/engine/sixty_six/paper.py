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
from functools import partial
from typing import Any, Final

from ..cards import SUITS, Suit
from ..errors import IllegalAction
from ..game import Options, ScoredDeal
from ..paper import Entry, Field, Paper, PaperDeal, choice, keep, seat_number
from ..trick_game import scored_deals
from .rules import (
    MARRIAGE_IN_TRUMPS,
    MARRIAGE_PLAIN,
    End,
    Settlement,
    Variant,
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

MARRIAGE_STEP: Final = MARRIAGE_PLAIN
"""Every sum of marriages is a multiple of 20 (40 in trumps, 20 otherwise)."""
MARRIAGES_MOST: Final = MARRIAGE_IN_TRUMPS + 3 * MARRIAGE_PLAIN


def _most_points(variant: Variant) -> int:
    return card_points(variant.cards) + MARRIAGES_MOST + variant.last_trick_bonus


def _seat(choice: str) -> int | None:
    return None if choice == NOBODY else SEATS.index(choice)


def _choice(seat: int | None) -> str:
    return NOBODY if seat is None else SEATS[seat]


def _card_less(
    cls: type[Match],
    number: int,
    dealer: int,
    trump: Suit,
    closed_by: int | None,
    closed_points: Sequence[int] | None = None,
) -> Deal:
    """A deal of which the table saw no card here: what the scoresheet keeps of it."""
    deal = cls.DEAL(number, dealer, 2, None)
    assert isinstance(deal, Deal)
    deal.trump = trump
    deal.closed_by = closed_by
    deal.closed_points = None if closed_points is None else list(closed_points)
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


def _match(
    cls: type[Match], options: Options, first_dealer: int, deals: Sequence[ScoredDeal]
) -> Match:
    """The match after ``deals``, each settled again as its detail says it was."""
    match = cls(2, options, first_dealer)
    for scored in deals:
        d = scored.detail
        deal = _card_less(
            cls, scored.number, scored.dealer, d["trump"], d["closed_by"], d.get("points_at_close")
        )
        settled = Settlement(End(d["end"]), d["winner"], d["game_points"])
        _settle(match, deal, d["tricks"], settled, d["points"], d["claimant"])
    return match


def next_deal(
    cls: type[Match],
    seats: int,
    options: Options,
    first_dealer: int,
    deals: Sequence[ScoredDeal],
) -> PaperDeal | None:
    match = _match(cls, options, first_dealer, deals)
    if match.is_over:
        return None
    variant = cls.VARIANT
    dealer = match.next_dealer
    both = (0, 1)
    # only the closer's opponent's tricks at the closing matter (§11); where the closer is
    # scored by the opponent's points then, those points, which tell the tricks too
    at_close = choice("trick_at_close", (YES, NO), when=("closed_by", SEATS))
    if variant.closer_scored_at_close:
        at_close = seat_number(
            "points_at_close", both, _most_points(variant), when=("closed_by", SEATS)
        )
    last: tuple[Field, ...] = ()
    if variant.last_trick_wins:
        # a deal played out goes to the last trick's winner, which the tricks do not tell
        last = (choice("last_trick", SEATS, when=("claimed_by", (NOBODY,))),)
    fields = (
        choice("trump", SUITS),
        choice("closed_by", (NOBODY, *SEATS)),
        at_close,
        choice("claimed_by", (NOBODY, *SEATS)),
        *last,
        seat_number("tricks", both, variant.tricks),
        seat_number("points", both, _most_points(variant)),
    )
    facts = {"first_lead": 1 - dealer, "carried": match.carried}
    return PaperDeal(len(deals) + 1, dealer, fields, facts)


def _bad_total(field: str, entered: int, **allowed: int) -> IllegalAction:
    return IllegalAction(
        "paper_bad_total",
        f"the {field} sum to {entered}, which this deal cannot have",
        {"field": field, "sum": entered, **allowed},
    )


def _check_tricks(
    variant: Variant, tricks: Sequence[int], closed_by: int | None, claimant: int | None
) -> None:
    total = sum(tricks)
    whole = variant.tricks
    hand = variant.hand_size
    if total > whole:
        raise _bad_total("tricks", total, maximum=whole)
    if closed_by is None:
        if claimant is None and total != whole:
            raise _bad_total("tricks", total, total=whole)
        if claimant is not None and total == whole:
            # Clarification 1: the end of the last trick ends the deal
            raise IllegalAction("claim_not_now", "no claim can follow the last trick")
        return
    # closed after k tricks (k < close_rounds), a closed deal has k + the hand's tricks, and
    # a claim comes before the last
    most = variant.close_rounds - 1 + hand - (0 if claimant is None else 1)
    if total > most:
        if variant.close_rounds == variant.draw_rounds:
            raise IllegalAction(
                "stock_exhausted",
                f"{total} tricks: the stock was exhausted before it was closed",
                {"sum": total},
            )
        raise IllegalAction(
            "talon_too_short",
            f"{total} tricks: the talon was too short to close before them",
            {"sum": total, "needed": variant.talon_needed},
        )
    if claimant is None and total < hand:
        raise _bad_total("tricks", total, minimum=hand, maximum=most)


def _check_last_trick(last_trick: int, tricks: Sequence[int]) -> None:
    if not tricks[last_trick]:
        raise IllegalAction(
            "paper_bad_value",
            f"seat {last_trick} won no trick, so not the last",
            {"field": "last_trick"},
        )


def _check_trick_at_close(
    variant: Variant, answer: str, tricks: Sequence[int], closed_by: int, claimant: int | None
) -> None:
    other = tricks[1 - closed_by]
    # without a trick at the closing, the opponent won only tricks played after it
    hand = variant.hand_size
    after = hand if claimant is None else hand - 1
    if (answer == YES and other == 0) or (answer == NO and other > after):
        raise IllegalAction(
            "paper_bad_value",
            f"the closer's opponent won {other} tricks in all",
            {"field": "trick_at_close"},
        )


def _check_points(
    variant: Variant,
    points: Sequence[int],
    tricks: Sequence[int],
    closed_by: int | None,
    claimant: int | None,
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
    card_total = card_points(variant.cards)
    if claimant is None and closed_by is None:
        # every card, the last trick's 10, and the marriages declared
        base = card_total + variant.last_trick_bonus
        if not (base <= total <= base + MARRIAGES_MOST and (total - base) % MARRIAGE_STEP == 0):
            raise IllegalAction(
                "paper_bad_points",
                f"the points of a deal played out are {base} and the marriages, not {total}",
                {"field": "points", "sum": total},
            )
    elif total > card_total + MARRIAGES_MOST:
        raise IllegalAction(
            "paper_bad_points",
            f"the points sum to {total}, more than the cards and marriages hold",
            {"field": "points", "sum": total},
        )


def _settlement(
    variant: Variant,
    options: Mapping[str, Any],
    points: Sequence[int],
    tricks: Sequence[int],
    closed_by: int | None,
    trick_at_close: str | None,
    claimant: int | None,
    last_trick: int | None = None,
    points_at_close: Sequence[int] | None = None,
) -> Settlement:
    at_close: list[int] | None = None
    if closed_by is not None:
        # the settlement reads only the closer's opponent's count (§11)
        at_close = [0, 0]
        at_close[1 - closed_by] = 1 if trick_at_close == YES else 0
    if claimant is not None:
        return settle_claim(
            claimant,
            points,
            tricks,
            closed_by,
            at_close,
            variant.wrong_claim_three,
            points_at_close,
        )
    return settle_played_out(
        points,
        tricks,
        closed_by,
        at_close,
        bool(options.get("higher_total_wins", False)),
        last_trick if variant.last_trick_wins else None,
        points_at_close,
    )


def _answer_of(points_at_close: Sequence[int], points: Sequence[int], closed_by: int) -> str:
    """Whether the closer's opponent had a trick at the closing, from the points then: a
    trick holds at least 4 card points, and marriages count only with a trick."""
    for seat in (0, 1):
        if points_at_close[seat] > points[seat]:
            raise IllegalAction(
                "paper_bad_value",
                f"seat {seat} had more points at the closing than at the end",
                {"field": "points_at_close", "seat": seat},
            )
    return YES if points_at_close[1 - closed_by] else NO


def score(cls: type[Match], e: Entry) -> ScoredDeal:
    variant = cls.VARIANT
    match = _match(cls, e.options, e.first_dealer, e.deals)
    closed_by = _seat(e.given["closed_by"])
    claimant = _seat(e.given["claimed_by"])
    tricks: list[int] = e.given["tricks"]
    points: list[int] = e.given["points"]
    _check_tricks(variant, tricks, closed_by, claimant)
    answer: str | None = e.given.get("trick_at_close")
    points_at_close: list[int] | None = e.given.get("points_at_close")
    if closed_by is not None and points_at_close is not None:
        answer = _answer_of(points_at_close, points, closed_by)
    if closed_by is not None:
        assert answer is not None
        _check_trick_at_close(variant, answer, tricks, closed_by, claimant)
    last_trick: int | None = None
    if "last_trick" in e.given:
        last_trick = SEATS.index(e.given["last_trick"])
        _check_last_trick(last_trick, tricks)
    _check_points(variant, points, tricks, closed_by, claimant)
    settled = _settlement(
        variant,
        match.options,
        points,
        tricks,
        closed_by,
        answer,
        claimant,
        last_trick,
        points_at_close,
    )
    played = _card_less(
        cls, e.deal.number, e.deal.dealer, e.given["trump"], closed_by, points_at_close
    )
    _settle(match, played, tricks, settled, points, claimant)
    return scored_deals(match, len(e.deals))[0]


def entry_of(cls: type[Match], deal: ScoredDeal) -> dict[str, Any]:
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
    variant = cls.VARIANT
    if variant.last_trick_wins and claimant is None:
        # a closed deal's last trick decides nothing: any seat with a trick may be named
        winner = d["winner"]
        last = winner if closed_by is None or d["tricks"][winner] else 1 - winner
        entry["last_trick"] = SEATS[last]
    if closed_by is not None and variant.closer_scored_at_close:
        entry["points_at_close"] = list(d["points_at_close"])
    elif closed_by is not None:
        answers = (YES, NO) if d["tricks"][1 - closed_by] else (NO,)
        # higher_total_wins never applies to a closed deal, so it does not matter here
        entry["trick_at_close"] = next(
            (
                a
                for a in answers
                if _settlement(
                    variant,
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


def paper_for(cls: type[Match]) -> Paper:
    """The paper form of a member of the family, by its match class."""
    return keep(partial(next_deal, cls), partial(score, cls), partial(entry_of, cls))


PAPER = paper_for(Match)
