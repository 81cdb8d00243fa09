"""The partnership pinochles' records, format ``kortbord-record/1`` (docs/records.md):
export, replay, validate.

A deal is its dealer, every hand as dealt, and the players' actions in order (calls,
trump, cards, a claim); the auction, melds, points and scores are derived. A record is
replayed through :class:`Match`, so a validator and the live server can never disagree
about a rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ...errors import IllegalAction
from ...game import Options, RecordError, Validation
from ...recorded import (
    PASSES_LEFT,
    deals_of,
    end_of_deal,
    explain_play,
    exported,
    first_dealer,
    opened_deal,
    play_actions,
    replay_deals,
    verdict,
)
from .deal import Deal
from .state import TABLE, Match
from .variant import SEATS, Variant
from .view import claim_json, meld_json

# -- export -------------------------------------------------------------------------------------


def derived(match: Match, deal: Deal) -> dict[str, Any]:
    """The fields of a deal that follow from its cards and actions."""
    result = deal.result
    return {
        "bids": [c.to_json() for c in deal.calls],
        "bidder": deal.bidder,
        "bid": deal.high if deal.bidder is not None else None,
        "trump": deal.trump,
        "melds": None
        if deal.melds is None
        else [[meld_json(m) for m in melds] for melds in deal.melds],
        "result": (
            {
                "end": result.end.value,
                "points": list(result.points),
                "melded": list(result.melded),
                "hand_points": list(result.hands),
                "team_scores": list(result.scores),
                "claim": claim_json(result.claim),
            }
            if result
            else None
        ),
        "scores": match.deal_scores(deal),
    }


def changed_options(match: Match) -> dict[str, Any]:
    defaults = {o.name: o.default for o in match.variant.options}
    return {k: v for k, v in match.options.items() if v != defaults[k]}


def export_record(
    match: Match, players: Sequence[str], seat: int | None = None, whole: bool = True
) -> dict[str, Any]:
    """The record of ``match``: whole, every hand included; otherwise what ``seat``
    (``None``: a spectator) may see of the running match: its own hands and every action."""

    def entry(deal: Deal) -> dict[str, Any]:
        out: dict[str, Any] = {"dealer": deal.dealer}
        if whole:
            out["hands"] = [list(h) for h in deal.dealt]
        else:
            out["hands"] = [list(h) if s == seat else None for s, h in enumerate(deal.dealt)]
        out["actions"] = [[s, text] for s, text in deal.actions]
        out.update(derived(match, deal))
        return out

    return exported(match, players, match.variant.name, changed_options(match), whole, entry)


# -- replay -------------------------------------------------------------------------------------


def pack_for(variant: Variant, hands: Sequence[Sequence[str]], dealer: int) -> list[str]:
    """A pack that deals ``hands`` (per seat): each seat's cards laid into the positions
    the dealer's packets give it."""
    queues = [list(h) for h in hands]
    return [queues[seat].pop(0) for seat in variant.layout(dealer)]


def dealt_pack(match: Match, index: int) -> list[str]:
    """What deal ``index`` dealt, as a pack that deals it: two deals that gave the same
    cards to the same places give the same list (a fair deal's check, docs/fairness.md)."""
    deal = match.deals[index]
    return pack_for(match.variant, deal.dealt, deal.dealer)


class _Replayer:
    def __init__(self, variant: Variant, players: Sequence[str], options: Options) -> None:
        self.variant = variant
        self.players = list(players)
        self.options = options
        self.pack = Counter(variant.cards)

    def who(self, seat: int) -> str:
        return f"seat {seat} ({self.players[seat]})"

    def run(self, deals: Sequence[Any]) -> Match:
        if len(self.players) != SEATS:
            raise RecordError(f"{self.variant.title} is played by four")
        match = Match(self.variant, first_dealer(deals, SEATS), self.options)
        return replay_deals(match, deals, "the match was over", self.deal)

    def deal(self, match: Match, record: object, k: int, last: bool) -> None:
        d, dealer = opened_deal(record, SEATS, match.next_dealer, PASSES_LEFT, k)
        hands = d.get("hands")
        size = self.variant.hand_size
        if (
            not isinstance(hands, list)
            or len(hands) != SEATS
            or not all(isinstance(h, list) and len(h) == size for h in hands)
        ):
            raise RecordError(f"hands must list each seat's {size} cards as dealt", k)
        dealt = Counter(c for hand in hands for c in hand)
        if dealt != self.pack:
            wrong = ", ".join(sorted(str(c) for c in (dealt - self.pack) + (self.pack - dealt))[:4])
            raise RecordError(
                f"hands must hold the {self.variant.pack.size} cards of the pack, each"
                f" {self.variant.copies} times (check {wrong})",
                k,
            )
        match.apply(TABLE, match.notation.deal_action(pack_for(self.variant, hands, dealer)))
        current = match.deals[-1]
        play_actions(
            match,
            lambda: current.finished,
            d.get("actions", []),
            SEATS,
            match.notation.parse,
            self.variant.title,
            lambda seat, kind, refused: self.explain(seat, refused, match),
            k,
        )
        end_of_deal(current.finished, last, d, derived(match, current), k)

    def explain(self, seat: int, refused: IllegalAction, match: Match) -> str:
        """The broken rule in a sentence naming the player."""
        who = self.who(seat)
        to_act = match.to_act
        common = explain_play(
            who, refused, self.who(to_act) if to_act is not None and to_act >= 0 else None
        )
        if common is not None:
            return common
        detail = refused.detail
        code = refused.code
        if code == "bid_too_low":
            return f"{who} bids {detail['bid']} but must bid {detail['least']} or more"
        if code == "bid_too_high":
            return f"{who} bids more than {detail['most']}, the most a bid may be at this table"
        if code == "bid_not_multiple_of_10":
            return f"{who} bids {detail['bid']}, which is not a multiple of ten"
        if code == "announce_exceeds_meld":
            return f"{who} announces {detail['value']} but can meld at most {detail['best']}"
        if code == "must_beat_trump_lead":
            return f"{who} holds a higher trump and must beat the trick on a trump lead"
        return f"{who}: {refused.message}"


def replay_record(
    variant: Variant, players: Sequence[str], options: Options, doc: Mapping[str, Any]
) -> Match:
    """The match a record's deals lead to (its envelope already read); :class:`RecordError`
    names the first rule broken."""
    return _Replayer(variant, players, options).run(deals_of(doc))


def validate(
    variant: Variant, players: Sequence[str], options: Options, doc: Mapping[str, Any]
) -> Validation:
    """Replay a record (its envelope already read) and check its derived fields."""
    return verdict(
        lambda: replay_record(variant, players, options, doc),
        doc,
        lambda match: [derived(match, d) for d in match.deals],
    )
