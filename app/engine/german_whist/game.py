"""German Whist's rules on the trick-game base: the deal, the draws of the first thirteen
tricks, the score and the match (shared/rules/german-whist.md §§3-7)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final

from ..cards import FULL_DECK, SUITS, Card
from ..game import Option, Options, Pack, ScoredDeal
from ..paper import Entry, Shape, choice, keep, rotating, seat_number
from ..trick_game import Sheet, Trick, TrickDeal, TrickMatch, make_game
from ..tricks import WHIST, TrickRules

HAND: Final = 13
FOR_CARDS: Final = 13
"""Tricks played for the stock's cards, before the thirteen that score (§4)."""
TRICKS: Final = "tricks"
DIFFERENCE: Final = "difference"


class Match(TrickMatch[TrickDeal]):
    NAME: ClassVar[str] = "german_whist"
    TITLE: ClassVar[str] = "German Whist"
    PACK: ClassVar[tuple[Card, ...]] = FULL_DECK
    RULES: ClassVar[TrickRules] = WHIST
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("deals", 4, "Deals in a match (each player deals in turn)", minimum=1, maximum=12),
        Option(
            "scoring",
            TRICKS,
            "Each player scores the tricks taken for points, or the deal's winner the"
            " tricks over six",
            choices=(TRICKS, DIFFERENCE),
        ),
        Option(
            "target",
            0,
            "Play until a player reaches this total (0: play the set number of deals)",
            minimum=0,
            maximum=500,
        ),
    )

    __slots__ = ()

    def lay_out(self, deal: TrickDeal, pack: Sequence[Card]) -> None:
        """Thirteen each, one at a time, the non-dealer first; the rest is the stock, its top
        card turned, which makes trumps for the whole deal (§3, Clarification 1)."""
        ledger = deal.ledger
        first = 1 - deal.dealer
        for k in range(2 * HAND):
            ledger.deal(first if k % 2 == 0 else deal.dealer, pack[k])
        ledger.lay_stock(pack[2 * HAND :])
        turned = ledger.turn()
        assert turned is not None
        deal.trump = turned[1]

    def after_trick(self, deal: TrickDeal, trick: Trick) -> None:
        """While the stock lasts, the winner takes its face-up card, the loser the next face
        down, and the new top card is turned (§4)."""
        ledger = deal.ledger
        if ledger.stock:
            ledger.draw(trick.winner)
            ledger.draw(1 - trick.winner)
            ledger.turn()

    def score(self, deal: TrickDeal) -> tuple[int, ...]:
        return deal_scores(points(deal), self.options)

    def match_over(self) -> bool:
        return match_over(self.options, self.totals, self.deals_played)

    def deal_json(self, deal: TrickDeal) -> dict[str, Any]:
        return {"for_points": len(deal.history) >= FOR_CARDS, "points": list(points(deal))}

    def detail(self, deal: TrickDeal) -> dict[str, Any]:
        return deal_detail(points(deal))


def deal_scores(taken: Sequence[int], options: Options) -> tuple[int, ...]:
    """Each player's tricks for points, or the deal winner's tricks over six (§§6-7)."""
    if options["scoring"] == TRICKS:
        return tuple(taken)
    return tuple(max(0, t - HAND // 2) for t in taken)


def deal_detail(taken: Sequence[int]) -> dict[str, Any]:
    return {"points": list(taken), "winner": 0 if taken[0] > taken[1] else 1}


def match_over(options: Options, totals: Sequence[int], deals: int) -> bool:
    """After the deal that brings a player to the target, or after the set deals (§7)."""
    target = options["target"]
    if target:
        return max(totals) >= int(target)
    return deals >= int(options["deals"])


def points(deal: TrickDeal) -> tuple[int, ...]:
    """The tricks each player took for points, the fourteenth on (§5)."""
    taken = [0, 0]
    for trick in deal.history[FOR_CARDS:]:
        taken[trick.winner] += 1
    return tuple(taken)


def hand_positions(seats: int, options: Options) -> tuple[tuple[int, ...], ...]:
    """The dealer's cards are the pack's odd positions of the first 26, the non-dealer's the
    even ones (§3)."""
    return tuple(range(1, 2 * HAND, 2)), tuple(range(0, 2 * HAND, 2))


def _deals_total(seats: int, options: Options) -> int | None:
    return None if options.get("target") else int(options["deals"])


def _public(match: Match) -> dict[str, Any]:
    return {"deals_total": _deals_total(2, match.options), "target": match.target or None}


def _shape(seats: int, options: Options, dealer: int, deals: Sequence[ScoredDeal]) -> Shape | None:
    """On paper, a deal is its trump and the tricks each player took for points."""
    totals = [sum(d.scores[s] or 0 for d in deals) for s in (0, 1)]
    if deals and match_over(options, totals, len(deals)):
        return None
    tricks = seat_number("points", (0, 1), HAND, HAND, label="paper.tricks")
    return (choice("trump", SUITS), tricks), {}


def _score(e: Entry) -> ScoredDeal:
    taken: list[int] = e.given["points"]
    return e.scored(
        deal_scores(taken, e.options), {"trump": e.given["trump"], **deal_detail(taken)}
    )


PAPER = keep(
    rotating(_shape),
    _score,
    lambda deal: {"trump": deal.detail["trump"], "points": list(deal.detail["points"])},
)

SHEET = Sheet(
    [
        {"key": "trump", "label": "sheet.trump", "kind": "suit"},
        {"key": "winner", "label": "sheet.winner", "kind": "seat"},
        {"key": "points", "label": "sheet.tricks", "kind": "per_seat"},
    ],
    lambda d: {"trump": d["trump"], "winner": d["winner"], "points": list(d["points"])},
)

GAME = make_game(
    Match,
    summary="Two-player whist: win the stock's cards in the first thirteen tricks, then play"
    " the last thirteen for points.",
    seat_counts=(2,),
    pack=Pack("AKQJT98765432"),
    sheet=SHEET,
    public_fields=_public,
    deals_total=_deals_total,
    hand_positions=hand_positions,
    deal_sum=None,
    paper=PAPER,
    short_match={"deals": 1},
)
