"""A view built with a ViewCache is exactly the view built from scratch, at every step."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playout import choose_action

from app.engine.actions import Action
from app.engine.bismarck import GAME
from app.engine.bismarck.state import TABLE, Match
from app.engine.trick_game import shuffled_deal

view = GAME.view
ViewCache = GAME.new_view_cache

FAST = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=8)


def all_views(match: Match, cache: ViewCache | None) -> list[dict[str, Any]]:
    public = view(match, None, cache=cache)
    return [public] + [view(match, s, public, cache) for s in range(match.seats)]


def check_same(match: Match, cache: ViewCache) -> list[dict[str, Any]]:
    cached = all_views(match, cache)
    assert cached == all_views(match, None)
    return cached


@FAST
@given(seed=st.integers(), seats=st.sampled_from([3, 4]))
def test_cached_views_equal_fresh_views_through_a_match(seed: int, seats: int) -> None:
    rng = random.Random(seed)
    match = Match(seats, rng.randrange(seats))
    cache = ViewCache()
    kept: list[tuple[str, list[dict[str, Any]]]] = []
    while not match.is_over:
        seat, action = choose_action(match, rng)
        # Now and then the table voids the deal under way, to be dealt again (rules §13).
        if match.phase() == "play" and rng.random() < 0.002:
            seat, action = TABLE, Action("void")
        match.apply(seat, action)
        assert match.finished_deals == [d for d in match.deals if d.finished]
        views = check_same(match, cache)
        if rng.random() < 0.05:
            kept.append((json.dumps(views, sort_keys=True), views))
    # A view handed out earlier never changes as the match goes on.
    for encoded, views in kept:
        assert json.dumps(views, sort_keys=True) == encoded


def test_one_cache_follows_a_new_match() -> None:
    rng = random.Random(7)
    cache = ViewCache()
    for seats in (3, 4, 3):
        match = Match(seats, rng.randrange(seats))
        for _ in range(120):
            if match.is_over:
                break
            seat, action = choose_action(match, rng)
            match.apply(seat, action)
            check_same(match, cache)


def test_a_voided_deal_is_not_mistaken_for_its_redeal() -> None:
    rng = random.Random(3)
    match = Match(3, rng.randrange(3))
    cache = ViewCache()
    while match.phase() != "play" or len(match.deals[-1].history) < 2:
        match.apply(*choose_action(match, rng))
        check_same(match, cache)
    match.apply(TABLE, Action("void"))
    check_same(match, cache)
    match.apply(TABLE, shuffled_deal(Match, rng))
    views = check_same(match, cache)
    assert all(v["deal"]["tricks_played"] == [] for v in views)


def test_a_new_deal_seen_late_is_not_mistaken_for_the_last_one() -> None:
    # Views are not always asked for after every action (a bot's playout, say): the cache
    # must notice a different deal even when it has as many tricks as the one it saw.
    rng = random.Random(5)
    match = Match(3, rng.randrange(3))
    cache = ViewCache()
    while match.phase() != "play" or len(match.deals[-1].history) < 2:
        match.apply(*choose_action(match, rng))
    check_same(match, cache)
    first = match.deals[-1]
    while match.deals[-1] is first or len(match.deals[-1].history) < 3:
        match.apply(*choose_action(match, rng))
    check_same(match, cache)
