"""The bezique games' records, format ``kortbord-record/1`` (docs/records.md): export,
replay, validate.

A deal is its dealer, the pack as dealt (128 or 192 cards: the hands, then the stock, top
first) and the players' actions in order; the declarations, carte blanche, points, tricks,
brisques and the settlement are derived. A record is replayed through :class:`Match`, so a
validator and the live server can never disagree about a rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import IllegalAction, MalformedAction
from ..game import Options, RecordError, Validation
from ..recorded import (
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
from .rules import DEFAULTS
from .sheet import declaration_json, shown_json
from .state import TABLE, Match
from .variant import Variant

SUMMARY_LEFT_OUT = ("declarations", "carte_blanche")
"""Derived fields a record may state that the validator's summary of a deal leaves out."""

# -- export -------------------------------------------------------------------------------------


def derived(deal: Deal) -> dict[str, Any]:
    """The fields of a deal that follow from its pack and actions. An unfinished deal has
    what is scored so far and no result; its scores are 0."""
    result = deal.result
    return {
        "trump": deal.trump,
        "declarations": [declaration_json(d) for d in deal.declarations],
        "carte_blanche": [shown_json(s) for s in deal.shown],
        "points": list(deal.points),
        "tricks": list(deal.tricks_won),
        "brisques": list(deal.brisques) if deal.variant.brisques else None,
        "scores": list(result.scores) if result else [0, 0],
        "result": (
            {
                "winner": result.winner,
                "brisques_counted": result.counted,
                "rubiconed": result.rubiconed,
                "final": list(result.final),
                "game_score": result.game_score,
            }
            if result
            else None
        ),
    }


def changed_options(match: Match) -> dict[str, Any]:
    return {k: v for k, v in match.options.items() if v != DEFAULTS[k]}


def export_record(
    match: Match, players: Sequence[str], seat: int | None = None, whole: bool = True
) -> dict[str, Any]:
    """The record of ``match``: whole, every pack included; otherwise what ``seat``
    (``None``: a spectator) may see of the running match: its own hands as dealt and its
    draws, and every action (both players saw every one)."""

    def entry(deal: Deal) -> dict[str, Any]:
        out: dict[str, Any] = {"dealer": deal.dealer}
        pack = deal.pack
        if whole:
            out["pack"] = list(pack)
        else:
            out["hands"] = [[pack[c] for c in deal.dealt[s]] if s == seat else None for s in (0, 1)]
            out["draws"] = [[pack[c] for c in deal.draws[s]] if s == seat else None for s in (0, 1)]
        out["actions"] = [[s, text] for s, text in deal.actions]
        out.update(derived(deal))
        return out

    return exported(match, players, match.variant.name, changed_options(match), whole, entry)


def dealt_pack(match: Match, index: int) -> list[str]:
    """What deal ``index`` dealt, as a pack that deals it: two deals that gave the same
    cards to the same places give the same list (a fair deal's check, docs/fairness.md)."""
    return list(match.deals[index].pack)


# -- replay -------------------------------------------------------------------------------------


class _Replayer:
    def __init__(self, variant: Variant, players: Sequence[str], options: Options) -> None:
        self.variant = variant
        self.players = list(players)
        self.options = options

    def who(self, seat: int) -> str:
        return f"seat {seat} ({self.players[seat]})"

    def run(self, deals: Sequence[Any]) -> Match:
        if len(self.players) != 2:
            raise RecordError(f"{self.variant.title} is played by two")
        match = Match(self.variant, first_dealer(deals, 2), self.options)
        return replay_deals(match, deals, "the match was over", self.deal)

    def deal(self, match: Match, record: object, k: int, last: bool) -> None:
        d, _ = opened_deal(record, 2, match.next_dealer, _why(match), k)
        variant = self.variant
        pack = d.get("pack")
        if not isinstance(pack, list) or not all(isinstance(c, str) for c in pack):
            raise RecordError(f"pack must list the {variant.pack_size} cards as dealt", k)
        try:
            dealt = match.notation.parse("deal:" + ",".join(pack))
        except MalformedAction:
            raise RecordError(
                f"pack must list the {variant.pack_size} cards as dealt, each code"
                f" {variant.packs} times (A T K Q J 9 8 7 of each suit)",
                k,
            ) from None
        match.apply(TABLE, dealt)
        current = match.deals[-1]
        play_actions(
            match,
            lambda: current.finished,
            d.get("actions", []),
            2,
            match.notation.parse,
            variant.title,
            lambda seat, kind, refused: self.explain(seat, kind, refused, match),
            k,
        )
        end_of_deal(current.finished, last, d, derived(current), k)

    def explain(self, seat: int, kind: str, refused: IllegalAction, match: Match) -> str:
        """The broken rule in a sentence naming the player."""
        who = self.who(seat)
        code = refused.code
        if code == "card_not_in_hand":
            return f"{who} does not hold the card: {refused.message}"
        to_act = match.to_act
        shown = self.who(to_act) if to_act is not None and to_act in (0, 1) else None
        common = explain_play(who, refused, shown)
        if common is not None:
            return common
        if code == "must_head_trick":
            return f"{who} holds a higher card of the suit led and must play it"
        if code == "not_trick_winner":
            return f"{who} did not win the trick and may not declare"
        if code in ("declare_not_now", "draw_not_now", "declare_or_draw"):
            return f"{who} may not {kind} now: {refused.message}"
        return f"{who}: {refused.message} ({code})"


def _why(match: Match) -> str:
    last = match.deals[-1].result if match.deals else None
    if last is None:
        return "the first dealer deals"
    if last.winner is None:
        return "after a drawn deal the other player deals"
    return "the winner of a deal deals the next"


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
        lambda match: [
            {k: v for k, v in derived(d).items() if k not in SUMMARY_LEFT_OUT} for d in match.deals
        ],
    )
