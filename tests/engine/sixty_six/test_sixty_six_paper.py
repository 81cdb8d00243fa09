"""Sixty-six kept on paper: each deal of a match played here, entered as its trump, closing,
claim, tricks and points, scores into the very ``ScoredDeal`` the online match keeps, and
the paper match ends where the online one does. The entries the rules refuse, and the
spec's scoring vectors entered on paper."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from engine.sixty_six.helpers import A, B, random_action

from app.engine.errors import IllegalAction
from app.engine.game import OptionValue, ScoredDeal
from app.engine.sixty_six import GAME
from app.engine.sixty_six.paper import PAPER
from app.engine.sixty_six.state import Match

CASES: list[tuple[str, dict[str, OptionValue]]] = [
    ("short", {**GAME.short_match, "target": 3}),
    ("default", {}),
    ("higher_total", {"higher_total_wins": True, "winner_deals_next": True, "target": 5}),
    ("german", {"german_phase2": True, "no_marriages_after_closing": True, "target": 4}),
    ("immediate", {"claims_only_immediately": True, "winner_deals_next": True}),
]


def played(seed: int, options: Mapping[str, OptionValue]) -> Match:
    """A whole match of random legal play (claims, closings, marriages and all)."""
    rng = random.Random(f"sixty-six-paper:{seed}")
    match = Match(2, options, rng.randrange(2))
    while not match.is_over:
        match.apply(*random_action(match, rng))
    return match


def assert_paper_matches(
    options: Mapping[str, OptionValue], first_dealer: int, online: Sequence[ScoredDeal]
) -> None:
    """Every deal of ``online`` entered on paper in turn scores exactly as online, the form
    naming its number and dealer, and the paper match is over after the last."""
    scored: list[ScoredDeal] = []
    for deal in online:
        form = PAPER.next_deal(2, options, first_dealer, scored)
        assert form is not None, f"the paper match ended before deal {deal.number}"
        assert (form.number, form.dealer) == (deal.number, deal.dealer)
        assert form.facts["first_lead"] == 1 - deal.dealer
        paper = PAPER.score(2, options, first_dealer, scored, PAPER.entry_of(deal))
        assert paper == deal
        scored.append(paper)
    assert PAPER.next_deal(2, options, first_dealer, scored) is None
    with pytest.raises(IllegalAction) as refused:
        PAPER.score(2, options, first_dealer, scored, PAPER.entry_of(online[-1]))
    assert refused.value.code == "match_over"
    assert GAME.scoresheet(2, options, scored) == GAME.scoresheet(2, options, online)


@pytest.mark.parametrize(("name", "options"), CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("seed", range(4))
def test_random_matches_score_on_paper_as_online(
    name: str, options: dict[str, OptionValue], seed: int
) -> None:
    match = played(seed, options)
    online = GAME.scored_deals(match, 0)
    assert online
    assert_paper_matches(options, match.first_dealer, online)


def test_every_way_a_deal_ends_is_entered_on_paper() -> None:
    """Across enough random matches every end, closed or not, has been entered as played."""
    options: dict[str, OptionValue] = {"target": 3}
    ends: set[tuple[str, bool]] = set()
    for seed in range(300):
        match = played(100 + seed, options)
        online = GAME.scored_deals(match, 0)
        assert_paper_matches(options, match.first_dealer, online)
        ends |= {(d.detail["end"], d.detail["closed_by"] is not None) for d in online}
    assert ends >= {
        ("claim", False),
        ("claim", True),
        ("wrong_claim", False),
        ("wrong_claim", True),
        ("played_out", False),
        ("played_out", True),
        ("closer_failed", True),
        ("no_winner", False),
    }


# -- the form ------------------------------------------------------------------------------------


def test_the_form_asks_the_trump_the_closing_the_claim_tricks_and_points() -> None:
    form = PAPER.next_deal(2, {}, B, [])
    assert form is not None
    assert (form.number, form.dealer) == (1, B)
    assert form.facts == {"first_lead": A, "carried": 0}
    shown = {f.key: f for f in form.fields}
    assert [f.key for f in form.fields] == [
        "trump",
        "closed_by",
        "trick_at_close",
        "claimed_by",
        "tricks",
        "points",
    ]
    assert shown["trump"].choices == ("S", "H", "D", "C")
    assert shown["closed_by"].choices == shown["claimed_by"].choices == ("nobody", "0", "1")
    assert shown["trick_at_close"].when == ("closed_by", ("0", "1"))
    assert (shown["tricks"].maximum, shown["tricks"].total) == (12, None)
    assert (shown["points"].maximum, shown["points"].total) == (230, None)
    assert shown["tricks"].seats == shown["points"].seats == (A, B)
    assert {f.label for f in form.fields} == {f"paper.{f.key}" for f in form.fields}


# -- refusals ------------------------------------------------------------------------------------

PLAYED_OUT = {
    "trump": "C",
    "closed_by": "nobody",
    "claimed_by": "nobody",
    "tricks": [5, 7],
    "points": [54, 76],
}
CLAIMED = {**PLAYED_OUT, "claimed_by": "0", "tricks": [5, 3], "points": [70, 30]}
CLOSED = {**PLAYED_OUT, "closed_by": "0", "trick_at_close": "yes", "tricks": [5, 4]}


@pytest.mark.parametrize(
    ("entry", "code", "detail"),
    [
        # tricks
        ({**PLAYED_OUT, "tricks": [5, 6]}, "paper_bad_total", {"total": 12}),
        ({**CLAIMED, "tricks": [7, 6]}, "paper_bad_total", {"maximum": 12}),
        ({**CLOSED, "tricks": [3, 2]}, "paper_bad_total", {"minimum": 6, "maximum": 11}),
        ({**CLAIMED, "tricks": [8, 4]}, "claim_not_now", {}),
        ({**CLOSED, "tricks": [8, 4]}, "stock_exhausted", {"sum": 12}),
        ({**CLOSED, "claimed_by": "0", "tricks": [6, 5]}, "stock_exhausted", {"sum": 11}),
        # a trick at the closing
        ({**CLOSED, "tricks": [8, 0], "points": [120, 0]}, "paper_bad_value", {}),
        ({**CLOSED, "trick_at_close": "no", "tricks": [4, 7]}, "paper_bad_value", {}),
        (
            {**CLOSED, "claimed_by": "1", "trick_at_close": "no", "tricks": [4, 6]},
            "paper_bad_value",
            {},
        ),
        # points
        ({**CLAIMED, "tricks": [5, 0]}, "paper_bad_points", {"seat": B}),
        ({**PLAYED_OUT, "points": [54, 66]}, "paper_bad_points", {"sum": 120}),
        ({**PLAYED_OUT, "points": [64, 76]}, "paper_bad_points", {"sum": 140}),
        ({**PLAYED_OUT, "points": [200, 50]}, "paper_bad_points", {"sum": 250}),
        ({**CLAIMED, "points": [130, 100]}, "paper_bad_points", {"sum": 230}),
        # the form's own checks
        ({**PLAYED_OUT, "trick_at_close": "yes"}, "paper_field_not_asked", {}),
        ({**PLAYED_OUT, "closed_by": "0"}, "paper_missing_field", {}),
        ({k: v for k, v in PLAYED_OUT.items() if k != "points"}, "paper_missing_field", {}),
        ({**PLAYED_OUT, "trump": "X"}, "paper_bad_value", {}),
        ({**PLAYED_OUT, "claimed_by": "2"}, "paper_bad_value", {}),
        ({**PLAYED_OUT, "tricks": [13, 0]}, "paper_bad_value", {}),
        ({**PLAYED_OUT, "points": [54, 231]}, "paper_bad_value", {}),
        ({**PLAYED_OUT, "points": [54]}, "paper_bad_value", {}),
        ({**PLAYED_OUT, "marriages": [40, 0]}, "paper_unknown_field", {}),
    ],
)
def test_impossible_entries_are_refused(
    entry: dict[str, Any], code: str, detail: dict[str, Any]
) -> None:
    with pytest.raises(IllegalAction) as refused:
        PAPER.score(2, {}, B, [], entry)
    assert refused.value.code == code, refused.value.message
    assert detail.items() <= refused.value.detail.items()


@pytest.mark.parametrize("entry", [PLAYED_OUT, CLAIMED, CLOSED])
def test_the_entries_the_refusals_start_from_are_accepted(entry: dict[str, Any]) -> None:
    PAPER.score(2, {}, B, [], entry)


def enter(
    options: Mapping[str, OptionValue], entries: Sequence[Mapping[str, Any]], dealer: int = B
) -> list[ScoredDeal]:
    deals: list[ScoredDeal] = []
    for entry in entries:
        deals.append(PAPER.score(2, options, dealer, deals, entry))
    return deals


def claim(seat: int, points: list[int], tricks: list[int], **more: str) -> dict[str, Any]:
    return {
        "trump": "C",
        "closed_by": "nobody",
        "claimed_by": str(seat),
        "tricks": tricks,
        "points": points,
        **more,
    }


def played_out(points: list[int], tricks: list[int], **more: str) -> dict[str, Any]:
    return {
        "trump": "C",
        "closed_by": "nobody",
        "claimed_by": "nobody",
        "tricks": tricks,
        "points": points,
        **more,
    }


def test_an_entry_after_the_target_is_reached_is_refused() -> None:
    schwarz = claim(A, [70, 0], [4, 0])
    options = {"target": 5}
    deals = enter(options, [schwarz, schwarz])
    assert [d.scores for d in deals] == [(3, 0), (3, 0)]
    assert PAPER.next_deal(2, options, B, deals) is None
    with pytest.raises(IllegalAction) as refused:
        PAPER.score(2, options, B, deals, schwarz)
    assert refused.value.code == "match_over"


# -- the spec's vectors on paper -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("vector", "entry", "scores", "end"),
    [
        ("S4 +1", claim(A, [67, 40], [4, 2]), (1, 0), "claim"),
        ("S4 +2", claim(A, [67, 30], [4, 2]), (2, 0), "claim"),
        ("S4 +3", claim(A, [67, 0], [5, 0]), (3, 0), "claim"),
        ("S5", claim(A, [62, 30], [4, 2]), (0, 2), "wrong_claim"),
        (
            "S6 B had a trick",
            played_out([60, 50], [5, 4], closed_by="0", trick_at_close="yes"),
            (0, 2),
            "closer_failed",
        ),
        (
            "S6 B had none",
            played_out([60, 50], [5, 4], closed_by="0", trick_at_close="no"),
            (0, 3),
            "closer_failed",
        ),
        (
            "S6 closer claims",
            claim(A, [70, 35], [5, 3], closed_by="0", trick_at_close="yes"),
            (1, 0),
            "claim",
        ),
        ("S7 64-66", played_out([64, 66], [6, 6]), (0, 1), "played_out"),
        ("S7 65-65", played_out([65, 65], [6, 6]), (0, 0), "no_winner"),
        ("S7 70-80", played_out([70, 80], [6, 6]), (0, 0), "no_winner"),
    ],
)
def test_spec_vectors_entered_on_paper(
    vector: str, entry: dict[str, Any], scores: tuple[int, int], end: str
) -> None:
    deal = PAPER.score(2, {}, B, [], entry)
    assert deal.scores == scores, vector
    assert deal.detail["end"] == end
    assert (deal.number, deal.dealer) == (1, B)
    assert deal.detail["points"] == entry["points"]
    assert deal.detail["tricks"] == entry["tricks"]
    assert PAPER.entry_of(deal) == entry


def test_s7_a_carried_point_goes_to_the_next_winner_and_the_deal_alternates() -> None:
    deals = enter({}, [played_out([65, 65], [6, 6]), claim(B, [40, 66], [3, 4])])
    assert [d.dealer for d in deals] == [B, A]
    assert [d.detail["carried"] for d in deals] == [1, 0]
    assert deals[1].detail["carried_in"] == 1
    assert deals[1].scores == (0, 2)
    form = PAPER.next_deal(2, {}, B, deals)
    assert form is not None and form.dealer == B and form.facts["carried"] == 0


def test_a_draw_keeps_the_dealer_and_the_winner_deals_next() -> None:
    options = {"higher_total_wins": True, "winner_deals_next": True}
    deals = enter(options, [played_out([65, 65], [6, 6]), played_out([60, 70], [6, 6])])
    assert [d.detail["end"] for d in deals] == ["draw", "played_out"]
    assert [d.dealer for d in deals] == [B, B]
    assert [d.detail["carried"] for d in deals] == [0, 0]
    assert deals[1].scores == (0, 1)
    form = PAPER.next_deal(2, options, B, deals)
    assert form is not None and form.dealer == B


def test_a_closed_deal_the_closer_wins_is_entered_again_as_scored() -> None:
    # whether the opponent had a trick at the closing does not matter when the closer wins
    entered = played_out([70, 30], [7, 2], closed_by="0", trick_at_close="no")
    deal = PAPER.score(2, {}, B, [], entered)
    assert deal.scores == (2, 0)
    again = PAPER.entry_of(deal)
    assert again["trick_at_close"] == "yes"
    assert PAPER.score(2, {}, B, [], again) == deal
