"""Finnish Bismarck's records, format ``kortbord-record/1`` (docs/records.md), on the
family's (:class:`~app.engine.bismarck.record.FamilyRecords`): a deal is its dealer, the
open cards in the order dealt, the four hands as dealt, the contract (with ``free``'s trump),
the exchange step by step and the cards played; its tricks and scores per team are derived.
"""

from __future__ import annotations

from typing import Any

from ...actions import Action
from ...cards import Card, is_card
from ...errors import IllegalAction
from ...game import RecordError
from ...trick_game import TrickMatch
from ..record import FamilyRecords
from .deal import STEP_KEYS, pack_for
from .notation import pass_action, share_action
from .rules import DEALT, FREE, SEATS, TEAMS, TRICKS, team_tricks
from .state import Deal, Match


def _exchange(deal: Deal, seat: int | None, whole: bool) -> dict[str, Any]:
    """The steps made so far, step 2's cards by seat in seat order; in a seat's record of a
    running match, a card only where that seat gave or received it."""
    out: dict[str, Any] = {}
    for p in sorted(deal.exchange.passes(deal.roles), key=lambda p: (p.step, p.receiver)):
        key = STEP_KEYS[p.step - 1]
        cards = list(p.cards) if whole or seat in (p.giver, p.receiver) else None
        if p.step == 1:
            out[key] = cards
        elif p.step == 2:
            out.setdefault(key, {})[str(p.receiver)] = cards and cards[0]
        else:
            out[key] = cards and cards[0]
    return out


class FinnishRecords(FamilyRecords):
    OVER = "the match is over"
    HAND = DEALT
    PLAYS = SEATS * TRICKS
    FIXED_SAID = "trump's trump is the suit of open card 1, {open}"

    def shown(self, value: object) -> str:
        return repr(str(value)[:20])

    def derived(self, deal: Deal) -> dict[str, Any]:
        """Each team's tricks so far, and its score once the deal is over (zeros before)."""
        scores = deal.scores
        return {
            "tricks": team_tricks(deal.won),
            "scores": [scores[m[0]] for m in TEAMS] if scores is not None else [0, 0],
        }

    def chosen(self, deal: Deal, seat: int | None, whole: bool) -> dict[str, Any]:
        if deal.contract is None:
            return {}
        trump = {"trump": deal.trump} if deal.contract == FREE else {}
        return {"contract": deal.contract, **trump, "exchange": _exchange(deal, seat, whole)}

    @staticmethod
    def dealt_pack(match: TrickMatch[Any], index: int) -> list[str]:
        deal = match.deals[index]
        return pack_for(deal.open, deal.dealt, deal.dealer)

    def pack(self, match: Match, open_cards: list[Card], hands: Any, dealer: int) -> list[Card]:
        return pack_for(open_cards, hands, dealer)

    def before_play(self, match: Match, d: Any, k: int, last: bool) -> list[Any]:
        plays = self.plays_of(d, k)
        if d.get("contract") is None:
            if "exchange" in d or plays or not last:
                raise RecordError("the contract is missing", k)
            return plays
        self.contract(match, d, k)
        deal = match.deals[-1]
        exchange = d.get("exchange", {})
        if not isinstance(exchange, dict):
            raise RecordError("exchange must be an object of its steps", k)
        for step, key in enumerate(STEP_KEYS, start=1):
            if key not in exchange:
                if any(s in exchange for s in STEP_KEYS[step:]) or plays or not last:
                    raise RecordError(f"the exchange's {key} is missing", k)
                break
            giver = deal.roles.giver(step)
            try:
                match.apply(giver, self.step(step, exchange[key], k))
            except IllegalAction as refused:
                raise RecordError(explain_step(self.who(giver), step, refused), k) from None
        return plays

    def step(self, step: int, value: object, k: int) -> Action:
        """Step ``step`` of the exchange as a record states it, as an action."""
        if step == 1:
            return pass_action(self.cards(value, 4, "exchange: to_partner", k))
        if step == 2:
            if (
                not isinstance(value, dict)
                or not value
                or not all(s in ("0", "1", "2", "3") and is_card(c) for s, c in value.items())
            ):
                raise RecordError('exchange: from_partner maps each seat ("0"-"3") to a card', k)
            return share_action({int(s): c for s, c in value.items()})
        if not is_card(value):
            raise RecordError(f"exchange: {STEP_KEYS[step - 1]} must be a card", k)
        return pass_action([value])


def explain_step(who: str, step: int, refused: IllegalAction) -> str:
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
