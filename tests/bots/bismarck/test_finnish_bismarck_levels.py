"""Finnish Bismarck's computer players, every level: complete matches without an illegal
action, answers that depend on the view alone, a refusal when asked out of turn, and the
strong level's review of a decision.

Matches are driven by seeded generators and bots with fixed seeds, and the strong level's
search is cut at a number of sampled deals, never at a clock, so every test is
deterministic: a failure reproduces by its seed."""

from __future__ import annotations

import random
from typing import Any

import pytest
from engine.test_conformance import redealt_log, replay, unseen

from app.bots import Bot, NotMyTurn, levels_for, make_bot
from app.bots.arena import play_match
from app.bots.bismarck.finnish import StrongBot
from app.bots.review import judge, reviewer_for
from app.engine import TABLE, ActionError, GameState
from app.engine.bismarck.finnish import GAME
from app.engine.bismarck.finnish.state import Match

NAME = GAME.name
LEVELS = ("random", "basic", "strong")


def bot(level: str, seed: int) -> Bot:
    made = make_bot(NAME, level, seed=seed, budget=60.0)
    if isinstance(made, StrongBot):
        made.max_samples = 3  # a real search, kept short, that never runs out of budget
    return made


class Checked:
    """Checks every answer against what the view offers."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.level = inner.level
        self.answers = 0

    def decide(self, view: dict[str, Any]) -> str:
        text = self.inner.decide(view)
        legal = view["legal"]
        kind, _, arg = text.partition(":")
        assert kind == legal["kind"], (text, legal)
        if "count" in legal:
            chosen = arg.split(",")
            assert len(chosen) == legal["count"] == len(set(chosen))
            assert set(chosen) <= set(legal["from"])
        else:
            assert text in legal["actions"], (text, legal)
        self.answers += 1
        return text


def test_the_game_has_three_levels() -> None:
    assert levels_for(NAME) == LEVELS


@pytest.mark.parametrize("level", ["random", "basic"])
def test_every_level_plays_a_complete_match_legally(level: str) -> None:
    bots = [Checked(bot(level, 10 + s)) for s in range(4)]
    state = play_match(GAME, bots, random.Random(4))
    assert isinstance(state, Match) and state.is_over
    assert GAME.outcome(state) is not None
    assert sum(state.totals) == 0 and state.totals[0] == state.totals[2]
    # each forehand played each contract once
    assert all(used == {"trump", "notrump", "free", "misere"} for used in state.used)
    assert all(b.answers for b in bots)


def test_strong_plays_a_complete_match_legally_beside_the_other_levels() -> None:
    # a strong player in each team: over the sixteen deals each is dealer, forehand and
    # both partners four times
    levels = ("strong", "strong", "random", "basic")
    bots = [Checked(bot(level, 20 + s)) for s, level in enumerate(levels)]
    state = play_match(GAME, bots, random.Random(5))
    assert isinstance(state, Match) and state.is_over
    assert all(b.answers for b in bots)
    strong = [b.inner for b in bots[:2]]
    assert all(isinstance(b, StrongBot) and b.fallbacks == 0 for b in strong)


def test_strong_under_a_real_time_budget_plays_legally() -> None:
    bots = [Checked(make_bot(NAME, "strong", seed=s, budget=0.02)) for s in range(4)]
    state: GameState = GAME.new_match(4, {}, 3)
    rng = random.Random(2)
    while state.deals_played == 0:
        if state.to_act == TABLE:
            state.apply(TABLE, GAME.chance(state, rng))
            continue
        seat = state.to_act
        assert seat is not None
        view = GAME.view(state, seat, None, None)
        state.apply(seat, GAME.parse_action(bots[seat].decide(view)))
    scores = GAME.scored_deals(state, 0)[0].scores
    assert sum(s or 0 for s in scores) == 0 and scores[0] == scores[2]


def decision_points(
    seed: int, wanted: int = 14
) -> list[tuple[GameState, int, list[tuple[int, str]]]]:
    """Positions of a random match with a seat to act (every contract and exchange step,
    some plays): the state, that seat and the action log that led there (first dealer 0)."""
    rng = random.Random(seed)
    state: GameState = GAME.new_match(4, {}, 0)
    log: list[tuple[int, str]] = []
    points = []
    players = [make_bot(NAME, "random", seed=s) for s in range(4)]
    while not state.is_over and len(points) < wanted:
        if state.to_act == TABLE:
            chance = GAME.chance(state, rng)
            state.apply(TABLE, chance)
            log.append((TABLE, str(chance)))
            continue
        seat = state.to_act
        assert seat is not None
        view = GAME.view(state, seat, None, None)
        if view["legal"]["kind"] != "play" or rng.random() < 0.15:
            points.append((state.clone(), seat, list(log)))
        text = players[seat].decide(view)
        state.apply(seat, GAME.parse_action(text))
        log.append((seat, text))
    return points


@pytest.mark.parametrize("level", LEVELS)
def test_a_seeded_bot_answers_a_view_the_same_whatever_was_hidden(level: str) -> None:
    """The same view gets the same answer from the same seed: a bot knows nothing else. The
    cards its seat has not seen are dealt anew in the log; the view, and so the answer,
    stays."""
    rng = random.Random(3)
    redealt = 0
    kinds = set()
    for state, seat, log in decision_points(5):
        shown = GAME.view(state, seat, None, None)
        kinds.add(shown["legal"]["kind"])
        expected = bot(level, 1).decide(shown)
        for _ in range(2):
            try:
                other = replay(GAME, 4, 0, redealt_log(log, unseen(GAME, state, seat), rng))
            except ActionError:
                continue
            again = GAME.view(other, seat, None, None)
            assert again == shown
            assert bot(level, 1).decide(again) == expected
            redealt += 1
    assert redealt
    assert kinds == {"contract", "pass", "share", "play"}


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_asked_out_of_turn_refuses(level: str) -> None:
    for state, seat, _ in decision_points(8, 4):
        for other in range(4):
            if other != seat:
                with pytest.raises(NotMyTurn):
                    bot(level, 1).decide(GAME.view(state, other, None, None))


def test_the_share_answers_the_views_shape() -> None:
    """The share names three cards for the seats of ``to`` in order; every level's answer
    gives each of the three one card it held."""
    state, seat, _ = next(
        p
        for p in decision_points(6)
        if GAME.view(p[0], p[1], None, None)["legal"]["kind"] == "share"
    )
    view = GAME.view(state, seat, None, None)
    to = view["legal"]["to"]
    for level in LEVELS:
        text = bot(level, 2).decide(view)
        trial = state.clone()
        trial.apply(seat, GAME.parse_action(text))
        assert isinstance(trial, Match)
        given = trial.deals[-1].exchange.from_partner
        assert given is not None and sorted(given) == sorted(to)
        assert [given[s] for s in to] == text.partition(":")[2].split(",")


def test_the_strong_level_reviews_its_own_choice_at_no_cost() -> None:
    reviewer = reviewer_for(GAME, 7)
    assert isinstance(reviewer.search.policy, type(make_bot(NAME, "basic")))
    judged = 0
    for state, seat, _ in decision_points(11, 10):
        view = GAME.view(state, seat, None, None)
        legal = view["legal"]
        if "actions" in legal and len(legal["actions"]) < 2:
            continue
        first = judge(GAME, reviewer, view, make_bot(NAME, "basic").decide(view), 3, 60.0, 6)
        if first is None:
            continue
        again = judge(GAME, reviewer, view, first.best, 3, 60.0, 6)
        assert again is not None and again.best == first.best
        assert again.cost == 0.0 and not again.clearly_worse
        judged += 1
    assert judged >= 3
