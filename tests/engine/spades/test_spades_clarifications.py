"""The Clarifications 1-8 of the spades rules (§9, normative), each as tests.

N = 0, E = 1, S = 2, W = 3; North deals unless stated, so East leads first.
"""

from __future__ import annotations

import random
from math import comb

from engine.spades.helpers import (
    E,
    N,
    S,
    W,
    act,
    assert_refused,
    bid_round,
    legal_texts,
    look_all,
    played_deal,
    plays,
    random_action,
    start,
)

from app.engine.game import TABLE
from app.engine.spades import GAME
from app.engine.spades.rules import side_score
from app.engine.spades.state import Match
from app.engine.trick_game import legal

view = GAME.view

# -- Clarification 1: the order of the exchange ------------------------------------------------


def test_cl1_the_nil_bidder_lays_right_after_his_own_bid() -> None:
    match = start()
    act(match, "look", N)
    act(match, "bid:nil")
    assert (match.phase(), match.to_act) == ("lay", N)
    assert_refused(match, "bid:3", "not_your_turn", E)
    act(match, "look", E)  # a look may come in between, from anyone
    act(match, "lay:AS,KS,QS")
    assert match.to_act == E and match.phase() == "bid"  # the partner has not bid: go on


def test_cl1_the_partner_gives_right_after_his_own_bid_when_the_lay_came_first() -> None:
    match = start({N: "2C 3C 4C"})
    look_all(match)
    act(match, "bid:nil")
    act(match, "lay:2C,3C,4C")
    act(match, "bid:3")  # E
    assert match.to_act == S and match.phase() == "bid"
    act(match, "bid:4")  # S, the partner
    assert (match.phase(), match.to_act) == ("give", S)
    assert_refused(match, "bid:2", "not_your_turn", W)


def test_cl1_the_partner_gives_right_after_the_lay_when_his_bid_came_first() -> None:
    match = start({S: "2C 3C 4C"}, dealer=W)  # W, N, E, S bid
    look_all(match)
    act(match, "bid:3")  # W
    act(match, "bid:4")  # N
    act(match, "bid:3")  # E
    act(match, "bid:nil")  # S
    act(match, "lay:2C,3C,4C")
    assert (match.phase(), match.to_act) == ("give", N)


def test_cl1_the_partner_gives_from_his_own_hand_not_the_cards_he_will_receive() -> None:
    match = start({N: "2C 3C 4C", S: "AH KH QH"})
    look_all(match)
    act(match, "bid:nil")
    act(match, "lay:2C,3C,4C")
    act(match, "bid:3")
    act(match, "bid:4")
    assert_refused(match, "give:2C,AH,KH", "exchange_must_be_3_own_cards")
    act(match, "give:AH,KH,QH")
    deal = match.current
    assert deal is not None
    assert {"AH", "KH", "QH"} <= set(deal.hands[N]) and not {"2C", "3C", "4C"} & set(deal.hands[N])
    assert {"2C", "3C", "4C"} <= set(deal.hands[S])
    assert all(len(h) == 13 for h in deal.hands)


def test_cl1_any_three_cards_may_be_chosen_and_every_choice_is_listed() -> None:
    match = start({N: "AS KS QS"})
    look_all(match)
    act(match, "bid:nil")
    listed = legal_texts(match)
    assert len(listed) == comb(13, 3) and all(t.startswith("lay:") for t in listed)
    assert legal(match, N) == {"kind": "lay", "count": 3, "from": match.deals[-1].hands[N]}
    act(match, "lay:AS,KS,QS")  # the best spades too
    assert match.current is not None and match.current.exchanges[0] is not None


def test_cl1_the_exchange_is_compulsory() -> None:
    match = start()
    look_all(match)
    bid_round(match, "3", "nil", "4")
    act(match, "bid:2")  # W must now give
    assert all(t.startswith("give:") for t in legal_texts(match))
    assert_refused(match, "play:AS", "wrong_phase")
    assert_refused(match, "bid:3", "wrong_phase")


# -- Clarification 2: both partners nil ---------------------------------------------------------


def test_cl2_the_laid_cards_return_when_the_partner_bids_blind_nil() -> None:
    match = start({N: "2C 3C 4C"})
    act(match, "look", N)
    deal = match.current
    assert deal is not None
    dealt = list(deal.hands[N])
    act(match, "bid:nil")
    act(match, "lay:2C,3C,4C")
    act(match, "bid:3")
    act(match, "bid:blind_nil")  # S has not looked
    assert deal.hands[N] == dealt
    exchange = deal.exchanges[0]
    assert exchange is not None and exchange.cancelled
    assert (match.phase(), match.to_act) == ("bid", W)


def test_cl2_both_nil_scores_a_flat_200_even_with_double_nils() -> None:
    assert side_score(("blind_nil", "blind_nil"), (0, 0)).total == 200
    assert side_score(("nil", "blind_nil"), (0, 0)).total == 200
    assert side_score(("blind_nil", "nil"), (0, 2)).total == -200
    match = played_deal(("blind_nil", "5", "nil", "4"), (0, 7, 0, 6))
    sides = match.deals[-1].sides
    assert sides[0].total == 200 and sides[0].made is None


# -- Clarification 3: a failed nil's tricks -----------------------------------------------------


def test_cl3_a_failed_nils_tricks_count_for_nothing_not_even_as_bags() -> None:
    score = side_score(("nil", 3), (2, 5), bags_before=0)
    assert score.overtricks == 2 and score.bags == 2
    assert score.total == -100 + 32
    match = played_deal(("nil", "3", "3", "3"), (2, 3, 5, 3), options={"bags": True})
    assert match.bags[0] == 2
    assert match.totals[N] == -68


# -- Clarification 4: bags ----------------------------------------------------------------------


def test_cl4_every_ten_bags_cost_100_in_the_deal_they_are_reached_and_the_rest_carries() -> None:
    options = {"bags": True}
    first = played_deal(("1", "2", "1", "2"), (5, 2, 4, 2), options=options)
    assert first.bags == [7, 0]
    assert first.totals == [27, 40, 27, 40]
    second = played_deal(("2", "1", "2", "1"), (4, 3, 3, 3), dealer=E, match=first)
    sides = second.deals[-1].sides
    assert sides[0].overtricks == 5 and sides[0].bag_penalty == -100
    assert sides[0].total == 25 - 100
    assert second.bags == [2, 2]
    assert second.totals == [27 - 75, 82, 27 - 75, 82]


def test_cl4_a_set_side_and_a_both_nil_side_gain_no_bags() -> None:
    assert side_score((5, 4), (4, 3), bags_before=8).bags == 8
    assert side_score(("nil", "nil"), (0, 0), bags_before=9).bags == 9
    assert side_score(("nil", "nil"), (3, 4), bags_before=9).bags == 9
    assert side_score(("nil", 4), (2, 3), "bags", 5).bags == 5


def test_cl4_only_contract_overtricks_count_as_bags() -> None:
    # N's made nil and the set opponents add nothing; S's two overtricks do
    match = played_deal(("nil", "5", "3", "4"), (0, 3, 5, 5), options={"bags": True})
    assert match.bags == [2, 0]


# -- Clarification 5: the end of the match ------------------------------------------------------


def test_cl5_the_bag_penalty_counts_before_the_check_for_500() -> None:
    match = Match(4, {"bags": True}, N)
    match.totals = [480, 0, 480, 0]
    match.bags = [9, 0]
    played = played_deal(("1", "3", "1", "3"), (2, 4, 2, 5), match=match)
    assert played.totals[N] == 480 + 22 - 100
    assert not played.is_over and played.bags[0] == 1


def test_cl5_equal_totals_over_500_deal_again_and_bags_go_on() -> None:
    match = Match(4, {"bags": True}, N)
    match.totals = [460, 459, 460, 459]
    match.bags = [3, 4]
    played = played_deal(("3", "3", "3", "3"), (3, 4, 3, 3), match=match)
    assert played.totals == [520, 520, 520, 520]
    assert played.bags == [3, 5]
    assert played.to_act == TABLE and played.next_dealer == E
    assert view(played, None)["bags"] == [3, 5]


def test_cl5_without_the_option_there_is_no_losing_threshold() -> None:
    match = Match(4, None, N)
    match.totals = [-900, 0, -900, 0]
    played = played_deal(("7", "1", "6", "1"), (2, 4, 3, 4), match=match)
    assert played.totals[N] == -900 - 130
    assert not played.is_over


# -- Clarification 6: looking -------------------------------------------------------------------


def test_cl6_a_number_may_be_bid_without_looking() -> None:
    match = start()
    act(match, "bid:4")
    deal = match.current
    assert deal is not None and not deal.looked[N]
    assert view(match, N)["deal"]["hand"] == []


def test_cl6_a_look_is_allowed_at_any_time_out_of_turn_too() -> None:
    match = start()
    act(match, "look", W)  # while N is to bid
    bid_round(match, "3", "3", "3")
    act(match, "bid:3")
    assert match.phase() == "play" and match.to_act == E
    act(match, "look", S)  # during play, before his turn
    deal = match.current
    assert deal is not None and deal.looked == [False, False, True, True]
    assert legal(match, N) == {"kind": "look", "actions": ["look"]}
    assert legal(match, W) is None


def test_cl6_a_blind_nil_bidder_may_look_right_after_his_bid() -> None:
    match = start()
    act(match, "bid:blind_nil")
    assert (match.phase(), match.to_act) == ("lay", N)
    assert legal_texts(match) == ["look"]
    act(match, "look")
    assert len(legal_texts(match)) == comb(13, 3)


def test_cl6_a_blind_nil_bidder_who_lays_unseen_has_looked() -> None:
    match = start({N: "AS KS QS"})
    act(match, "bid:blind_nil")
    act(match, "lay:AS,KS,QS")  # no look first: laying his cards is looking at them
    deal = match.current
    assert deal is not None and deal.looked[N] and deal.bids[N] == "blind_nil"
    assert view(match, None)["deal"]["looked"][N] is True
    assert view(match, N)["deal"]["hand"] == deal.hands[N] and len(deal.hands[N]) == 10
    assert view(match, N)["deal"]["exchange"][0]["laid"] == ["AS", "KS", "QS"]
    assert_refused(match, "look", "already_looked", N)


def test_cl6_a_give_unseen_counts_as_the_look() -> None:
    match = start({S: "2D 3D 4D"})
    act(match, "look", N)
    bid_round(match, "nil", "2")  # N lays (having looked), E bids
    act(match, "bid:3")  # S, the partner, never looks
    assert (match.phase(), match.to_act) == ("give", S)
    assert legal(match, S) == {"kind": "look", "actions": ["look"]}  # his cards stay unseen
    act(match, "give:2D,3D,4D")
    deal = match.current
    assert deal is not None and deal.looked[S]
    assert view(match, S)["deal"]["hand"] == deal.hands[S] and len(deal.hands[S]) == 13
    assert view(match, S)["deal"]["exchange"][0]["state"] == "done"
    act(match, "bid:blind_nil")  # W has not looked: blind nil is still his
    assert deal.bids[W] == "blind_nil"


def test_cl6_a_play_unseen_counts_as_the_look() -> None:
    match = start({N: "AS"})
    act(match, "look", N)
    bid_round(match, "nil", "2", "3", "2")  # S gives after looking (the helper looks)
    deal = match.current
    assert deal is not None and deal.looked[S]
    assert match.to_act == E and not deal.looked[E]
    assert legal(match, E) == {"kind": "look", "actions": ["look"]}  # his cards stay unseen
    assert view(match, E)["deal"]["hand"] == []
    card = next(c for c in deal.hands[E] if c[1] != "S")
    assert_refused(match, "play:AS", "card_not_in_hand")
    assert not deal.looked[E]  # a refused card is not a look
    act(match, f"play:{card}")
    assert deal.looked[E] and view(match, None)["deal"]["looked"][E] is True
    assert view(match, E)["deal"]["hand"] == deal.hands[E] and len(deal.hands[E]) == 12
    assert legal(match, E) is None
    assert_refused(match, "look", "already_looked", E)


# -- Clarification 7: leads ---------------------------------------------------------------------


def test_cl7_the_first_lead_is_the_dealers_left_whoever_bid_first() -> None:
    for first_bidder in ("dealer", "left"):
        match = start(dealer=S, options={"first_bidder": first_bidder})
        bid_round(match, "3", "3", "3", "3")
        assert match.to_act == W
        assert view(match, None)["deal"]["first_lead"] == W


def test_cl7_a_first_leader_holding_only_spades_leads_one_and_that_breaks_spades() -> None:
    match = start({E: "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"})
    bid_round(match, "1", "10", "1", "1")
    look_all(match)
    deal = match.current
    assert deal is not None
    assert plays(match) == set(deal.hands[E])
    act(match, "play:2S")
    assert not deal.spades_broken  # broken once the trick is complete
    for _ in range(3):
        act(match, f"play:{sorted(plays(match))[0]}")
    assert deal.spades_broken
    assert view(match, None)["deal"]["spades_broken"] is True


# -- Clarification 8: the dealer ----------------------------------------------------------------


def test_cl8_the_deal_passes_to_the_left() -> None:
    rng = random.Random(8)
    match = Match(4, {"target": 1000}, W)
    while match.deals_played < 5:
        match.apply(*random_action(match, rng))
    assert [d.dealer for d in match.deals[:5]] == [W, N, E, S, W]
