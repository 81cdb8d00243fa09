"""The partnership pinochles kept on paper (``app/engine/paper.py``), one form for every
:class:`~.variant.Variant`. Per deal the table enters how it ended (played out, all four
passed, or a claim), the high bidder's bid, trump, every player's meld, the card points in
each player's tricks, which side took no trick and, for a claim, who claimed. The deal scores
as one played here, so the scoresheet keeps the same line (``Match.detail``).

The rules check what numbers can tell: one high bidder with a bid the auction allows, melds
and card points the pack can make, no card points for a side that took no trick. That each
meld is its player's best, that the points are those of the tricks taken and that a claim
came while a trick was unplayed no entry shows: the table answers for those.
Announcements (double-deck) are not entered: an announcement that is a bid only makes the
bid entered, and one before any bid scores nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import gcd
from typing import Any, Final

from ...cards import SUITS
from ...errors import IllegalAction
from ...game import Outcome, ScoredDeal
from ...paper import Paper, PaperDeal, Shape, choice, replaying, seat_number
from ..base import check_bid
from ..melds import MELD_STEP, ORDER, best_value
from .state import ALL_PASSED, Deal, Match, match_of
from .variant import MAX_BID, SEATS, Variant

PLAYED: Final = "played"
PASSED_OUT: Final = "passed_out"
CLAIMED: Final = "claimed"
BOTH: Final = "both"
EVERY: Final = tuple(range(SEATS))
TRICKLESS: Final = {"neither": (), "team_0": (0,), "team_1": (1,), BOTH: (0, 1)}
"""The sides each ``no_trick`` choice says took no trick (by their index in ``TEAMS``)."""


class _Form:
    """The paper of one variant, with the bounds its pack sets."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.pack_points = (
            sum(variant.card_points[c[0]] for c in variant.cards) + variant.last_trick
        )
        """Card points a deal holds, the last trick's included (250, 500)."""
        self.most_meld = best_value(variant.cards, variant.meld_table)
        """The pack's own best meld: no hand, a part of it, melds more."""
        self.points_step = gcd(*variant.card_points.values(), variant.last_trick)
        """What every seat's card points are a multiple of (1 single-deck, 10 double-deck)."""

    def shape(self, match: Match, dealer: int) -> Shape:
        rules = match.settings
        bid_made = (PLAYED, CLAIMED) if rules.claims else (PLAYED,)
        when_bid = ("end", bid_made)
        claimed = ("end", (CLAIMED,))
        most = self.pack_points
        fields = [
            choice("end", (PLAYED, PASSED_OUT, *bid_made[1:])),
            seat_number("bid", EVERY, MAX_BID, when=when_bid),
            choice("trump", SUITS, when=when_bid),
            seat_number("meld", EVERY, self.most_meld, when=when_bid),
            seat_number("points", EVERY, most, most, ("end", (PLAYED,)), "paper.card_points"),
        ]
        if rules.claims:
            # the last trick is never played before a claim (Cl. 7): no bonus counted yet
            so_far = most - self.variant.last_trick
            label = "paper.card_points_so_far"
            fields.append(seat_number("points_so_far", EVERY, so_far, None, claimed, label))
        no_trick = [said for said in TRICKLESS if rules.claims or said != BOTH]
        fields.append(choice("no_trick", no_trick, when=when_bid))
        if rules.claims:
            fields.append(seat_number("claimed_by", EVERY, 1, 1, claimed))
        # the dealer's left bids first and leads to the first trick, whoever the bidder (§4, §6)
        left = (dealer + 1) % SEATS
        return fields, {"first_bidder": left, "first_lead": left}

    def refuse(self, deal: PaperDeal, entry: Mapping[str, Any]) -> None:
        if entry.get("end") == CLAIMED and CLAIMED not in deal.fields[0].choices:
            # the online game's own refusal rather than "not one of the choices"
            raise IllegalAction("claims_off", "this match is played without claims")

    def outcome(self, match: Match) -> Outcome:
        """Who won: a claim's side when it was good, its opponents when not (a claim always
        ends the match); otherwise the side the target rule names (§9), which need not be
        the higher (the bidder's side goes out first)."""
        assert match.is_over, "the match is over"
        return Outcome(match.termination(), tuple(match.winners()))

    def enter(self, match: Match, number: int, dealer: int, given: Mapping[str, Any]) -> None:
        """The deal ``given`` enters, scored by ``match`` as one played here: its auction,
        melds and result, played out or claimed."""
        deal = Deal(number, dealer, SEATS, None, ORDER)
        match.deals.append(deal)
        if given["end"] == PASSED_OUT:
            match.end_deal(deal, ALL_PASSED, None)
            return
        bidder, bid = self._high_bid(given["bid"])
        melds: list[int] = given["meld"]
        for seat, value in enumerate(melds):
            if value % MELD_STEP:
                raise IllegalAction(
                    "paper_impossible_meld",
                    f"every meld is a multiple of {MELD_STEP}",
                    {"seat": seat, "meld": value, "step": MELD_STEP},
                )
        claimed = given["end"] == CLAIMED
        by_seat: list[int] = given["points_so_far" if claimed else "points"]
        for seat, value in enumerate(by_seat):
            if value % self.points_step:
                raise IllegalAction(
                    "paper_impossible_points",
                    f"card points are a multiple of {self.points_step}",
                    {"seat": seat, "points": value, "step": self.points_step},
                )
        most = self.pack_points - self.variant.last_trick
        if claimed and sum(by_seat) > most:
            raise IllegalAction(
                "paper_impossible_points",
                f"the tricks before the last hold {most} card points",
                {"sum": sum(by_seat), "most": most},
            )
        points = (by_seat[0] + by_seat[2], by_seat[1] + by_seat[3])
        trickless = TRICKLESS[given["no_trick"]]
        for team in trickless:
            if points[team]:
                raise IllegalAction(
                    "paper_points_without_trick",
                    "a side that took no trick has no card points",
                    {"team": team, "points": points[team]},
                )
        deal.high, deal.high_seat, deal.bidder = bid, bidder, bidder
        deal.trump = given["trump"]
        # the values of the melds are entered, not their cards
        deal.melds = [[] for _ in range(SEATS)]
        deal.meld_values = tuple(melds)
        deal.won = [int(team not in trickless) for team in range(2)]
        if claimed:
            match.claim(deal, given["claimed_by"].index(1), points)
        else:
            match.played_out(deal, points)

    def _high_bid(self, bids: Sequence[int]) -> tuple[int, int]:
        """The high bidder and the bid, the one seat with a bid entered (§4)."""
        entered = [seat for seat, bid in enumerate(bids) if bid]
        if len(entered) != 1:
            raise IllegalAction(
                "paper_one_high_bid",
                "enter the high bid for its bidder alone, 0 for the others "
                "(all four passing is passed_out)",
                {"bidders": entered},
            )
        bidder = entered[0]
        check_bid(bids[bidder], self.variant.minimum_bid)
        return bidder, bids[bidder]


def entry_of(deal: ScoredDeal) -> dict[str, Any]:
    """The entry that scores as ``deal``. The detail keeps card points per side, so each
    side's stand at its first seat (0 and 1); a side without card points or credited meld is
    entered as having taken no trick (whether it took one changes nothing then)."""
    detail = deal.detail
    bidder = detail["bidder"]
    if bidder is None:
        return {"end": PASSED_OUT}
    claim = detail["claim"]
    points = detail["points"]
    trickless = tuple(t for t in range(2) if points[t] == 0 and detail["melded"][t] == 0)
    no_trick = next(said for said, sides in TRICKLESS.items() if sides == trickless)
    entry: dict[str, Any] = {
        "end": PLAYED if claim is None else CLAIMED,
        "bid": [detail["bid"] if s == bidder else 0 for s in EVERY],
        "trump": detail["trump"],
        "meld": list(detail["melds"]),
        "points" if claim is None else "points_so_far": [*points, 0, 0],
        "no_trick": no_trick,
    }
    if claim is not None:
        entry["claimed_by"] = [int(s == claim["seat"]) for s in EVERY]
    return entry


def paper_of(variant: Variant) -> Paper:
    form = _Form(variant)
    # the match names the dealer: the deal passes left after every deal, a thrown-in one too (Cl. 1)
    return replaying(
        match_of(variant), form.enter, form.shape, entry_of, form.outcome, refuse=form.refuse
    )
