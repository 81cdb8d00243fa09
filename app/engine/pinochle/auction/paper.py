"""Auction pinochle kept on paper (``app/engine/paper.py``): per deal, each active seat's last
call (the bidder's bid, the others' pass), how the deal ended, the trump, the bidder's meld,
his card points when the cards were played out, and an opponent's lone concession. The deal
settles as one played here, the kitty shared out after the session's last deal.

The cards are not entered, so the paper cannot check that the meld is in the bidder's hand
or that the card points are the ones his tricks and burial hold: it checks what the numbers
alone can tell (a meld that reaches the bid ends the deal unplayed, one short of it leaves
three cards to bury, the count decides made or double bete).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, Final

from ...cards import SUITS
from ...errors import IllegalAction
from ...game import Options, ScoredDeal
from ...paper import Entry, PaperDeal, Shape, choice, keep, rotating, seat_choice
from ..base import BID_STEP, check_bid
from ..melds import MELD_STEP, ORDER
from .rules import (
    CARD_POINTS,
    CARDS,
    LAST_TRICK,
    MAX_BID,
    End,
    active_seats,
    bid_value,
    bidder_total,
    card_points,
)
from .state import Deal, Match

PASS: Final = "pass"
PLAYED: Final = "played"
"""The cards were played out: the count decides made or double bete (§10.2)."""
ENDS: Final = (
    PLAYED,
    End.MADE_ON_MELD.value,
    End.SINGLE_BETE.value,
    End.OPPONENTS_CONCEDED.value,
    End.THROWN_IN.value,
)
WIDOW_UP: Final = ENDS[:4]
"""The ends that come after the widow is turned: every one but the throw-in."""
LONE_ENDS: Final = (PLAYED, End.MADE_ON_MELD.value, End.SINGLE_BETE.value)
"""The ends an opponent's concession alone may precede (§7, Clarification 3)."""
NO_TRUMP: Final = "none"

NO: Final = "no"
CONCEDED: Final = "conceded"
"""An opponent who conceded alone, spades being trumps then if and only if they are at the
end: he pays the deal's value, as for a made contract (§7, Clarification 3)."""
IN_SPADES: Final = "conceded_in_spades"
NOT_IN_SPADES: Final = "conceded_not_in_spades"
"""An opponent who conceded alone while spades were (were not) trumps: he pays the value of
that moment whatever trump the deal ended in. Offered where spades double."""

MOST_MELD: Final = 600
"""The most eighteen cards meld (§6): a double flush in diamonds with both pinochles, 80
kings, 60 queens and four plain marriages. Every multiple of ten up to it can be shown."""
MOST_MELD_SHORT: Final = 500
"""The most fifteen cards meld: a meld short of the bid leaves three of the eighteen to bury,
so no deal but one made on meld shows more (found, like ``MOST_MELD``, by valuing every
combination of melds)."""
MELDS: Final = tuple(str(v) for v in range(0, MOST_MELD + 1, MELD_STEP))


def _sums(scheme: str) -> tuple[str, ...]:
    """Every count of card points some of the pack's cards make, with or without the last
    trick's ten: the bidder's points can be none other."""
    sums = {0}
    for card in CARDS:
        worth = card_points((card,), scheme)
        sums |= {s + worth for s in sums}
    return tuple(str(n) for n in sorted(sums | {s + LAST_TRICK for s in sums}))


POINTS: Final[dict[str, tuple[str, ...]]] = {scheme: _sums(scheme) for scheme in CARD_POINTS}


@cache
def _calls(minimum: int) -> tuple[str, ...]:
    """A seat's last call: a pass, or a bid from the compulsory opening up to the table's
    limit on a bid (``MAX_BID``; Clarification 6 sets none, docs/games/auction-pinochle.md)."""
    return (PASS, *(str(b) for b in range(minimum, MAX_BID + 1, BID_STEP)))


def _shape(seats: int, options: Options, dealer: int, deals: Sequence[ScoredDeal]) -> Shape | None:
    session = Match(seats, options, dealer)
    if len(deals) >= session.deals_total:
        return None
    # the deal passes left after every deal (Clarification 8)
    active = active_seats(seats, dealer)
    dealt = sorted(active)
    minimum = int(session.options["opening"])
    spades = (IN_SPADES, NOT_IN_SPADES) if session.options["spades_double"] else ()
    lone = (NO, CONCEDED, *spades)
    fields = (
        seat_choice("bids", _calls(minimum), dealt),
        choice("end", ENDS),
        choice("trump", (*SUITS, NO_TRUMP), when=("end", WIDOW_UP)),
        choice("meld", MELDS, when=("trump", SUITS)),
        choice("points", POINTS[session.scheme], when=("end", (PLAYED,))),
        seat_choice("concessions", lone, dealt, when=("end", LONE_ENDS)),
    )
    facts = {
        "eldest": active[0],
        "active": list(active),
        "sitting_out": [s for s in range(seats) if s not in active],
        "minimum": minimum,
    }
    return fields, facts


def _refuse(deal: PaperDeal, entry: Mapping[str, Any]) -> None:
    """A bid the auction itself refuses, by the online game's codes (before the form's own
    check would call it merely no choice); cards played, or a meld making the bid, before
    trump is named."""
    calls = entry.get("bids")
    calls = calls if isinstance(calls, list) else []
    for seat in deal.facts["active"]:
        call = calls[seat] if seat < len(calls) else None
        if not isinstance(call, str) or not (call.isascii() and call.isdigit()):
            continue
        if len(call) > len(str(MAX_BID)):
            # past the table's limit: the form's own check refuses it as no choice, and its
            # number is never echoed, for a browser could not hold it exactly
            continue
        check_bid(int(call), deal.facts["minimum"])
    if entry.get("trump") != NO_TRUMP:
        return
    if entry.get("end") == PLAYED:
        raise IllegalAction("name_trump_first", "the bidder names trumps before he leads")
    if entry.get("end") == End.MADE_ON_MELD:
        raise IllegalAction("meld_needs_trump", "a meld counts once trump is named")


def _check_meld(how: str, meld: int, bid: int) -> None:
    """A meld that reaches the bid ends the deal there; one short of it leaves three cards
    to bury (§5.3, §8, Clarification 4)."""
    if how == End.MADE_ON_MELD:
        if meld < bid:
            raise IllegalAction(
                "paper_meld_short",
                f"a meld of {meld} does not make a bid of {bid}",
                {"meld": meld, "bid": bid},
            )
        return
    if meld >= bid:
        raise IllegalAction(
            "paper_made_on_meld",
            f"a meld of {meld} makes the bid of {bid} at once: the deal ended made on meld",
            {"meld": meld, "bid": bid},
        )
    if meld > MOST_MELD_SHORT:
        raise IllegalAction(
            "meld_leaves_no_burial",
            f"no meld short of the bid is worth {meld}: it leaves no three cards to bury",
            {"meld": meld, "most": MOST_MELD_SHORT},
        )


def _lone(
    marks: list[str | None], bidder: int, bid: int, trump: str | None, options: Options
) -> dict[int, int]:
    """The opponent who conceded alone, with the value he pays (Clarification 3)."""
    if marks[bidder] != NO:
        raise IllegalAction(
            "paper_bidder_concession",
            "the bidder's concession is the end single bete, not a concession alone",
            {"seat": bidder},
        )
    alone = [s for s, mark in enumerate(marks) if mark is not None and mark != NO]
    if len(alone) > 1:
        raise IllegalAction(
            "paper_both_conceded",
            "both opponents conceding ends the deal: enter the end opponents_conceded",
            {"seats": alone},
        )
    out: dict[int, int] = {}
    for seat in alone:
        mark = marks[seat]
        if mark == IN_SPADES and trump is None:
            # a trump once named stays named: no trump at the end means none at his moment
            raise IllegalAction(
                "paper_spades_not_named", "spades were never named trumps", {"seat": seat}
            )
        then = trump if mark == CONCEDED else "S" if mark == IN_SPADES else None
        out[seat] = bid_value(bid, then, options)
    return out


def _score(e: Entry) -> ScoredDeal:
    seats, deal, given = e.seats, e.deal, e.given
    # the deal settles in the session after the deals before it, their kitty in it
    match = Match(seats, e.options, e.first_dealer)
    match.base, match.kitty = len(e.deals), sum(d.detail["kitty"] for d in e.deals)
    active: list[int] = deal.facts["active"]
    minimum: int = deal.facts["minimum"]
    calls: list[str | None] = given["bids"]
    bidders = [s for s in active if calls[s] != PASS]
    if not bidders:
        raise IllegalAction(
            "must_open", f"eldest must open with {minimum} or more", {"minimum": minimum}
        )
    if len(bidders) > 1:
        raise IllegalAction(
            "paper_one_bid",
            "the auction ends when all but the bidder have passed",
            {"seats": bidders},
        )
    bidder = bidders[0]
    call = calls[bidder]
    assert call is not None
    bid = int(call)
    how: str = given["end"]
    named = given.get("trump", NO_TRUMP)
    trump = None if named == NO_TRUMP else named
    meld = int(given["meld"]) if "meld" in given else None
    if how == End.THROWN_IN and (bidder != active[0] or bid != minimum):
        # the widow was turned when the auction ended (Clarification 1 and 2)
        raise IllegalAction(
            "widow_turned",
            "only eldest throws in, on the compulsory bid nobody raised",
            {"eldest": active[0], "minimum": minimum},
        )
    if meld is not None:
        _check_meld(how, meld, bid)
    marks = given.get("concessions")
    lone = _lone(marks, bidder, bid, trump, match.options) if marks is not None else {}

    total: int | None = None
    if how == PLAYED:
        assert meld is not None
        # the points entered hold the last trick's ten, as the scoresheet shows them
        total = bidder_total(meld, int(given["points"]), won_last=False)
        end = End.MADE if total >= bid else End.DOUBLE_BETE
    else:
        end = End(how)
    played = Deal(deal.number, deal.dealer, seats, None, ORDER)
    played.high, played.bidder = bid, bidder
    played.trump, played.conceded = trump, lone
    result = match.settlement(played, end, total)
    both = [s for s in active if s != bidder]
    conceded = both if end is End.OPPONENTS_CONCEDED else lone
    # the detail is the scoresheet's for a deal played here (Match.detail)
    return e.scored(list(result.scores), result.detail(bidder, trump, meld or 0, active, conceded))


def entry_of(deal: ScoredDeal) -> dict[str, Any]:
    """The entry that scores as ``deal``. A lone concession is ``conceded`` when its payment
    is the deal's value, otherwise the spade doubling its moment had or lacked."""
    detail = deal.detail
    seats = len(deal.scores)
    active: list[int] = detail["active"]
    bids: list[str | None] = [None] * seats
    for seat in active:
        bids[seat] = str(detail["bid"]) if seat == detail["bidder"] else PASS
    end = End(detail["end"])
    how = PLAYED if end in (End.MADE, End.DOUBLE_BETE) else end.value
    entry: dict[str, Any] = {"bids": bids, "end": how}
    if how in WIDOW_UP:
        entry["trump"] = detail["trump"] or NO_TRUMP
    if detail["trump"] is not None:
        entry["meld"] = str(detail["meld"])
    if how == PLAYED:
        entry["points"] = str(detail["points"])
    if how in LONE_ENDS:
        marks: list[str | None] = [NO if seat in active else None for seat in range(seats)]
        for seat in detail["conceded"]:
            paid = -detail["chips"][seat]
            value = detail["value"]
            marks[seat] = (
                CONCEDED if paid == value else IN_SPADES if paid > value else NOT_IN_SPADES
            )
        entry["concessions"] = marks
    return entry


PAPER = keep(rotating(_shape), _score, entry_of, _refuse)
