"""The test vectors of docs/games/schnapsen.md, one test (or one parametrized case) each."""

from __future__ import annotations

import pytest
from engine.schnapsen.helpers import (
    CARDS,
    A,
    B,
    act,
    assert_refused,
    build_pack,
    legal_texts,
    play,
    plays,
    start,
    view,
)
from engine.sixty_six.helpers import stock

from app.engine.sixty_six.rules import CARD_POINTS, card_points
from app.engine.sixty_six.schnapsen.rules import SCHNAPSEN
from app.engine.sixty_six.schnapsen.state import Match, dealt_hands
from app.engine.tricks import trick_winner

# a deal where A (non-dealer) holds the trump jack and B wins nothing cheaply
A_HAND = "JC AH TH KS QS"
B_HAND = "AS TS KH QH JH"


def test_t1_card_points() -> None:
    assert len(CARDS) == 20
    assert card_points(CARDS) == 120
    assert {r: CARD_POINTS[r] for r in SCHNAPSEN.ranks} == {
        "A": 11,
        "T": 10,
        "K": 4,
        "Q": 3,
        "J": 2,
    }
    assert trick_winner(["JC", "QC"], "C", SCHNAPSEN.open_rules) == 1


def test_t2_the_deal_lays_five_each_the_trump_and_a_talon_of_nine() -> None:
    pack = build_pack(A_HAND, B_HAND, "AC", "KC QC TC")
    assert SCHNAPSEN.hand_positions(2, {}) == ((3, 4, 5, 9, 10), (0, 1, 2, 7, 8))
    assert pack[6] == "AC"
    non_dealer, dealer = pack[0:3] + pack[7:9], pack[3:6] + pack[9:11]
    match = start(A_HAND, B_HAND, "AC", "KC QC TC")
    deal = match.current
    assert deal is not None
    assert sorted(deal.ledger.hand(A)) == sorted(non_dealer)
    assert sorted(deal.ledger.hand(B)) == sorted(dealer)
    assert dealt_hands(pack, B) == [deal.ledger.hand(A), deal.ledger.hand(B)]
    assert deal.trump == "C" and deal.ledger.turned == "AC"
    assert stock(deal) == pack[11:] and len(stock(deal)) == 9
    assert match.to_act == A
    assert view(match, A)["deal"]["stock"] == 9


def test_t3_open_play_has_no_duty_and_the_leader_wins_two_plain_suits() -> None:
    rules = SCHNAPSEN.open_rules
    assert trick_winner(["KH", "AS"], "C", rules) == 0
    assert trick_winner(["KH", "JC"], "C", rules) == 1
    match = start(A_HAND, B_HAND, "AC")
    play(match, "TH")
    assert "AS" in plays(match)  # B holds hearts and may answer with a spade


def test_t4_the_winner_draws_first_and_the_loser_takes_the_turned_card_last() -> None:
    match = start("AH TH KS QS JS", "AS TS KH QH JH", "AC", "KC QC TC JC AD TD KD QD JD")
    deal = match.current
    assert deal is not None
    play(match, "AH JH")  # A wins
    assert "KC" in deal.ledger.hand(A) and "QC" in deal.ledger.hand(B)
    for _ in range(4):
        assert len(deal.ledger.stock) > 0
        act(match, f"play:{sorted(plays(match))[0]}")
        act(match, f"play:{sorted(plays(match))[0]}")
    assert not deal.ledger.stock and len(deal.history) == 5
    loser = 1 - deal.history[-1].winner
    assert "AC" in deal.ledger.hand(loser)
    assert view(match, A)["deal"]["exhausted"] is True


def test_t5_the_trump_jack_exchanges_on_the_first_lead_without_a_trick() -> None:
    match = start(A_HAND, B_HAND, "AC")
    deal = match.current
    assert deal is not None and deal.won == [0, 0]
    assert "exchange" in legal_texts(match)
    act(match, "exchange")
    assert "AC" in deal.ledger.hand(A) and "JC" not in deal.ledger.hand(A)
    assert deal.ledger.turned == "JC"
    assert view(match, B)["deal"]["exchange"] == {"seat": A, "after": 0}


def test_t5_the_follower_cannot_exchange_nor_a_player_without_the_jack() -> None:
    match = start(B_HAND, A_HAND, "AC")  # now B holds the jack and A leads
    assert "exchange" not in legal_texts(match)
    assert_refused(match, "exchange", "no_jack_of_trumps")
    assert_refused(match, "exchange", "not_your_turn", seat=B)


def _after_tricks(count: int) -> Match:
    """A deal where A holds the trump jack all along, after ``count`` tricks A wins with
    high hearts and spades the dealer throws low cards to."""
    match = start(
        "JC AH TH AS TS", "QD JD KH QH JH", "AC", "KD AD TD KS QS JS KC QC TC", dealer_seat=B
    )
    leads = ["AH", "TH", "AS", "TS"]
    for k in range(count):
        lead = leads[k]
        act(match, f"play:{lead}")
        follow = sorted(plays(match), key=lambda c: (c[1] == "C", "ATKQJ".index(c[0])))[-1]
        act(match, f"play:{follow}")
        assert match.current is not None and match.current.history[-1].winner == A
    return match


@pytest.mark.parametrize("tricks", [0, 1, 2, 3])
def test_t5_t6_exchange_and_closing_while_the_talon_holds_more_than_two(tricks: int) -> None:
    match = _after_tricks(tricks)
    deal = match.current
    assert deal is not None and len(deal.ledger.stock) == 10 - 2 * tricks
    assert {"exchange", "close"} <= set(legal_texts(match))


def test_t5_t6_two_cards_left_refuse_exchange_and_closing() -> None:
    match = _after_tricks(4)
    deal = match.current
    assert deal is not None and len(deal.ledger.stock) == 2
    assert "JC" in deal.ledger.hand(A)
    texts = legal_texts(match)
    assert "exchange" not in texts and "close" not in texts
    assert_refused(match, "exchange", "talon_too_short")
    assert_refused(match, "close", "talon_too_short")


def test_t5_no_exchange_once_the_talon_is_closed() -> None:
    match = start(A_HAND, B_HAND, "AC")
    act(match, "close")
    assert_refused(match, "exchange", "stock_closed")


@pytest.mark.parametrize(
    ("follower", "legal"),
    [
        ("KH JH AS TD KD", {"KH"}),
        ("JH AS TD KD QD", {"JH"}),
        ("AS JC TD KD QD", {"JC"}),
        ("AS KD TD QD JD", {"AS", "KD", "TD", "QD", "JD"}),
    ],
)
def test_t6_after_closing_follow_and_head_else_trump(follower: str, legal: set[str]) -> None:
    rest = [c for c in CARDS if c not in follower.split() and c not in ("QH", "AC")]
    leader = " ".join(["QH", *[c for c in rest if c[1] != "H"][:4]])
    match = start(leader, follower, "AC")
    act(match, "close")
    play(match, "QH")
    assert plays(match) == legal


def test_t6_closing_before_the_first_lead() -> None:
    match = start(A_HAND, B_HAND, "AC")
    act(match, "close")
    deal = match.current
    assert deal is not None and deal.closed_by == A and deal.closed_after == 0
    assert view(match, B)["deal"]["turned"] is None


def test_t7_marriages_count_once_the_declarer_has_a_trick() -> None:
    match = start("KC QC KH QH JS", "AS TS AH TH JH", "AC")
    deal = match.current
    assert deal is not None
    act(match, "marriage:C")
    play(match, "QC AS")  # the trump queen takes the plain ace
    assert deal.won[A] == 1 and deal.points(A) == 40 + 3 + 11
    act(match, "marriage:H")
    play(match, "QH AH")  # B wins
    assert deal.points(A) == 40 + 20 + 3 + 11
    assert deal.points(B) == 11 + 3


def test_t7_a_marriage_waits_for_a_trick() -> None:
    match = start("KH QH JS JD JC", "AS TS AH TH KS", "AC")
    deal = match.current
    assert deal is not None
    act(match, "marriage:H")
    play(match, "QH AH")
    assert deal.won[A] == 0 and deal.points(A) == 0
