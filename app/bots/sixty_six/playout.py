"""The ``basic`` level's play (``basic.py``) read from the state of a Sixty-six family match
rather than from a view, for the strong level's playouts: a view per card is most of what a
playout costs, and the search sees a few times more sampled deals without it. It chooses what
``BasicBot`` chooses on that seat's view (tests/bots/test_sixty_six_playout.py holds the two
to each other)."""

from __future__ import annotations

from app.engine import Action
from app.engine.sixty_six.state import CLAIM, CLOSE, EXCHANGE, Deal, Match

from .basic import GOAL, POINTS, STRENGTH, beats, value


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
    if CLOSE in legal and _should_close(deal, actor, hand, trump):
        return CLOSE
    by_card = {a.arg: a for a in plays}
    # the view's stock counts the face-down cards, the one turned under them apart
    open_stock = deal.closed_by is None and len(ledger.stock) > 1
    if ledger.trick:
        led = cards[ledger.trick[0]]
        return by_card[_follow(list(by_card), led, trump, open_stock)]
    return by_card[_lead(list(by_card), hand, trump, open_stock)]


def _should_close(deal: Deal, actor: int, hand: list[str], trump: str) -> bool:
    sure = 0
    for card in hand:
        if card[1] == trump and card[0] in "AT":
            sure += POINTS[card[0]] + 4
        elif card[0] == "A":
            sure += 11 + 2
    return deal.points(actor) + sure >= GOAL


def _follow(cards: list[str], led: str, trump: str, open_stock: bool) -> str:
    winners = [c for c in cards if beats(c, led, trump)]
    if winners:
        same = [c for c in winners if c[1] == led[1]]
        cheapest = min(same or winners, key=lambda c: value(c, trump))
        if not open_stock or POINTS[led[0]] >= 10 or cheapest[1] == led[1]:
            return cheapest
    return min(cards, key=lambda c: value(c, trump))


def _lead(cards: list[str], hand: list[str], trump: str, open_stock: bool) -> str:
    if not open_stock:
        best = max(cards, key=lambda c: (c[1] == trump, STRENGTH[c[0]]))
        if best[1] == trump or best[0] == "A":
            return best

    def partnered(card: str) -> bool:
        other = {"K": "Q", "Q": "K"}.get(card[0])
        return other is not None and other + card[1] in hand

    safe = [c for c in cards if c[1] != trump and not partnered(c)]
    return min(safe or cards, key=lambda c: value(c, trump))
