"""The strong level's parts: the playouts read the state as the view would show it, skip only
declaration listings that would be empty, value cards as the prospects do, stop at their
horizon; and the search answers legally, from the basic level's first choices, the same for
the same seed."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from app.bots import make_bot
from app.bots.bezique import BasicBot, StrongBot
from app.bots.bezique.playout import (
    HORIZON,
    PROSPECTS_WEIGHT,
    may_declare,
    prospects_weight,
    quick_view,
)
from app.bots.bezique.prospects import Appraisal, cards_of, prospects, rules_of, spent_of
from app.bots.bezique.strong import (
    CANDIDATES,
    CONFIDENCE,
    FIRST_CHECK,
    LEAST_EVIDENCE,
    Search,
    kept,
    paired,
    sampled,
)
from app.bots.bezique.weights import BANDS, bands, fit, observed
from app.engine import TABLE, Game
from app.engine.bezique import CHINESE, GAMES, RUBICON, Match, Variant

RUBICON_GAME, CHINESE_GAME = GAMES

GAMES = [(RUBICON_GAME, RUBICON), (CHINESE_GAME, CHINESE)]
IDS = [g.name for g, _ in GAMES]


def positions(game: Game, level: str, seed: int) -> Iterator[tuple[Match, int, dict[str, Any]]]:
    """Every position of a one-deal match between two bots of ``level``: the state, the
    seat to act and its view."""
    rng = random.Random(seed)
    match = game.new_match(2, game.resolve_options({"deals": 1}), seed % 2)
    assert isinstance(match, Match)
    bots = [make_bot(game.name, level, seed=s) for s in (0, 1)]
    while not match.is_over:
        if match.to_act == TABLE:
            match.apply(TABLE, game.chance(match, rng))
            continue
        seat = match.to_act
        assert seat is not None
        view = game.view(match, seat, None, None)
        yield match, seat, view
        match.apply(seat, game.parse_action(bots[seat].decide(view)))


def mid_deal_view(game: Game, tricks: int) -> tuple[Match, dict[str, Any]]:
    """A position of a basic match after ``tricks`` tricks with a choice to make."""
    for match, _, view in positions(game, "basic", 4):
        deal = view["deal"]
        if len(deal["tricks_played"]) >= tricks and len(view["legal"]["actions"]) > 1:
            return match.clone(), view
    raise AssertionError("the deal ended first")


@pytest.mark.parametrize(("game", "variant"), GAMES, ids=IDS)
def test_the_playout_view_is_the_view_where_the_basic_level_reads_it(
    game: Game, variant: Variant
) -> None:
    checked = 0
    for match, seat, view in positions(game, "random", 1):
        quick = quick_view(match, seat)
        assert quick["legal"]["actions"] == view["legal"]["actions"]
        deal = view["deal"]
        for key, value in quick["deal"].items():
            if key == "declarations":
                own = [d for d in deal["declarations"] if d["seat"] == seat]
                assert value == [
                    {k: d[k] for k in ("seat", "kind", "intact", "positions")} for d in own
                ]
            elif key == "pending":
                assert value == [
                    [{"kind": p["kind"], "cards": p["cards"]} for p in mine]
                    for mine in deal["pending"]
                ]
            else:
                assert value == deal[key], key
        if view["legal"]["kind"] == "declare":
            listed = view["legal"]["declarations"]
            assert quick["legal"]["declarations"] == [
                {k: d[k] for k in ("action", "points", "fixes_trump")} for d in listed
            ]
        assert BasicBot(variant).decide(quick) == BasicBot(variant).decide(view)
        checked += 1
    assert checked > 100


@pytest.mark.parametrize(("game", "variant"), GAMES, ids=IDS)
def test_a_playout_skips_no_declaration_the_rules_would_list(game: Game, variant: Variant) -> None:
    listed = 0
    for match, seat, view in positions(game, "basic", 3):
        if view["phase"] == "declare" and len(view["legal"]["actions"]) > 1:
            assert may_declare(match, seat), view["legal"]["actions"]
            listed += 1
    assert listed


@pytest.mark.parametrize(("game", "variant"), GAMES, ids=IDS)
def test_a_cards_worth_is_what_the_prospects_lose_without_it(game: Game, variant: Variant) -> None:
    compared = 0
    for _, seat, view in positions(game, "basic", 5):
        if view["phase"] != "play" or view["deal"]["endgame"]:
            continue
        rules = rules_of(variant, view["deal"])
        cards = cards_of(view["deal"], seat)
        appraisal = Appraisal.of(rules, cards)
        for action in view["legal"]["actions"]:
            code, _, position = action[5:].partition("@")
            have = cards.counts()
            have[code] -= 1
            spent = spent_of(cards, int(position) if position else None)
            expected = appraisal.base - prospects(rules, have, spent)
            assert appraisal.worth(action[5:]) == pytest.approx(expected)
            compared += 1
    assert compared > 100


@pytest.mark.parametrize(("game", "variant"), GAMES, ids=IDS)
def test_a_playout_stops_at_its_horizon_while_the_stock_lasts(game: Game, variant: Variant) -> None:
    match, view = mid_deal_view(game, 10)
    search = Search(game, BasicBot(variant), 1, 60.0, 1, HORIZON)
    state = match.clone()
    deal = state.current
    assert deal is not None
    before = len(deal.history)
    search.play_out(state, view["seat"], state.deals_played)
    assert len(deal.history) - before == HORIZON
    assert not deal.endgame and not deal.ledger.trick and deal.deciding is None


@pytest.mark.parametrize(("game", "variant"), GAMES, ids=IDS)
def test_strong_searches_the_first_distinct_choices_of_the_basic_level(
    game: Game, variant: Variant
) -> None:
    for _, _, view in positions(game, "basic", 6):
        if len(view["legal"]["actions"]) < 2:
            continue
        strong = StrongBot(game, variant, seed=1, budget=60.0, max_samples=2)
        chosen = strong.choices(view)
        ranked = BasicBot(variant).ranked(view)
        assert chosen[0] == ranked[0] == BasicBot(variant).decide(view)
        assert set(chosen) <= set(view["legal"]["actions"])
        assert len(chosen) <= CANDIDATES + 1
        # cards the basic level scores alike are searched once: a seven is a seven
        scores = dict(BasicBot(variant).scored(view))
        alike = [scores[a] for a in chosen if scores[a] is not None]
        assert len(alike) == len(set(alike)), (chosen, scores)
        if view["phase"] == "declare":
            assert "draw" in chosen


@pytest.mark.parametrize(("game", "variant"), GAMES, ids=IDS)
def test_strong_answers_legally_the_same_for_the_same_seed(game: Game, variant: Variant) -> None:
    for tricks in (5, 20):
        _, view = mid_deal_view(game, tricks)
        answers = set()
        for _ in range(2):
            strong = StrongBot(game, variant, seed=7, budget=60.0, max_samples=6)
            answers.add(strong.decide(view))
            assert strong.last_samples == 6
        assert len(answers) == 1
        assert answers <= set(view["legal"]["actions"])


@pytest.mark.parametrize(("game", "variant"), GAMES, ids=IDS)
def test_the_prospects_weigh_less_as_the_stock_runs_out(game: Game, variant: Variant) -> None:
    table = PROSPECTS_WEIGHT[variant.name]
    for left, weight in table:
        assert prospects_weight(variant.name, left) == pytest.approx(weight)
    # between two points of the fit, on the line joining them
    (x0, y0), (x1, y1) = table[3], table[4]
    assert prospects_weight(variant.name, (x0 + x1) / 2) == pytest.approx((y0 + y1) / 2)
    assert prospects_weight(variant.name, 0.05) < 1.0 < prospects_weight(variant.name, 0.95)


@pytest.mark.parametrize(("game", "variant"), GAMES, ids=IDS)
def test_a_playout_that_ends_the_deal_counts_the_points_taken(game: Game, variant: Variant) -> None:
    search = Search(game, BasicBot(variant), 1, 60.0, 1, HORIZON)
    state, seat = next(
        (match.clone(), seat)
        for match, seat, _ in positions(game, "basic", 8)
        if match.current is not None and match.current.endgame
    )
    played = state.deals_played
    result = search.play_out(state, seat, played)
    points = game.scored_deals(state, played)[0].detail["points"]
    assert result == points[seat] - points[1 - seat]


@pytest.mark.parametrize(("game", "variant"), GAMES, ids=IDS)
def test_strong_plays_as_basic_on_too_few_sampled_deals(game: Game, variant: Variant) -> None:
    basic = BasicBot(variant)
    for match, _, view in positions(game, "basic", 9):
        if len(match.current.history if match.current else ()) % 5:
            continue
        strong = StrongBot(game, variant, seed=2, budget=60.0, max_samples=LEAST_EVIDENCE - 1)
        assert strong.decide(view) == basic.decide(view)


def test_another_choice_is_taken_only_on_confident_evidence() -> None:
    usual = [10.0, 20.0, 30.0, 40.0]
    ahead = [x + 5.0 + d for x, d in zip(usual, (1.0, -1.0, 1.0, -1.0), strict=True)]
    behind = [x - 5.0 + d for x, d in zip(usual, (1.0, -1.0, 1.0, -1.0), strict=True)]
    mean, error = paired(ahead, usual)
    assert mean == pytest.approx(5.0)
    assert error == pytest.approx((4 / 3 / 4) ** 0.5)
    assert kept([usual, behind], CONFIDENCE)
    assert not kept([usual, behind, ahead], CONFIDENCE)


def test_sampling_stops_at_the_first_check_when_every_candidate_ties() -> None:
    calls = []

    def sample() -> list[float]:
        calls.append(1)
        return [7.0, 7.0, 7.0]

    rows = sampled(3, sample, float("inf"), 1_000, CONFIDENCE)
    assert len(calls) == len(rows[0]) == FIRST_CHECK


def test_the_weights_fit_finds_the_line_the_points_lie_on() -> None:
    # F - p = 0.7 q - 12 l exactly
    starts = [(0.0, 10.0, 1.0), (40.0, -30.0, -1.0), (-20.0, 55.0, 1.0), (5.0, 3.0, -1.0)]
    points = [(0.5, p, q, lead, p + 0.7 * q - 12.0 * lead) for p, q, lead in starts]
    k, c = fit(points)
    assert k == pytest.approx(0.7)
    assert c == pytest.approx(-12.0)


def test_the_weights_are_read_from_basic_deals_while_the_stock_lasts() -> None:
    points = observed(RUBICON_GAME.name, 2, 1)
    assert len(points) > 50
    assert all(0.0 < left <= 1.0 and lead in (1.0, -1.0) for left, _, _, lead, _ in points)
    assert [middle for middle, *_ in bands(points)] == [(b + 0.5) / BANDS for b in range(BANDS)]
