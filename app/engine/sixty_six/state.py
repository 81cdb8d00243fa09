"""Sixty-six's rules of play on the trick-game base: its notation, the deal laid out with
the trump card turned under the stock, the draws, the exchange of the nine of trumps,
marriages, closing, claims and how a deal settles.

The table's ``deal:<24 cards>`` fixes the whole pack, so drawing from the stock is part of
``apply`` and needs no further chance step. Every other action is a seat's: ``play:QS``,
``exchange``, ``close``, ``marriage:H`` and ``claim`` (either seat, at any moment of a deal).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, ClassVar, Final

from ..actions import Action
from ..cards import SUITS, Card, Suit
from ..errors import IllegalAction, MalformedAction
from ..game import Option, Options
from ..hand_positions import dealt_to
from ..trick_game import Trick, TrickDeal, TrickMatch
from ..tricks import TrickRules, legal_cards
from .rules import (
    MARRIAGE_IN_TRUMPS,
    MARRIAGE_PLAIN,
    OPTIONS,
    SIXTY_SIX,
    End,
    Variant,
    card_points,
    settle_claim,
    settle_played_out,
)

EXCHANGE: Final = Action("exchange")
CLOSE: Final = Action("close")
CLAIM: Final = Action("claim")
MARRIAGE: Final[dict[Suit, Action]] = {s: Action("marriage", s) for s in SUITS}


def dealt_hands(pack: Sequence[Card], dealer: int, variant: Variant) -> list[list[Card]]:
    """The two hands the pack deals (Clarification 7), each in canonical order."""
    hands = dealt_to(pack, variant.hand_positions(2, {}), dealer)
    return [sorted(hand, key=variant.order.__getitem__) for hand in hands]


@dataclass(frozen=True, slots=True)
class Marriage:
    seat: int
    suit: Suit
    points: int


@dataclass(frozen=True, slots=True)
class Result:
    """How a deal settled."""

    end: End
    winner: int | None
    claimant: int | None
    points: tuple[int, int]
    """Each player's points when the deal ended (card points, credited marriages and, for
    a deal played out that nobody closed, the last trick's 10)."""
    game_points: int
    """What the deal itself is worth to its winner, carried points apart."""
    carried_in: int
    """Carried points the winner took with this deal (§10)."""
    carried: int
    """Points carried on to the next deal after this one."""


class Deal(TrickDeal):
    """The stock's face-up card lies under it (``Place.TURNED``) until the last draw takes it, face
    up while the stock is open and turned down once it is closed."""

    __slots__ = (
        "closed_by",
        "closed_points",
        "closed_tricks",
        "exchanged",
        "first_turned",
        "marriages",
        "pending",
        "result",
        "window",
    )

    def begin(self) -> None:
        self.first_turned: Card = ""
        """The card turned up at the deal (public for good, whatever became of it)."""
        self.closed_by: int | None = None
        self.closed_tricks: list[int] | None = None
        """The tricks each player had won when the stock was closed."""
        self.closed_points: list[int] | None = None
        """Each player's points when the stock was closed (Schnapsen scores a closer who
        wins by them)."""
        self.exchanged: tuple[int, int] | None = None
        """Who exchanged the nine of trumps, and after how many tricks (§5)."""
        self.marriages: tuple[Marriage, ...] = ()
        self.pending: Suit | None = None
        """The suit of a marriage just declared, until one of its cards is led."""
        self.window: int | None = None
        """The seat that has just won a trick or declared a marriage, while that was the
        last action (option claims_only_immediately)."""
        self.result: Result | None = None

    def points(self, seat: int) -> int:
        """Card points won plus marriages, which count once the declarer has a trick (§6)."""
        total = card_points(map(self.ledger.cards.__getitem__, self.ledger.taken[seat]))
        if self.won[seat]:
            total += sum(m.points for m in self.marriages if m.seat == seat)
        return total

    def close(self, seat: int, after: int) -> None:
        """The stock closed by ``seat`` after ``after`` tricks, and each player's tricks and
        points then, read from the tricks as a state dealt anew from a view must: the cards of
        the tricks won by then, and the marriages declared by then if their declarer had a
        trick. A marriage is declared just before its declarer leads its king or queen
        (neither could have been led before), so the trick led so tells when."""
        tricks, points = [0, 0], [0, 0]
        for trick in self.history[:after]:
            tricks[trick.winner] += 1
            points[trick.winner] += card_points(trick.cards)
        for m in self.marriages:
            couple = ("K" + m.suit, "Q" + m.suit)
            led = any(t.leader == m.seat and t.cards[0] in couple for t in self.history[:after])
            if led and tricks[m.seat]:
                points[m.seat] += m.points
        self.closed_by = seat
        self.closed_tricks = tricks
        self.closed_points = points

    @property
    def closed_after(self) -> int | None:
        """Tricks completed when the stock was closed."""
        return None if self.closed_tricks is None else sum(self.closed_tricks)


COUPLES: Final = tuple(("K" + s, "Q" + s, s) for s in SUITS)


def marriage_suits(hand: list[Card]) -> list[Suit]:
    return [s for king, queen, s in COUPLES if king in hand and queen in hand]


def _marriages(deal: Deal) -> list[dict[str, Any]]:
    return [{**asdict(m), "credited": deal.won[m.seat] > 0} for m in deal.marriages]


def _exchange(deal: Deal) -> dict[str, int] | None:
    exchanged = deal.exchanged
    return None if exchanged is None else {"seat": exchanged[0], "after": exchanged[1]}


def _marriage_to_lead(suit: Suit, **card: Card) -> IllegalAction:
    message = "lead the king or queen of the marriage you declared, or claim"
    return IllegalAction("marriage_must_be_led", message, {"suit": suit, **card})


class Match(TrickMatch[Deal]):
    """A match of Sixty-six for two seats; a member of the family subclasses it with its
    ``VARIANT`` and the class fields that follow from it."""

    NAME: ClassVar[str] = "sixty_six"
    TITLE: ClassVar[str] = "Sixty-six"
    VARIANT: ClassVar[Variant] = SIXTY_SIX
    PACK: ClassVar[tuple[Card, ...]] = SIXTY_SIX.pack.cards
    RULES: ClassVar[TrickRules] = SIXTY_SIX.open_rules
    OPTIONS: ClassVar[tuple[Option, ...]] = OPTIONS
    DEAL: ClassVar[type[TrickDeal]] = Deal
    CARD_ORDER: ClassVar[Mapping[Card, int] | None] = SIXTY_SIX.order
    OTHER_ACTIONS: ClassVar[tuple[Action, ...]] = (EXCHANGE, CLOSE, *MARRIAGE.values(), CLAIM)

    __slots__ = ("carried", "closed_rules")

    def __init__(self, seats: int, options: Options | None, first_dealer: int) -> None:
        super().__init__(seats, options, first_dealer)
        self.carried = 0
        """Game points carried to the next deal's winner (§10)."""
        self.closed_rules = self.VARIANT.closed_rules(self.options)
        """The duties once the stock is closed or exhausted: read before every card."""

    def public_fields(self) -> dict[str, Any]:
        """The view's fields of the match besides the base's (``make_game``)."""
        return {"deals_total": None, "target": self.target, "carried": self.carried}

    # -- the notation --------------------------------------------------------------------------

    @classmethod
    def parse_other(cls, action: Action) -> Action:
        kind, arg = action.kind, action.arg
        if kind == "marriage":
            raise MalformedAction(f"'marriage' takes a suit (S, H, D or C), got {arg[:20]!r}")
        if kind in ("exchange", "close", "claim"):
            raise MalformedAction(f"'{kind}' takes no argument")
        if kind == "deal" and sorted(arg.split(",")) != sorted(cls.PACK):
            ranks = " ".join(cls.VARIANT.ranks)
            message = f"'deal' takes the {len(cls.PACK)} cards ({ranks} of each suit), each once"
            raise MalformedAction(message)
        return super().parse_other(action)

    # -- reading -------------------------------------------------------------------------------

    def rules(self, deal: Deal) -> TrickRules:
        """No duty while the stock is open; once it is closed or exhausted, follow (§7.1)."""
        return self.RULES if deal.closed_by is None and deal.ledger.stock else self.closed_rules

    def may_claim(self, deal: Deal, seat: int) -> bool:
        """Whether ``seat`` may claim now (§8; option claims_only_immediately)."""
        return not self.options["claims_only_immediately"] or deal.window == seat

    def lead_cards(self, deal: Deal, seat: int, hand: list[Card]) -> list[Card]:
        """After declaring a marriage, its king or queen (§6)."""
        suit = deal.pending
        return hand if suit is None else [c for c in hand if c[1] == suit and c[0] in "KQ"]

    def marriages_open(self, deal: Deal) -> bool:
        return not (self.options["no_marriages_after_closing"] and deal.closed_by is not None)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The base's listing written out, the hand read once and the other actions listed
        here: random playouts list the legal actions before every card."""
        to_act = self.to_act
        actor = to_act if seat is None else seat
        deal = self.current
        if deal is None or actor is None or not 0 <= actor < 2:
            return []
        claim = [CLAIM] if self.may_claim(deal, actor) else []
        if actor != to_act:
            return claim
        ledger = deal.ledger
        cards = ledger.cards
        hand = [cards[i] for i in ledger.hands[actor]]
        plays = self.PLAYS
        if ledger.trick:
            rules = self.rules(deal)
            if rules.follow_suit:
                hand = legal_cards(hand, ledger.trick_cards(), deal.trump, rules)
            return [plays[c] for c in hand] + claim
        out = [plays[c] for c in self.lead_cards(deal, actor, hand)]
        if deal.pending is not None:
            return out + claim
        variant = self.VARIANT
        if deal.closed_by is None and len(ledger.stock) >= variant.talon_needed:
            may_exchange = deal.won[actor] or not variant.exchange_needs_trick
            if may_exchange and variant.exchange_rank + str(deal.trump) in hand:
                out.append(EXCHANGE)
            out.append(CLOSE)
        if self.marriages_open(deal):
            out.extend(MARRIAGE[s] for s in marriage_suits(hand))
        return out + claim

    # -- checking ------------------------------------------------------------------------------

    def check_lead(self, deal: Deal, seat: int, card: Card) -> None:
        if deal.pending is not None and (card[1] != deal.pending or card[0] not in "KQ"):
            raise _marriage_to_lead(deal.pending, card=card)

    def check_other(self, deal: Deal | None, seat: int, action: Action) -> Deal:
        kind = action.kind
        if kind == "claim" and seat in (0, 1):  # either seat, at any moment of a deal
            if deal is None:
                raise IllegalAction("claim_not_now", "there is no deal in progress to claim")
            if not self.may_claim(deal, seat):
                message = "a claim must come right after winning a trick or declaring a marriage"
                raise IllegalAction("claim_not_now", message)
            return deal
        if deal is None or seat != self.to_act:
            self.refuse_turn(seat)
        if deal.ledger.trick:
            raise IllegalAction("not_on_lead", f"only the player on lead may {kind}")
        if deal.pending is not None:
            raise _marriage_to_lead(deal.pending)
        variant = self.VARIANT
        if kind in ("exchange", "close"):
            needed = variant.talon_needed
            if deal.closed_by is not None:
                raise IllegalAction("stock_closed", "the stock is closed")
            if not deal.ledger.stock:
                raise IllegalAction("stock_exhausted", "the stock is exhausted")
            if len(deal.ledger.stock) < needed:
                message = f"the talon holds fewer than {needed} cards"
                raise IllegalAction("talon_too_short", message, {"needed": needed})
        if kind == "exchange":
            if deal.won[seat] == 0 and variant.exchange_needs_trick:
                message = "you may exchange the nine once you have won a trick"
                raise IllegalAction("no_trick_won_yet", message)
            card = variant.exchange_rank + str(deal.trump)
            if deal.ledger.index_in_hand(seat, card) is None:
                word = variant.exchange_word
                message = f"you do not hold the {word} of trumps"
                raise IllegalAction(f"no_{word}_of_trumps", message, {"card": card})
        elif kind == "marriage":
            if not self.marriages_open(deal):
                message = "no marriage may be declared after closing"
                raise IllegalAction("no_marriages_after_closing", message)
            suit = action.arg
            if suit not in marriage_suits(deal.ledger.hand(seat)):
                message = f"you do not hold the king and queen of {suit}"
                raise IllegalAction("no_marriage", message, {"suit": suit})
        return deal

    # -- changing ------------------------------------------------------------------------------

    def lay_out(self, deal: Deal, pack: Sequence[Card]) -> None:
        """Six each in threes, the non-dealer's first; the next card turned for trumps and
        laid under the rest, the stock (§3, Clarification 7)."""
        ledger = deal.ledger
        variant = self.VARIANT
        for card, k in zip(pack, variant.places, strict=False):
            if k is not None:
                ledger.deal((deal.dealer + k) % 2, card)
        ledger.lay_stock(variant.stock_order(pack))
        turned = ledger.turn_under()
        assert turned is not None
        deal.first_turned = turned
        deal.trump = turned[1]

    def apply_other(self, deal: Deal, seat: int, action: Action) -> None:
        kind = action.kind
        deal.window = seat if kind == "marriage" else None
        if kind == "claim":
            self.finish(deal, self.settle(deal, [deal.points(0), deal.points(1)], claimant=seat))
        elif kind == "exchange":  # the nine for the turned card, before the whole table
            deal.ledger.exchange(seat, self.VARIANT.exchange_rank + str(deal.trump))
            deal.exchanged = (seat, len(deal.history))
        elif kind == "close":  # the turned card goes face down: no more draws (§7)
            deal.close(seat, len(deal.history))
        else:
            suit = action.arg
            points = MARRIAGE_IN_TRUMPS if suit == deal.trump else MARRIAGE_PLAIN
            deal.marriages += (Marriage(seat, suit, points),)
            deal.pending = suit
            deal.ledger.show(seat, "K" + suit)
            deal.ledger.show(seat, "Q" + suit)

    def play(self, deal: Deal, seat: int, card: Card) -> None:
        deal.pending = deal.window = None
        super().play(deal, seat, card)

    def after_trick(self, deal: Deal, trick: Trick) -> None:
        """While the stock is open the winner draws first, the loser last: the card under
        the stock, face up, with the last draw (§4)."""
        if deal.closed_by is None and deal.ledger.stock:
            deal.ledger.draw(trick.winner)
            deal.ledger.draw(1 - trick.winner)
        deal.window = trick.winner

    def score(self, deal: Deal) -> tuple[int, ...]:
        points = [deal.points(0), deal.points(1)]
        if deal.closed_by is None:  # §7.2: the last trick's 10 only when nobody closed
            points[deal.leader] += self.VARIANT.last_trick_bonus
        return self.settle(deal, points, last_trick=deal.leader)

    def settle(
        self,
        deal: Deal,
        points: Sequence[int],
        claimant: int | None = None,
        last_trick: int | None = None,
    ) -> tuple[int, ...]:
        """The result of a deal ended by ``claimant``'s claim or played out (its last trick
        won by ``last_trick``), by both players' ``points`` then and the points carried
        (§10): its scores, which :meth:`finish` adds up. Also how a deal entered on paper is
        settled (``paper.py``)."""
        variant = self.VARIANT
        at_close = deal.closed_points if variant.closer_scored_at_close else None
        tricks, closer, tricks_then = deal.won, deal.closed_by, deal.closed_tricks
        if claimant is not None:
            three = variant.wrong_claim_three
            settled = settle_claim(claimant, points, tricks, closer, tricks_then, three, at_close)
        else:
            higher = bool(self.options.get("higher_total_wins", False))
            last = last_trick if variant.last_trick_wins else None
            settled = settle_played_out(points, tricks, closer, tricks_then, higher, last, at_close)
        winner = settled.winner
        scores = [0, 0]
        carried_in = 0
        if winner is not None:
            carried_in, self.carried = self.carried, 0
            scores[winner] = settled.game_points + carried_in
        elif settled.end is End.NO_WINNER:
            self.carried += 1
        deal.result = Result(
            end=settled.end,
            winner=winner,
            claimant=claimant,
            points=(points[0], points[1]),
            game_points=settled.game_points,
            carried_in=carried_in,
            carried=self.carried,
        )
        return tuple(scores)

    def dealer_after(self, deal: Deal) -> int:
        result = deal.result
        assert result is not None
        if result.end is End.DRAW:
            return deal.dealer
        if self.options["winner_deals_next"]:
            return deal.dealer if result.winner is None else result.winner
        return 1 - deal.dealer

    def match_over(self) -> bool:
        return max(self.totals) >= self.target

    # -- what the table sees -------------------------------------------------------------------

    def deal_json(self, deal: Deal) -> dict[str, Any]:
        closed = deal.closed_by is not None
        turned = deal.ledger.turned
        return {
            "first_turned": deal.first_turned,
            "turned": None if closed else turned,
            "turned_down": turned if closed else None,
            "stock": max(0, len(deal.ledger.stock) - 1),
            "closed_by": deal.closed_by,
            "closed_after": deal.closed_after,
            "exchange": _exchange(deal),
            "exhausted": turned is None,
            "marriages": _marriages(deal),
            "pending_marriage": deal.pending,
            "claim_window": deal.window,
            "points": [deal.points(0), deal.points(1)] if self.options["show_points"] else None,
        }

    def cards_json(self, deal: Deal, viewer: int | None) -> dict[str, Any]:
        """The hands' sizes and the cards of them the whole table has been shown (the partner
        of a declared marriage, the turned card taken), the same for every viewer, and a
        seat's own hand; no voids (nobody need follow while the stock lasts)."""
        if viewer is not None:
            return {"hand": deal.ledger.hand(viewer)}
        shown = deal.ledger.cards_view(None)
        return {key: shown[key] for key in ("hand", "hand_sizes", "known")}

    def detail(self, deal: Deal) -> dict[str, Any]:
        result = deal.result
        assert result is not None
        shown = {
            "winner": result.winner,
            "end": result.end.value,
            "claimant": result.claimant,
            "closed_by": deal.closed_by,
            "points": list(result.points),
            "tricks": list(deal.won),
            "game_points": result.game_points,
            "carried_in": result.carried_in,
            "carried": result.carried,
        }
        if self.VARIANT.closer_scored_at_close:
            # Schnapsen scores a closer who wins by them (docs/games/schnapsen.md §11)
            shown["points_at_close"] = deal.closed_points
        return shown

    def previous_fields(self, deal: Deal) -> dict[str, Any]:
        """The detail and the public course of play: the card turned, the closing, the
        exchange, the marriages and a trick a claim left unfinished. The cards never played
        (hands, the rest of the stock) stay unshown."""
        shown = self.detail(deal)
        del shown["tricks"]  # tricks_won says it
        shown.update(
            turned=deal.first_turned,
            closed_after=deal.closed_after,
            exchange=_exchange(deal),
            marriages=_marriages(deal),
            trick=self.on_table(deal),
        )
        return shown
