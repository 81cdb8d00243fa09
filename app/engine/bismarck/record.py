"""Bismarck's records, format ``kortbord-record/1`` (docs/records.md), on the base's
(:class:`~app.engine.trick_game.TrickRecords`), and the deal body its whole family writes:
the dealer, the open cards, the hands as dealt, the contract and its trump, what comes
between the contract and the play (Bismarck's discard, the Finnish exchange) and the cards
played, tricks and scores derived.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ..actions import Action
from ..cards import SUITS, Card, is_card
from ..errors import IllegalAction
from ..game import TABLE, Options, RecordError
from ..recorded import deals_of, end_of_deal, is_seat
from ..trick_game import TrickMatch, TrickRecords
from .contracts import contract_action
from .family import FamilyMatch
from .rules import CARDS_PER_HAND, OPEN_CARDS
from .rules import winners as leaders
from .state import Deal, Match, deck_from, discard_action, play_order


class FamilyRecords(TrickRecords[Any]):
    """The deal body of a Bismarck family game's records. A member names its cards per
    hand and per deal and its words (its deals per match and its contracts are its match
    class's); and what an entry says of the contract (:meth:`chosen`) and what is replayed
    between the contract and the play (:meth:`before_play`)."""

    NAMES_PLAYERS = True
    match_class: type[FamilyMatch[Any]]
    players: Sequence[str] = ()
    HAND: ClassVar[int]
    PLAYS: ClassVar[int]
    FIXED_SAID: ClassVar[str]
    """What a record naming another trump for ``FIXED`` is told (``{open}``: open card 1)."""
    OPEN_TWICE: ClassVar[str | None] = None
    """What an open card dealt twice is told, where not that it is dealt twice."""
    STATED: ClassVar[str] = "is"

    def chosen(self, deal: Any, seat: int | None, whole: bool) -> dict[str, Any]:
        raise NotImplementedError

    def before_play(self, match: Any, d: Any, k: int, last: bool) -> list[Any]:
        """The cards deal ``d`` plays, once what comes before the play is replayed."""
        raise NotImplementedError

    def pack(self, match: Any, open_cards: list[Card], hands: Any, dealer: int) -> list[Card]:
        raise NotImplementedError

    def active(self, match: Any, dealer: int) -> Sequence[int]:
        """The seats dealt a hand, in the order their cards are checked."""
        return range(match.seats)

    def shown(self, value: object) -> str:
        """A value that is no card, as a refusal quotes it."""
        return repr(value)

    def entry(
        self, match: TrickMatch[Any], deal: Any, seat: int | None, whole: bool
    ) -> dict[str, Any] | None:
        hands = [h and list(h) if whole or s == seat else None for s, h in enumerate(deal.dealt)]
        out = {"dealer": deal.dealer, "open": list(deal.open), "hands": hands}
        return {
            **out,
            **self.chosen(deal, seat, whole),
            "plays": list(deal.plays),
            **self.derived(deal),
        }

    def who(self, seat: int) -> str:
        return self.seat_name(self.players, seat)

    def replay(self, players: Sequence[str], options: Options, doc: Mapping[str, Any]) -> Any:
        deals, seats, totals = deals_of(doc), len(players), self.match_class.DEALS
        self.check_seats(seats)  # before the table's deals per match are asked for
        if len(deals) > (total := totals[seats]):
            of = f" of {seats} players" if len(totals) > 1 else ""
            said = f"a match{of} has only {total} deals (the record has {len(deals)})"
            raise RecordError(said, total + 1)
        # a reader of this one record, its players named in its refusals
        reader = copy.copy(self)
        reader.players = players
        return TrickRecords.replay(reader, players, options, doc)

    def cards(self, value: object, count: int, what: str, k: int) -> list[Card]:
        if not isinstance(value, list) or len(value) != count:
            raise RecordError(f"{what} must be a list of {count} cards", k)
        for card in value:
            if not is_card(card):
                raise RecordError(f"{what}: {self.shown(card)} is not a card", k)
        return value

    def replay_deal(
        self, match: Any, players: Sequence[str], record: object, k: int, last: bool
    ) -> None:
        d, dealer = self.opened(match, record, k)
        open_cards = self.cards(d.get("open"), OPEN_CARDS, "open", k)
        hands = d.get("hands")
        if not isinstance(hands, list) or len(hands) != match.seats:
            raise RecordError(self.HANDS.format(seats=match.seats, size=self.HAND), k)
        active = self.active(match, dealer)
        for seat, hand in enumerate(hands):
            who = self.who(seat)
            if seat in active:
                self.cards(hand, self.HAND, f"hand of {who}", k)
            elif hand is not None:
                raise RecordError(f"{who} sits out and must have no hand (null)", k)
        seen: set[Card] = set()
        for i, card in enumerate([*open_cards, *(c for s in active for c in hands[s])]):
            if card in seen:
                raise RecordError(
                    (i < OPEN_CARDS and self.OPEN_TWICE) or f"{card} is dealt twice", k
                )
            seen.add(card)
        match.apply(TABLE, Action("deal", ",".join(self.pack(match, open_cards, hands, dealer))))
        deal = match.deals[-1]
        plays = self.before_play(match, d, k, last)
        if len(plays) > self.PLAYS:
            raise RecordError(f"{len(plays)} plays, but a deal has {self.PLAYS}", k)
        for p, card in enumerate(plays, start=1):
            if not is_card(card):
                raise RecordError(f"{self.shown(card)} is not a card", k, p)
            seat = match.to_act
            try:
                match.apply(seat, match.PLAYS[card])
            except IllegalAction as refused:
                raise RecordError(
                    self.explain(match, players, seat, "play", refused), k, p
                ) from None
        if len(plays) < self.PLAYS and not last:
            said = f"only {len(plays)} of {self.PLAYS} cards played, yet another deal follows"
            raise RecordError(said, k)
        end_of_deal(deal.finished, last, d, self.derived(deal), k, self.STATED)

    @staticmethod
    def plays_of(d: dict[str, Any], k: int) -> list[Any]:
        plays = d.get("plays", [])
        if not isinstance(plays, list):
            raise RecordError("plays must be a list of cards", k)
        return plays

    def contract(self, match: Any, d: Any, k: int) -> None:
        deal = match.deals[-1]
        contract, trump, forehand = d.get("contract"), d.get("trump"), deal.forehand
        if contract not in match.CONTRACTS:
            raise RecordError(f"contract must be one of {', '.join(match.CONTRACTS)}", k)
        if contract == match.FREE and trump not in SUITS:
            raise RecordError(f"{contract} needs a trump suit (S, H, D or C)", k)
        if contract == match.FIXED and trump not in (None, match.fixed_trump(deal)):
            raise RecordError(self.FIXED_SAID.format(open=deal.open[0]), k)
        if contract not in (match.FREE, match.FIXED) and trump is not None:
            raise RecordError(f"{contract} has no trump suit", k)
        if contract in match.used[forehand]:
            raise RecordError(f"{self.who(forehand)} already chose {contract} as forehand", k)
        if match.phase() == "contract":  # else the deal set it: the one contract left
            match.apply(
                forehand, contract_action(contract, trump if contract == match.FREE else None)
            )


class BismarckRecords(FamilyRecords):
    """Bismarck's own: the seat sitting out, the discard, a running record's leaders."""

    HAND = CARDS_PER_HAND
    PLAYS = 3 * CARDS_PER_HAND
    FIXED_SAID = "spader's trump is spades"
    HANDS = "hands must have one entry per seat ({seats})"
    OPEN_TWICE = "a card appears twice among the open cards"
    STATED = "are"

    def derived(self, deal: Deal) -> dict[str, Any]:
        return {"tricks": list(deal.tricks), "scores": list(deal.scores or [0] * len(deal.won))}

    def chosen(self, deal: Deal, seat: int | None, whole: bool) -> dict[str, Any]:
        out: dict[str, Any] = {"contract": deal.contract, "trump": deal.trump}
        if deal.discard is not None and (whole or seat == deal.forehand):
            out["discard"] = list(deal.discard)
        return out

    def entry(
        self, match: TrickMatch[Any], deal: Deal, seat: int | None, whole: bool
    ) -> dict[str, Any] | None:
        if deal.contract is None:  # a deal still waiting for its contract
            return None
        return super().entry(match, deal, seat, whole)

    def export(
        self,
        match: TrickMatch[Any],
        players: Sequence[str],
        seat: int | None = None,
        whole: bool = True,
    ) -> dict[str, Any]:
        record = super().export(match, players, seat, whole)
        if whole:  # a running match's whole record names its leaders
            record["winners"] = self.winners(match)
        return record

    def winners(self, match: TrickMatch[Any]) -> list[int]:
        return leaders(match.totals)

    def opened(self, match: TrickMatch[Any], record: object, k: int) -> tuple[dict[str, Any], int]:
        if (
            isinstance(record, dict)
            and is_seat(dealer := record.get("dealer"), match.seats)
            and dealer != (due := match.next_dealer)
        ):
            said = f"dealer is seat {dealer} but the deal passes to the left: it is seat {due}"
            raise RecordError(said, k)
        return super().opened(match, record, k)

    def active(self, match: Match, dealer: int) -> Sequence[int]:
        return play_order(match.seats, dealer)

    def pack(self, match: Match, open_cards: list[Card], hands: Any, dealer: int) -> list[Card]:
        return deck_from(open_cards, hands, dealer)

    def before_play(self, match: Match, d: Any, k: int, last: bool) -> list[Any]:
        self.contract(match, d, k)
        plays = self.plays_of(d, k)
        if "discard" not in d:
            if plays or not last:
                raise RecordError("the discard is missing", k)
            return plays
        discard = d.get("discard")
        if not isinstance(discard, list) or not all(is_card(c) for c in discard):
            raise RecordError("discard must be a list of 4 cards", k)
        forehand = match.deals[-1].forehand
        try:
            match.apply(forehand, discard_action(discard))
        except IllegalAction:
            held = f"4 different cards of the 20 they hold, not {' '.join(discard)}"
            raise RecordError(f"{self.who(forehand)} must discard {held}", k) from None
        return plays
