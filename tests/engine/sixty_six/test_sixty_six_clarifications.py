"""The Clarifications of the Sixty-six rules (§16), one test or more each, and the refusals
of every action."""

from __future__ import annotations

import pytest
from engine.sixty_six.helpers import (
    A,
    B,
    act,
    assert_refused,
    build_pack,
    cards,
    legal_texts,
    parse_action,
    play,
    play_out,
    played_out_deal,
    start,
    stock,
)

from app.engine.actions import Action
from app.engine.errors import IllegalAction, MalformedAction
from app.engine.game import TABLE
from app.engine.sixty_six import GAME
from app.engine.sixty_six.record import draws
from app.engine.sixty_six.rules import SIXTY_SIX, End, settle_claim
from app.engine.sixty_six.state import Match, dealt_hands
from app.engine.trick_game import deal_action

view = GAME.view

# A wins the first trick with AS, then is on lead with the nine of trumps and a marriage.
ORDER_A = "AS 9C KH QH 9D JD"
ORDER_B = "9S JS JH 9H TD QD"


def on_lead_after_a_trick() -> Match:
    match = start(ORDER_A, ORDER_B, "KC", "KS QS")
    play(match, "AS 9S")
    assert match.to_act == A
    return match


# -- 1 -------------------------------------------------------------------------------------------


def test_c1_the_end_of_the_twelfth_trick_ends_the_deal() -> None:
    match = start("AS TS AH TH AD TD", "9S JS 9H JH 9D JD", "9C")
    play_out(match)
    deal = match.deals[-1]
    assert len(deal.history) == 12 and deal.finished
    assert match.to_act == TABLE
    assert view(match, A)["deal"] is None
    for seat in (A, B):
        assert legal_texts(match, seat) == []
        assert_refused(match, "claim", "claim_not_now", seat=seat)


def test_c1_the_last_trick_bonus_counts_only_in_a_deal_played_out() -> None:
    match = start("AS TS AH TH AD TD", "9S JS 9H JH 9D JD", "9C")
    play_out(match)
    deal = match.deals[-1]
    assert deal.result is not None
    last = deal.history[-1].winner
    assert deal.result.points[last] == deal.points(last) + 10


# -- 2 -------------------------------------------------------------------------------------------


def test_c2_before_a_lead_exchange_then_close_then_marriage() -> None:
    match = on_lead_after_a_trick()
    hand = [f"play:{c}" for c in match.deals[-1].hands[A]]
    assert legal_texts(match) == [*hand, "exchange", "close", "marriage:H", "claim"]
    act(match, "exchange")
    hand = [f"play:{c}" for c in match.deals[-1].hands[A]]
    assert legal_texts(match) == [*hand, "close", "marriage:H", "claim"]
    act(match, "close")
    assert_refused(match, "exchange", "stock_closed")
    assert legal_texts(match) == [*hand, "marriage:H", "claim"]
    act(match, "marriage:H")
    assert legal_texts(match) == ["play:KH", "play:QH", "claim"]
    act(match, "play:QH")
    assert match.to_act == B


def test_c2_a_marriage_is_followed_by_its_lead_or_a_claim() -> None:
    match = on_lead_after_a_trick()
    act(match, "marriage:H")
    for text in ("exchange", "close", "marriage:H"):
        refused = assert_refused(match, text, "marriage_must_be_led")
        assert refused.detail["suit"] == "H"
    assert_refused(match, "play:9D", "marriage_must_be_led")
    trial = match.clone()
    act(trial, "claim")
    assert trial.deals[-1].result is not None
    act(match, "play:KH")
    view_b = view(match, B)["deal"]
    assert view_b["known"][A] == ["QH"]  # the partner stays shown until it is played
    assert view_b["pending_marriage"] is None


def test_c2_closing_before_the_first_lead_is_allowed() -> None:
    match = start(ORDER_A, ORDER_B, "KC")
    assert "close" in legal_texts(match)
    act(match, "close")
    deal = match.deals[-1]
    assert deal.closed_by == A and deal.closed_after == 0
    shown = view(match, B)["deal"]
    assert shown["turned"] is None and shown["turned_down"] == "KC"


def test_c2_one_marriage_per_lead() -> None:
    match = start("KH QH KS QS 9D JD", ORDER_B, "KC")
    assert legal_texts(match)[-3:] == ["marriage:S", "marriage:H", "claim"]
    act(match, "marriage:S")
    assert_refused(match, "marriage:H", "marriage_must_be_led")


# -- 3 -------------------------------------------------------------------------------------------


def test_c3_a_claim_in_the_middle_of_a_trick_counts_the_card_on_the_table_for_nobody() -> None:
    match = start("AS TS AH TH AD TD", "9S JS 9H JH 9D JD", "9C")
    play(match, "AS 9S AH")
    act(match, "claim", B)
    result = match.deals[-1].result
    assert result is not None
    assert result.points == (11, 0)
    assert (result.end, result.winner, match.deals[-1].scores) == (End.WRONG_CLAIM, A, (2, 0))
    previous = view(match, None)["previous_deal"]
    assert previous["trick"] == [{"seat": A, "card": "AH"}]
    assert previous["claimant"] == B


def test_c3_either_seat_may_claim_at_any_moment() -> None:
    match = start("AS TS AH TH AD TD", "9S JS 9H JH 9D JD", "9C")
    assert legal_texts(match, B) == ["claim"]
    assert view(match, B)["legal"] == {"kind": "claim", "actions": ["claim"]}
    act(match, "play:AS")
    assert legal_texts(match, A) == ["claim"]
    assert view(match, None)["legal"] is None


# -- 4 -------------------------------------------------------------------------------------------


def test_c4_the_non_closer_claiming_correctly_scores_two_or_three() -> None:
    assert settle_claim(B, (40, 68), (2, 3), A, [1, 1]).game_points == 2
    assert settle_claim(B, (40, 68), (2, 3), A, [1, 0]).game_points == 3
    match = start("9S JS 9H JH 9D JD", "AS KC QC AH TH AD", "9C")
    act(match, "close")
    play(match, "9S AS")
    act(match, "marriage:C")
    play(match, "KC JH AH 9H")
    act(match, "claim")
    result = match.deals[-1].result
    assert result is not None
    assert result.points == (0, 11 + 40 + 6 + 11)
    assert (result.end, result.winner, match.deals[-1].scores) == (End.CLAIM, B, (0, 3))


def test_c4_a_wrong_claim_by_the_non_closer_gives_the_closer_two() -> None:
    match = start("9S JS 9H JH 9D JD", "AS KC QC AH TH AD", "9C")
    act(match, "close")
    act(match, "claim", B)
    result = match.deals[-1].result
    assert result is not None
    assert (result.end, result.winner, match.deals[-1].scores) == (End.WRONG_CLAIM, A, (2, 0))


def test_c4_a_wrong_claim_by_the_closer_is_a_failed_closing() -> None:
    match = start("9S JS 9H JH 9D JD", "AS KC QC AH TH AD", "9C")
    act(match, "close")
    act(match, "claim")
    result = match.deals[-1].result
    assert result is not None
    assert (result.end, result.winner, match.deals[-1].scores) == (End.WRONG_CLAIM, B, (0, 3))


# -- 5 -------------------------------------------------------------------------------------------


def test_c5_the_opponent_of_a_wrong_claim_takes_the_carried_points() -> None:
    match = played_out_deal("no_winner")
    match = played_out_deal("no_winner", match=match)
    assert match.carried == 2
    match.apply(TABLE, deal_action(build_pack("AS TS AH TH AD TD", "9S JS 9H JH 9D JD", "9C")))
    claimant = match.to_act
    assert claimant is not None
    act(match, "claim")
    result = match.deals[-1].result
    assert result is not None
    assert (result.end, result.winner) == (End.WRONG_CLAIM, 1 - claimant)
    assert match.deals[-1].scores[1 - claimant] == 2 + 2 and result.carried_in == 2
    assert match.carried == 0


# -- 7 -------------------------------------------------------------------------------------------


def test_c7_pack_to_hands() -> None:
    pack = build_pack("AS TS AH TH AD TD", "9S JS 9H JH 9D JD", "QC", "KC 9C")
    assert pack[:13] == cards("AS TS AH 9S JS 9H TH AD TD JH 9D JD QC")
    for dealer in (A, B):
        match = Match(2, None, dealer)
        match.apply(TABLE, deal_action(pack))
        deal = match.deals[-1]
        assert deal.hands == dealt_hands(pack, dealer, SIXTY_SIX)
        assert set(deal.hands[1 - dealer]) == {*pack[0:3], *pack[6:9]}
        assert set(deal.hands[dealer]) == {*pack[3:6], *pack[9:12]}
        assert (deal.ledger.turned, deal.trump, stock(deal)) == ("QC", "C", pack[13:])
        assert match.to_act == 1 - dealer  # the non-dealer leads


def test_c7_the_trick_winner_draws_the_top_card() -> None:
    match = start("AS TS AH TH AD TD", "9S JS 9H JH 9D JD", "QC", "KC 9C")
    play(match, "AS 9S")
    deal = match.deals[-1]
    assert "KC" in deal.hands[A] and "9C" in deal.hands[B]
    assert draws(deal, SIXTY_SIX) == [["KC"], ["9C"]]


# -- refusals ------------------------------------------------------------------------------------


def test_only_the_table_deals_and_only_between_deals() -> None:
    match = Match(2, None, B)
    pack = build_pack("AS TS AH TH AD TD", "9S JS 9H JH 9D JD", "QC")
    assert match.legal_actions() == [] and match.legal_actions(A) == []
    assert_refused(match, deal_action(pack), "not_your_turn", seat=A)
    assert_refused(match, "play:AS", "not_your_turn", seat=A)
    assert_refused(match, "claim", "claim_not_now", seat=A)
    assert_refused(match, Action("deal", ",".join(pack[:-1] + pack[:1])), "bad_deck", seat=TABLE)
    match.apply(TABLE, deal_action(pack))
    assert_refused(match, deal_action(pack), "wrong_phase", seat=TABLE)
    assert_refused(match, "play:AS", "not_your_turn", seat=TABLE)


def test_a_card_must_be_held_and_played_in_turn() -> None:
    match = start("AS TS AH TH AD TD", "9S JS 9H JH 9D JD", "9C")
    assert_refused(match, "play:9S", "card_not_in_hand")
    assert_refused(match, "play:9S", "not_your_turn", seat=B)


def test_lead_actions_need_a_trick_a_nine_and_a_marriage() -> None:
    match = start("AS TS AH TH AD TD", "9S JS 9H JH 9D JD", "9C")
    play(match, "AS 9S")
    assert_refused(match, "exchange", "no_nine_of_trumps")
    assert_refused(match, "marriage:H", "no_marriage")
    assert_refused(match, "exchange", "not_your_turn", seat=B)


def test_nothing_after_the_match() -> None:
    match = start("AS TS AH TH AD TD", "9S JS 9H JH 9D JD", "9C", options={"target": 1})
    act(match, "claim", B)
    assert match.is_over and match.to_act is None
    assert match.winners() == [A]
    assert_refused(match, "claim", "match_over", seat=A)
    with pytest.raises(IllegalAction) as refused:
        match.apply(TABLE, deal_action(build_pack("AS TS AH TH AD TD", "9S JS 9H JH 9D JD", "9C")))
    assert refused.value.code == "match_over"


@pytest.mark.parametrize(
    "text",
    [
        "play:Q",
        "play:2C",
        "play:QS,KS",
        "marriage:X",
        "marriage",
        "exchange:9C",
        "close:now",
        "claim:66",
        "deal:AS,TS",
        "bid:20",
        "",
        "PLAY:QS",
    ],
)
def test_malformed_actions(text: str) -> None:
    with pytest.raises(MalformedAction):
        parse_action(text)


def test_canonical_texts_parse_to_themselves() -> None:
    pack = build_pack("AS TS AH TH AD TD", "9S JS 9H JH 9D JD", "9C")
    for text in ["play:QS", "exchange", "close", "marriage:H", "claim", str(deal_action(pack))]:
        assert str(parse_action(text)) == text


def test_a_hand_built_action_of_no_notation_is_malformed() -> None:
    match = start("AS TS AH TH AD TD", "9S JS 9H JH 9D JD", "9C")
    for action in (Action("play", "2C"), Action("marriage", "X"), Action("bid", "20")):
        with pytest.raises(MalformedAction):
            match.apply(A, action)
