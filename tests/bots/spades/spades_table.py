"""Positions for the spades bots' tests, built through the engine: a deal of the hands
wanted, scripted actions, and the view of the seat to act."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.engine.cards import parse_cards
from app.engine.game import TABLE, OptionValue
from app.engine.spades import GAME
from app.engine.spades.rules import CARDS
from app.engine.spades.state import Match, pack_for
from app.engine.trick_game import deal_action

view = GAME.view
parse_action = GAME.parse_action

N, E, S, W = 0, 1, 2, 3


def hands_of(named: Mapping[int, str]) -> list[list[str]]:
    """Four hands of 13: the cards named for each seat, the rest dealt round in canonical
    order to fill them."""
    hands = {seat: parse_cards(named.get(seat, "")) for seat in range(4)}
    every = [c for h in hands.values() for c in h]
    assert len(set(every)) == len(every), f"a card is named twice: {every}"
    spare = [c for c in CARDS if c not in set(every)]
    for seat in range(4):
        while len(hands[seat]) < 13:
            hands[seat].append(spare.pop(0))
        assert len(hands[seat]) == 13, f"seat {seat} is named {len(hands[seat])} cards"
    return [hands[s] for s in range(4)]


def table(
    named: Mapping[int, str],
    *,
    dealer: int = W,
    options: Mapping[str, OptionValue] | None = None,
) -> Match:
    """A new match whose first deal gives each seat the cards named for it. With the
    default dealer (West) North leads first, and West bids first."""
    match = Match(4, dict(options) if options else None, dealer)
    match.apply(TABLE, deal_action(pack_for(hands_of(named), dealer)))
    return match


def act(match: Match, *texts: str) -> None:
    """Each action by the seat to act (a ``look`` by the seat to act too)."""
    for text in texts:
        seat = match.to_act
        assert seat is not None and seat >= 0
        match.apply(seat, parse_action(text))


def bid_round(match: Match, *bids: str) -> None:
    """Each seat in turn looks and bids (``nil``, ``4``)."""
    for bid in bids:
        act(match, "look", f"bid:{bid}")


def shown(match: Match, seat: int | None = None) -> dict[str, Any]:
    """The view of ``seat`` (default: the seat to act)."""
    actor = match.to_act if seat is None else seat
    assert actor is not None and actor >= 0
    return view(match, actor, None, None)


def nil_north(lead: str) -> Match:
    """North bids nil and leads ``lead``; South, his partner, covers; East has followed."""
    match = table(
        {
            N: "2S 9H 8H 2H QD JD TD 3D 6C 5C 4C 3C 2C",
            E: "3H 6H 5H",
            S: "TS JS QS KS AS AH TH 4H AD KD AC KC QC",
            W: "KH QH JH",
        }
    )
    bid_round(match, "3", "nil")  # West 3, North nil
    act(match, "lay:QD,JD,TD")
    bid_round(match, "3", "4")  # East 3, South 4
    act(match, "give:JS,TS,QC")
    act(match, f"play:{lead}", "play:3H")
    return match
