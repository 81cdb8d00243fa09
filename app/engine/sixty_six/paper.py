"""Sixty-six kept on paper (``app/engine/paper.py``): per deal, the trump, who closed the
stock (and whether the other player had a trick by then), who claimed, and both players'
tricks and points as they stood when the deal ended. The rules check what those numbers can
show: the tricks a deal has by the way it ended, the points that tricks can hold, a claim
after the last trick, a closing once the stock was exhausted.

The cards are not entered, so the paper cannot check that the points are the cards and
marriages of the tricks entered, nor a marriage declared after closing, nor option
``claims_only_immediately``: the table answers for those.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any, Final

from ..cards import SUITS
from ..errors import IllegalAction
from ..game import ScoredDeal
from ..paper import Paper, Shape, choice, replaying, seat_number
from .rules import MARRIAGE_IN_TRUMPS, MARRIAGE_PLAIN, Variant, card_points
from .state import Deal, Match

NOBODY: Final = "nobody"
SEATS: Final = ("0", "1")
"""A seat as a choice of the form (``closed_by``, ``claimed_by``, ``last_trick``)."""
YES: Final = "yes"
NO: Final = "no"

MARRIAGES_MOST: Final = MARRIAGE_IN_TRUMPS + 3 * MARRIAGE_PLAIN


def _seat(choice: str | None) -> int | None:
    return None if choice is None or choice == NOBODY else SEATS.index(choice)


def _choice(seat: int | None) -> str:
    return NOBODY if seat is None else SEATS[seat]


def _had_trick(given: Mapping[str, Any], closed_by: int) -> bool:
    """Whether the closer's opponent had a trick at the closing: as entered, or read from its
    points then where they are entered (a trick holds at least 4 card points, and marriages
    count only with a trick)."""
    at_close = given.get("points_at_close")
    if at_close is None:
        return bool(given["trick_at_close"] == YES)
    return bool(at_close[1 - closed_by] > 0)


def _shape(match: Match, dealer: int) -> Shape:
    variant = match.VARIANT
    both = (0, 1)
    most = card_points(variant.pack.cards) + MARRIAGES_MOST + variant.last_trick_bonus
    closed = ("closed_by", SEATS)
    # only the closer's opponent's tricks at the closing matter (§11); where the closer is
    # scored by the opponent's points then, those points, which tell the tricks too
    if variant.closer_scored_at_close:
        at_close = seat_number("points_at_close", both, most, when=closed)
    else:
        at_close = choice("trick_at_close", (YES, NO), when=closed)
    # a deal played out goes to the last trick's winner, which the tricks do not tell
    last = (choice("last_trick", SEATS, when=("claimed_by", (NOBODY,))),)
    fields = (
        choice("trump", SUITS),
        choice("closed_by", (NOBODY, *SEATS)),
        at_close,
        choice("claimed_by", (NOBODY, *SEATS)),
        *(last if variant.last_trick_wins else ()),
        seat_number("tricks", both, variant.tricks),
        seat_number("points", both, most),
    )
    return fields, {"first_lead": 1 - dealer, "carried": match.carried}


def _refused(code: str, message: str, **detail: Any) -> IllegalAction:
    return IllegalAction(code, message, detail)


def _bad_tricks(entered: int, **allowed: int) -> IllegalAction:
    message = f"the tricks sum to {entered}, which this deal cannot have"
    return _refused("paper_bad_total", message, field="tricks", sum=entered, **allowed)


def _check_tricks(
    variant: Variant, total: int, closed_by: int | None, claimant: int | None
) -> None:
    whole = variant.tricks
    hand = variant.hand_size
    if total > whole:
        raise _bad_tricks(total, maximum=whole)
    if closed_by is None:
        if claimant is None and total != whole:
            raise _bad_tricks(total, total=whole)
        if claimant is not None and total == whole:
            # Clarification 1: the end of the last trick ends the deal
            raise _refused("claim_not_now", "no claim can follow the last trick")
        return
    # closed after k tricks (k < close_rounds), a closed deal has k + the hand's tricks, and
    # a claim comes before the last
    most = variant.close_rounds - 1 + hand - (0 if claimant is None else 1)
    if total > most and variant.close_rounds == variant.draw_rounds:
        message = f"{total} tricks: the stock was exhausted before it was closed"
        raise _refused("stock_exhausted", message, sum=total)
    if total > most:
        message = f"{total} tricks: the talon was too short to close before them"
        raise _refused("talon_too_short", message, sum=total, needed=variant.talon_needed)
    if claimant is None and total < hand:
        raise _bad_tricks(total, minimum=hand, maximum=most)


def _check_closing(
    variant: Variant, given: Mapping[str, Any], closed_by: int, claimant: int | None
) -> None:
    """The points at the closing, where entered, against the points at the end; the
    opponent's tricks against whether it had one at the closing."""
    at_close = given.get("points_at_close")
    if at_close is not None:
        for seat in (0, 1):
            if at_close[seat] > given["points"][seat]:
                message = f"seat {seat} had more points at the closing than at the end"
                raise _refused("paper_bad_value", message, field="points_at_close", seat=seat)
    other = given["tricks"][1 - closed_by]
    # without a trick at the closing, the opponent won only tricks played after it
    after = variant.hand_size - (0 if claimant is None else 1)
    had = _had_trick(given, closed_by)
    if (had and other == 0) or (not had and other > after):
        message = f"the closer's opponent won {other} tricks in all"
        raise _refused("paper_bad_value", message, field="trick_at_close")


def _check_points(
    variant: Variant, points: Sequence[int], tricks: Sequence[int], played_out: bool
) -> None:
    for seat in (0, 1):
        if points[seat] and not tricks[seat]:
            # no card won, and marriages count only once a trick is won (§6)
            message = f"seat {seat} has points without a trick"
            raise _refused("paper_bad_points", message, field="points", seat=seat)
    total = sum(points)
    card_total = card_points(variant.pack.cards)
    if played_out:
        # every card, the last trick's 10, and the marriages declared (20 each, 40 in trumps)
        base = card_total + variant.last_trick_bonus
        if not (base <= total <= base + MARRIAGES_MOST and (total - base) % MARRIAGE_PLAIN == 0):
            message = f"the points of a deal played out are {base} and the marriages, not {total}"
            raise _refused("paper_bad_points", message, field="points", sum=total)
    elif total > card_total + MARRIAGES_MOST:
        message = f"the points sum to {total}, more than the cards and marriages hold"
        raise _refused("paper_bad_points", message, field="points", sum=total)


def _scored(match: Match, number: int, dealer: int, given: Mapping[str, Any]) -> None:
    """A deal of which the table saw no card, entered as ``given``, checked and settled by
    the match as one played here: carried points, totals, the next dealer, the match's end."""
    variant = match.VARIANT
    closed_by, claimant = _seat(given["closed_by"]), _seat(given["claimed_by"])
    tricks: list[int] = given["tricks"]
    _check_tricks(variant, sum(tricks), closed_by, claimant)
    if closed_by is not None:
        _check_closing(variant, given, closed_by, claimant)
    last_trick = _seat(given.get("last_trick"))
    if last_trick is not None and not tricks[last_trick]:
        message = f"seat {last_trick} won no trick, so not the last"
        raise _refused("paper_bad_value", message, field="last_trick")
    _check_points(variant, given["points"], tricks, closed_by is None and claimant is None)
    deal = Deal(number, dealer, 2, None)
    deal.trump = given["trump"]
    deal.won = list(tricks)
    deal.closed_by = closed_by
    if closed_by is not None:
        deal.closed_points = given.get("points_at_close")
        # the settlement reads only whether the closer's opponent had a trick then (§11)
        deal.closed_tricks = [0, 0]
        deal.closed_tricks[1 - closed_by] = int(_had_trick(given, closed_by))
    match.deals.append(deal)
    match.finish(deal, match.settle(deal, given["points"], claimant, last_trick))


def entry_of(cls: type[Match], deal: ScoredDeal) -> dict[str, Any]:
    """The entry that scores as ``deal`` (the conformance suite checks it for every deal).
    Whether the closer's opponent had a trick at the closing is not kept: the 3 it scores
    when the closer fails says it had none (§11), and elsewhere any answer the tricks allow
    scores the same."""
    d = deal.detail
    closed_by: int | None = d["closed_by"]
    claimant: int | None = d["claimant"]
    tricks: list[int] = d["tricks"]
    winner = d["winner"]
    entry: dict[str, Any] = {
        "trump": d["trump"],
        "closed_by": _choice(closed_by),
        "claimed_by": _choice(claimant),
        "tricks": list(tricks),
        "points": list(d["points"]),
    }
    variant = cls.VARIANT
    if variant.last_trick_wins and claimant is None:
        # a closed deal's last trick decides nothing: any seat with a trick may be named
        last = winner if closed_by is None or tricks[winner] else 1 - winner
        entry["last_trick"] = SEATS[last]
    if closed_by is not None and variant.closer_scored_at_close:
        entry["points_at_close"] = list(d["points_at_close"])
    elif closed_by is not None:
        other = 1 - closed_by
        none_then = not tricks[other] or (winner == other and d["game_points"] == 3)
        entry["trick_at_close"] = NO if none_then else YES
    return entry


def paper_for(cls: type[Match]) -> Paper:
    return replaying(cls, _scored, _shape, partial(entry_of, cls))


PAPER = paper_for(Match)
