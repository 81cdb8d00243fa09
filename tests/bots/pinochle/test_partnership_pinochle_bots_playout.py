"""The strong level's simulator plays a deal exactly as the engine does when the basic level
plays every seat: from any moment of the play, the simulator's tricks and card points are
the engine's, in both games. Its answers (the policy's card, seen from a seat's knowledge)
are the same whether the knowledge comes from the seat's view or from the simulator."""

from __future__ import annotations

import random

import pytest

from app.bots import make_bot
from app.bots.arena import play_deal
from app.bots.pinochle.double_deck_pinochle import TUNING as DOUBLE_DECK
from app.bots.pinochle.estimate import Tuning
from app.bots.pinochle.partnership_pinochle import TUNING as PARTNERSHIP
from app.bots.pinochle.playout import from_match
from app.bots.pinochle.strong import play_of
from app.engine import GAMES, GameState
from app.engine.pinochle.partnership.state import Match

TUNINGS: dict[str, Tuning] = {
    "partnership_pinochle": PARTNERSHIP,
    "double_deck_pinochle": DOUBLE_DECK,
}
OPTIONS = {"claims": False}


def play_positions(name: str, seed: int) -> list[Match]:
    """The states of one deal played by four basic bots, each time a card is to be played."""
    game = GAMES[name]
    start = game.new_match(4, game.resolve_options(OPTIONS), 3)
    seen: list[Match] = []

    def keep(state: GameState) -> None:
        assert isinstance(state, Match)
        if state.phase() == "play":
            seen.append(state.clone())

    bots = [make_bot(name, "basic") for _ in range(4)]
    play_deal(game, bots, game.chance(start, random.Random(seed)), 3, OPTIONS, on_view=keep)
    return seen


def engine_finish(name: str, match: Match) -> tuple[int, ...]:
    """The card points per side once the engine plays the deal out with basic bots."""
    game = GAMES[name]
    state = match.clone()
    bot = make_bot(name, "basic")
    while state.current is not None:
        seat = state.to_act
        assert seat is not None
        state.apply(seat, game.parse_action(bot.decide(game.view(state, seat, None, None))))
    result = state.deals[-1].result
    assert result is not None
    return result.points


@pytest.mark.parametrize("name", sorted(TUNINGS))
def test_the_simulator_plays_out_as_the_engine_does(name: str) -> None:
    tuning = TUNINGS[name]
    game = GAMES[name]
    checked = 0
    for seed in range(3):
        positions = play_positions(name, seed)
        assert positions
        for match in positions[:: max(1, len(positions) // 6)]:
            expected = engine_finish(name, match)
            simulated = from_match(tuning.deck, match).run()
            assert tuple(simulated.taken) == expected
            assert sum(simulated.taken) == tuning.deck.total
            view = game.view(match, match.to_act, None, None)
            from_view = play_of(tuning, view)(match).run()
            assert tuple(from_view.taken) == expected
            checked += 1
    assert checked >= 12
