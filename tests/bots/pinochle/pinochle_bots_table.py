"""Positions for the partnership pinochle bots' tests, built through the engine: a deal of
the hands wanted (the rest of the pack filling the other places in canonical order),
scripted calls and plays, and the view of a seat, exactly as a person there sees it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from app.engine import TABLE
from app.engine.game import Game
from app.engine.pinochle.double_deck_pinochle import GAME as DOUBLE_DECK
from app.engine.pinochle.melds import sort_cards
from app.engine.pinochle.partnership.record import pack_for
from app.engine.pinochle.partnership.state import Match
from app.engine.pinochle.partnership_pinochle import GAME as PARTNERSHIP
from app.engine.trick_game import deal_action

N, E, S, W = 0, 1, 2, 3
"""North-South (seats 0 and 2) play against East-West (1 and 3)."""
GAMES: dict[str, Game] = {"partnership_pinochle": PARTNERSHIP, "double_deck_pinochle": DOUBLE_DECK}


def table(
    name: str,
    named: Mapping[int, str],
    *,
    dealer: int = W,
    options: Mapping[str, object] | None = None,
    totals: tuple[int, int] | None = None,
) -> Match:
    """A new match whose first deal gives each seat the cards named for it. With the
    default dealer (West) North bids first and leads. ``totals``: the sides' scores
    before the deal, as if earlier deals had brought them there."""
    game = GAMES[name]
    match = game.new_match(4, game.resolve_options(dict(options or {})), dealer)
    assert isinstance(match, Match)
    variant = match.VARIANT
    size = variant.hand_size
    given = {s: named.get(s, "").split() for s in range(4)}
    rest = Counter(variant.cards)
    for hand in given.values():
        rest.subtract(hand)
    assert all(n >= 0 for n in rest.values()), "a card is named too often"
    pool = sort_cards(rest.elements())
    for s in range(4):
        need = size - len(given[s])
        assert need >= 0, f"seat {s} is named more than {size} cards"
        given[s], pool = given[s] + pool[:need], pool[need:]
    match.apply(TABLE, deal_action(pack_for(variant, [given[s] for s in range(4)], dealer)))
    if totals is not None:
        match.totals = [totals[s % 2] for s in range(4)]
    return match


def act(match: Match, *steps: str) -> None:
    """Each step the text of the action of the seat to act."""
    for text in steps:
        seat = match.to_act
        assert seat is not None and seat >= 0
        match.apply(seat, type(match).PARSE(text))


def auction(match: Match, bidder: int, bid: int, trump: str) -> None:
    """Everyone passes but ``bidder``, who bids ``bid`` and names ``trump``."""
    for _ in range(4):
        seat = match.to_act
        act(match, f"bid:{bid}" if seat == bidder else "pass")
    assert match.current is not None and match.current.bidder == bidder
    act(match, f"trump:{trump}")


def view_of(match: Match, seat: int | None = None) -> dict[str, Any]:
    """The view of ``seat``, by default the seat to act."""
    if seat is None:
        seat = match.to_act
    assert seat is not None and seat >= 0
    game = GAMES[match.VARIANT.name]
    return game.view(match, seat, None, None)


def claim_position(totals: tuple[int, int]) -> Match:
    """East bids 100 in hearts; North shows aces around (100), North-South's only meld;
    North leads."""
    match = table(
        "partnership_pinochle",
        {
            N: "AS AH AD AD AC 9S 9D 9D 9C 9C JS JS",
            E: "QS QS KS KS 9H 9H JH JH QD QD QC QC",
            S: "AS TS TS TD TD TC TC JD JD AC JC JC",
            W: "AH TH TH KH KH QH QH 9S KD KD KC KC",
        },
        totals=totals,
    )
    auction(match, E, 100, "H")
    return match


FIRST_TRICK = ("play:AS", "play:KS", "play:AS", "play:9S")
"""North-South's: 26 card points, and their meld counts from now on."""
