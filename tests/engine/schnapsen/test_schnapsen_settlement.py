"""Vector T8 of docs/games/schnapsen.md, the settlement table: the family's settlement with
Schnapsen's variant, and the same ends reached by play."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from engine.schnapsen.helpers import A, B, act, assert_refused, legal_texts, play, plays, start

from app.engine.game import TABLE
from app.engine.sixty_six.rules import End, Settlement, schedule, settle_claim, settle_played_out
from app.engine.sixty_six.schnapsen import GAME
from app.engine.sixty_six.schnapsen.rules import SCHNAPSEN
from app.engine.sixty_six.schnapsen.state import Match, parse_action, random_deal


def claim(
    claimant: int,
    points: Sequence[int],
    tricks: Sequence[int],
    closed_by: int | None = None,
    at_close: Sequence[int] | None = None,
    points_at_close: Sequence[int] | None = None,
) -> Settlement:
    """A claim settled as Schnapsen settles it; ``at_close`` the tricks at the closing."""
    return settle_claim(
        claimant,
        points,
        tricks,
        closed_by,
        at_close,
        SCHNAPSEN.wrong_claim_three,
        points_at_close,
    )


def played_out(
    points: Sequence[int],
    tricks: Sequence[int],
    last: int,
    closed_by: int | None = None,
    at_close: Sequence[int] | None = None,
    points_at_close: Sequence[int] | None = None,
) -> Settlement:
    """A deal played out settled as Schnapsen settles it."""
    return settle_played_out(points, tricks, closed_by, at_close, False, last, points_at_close)


CASES = [
    ("correct claim, loser 40", claim(A, [67, 40], [3, 2]), End.CLAIM, A, 1),
    ("correct claim, loser 30 with a trick", claim(A, [67, 30], [3, 2]), End.CLAIM, A, 2),
    ("correct claim, loser no trick", claim(A, [67, 0], [4, 0]), End.CLAIM, A, 3),
    ("wrong claim, opponent has a trick", claim(A, [60, 20], [3, 1]), End.WRONG_CLAIM, B, 2),
    ("wrong claim, opponent no trick", claim(A, [60, 0], [3, 0]), End.WRONG_CLAIM, B, 3),
    (
        "closer below 66, opponent had a trick at closing",
        played_out([60, 60], [5, 5], A, closed_by=A, at_close=[2, 1]),
        End.CLOSER_FAILED,
        B,
        2,
    ),
    (
        "closer below 66, opponent no trick at closing",
        played_out([60, 60], [6, 2], B, closed_by=A, at_close=[1, 0]),
        End.CLOSER_FAILED,
        B,
        3,
    ),
    (
        "closer's wrong claim, opponent had a trick at closing",
        claim(A, [50, 30], [3, 2], closed_by=A, at_close=[1, 1]),
        End.WRONG_CLAIM,
        B,
        2,
    ),
    (
        "non-closer claims, had a trick at closing",
        claim(B, [30, 70], [2, 3], closed_by=A, at_close=[1, 1]),
        End.CLAIM,
        B,
        2,
    ),
    (
        "non-closer claims, no trick at closing",
        claim(B, [30, 70], [2, 3], closed_by=A, at_close=[1, 0]),
        End.CLAIM,
        B,
        3,
    ),
    (
        "closer played out with 70, opponent 35, 35 at the closing",
        played_out([70, 35], [6, 2], B, closed_by=A, at_close=[1, 1], points_at_close=[20, 35]),
        End.PLAYED_OUT,
        A,
        1,
    ),
    (
        "closer claims, opponent 40 at the end but 20 at the closing",
        claim(A, [70, 40], [5, 3], closed_by=A, at_close=[2, 1], points_at_close=[30, 20]),
        End.CLAIM,
        A,
        2,
    ),
    (
        "closer played out with 66, opponent no trick at the closing",
        played_out([66, 54], [5, 3], B, closed_by=A, at_close=[2, 0], points_at_close=[30, 0]),
        End.PLAYED_OUT,
        A,
        3,
    ),
    (
        "played out unclosed, last trick to B, A 80, B 40",
        played_out([80, 40], [6, 4], B),
        End.PLAYED_OUT,
        B,
        1,
    ),
    (
        "played out unclosed, last trick to A, B 20 with a trick",
        played_out([100, 20], [9, 1], A),
        End.PLAYED_OUT,
        A,
        2,
    ),
]


@pytest.mark.parametrize(
    ("settled", "end", "winner", "points"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_t8_settlement_table(settled: Settlement, end: End, winner: int, points: int) -> None:
    assert settled == Settlement(end, winner, points)


def test_a_correct_claim_by_play_with_the_opponent_schwarz_scores_three() -> None:
    match = start("KC QC AH TH AS", "JH JD QD KD JS", "JC")
    deal = match.current
    assert deal is not None
    act(match, "marriage:C")
    play(match, "QC JD AH QD TH KD")
    assert deal.won == [3, 0] and deal.points(A) == 40 + 5 + 14 + 14
    act(match, "claim")
    result = match.deals[-1].result
    assert result is not None
    assert (result.end, result.winner, match.deals[-1].scores) == (End.CLAIM, A, (3, 0))


def test_deals_played_out_go_to_the_last_trick_with_no_bonus() -> None:
    """Random deals played to the end without claims or closing: each goes to the winner of
    the last trick, the points are the cards and credited marriages alone, and some go to
    the player with fewer points."""
    rng = random.Random(7)
    match = Match(2, None, B)
    deals = 0
    upsets = 0
    while deals < 60:
        if match.is_over:
            match = Match(2, None, B)
        seat = match.to_act
        if seat == TABLE:
            match.apply(TABLE, random_deal(rng))
            continue
        assert seat is not None
        deal = match.current
        assert deal is not None
        quiet = [a for a in match.legal_actions(seat) if a.kind not in ("claim", "close")]
        match.apply(seat, rng.choice(quiet))
        if deal.finished:
            deals += 1
            result = deal.result
            assert result is not None and result.end is End.PLAYED_OUT
            last = deal.history[-1].winner
            assert result.winner == last
            credited = sum(m.points for m in deal.marriages if deal.won[m.seat])
            assert sum(result.points) == 120 + credited
            assert result.carried == 0
            upsets += result.points[last] < result.points[1 - last]
    assert upsets


def test_a_wrong_claim_before_the_opponents_first_trick_gives_three() -> None:
    match = start("AH TH KS QS JS", "AS TS KH QH JH", "AC")
    play(match, "AH JH")
    act(match, "claim")
    result = match.deals[-1].result
    assert result is not None and (result.winner, result.game_points) == (B, 3)


def test_a_wrong_claim_once_the_opponent_has_a_trick_gives_two() -> None:
    match = start("AH TH KS QS JS", "AS TS KH QH JH", "AC")
    play(match, "JS AS")
    act(match, "claim", seat=A)
    result = match.deals[-1].result
    assert result is not None and (result.winner, result.game_points) == (B, 2)


def test_no_claim_between_deals() -> None:
    match = Match(2, None, B)
    assert match.carried == 0
    assert_refused(match, "claim", "claim_not_now", seat=A)
    assert plays(match) == set() and legal_texts(match, A) == []


def test_a_closer_who_wins_is_scored_by_the_points_at_the_closing_in_play() -> None:
    """Random deals with closings: the points each player had when the talon was closed
    are kept, a resampled state reads them back from the view, and a closer who wins
    scores by the opponent's position then."""
    rng = random.Random(5)
    checked = 0
    for _ in range(300):
        match = Match(2, None, B)
        match.apply(TABLE, random_deal(rng))
        deal = match.current
        assert deal is not None
        at_close: list[int] | None = None
        while not deal.finished:
            seat = match.to_act
            assert seat is not None
            actions = [a for a in match.legal_actions(seat) if a.kind != "claim"]
            closes = [a for a in actions if a.kind == "close"]
            action = closes[0] if closes and rng.random() < 0.3 else rng.choice(actions)
            if action.kind == "close":
                at_close = [deal.points(0), deal.points(1)]
            elif deal.closed_by is not None and rng.random() < 0.2:
                state = GAME.resample(GAME.view(match, seat), rng)
                sampled = state.current
                assert sampled is not None and sampled.closed_points == deal.closed_points
            if deal.points(seat) >= 66 and deal.closed_by == seat:
                action = parse_action("claim")
            match.apply(seat, action)
        result = deal.result
        assert result is not None and deal.closed_points == at_close
        closer = deal.closed_by
        if closer is not None and result.winner == closer:
            other = 1 - closer
            tricks_then = deal.closed_tricks
            assert at_close is not None and tricks_then is not None
            assert result.game_points == schedule(at_close[other], tricks_then[other])
            checked += 1
    assert checked >= 10
