"""The open-hand yardstick's cheat (``bench/cheat.py``): the strong level's search on the true
deal. It searches the true state and nothing else, leaves the match as it found it, plays
whole matches lawfully, and is never a level a room can seat."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any, cast

import pytest

from app.bots import levels_for, make_bot
from app.bots.arena import play_match
from app.engine import GAMES, TABLE, GameState, get_game

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.cheat import LEVEL, CheatBot, Truth  # noqa: E402

TRICK_GAMES = ("bismarck", "sixty_six", "spades")


def hands(state: GameState) -> list[Any]:
    """Where the deal in progress has every card that is in a hand (the ledger's hands,
    dealt before anyone may see them in Bismarck's contract)."""
    ledger = cast(Any, state).current.ledger
    return [sorted(ledger.hand(seat)) for seat in range(state.seats)]


def stock_of(state: GameState) -> list[str]:
    """The stock's cards in the order they will be drawn."""
    ledger = cast(Any, state).current.ledger
    return [ledger.cards[i] for i in ledger.stock]


class Recording(Truth):
    """A truth that keeps every seat's hand of each state it hands the search, as handed."""

    def __init__(self) -> None:
        super().__init__()
        self.handed: list[list[Any]] = []

    def resample(self, view: dict[str, Any], rng: random.Random) -> GameState:
        state = super().resample(view, rng)
        self.handed.append(hands(state))
        return state


@pytest.mark.parametrize("name", TRICK_GAMES)
def test_every_sampled_deal_of_the_cheat_is_the_true_one(name: str) -> None:
    game = get_game(name)
    seats = game.seats_default
    state: GameState = game.new_match(seats, game.resolve_options({}), seats - 1)
    state.apply(TABLE, game.chance(state, random.Random(f"cheat:{name}")))
    basic = [make_bot(name, "basic", seed=seat) for seat in range(seats)]
    searched = 0
    while state.deals_played == 0 and searched < 3:
        seat = state.to_act
        assert seat is not None and seat != TABLE
        view = game.view(state, seat, None, None)
        truth = Recording()
        truth.see(state)
        cheat = CheatBot(name, truth, seed=7, budget=60.0)
        cheat.max_samples = 4
        before = hands(state)
        answer = cheat.decide(view)
        assert hands(state) == before, "the search changed the true state"
        assert game.parse_action(answer) in state.legal_actions(seat)
        if truth.handed:
            searched += 1
            assert all(h == before for h in truth.handed)
            # the engine's resampler would have dealt the hidden cards otherwise
            resample = game.resample
            assert resample is not None
            drawn = [hands(resample(view, random.Random(i))) for i in range(8)]
            assert any(h != before for h in drawn)
        state.apply(seat, game.parse_action(basic[seat].decide(view)))
    assert searched == 3, "the cheat searched too few decisions to be judged"


@pytest.mark.parametrize("name", TRICK_GAMES)
def test_the_cheat_plays_a_whole_match_lawfully(name: str) -> None:
    game = get_game(name)
    seats = game.seats_default
    truth = Recording()
    cheat = CheatBot(name, truth, seed=1, budget=60.0)
    cheat.max_samples = 2
    bots = [cheat, *(make_bot(name, "basic", seed=s) for s in range(1, seats))]
    # every action goes through parse_action and apply: a refused one raises
    final = play_match(game, bots, random.Random(f"match:{name}"), on_view=truth.see)
    assert final.is_over
    assert truth.handed, "the cheat never searched"


def test_a_cheat_without_the_state_of_its_turn_refuses_to_decide() -> None:
    game = get_game("sixty_six")
    state: GameState = game.new_match(2, game.resolve_options({}), 1)
    state.apply(TABLE, game.chance(state, random.Random(3)))
    seat = state.to_act
    assert seat is not None
    cheat = CheatBot("sixty_six", Truth(), seed=1)
    with pytest.raises(RuntimeError):
        cheat.decide(game.view(state, seat, None, None))


def test_the_cheat_is_no_level_the_server_offers() -> None:
    for name in GAMES:
        assert LEVEL not in levels_for(name)
        with pytest.raises(ValueError):
            make_bot(name, LEVEL)
    # the server's code reaches bots through app/ alone, and nothing there reads bench/
    for path in (ROOT / "app").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "from bench" not in text and "import bench" not in text, path


def test_a_cheat_from_its_hand_chooses_bismarck_s_contract_blind() -> None:
    # forehand chooses the contract on the four open cards, before any hand is dealt
    game = get_game("bismarck")
    state: GameState = game.new_match(3, game.resolve_options({}), 2)
    state.apply(TABLE, game.chance(state, random.Random(11)))
    seat = state.to_act
    assert seat is not None and seat != TABLE
    view = game.view(state, seat, None, None)
    assert view["legal"]["kind"] == "contract" and len(view["legal"]["actions"]) > 1
    for from_hand, searched in ((False, True), (True, False)):
        truth = Recording()
        truth.see(state)
        cheat = CheatBot("bismarck", truth, seed=5, budget=60.0, from_hand=from_hand)
        cheat.max_samples = 4
        assert game.parse_action(cheat.decide(view)) in state.legal_actions(seat)
        assert bool(truth.handed) is searched


def test_a_cheat_of_the_hands_only_deals_the_stock_anew_around_the_true_hands() -> None:
    game = get_game("sixty_six")
    state: GameState = game.new_match(2, game.resolve_options({}), 1)
    state.apply(TABLE, game.chance(state, random.Random(4)))
    seat = state.to_act
    assert seat is not None and seat != TABLE
    view = game.view(state, seat, None, None)
    truth = Truth()
    truth.see(state)
    drawn = [truth.hands_resample(game, view, random.Random(i)) for i in range(6)]
    assert all(hands(d) == hands(state) for d in drawn)
    stock = stock_of(state)
    orders = [stock_of(d) for d in drawn]
    assert all(sorted(o) == sorted(stock) for o in orders)
    assert any(o != stock for o in orders)
    cheat = CheatBot("sixty_six", truth, seed=2, budget=60.0, hands_only=True)
    cheat.max_samples = 3
    assert game.parse_action(cheat.decide(view)) in state.legal_actions(seat)
    with pytest.raises(ValueError):
        spades = get_game("spades")
        match: GameState = spades.new_match(4, spades.resolve_options({}), 3)
        match.apply(TABLE, spades.chance(match, random.Random(1)))
        truth.see(match)
        actor = match.to_act
        assert actor is not None
        truth.hands_resample(spades, spades.view(match, actor, None, None), random.Random(1))


def test_the_share_and_its_bootstrap_interval() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_bots", ROOT / "bench" / "bots.py")
    assert spec is not None and spec.loader is not None
    bots = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bots)
    cheat = [2.0, 4.0, 3.0, 5.0, 1.0, 3.0]
    assert bots.share_interval([c / 2 for c in cheat], cheat, 1) == (0.5, 0.5, 0.5)
    share, low, high = bots.share_interval([1.0, 0.0, 2.0, 1.0, 0.0, 2.0], cheat, 1)
    assert share == 6.0 / 18.0 and low < share < high
    # a cheat not ahead of basic gives an unbounded share
    assert bots.share_interval([1.0, 1.0], [0.0, 0.0], 1) == (float("inf"),) * 3
