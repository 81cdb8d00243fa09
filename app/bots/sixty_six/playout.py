"""The ``basic`` level's play (``basic.py``) read from the state of a Sixty-six family match
rather than from a view, for the strong level's playouts: a view per card is most of what a
playout costs, and the search sees a few times more sampled deals without it. It chooses what
``BasicBot`` chooses on that seat's view (tests/bots/test_sixty_six_playout.py holds the two
to each other)."""

from __future__ import annotations

from app.engine import Action
from app.engine.sixty_six.state import CLAIM, CLOSE, EXCHANGE, Match

from .basic import GOAL, follow, lead, sure_points


def choose(match: Match, actor: int) -> Action:
    """What ``BasicBot`` plays for ``actor``, the seat to act, in ``match``'s deal."""
    deal = match.current
    assert deal is not None
    legal = match.legal_actions(actor)
    if CLAIM in legal and deal.points(actor) >= GOAL:
        return CLAIM
    plays = [a for a in legal if a.kind == "play"]
    if not plays:
        return legal[0]
    trump = str(deal.trump)
    pending = deal.pending
    if pending is not None:
        for rank in "QK":
            for a in plays:
                if a.arg == rank + pending:
                    return a
    if EXCHANGE in legal:
        return EXCHANGE
    marriages = [a for a in legal if a.kind == "marriage"]
    if marriages:
        marriages.sort(key=lambda a: a.arg != trump)
        return marriages[0]
    ledger = deal.ledger
    cards = ledger.cards
    hand = [cards[i] for i in ledger.hands[actor]]
    if CLOSE in legal and deal.points(actor) + sure_points(hand, trump) >= GOAL:
        return CLOSE
    by_card = {a.arg: a for a in plays}
    # the view's stock counts the face-down cards, the one turned under them apart
    open_stock = deal.closed_by is None and len(ledger.stock) > 1
    if ledger.trick:
        led = cards[ledger.trick[0]]
        return by_card[follow(list(by_card), led, trump, open_stock)]
    return by_card[lead(list(by_card), hand, trump, open_stock)]
