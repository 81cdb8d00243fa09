"""Spades' records, format ``kortbord-record/1`` (docs/records.md): export, replay, validate.

A deal is its dealer, the four hands as dealt and the players' actions in order (looks
included: they decide whether blind nil was still open); every score is derived. A record
is replayed through :class:`Match`, so a validator and the live server can never disagree
about a rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import IllegalAction
from ..game import Options, RecordError, Validation
from ..recorded import (
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
from .deal import Deal, pack_for
from .rules import CARDS, DEFAULTS, HAND_SIZE, NAME, SEATS
from .state import TABLE, Match, deal_action, parse_action, side_of

_CARDS = frozenset(CARDS)

# -- export -------------------------------------------------------------------------------------


def derived(deal: Deal) -> dict[str, Any]:
    """The fields of a deal that follow from its cards and actions. An unfinished deal has
    the bids so far, its complete tricks so far, scores of 0 and no sides."""
    result = deal.result
    return {
        "bids": list(deal.bids),
        "tricks": list(deal.tricks),
        "scores": list(result.scores) if result else [0] * SEATS,
        "sides": [s.to_json() for s in result.sides] if result else None,
    }


def changed_options(match: Match) -> dict[str, Any]:
    return {k: v for k, v in match.options.items() if v != DEFAULTS[k]}


def _sees(deal: Deal, seat: int | None, actor: int, kind: str) -> bool:
    """Whether ``seat`` saw the cards of ``actor``'s lay or give: the nil bidder his own lay,
    his partner it once the swap is made; both of them the partner's give."""
    if seat is None or side_of(seat) != side_of(actor):
        return False
    exchange = deal.exchanges[side_of(actor)]
    assert exchange is not None
    if kind == "lay":
        return seat == exchange.nil or exchange.done
    return True


def _actions(deal: Deal, seat: int | None, whole: bool) -> list[list[Any]]:
    out: list[list[Any]] = []
    for actor, text in deal.actions:
        kind = text.partition(":")[0]
        if kind in ("lay", "give") and not whole and not _sees(deal, seat, actor, kind):
            text = kind
        out.append([actor, text])
    return out


def export_record(
    match: Match, players: Sequence[str], seat: int | None = None, whole: bool = True
) -> dict[str, Any]:
    """The record of ``match``: whole, every hand included; otherwise what ``seat``
    (``None``: a spectator) may see of the running match: its own hands as dealt once it
    has looked at them, every action, and the cards of a lay or give only to the two
    partners who saw them."""

    def entry(deal: Deal) -> dict[str, Any]:
        out: dict[str, Any] = {"dealer": deal.dealer}
        if whole:
            out["hands"] = [list(h) for h in deal.dealt]
        else:
            out["hands"] = [
                list(h) if s == seat and deal.looked[s] else None for s, h in enumerate(deal.dealt)
            ]
        out["actions"] = _actions(deal, seat, whole)
        out.update(derived(deal))
        return out

    return exported(match, players, NAME, changed_options(match), whole, entry)


def dealt_pack(match: Match, index: int) -> list[str]:
    """What deal ``index`` dealt, as a pack that deals it: two deals that gave the same
    cards to the same places give the same list (a fair deal's check, docs/fairness.md)."""
    deal = match.deals[index]
    return pack_for(deal.dealt, deal.dealer)


# -- replay -------------------------------------------------------------------------------------


class _Replayer:
    def __init__(self, players: Sequence[str], options: Options) -> None:
        self.players = list(players)
        self.options = options

    def who(self, seat: int) -> str:
        return f"seat {seat} ({self.players[seat]})"

    def run(self, deals: Sequence[Any]) -> Match:
        if len(self.players) != SEATS:
            raise RecordError("spades is played by 4 players")
        match = Match(first_dealer(deals, SEATS), self.options)
        return replay_deals(match, deals, "the match was already won", self.deal)

    def deal(self, match: Match, record: object, k: int, last: bool) -> None:
        d, dealer = opened_deal(record, SEATS, match.next_dealer, PASSES_LEFT, k)
        hands = d.get("hands")
        if not isinstance(hands, list) or len(hands) != SEATS:
            raise RecordError("hands must list each seat's 13 cards as dealt", k)
        for seat, hand in enumerate(hands):
            if not isinstance(hand, list) or len(hand) != HAND_SIZE:
                raise RecordError(f"hands: seat {seat} is dealt 13 cards", k)
            for card in hand:
                if not isinstance(card, str) or card not in _CARDS:
                    raise RecordError(f"hands: {str(card)[:20]!r} is not a card", k)
        every = [c for hand in hands for c in hand]
        if len(set(every)) != len(every):
            twice = next(c for c in every if every.count(c) > 1)
            raise RecordError(f"hands: {twice} is dealt twice", k)
        match.apply(TABLE, deal_action(pack_for(hands, dealer)))
        current = match.deals[-1]
        play_actions(
            match,
            lambda: current.finished,
            d.get("actions", []),
            SEATS,
            parse_action,
            "spades",
            lambda seat, kind, refused: self.explain(seat, kind, refused, match),
            k,
        )
        end_of_deal(current.finished, last, d, derived(current), k)

    def explain(self, seat: int, kind: str, refused: IllegalAction, match: Match) -> str:
        """The broken rule in a sentence naming the player."""
        who = self.who(seat)
        to_act = match.to_act
        shown = self.who(to_act) if to_act is not None and 0 <= to_act < SEATS else None
        common = explain_play(who, refused, shown)
        if common is not None:
            return common
        code = refused.code
        if code == "spades_not_broken":
            return f"{who} leads a spade before spades are broken, holding another suit"
        if code == "already_looked":
            if kind == "bid":
                return f"{who} has looked at his cards and may no longer bid blind nil"
            return f"{who} has looked at his cards already"
        if code == "look_first":
            return f"{who} must look at his cards before he may {kind}"
        if code == "no_blind_nil":
            return f"{who} bids blind nil, which the options of this match do not allow"
        if code == "exchange_must_be_3_own_cards":
            return f"{who} must {kind} exactly three different cards of his hand"
        if code == "wrong_phase":
            return f"{who} may not {kind} now: it is time to {refused.detail.get('step')}"
        return f"{who}: {refused.message}"


def replay_record(players: Sequence[str], options: Options, doc: Mapping[str, Any]) -> Match:
    """The match a record's deals lead to (its envelope already read); :class:`RecordError`
    names the first rule broken."""
    return _Replayer(players, options).run(deals_of(doc))


def validate(players: Sequence[str], options: Options, doc: Mapping[str, Any]) -> Validation:
    """Replay a record (its envelope already read) and check its derived fields."""
    return verdict(
        lambda: replay_record(players, options, doc),
        doc,
        lambda match: [derived(d) for d in match.deals],
    )
