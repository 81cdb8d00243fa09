"""What the Bismarck games share of a deal and a match on the trick-game base
(:mod:`app.engine.trick_game`): the open cards forehand takes up with the contract, the
contract set by the deal itself when it is forehand's last one left, the contracts each
forehand has played, the refusals of a contract they word alike (a card's and a deal's are
the base's ``_check``'s, in the family's words), and what their resamplers read back from a
view alike.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Final, TypeVar

from ..actions import Action
from ..cards import FULL_DECK, Card, dealt_cards
from ..errors import IllegalAction
from ..game import View
from ..trick_game import TrickDeal, TrickMatch, make_resample, played_tricks
from ..tricks import WHIST, TrickRules, revealed
from .contracts import already_used
from .rules import OPEN_CARDS

DealT = TypeVar("DealT", bound="FamilyDeal")
M = TypeVar("M", bound="FamilyMatch[Any]")


class FamilyDeal(TrickDeal):
    """A deal of a Bismarck game: forehand, the open cards in the order dealt, the contract
    and whether the deal set it; the cards played read from the ledger."""

    __slots__ = ("contract", "forced", "forehand", "open")

    def begin(self) -> None:
        self.forehand = (self.dealer + 1) % self.seats
        self.open: tuple[Card, ...] = ()
        self.contract: str | None = None
        self.forced = False
        """The contract was forehand's last one left."""

    @property
    def plays(self) -> list[Card]:
        return [c for t in self.history for c in t.cards] + self.ledger.trick_cards()


class FamilyMatch(TrickMatch[DealT]):
    """A match of a Bismarck game: its ``CONTRACTS``, the one whose trump forehand names
    (``FREE``, refused without it in the words of ``TRUMP_REQUIRED``) and the one whose
    trump is set (``FIXED``, :meth:`fixed_trump`), and the step that follows the contract
    (``AFTER_CONTRACT``). Both play the full pack, their ``play:`` actions the same."""

    PACK: ClassVar[tuple[Card, ...]] = FULL_DECK
    RULES: ClassVar[TrickRules] = WHIST
    CARD_ORDER: ClassVar[Mapping[Card, int] | None] = {c: i for i, c in enumerate(FULL_DECK)}
    CONTRACTS: ClassVar[tuple[str, ...]]
    FREE: ClassVar[str]
    TRUMP_REQUIRED: ClassVar[str]
    FIXED: ClassVar[str]
    AFTER_CONTRACT: ClassVar[str]
    DEALS: ClassVar[Mapping[int, int]]
    """The deals of a match, by the seats at the table."""
    FACE_DOWN: ClassVar[bool] = False
    """Whether the hands are dealt face down, looked at only once the contract is made."""
    # the family's words, older than the base's: a card not of the pack is not held, an
    # action of no kind of theirs is refused in its turn (check_other), a deal's pack is all
    UNKNOWN_CARD_MALFORMED: ClassVar[bool] = False
    BAD_DECK: ClassVar[str] = "a deal takes all 52 cards, each once"

    __slots__ = ("used",)
    COPIED: ClassVar = {"used": lambda used: [set(u) for u in used]}

    def __init__(self, seats: int, first_dealer: int) -> None:
        super().__init__(seats, None, first_dealer)
        self.used: list[set[str]] = [set() for _ in range(seats)]
        """The contracts each seat has played as forehand."""

    def fixed_trump(self, deal: DealT) -> str:
        raise NotImplementedError

    def contracts_left(self, seat: int) -> list[str]:
        """The contracts ``seat`` has not played as forehand, in the protocol's order."""
        used = self.used[seat]
        return [c for c in self.CONTRACTS if c not in used]

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The base's, with the hot path of every playout first: whist's one duty (rules
        §6.1) read straight from the ledger, the cards of the suit led if the hand has any."""
        to_act = self.to_act
        deals = self.deals
        if (seat is None or seat == to_act) and to_act is not None and to_act >= 0 and deals:
            deal = deals[-1]
            if deal.scores is None and deal.step == "play":
                ledger = deal.ledger
                cards = ledger.cards
                hand = ledger.hands[to_act]
                plays = _PLAYS
                if ledger.trick:
                    led = cards[ledger.trick[0]][1]
                    following = [plays[cards[i]] for i in hand if cards[i][1] == led]
                    if following:
                        return following
                return [plays[cards[i]] for i in hand]
        return super().legal_actions(seat)

    def shaped(self, action: Action) -> bool:
        return True

    def apply(self, seat: int, action: Action) -> None:
        """The base's, but for the deal's actions, which the family does not keep (its
        records read the tricks), and the contract a deal just laid out may set itself."""
        deal = self._check(seat, action)
        if deal is None:
            self.force_contract(self.start(dealt_cards(action.arg)))
        elif action.kind == "play":
            self.play(deal, seat, action.arg)
        else:
            self.apply_other(deal, seat, action)

    def check_contract(self, deal: DealT, name: str, trump: str | None) -> None:
        forehand = deal.forehand
        if name in self.used[forehand]:
            raise already_used(
                name, self.contracts_left(forehand), f"you have already played {name}"
            )
        if name == self.FREE and not trump:
            raise IllegalAction("trump_required", self.TRUMP_REQUIRED)
        if name != self.FREE and trump:
            raise IllegalAction(
                "trump_not_allowed",
                f"{name} takes no trump suit of your choice",
                {"contract": name, "trump": trump},
            )

    def force_contract(self, deal: DealT) -> None:
        """A deal just laid out: forehand's last contract left is set by the deal itself,
        but ``FREE``, whose trump forehand still names."""
        left = self.contracts_left(deal.forehand)
        deal.forced = len(left) == 1
        if deal.forced and left[0] != self.FREE:
            self._set_contract(deal, left[0], None)

    def lay_out(self, deal: DealT, pack: Sequence[Card]) -> None:
        """The four open cards face up on the table, then card ``k`` of the other 48 to
        the ``k % n``-th of the ``n`` seats that play, from forehand on (every seat, where
        :meth:`players` names none): Bismarck's rules §3.2, the Finnish rules §2."""
        ledger = deal.ledger
        deal.open = tuple(pack[:OPEN_CARDS])
        ledger.lay_open(deal.open)
        seats = self.seats
        players = self.players(deal) or [(deal.forehand + k) % seats for k in range(seats)]
        for k, card in enumerate(pack[OPEN_CARDS:]):
            ledger.deal(players[k % len(players)], card, face_down=self.FACE_DOWN)
        deal.step = "contract"

    def _set_contract(self, deal: DealT, contract: str, trump: str | None) -> None:
        """The contract made: the hands dealt face down are looked at, forehand takes up the
        open cards and, to act since the deal began, acts at the next step too."""
        deal.contract = contract
        deal.trump = self.fixed_trump(deal) if contract == self.FIXED else trump
        ledger = deal.ledger
        for seat in range(self.seats):
            ledger.look(seat)
        for _ in deal.open:
            ledger.draw(deal.forehand)
        deal.step = self.AFTER_CONTRACT

    def previous_fields(self, deal: DealT) -> dict[str, Any]:
        """The last deal scored is shown whole, as a spectator sees it."""
        return {**self.deal_json(deal), **self.cards_json(deal, None), "trick": []}

    def finish(self, deal: DealT, scores: tuple[int, ...]) -> None:
        assert deal.contract is not None
        self.used[deal.forehand].add(deal.contract)
        super().finish(deal, scores)
        # the family's scores have always been a list, as its tests, records and sheets read
        deal.scores = list(scores)  # type: ignore[assignment]

    def match_over(self) -> bool:
        return self.deals_played == self.DEALS[self.seats]


_PLAYS: Final = FamilyMatch.PLAYS


def shown_deal(view: View) -> tuple[dict[str, Any], list[list[tuple[int, Card]]]]:
    """The deal's view in the ledger's terms as both games word it: who leads the trick in
    progress (their views name no leader), the voids play showed, no card yet known in
    any hand, the viewer's hand (none for a spectator) and the open cards on the table until
    forehand takes them up with the contract; and its tricks, each its ``(seat, card)`` in
    the order played, the one in progress last (maybe empty)."""
    d = view["deal"]
    played = d["tricks_played"]
    tricks = played_tricks(d)
    if d["trick"]:
        leader = d["trick"][0]["seat"]
    else:
        leader = played[-1]["winner"] if played else d["forehand"]
    seats = view["seats"]
    shown = {
        **d,
        "leader": leader,
        "voids": revealed(tricks, d["trump"], WHIST, seats).voids,
        "known": [[] for _ in range(seats)],
        "hand": d["hand"] or [],
        "open": d["open"] if d["contract"] is None else [],
    }
    return shown, tricks


def resampler(
    match_class: type[M],
    new: Callable[[int, int], M],
    restore: Callable[[Any, View], None],
    shown: Callable[[View], Mapping[str, Any]],
) -> Callable[[View, random.Random], M]:
    """The ledger's resampler (:func:`make_resample`) of a Bismarck game, for a view with a
    deal in progress: the match ``new`` builds from the seats and the first dealer, its
    contracts used, its deal's open cards and contract, then what ``restore`` sets of the
    game's own from the deal's view."""

    def new_match(view: View) -> M:
        if view["deal"] is None:
            raise ValueError("the view shows no deal in progress")
        return new(view["seats"], view["first_dealer"])

    def restore_all(match: M, deal: TrickDeal | None, view: View, rng: random.Random) -> None:
        match.used = [set(match.CONTRACTS) - set(left) for left in view["contracts_left"]]
        assert isinstance(deal, FamilyDeal)  # new_match refused a view without one
        d = view["deal"]
        deal.open = tuple(d["open"])
        deal.contract = d["contract"]
        deal.forced = d["forced"]
        restore(deal, d)

    return make_resample(match_class, restore_all, shown, new=new_match)
