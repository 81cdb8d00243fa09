"""The end of a deal in both bezique games: the vectors RB8-RB11 and CB5, the tie broken by
brisques, the rubicon escaped with brisques, Clarifications 18 and 19 (the winner stays the
winner; totals rounded down to hundreds after winner and rubicon) and Chinese Clarification
5 (no brisques, a tie is a drawn deal, "less than 3000" is strict)."""

from __future__ import annotations

import pytest

from app.engine.bezique import CHINESE, RUBICON
from app.engine.bezique.scoring import settle

A, B = 0, 1


def test_rb8_a_rubicon_counts_both_totals_and_all_brisques() -> None:
    result = settle(RUBICON, (2450, 870), (240, 80))
    assert (result.winner, result.rubiconed, result.counted) == (A, True, True)
    assert result.final == (2690, 950)
    assert result.game_score == 4640 == 1000 + 2450 + 870 + 320
    assert result.scores == (4640, 0)


def test_rb9_the_loser_escapes_the_rubicon_with_his_brisques() -> None:
    result = settle(RUBICON, (2100, 940), (230, 90))
    assert (result.winner, result.rubiconed, result.counted) == (A, False, True)
    assert result.final == (2330, 1030)
    assert result.game_score == 1800


def test_rb10_equal_totals_are_decided_by_brisques() -> None:
    result = settle(RUBICON, (1500, 1500), (170, 150))
    assert (result.winner, result.rubiconed, result.counted) == (A, False, True)
    assert result.game_score == 520
    reversed_seats = settle(RUBICON, (1500, 1500), (150, 170))
    assert reversed_seats.winner == B and reversed_seats.scores == (0, 520)


def test_rb11_a_normal_game_counts_no_brisques() -> None:
    result = settle(RUBICON, (3200, 1800), (200, 120))
    assert (result.winner, result.rubiconed, result.counted) == (A, False, False)
    assert result.final == (3200, 1800)
    assert result.game_score == 1900


def test_equal_totals_and_equal_brisques_are_a_drawn_deal() -> None:
    result = settle(RUBICON, (1500, 1500), (160, 160))
    assert result.winner is None and result.game_score == 0 and result.scores == (0, 0)
    assert not result.rubiconed


def test_clarification_18_brisques_never_reverse_the_winner() -> None:
    # B escapes the rubicon with 320 in brisques, more than A's total then: the difference
    # counts as 0 and A, still the winner, scores the game bonus alone
    result = settle(RUBICON, (1100, 900), (0, 320))
    assert (result.winner, result.rubiconed) == (A, False)
    assert result.final == (1100, 1220)
    assert result.game_score == 500 and result.scores == (500, 0)


def test_clarification_18_equal_totals_under_1000_still_rubicon() -> None:
    result = settle(RUBICON, (600, 600), (170, 150))
    assert (result.winner, result.rubiconed) == (A, True)
    assert result.game_score == 1000 + 770 + 750
    escaped = settle(RUBICON, (900, 900), (120, 100))
    assert (escaped.winner, escaped.rubiconed) == (A, False)
    assert escaped.game_score == 500 + 20


def test_the_rubicon_applies_even_when_the_winner_is_under_1000() -> None:
    result = settle(RUBICON, (900, 300), (200, 120))
    assert (result.winner, result.rubiconed) == (A, True)
    assert result.game_score == 1000 + 900 + 300 + 320


def test_a_loser_on_exactly_1000_is_not_rubiconed() -> None:
    result = settle(RUBICON, (1400, 1000), (100, 220))
    assert (result.rubiconed, result.counted) == (False, False)
    assert result.game_score == 900


@pytest.mark.parametrize(
    ("points", "rounded"), [(0, 0), (99, 0), (100, 100), (2690, 2600), (950, 900), (1030, 1000)]
)
def test_round_to_hundreds_rounds_down(points: int, rounded: int) -> None:
    assert settle(CHINESE, (points, 0), (0, 0), rounded=True).final == (rounded, 0)


def test_clarification_19_rounding_comes_after_winner_and_rubicon() -> None:
    rb8 = settle(RUBICON, (2450, 870), (240, 80), rounded=True)
    assert rb8.final == (2600, 900) and rb8.game_score == 1000 + 2600 + 900
    rb9 = settle(RUBICON, (2100, 940), (230, 90), rounded=True)
    assert (rb9.rubiconed, rb9.final, rb9.game_score) == (False, (2300, 1000), 1800)
    close = settle(RUBICON, (1090, 1020), (0, 0), rounded=True)
    assert (close.winner, close.final, close.game_score) == (A, (1000, 1000), 500)
    chinese = settle(CHINESE, (4990, 2990), (0, 0), rounded=True)
    assert chinese.rubiconed and chinese.game_score == 1000 + 4900 + 2900


def test_cb5_the_chinese_rubicon_at_3000_adds_no_brisques() -> None:
    rubicon = settle(CHINESE, (5200, 2600), (0, 0))
    assert (rubicon.winner, rubicon.rubiconed, rubicon.game_score) == (A, True, 8800)
    normal = settle(CHINESE, (6000, 3400), (0, 0))
    assert (normal.winner, normal.rubiconed, normal.game_score) == (A, False, 3600)


def test_chinese_clarification_5() -> None:
    strict = settle(CHINESE, (4000, 3000), (0, 0))
    assert (strict.rubiconed, strict.game_score) == (False, 2000)
    # brisques never count in Chinese bezique, even if some were handed in
    tie = settle(CHINESE, (5000, 5000), (100, 0))
    assert tie.winner is None and tie.game_score == 0 and tie.brisques == (0, 0)
    saved = settle(CHINESE, (5000, 2950), (0, 100))
    assert saved.rubiconed and not saved.counted and saved.game_score == 1000 + 7950
    assert settle(CHINESE, (2000, 2500), (0, 0)).scores == (0, 1000 + 4500)
