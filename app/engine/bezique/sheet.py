"""The bezique scoresheet, on the base's: a line per deal with its trumps, both players'
totals, the brisques when they were counted, whether the loser was rubiconed, the winner and
the game score, the declarations scored, and the running totals.

Cards are listed in one fixed order (suits S H D C, ranks high to low), never in the order
of the pack, which is nobody's business while a match runs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from ..cards import Card, Suit
from ..game import Options, ScoredDeal
from ..trick_game import Sheet, columns
from .deal import Deal, Declaration, Shown
from .scoring import Result
from .variant import CODES, Variant

ORDER: Final[dict[Card, int]] = {c: i for i, c in enumerate(CODES)}

COLUMNS: Final = columns(
    "trump:suit points:per_seat brisques:per_seat rubicon:term winner:seat game_score:number"
)


def sort_codes(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=ORDER.__getitem__)


def declaration_json(pack: Sequence[Card], declaration: Declaration) -> dict[str, Any]:
    return {
        "seat": declaration.seat,
        "after": declaration.after,
        "kind": declaration.combination.kind.value,
        "cards": sort_codes(pack[c] for c in declaration.combination.cards),
        "points": declaration.points,
        "fixes_trump": declaration.fixes_trump,
    }


def shown_json(shown: Shown) -> dict[str, Any]:
    return {
        "seat": shown.seat,
        "after": shown.after,
        "cards": sort_codes(shown.cards),
        "points": shown.points,
    }


def settled_detail(
    variant: Variant, trump: Suit | None, previous_trump: Suit | None, result: Result
) -> dict[str, Any]:
    """What the scoresheet and the store keep of a deal settled, played here or entered on
    paper, but its tricks, declarations and carte blanche."""
    return {
        "trump": trump,
        "previous_trump": previous_trump,
        "points": list(result.totals),
        "brisques": list(result.brisques) if variant.brisques else None,
        "brisques_counted": result.counted,
        "final": list(result.final),
        "winner": result.winner,
        "rubiconed": result.rubiconed,
        "game_score": result.game_score,
        "scores": list(result.scores),
    }


def deal_detail(deal: Deal) -> dict[str, Any]:
    assert deal.result is not None
    return {
        **settled_detail(deal.variant, deal.trump, deal.previous_trump, deal.result),
        "tricks_won": list(deal.won),
        "declarations": [declaration_json(deal.pack, d) for d in deal.declarations],
        "carte_blanche": [shown_json(s) for s in deal.shown],
    }


def cells(detail: Mapping[str, Any]) -> dict[str, Any]:
    counted = detail["brisques_counted"] and detail["brisques"] is not None
    return {
        "trump": detail["trump"],
        "points": list(detail["points"]),
        "brisques": list(detail["brisques"]) if counted else None,
        "rubicon": {"term": "bezique.rubiconed"} if detail["rubiconed"] else None,
        "winner": detail["winner"],
        "game_score": detail["game_score"],
    }


class DeclarationSheet(Sheet):
    """The base's sheet, each deal's line with the declarations scored."""

    def extend(
        self, sheet: dict[str, Any], seats: int, options: Options, deals: Sequence[ScoredDeal]
    ) -> None:
        for line, deal in zip(sheet["deals"], deals, strict=True):
            line["declarations"] = [
                {k: d[k] for k in ("seat", "kind", "cards", "points")}
                for d in deal.detail["declarations"]
            ]


SHEET: Final = DeclarationSheet(COLUMNS, cells)


def deals_total(seats: int, options: Options) -> int:
    return int(options["deals"])
