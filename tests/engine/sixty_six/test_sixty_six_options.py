"""The options of §13 (Clarification 6) and the server's, each tested on and off."""

from __future__ import annotations

import pytest
from engine.sixty_six.helpers import (
    A,
    B,
    act,
    assert_refused,
    legal_texts,
    play,
    played_out_deal,
    plays,
    start,
)

from app.engine.game import TABLE, OptionError, Outcome, Termination
from app.engine.sixty_six import GAME
from app.engine.sixty_six.rules import End
from app.engine.sixty_six.state import Match

view = GAME.view

GERMAN = {"german_phase2": True}
WINNER_DEALS = {"winner_deals_next": True}
NO_LATE_MARRIAGES = {"no_marriages_after_closing": True}
IMMEDIATE = {"claims_only_immediately": True}
HIGHER = {"higher_total_wins": True}

# A wins all six tricks of the open stock and then holds KS QS on lead, the stock exhausted.
RUN_A = "AS TS AH TH AD JD"
RUN_B = "9S JS 9H JH 9D QD"
RUN_STOCK = "KS QH QS KH KD TD QC JC TC AC 9C"
RUN_PLAYS = "AS 9S TS JS AH 9H TH JH AD 9D JD QH"
RUN_A_AFTER = ["KS", "QS", "KD", "TC", "QC", "9C"]
RUN_B_AFTER = ["KH", "TD", "QD", "AC", "KC", "JC"]


def test_options_resolve_with_their_defaults() -> None:
    assert GAME.resolve_options({}) == {
        "german_phase2": False,
        "winner_deals_next": False,
        "no_marriages_after_closing": False,
        "claims_only_immediately": False,
        "higher_total_wins": False,
        "show_points": False,
        "target": 7,
    }
    with pytest.raises(OptionError):
        GAME.resolve_options({"target": 0})
    with pytest.raises(OptionError):
        GAME.resolve_options({"target": 22})
    with pytest.raises(OptionError):
        GAME.resolve_options({"german_phase2": 1})
    with pytest.raises(OptionError):
        Match(2, {"trumps": True}, A)


# -- german_phase2 -------------------------------------------------------------------------------


def test_german_phase2_changes_nothing_while_the_stock_is_open() -> None:
    match = start("TH 9S JH 9H JD QS", "KH AH 9C JS 9D KD", "QC", options=GERMAN)
    act(match, "play:TH")
    assert plays(match) == {"KH", "AH", "9C", "JS", "9D", "KD"}


def test_german_phase2_applies_once_the_stock_is_exhausted() -> None:
    everything = {"QD", "KH", "TD", "JC", "AC", "KC"}
    for options, on_king, on_spade in (
        (GERMAN, {"TD"}, {"JC", "AC", "KC"}),
        ({}, {"QD", "TD"}, everything),
    ):
        match = start(RUN_A, RUN_B, "KC", RUN_STOCK, options=options)
        play(match, RUN_PLAYS)
        deal = match.deals[-1]
        assert not deal.ledger.stock and match.to_act == A
        assert deal.hands == [RUN_A_AFTER, RUN_B_AFTER]
        trial = match.clone()
        act(trial, "play:KD")
        assert plays(trial) == on_king  # german: win the trick if able
        act(match, "play:KS")
        assert plays(match) == on_spade  # german: no spade, so a trump


# -- winner_deals_next ---------------------------------------------------------------------------


def wrong_claim_by(match: Match, seat: int) -> None:
    start(
        "AS TS AH TH AD TD", "9S JS 9H JH 9D JD", "9C", match=match, dealer_seat=match.next_dealer
    )
    act(match, "claim", seat)


def test_the_deal_alternates_by_default() -> None:
    match = Match(2, None, B)
    wrong_claim_by(match, A)  # B wins deal 1
    assert match.next_dealer == A
    wrong_claim_by(match, A)  # B wins again
    assert match.next_dealer == B
    match = played_out_deal("no_winner")
    assert match.next_dealer == A  # even after a deal nobody won


def test_c6_winner_deals_next_and_a_deal_nobody_wins_keeps_its_dealer() -> None:
    match = Match(2, WINNER_DEALS, B)
    wrong_claim_by(match, A)
    assert match.next_dealer == B  # B won and deals again
    wrong_claim_by(match, B)
    assert match.next_dealer == A
    match = played_out_deal("no_winner", options=WINNER_DEALS)
    assert match.next_dealer == B  # nobody won: the same dealer
    assert view(match, None)["next_dealer"] == B


# -- no_marriages_after_closing ------------------------------------------------------------------


def test_marriages_after_closing_are_allowed_by_default() -> None:
    match = start("KH QH AS 9S 9D JD", "9H JH JS TS TD QD", "KC")
    act(match, "close")
    assert "marriage:H" in legal_texts(match)
    act(match, "marriage:H")


def test_no_marriages_after_closing() -> None:
    match = start("KH QH AS 9S 9D JD", "9H JH JS TS TD QD", "KC", options=NO_LATE_MARRIAGES)
    assert "marriage:H" in legal_texts(match)
    act(match, "close")
    assert "marriage:H" not in legal_texts(match)
    assert_refused(match, "marriage:H", "no_marriages_after_closing")


def test_c6_no_marriages_after_closing_allows_them_once_the_stock_runs_out() -> None:
    match = start(RUN_A, RUN_B, "KC", RUN_STOCK, options=NO_LATE_MARRIAGES)
    play(match, RUN_PLAYS)
    assert not match.deals[-1].ledger.stock and match.deals[-1].closed_by is None
    assert "marriage:S" in legal_texts(match)
    act(match, "marriage:S")
    assert match.deals[-1].pending == "S"


# -- claims_only_immediately ---------------------------------------------------------------------


def test_c6_claims_only_immediately_after_winning_a_trick_or_declaring() -> None:
    match = start("AS 9C KH QH 9D JD", "9S JS JH 9H TD QD", "KC", "KS QS", options=IMMEDIATE)
    assert "claim" not in legal_texts(match)
    assert legal_texts(match, B) == [] and view(match, B)["legal"] is None
    assert_refused(match, "claim", "claim_not_now")
    assert_refused(match, "claim", "claim_not_now", seat=B)
    play(match, "AS 9S")
    assert legal_texts(match)[-1] == "claim"  # A has just won the trick
    assert view(match, A)["deal"]["claim_window"] == A
    assert_refused(match, "claim", "claim_not_now", seat=B)
    trial = match.clone()
    act(trial, "claim")
    assert trial.deals[-1].result is not None
    act(match, "exchange")
    assert "claim" not in legal_texts(match)
    assert_refused(match, "claim", "claim_not_now")
    act(match, "marriage:H")
    assert legal_texts(match) == ["play:KH", "play:QH", "claim"]
    act(match, "play:KH")
    assert_refused(match, "claim", "claim_not_now", seat=A)


def test_claims_at_any_moment_by_default() -> None:
    match = start("AS 9C KH QH 9D JD", "9S JS JH 9H TD QD", "KC", "KS QS")
    assert legal_texts(match)[-1] == "claim" and legal_texts(match, B) == ["claim"]
    play(match, "AS 9S")
    act(match, "exchange")
    assert legal_texts(match)[-1] == "claim" and legal_texts(match, B) == ["claim"]


# -- higher_total_wins ---------------------------------------------------------------------------


def test_c6_higher_total_wins_by_the_schedule() -> None:
    match = played_out_deal(
        lambda r: min(r.points) >= 66 and r.points[0] != r.points[1], options=HIGHER
    )
    result = match.deals[-1].result
    assert result is not None
    winner = 0 if result.points[0] > result.points[1] else 1
    assert (result.end, result.winner) == (End.PLAYED_OUT, winner)
    assert result.game_points == 1  # by §9: the loser has 33 or more
    assert match.carried == 0


def test_higher_total_wins_a_tie_is_a_draw_dealt_again_by_the_same_dealer() -> None:
    match = played_out_deal("draw", options=HIGHER, tries=5000)
    result = match.deals[-1].result
    assert result is not None
    assert result.points[0] == result.points[1]
    assert match.deals[-1].scores == (0, 0) and match.carried == 0
    assert match.next_dealer == match.deals[-1].dealer
    assert match.to_act == TABLE


def test_c6_higher_total_wins_leaves_closed_deals_alone() -> None:
    match = start("9S JS 9H JH 9D JD", "AS TS AH TH AD TD", "9C", options=HIGHER)
    act(match, "close")
    while match.current is not None:
        act(match, next(t for t in legal_texts(match) if t.startswith("play:")))
    result = match.deals[-1].result
    assert result is not None
    assert (result.end, match.deals[-1].scores) == (End.CLOSER_FAILED, (0, 3))


# -- show_points ---------------------------------------------------------------------------------


def test_points_are_shown_only_with_show_points() -> None:
    for options, shown in (({}, None), ({"show_points": True}, [11, 0])):
        match = start("AS TS AH TH AD TD", "9S JS 9H JH 9D JD", "9C", options=options)
        play(match, "AS 9S")
        for seat in (A, B, None):
            assert view(match, seat)["deal"]["points"] == shown


# -- target --------------------------------------------------------------------------------------


def test_the_match_ends_when_a_seat_reaches_the_target() -> None:
    match = Match(2, {"target": 3}, B)
    wrong_claim_by(match, A)
    assert match.totals == [0, 2] and not match.is_over
    assert GAME.outcome(match) is None
    wrong_claim_by(match, A)
    assert match.totals == [0, 4] and match.is_over
    assert GAME.outcome(match) == Outcome(Termination.TARGET_REACHED, (B,))
    shown = view(match, A)
    assert (shown["phase"], shown["to_act"], shown["winners"]) == ("match_over", None, [B])
    assert shown["target"] == 3 and shown["legal"] is None
