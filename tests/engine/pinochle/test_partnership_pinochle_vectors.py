"""The test vectors PP1-PP10 of partnership auction pinochle (§12), each as a named test.

North-South are seats 0 and 2, East-West 1 and 3. West deals unless stated, so North bids
first and leads to the first trick.
"""

from __future__ import annotations

from engine.pinochle.helpers import (
    E,
    N,
    S,
    W,
    act,
    auction,
    cards,
    deal,
    new,
    plays,
    refused,
    trick,
)

from app.engine.game import Termination
from app.engine.pinochle.melds import PARTNERSHIP, best, value
from app.engine.pinochle.partnership.state import Deal, Match
from app.engine.pinochle.partnership.variant import (
    MadeBid,
    deal_scores,
    provisional,
    winner_at_end,
)
from app.engine.pinochle.partnership_pinochle import GAME, VARIANT
from app.engine.tricks import legal_cards, trick_winner

RULES = VARIANT.trick_rules


# -- PP1-PP3: melds -------------------------------------------------------------------------------


def test_pp1_doubled_melds() -> None:
    hand = cards("AS AS AH AH AD AD AC AC QS QS JD JD")
    found = {m.kind: (m.value, m.times) for m in best(hand, "S", PARTNERSHIP)}
    assert found == {"aces": (1000, 2), "pinochle": (300, 2)}
    assert value(hand, "S", PARTNERSHIP) == 1300
    # and as the table computes it when North names spades
    match = deal(new(VARIANT), {N: "AS AS AH AH AD AD AC AC QS QS JD JD"})
    auction(match, N, 100, "S")
    shown = GAME.view(match, E, None, None)["deal"]["melds"][N]
    assert shown["total"] == 1300
    assert {(m["kind"], m["times"], m["value"]) for m in shown["melds"]} == {
        ("aces", 2, 1000),
        ("pinochle", 2, 300),
    }


def test_pp2_double_flush_and_no_royal_marriage() -> None:
    hand = cards("AH AH TH TH KH KH QH QH JH JH 9H 9H")
    found = best(hand, "H", PARTNERSHIP)
    assert sorted((m.kind, m.value, m.times) for m in found) == [
        ("dix", 10, 1),
        ("dix", 10, 1),
        ("flush", 1500, 2),
    ]
    assert value(hand, "H", PARTNERSHIP) == 1520


def test_pp3_single_values_still_apply() -> None:
    hand = cards("AS AH AD AC KD QD QS JD 9D TS TH JC")
    assert sorted(m.kind for m in best(hand, "D", PARTNERSHIP)) == [
        "aces",
        "dix",
        "pinochle",
        "royal_marriage",
    ]
    assert value(hand, "D", PARTNERSHIP) == 190


# -- PP4: meld needs a trick ----------------------------------------------------------------------

PP4_HANDS = {
    N: "AH AH TH TH KH KH AS AS AD AD AC AC",
    E: "KS QS JD KD KD QD QD KC KC QC QC TS",
    S: "QH QH JH JH 9H 9H TS JS JS 9S 9S TD",
    W: "KS QS JD TD 9D 9D TC TC JC JC 9C 9C",
}
PP4_TRICKS = [
    "AH KS QH TD",
    "AH QS QH 9D",
    "TH JD JH 9D",
    "TH KD JH TC",
    "KH KD 9H TC",
    "KH QD 9H JC",
    "AS TS TS KS",
    "AS QD JS QS",
    "AD KC TD JD",
    "AD KC JS JC",
    "AC QC 9S 9C",
    "AC QC 9S 9C",
]


def play_pp4(options: dict[str, object] | None = None) -> tuple[Match, Deal]:
    match = deal(new(VARIANT, W, options), PP4_HANDS)
    auction(match, N, 100, "H")
    current = match.deals[-1]
    assert list(current.meld_values) == [1000, 140, 20, 60]
    for played in PP4_TRICKS:
        assert trick(match, played) == N
    return match, current


def test_pp4_a_side_that_wins_no_trick_scores_no_meld() -> None:
    match, current = play_pp4()
    result = current.result
    assert result is not None
    assert current.team_meld(1) == 200
    assert current.won == [12, 0]
    assert result.melded == (1020, 0)
    assert result.points == (250, 0)
    assert result.scores == (100, 0)  # North-South made their 100; East-West nothing
    assert match.totals == [100, 0, 100, 0]
    assert result.hands == (1270, 0)  # East-West's meld of 200 counts for nothing


def test_pp4_with_all_points_scored_the_side_reaches_the_target() -> None:
    match, current = play_pp4({"made_bid_scores": "points"})
    assert current.result is not None and current.result.scores == (1270, 0)
    outcome = GAME.outcome(match)
    assert outcome is not None and outcome.termination is Termination.TARGET_REACHED
    assert outcome.winners == (N, S)


# -- PP5, PP6: scoring ----------------------------------------------------------------------------


def test_pp5_a_made_contract_scores_the_bid() -> None:
    ns = 125 + 140
    ew = 125 + 60
    assert (ns, ew) == (265, 185)
    assert deal_scores(0, 250, [ns, ew], MadeBid.BID) == [250, 185]
    assert deal_scores(0, 250, [ns, ew], MadeBid.POINTS) == [265, 185]


def test_pp6_a_failed_contract_loses_the_bid() -> None:
    ns = 150 + 100
    ew = 100 + 50
    assert (ns, ew) == (250, 150)
    assert deal_scores(0, 300, [ns, ew], MadeBid.BID) == [-300, 150]
    assert deal_scores(0, 300, [ns, ew], MadeBid.POINTS) == [-300, 150]


# -- PP7: claims ----------------------------------------------------------------------------------


def test_pp7_a_claim_counts_the_side_s_points_so_far() -> None:
    # East-West bid 200; North-South, not bidding, have taken 95 card points and meld 40
    counted = provisional(0, 1, 200, 95 + 40, MadeBid.BID)
    assert 880 + counted == 1015 >= 1000  # South's claim wins the game
    counted = provisional(0, 1, 200, 80 + 20, MadeBid.BID)
    assert 880 + counted == 980 < 1000  # the same claim loses it


def claim_after_a_trick(standing: int) -> Match:
    """East-West bid 200 with hearts; North-South stand at ``standing`` and win the first
    trick; South claims."""
    match = deal(new(VARIANT, W), {N: "AH AH TS KS QS", E: "9S", S: "JS", W: "9S"})
    match.totals = [standing, 0, standing, 0]
    for seat, text in [(N, "pass"), (E, "bid:200"), (S, "pass"), (W, "pass")]:
        act(match, seat, text)
    act(match, E, "trump:H")
    assert trick(match, "TS 9S JS 9S") == N
    act(match, S, "claim")
    return match


def test_pp7_a_right_claim_wins_the_game_a_wrong_one_loses_it() -> None:
    trial = claim_after_a_trick(0)
    claim = trial.deals[-1].result.claim  # type: ignore[union-attr]
    assert claim is not None
    hand = claim.hand
    assert hand == 12 + trial.deals[-1].team_meld(0)  # T + J of spades, and the meld
    assert claim.provisional == hand  # North-South are not the bidding side
    match = claim_after_a_trick(1000 - hand)
    claim = match.deals[-1].result.claim  # type: ignore[union-attr]
    assert claim is not None and claim.good and claim.standing == 1000
    outcome = GAME.outcome(match)
    assert outcome is not None and outcome.termination is Termination.CLAIM
    assert outcome.winners == (N, S)
    assert match.totals == [1000, 0, 1000, 0]
    # the same position ten points further behind: wrong, and the other side wins
    match = claim_after_a_trick(990 - hand)
    claim = match.deals[-1].result.claim  # type: ignore[union-attr]
    assert claim is not None and not claim.good and claim.standing == 990
    outcome = GAME.outcome(match)
    assert outcome is not None and outcome.winners == (E, W)
    assert match.is_over


# -- PP8: both over the target --------------------------------------------------------------------


def test_pp8_both_over_the_target_the_bidding_side_wins() -> None:
    assert winner_at_end([1010, 1040], 1000, bidder_team=0) == 0
    assert winner_at_end([1040, 1010], 1000, bidder_team=1) == 1
    assert winner_at_end([990, 1040], 1000, bidder_team=0) == 1
    assert winner_at_end([990, 990], 1000, bidder_team=0) is None


def pp8_deal(standing: tuple[int, int]) -> Match:
    """North bids 100 in hearts on the PP10 hands, and everyone plays his first legal card."""
    match = new(VARIANT, W, {"claims": False})
    match.totals = [standing[0], standing[1], standing[0], standing[1]]
    deal(match, PP10_HANDS)
    auction(match, N, 100, "H")
    current = match.deals[-1]
    while not current.finished:
        seat = match.to_act
        assert seat is not None
        act(match, seat, f"play:{match.playable(current, seat)[0]}")
    return match


def test_pp8_at_the_table() -> None:
    trial = pp8_deal((0, 0)).deals[-1].result
    assert trial is not None
    ns, ew = trial.scores
    assert ns == 100 and ew > 0  # North-South made it, East-West took something
    # North-South finish on 1010, East-West on 1040
    match = pp8_deal((1010 - ns, 1040 - ew))
    assert match.totals == [1010, 1040, 1010, 1040]
    outcome = GAME.outcome(match)
    assert outcome is not None and outcome.termination is Termination.TARGET_REACHED
    assert outcome.winners == (N, S)


# -- PP9: identical cards -------------------------------------------------------------------------


def test_pp9_the_first_of_identical_cards_wins() -> None:
    assert trick_winner(cards("AD TD AD QD"), "C", RULES) == 0
    match = deal(new(VARIANT, N), {E: "AD", S: "TD", W: "AD", N: "QD"})
    auction(match, E, 100, "C")
    assert trick(match, "AD TD AD QD") == E


# -- PP10: legality -------------------------------------------------------------------------------

PP10_HANDS = {
    N: "AH TH KH KH QH JH 9H 9H KS 9D 9C 9C",
    E: "JH AH KS AD AD TD TD KD KD QD QD JD",
    S: "TH QH AC AC TC TC KC KC QC QC JC JC",
    W: "AS AS TS TS QS QS JS JS 9S 9S JD 9D",
}


def test_pp10_legality() -> None:
    assert set(legal_cards(cards("JH AH KS"), ["9H"], "H", RULES)) == {"JH", "AH"}
    assert set(legal_cards(cards("TH QH"), cards("9H AH"), "H", RULES)) == {"TH", "QH"}
    assert set(legal_cards(cards("AS KD 9C"), cards("9H AH QH"), "H", RULES)) == {"AS", "KD", "9C"}
    match = deal(new(VARIANT, W), PP10_HANDS)
    auction(match, N, 100, "H")
    act(match, N, "play:9H")
    assert plays(match) == {"JH", "AH"}
    refused(match, E, "play:KS", "must_follow_suit")
    act(match, E, "play:AH")
    assert plays(match) == {"TH", "QH"}
    act(match, S, "play:QH")
    assert plays(match) == set(cards(PP10_HANDS[W]))


def test_pp10_clarification_6_the_twin_does_not_beat() -> None:
    assert set(legal_cards(cards("AH KH"), ["AH"], "H", RULES)) == {"AH", "KH"}
    assert set(legal_cards(cards("AH KH 9S"), ["TH"], "H", RULES)) == {"AH"}
