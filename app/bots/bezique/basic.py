"""The ``basic`` level of rubicon and Chinese bezique: deterministic play from the view.

While the stock lasts a trick is worth winning for the declaration it lets the winner make,
and for keeping the other player from making one; its cards hardly count (brisques break a
tie or save a rubicon in rubicon bezique, and are nothing in Chinese bezique). So the bot
weighs, for every card it may play, what winning would bring (the best declaration its
cards show, see ``prospects.ready``) against what the card is worth to its future
declarations (``prospects.Appraisal``), and plays the best balance: sevens, eights and
nines, tens outside trumps and table cards whose declarations are spent go first; a
bezique, a marriage or a four being built is not broken while something cheaper will do.

Having won a trick it declares the best declaration the view lists, a marriage that would
fix trumps judged by how well the bot's cards suit those trumps, and draws when the list is
empty (the view lists them; the bot never enumerates declarations itself).

Once the stock is gone only the last trick and, in rubicon bezique, the brisques count: it
wins a trick holding an ace or a ten with the cheapest card that does, and a trick its own
ten can take with that ten; throws its lowest card otherwise; leads its plain aces first
and keeps its trumps, the highest last, for the last trick.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from app.engine.bezique import CHINESE, RUBICON, Variant
from app.engine.bezique.combinations import Kind

from ..base import View, legal_of
from .prospects import (
    BRISQUE,
    STRENGTH,
    Appraisal,
    Cards,
    Rules,
    cards_of,
    power,
    prospects,
    ready,
    rules_of,
    spent_of,
    value_of,
)

VARIANTS: Final = {v.name: v for v in (RUBICON, CHINESE)}

DENY: Final = 15.0
"""What keeping the other player from declaring is worth when nothing of his is known to be
ready: most tricks won in the stock let the winner declare something."""
FIX_WEIGHT: Final = 0.5
"""How much of the difference between the bot's prospects under the trumps a declaration
would fix and under its best trumps counts against the declaration: the other player may
fix trumps first anyway."""
DRAW: Final = "draw"


def beats(card: str, led: str, trump: str | None) -> bool:
    """Whether ``card``, played to ``led``, wins the trick (of two identical cards the one
    led wins)."""
    if card[1] == led[1]:
        return STRENGTH[card[0]] > STRENGTH[led[0]]
    return card[1] == trump


def code_of(action: str) -> str:
    """``play:QS@3`` → ``QS``."""
    return action[5:7]


def lead_chance(code: str, trump: str | None) -> float:
    """A rough chance that a card led while the stock lasts holds the trick: the other
    player need not follow, and beats it only with a higher card of its suit or a trump."""
    rank = code[0]
    if code[1] == trump:
        return 1.0 if rank == "A" else 0.35 + 0.07 * STRENGTH[rank]
    if rank == "A":
        return 0.75 if trump is not None else 1.0
    if rank == "T":
        return 0.5 if trump is not None else 0.7
    return 0.15 + 0.03 * STRENGTH[rank]


class BasicBot:
    level = "basic"

    def __init__(self, variant: Variant | None = None, seed: int | None = None) -> None:
        self.variant = variant
        self.seed = seed  # unused: the level is deterministic

    def decide(self, view: View) -> str:
        legal = legal_of(view)
        actions: list[str] = legal["actions"]
        if len(actions) == 1:
            return actions[0]
        return self.ranked(view)[0]

    def ranked(self, view: View) -> list[str]:
        """The legal actions, the bot's choice first and the others in its order of
        preference (the strong level searches the first few)."""
        return [action for action, _ in self.scored(view)]

    def scored(self, view: View) -> list[tuple[str, float | None]]:
        """:meth:`ranked`, each action with the bot's score when it plays a card while the
        stock lasts (``None`` otherwise): two cards of one score are alike to the bot."""
        legal = legal_of(view)
        variant = self.variant or VARIANTS[view["game"]]
        deal: Mapping[str, Any] = view["deal"]
        seat: int = view["seat"]
        actions: list[str] = legal["actions"]
        if legal["kind"] == "declare":
            return [(a, None) for a in self.declare(variant, deal, seat, legal)]
        if len(actions) == 1:
            return [(actions[0], None)]
        if deal["endgame"]:
            return [(a, None) for a in self.endgame(variant, deal, actions)]
        return self.stock_play(variant, deal, seat, actions)

    # -- declaring -----------------------------------------------------------------------

    def declare(
        self, variant: Variant, deal: Mapping[str, Any], seat: int, legal: Mapping[str, Any]
    ) -> list[str]:
        offers: list[Mapping[str, Any]] = list(legal.get("declarations") or [])
        if not offers:
            return [DRAW]
        rules = rules_of(variant, deal)
        cards = cards_of(deal, seat)
        scored = [
            (self.offer_score(rules, cards, o), _new_cards(o), str(o["action"])) for o in offers
        ]
        # drawing scores nothing; among equal scores, the declaration laying out fewest new
        # cards: table cards serve declarations of other classes freely, concealed ones stay
        # free for this class
        scored.append((0.0, 0, DRAW))
        scored.sort(key=lambda s: (-s[0], s[1], s[2] == DRAW, s[2]))
        return [action for _, _, action in scored]

    @staticmethod
    def offer_score(rules: Rules, cards: Cards, offer: Mapping[str, Any]) -> float:
        points = float(offer["points"])
        fixes = offer.get("fixes_trump")
        if fixes is None or rules.trump is not None:
            return points
        return points + FIX_WEIGHT * trump_regret(rules, cards, fixes)

    # -- while the stock lasts -----------------------------------------------------------

    def stock_play(
        self, variant: Variant, deal: Mapping[str, Any], seat: int, actions: Sequence[str]
    ) -> list[tuple[str, float | None]]:
        rules = rules_of(variant, deal)
        pending = deal["pending"]
        mine = [value_of(rules, Kind(p["kind"]), p["cards"]) for p in pending[seat]]
        theirs = [value_of(rules, Kind(p["kind"]), p["cards"]) for p in pending[1 - seat]]
        trick = deal["trick"]
        led: str | None = trick[0]["card"] if trick else None
        ranked = stock_scores(
            rules, cards_of(deal, seat), mine, theirs, led, [a[5:] for a in actions]
        )
        return [("play:" + arg, score) for arg, score in ranked]

    # -- the last tricks -----------------------------------------------------------------

    @staticmethod
    def endgame(variant: Variant, deal: Mapping[str, Any], actions: Sequence[str]) -> list[str]:
        trump: str | None = deal["trump"]
        rules = Rules(variant, trump, None, 0)
        cards = [code_of(a) for a in actions]
        trick = deal["trick"]
        if trick:
            led: str = trick[0]["card"]
            winners = [c for c in cards if beats(c, led, trump)]
            losers = [c for c in cards if c not in winners]
            by_power = sorted(winners, key=lambda c: power(rules, c))
            # throw no brisque of one's own to the other's trick if a plain card will do
            thrown = sorted(
                losers, key=lambda c: (variant.brisques and c[0] in "AT", power(rules, c))
            )
            if (variant.brisques and led[0] in "AT") or not losers:
                order = by_power + thrown
            elif variant.brisques and any(c[0] == "T" for c in winners):
                # a ten that takes the trick now is a brisque saved: kept, an ace may fall
                # on it later
                tens = [c for c in by_power if c[0] == "T"]
                order = tens + thrown + [c for c in by_power if c not in tens]
            else:
                order = thrown + by_power
            return ["play:" + c for c in order]

        # plain aces win unless trumped: take their tricks; then the lowest plain cards,
        # keeping trumps, highest last, for the last trick
        def lead_key(c: str) -> tuple[bool, bool, float]:
            return (c[1] == trump, c[0] != "A", power(rules, c))

        return ["play:" + c for c in sorted(cards, key=lead_key)]


_APPRAISED: dict[tuple[object, ...], tuple[Appraisal, float]] = {}
"""Cards valued lately, by the rules and the cards: their appraisal and the best
declaration ready (``ready`` without pending declarations)."""
APPRAISED_KEPT = 4_096
"""The most kept at once (beyond, the table starts again)."""


def stock_scores(
    rules: Rules,
    cards: Cards,
    mine: Sequence[float],
    theirs: Sequence[float],
    led: str | None,
    args: Sequence[str],
) -> list[tuple[str, float | None]]:
    """The ``play:`` arguments ``args`` while the stock lasts, best first, each with its
    score: ``mine`` and ``theirs`` are what each player's pending declarations would score,
    ``led`` the card led to the trick (``None`` when leading)."""
    # a playout meets the same cards again (each candidate's playout on one sampled deal,
    # the other player's hand while its own cards stay): valued once
    valued = (
        rules.variant.name,
        rules.trump,
        rules.barred,
        rules.stock,
        tuple(cards.hand),
        tuple(cards.table),
        tuple(cards.intact),
    )
    known = _APPRAISED.get(valued)
    if known is None:
        if len(_APPRAISED) >= APPRAISED_KEPT:
            _APPRAISED.clear()
        have = cards.counts()
        spent = spent_of(cards)
        known = _APPRAISED[valued] = (
            Appraisal(rules, cards, have, spent),
            ready(rules, cards, (), have, spent),
        )
    appraisal, declarable = known
    best = 0.0
    for points in mine:
        best = max(best, points)
    # ready() with the pending declarations: the largest of them and the rest
    denied = max([DENY, *theirs])
    gain = max(best, declarable) + denied
    brisques = rules.variant.brisques
    trump = rules.trump
    worth = appraisal.worth
    scores: dict[str, float] = {}
    for arg in args:
        code = arg[:2]
        cost = worth(arg)
        if led is None:
            score = lead_chance(code, trump) * gain - cost
        elif not beats(code, led, trump):
            score = -cost
        else:
            won = sum(1 for c in (code, led) if c[0] in "AT") if brisques else 0
            score = gain + BRISQUE * won - cost
        scores[arg] = round(score, 6)

    def key(arg: str) -> tuple[float, bool, int, str]:
        # on a tie, a table card first: it keeps a concealed card, which any declaration
        # may still use, and a lower card first
        return (-scores[arg], "@" not in arg, STRENGTH[arg[0]], arg)

    return [(arg, scores[arg]) for arg in sorted(args, key=key)]


def _new_cards(offer: Mapping[str, Any]) -> int:
    """Cards a declaration brings from the concealed hand: those named without a table
    position (``declare:sequence:AH,TH,JH,KH@0,QH@1`` brings three)."""
    named = str(offer["action"]).split(":", 2)[2].partition("+")[0]
    return sum(1 for item in named.split(",") if "@" not in item)


def trump_regret(rules: Rules, cards: Cards, suit: str) -> float:
    """How much worse the bot's prospects are with ``suit`` as trumps than with its best
    trumps (zero or less)."""
    have = cards.counts()
    spent = spent_of(cards)
    under = {
        s: prospects(Rules(rules.variant, s, rules.barred, rules.stock), have, spent)
        for s in rules.allowed()
    }
    if suit not in under:
        return 0.0
    return under[suit] - max(under.values())
