"""Sixty-six's records, format ``kortbord-record/1`` (docs/records.md): export, replay,
validate.

A deal is its dealer, the pack as dealt and the players' actions in order; every score is
derived. A record is replayed through :class:`Match`, so a validator and the live server
can never disagree about a rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import IllegalAction
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
    suit_word,
    verdict,
)
from .deal import Deal, dealt_hands
from .rules import CARDS, DEFAULTS, NAME, ORDER, End
from .state import TABLE, Match, deal_action, parse_action

# -- export -------------------------------------------------------------------------------------


def derived(deal: Deal) -> dict[str, Any]:
    """The fields of a deal that follow from its pack and actions. An unfinished deal has
    its complete tricks so far, no points (they are the players' to count), scores of 0
    and no result."""
    result = deal.result
    return {
        "trump": deal.trump,
        "points": list(result.points) if result else None,
        "tricks": list(deal.tricks),
        "scores": list(result.scores) if result else [0, 0],
        "result": (
            {"end": result.end.value, "winner": result.winner, "carried": result.carried}
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
    (``None``: a spectator) may see of the running match: the turned card, its own dealt
    hand and draws, and every action (all of them were seen by both players)."""

    def entry(deal: Deal) -> dict[str, Any]:
        out: dict[str, Any] = {"dealer": deal.dealer}
        if whole:
            out["pack"] = list(deal.pack)
        else:
            dealt = dealt_hands(deal.pack, deal.dealer)
            out["turned"] = deal.first_turned
            out["hands"] = [dealt[s] if s == seat else None for s in (0, 1)]
            out["draws"] = [list(deal.draws[s]) if s == seat else None for s in (0, 1)]
        out["actions"] = [[s, text] for s, text in deal.actions]
        out.update(derived(deal))
        return out

    return exported(match, players, NAME, changed_options(match), whole, entry)


def dealt_pack(match: Match, index: int) -> list[str]:
    """What deal ``index`` dealt, as a pack that deals it: two deals that gave the same
    cards to the same places give the same list (a fair deal's check, docs/fairness.md)."""
    return list(match.deals[index].pack)


# -- replay -------------------------------------------------------------------------------------


class _Replayer:
    def __init__(self, players: Sequence[str], options: Options) -> None:
        self.players = list(players)
        self.options = options

    def who(self, seat: int) -> str:
        return f"seat {seat} ({self.players[seat]})"

    def run(self, deals: Sequence[Any]) -> Match:
        match = Match(first_dealer(deals, 2), self.options)
        return replay_deals(match, deals, "the match was already won", self.deal)

    def deal(self, match: Match, record: object, k: int, last: bool) -> None:
        d, _ = opened_deal(record, 2, match.next_dealer, _why(match), k)
        pack = d.get("pack")
        if not isinstance(pack, list) or len(pack) != len(CARDS):
            raise RecordError(f"pack must list the {len(CARDS)} cards as dealt", k)
        for card in pack:
            if card not in ORDER:
                raise RecordError(f"pack: {card!r} is not a card of the pack (A T K Q J 9)", k)
        if len(set(pack)) != len(pack):
            twice = next(c for c in pack if pack.count(c) > 1)
            raise RecordError(f"pack: {twice} appears twice", k)
        match.apply(TABLE, deal_action(pack))
        current = match.deals[-1]
        play_actions(
            match,
            lambda: current.finished,
            d.get("actions", []),
            2,
            parse_action,
            "Sixty-six",
            lambda seat, kind, refused: self.explain(seat, kind, refused, match),
            k,
        )
        end_of_deal(current.finished, last, d, derived(current), k)

    def explain(self, seat: int, kind: str, refused: IllegalAction, match: Match) -> str:
        """The broken rule in a sentence naming the player."""
        who = self.who(seat)
        to_act = match.to_act
        shown = self.who(to_act) if to_act is not None and to_act in (0, 1) else None
        common = explain_play(who, refused, shown)
        if common is not None:
            return common
        detail = refused.detail
        code = refused.code
        if code == "must_head_trick":
            return f"{who} holds a higher {suit_word(detail['suit'])} and must win the trick"
        if code == "not_on_lead":
            return f"{who} may {kind} only before leading to a trick"
        if code == "no_trick_won_yet":
            return f"{who} may exchange the nine of trumps only after winning a trick"
        if code == "no_nine_of_trumps":
            return f"{who} does not hold the nine of trumps ({detail['card']})"
        if code in ("stock_closed", "stock_exhausted"):
            state = "closed" if code == "stock_closed" else "exhausted"
            return f"{who} may not {kind}: the stock is {state}"
        if code == "marriage_must_be_led":
            return (
                f"{who} declared the marriage in {suit_word(detail['suit'])}s and must lead its"
                " king or queen, or claim"
            )
        if code == "no_marriage":
            return f"{who} does not hold the king and queen of {suit_word(detail['suit'])}s"
        if code == "no_marriages_after_closing":
            return f"{who} may not declare a marriage once the stock is closed"
        if code == "claim_not_now":
            return f"{who} may claim only right after winning a trick or declaring a marriage"
        return f"{who}: {refused.message}"


def _why(match: Match) -> str:
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


def replay_record(players: Sequence[str], options: Options, doc: Mapping[str, Any]) -> Match:
    """The match a record's deals lead to (its envelope already read); :class:`RecordError`
    names the first rule broken."""
    return _Replayer(players, options).run(deals_of(doc))


def validate(players: Sequence[str], options: Options, doc: Mapping[str, Any]) -> Validation:
    """Replay a record (its envelope already read) and check its derived fields."""
    return verdict(
        lambda: replay_record(players, options, doc),
        doc,
        lambda match: [{k: v for k, v in derived(d).items() if k != "trump"} for d in match.deals],
    )
