"""The partnership pinochles' review with the strong level's own playouts
(``StrongBot.reviewer``): a playout scores a candidate as the engine's playout by the basic
level does, only faster; every decision of a played deal is judged; and where one trump is
clearly best the strong level's choice passes and another suit is marked."""

from __future__ import annotations

import random

import pytest
from pinochle_bots_table import GAMES, N, act, table, view_of

from app.bots import make_bot
from app.bots.pinochle.basic import BasicBot
from app.bots.pinochle.double_deck_pinochle import TUNING as DOUBLE_DECK
from app.bots.pinochle.estimate import Tuning
from app.bots.pinochle.partnership_pinochle import TUNING as PARTNERSHIP
from app.bots.pinochle.strong import Search, StrongBot
from app.bots.review import MIN_SAMPLES, judge, reviewer_for
from app.bots.sampling import SamplingBot
from app.engine.pinochle.partnership.state import Match
from support.played import decisions

TUNINGS: dict[str, Tuning] = {
    "partnership_pinochle": PARTNERSHIP,
    "double_deck_pinochle": DOUBLE_DECK,
}
NAMES = sorted(TUNINGS)


def played_states(name: str, seed: int, options: dict[str, object]) -> list[tuple[Match, int]]:
    """Every decision of a first deal played by the basic level: the state before it and
    the seat to act."""
    game = GAMES[name]
    rng = random.Random(seed)
    match = game.new_match(4, game.resolve_options(options), 3)
    assert isinstance(match, Match)
    basic = BasicBot(TUNINGS[name], seed)
    return decisions(game, match, basic, rng, 1)


@pytest.mark.parametrize("name", NAMES)
def test_the_review_uses_the_strong_levels_playouts_and_its_calls(name: str) -> None:
    game = GAMES[name]
    reviewer = reviewer_for(game, 3)
    assert isinstance(reviewer.search, Search) and reviewer.choices is not None
    strong = make_bot(name, "strong", 3)
    assert isinstance(strong, StrongBot)
    for match, seat in played_states(name, 2, {})[:8]:
        view = game.view(match, seat, None, None)
        legal = view["legal"]
        if legal["kind"] == "bid":
            assert reviewer.choices(view) == strong.calls(view, legal["actions"])


@pytest.mark.parametrize("name", NAMES)
def test_a_playout_scores_what_the_engines_playout_by_the_basic_level_scores(name: str) -> None:
    """From decisions of the auction, the trump and the play (claims off: the simulator
    plays every card out), the strong level's playout and the engine's by the basic level
    end in the same margin."""
    game = GAMES[name]
    tuning = TUNINGS[name]
    fast = Search(game, BasicBot(tuning), 1, 60.0, None)
    slow = SamplingBot(game, BasicBot(tuning), 1)
    states = played_states(name, 4, {"claims": False})
    checked = 0
    for index, (match, _) in enumerate(states):
        if index % 7 and index >= 6:
            continue
        seat = index % 4
        played = match.deals_played
        assert fast.play_out(match.clone(), seat, played) == slow.play_out(
            match.clone(), seat, played
        )
        checked += 1
    assert checked >= 12


@pytest.mark.parametrize("name", NAMES)
def test_decisions_of_a_played_deal_are_judged_well_formed(name: str) -> None:
    game = GAMES[name]
    reviewer = reviewer_for(game, 2)
    basic = BasicBot(TUNINGS[name], 4)
    judged = 0
    for index, (match, seat) in enumerate(played_states(name, 7, {})):
        if index % 3:
            continue
        view = game.view(match, seat, None, None)
        legal = view["legal"]
        if legal["kind"] == "claim":
            continue
        played = str(game.parse_action(basic.decide(view)))
        judgement = judge(game, reviewer, view, played, 2, 60.0, MIN_SAMPLES)
        if judgement is None:
            assert len({a for a in legal["actions"] if a != "claim"} | {played}) < 2
            continue
        judged += 1
        assert judgement.played == played and judgement.samples == MIN_SAMPLES
        assert judgement.cost >= 0.0 and judgement.error >= 0.0 and judgement.worth >= 0.0
        assert judgement.candidates >= 2
        assert judgement.best in [*legal["actions"], played]
        if judgement.best == played:
            assert judgement.cost == 0.0 and not judgement.clearly_worse
    assert judged >= 8


@pytest.mark.parametrize("name", NAMES)
def test_the_strong_levels_trump_passes_and_a_suit_it_lacks_is_marked(name: str) -> None:
    # North holds every heart of the pack: hearts as trump melds the runs and takes every
    # trick it leads; spades, of which he holds none, gives the trumps to the others
    game = GAMES[name]
    match = table(name, {N: " ".join(sorted(c for c in match_cards(name) if c[1] == "H"))})
    least = match.VARIANT.minimum_bid
    for _ in range(4):
        act(match, f"bid:{least}" if match.to_act == N else "pass")
    view = view_of(match)
    assert view["seat"] == N and view["legal"]["kind"] == "trump"
    strong = StrongBot(game, TUNINGS[name], 5, budget=60.0, max_samples=16)
    chosen = strong.decide(view)
    assert chosen == "trump:H"
    reviewer = reviewer_for(game, 5)
    passed = judge(game, reviewer, view, chosen, 5, 60.0, 16)
    assert passed is not None and passed.best == chosen and not passed.clearly_worse
    marked = judge(game, reviewer, view, "trump:S", 5, 60.0, 16)
    assert marked is not None and marked.clearly_worse and marked.best == "trump:H"


def match_cards(name: str) -> list[str]:
    game = GAMES[name]
    match = game.new_match(4, game.resolve_options({}), 3)
    assert isinstance(match, Match)
    return list(match.VARIANT.cards)
