"""Rubicon and Chinese bezique kept on paper (app/engine/bezique/paper.py): each deal of a
match played here, entered as its trumps, points and (rubicon) brisques, scores as it did
online: the same number, dealer, scores and settlement, and the same scoresheet cells and
totals. What the table does not enter (each declaration, the carte blanche shown, the tricks
won) is empty in the paper deal's detail, and only that differs. The entries the rules
refuse, and the spec's scoring vectors entered on paper."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from engine.bezique.match_helpers import Chooser, play_match, random_choice

from app.engine import GAMES
from app.engine.bezique import CHINESE, RUBICON, Match, Variant
from app.engine.errors import IllegalAction
from app.engine.game import Game, Options, ScoredDeal
from app.engine.paper import CHOICE, SEAT_NUMBER, Paper

A, B = 0, 1
NOT_ENTERED: dict[str, Any] = {"tricks_won": None, "declarations": [], "carte_blanche": []}
"""The detail a paper deal keeps of what the table does not enter."""


def game_of(variant: Variant) -> Game:
    return GAMES[variant.name]


def paper_of(variant: Variant) -> Paper:
    paper = game_of(variant).paper
    assert paper is not None
    return paper


def collector(match: Match, legal: list[str], rng: random.Random) -> str:
    """Declare whenever possible and keep the court cards, so that deals carry many
    declarations, trumps and large totals."""
    declared = [t for t in legal if t.startswith("declare:")]
    if declared:
        return rng.choice(declared)
    low = [t for t in legal if t.startswith("play:") and t[5] in "987" and "@" not in t]
    return rng.choice(low or legal)


def enter_all(
    variant: Variant, options: Options, first_dealer: int, online: Sequence[ScoredDeal]
) -> list[ScoredDeal]:
    """Every deal of ``online`` entered on paper in turn, each scoring as online but for what
    the table does not enter; the paper match is over after the last."""
    paper = paper_of(variant)
    entered: list[ScoredDeal] = []
    for deal in online:
        form = paper.next_deal(2, options, first_dealer, entered)
        assert form is not None, f"the paper match ended before deal {deal.number}"
        assert (form.number, form.dealer) == (deal.number, deal.dealer)
        assert form.facts["leader"] == 1 - deal.dealer
        if variant.no_trump_twice:
            assert form.facts["previous_trump"] == deal.detail["previous_trump"]
        entry = paper.entry_of(deal)
        scored = paper.score(2, options, first_dealer, entered, entry)
        assert (scored.number, scored.dealer, scored.scores) == (
            deal.number,
            deal.dealer,
            deal.scores,
        )
        assert scored.detail == {**deal.detail, **NOT_ENTERED}
        # the form filled in again from the paper deal is the same entry
        assert paper.entry_of(scored) == entry
        entered.append(scored)
    assert paper.next_deal(2, options, first_dealer, entered) is None
    with pytest.raises(IllegalAction) as over:
        paper.score(2, options, first_dealer, entered, paper.entry_of(online[-1]))
    assert over.value.code == "match_over"
    return entered


def sheet_without_declarations(
    variant: Variant, options: Options, deals: Sequence[ScoredDeal]
) -> dict[str, Any]:
    sheet = game_of(variant).scoresheet(2, options, deals)
    for line in sheet["deals"]:
        line["declarations"] = []
    return sheet


CASES: list[tuple[Variant, dict[str, Any], int, Chooser]] = [
    (variant, options, seed, choose)
    for variant in (RUBICON, CHINESE)
    for options, seed, choose in [
        (dict(game_of(variant).short_match), 1, random_choice),
        ({}, 2, random_choice),
        ({"deals": 3, "round_to_hundreds": True}, 3, collector),
        ({"deals": 5, "must_win_endgame": True}, 4, collector),
        ({"deals": 2, "round_to_hundreds": True, "must_win_endgame": True}, 5, collector),
    ]
]


@pytest.mark.parametrize(
    ("variant", "options", "seed", "choose"),
    CASES,
    ids=[f"{v.name}-{s}" for v, _, s, _ in CASES],
)
def test_random_matches_entered_on_paper_score_as_played(
    variant: Variant, options: dict[str, Any], seed: int, choose: Chooser
) -> None:
    match, _ = play_match(variant, options, seed, choose=choose)
    game = game_of(variant)
    online = game.scored_deals(match, 0)
    assert online and match.is_over
    entered = enter_all(variant, options, match.first_dealer, online)
    sheet = game.scoresheet(2, options, entered)
    assert sheet == sheet_without_declarations(variant, options, online)
    assert sheet["totals"] == match.totals
    if choose is collector:
        # the deals entered had declarations to leave out, and trumps
        assert any(d.detail["declarations"] for d in online)
        assert any(d.detail["trump"] is not None for d in online)


# -- the form ------------------------------------------------------------------------------------


def test_the_rubicon_form_asks_trumps_points_and_brisques_making_320() -> None:
    form = paper_of(RUBICON).next_deal(2, {}, B, [])
    assert form is not None
    assert (form.number, form.dealer, dict(form.facts)) == (1, B, {"leader": A})
    trump, points, brisques = form.fields
    assert (trump.key, trump.kind, trump.label) == ("trump", CHOICE, "paper.trump")
    assert trump.choices == ("S", "H", "D", "C", "none")
    assert (points.key, points.kind, points.label, points.seats) == (
        "points",
        SEAT_NUMBER,
        "paper.points",
        (A, B),
    )
    assert points.total is None and points.minimum == 0 and points.maximum > 10_000
    assert (brisques.key, brisques.kind, brisques.label) == (
        "brisques",
        SEAT_NUMBER,
        "paper.brisques",
    )
    assert (brisques.minimum, brisques.maximum, brisques.total) == (0, 320, 320)


def test_the_chinese_form_asks_no_brisques_and_bars_last_deals_trumps() -> None:
    paper = paper_of(CHINESE)
    form = paper.next_deal(2, {}, A, [])
    assert form is not None
    assert [f.key for f in form.fields] == ["trump", "points"]
    assert form.facts == {"leader": B, "previous_trump": None}
    assert form.fields[0].choices == ("S", "H", "D", "C", "none")
    deals = [paper.score(2, {}, A, [], {"trump": "S", "points": [2000, 3500]})]
    form = paper.next_deal(2, {}, A, deals)
    assert form is not None
    assert (form.number, form.dealer, form.facts["previous_trump"]) == (2, B, "S")
    assert form.fields[0].choices == ("H", "D", "C", "none")
    assert form.as_json()["fields"][0]["choices"] == ["H", "D", "C", "none"]


def test_the_options_set_the_number_of_deals() -> None:
    paper = paper_of(RUBICON)
    deals: list[ScoredDeal] = []
    entry = {"trump": "H", "points": [1200, 1100], "brisques": [160, 160]}
    for _ in range(2):
        deals.append(paper.score(2, {"deals": 2}, A, deals, entry))
    assert paper.next_deal(2, {"deals": 2}, A, deals) is None
    assert paper.next_deal(2, {}, A, deals) is not None  # four by default


# -- dealers and trumps across deals ---------------------------------------------------------------


def test_the_winner_deals_the_next_and_after_a_draw_the_other_player() -> None:
    paper = paper_of(RUBICON)
    deals: list[ScoredDeal] = []
    brisques = [160, 160]
    deals.append(
        paper.score(2, {}, A, deals, {"trump": "S", "points": [900, 1300], "brisques": brisques})
    )
    assert (deals[0].dealer, deals[0].detail["winner"]) == (A, B)
    # B won: B deals; a tie with equal brisques is a drawn deal
    deals.append(
        paper.score(2, {}, A, deals, {"trump": "D", "points": [1500, 1500], "brisques": brisques})
    )
    assert (deals[1].dealer, deals[1].detail["winner"], deals[1].scores) == (B, None, (0, 0))
    form = paper.next_deal(2, {}, A, deals)
    assert form is not None and form.dealer == A  # the other player


def test_chinese_a_drawn_deal_still_bars_its_trumps_and_a_deal_without_trumps_bars_none() -> None:
    paper = paper_of(CHINESE)
    deals: list[ScoredDeal] = []
    deals.append(paper.score(2, {}, A, deals, {"trump": "H", "points": [3000, 3000]}))
    assert deals[0].detail["winner"] is None and deals[0].scores == (0, 0)
    with pytest.raises(IllegalAction) as refused:
        paper.score(2, {}, A, deals, {"trump": "H", "points": [3000, 3250]})
    assert refused.value.code == "trump_twice_running"
    assert refused.value.detail == {"trump": "H", "previous_trump": "H"}
    deals.append(paper.score(2, {}, A, deals, {"trump": "none", "points": [250, 100]}))
    assert deals[1].detail["trump"] is None and deals[1].detail["previous_trump"] == "H"
    form = paper.next_deal(2, {}, A, deals)
    assert form is not None and form.facts["previous_trump"] is None
    assert form.fields[0].choices == ("S", "H", "D", "C", "none")
    deals.append(paper.score(2, {}, A, deals, {"trump": "H", "points": [4000, 250]}))


# -- refusals ------------------------------------------------------------------------------------

RUBICON_GOOD = {"trump": "H", "points": [2450, 870], "brisques": [240, 80]}
CHINESE_GOOD = {"trump": "H", "points": [5200, 2600]}


@pytest.mark.parametrize(
    ("variant", "entry", "code"),
    [
        (RUBICON, {**RUBICON_GOOD, "brisques": [240, 70]}, "paper_bad_total"),
        (RUBICON, {**RUBICON_GOOD, "brisques": [245, 75]}, "impossible_brisques"),
        (RUBICON, {**RUBICON_GOOD, "brisques": [330, -10]}, "paper_bad_value"),
        (RUBICON, {"trump": "H", "points": [2450, 870]}, "paper_missing_field"),
        (RUBICON, {"points": [2450, 870], "brisques": [240, 80]}, "paper_missing_field"),
        (RUBICON, {**RUBICON_GOOD, "trump": "X"}, "paper_bad_value"),
        (RUBICON, {**RUBICON_GOOD, "points": [2450]}, "paper_bad_value"),
        (RUBICON, {**RUBICON_GOOD, "points": [2450, 875]}, "impossible_points"),
        # only a marriage scores 20, and without trumps there was none
        (RUBICON, {**RUBICON_GOOD, "trump": "none", "points": [2450, 20]}, "impossible_points"),
        (RUBICON, {**RUBICON_GOOD, "points": [30, 2450]}, "impossible_points"),
        # somebody won the last trick
        (RUBICON, {**RUBICON_GOOD, "points": [0, 0]}, "last_trick_unscored"),
        (RUBICON, {**RUBICON_GOOD, "points": [60, 40]}, "last_trick_unscored"),
        (RUBICON, {**RUBICON_GOOD, "extra": 1}, "paper_unknown_field"),
        (RUBICON, [2450, 870], "paper_bad_entry"),
        (CHINESE, {**CHINESE_GOOD, "brisques": [240, 80]}, "paper_unknown_field"),
        (CHINESE, {**CHINESE_GOOD, "points": [5200, 130]}, "impossible_points"),
        # a bezique needs trumps in Chinese bezique: 40 without them is forty jacks,
        # 20 a marriage in last deal's trump suit, and there was none
        (CHINESE, {"trump": "none", "points": [270, 0]}, "impossible_points"),
        (CHINESE, {"trump": "H", "points": [200, 100]}, "last_trick_unscored"),
    ],
)
def test_entries_the_rules_refuse(variant: Variant, entry: Any, code: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        paper_of(variant).score(2, {}, A, [], entry)
    assert refused.value.code == code, refused.value.message


def test_a_refusal_names_the_seat_and_what_was_entered() -> None:
    paper = paper_of(RUBICON)
    with pytest.raises(IllegalAction) as refused:
        paper.score(2, {}, A, [], {**RUBICON_GOOD, "points": [2450, 875]})
    assert refused.value.detail == {"seat": B, "points": 875, "trump": "H"}
    with pytest.raises(IllegalAction) as refused:
        paper.score(2, {}, A, [], {**RUBICON_GOOD, "brisques": [245, 75]})
    assert refused.value.detail == {"seat": A, "brisques": 245}
    with pytest.raises(IllegalAction) as refused:
        paper.score(2, {}, A, [], {**RUBICON_GOOD, "points": [0, 0]})
    assert refused.value.detail == {"points": [0, 0], "last_trick": 50}


def test_without_trumps_rubicon_scores_beziques_and_chinese_the_barred_suits_marriages() -> None:
    rubicon = paper_of(RUBICON)
    # a bezique (40) and the last trick; nothing else
    scored = rubicon.score(
        2, {}, A, [], {"trump": "none", "points": [90, 0], "brisques": [160, 160]}
    )
    assert scored.detail["trump"] is None and scored.detail["rubiconed"]
    chinese = paper_of(CHINESE)
    deals = [chinese.score(2, {}, A, [], {"trump": "S", "points": [3000, 3250]})]
    # with spades barred a spade marriage scores 20 and makes no trumps
    scored = chinese.score(2, {}, A, deals, {"trump": "none", "points": [270, 20]})
    assert scored.detail["trump"] is None and scored.detail["previous_trump"] == "S"


def test_match_over() -> None:
    paper = paper_of(CHINESE)
    deals = [paper.score(2, {"deals": 1}, A, [], CHINESE_GOOD)]
    with pytest.raises(IllegalAction) as refused:
        paper.score(2, {"deals": 1}, A, deals, {"trump": "D", "points": [5200, 2600]})
    assert refused.value.code == "match_over"


# -- the spec's vectors --------------------------------------------------------------------------


def scored_one(
    variant: Variant, entry: Mapping[str, Any], options: Options | None = None
) -> ScoredDeal:
    return paper_of(variant).score(2, options or {}, B, [], entry)


def test_rb8_rubicon_with_brisques_counted() -> None:
    deal = scored_one(RUBICON, RUBICON_GOOD)
    assert deal.scores == (4640, 0)
    detail = deal.detail
    assert (detail["winner"], detail["rubiconed"], detail["brisques_counted"]) == (A, True, True)
    assert detail["final"] == [2690, 950]
    line = game_of(RUBICON).scoresheet(2, {}, [deal])["deals"][0]
    assert line["cells"] == {
        "trump": "H",
        "points": [2450, 870],
        "brisques": [240, 80],
        "rubicon": {"term": "bezique.rubiconed"},
        "winner": A,
        "game_score": 4640,
    }


def test_rb9_brisques_save_the_loser() -> None:
    deal = scored_one(RUBICON, {"trump": "C", "points": [2100, 940], "brisques": [230, 90]})
    assert deal.scores == (1800, 0) and not deal.detail["rubiconed"]


def test_rb10_a_tie_broken_by_the_brisques() -> None:
    deal = scored_one(RUBICON, {"trump": "S", "points": [1500, 1500], "brisques": [170, 150]})
    assert deal.scores == (520, 0) and deal.detail["brisques_counted"]
    form = paper_of(RUBICON).next_deal(2, {}, B, [deal])
    assert form is not None and form.dealer == A  # the winner deals


def test_rb11_a_normal_game_and_rounding_to_hundreds() -> None:
    entry = {"trump": "D", "points": [3200, 1800], "brisques": [100, 220]}
    deal = scored_one(RUBICON, entry)
    assert deal.scores == (1900, 0) and not deal.detail["brisques_counted"]
    assert game_of(RUBICON).scoresheet(2, {}, [deal])["deals"][0]["cells"]["brisques"] is None
    rounded = scored_one(RUBICON, {**entry, "points": [3250, 1830]}, {"round_to_hundreds": True})
    assert rounded.scores == (1900, 0) and rounded.detail["final"] == [3200, 1800]


def test_cb5_rubicon_at_3000() -> None:
    rubiconed = scored_one(CHINESE, CHINESE_GOOD)
    assert rubiconed.scores == (8800, 0) and rubiconed.detail["rubiconed"]
    assert rubiconed.detail["brisques"] is None
    plain = scored_one(CHINESE, {"trump": "C", "points": [3400, 6000]})
    assert plain.scores == (0, 3600) and not plain.detail["rubiconed"]
