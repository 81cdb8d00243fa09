"""The test vectors S1-S10 of the Sixty-six rules (§15), each as a named test.

Trump is clubs unless stated; A (seat 0) is the non-dealer and leads first, B (seat 1) deals.
"""

from __future__ import annotations

from engine.sixty_six.helpers import (
    A,
    B,
    act,
    assert_refused,
    legal_texts,
    play,
    play_out,
    played_out_deal,
    plays,
    start,
    stock,
    taken,
)

from app.engine.sixty_six import GAME
from app.engine.sixty_six.rules import (
    OPTIONS,
    SIXTY_SIX,
    End,
    card_points,
    schedule,
    settle_claim,
    settle_played_out,
)
from app.engine.tricks import trick_winner

view = GAME.view

SHOW = {"show_points": True}


# -- S1 ------------------------------------------------------------------------------------------


def test_s1_points() -> None:
    assert card_points(SIXTY_SIX.pack.cards) == 120
    match = start("AS TS AH TH AD TD", "9S JS 9H JH 9D JD", "9C", options=SHOW)
    play_out(match)
    result = match.deals[-1].result
    assert result is not None
    assert len(match.deals[-1].history) == 12
    assert sum(result.points) == 130  # the 120 of the pack and the last trick's 10


# -- S2 ------------------------------------------------------------------------------------------


def test_s2_trick_winners_while_the_stock_is_open() -> None:
    rules = SIXTY_SIX.open_rules  # §4
    assert trick_winner(["KH", "AS"], "C", rules) == 0  # different suits, no trump: leader
    assert trick_winner(["KH", "9C"], "C", rules) == 1  # a trump beats it
    assert trick_winner(["AH", "TH"], "C", rules) == 0
    assert trick_winner(["JC", "9C"], "C", rules) == 0  # J over 9
    for lead, follow, winner in [("KH", "AS", A), ("KH", "9C", B), ("AH", "TH", A)]:
        match = start(f"{lead} 9S JS 9H JH 9D", f"{follow} QS KS QD KD AD", "JC")
        assert plays(match, B) == set()  # only the seat to act plays
        play(match, f"{lead} {follow}")
        assert match.deals[-1].history[0].winner == winner
        assert match.to_act == winner


def test_s2_the_follower_may_play_any_card_while_the_stock_is_open() -> None:
    match = start("KH 9S JS 9H JH 9D", "AH QS KS QD KD AD", "JC")
    act(match, "play:KH")
    assert plays(match) == {"AH", "QS", "KS", "QD", "KD", "AD"}
    act(match, "play:QS")  # holding hearts, a spade is allowed
    assert match.deals[-1].history[0].winner == A


# -- S3 ------------------------------------------------------------------------------------------


S3_A = "KC QC 9S JS 9H 9D"
S3_B = "AC AH AD AS TH TD"


def test_s3_marriage_before_a_trick_waits_for_one() -> None:
    match = start(S3_A, S3_B, "9C", "QD KS QS KH QH JH", options=SHOW)
    act(match, "marriage:C")
    act(match, "play:QC")
    act(match, "play:AC")  # B wins the first trick
    deal = view(match, A)["deal"]
    assert deal["marriages"] == [{"seat": A, "suit": "C", "points": 40, "credited": False}]
    assert deal["points"] == [0, 14]
    play(match, "TH KC")  # A trumps B's ten: A's first trick
    deal = view(match, A)["deal"]
    assert deal["marriages"][0]["credited"] is True
    assert deal["points"] == [14 + 40, 14]


def test_s3_a_marriage_is_lost_without_a_trick() -> None:
    match = start(S3_A, S3_B, "9C", "QD KS QS KH QH JH", options=SHOW)
    act(match, "marriage:C")
    play(match, "QC AC AH 9S AD JS AS 9H TH 9D TD KS")
    assert match.deals[-1].won == [0, 6]
    assert view(match, B)["deal"]["points"] == [0, 73]
    act(match, "claim", B)
    result = match.deals[-1].result
    assert result is not None
    assert result.points == (0, 73)
    assert (result.end, result.winner, match.deals[-1].scores) == (End.CLAIM, B, (0, 3))  # schwarz


# -- S4 ------------------------------------------------------------------------------------------


def test_s4_correct_claims() -> None:
    claim = settle_claim(A, (67, 40), (4, 2), None, None)
    assert (claim.end, claim.winner, claim.game_points) == (End.CLAIM, A, 1)
    claim = settle_claim(A, (67, 30), (4, 2), None, None)
    assert (claim.winner, claim.game_points) == (A, 2)  # schneider
    claim = settle_claim(A, (67, 0), (6, 0), None, None)
    assert (claim.winner, claim.game_points) == (A, 3)  # schwarz
    assert [schedule(33, 1), schedule(32, 1), schedule(0, 0)] == [1, 2, 3]


def test_s4_a_correct_claim_in_play_scores_by_the_schedule() -> None:
    match = start(S3_A, S3_B, "9C", "QD KS QS KH QH JH")
    act(match, "marriage:C")
    play(match, "QC AC AH 9S AD JS AS 9H TH 9D TD KS")
    act(match, "claim", B)
    assert match.totals == [0, 3]
    assert match.deals_played == 1


# -- S5 ------------------------------------------------------------------------------------------


def test_s5_wrong_claim() -> None:
    claim = settle_claim(A, (62, 50), (3, 3), None, None)
    assert (claim.end, claim.winner, claim.game_points) == (End.WRONG_CLAIM, B, 2)
    match = start("AS TS AH TH AD TD", "9S JS 9H JH 9D JD", "9C")
    play(match, "AS 9S TS JS")
    act(match, "claim", A)  # 23 points
    result = match.deals[-1].result
    assert result is not None
    assert result.points == (23, 0)
    assert (result.end, match.deals[-1].scores) == (End.WRONG_CLAIM, (0, 2))


# -- S6 ------------------------------------------------------------------------------------------


def test_s6_closer_fails_while_the_opponent_had_a_trick() -> None:
    match = start("AH 9S JS 9H 9D JD", "AS TS TH AD TD KD", "9C")
    play(match, "9S AS TH AH")  # B takes the first trick, A the second
    assert match.to_act == A
    act(match, "close")
    play_out(match)
    deal = match.deals[-1]
    assert deal.result is not None
    assert deal.result.points[A] < 66
    assert (deal.result.end, deal.scores) == (End.CLOSER_FAILED, (0, 2))


def test_s6_closer_fails_before_the_opponent_had_a_trick() -> None:
    match = start("9S JS 9H JH 9D JD", "AS TS AH TH AD TD", "9C")
    act(match, "close")  # before the first lead (Clarification 2)
    play_out(match)
    deal = match.deals[-1]
    assert deal.result is not None
    assert (deal.result.end, deal.scores) == (End.CLOSER_FAILED, (0, 3))
    # the last trick earns nothing after a closing
    assert sum(deal.result.points) == card_points(taken(deal, A) + taken(deal, B))


def test_s6_closer_claims_correctly() -> None:
    claim = settle_claim(A, (70, 35), (4, 2), A, [1, 1])
    assert (claim.end, claim.winner, claim.game_points) == (End.CLAIM, A, 1)
    match = start("AS TS AH TH KC QC", "9S JS 9H JH 9D JD", "9C")
    act(match, "close")
    act(match, "marriage:C")
    play(match, "KC 9S AS JS AH 9H")
    act(match, "claim")
    result = match.deals[-1].result
    assert result is not None
    assert result.points == (4 + 40 + 13 + 11, 0)
    assert (result.end, match.deals[-1].scores) == (End.CLAIM, (3, 0))  # B has no trick: schwarz


def test_s6_a_closed_deal_played_out_counts_no_last_trick() -> None:
    settled = settle_played_out((66, 40), (5, 1), A, [0, 0])
    assert (settled.end, settled.winner, settled.game_points) == (End.PLAYED_OUT, A, 1)
    settled = settle_played_out((65, 40), (5, 1), A, [1, 0])
    assert (settled.end, settled.winner, settled.game_points) == (End.CLOSER_FAILED, B, 3)
    settled = settle_played_out((65, 40), (5, 1), A, [0, 1])
    assert (settled.end, settled.winner, settled.game_points) == (End.CLOSER_FAILED, B, 2)


# -- S7 ------------------------------------------------------------------------------------------


def test_s7_played_out_without_claims() -> None:
    settled = settle_played_out((64, 66), (5, 7), None, None)
    assert (settled.end, settled.winner, settled.game_points) == (End.PLAYED_OUT, B, 1)
    settled = settle_played_out((65, 65), (6, 6), None, None)
    assert (settled.end, settled.winner, settled.game_points) == (End.NO_WINNER, None, 0)
    settled = settle_played_out((70, 80), (6, 6), None, None)  # marriages: both on 66
    assert (settled.end, settled.winner) == (End.NO_WINNER, None)


def test_s7_a_deal_nobody_wins_carries_a_point_to_the_next_winner() -> None:
    match = played_out_deal("no_winner")
    first = match.deals[-1].result
    assert first is not None
    assert match.deals[-1].scores == (0, 0) and first.carried == 1
    assert match.carried == 1 and match.totals == [0, 0]
    match = played_out_deal("played_out", match=match)
    second = match.deals[-1].result
    assert second is not None and second.winner is not None
    assert second.carried_in == 1
    assert match.deals[-1].scores[second.winner] == second.game_points + 1
    assert match.carried == 0


# -- S8 ------------------------------------------------------------------------------------------


S8_A = "AS TS AH TH 9C JD"
S8_B = "9S JS 9H JH 9D QD"


def test_s8_nine_of_trumps() -> None:
    match = start(S8_A, S8_B, "KC", "KS QS KH QH KD TD AD")
    assert_refused(match, "exchange", "no_trick_won_yet")  # A holds 9C but has no trick
    play(match, "AS 9S TS JS AH 9H TH JH")
    deal = match.deals[-1]
    assert len(stock(deal)) == 3 and deal.ledger.turned == "KC"
    assert "exchange" in legal_texts(match)
    act(match, "exchange")
    assert "KC" in deal.hands[A] and "9C" not in deal.hands[A]
    assert deal.ledger.turned == "9C"
    shown = view(match, B)["deal"]
    assert shown["turned"] == "9C"
    assert shown["known"][A] == ["KC"]  # B saw A take the king


def test_s8_a_nine_drawn_as_the_last_face_down_card_cannot_be_exchanged() -> None:
    match = start("AS TS AH TH AD JD", S8_B, "KC", "KS QS KH QH KD TD QC JC TC AC 9C")
    play(match, "AS 9S TS JS AH 9H TH JH AD 9D JD QS")
    deal = match.deals[-1]
    assert not deal.ledger.stock and not stock(deal)
    assert "9C" in deal.hands[A] and "KC" in deal.hands[B]  # the loser takes the turned card
    assert match.to_act == A
    assert "exchange" not in legal_texts(match)
    assert_refused(match, "exchange", "stock_exhausted")


# -- S9 ------------------------------------------------------------------------------------------


def test_s9_play_after_closing() -> None:
    match = start("TH 9S JH 9H JD QS", "KH AS 9C JS 9D KD", "QC")
    act(match, "close")
    act(match, "play:TH")
    assert plays(match) == {"KH"}
    assert_refused(match, "play:AS", "must_follow_suit")
    match = start("TH 9S JH 9H JD QH", "AS 9C JS KS 9D KD", "QC")
    act(match, "close")
    act(match, "play:TH")
    assert plays(match) == {"AS", "9C", "JS", "KS", "9D", "KD"}


def test_s9_play_after_closing_german() -> None:
    german = {"german_phase2": True}
    match = start("TH 9S JH 9H JD QH", "AS 9C JS KS 9D KD", "QC", options=german)
    act(match, "close")
    act(match, "play:TH")
    assert plays(match) == {"9C"}
    assert_refused(match, "play:AS", "must_trump")
    match = start("TH 9S JH 9H JD QS", "KH AH 9C JS 9D KD", "QC", options=german)
    act(match, "close")
    act(match, "play:TH")
    assert plays(match) == {"AH"}
    assert_refused(match, "play:KH", "must_head_trick")
    assert_refused(match, "play:9C", "must_follow_suit")


# -- S10 -----------------------------------------------------------------------------------------


def test_s10_closing_timing() -> None:
    match = start("AS TS AH TH AD JD", S8_B, "KC", "KS QS KH QH KD TD QC JC TC AC 9C")
    assert_refused(match, "close", "not_your_turn", seat=B)  # B is not on lead
    act(match, "play:AS")
    assert_refused(match, "close", "not_on_lead")  # B, to follow, is not on lead either
    play(match, "9S TS JS AH 9H TH JH AD 9D JD QS")
    assert not match.deals[-1].ledger.stock
    assert "close" not in legal_texts(match)
    assert_refused(match, "close", "stock_exhausted")


def test_every_option_of_section_13_is_offered() -> None:
    names = {o.name for o in OPTIONS}
    assert names == {
        "german_phase2",
        "winner_deals_next",
        "no_marriages_after_closing",
        "claims_only_immediately",
        "higher_total_wins",
        "show_points",
        "target",
    }
