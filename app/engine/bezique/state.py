"""The state of a bezique match, rubicon or Chinese, and the one function that changes it,
:meth:`Match.apply`.

A deal runs: the table's ``deal:<pack>`` (the whole pack, so the stock needs no further
chance step), carte blanche shown automatically, then tricks. While the stock lasts the
winner of each trick must choose, ``declare:<declaration>`` or ``draw``: the step is never
skipped, so that nobody learns from its absence that the winner had nothing to declare.
Either way both then draw, winner first. After the final draw the tables are taken up and
the last tricks follow suit. Cards are played as ``play:QS`` from the concealed hand or
``play:QS@3`` from position 3 of the player's table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Any, ClassVar, Final, cast

from ..actions import MAX_ACTION_TEXT, Action, split_action
from ..cards import Card, dealt_cards
from ..errors import IllegalAction, MalformedAction
from ..game import Options
from ..ledger import SUIT_BIT, TAKEN, TRICK
from ..trick_game import TrickMatch
from ..tricks import TrickRules, legal_cards
from ..words import with_article
from . import view
from .combinations import Copy
from .deal import Deal, Declaration, Shown, Trick, deal_from_pack
from .declarations import Context, declare, offers, parse_declaration
from .holding import (
    MAX_POSITION,
    find_copy,
    refuse_concealed,
    remove,
    split_card_argument,
    take_up,
)
from .scoring import settle
from .sheet import deal_detail, deals_total
from .variant import (
    BRISQUE,
    BRISQUE_RANKS,
    CODES,
    COURT,
    OPTIONS,
    WHILE_STOCK,
    Variant,
    endgame_rules,
)

DRAW: Final = Action("draw")
KINDS: Final = ("deal", "play", "declare", "draw")


class Notation:
    """A variant's actions as text: parsing, canonical forms and the table's deal."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.pack_count: Counter[Card] = Counter(variant.pack.cards)
        self.play: dict[str, Action] = {c: Action("play", c) for c in CODES}
        self.fixed: dict[str, Action] = {str(a): a for a in [*self.play.values(), DRAW]}
        self.table_play: list[dict[Card, Action]] = [{} for _ in range(MAX_POSITION + 1)]
        """``play:QS@3`` by position and code, built once each."""
        self.plays: dict[int, tuple[Action, Card, int | None, str]] = {
            id(a): (a, *split_card_argument(a.arg), str(a)) for a in self.play.values()
        }
        """Each ``play:`` action built here, by identity (each is kept alive here), with what
        :meth:`Match.apply` reads of it in one look-up: the action (an id found is checked
        against it), its code, its table position (``None``: the concealed hand), its text."""

    def parse(self, text: object) -> Action:
        if type(text) is str:
            known = self.fixed.get(text)
            if known is not None:
                return known
        action = split_action(text)
        kind, arg = action.kind, action.arg
        if kind == "play":
            split_card_argument(arg)
            return action
        if kind == "declare":
            parse_declaration(arg)
            return action
        if kind == "deal":
            if Counter(arg.split(",")) != self.pack_count:
                raise MalformedAction(
                    f"'deal' takes the {self.variant.pack.size} cards of the pack, each code"
                    f" {self.variant.packs} times, separated by commas"
                )
            return action
        if kind == "draw":
            raise MalformedAction("'draw' takes no argument")
        raise MalformedAction(f"unknown action {kind[:20]!r}", {"kinds": list(KINDS)})

    def shape(self, action: Action) -> None:
        """Refuse an ``Action`` built by hand that no text would parse to."""
        built = self.plays.get(id(action))
        if action is DRAW or (built is not None and built[0] is action):
            return  # built here: no text would parse to anything else
        if (
            type(action) is Action
            and action.kind == "declare"
            and 0 < len(action.arg) <= MAX_ACTION_TEXT - len("declare:")
        ):
            # a declaration: what parse would check, read from the argument without writing
            # the text and splitting it again; a refusal is left to the path below to word
            try:
                parse_declaration(action.arg)
            except MalformedAction:
                pass
            else:
                return
        try:
            parsed = self.parse(str(action))
        except MalformedAction:
            parsed = None
        if parsed != action:
            raise MalformedAction(
                f"not {with_article(self.variant.title)} action: {str(action)[:40]!r}"
            )

    def play_at(self, code: Card, position: int) -> Action:
        row = self.table_play[position]
        found = row.get(code)
        if found is None:
            found = row[code] = Action("play", f"{code}@{position}")
            self.fixed[str(found)] = found
            self.plays[id(found)] = (found, code, position, str(found))
        return found


notation = cache(Notation)


class Match(TrickMatch[Deal]):
    """A match of rubicon or Chinese bezique on the base's, with its own cards: copies, held
    in the holdings and the deal's ledger. Each variant plays through a class of its own
    (:func:`match_class`)."""

    VARIANT: ClassVar[Variant]
    OPTIONS = OPTIONS
    HEAD_TRICK = "you must play higher than the card led if able"
    SHOWS_TRUMP = False  # the deal's fields name it, beside the previous deal's

    __slots__ = ("current", "endgame_rules", "notation", "variant")

    current: Deal | None
    """The deal being played, or ``None``: a slot kept by :meth:`_deal` and :meth:`_settle`,
    not the base's property, as every action reads it (a property is a call)."""

    def __init__(self, seats: int, options: Options | None, first_dealer: int) -> None:
        super().__init__(seats, options, first_dealer)
        self.variant = self.VARIANT
        self.notation = notation(self.variant)
        self.endgame_rules: TrickRules = endgame_rules(self.options)
        self.current = None

    # -- reading -------------------------------------------------------------------------------

    def match_over(self) -> bool:
        return self.deals_played >= deals_total(self.seats, self.options)

    def dealer_after(self, deal: Deal) -> int:
        """The winner deals the next; after a drawn deal the other player (rubicon §2)."""
        assert deal.result is not None
        winner = deal.result.winner
        return 1 - deal.dealer if winner is None else winner

    def phase_of(self, deal: Deal) -> str:
        """``play`` (tricks while the stock lasts), ``declare`` (a trick's winner declares or
        draws) or ``endgame`` (the last tricks)."""
        if deal.deciding is not None:
            return "declare"
        return "endgame" if deal.endgame else "play"

    # -- the base's hooks for views and scored deals ---------------------------------------------

    def cards_json(self, deal: Deal, viewer: int | None) -> dict[str, Any]:
        return view.cards_json(deal, viewer)

    def detail(self, deal: Deal) -> dict[str, Any]:
        return deal_detail(deal)

    def legal_kind(self, seat: int, actions: Sequence[Action]) -> str:
        deal = self.current
        return "declare" if deal is not None and deal.deciding is not None else "play"

    def legal_more(self, deal: Deal, seat: int, shape: dict[str, Any]) -> dict[str, Any]:
        """A ``declare`` lists each declaration with what it would score and the trumps it
        would fix: the browser computes no score."""
        if deal.deciding is not None:
            found = offers(self.context(deal), deal.holdings[seat])
            shape["declarations"] = [view.offer_json(o) for o in found]
        return shape

    def context(self, deal: Deal) -> Context:
        """What ``deal``'s declarations are judged by: built once while its trumps stand
        (a trick's winner is offered declarations after every trick)."""
        found = deal.context
        if found is None:
            found = deal.context = Context(self.variant, deal.pack, deal.trump, deal.previous_trump)
        return found

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        actor = self.to_act if seat is None else seat
        deal = self.current
        if deal is None or actor != self.to_act:
            return []
        assert actor is not None
        if deal.deciding is not None:
            found = offers(deal.context or self.context(deal), deal.holdings[actor])
            if not found:  # most tricks won offer nothing
                return [DRAW]
            return [*[o.action for o in found], DRAW]
        holding = deal.holdings[actor]
        pack = deal.pack
        spelled = self.notation
        play = spelled.play
        ledger = deal.ledger
        # read by subscript: a C-level map calls the bound __getitem__ per card, dearer
        codes = ledger.cards
        if ledger.trick and not ledger.stock:
            hand = [codes[c] for c in holding.concealed]
            allowed = set(legal_cards(hand, ledger.trick_cards(), deal.trump, self.endgame_rules))
            return [play[code] for code in dict.fromkeys(hand) if code in allowed]
        # each code once, in the hand's order, by one loop (comprehensions are calls)
        seen: set[Card] = set()
        actions: list[Action] = []
        for copy in holding.concealed:
            code = codes[copy]
            if code not in seen:
                seen.add(code)
                actions.append(play[code])
        if holding.table:
            plays = holding.table_plays
            if plays is None:
                at = spelled.play_at
                plays = holding.table_plays = [at(pack[c], i) for i, c in enumerate(holding.table)]
            actions += plays
        return actions

    # -- checking ------------------------------------------------------------------------------

    def _check(self, seat: int, action: Action) -> Deal | None:
        """Every condition of ``action`` but a declaration's or a card's own (each checked
        before its first change); the deal it acts on (``None`` for a deal)."""
        self.notation.shape(action)
        kind = action.kind
        if kind == "deal":  # its pack checked by the notation, its turn by the base
            return super()._check(seat, action)
        if self.to_act is None:
            raise IllegalAction("match_over", self.MATCH_OVER)
        deal = self.current
        if deal is None or seat not in (0, 1):
            self.refuse_turn(seat)
        if kind == "declare":
            if deal.deciding is None:
                raise IllegalAction(
                    "declare_not_now",
                    "no declarations once the stock is gone"
                    if deal.endgame
                    else "only the winner of a trick declares, after the trick and before"
                    " drawing (rubicon §7.1)",
                )
            if seat != deal.deciding:
                raise IllegalAction(
                    "not_trick_winner",
                    "only the winner of the trick may declare (rubicon §7.1)",
                    {"seat": seat, "to_act": self.to_act},
                )
            return deal
        if seat != self.to_act:
            self.refuse_turn(seat)
        if kind == "draw":
            if deal.deciding is None:
                raise IllegalAction(
                    "draw_not_now", "the draw follows a trick won while the stock lasts"
                )
            return deal
        if deal.deciding is not None:
            raise IllegalAction(
                "declare_or_draw", "you won the trick: declare or draw before the next lead"
            )
        return deal

    def _check_follow(self, deal: Deal, seat: int, copy: Copy) -> None:
        """Refuse ``copy``, a card of the seat's, where the last tricks' duties forbid it."""
        codes = deal.ledger.cards
        hand = [codes[c] for c in deal.holdings[seat].concealed]
        trick = deal.ledger.trick_cards()
        self.refuse_off_duty(seat, deal.pack[copy], hand, trick, deal.trump, self.endgame_rules)

    # -- changing ------------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> None:
        deal = self.current
        if deal is not None and seat == self.to_act:
            # the notation's own card or draw by the seat to act: only the checks that may
            # still fail, in _check's order
            if deal.deciding is None:
                built = self.notation.plays.get(id(action))
                if built is not None and built[0] is action:
                    _, code, position, text = built
                    holding = deal.holdings[seat]
                    ledger = deal.ledger
                    trick = ledger.trick
                    if position is None:
                        # the concealed hand scanned here (a call costs about what it does)
                        concealed = holding.concealed
                        codes = ledger.cards
                        for copy in concealed:
                            if codes[copy] == code:
                                break
                        else:
                            refuse_concealed(deal.pack, holding, code)
                        endgame = not ledger.stock
                        if trick and endgame:
                            self._check_follow(deal, seat, copy)
                        if endgame or deal.shown:  # the hand may hold copies seen by all
                            ledger.left_unseen(seat, copy)
                        # the ledger's play_index written out (a call per card costs more)
                        concealed.remove(copy)
                        ledger.place[copy] = TRICK
                        ledger.seen[copy] = ledger.everyone
                        trick.append(copy)
                    else:  # from the table, which lies only while the stock lasts: no duties
                        copy = find_copy(deal.pack, holding, code, position)
                        remove(holding, copy)  # it breaks what it was laid out in
                        ledger.play_index(seat, copy)  # onto ``trick``
                    if len(trick) == 1:
                        self.to_act = 1 - seat
                    else:
                        self._won(deal)
                    deal.actions.append((seat, text))
                    return
            elif action is DRAW:
                self._draw(deal)
                deal.actions.append((seat, "draw"))
                return
        deal = self._check(seat, action)
        if deal is None:
            self._deal(dealt_cards(action.arg))
            return
        kind = action.kind
        if kind == "declare":
            self._declare(deal, seat, action.arg)  # its own checks come first
            deal.actions.append((seat, "declare:" + action.arg))  # str(action), without a call
            return
        if kind == "draw":  # built elsewhere: drawn as the notation's own
            self.apply(seat, DRAW)
            return
        # a card named by an action built elsewhere: checked (so its text is the notation's)
        # and played as the notation's own
        code, position = split_card_argument(action.arg)
        notation = self.notation
        own = notation.play[code] if position is None else notation.play_at(code, position)
        self.apply(seat, own)

    def _deal(self, pack: list[Card]) -> None:
        dealer = self.next_dealer
        finished = self.finished_deals  # the last deal's trumps, drawn deals included
        previous = finished[-1].trump if finished else None  # (Chinese Clarification 2)
        deal = deal_from_pack(self.variant, self.deals_played + 1, dealer, pack, previous)
        self.current = self.start(None, deal)
        for seat in (1 - dealer, dealer):  # carte blanche: non-dealer first (rubicon §8)
            dealt = deal.dealt[seat]
            if not any(deal.pack[c][0] in COURT for c in dealt):
                deal.blank[seat] = True
                self._show(deal, seat, dealt)

    def _show(self, deal: Deal, seat: int, copies: tuple[Copy, ...]) -> None:
        points = self.variant.carte_blanche
        cards = tuple(deal.pack[c] for c in copies)
        for copy in copies:
            deal.ledger.show_index(copy)
        deal.shown.append(Shown(seat, len(deal.history), cards, points))
        deal.points[seat] += points

    def _declare(self, deal: Deal, seat: int, arg: str) -> None:
        declared = declare(self.context(deal), deal.holdings[seat], arg)
        ledger = deal.ledger
        for copy in declared.laid_out:  # out of the concealed hand, the ledger's
            if deal.shown:  # the hand may hold copies seen by all
                ledger.left_unseen(seat, copy)
            ledger.lay_out(copy)
        if declared.fixes_trump is not None:
            assert deal.trump is None
            deal.trump = declared.fixes_trump
            deal.context = None  # judged under the new trumps
        deal.declarations.append(
            Declaration(
                seat=seat,
                after=len(deal.history),
                points=declared.points,
                fixes_trump=declared.fixes_trump,
                combination=declared.combination,
            )
        )
        deal.points[seat] += declared.points
        self._draw(deal)

    def _draw(self, deal: Deal) -> None:
        """Both draw, the trick's winner first (rubicon §5); after the final draw both take
        up their tables for the last tricks (§9)."""
        winner = deal.deciding
        assert winner is not None
        deal.deciding = None
        ledger = deal.ledger
        top, under = ledger.draw_two(winner)  # the winner takes the top card (rubicon §5)
        loser = 1 - winner
        # the two seats written out, not a loop over pairs built for it on every draw
        draws = deal.draws
        draws[winner].append(top)
        draws[loser].append(under)
        blank = deal.blank
        if blank[0] or blank[1]:  # carte blanche runs until the first court card drawn
            for seat, copy in ((winner, top), (loser, under)):
                if blank[seat]:
                    if deal.pack[copy][0] in COURT:
                        blank[seat] = False
                    else:
                        self._show(deal, seat, (copy,))
        if not ledger.stock:
            for holding in deal.holdings:
                laid = holding.table
                take_up(holding)  # into the concealed hand, the ledger's
                ledger.laid_back(laid)
        self.to_act = winner

    def _won(self, deal: Deal) -> None:
        """The trick's second card is down: who wins it, and what follows."""
        pack = deal.pack
        leader = deal.leader
        ledger = deal.ledger
        trick = ledger.trick
        copies = (trick[0], trick[1])
        cards = (pack[copies[0]], pack[copies[1]])
        endgame = not ledger.stock
        strength = (self.endgame_rules if endgame else WHILE_STOCK).strength
        # trick_winner for two cards, written out (a call costs more than the comparison):
        # the second wins by a higher card of the suit led or by a trump on a plain lead
        first, second = cards
        if second[1] == first[1]:
            won_by_leader = strength[second[0]] <= strength[first[0]]
        else:
            won_by_leader = second[1] != deal.trump
        winner = leader if won_by_leader else 1 - leader
        # built by tuple's own __new__, in C: a named tuple's is a Python function
        deal.history.append(tuple.__new__(Trick, (leader, copies, cards, winner)))
        deal.won[winner] += 1
        if self.variant.brisques:
            deal.brisques[winner] += BRISQUE * (
                (cards[0][0] in BRISQUE_RANKS) + (cards[1][0] in BRISQUE_RANKS)
            )
        # the ledger's gather written out for two cards: a call per trick costs more
        place, holder = ledger.place, ledger.holder
        place[copies[0]] = place[copies[1]] = TAKEN
        holder[copies[0]] = holder[copies[1]] = winner
        ledger.suits_taken |= SUIT_BIT[first[1]] | SUIT_BIT[second[1]]
        ledger.taken[winner] += trick
        ledger.trick = []
        deal.leader = winner
        self.to_act = winner
        if not endgame:
            deal.deciding = winner
        elif len(deal.history) == self.variant.tricks:
            deal.points[winner] += self.variant.last_trick
            self._settle(deal)

    def _settle(self, deal: Deal) -> None:
        rounded = bool(self.options["round_to_hundreds"])
        result = deal.result = settle(self.variant, deal.points, deal.brisques, rounded)
        self.current = None
        deal.viewed = []  # what views read of the deal in progress is not kept with it
        self.finish(deal, result.scores)

    # -- copying -------------------------------------------------------------------------------

    def clone(self) -> Match:
        other = super().clone()
        other.variant = self.variant
        other.notation = self.notation
        other.endgame_rules = self.endgame_rules
        other.current = other.deals[-1] if self.current is not None else None
        return other


@cache
def match_class(variant: Variant) -> type[Match]:
    """The match class of ``variant``'s game: its name, title and pack, made once."""
    title = variant.title.title().replace(" ", "")
    attributes = {"VARIANT": variant, "NAME": variant.name, "TITLE": variant.title}
    attributes.update(PACK=variant.pack.cards, __slots__=())
    return cast(type[Match], type(f"{title}Match", (Match,), attributes))
