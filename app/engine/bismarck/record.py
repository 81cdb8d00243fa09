"""Bismarck's records, format ``kortbord-record/1`` (docs/records.md): export, replay, validate.

The envelope (format, game, players) and the dispatch on ``game`` are shared
(``app/engine/records.py``); this is Bismarck's deal body. A record is replayed through
:class:`Match`, so the validator and the live server can never disagree about a rule:
there is only one implementation of each.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import SUIT_NAMES, is_card
from ..errors import IllegalAction
from ..game import (
    RecordError,
    RecordFormatError,
    Validation,
    check_standing,
    record_envelope,
    same_json,
)
from .rules import (
    CARDS_PER_HAND,
    CONTRACTS,
    DEALS_PER_MATCH,
    NAME,
    OPEN_CARDS,
    SPADER,
    VALFRI,
    winners,
)
from .state import (
    PLAY,
    TABLE,
    Match,
    Phase,
    contract_action,
    deal_action,
    deck_from,
    deck_of,
    discard_action,
)

PLAYS_PER_DEAL = 3 * CARDS_PER_HAND


def dealt_pack(match: Match, index: int) -> list[str]:
    """What deal ``index`` dealt, as a pack that deals it: two deals that gave the same
    cards to the same places give the same list (a fair deal's check, docs/fairness.md)."""
    return deck_of(match.deals[index])


# -- export -------------------------------------------------------------------------------------


def export_record(
    match: Match, players: Sequence[str], seat: int | None = None, whole: bool = True
) -> dict[str, Any]:
    """The record of ``match``: whole, every hand and discard included; otherwise what
    ``seat`` (``None``: a spectator) may see of the running match (rules §3.3): its own
    dealt hands, the discards of the deals it played as forehand, and everything public.

    A deal still waiting for its contract is left out: nothing in it has happened yet.
    """
    if len(players) != match.seats:
        raise ValueError("one name per seat")
    deals: list[dict[str, Any]] = []
    for deal in match.deals:
        # a deal still waiting for its contract, or voided and waiting for its redeal
        if deal.contract is None or (not deal.finished and deal is not match.current):
            continue
        hands = [list(h) if h is not None else None for h in deal.dealt]
        if not whole:
            hands = [h if i == seat else None for i, h in enumerate(hands)]
        entry: dict[str, Any] = {
            "dealer": deal.dealer,
            "open": list(deal.open),
            "hands": hands,
            "contract": deal.contract,
            "trump": deal.trump,
        }
        if deal.discard is not None and (whole or seat == deal.forehand):
            entry["discard"] = list(deal.discard)
        entry["plays"] = list(deal.plays)
        entry["tricks"] = list(deal.tricks)
        entry["scores"] = list(deal.scores) if deal.scores else [0] * match.seats
        deals.append(entry)
    record = record_envelope(NAME, players, {})
    record["deals"] = deals
    record["totals"] = list(match.totals)
    if whole:  # nobody has won a match that is still running
        record["winners"] = winners(match.totals)
    return record


# -- replay -------------------------------------------------------------------------------------


class _Replayer:
    def __init__(self, players: list[str]) -> None:
        self.players = players
        self.n = len(players)

    def who(self, seat: int) -> str:
        return f"seat {seat} ({self.players[seat]})"

    def cards(self, value: object, count: int, what: str, k: int) -> list[str]:
        if not isinstance(value, list) or len(value) != count:
            raise RecordError(f"{what} must be a list of {count} cards", k)
        for card in value:
            if not is_card(card):
                raise RecordError(f"{what}: {card!r} is not a card", k)
        return value

    def run(self, deals: list[Any]) -> Match:
        total = DEALS_PER_MATCH[self.n]
        if len(deals) > total:
            raise RecordError(
                f"a match of {self.n} players has only {total} deals (the record has {len(deals)})",
                total + 1,
            )
        first = deals[0].get("dealer") if deals and isinstance(deals[0], dict) else 0
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < self.n:
            raise RecordError(f"dealer must be a seat from 0 to {self.n - 1}", 1)
        match = Match(self.n, first)
        for k, deal in enumerate(deals, start=1):
            self.deal(match, deal, k, last=k == len(deals))
        return match

    def deal(self, match: Match, d: object, k: int, last: bool) -> None:
        if not isinstance(d, dict):
            raise RecordError("a deal is a JSON object", k)
        dealer = d.get("dealer")
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < self.n:
            raise RecordError(f"dealer must be a seat from 0 to {self.n - 1}", k)
        expected = match.next_dealer
        if dealer != expected:
            raise RecordError(
                f"dealer is seat {dealer} but the deal passes to the left: it is seat {expected}",
                k,
            )
        open_cards = self.cards(d.get("open"), OPEN_CARDS, "open", k)
        hands = d.get("hands")
        if not isinstance(hands, list) or len(hands) != self.n:
            raise RecordError(f"hands must have one entry per seat ({self.n})", k)
        order = match.play_order(dealer)
        for seat, hand in enumerate(hands):
            if seat in order:
                self.cards(hand, CARDS_PER_HAND, f"hand of {self.who(seat)}", k)
            elif hand is not None:
                raise RecordError(f"{self.who(seat)} sits out and must have no hand (null)", k)
        seen: set[str] = set(open_cards)
        if len(seen) < OPEN_CARDS:
            raise RecordError("a card appears twice among the open cards", k)
        for seat in order:
            for card in hands[seat]:
                if card in seen:
                    raise RecordError(f"{card} is dealt twice", k)
                seen.add(card)
        match.apply(TABLE, deal_action(deck_from(open_cards, order, hands)))
        self.contract(match, d, k)
        plays = d.get("plays", [])
        if not isinstance(plays, list):
            raise RecordError("plays must be a list of cards", k)
        if "discard" not in d:
            if plays or not last:
                raise RecordError("the discard is missing", k)
        else:
            discard = d.get("discard")
            if not isinstance(discard, list) or not all(is_card(c) for c in discard):
                raise RecordError("discard must be a list of 4 cards", k)
            try:
                match.apply(order[0], discard_action(discard))
            except IllegalAction:
                raise RecordError(
                    f"{self.who(order[0])} must discard 4 different cards of the 20 they hold,"
                    f" not {' '.join(discard)}",
                    k,
                ) from None
        self.plays(match, plays, k)
        if len(plays) < PLAYS_PER_DEAL and not last:
            raise RecordError(f"only {len(plays)} of 48 cards played, yet another deal follows", k)
        self.derived(match, d, k)

    def contract(self, match: Match, d: dict[str, Any], k: int) -> None:
        contract = d.get("contract")
        trump = d.get("trump")
        deal = match.deals[-1]
        forehand = self.who(deal.forehand)
        if contract not in CONTRACTS:
            raise RecordError(f"contract must be one of {', '.join(CONTRACTS)}", k)
        if contract == VALFRI and trump not in ("S", "H", "D", "C"):
            raise RecordError("valfri needs a trump suit (S, H, D or C)", k)
        if contract == SPADER and trump not in (None, "S"):
            raise RecordError("spader's trump is spades", k)
        if contract not in (VALFRI, SPADER) and trump is not None:
            raise RecordError(f"{contract} has no trump suit", k)
        if contract in match.used[deal.forehand]:
            raise RecordError(f"{forehand} already chose {contract} as forehand", k)
        if match.phase is Phase.CONTRACT:
            match.apply(
                deal.forehand, contract_action(contract, trump if contract == VALFRI else None)
            )
        elif deal.contract != contract:  # pragma: no cover - the checks above leave one contract
            raise RecordError(f"{forehand} must play {deal.contract}, the contract left", k)

    def plays(self, match: Match, plays: list[Any], k: int) -> None:
        if len(plays) > PLAYS_PER_DEAL:
            raise RecordError(f"{len(plays)} plays, but a deal has 48", k)
        for p, card in enumerate(plays, start=1):
            if not is_card(card):
                raise RecordError(f"{card!r} is not a card", k, p)
            seat = match.to_act
            assert seat is not None
            try:
                match.apply(seat, PLAY[card])
            except IllegalAction as refused:
                if refused.code == "must_follow_suit":
                    suit = SUIT_NAMES[str(refused.detail["suit"])]
                    raise RecordError(
                        f"{self.who(seat)} holds a {suit} and must follow suit", k, p
                    ) from None
                if refused.code == "card_not_in_hand":
                    raise RecordError(f"{self.who(seat)} does not hold {card}", k, p) from None
                raise RecordError(refused.message, k, p) from None

    def derived(self, match: Match, d: dict[str, Any], k: int) -> None:
        deal = match.deals[-1]
        if "tricks" in d and not same_json(d["tricks"], deal.tricks):
            raise RecordError(
                f"tricks are stated as {d['tricks']} but the cards give {deal.tricks}", k
            )
        scores = list(deal.scores or [0] * self.n)
        if "scores" in d and not same_json(d["scores"], scores):
            raise RecordError(f"scores are stated as {d['scores']} but the cards give {scores}", k)


def replay_record(players: Sequence[str], options: object, doc: Mapping[str, Any]) -> Match:
    """The match a record's deals lead to (its envelope already read); :class:`RecordError`
    names the first rule broken."""
    return _Replayer(list(players)).run(doc["deals"])


def match_from_record(doc: object) -> tuple[Match, list[str]]:
    """Replay a Bismarck record; raise :class:`RecordFormatError` or :class:`RecordError`."""
    # Imported here: the shared reader consults the registry, complete only once every
    # game package, this one included, has been imported.
    from ..records import read_envelope

    game, players, _ = read_envelope(doc)
    if game.name != NAME:
        raise RecordFormatError(f"not a Bismarck record (game is {game.name!r})")
    assert isinstance(doc, Mapping)
    return replay_record(players, {}, doc), players


def validate(players: Sequence[str], options: object, doc: Mapping[str, Any]) -> Validation:
    """Replay a record (its envelope already read) and check its derived fields."""
    try:
        match = replay_record(players, options, doc)
        actual = winners(match.totals)
        check_standing(doc, match.totals, actual)
    except RecordError as broken:
        return Validation(valid=False, error=str(broken))
    return Validation(
        valid=True,
        deals=[
            {"tricks": list(d.tricks), "scores": list(d.scores or [0] * match.seats)}
            for d in match.deals
        ],
        totals=list(match.totals),
        winners=actual,
    )


def validate_record(doc: object) -> Validation:
    """Validate a Bismarck record. Raises :class:`RecordFormatError` only."""
    from ..records import read_envelope  # see match_from_record

    game, players, _ = read_envelope(doc)
    if game.name != NAME:
        raise RecordFormatError(f"not a Bismarck record (game is {game.name!r})")
    assert isinstance(doc, Mapping)
    return validate(players, {}, doc)


__all__ = [
    "RecordError",
    "RecordFormatError",
    "Validation",
    "export_record",
    "match_from_record",
    "replay_record",
    "validate",
    "validate_record",
]
