"""Playing a sampled bezique deal on for the strong level, faster than the views allow.

A full view is built from the deal's actions (what the table has seen of it), so building one
per action costs as much as the basic level's decision; the playouts need only what the
basic level reads. :func:`quick_view` is that part of a seat's view, read from the state
directly: the same keys and values as the game's ``view`` gives them.

Even so a deal is a hundred and eighty actions (Chinese bezique two hundred and eighty),
too many to play out for every candidate many times within a decision's budget. A playout
therefore stops after a few tricks while the stock lasts (:data:`HORIZON`) and judges the
position (:func:`estimate`): the points scored so far and each player's prospects, its
declarations ready or being built (``prospects.py``), which in the sampled deal are known
for both. Once the stock is gone a playout goes on to the end: the last tricks are quick.

The prospects are the basic level's measure, not points to come: late in the stock a
prospect's declaration rarely gets made, early on the stock brings more than the prospects
count. So the estimate weighs their difference by :data:`PROSPECTS_WEIGHT`, what a point of
it brought by the deal's end in the basic level's own play (a least-squares fit of the
points still to come against it, over basic-against-basic deals, by how much of the stock
was left).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any, Final

from app.engine import Action
from app.engine.bezique import Match
from app.engine.bezique.combinations import Combination
from app.engine.bezique.deal import Deal
from app.engine.bezique.declarations import offers
from app.engine.bezique.holding import Holding
from app.engine.bezique.sheet import sort_codes

from ..base import View
from .basic import BasicBot, stock_scores
from .prospects import Appraisal, Cards, Rules, ready, value_of

HORIZON: Final = 3
"""Tricks a playout plays while the stock lasts before the position is judged."""
PROSPECTS_WEIGHT: Final[dict[str, tuple[tuple[float, float], ...]]] = {
    "bezique_rubicon": (
        (0.0, 0.1),
        (0.06, 0.12),
        (0.19, 0.33),
        (0.32, 0.38),
        (0.44, 0.49),
        (0.57, 0.72),
        (0.69, 0.84),
        (0.82, 1.22),
        (0.94, 1.87),
        (1.0, 1.87),
    ),
    "chinese_bezique": (
        (0.0, 0.4),
        (0.06, 0.44),
        (0.19, 0.61),
        (0.31, 0.78),
        (0.44, 1.07),
        (0.56, 1.47),
        (0.69, 1.96),
        (0.81, 2.34),
        (0.94, 2.13),
        (1.0, 2.13),
    ),
}
"""Per variant, (share of the stock left, what a point of prospects difference is worth in
points by the deal's end), read between the points in a straight line: fitted by
``weights.py`` over 150 rubicon and 80 Chinese basic-against-basic deals, at the start of
every trick while the stock lasted, in eight bands of the stock (their middles here; the
bands were counted in cards then, and ``weights.py``'s shares of the stock give the same
weights within 0.02)."""


def _positions(table: Sequence[int]) -> dict[int, int]:
    return {copy: i for i, copy in enumerate(table)}


def _intact_positions(table: Sequence[int], combination: Combination) -> list[int] | None:
    at = _positions(table)
    found = [at.get(c) for c in combination.cards]
    if any(p is None for p in found):
        return None
    return sorted(p for p in found if p is not None)


def _declarations(deal: Deal, seat: int) -> list[dict[str, Any]]:
    """The seat's own declarations: the basic level reads no other's."""
    out = []
    for d in deal.declarations:
        if d.seat != seat:
            continue
        positions = _intact_positions(deal.holdings[d.seat].table, d.combination)
        out.append(
            {
                "seat": d.seat,
                "kind": d.combination.kind.value,
                "intact": positions is not None,
                "positions": positions,
            }
        )
    return out


def _pending(deal: Deal, holding: Holding) -> list[dict[str, Any]]:
    pack = deal.pack
    at = _positions(holding.table)
    return [
        {"kind": p.kind.value, "cards": [pack[c] for c in sorted(p.cards, key=at.__getitem__)]}
        for p in holding.pending
    ]


def quick_view(match: Match, seat: int) -> View:
    """The part of ``seat``'s view the basic level reads, when it is that seat's turn: the
    view's keys and values, but of the declarations only the seat's own, and of a pending
    declaration only its kind and cards."""
    deal = match.current
    assert deal is not None
    pack = deal.pack
    if deal.deciding is not None:
        offered = offers(match.context(deal), deal.holdings[seat])
        legal: dict[str, Any] = {
            "kind": "declare",
            "actions": [*("declare:" + o.text for o in offered), "draw"],
            "declarations": [
                {"action": "declare:" + o.text, "points": o.points, "fixes_trump": o.fixes_trump}
                for o in offered
            ],
        }
    else:
        legal = {"kind": "play", "actions": [str(a) for a in match.legal_actions(seat)]}
    holdings = deal.holdings
    return {
        "game": match.variant.name,
        "seat": seat,
        "legal": legal,
        "deal": {
            "hand": sort_codes(pack[c] for c in holdings[seat].concealed),
            "tables": [[pack[c] for c in h.table] for h in holdings],
            "declarations": _declarations(deal, seat),
            "pending": [_pending(deal, h) for h in holdings],
            "trump": deal.trump,
            "previous_trump": deal.previous_trump,
            "stock": len(deal.ledger.stock),
            "endgame": deal.endgame,
            "trick": [
                {"seat": (deal.leader + i) % 2, "card": pack[c]}
                for i, c in enumerate(deal.ledger.trick)
            ],
        },
    }


def play_choice(match: Match, seat: int) -> Action:
    """The card the basic level plays for ``seat``, to play, from the state: what it decides
    on :func:`quick_view` (the same scores, the same order), without building the view and
    reading it back or writing the actions as text."""
    deal = match.current
    assert deal is not None
    actions = match.legal_actions(seat)
    if len(actions) == 1:
        return actions[0]
    pack = deal.pack
    by_arg = {a.arg: a for a in actions}
    if deal.endgame:
        trick = [{"card": pack[c]} for c in deal.ledger.trick[:1]]
        shown = {"trump": deal.trump, "trick": trick}
        order = BasicBot.endgame(match.variant, shown, ["play:" + a for a in by_arg])
        return by_arg[order[0][5:]]
    variant = match.variant
    rules = Rules(
        variant,
        deal.trump,
        deal.previous_trump if variant.no_trump_twice else None,
        len(deal.ledger.stock),
    )
    holdings = deal.holdings
    mine = [value_of(rules, p.kind, [pack[c] for c in p.cards]) for p in holdings[seat].pending]
    theirs = [
        value_of(rules, p.kind, [pack[c] for c in p.cards]) for p in holdings[1 - seat].pending
    ]
    led = pack[deal.ledger.trick[0]] if deal.ledger.trick else None
    ranked = stock_scores(rules, cards_in(deal, seat), mine, theirs, led, list(by_arg))
    return by_arg[ranked[0][0]]


def cards_in(deal: Deal, seat: int) -> Cards:
    """A player's cards in the state, as :func:`prospects.cards_of` reads them from a view."""
    holding = deal.holdings[seat]
    pack = deal.pack
    intact = []
    at: dict[int, int] | None = None
    for d in deal.declarations:
        if d.seat != seat:
            continue
        if at is None:
            at = _positions(holding.table)
        cards = d.combination.cards
        found = [at[c] for c in cards if c in at]
        if len(found) == len(cards):
            intact.append((d.combination.kind, tuple(sorted(found))))
    return Cards([pack[c] for c in holding.concealed], [pack[c] for c in holding.table], intact)


def may_declare(match: Match, seat: int) -> bool:
    """Whether the trick's winner ``seat`` may have a declaration to make: one pending, or
    a declaration its cards complete (``prospects.ready``, which never misses one the rules
    allow). Listing the declarations is the slowest step of a playout; most of the time
    there are none."""
    deal = match.current
    assert deal is not None
    if deal.holdings[seat].pending:
        return True
    rules = Rules(match.variant, deal.trump, deal.previous_trump, len(deal.ledger.stock))
    return ready(rules, cards_in(deal, seat), ()) > 0


def estimate(match: Match, seat: int) -> float:
    """``seat``'s lead in the deal in progress: points scored, and prospects weighed by what
    they bring by the deal's end (:func:`prospects_weight`), its own less the other
    player's."""
    deal = match.current
    assert deal is not None
    variant = match.variant
    rules = Rules(variant, deal.trump, deal.previous_trump, len(deal.ledger.stock))
    other = 1 - seat
    mine = Appraisal.of(rules, cards_in(deal, seat)).base
    theirs = Appraisal.of(rules, cards_in(deal, other)).base
    weight = prospects_weight(variant.name, len(deal.ledger.stock) / variant.stock_size)
    return float(deal.points[seat] - deal.points[other]) + weight * (mine - theirs)


def prospects_weight(variant: str, left: float) -> float:
    """What a point of prospects is worth by the deal's end with ``left`` of the stock
    (a share) still to draw (:data:`PROSPECTS_WEIGHT`)."""
    table = PROSPECTS_WEIGHT[variant]
    for (x0, y0), (x1, y1) in itertools.pairwise(table):
        if left <= x1:
            return y0 + (y1 - y0) * (max(left, x0) - x0) / (x1 - x0)
    return table[-1][1]
