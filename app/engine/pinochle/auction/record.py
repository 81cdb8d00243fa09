"""Auction pinochle's records, format ``kortbord-record/1`` (docs/records.md): export,
replay, validate.

A deal is its dealer, every hand as dealt, the widow, and the players' actions in order
(bids, the widow, trump, melds, burial, concessions, cards); every score is derived. A record
is replayed through :class:`Match`, so a validator and the live server can never disagree
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
from .rules import CARDS, DEFAULTS, HAND_SIZE, LAYOUTS, NAME, WIDOW_SIZE, active_seats
from .state import TABLE, Deal, Match, deal_action, parse_action

_PACK = Counter(CARDS)

# -- export -------------------------------------------------------------------------------------


def derived(match: Match, deal: Deal) -> dict[str, Any]:
    """The fields of a deal that follow from its cards and actions."""
    result = deal.result
    share = match.share_of(deal)
    return {
        "bidder": deal.bidder,
        "bid": deal.high if deal.high_seat is not None else None,
        "trump": deal.trump,
        "meld": deal.meld_value if deal.shown is not None and deal.trump else None,
        "result": (
            {
                "end": result.end.value,
                "total": result.total,
                "chips": list(result.chips),
                "kitty": result.kitty,
                "share": share,
            }
            if result
            else None
        ),
        "scores": match.deal_scores(deal),
    }


def changed_options(match: Match) -> dict[str, Any]:
    return {k: v for k, v in match.options.items() if v != DEFAULTS[k]}


def _actions(deal: Deal, seat: int | None, whole: bool) -> list[list[Any]]:
    """The deal's actions; a burial the seat has not seen (yet) is written without cards."""
    revealed = whole or seat == deal.bidder or (deal.finished and deal.led)
    out: list[list[Any]] = []
    for s, text in deal.actions:
        if text.startswith("bury:") and not revealed:
            text = "bury"
        out.append([s, text])
    return out


def export_record(
    match: Match, players: Sequence[str], seat: int | None = None, whole: bool = True
) -> dict[str, Any]:
    """The record of ``match``: whole, every hand included; otherwise what ``seat``
    (``None``: a spectator) may see of the running session: its own hands, the widow once
    turned, the burial once revealed, and every public action."""

    def entry(deal: Deal) -> dict[str, Any]:
        out: dict[str, Any] = {"dealer": deal.dealer}
        if whole:
            out["hands"] = [list(h) for h in deal.dealt]
            out["widow"] = list(deal.widow)
        else:
            out["hands"] = [list(h) if s == seat else None for s, h in enumerate(deal.dealt)]
            out["widow"] = list(deal.widow) if deal.widow_turned else None
        out["actions"] = _actions(deal, seat, whole)
        out.update(derived(match, deal))
        return out

    return exported(match, players, NAME, changed_options(match), whole, entry)


# -- replay -------------------------------------------------------------------------------------


def pack_for(
    hands: Sequence[Sequence[str]], widow: Sequence[str], active: Sequence[int], packets: int
) -> list[str]:
    """A pack that deals ``hands`` (per seat) and ``widow``: each place's cards laid into
    the positions the dealer's packets give it."""
    queues = [list(hands[seat]) for seat in active] + [list(widow)]
    return [queues[place].pop(0) for place in LAYOUTS[packets]]


def dealt_pack(match: Match, index: int) -> list[str]:
    """What deal ``index`` dealt, as a pack that deals it: two deals that gave the same
    cards to the same places give the same list (a fair deal's check, docs/fairness.md).
    Hands are kept sorted, so this is the pack laid out from them, not the one shuffled."""
    deal = match.deals[index]
    packets = match.options["packets"]
    assert isinstance(packets, int)
    return pack_for(deal.dealt, deal.widow, active_seats(match.seats, deal.dealer), packets)


class _Replayer:
    def __init__(self, players: Sequence[str], options: Options) -> None:
        self.players = list(players)
        self.options = options
        self.seats = len(players)

    def who(self, seat: int) -> str:
        return f"seat {seat} ({self.players[seat]})"

    def run(self, deals: Sequence[Any]) -> Match:
        if self.seats not in (3, 4, 5):
            raise RecordError("auction pinochle is played by 3, 4 or 5 players")
        match = Match(self.seats, first_dealer(deals, self.seats), self.options)
        return replay_deals(match, deals, "the session was over", self.deal)

    def deal(self, match: Match, record: object, k: int, last: bool) -> None:
        d, dealer = opened_deal(record, self.seats, match.next_dealer, PASSES_LEFT, k)
        active = active_seats(self.seats, dealer)
        hands = d.get("hands")
        widow = d.get("widow")
        if not isinstance(hands, list) or len(hands) != self.seats:
            raise RecordError("hands must list each seat's cards as dealt", k)
        for seat, hand in enumerate(hands):
            size = HAND_SIZE if seat in active else 0
            if not isinstance(hand, list) or len(hand) != size:
                role = "an active seat" if size else "a seat sitting out"
                raise RecordError(f"hands: seat {seat} is {role} and is dealt {size} cards", k)
        if not isinstance(widow, list) or len(widow) != WIDOW_SIZE:
            raise RecordError("widow must list its 3 cards", k)
        dealt = Counter(c for hand in hands for c in hand) + Counter(widow)
        if dealt != _PACK:
            wrong = ", ".join(sorted(str(c) for c in (dealt - _PACK) + (_PACK - dealt))[:4])
            raise RecordError(
                f"hands and widow must hold the 48 cards, each twice (check {wrong})", k
            )
        packets = match.options["packets"]
        assert isinstance(packets, int)
        match.apply(TABLE, deal_action(pack_for(hands, widow, active, packets)))
        current = match.deals[-1]
        play_actions(
            match,
            lambda: current.finished,
            d.get("actions", []),
            self.seats,
            parse_action,
            "auction pinochle",
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
        if code == "sitting_out":
            return f"{who} sits out this deal and takes no part in it"
        if code == "must_open":
            return f"{who} is eldest and must open with {detail['minimum']} or more"
        if code == "bid_too_low":
            return f"{who} bids {detail['bid']} but must bid {detail['least']} or more"
        if code == "bid_not_multiple_of_10":
            return f"{who} bids {detail['bid']}, which is not a multiple of ten"
        if code == "bid_too_high":
            return f"{who} bids more than {detail['most']}, the most a bid may be at this table"
        if code == "must_beat_trump_lead":
            return f"{who} holds a higher trump and must beat the trick on a trump lead"
        if code == "bury_must_be_3_own_cards":
            return f"{who} must bury exactly three cards of his hand"
        return f"{who}: {refused.message}"


def replay_record(players: Sequence[str], options: Options, doc: Mapping[str, Any]) -> Match:
    """The session a record's deals lead to (its envelope already read); :class:`RecordError`
    names the first rule broken."""
    return _Replayer(players, options).run(deals_of(doc))


def validate(players: Sequence[str], options: Options, doc: Mapping[str, Any]) -> Validation:
    """Replay a record (its envelope already read) and check its derived fields."""
    return verdict(
        lambda: replay_record(players, options, doc),
        doc,
        lambda match: [derived(match, d) for d in match.deals],
    )
