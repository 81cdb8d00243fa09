"""Every game's computer players, through the registry: legal play at every level, answers
that depend on the view alone, and a refusal when asked out of turn."""

from __future__ import annotations

import random
from typing import Any

import pytest
from engine.test_conformance import match_options, redealt_log, replay, unseen

from app.bots import Bot, NotMyTurn, levels_for, make_bot
from app.bots.arena import play_match
from app.engine import GAMES, TABLE, ActionError, Game, GameState

CASES = [(name, level) for name in GAMES for level in levels_for(name)]


def bot(name: str, level: str, seed: int) -> Bot:
    made = make_bot(name, level, seed=seed, budget=5.0)
    if hasattr(made, "max_samples"):
        # a real search, kept short: a few sampled deals, and a budget that never runs out
        # here, so that the answer depends on the seed and the view alone
        made.max_samples = 4
    return made


class Checked:
    """Checks every answer against the actions the view lists."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.level = inner.level
        self.answers = 0

    def decide(self, view: dict[str, Any]) -> str:
        text = self.inner.decide(view)
        legal = view["legal"]
        if "count" in legal:
            kind, _, cards = text.partition(":")
            chosen = cards.split(",")
            assert kind == legal["kind"] and len(chosen) == legal["count"]
            assert all(chosen.count(c) <= legal["from"].count(c) for c in chosen)
        else:
            assert text in legal["actions"], (text, legal)
        self.answers += 1
        return text


@pytest.mark.parametrize(("name", "level"), CASES, ids=[f"{n}-{lv}" for n, lv in CASES])
def test_every_level_plays_complete_matches_legally(name: str, level: str) -> None:
    game = GAMES[name]
    for seats in game.seat_counts:
        # The strong level searches at every decision: it takes one seat, the basic level
        # the others, so that a whole match stays quick while every strong answer is checked.
        levels = [level] + ["basic" if level == "strong" else level] * (seats - 1)
        bots = [Checked(bot(name, levels[s], 10 * seats + s)) for s in range(seats)]
        state = play_match(game, bots, random.Random(seats), options=match_options(game))
        assert state.is_over and game.outcome(state) is not None
        assert all(b.answers for b in bots)


def decision_points(
    game: Game, seats: int, seed: int
) -> list[tuple[GameState, int, list[tuple[int, str]], int]]:
    """Positions of a random match with a seat to act: the state, that seat, the action log
    that led there, and the first dealer."""
    rng = random.Random(seed)
    first = rng.randrange(seats)
    state: GameState = game.new_match(seats, match_options(game), first)
    log: list[tuple[int, str]] = []
    points = []
    players = [make_bot(game.name, "random", seed=s) for s in range(seats)]
    while not state.is_over and len(points) < 12:
        if state.to_act == TABLE:
            chance = game.chance(state, rng)
            state.apply(TABLE, chance)
            log.append((TABLE, str(chance)))
            continue
        seat = state.to_act
        assert seat is not None
        if rng.random() < 0.2:
            points.append((state.clone(), seat, list(log), first))
        view = game.view(state, seat, None, None)
        text = players[seat].decide(view)
        state.apply(seat, game.parse_action(text))
        log.append((seat, text))
    return points


@pytest.mark.parametrize(("name", "level"), CASES, ids=[f"{n}-{lv}" for n, lv in CASES])
def test_a_seeded_bot_answers_a_view_the_same_whatever_was_hidden(name: str, level: str) -> None:
    """The same view gets the same answer from the same seed: a bot knows nothing else. The
    cards its seat has not seen are dealt anew in the log; the view, and so the answer,
    stays."""
    game = GAMES[name]
    assert game.hidden_cards is not None
    rng = random.Random(3)
    seats = game.seat_counts[0]
    redealt = 0
    for state, seat, log, first in decision_points(game, seats, 5):
        shown = game.view(state, seat, None, None)
        expected = bot(name, level, 1).decide(shown)
        for _ in range(2):
            try:
                other = replay(game, seats, first, redealt_log(log, unseen(game, state, seat), rng))
            except ActionError:
                continue
            again = game.view(other, seat, None, None)
            assert again == shown
            assert bot(name, level, 1).decide(again) == expected
            redealt += 1
    assert redealt


@pytest.mark.parametrize(("name", "level"), CASES, ids=[f"{n}-{lv}" for n, lv in CASES])
def test_a_bot_asked_out_of_turn_refuses(name: str, level: str) -> None:
    game = GAMES[name]
    seats = game.seat_counts[0]
    for state, _, _, _ in decision_points(game, seats, 8)[:3]:
        for other in range(seats):
            shown = game.view(state, other, None, None)
            if shown["legal"] is None:
                with pytest.raises(NotMyTurn):
                    bot(name, level, 1).decide(shown)
