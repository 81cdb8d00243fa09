"""The bezique games' records, format ``kortbord-record/1`` (docs/records.md), on the base's
(:class:`~app.engine.trick_game.TrickRecords`): export, replay, validate.

A deal is its dealer, the pack as dealt (128 or 192 cards: the hands, then the stock, top
first) and the players' actions in order; the declarations, carte blanche, points, tricks,
brisques and the settlement are derived.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ..cards import Card
from ..errors import IllegalAction, MalformedAction
from ..game import RecordError
from ..trick_game import TrickRecords
from .deal import Deal
from .sheet import deal_detail, declaration_json, shown_json

RESULT_KEYS: Final = ("winner", "brisques_counted", "rubiconed", "final", "game_score")
"""A settled deal's detail (:func:`~.sheet.settled_detail`) in a record's ``result``."""


class BeziqueRecords(TrickRecords[Any]):
    """One variant's records (its match class names the game)."""

    NAMES_PLAYERS = True
    PLAYED_BY = "{noun} is played by two"
    SUMMARY_LEFT_OUT = ("declarations", "carte_blanche")

    def derived(self, deal: Deal) -> dict[str, Any]:
        """An unfinished deal has what is scored so far and no result; its scores are 0."""
        settled = deal_detail(deal) if deal.result is not None else None
        return {
            "trump": deal.trump,
            "declarations": [declaration_json(deal.pack, d) for d in deal.declarations],
            "carte_blanche": [shown_json(s) for s in deal.shown],
            "points": list(deal.points),
            "tricks": list(deal.won),
            "brisques": list(deal.brisques) if deal.variant.brisques else None,
            "scores": settled["scores"] if settled else [0, 0],
            "result": {k: settled[k] for k in RESULT_KEYS} if settled else None,
        }

    def dealt(self, deal: Deal, seat: int | None, whole: bool) -> dict[str, Any]:
        """The pack; in ``seat``'s record of the running match, its own hand as dealt and its
        draws (both players saw every action)."""
        if not all(deal.dealt[s] for s in ((0, 1) if whole else () if seat is None else (seat,))):
            # a sample knows the viewer's hand as dealt alone, and its pack is the ledger's
            raise ValueError("a state dealt anew from a view has no record")
        pack = deal.pack
        if whole:
            return {"pack": list(pack)}
        return {
            "hands": [[pack[c] for c in deal.dealt[s]] if s == seat else None for s in (0, 1)],
            "draws": [[pack[c] for c in deal.draws[s]] if s == seat else None for s in (0, 1)],
        }

    def dealer_rule(self, match: Any) -> str:
        last = match.deals[-1].result if match.deals else None
        if last is None:
            return "the first dealer deals"
        if last.winner is None:
            return "after a drawn deal the other player deals"
        return "the winner of a deal deals the next"

    def check_pack(self, pack: object, k: int) -> list[Card]:
        size = len(self.match_class.PACK)  # 32 codes, each four or six times
        if not isinstance(pack, list) or not all(isinstance(c, str) for c in pack):
            raise RecordError(f"pack must list the {size} cards as dealt", k)
        try:
            self.parse("deal:" + ",".join(pack))
        except MalformedAction:
            raise RecordError(
                f"pack must list the {size} cards as dealt, each code"
                f" {size // 32} times (A T K Q J 9 8 7 of each suit)",
                k,
            ) from None
        return pack

    def explain(
        self, match: Any, players: Sequence[str], seat: int, kind: str, refused: IllegalAction
    ) -> str:
        if refused.code == "card_not_in_hand":  # a card of the table is named by its place
            return f"{self.seat_name(players, seat)} does not hold the card: {refused.message}"
        return super().explain(match, players, seat, kind, refused)

    def explain_own(self, who: str, kind: str, refused: IllegalAction) -> str:
        code = refused.code
        if code == "must_head_trick":
            return f"{who} holds a higher card of the suit led and must play it"
        if code == "not_trick_winner":
            return f"{who} did not win the trick and may not declare"
        if code in ("declare_not_now", "draw_not_now", "declare_or_draw"):
            return f"{who} may not {kind} now: {refused.message}"
        return f"{who}: {refused.message} ({code})"
