"""The test vectors SP1-SP12 of the spades rules (§8), each as a named test.

N = 0, E = 1, S = 2, W = 3; North deals unless stated, so East leads first.
"""

from __future__ import annotations

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
    play,
    played_deal,
    plays,
    start,
)

from app.engine.game import TABLE
from app.engine.spades import GAME
from app.engine.spades.rules import RULES, side_score, winning_side
from app.engine.spades.state import Match
from app.engine.tricks import legal_cards, trick_winner

view = GAME.view


def bidders(match: Match) -> list[int]:
    """The seats that bid, in the order the engine asks them (everyone bids 2)."""
    order = []
    for _ in range(4):
        seat = match.to_act
        assert seat is not None
        order.append(seat)
        act(match, "bid:2")
    return order


def test_sp1_bidding_starts_with_the_dealer() -> None:
    assert bidders(start(dealer=N)) == [N, E, S, W]
    assert bidders(start(dealer=W)) == [W, N, E, S]


def test_sp1_with_first_bidder_left_the_dealers_left_bids_first() -> None:
    assert bidders(start(dealer=N, options={"first_bidder": "left"})) == [E, S, W, N]


def test_sp2_a_contract_made_with_an_overtrick() -> None:
    assert side_score((4, 3), (5, 3)).total == 71
    match = played_deal(("4", "2", "3", "2"), (5, 2, 3, 3))
    sides = match.deals[-1].sides
    assert sides[0].total == 71
    assert sides[0].contract == 7 and sides[0].overtricks == 1
    assert match.totals[N] == match.totals[S] == 71


def test_sp3_a_set_contract_loses_ten_a_trick_bid() -> None:
    assert side_score((5, 4), (4, 3)).total == -90
    match = played_deal(("2", "5", "2", "4"), (3, 4, 3, 3))
    sides = match.deals[-1].sides
    assert sides[1].total == -90 and sides[1].made is False
    assert match.totals[E] == match.totals[W] == -90


def test_sp4_nil_made() -> None:
    assert side_score(("nil", 4), (0, 5)).total == 141
    match = played_deal(("nil", "4", "4", "4"), (0, 4, 5, 4))
    sides = match.deals[-1].sides
    assert sides[0].nil_score == 100
    assert sides[0].contract_score == 41
    assert sides[0].total == 141


def test_sp5_a_failed_nils_tricks_do_not_help_his_partner() -> None:
    assert side_score(("nil", 4), (2, 3)).total == -140
    match = played_deal(("nil", "4", "4", "4"), (2, 4, 3, 4))
    sides = match.deals[-1].sides
    assert sides[0].nil_score == -100
    assert sides[0].contract_score == -40
    assert match.totals[N] == -140


def test_sp6_double_nil_doubles_the_bonus() -> None:
    assert side_score(("blind_nil", 3), (0, 4)).total == 231
    match = played_deal(("blind_nil", "5", "3", "4"), (0, 5, 4, 4))
    sides = match.deals[-1].sides
    assert sides[0].nil_score == 200
    assert sides[0].total == 231


def test_sp6_double_nil_failed_costs_200() -> None:
    assert side_score(("blind_nil", 3), (1, 3)).total == -200 + 30


def test_sp7_both_partners_nil() -> None:
    assert side_score(("nil", "nil"), (0, 0)).total == 200
    assert side_score(("nil", "nil"), (1, 0)).total == -200
    made = played_deal(("nil", "5", "nil", "4"), (0, 7, 0, 6))
    assert made.totals[N] == 200
    failed = played_deal(("nil", "5", "nil", "4"), (1, 6, 0, 6))
    assert failed.totals[N] == -200


def test_sp8_the_exchange_waits_for_the_partners_bid() -> None:
    match = start(dealer=N)
    look_all(match)
    act(match, "bid:3")  # N
    act(match, "bid:nil")  # E
    assert (match.phase(), match.to_act) == ("lay", E)
    act(match, "lay:2H,3H,4H")
    assert (match.phase(), match.to_act) == ("bid", S)
    act(match, "bid:4")  # S
    assert (match.phase(), match.to_act) == ("bid", W)
    act(match, "bid:2")  # W
    assert (match.phase(), match.to_act) == ("give", W)
    deal = match.current
    assert deal is not None
    given = deal.hands[W][:3]
    act(match, "give:" + ",".join(given))
    assert all(c in deal.hands[E] for c in given)
    assert all(c in deal.hands[W] for c in ("2H", "3H", "4H"))
    assert (match.phase(), match.to_act) == ("play", E)
    shown = view(match, None)["deal"]
    assert shown["contracts"] == [7, 2]
    assert shown["bids"] == [3, "nil", 4, 2]


def test_sp8_with_dealer_south_the_exchange_follows_easts_bid_at_once() -> None:
    match = start(dealer=S)
    look_all(match)
    act(match, "bid:3")  # S
    act(match, "bid:2")  # W
    act(match, "bid:4")  # N
    act(match, "bid:nil")  # E
    assert (match.phase(), match.to_act) == ("lay", E)
    act(match, "lay:2H,3H,4H")
    assert (match.phase(), match.to_act) == ("give", W)
    deal = match.current
    assert deal is not None
    act(match, "give:" + ",".join(deal.hands[W][:3]))
    assert (match.phase(), match.to_act) == ("play", W)  # the dealer's left leads


def test_sp8_if_west_also_bids_nil_there_is_no_exchange() -> None:
    match = start(dealer=N)
    look_all(match)
    deal = match.current
    assert deal is not None
    before = [list(h) for h in deal.hands]
    bid_round(match, "3", "nil")  # E lays his three lowest
    assert len(deal.hands[E]) == 10
    act(match, "bid:4")
    act(match, "bid:nil")  # W
    assert deal.hands == before
    assert (match.phase(), match.to_act) == ("play", E)
    exchange = deal.exchanges[1]
    assert exchange is not None and exchange.cancelled and not exchange.done


def test_sp9_no_spade_lead_before_spades_are_broken() -> None:
    assert legal_cards(["AS", "KS", "2H"], [], "S", RULES, False) == ["2H"]
    assert legal_cards(["AS", "KS", "2S"], [], "S", RULES, False) == ["AS", "KS", "2S"]
    match = start({E: "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2H"})
    bid_round(match, "1", "9", "1", "1")
    look_all(match)
    assert plays(match) == {"2H"}
    only_spades = start({E: "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"})
    bid_round(only_spades, "1", "9", "1", "1")
    look_all(only_spades)
    assert len(plays(only_spades)) == 13


def test_sp9_a_spade_discarded_on_a_heart_lead_breaks_spades() -> None:
    match = start(
        {
            S: "JH 2S 3S 4S AD KD QD JD TD AC KC QC JC",
            E: "AH KH",
            W: "9H 8H",
            N: "7H 6H",
        }
    )
    bid_round(match, "3", "2", "3", "3")
    look_all(match)
    deal = match.current
    assert deal is not None
    play(match, "AH JH 9H 7H")  # E wins
    assert not deal.spades_broken
    play(match, "KH 2S 8H 6H")  # S, void in hearts, trumps
    assert deal.spades_broken
    assert match.to_act == S
    assert {"3S", "4S"} <= plays(match)


def test_sp10_the_lowest_spade_beats_the_ace_of_the_suit_led() -> None:
    assert trick_winner(["2H", "3S", "AH", "2S"], "S", RULES) == 1
    match = start(
        {
            S: "3S AD KD QD JD TD 9D AC KC QC JC TC 9C",
            N: "2S AS KS QS JS TS 9S 8S 8D 7D 6D 5D 4D",
            E: "2H",
            W: "AH",
        }
    )
    bid_round(match, "5", "1", "3", "2")
    look_all(match)
    play(match, "2H 3S AH 2S")
    deal = match.current
    assert deal is not None
    assert deal.history[0].winner == S
    assert match.to_act == S


def test_sp11_both_over_500_the_higher_total_wins() -> None:
    assert winning_side((540, 551), 500, False) == 1
    assert winning_side((520, 520), 500, False) is None
    match = Match(4, None, N)
    match.totals = [480, 490, 480, 490]
    played = played_deal(("3", "3", "3", "3"), (3, 4, 3, 3), match=match)
    assert played.totals == [540, 551, 540, 551]
    assert played.is_over and played.winners() == [E, W]


def test_sp11_equal_totals_over_500_play_another_deal() -> None:
    match = Match(4, None, N)
    match.totals = [460, 459, 460, 459]
    played = played_deal(("3", "3", "3", "3"), (3, 4, 3, 3), match=match)
    assert played.totals == [520, 520, 520, 520]
    assert not played.is_over and played.to_act == TABLE
    assert played.next_dealer == E


def test_sp12_blind_nil_is_refused_once_the_player_has_looked() -> None:
    match = start()
    act(match, "look", N)
    assert "bid:blind_nil" not in legal_texts(match)
    assert_refused(match, "bid:blind_nil", "already_looked")
    other = start()
    assert "bid:blind_nil" in legal_texts(other)
    act(other, "bid:blind_nil")
    assert other.current is not None and other.current.bids[N] == "blind_nil"
