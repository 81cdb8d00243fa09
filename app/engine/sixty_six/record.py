"""Sixty-six's records (docs/records.md), on the base's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, cast

from ..cards import Card
from ..game import RecordError
from ..trick_game import TrickMatch, TrickRecords
from .rules import End, Variant
from .state import Deal, Match, dealt_hands


def draws(deal: Deal, variant: Variant) -> list[list[Card]]:
    """The cards each seat drew, in turn: after each trick played while the stock was open,
    the winner its top card and the loser the next, the card under the stock last (the nine
    of trumps, if exchanged for it)."""
    assert deal.pack is not None
    turned = deal.first_turned
    under = variant.exchange_rank + turned[1] if deal.exchanged else turned
    order = [*variant.stock_order(deal.pack)[1:], under]
    rounds = len(deal.history) if deal.closed_after is None else deal.closed_after
    out: list[list[Card]] = [[], []]
    for k, trick in enumerate(deal.history[: min(rounds, len(order) // 2)]):
        for n, seat in enumerate((trick.winner, 1 - trick.winner)):
            out[seat].append(order[2 * k + n])
    return out


class SixtySixRecords(TrickRecords[Deal]):
    OVER: ClassVar[str] = "the match was already won"

    @property
    def variant(self) -> Variant:
        return cast(type[Match], self.match_class).VARIANT

    def derived(self, deal: Deal) -> dict[str, Any]:
        """An unfinished deal has its complete tricks so far, no points (they are the
        players' to count), scores of 0 and no result."""
        result = deal.result
        return {
            "trump": deal.trump,
            "points": list(result.points) if result else None,
            "tricks": list(deal.won),
            "scores": list(deal.scores or (0, 0)),
            "result": (
                {"end": result.end.value, "winner": result.winner, "carried": result.carried}
                if result
                else None
            ),
        }

    def dealt(self, deal: Deal, seat: int | None, whole: bool) -> dict[str, Any]:
        """The pack; in ``seat``'s record of the running match, the turned card and its own
        dealt hand and draws (every action was seen by both players)."""
        if whole or deal.pack is None:  # the pack, or the base's refusal of a state dealt anew
            return super().dealt(deal, seat, whole)
        dealt = dealt_hands(deal.pack, deal.dealer, self.variant)
        drawn = draws(deal, self.variant)
        return {
            "turned": deal.first_turned,
            "hands": [dealt[s] if s == seat else None for s in (0, 1)],
            "draws": [drawn[s] if s == seat else None for s in (0, 1)],
        }

    def dealer_rule(self, match: TrickMatch[Deal]) -> str:
        last = match.deals[-1].result if match.deals else None
        if last is None:
            return "the first dealer deals"
        if last.end is End.DRAW:
            return "a drawn deal is dealt again by the same player"
        if match.options["winner_deals_next"]:
            if last.winner is None:
                return "a deal nobody wins keeps its dealer"
            return "the winner of a deal deals the next"
        return "the deal alternates"

    def check_pack(self, pack: object, k: int) -> list[Card]:
        """The base's check of a pack, with the card at fault named."""
        if isinstance(pack, list) and len(pack) == len(self.match_class.PACK):
            for card in pack:
                if not isinstance(card, str) or card not in self.match_class.CARDS:
                    ranks = " ".join(self.variant.ranks)
                    raise RecordError(f"pack: {card!r} is not a card of the pack ({ranks})", k)
            if len(set(pack)) != len(pack):
                twice = next(c for c in pack if pack.count(c) > 1)
                raise RecordError(f"pack: {twice} appears twice", k)
        return super().check_pack(pack, k)

    NAMES_PLAYERS = True

    SAID: ClassVar[Mapping[str, str]] = {
        "must_head_trick": "holds a higher {suit_name} and must win the trick",
        "not_on_lead": "may {kind} only before leading to a trick",
        "no_trick_won_yet": "may exchange the nine of trumps only after winning a trick",
        "no_nine_of_trumps": "does not hold the nine of trumps ({card})",
        "stock_closed": "may not {kind}: the stock is closed",
        "stock_exhausted": "may not {kind}: the stock is exhausted",
        "marriage_must_be_led": "declared the marriage in {suit_name}s and must lead its king or"
        " queen, or claim",
        "no_marriage": "does not hold the king and queen of {suit_name}s",
        "no_marriages_after_closing": "may not declare a marriage once the stock is closed",
        "claim_not_now": "may claim only right after winning a trick or declaring a marriage",
    }
