"""Finnish Bismarck's records, format ``kortbord-record/1`` (docs/records.md): export,
replay, validate.

A deal is its dealer, the open cards in the order dealt, the four hands as dealt, the
contract (with ``free``'s trump), the exchange step by step and the cards played; its tricks
and scores per team are derived. A record is replayed through :class:`Match`, so a validator
and the live server can never disagree about a rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...cards import SUITS, Card, is_card
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
    replay_deals,
    verdict,
)
from ..contracts import contract_action
from .deal import pack_for
from .notation import PLAY, deal_action, pass_action, share_action
from .rules import (
    CONTRACTS,
    DEALS_PER_MATCH,
    DEALT,
    FREE,
    NAME,
    OPEN_CARDS,
    SEATS,
    TEAMS,
    TRICKS,
    TRUMP,
    team_tricks,
)
from .state import CONTRACT, TABLE, Deal, Match

PLAYS_PER_DEAL = SEATS * TRICKS


def derived(deal: Deal) -> dict[str, Any]:
    """The fields of a deal that follow from its cards: each team's tricks so far, and each
    team's score once the deal is over (zeros before)."""
    scores = deal.scores
    return {
        "tricks": team_tricks(deal.tricks),
        "scores": [scores[m[0]] for m in TEAMS] if scores is not None else [0, 0],
    }


# -- export -------------------------------------------------------------------------------------


def _exchange(deal: Deal, seat: int | None, whole: bool) -> dict[str, Any]:
    """The steps made so far; in a seat's record of a running match, a card only where
    that seat gave or received it."""
    exchange = deal.exchange
    roles = deal.roles

    def sees(*seats: int) -> bool:
        return whole or seat in seats

    out: dict[str, Any] = {}
    if exchange.to_partner is not None:
        shown = sees(roles.forehand, roles.forehand_partner)
        out["to_partner"] = list(exchange.to_partner) if shown else None
    if exchange.from_partner is not None:
        out["from_partner"] = {
            str(r): card if sees(roles.forehand_partner, r) else None
            for r, card in exchange.from_partner.items()
        }
    if exchange.to_dealer is not None:
        shown = sees(roles.dealer_partner, roles.dealer)
        out["to_dealer"] = exchange.to_dealer if shown else None
    if exchange.from_dealer is not None:
        shown = sees(roles.dealer, roles.dealer_partner)
        out["from_dealer"] = exchange.from_dealer if shown else None
    return out


def export_record(
    match: Match, players: Sequence[str], seat: int | None = None, whole: bool = True
) -> dict[str, Any]:
    """The record of ``match``: whole, every card included; otherwise what ``seat``
    (``None``: a spectator) may see of the running match: its own hands, the cards passed
    to or by it, and everything public."""

    def entry(deal: Deal) -> dict[str, Any]:
        out: dict[str, Any] = {
            "dealer": deal.dealer,
            "open": list(deal.open),
            "hands": [list(h) if whole or s == seat else None for s, h in enumerate(deal.dealt)],
        }
        if deal.contract is not None:
            out["contract"] = deal.contract
            if deal.contract == FREE:
                out["trump"] = deal.trump
            out["exchange"] = _exchange(deal, seat, whole)
        out["plays"] = list(deal.plays)
        out.update(derived(deal))
        return out

    return exported(match, players, NAME, {}, whole, entry)


def dealt_pack(match: Match, index: int) -> list[str]:
    """What deal ``index`` dealt, as a pack that deals it: two deals that gave the same
    cards to the same places give the same list (a fair deal's check, docs/fairness.md)."""
    deal = match.deals[index]
    return pack_for(deal.open, deal.dealt, deal.dealer)


# -- replay -------------------------------------------------------------------------------------

STEP_KEYS = ("to_partner", "from_partner", "to_dealer", "from_dealer")


class _Replayer:
    def __init__(self, players: Sequence[str]) -> None:
        self.players = list(players)

    def who(self, seat: int) -> str:
        return f"seat {seat} ({self.players[seat]})"

    def run(self, deals: Sequence[Any]) -> Match:
        if len(self.players) != SEATS:
            raise RecordError("Finnish Bismarck is played by 4 players")
        if len(deals) > DEALS_PER_MATCH:
            raise RecordError(
                f"a match has only {DEALS_PER_MATCH} deals (the record has {len(deals)})",
                DEALS_PER_MATCH + 1,
            )
        match = Match(first_dealer(deals, SEATS))
        return replay_deals(match, deals, "the match is over", self.deal)

    def cards(self, value: object, count: int, what: str, k: int) -> list[Card]:
        if not isinstance(value, list) or len(value) != count:
            raise RecordError(f"{what} must be a list of {count} cards", k)
        for card in value:
            if not is_card(card):
                raise RecordError(f"{what}: {str(card)[:20]!r} is not a card", k)
        return value

    def deal(self, match: Match, record: object, k: int, last: bool) -> None:
        d, dealer = opened_deal(record, SEATS, match.next_dealer, PASSES_LEFT, k)
        open_cards = self.cards(d.get("open"), OPEN_CARDS, "open", k)
        hands = d.get("hands")
        if not isinstance(hands, list) or len(hands) != SEATS:
            raise RecordError("hands must list each seat's 12 cards as dealt", k)
        dealt = [self.cards(h, DEALT, f"hand of {self.who(s)}", k) for s, h in enumerate(hands)]
        seen: set[Card] = set()
        for card in [*open_cards, *(c for hand in dealt for c in hand)]:
            if card in seen:
                raise RecordError(f"{card} is dealt twice", k)
            seen.add(card)
        match.apply(TABLE, deal_action(pack_for(open_cards, dealt, dealer)))
        current = match.deals[-1]
        plays = d.get("plays", [])
        if not isinstance(plays, list):
            raise RecordError("plays must be a list of cards", k)
        if d.get("contract") is None:
            if "exchange" in d or plays or not last:
                raise RecordError("the contract is missing", k)
            end_of_deal(False, last, d, derived(current), k)
            return
        self.contract(match, current, d, k)
        exchange = d.get("exchange", {})
        if not isinstance(exchange, dict):
            raise RecordError("exchange must be an object of its steps", k)
        for step, key in enumerate(STEP_KEYS, start=1):
            if key not in exchange:
                later = [s for s in STEP_KEYS[step:] if s in exchange]
                if later or plays or not last:
                    raise RecordError(f"the exchange's {key} is missing", k)
                break
            self.step(match, current, step, exchange[key], k)
        self.plays(match, plays, k)
        if len(plays) < PLAYS_PER_DEAL and not last:
            raise RecordError(f"only {len(plays)} of 52 cards played, yet another deal follows", k)
        end_of_deal(current.finished, last, d, derived(current), k)

    def contract(self, match: Match, deal: Deal, d: dict[str, Any], k: int) -> None:
        contract = d.get("contract")
        trump = d.get("trump")
        forehand = deal.forehand
        if contract not in CONTRACTS:
            raise RecordError(f"contract must be one of {', '.join(CONTRACTS)}", k)
        if contract == FREE and trump not in SUITS:
            raise RecordError("free needs a trump suit (S, H, D or C)", k)
        if contract == TRUMP and trump not in (None, deal.open[0][1]):
            raise RecordError(f"trump's trump is the suit of open card 1, {deal.open[0]}", k)
        if contract not in (FREE, TRUMP) and trump is not None:
            raise RecordError(f"{contract} has no trump suit", k)
        if contract in match.used[forehand]:
            raise RecordError(f"{self.who(forehand)} already chose {contract} as forehand", k)
        if match.phase == CONTRACT:
            match.apply(forehand, contract_action(contract, trump if contract == FREE else None))
        elif deal.contract != contract:  # pragma: no cover - the checks above leave one contract
            raise RecordError(
                f"{self.who(forehand)} must play {deal.contract}, the contract left", k
            )

    def step(self, match: Match, deal: Deal, step: int, value: object, k: int) -> None:
        roles = deal.roles
        giver = roles.giver(step)
        if step == 1:
            action = pass_action(self.cards(value, 4, "exchange: to_partner", k))
        elif step == 2:
            if not isinstance(value, dict) or not all(
                isinstance(s, str) and s in ("0", "1", "2", "3") and is_card(c)
                for s, c in value.items()
            ):
                raise RecordError('exchange: from_partner maps each seat ("0"-"3") to a card', k)
            action = share_action({int(s): c for s, c in value.items()})
        else:
            key = STEP_KEYS[step - 1]
            if not is_card(value):
                raise RecordError(f"exchange: {key} must be a card", k)
            assert isinstance(value, str)
            action = pass_action([value])
        try:
            match.apply(giver, action)
        except IllegalAction as refused:
            raise RecordError(self.explain_step(giver, step, refused), k) from None

    def explain_step(self, seat: int, step: int, refused: IllegalAction) -> str:
        who = self.who(seat)
        code = refused.code
        if code == "card_not_in_hand":
            return f"{who} does not hold {refused.detail['card']} to pass at step {step}"
        if code == "share_to_wrong_seats":
            return f"{who} must give one card to each of the three other players"
        if code == "card_repeated":
            return f"{who} passes the same card twice at step {step}"
        if code == "wrong_card_count":
            return f"step {step} of the exchange passes {refused.detail['count']} cards"
        return f"{who}: {refused.message}"

    def plays(self, match: Match, plays: list[Any], k: int) -> None:
        if len(plays) > PLAYS_PER_DEAL:
            raise RecordError(f"{len(plays)} plays, but a deal has 52", k)
        for p, card in enumerate(plays, start=1):
            if not is_card(card):
                raise RecordError(f"{str(card)[:20]!r} is not a card", k, p)
            seat = match.to_act
            assert seat is not None and seat != TABLE
            try:
                match.apply(seat, PLAY[card])
            except IllegalAction as refused:
                said = explain_play(self.who(seat), refused, None)
                raise RecordError(said or refused.message, k, p) from None


def replay_record(players: Sequence[str], options: Options, doc: Mapping[str, Any]) -> Match:
    """The match a record's deals lead to (its envelope already read); :class:`RecordError`
    names the first rule broken."""
    return _Replayer(players).run(deals_of(doc))


def validate(players: Sequence[str], options: Options, doc: Mapping[str, Any]) -> Validation:
    """Replay a record (its envelope already read) and check its derived fields."""
    return verdict(
        lambda: replay_record(players, options, doc),
        doc,
        lambda match: [derived(d) for d in match.deals],
    )
