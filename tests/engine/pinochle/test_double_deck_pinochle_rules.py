"""Double-deck pinochle: the permitted information of §4 with Clarifications 1-2 (flags,
announcements, verified), Clarification 3 (its meld table, all points scored, the target),
its options and refusals."""

from __future__ import annotations

import pytest
from engine.pinochle.helpers import (
    E,
    N,
    S,
    W,
    act,
    acts,
    auction,
    deal,
    legal_texts,
    new,
    play_match,
    refused,
    trick,
)

from app.engine import OptionError
from app.engine.pinochle.double_deck_pinochle import GAME, OPTIONS, VARIANT
from app.engine.pinochle.melds import DOUBLE_DECK
from app.engine.pinochle.partnership.state import Match
from app.engine.pinochle.partnership.variant import MAX_BID

FLUSH = "AH TH KH QH JH"
LONG = "AS AS AS AS TS TS TS TS"  # eight spades
RICH = "QS QS QS JD JD JD TH TH TC TC AS AS JS JS TD TD TS TS TH TC"  # DD1: best meld 450


def test_the_options_and_their_defaults() -> None:
    assert {o.name: o.default for o in OPTIONS} == {
        "target": 5000,
        "announcements": True,
        "long_suit": 8,
        "claims": True,
    }
    assert GAME.resolve_options({"target": 3500})["target"] == 3500
    for bad in ({"target": 4000}, {"long_suit": 5}, {"long_suit": 13}, {"made_bid_scores": "bid"}):
        with pytest.raises(OptionError):
            GAME.resolve_options(bad)
    assert VARIANT.meld_table is DOUBLE_DECK and VARIANT.minimum_bid == 500
    assert GAME.title == "Double-deck pinochle" and GAME.partnerships


def test_bids_start_at_500() -> None:
    match = deal(new(VARIANT))
    refused(match, N, "bid:490", "bid_too_low")
    bids = sorted(int(t.split(":")[1]) for t in legal_texts(match) if t.startswith("bid:"))
    assert bids[0] == 500


def test_a_flag_goes_on_a_bid_only_when_the_hand_holds_it() -> None:
    match = deal(new(VARIANT), {N: FLUSH, E: LONG})
    listed = legal_texts(match)
    assert {"bid:500", "bid:500:flush"} <= listed
    act(match, N, "bid:500:flush")
    assert match.deals[-1].calls[-1]._asdict()["flag"] == "flush"
    refused(match, E, "bid:510:flush", "flag_not_held")
    assert "bid:510:long_suit" in legal_texts(match)
    act(match, E, "bid:510:long_suit")
    assert (match.deals[-1].high, match.deals[-1].high_seat) == (510, E)


def test_the_long_suit_threshold_is_an_option() -> None:
    six = "AS AS AS AS TS TS TH TH KH KH QH QD QD JD JD KC KC QC JC JC"  # at most six
    for threshold, accepted in [(6, True), (8, False), (12, False)]:
        match = deal(new(VARIANT, W, {"long_suit": threshold}), {N: six})
        if accepted:
            act(match, N, "bid:500:long_suit")
            assert match.deals[-1].calls[-1].flag == "long_suit"
        else:
            assert "bid:500:long_suit" not in legal_texts(match)
            refused(match, N, "bid:500:long_suit", "flag_not_held")


def test_cl1_one_information_only_announcement_a_deal() -> None:
    match = deal(new(VARIANT, W), {N: RICH})
    assert "announce:450" in legal_texts(match)
    act(match, N, "announce:450")
    assert match.to_act == E and match.deals[-1].high_seat is None
    acts(match, (E, "pass"), (S, "pass"), (W, "pass"))
    assert match.to_act == N  # still in the auction, with no bid yet
    assert not any(t.startswith("announce") for t in legal_texts(match))
    refused(match, N, "announce:100", "already_announced")
    act(match, N, "pass")  # all four passed: thrown in
    assert match.deals[-1].result is not None
    assert match.deals[-1].result.end.value == "passed_out"


def test_an_announcement_that_would_bid_above_the_limit_is_refused() -> None:
    match = deal(new(VARIANT, W), {S: RICH})
    acts(match, (N, f"bid:{MAX_BID - 40}"), (E, "pass"))
    assert "announce:100" in legal_texts(match)  # 10 more: within the limit
    refused(match, S, "announce:450", "bid_too_high")  # 50 more: above it
    assert "announce:450" not in legal_texts(match)
    act(match, S, "announce:100")
    assert match.deals[-1].high == MAX_BID - 30


def test_cl1_an_announcement_is_a_multiple_of_ten_up_to_the_best_meld() -> None:
    match = deal(new(VARIANT, W), {N: RICH})
    refused(match, N, "announce:125", "announce_not_multiple_of_10")
    refused(match, N, "announce:460", "announce_exceeds_meld")
    act(match, N, "announce:10")  # part of the meld will do
    assert match.deals[-1].calls[-1].announced == 10


def test_cl2_an_announcement_bid_makes_the_announcer_high_bidder_over_his_partner() -> None:
    match = deal(new(VARIANT, W), {S: RICH})
    acts(match, (N, "bid:500"), (E, "pass"))
    assert {"announce:100", "announce:450"} <= legal_texts(match)
    act(match, S, "announce:100")
    current = match.deals[-1]
    assert (current.high, current.high_seat) == (510, S)
    acts(match, (W, "pass"), (N, "pass"))
    assert current.bidder == S


def test_cl2_flags_go_on_plain_bids_only() -> None:
    match = deal(new(VARIANT, W), {N: FLUSH})
    for bad in ("announce:100:flush", "bid:500:flush:long_suit"):
        with pytest.raises(Exception) as caught:
            act(match, N, bad)
        assert getattr(caught.value, "code", None) == "malformed_action"


def test_announcements_off_neither_lists_nor_accepts_them() -> None:
    match = deal(new(VARIANT, W, {"announcements": False}), {N: FLUSH + " " + LONG})
    assert not any(t.startswith("announce") or t.count(":") > 1 for t in legal_texts(match))
    refused(match, N, "announce:100", "no_announcements")
    refused(match, N, "bid:500:flush", "no_announcements")
    refused(match, N, "bid:500:long_suit", "no_announcements")
    view = GAME.view(match, N, None, None)
    assert "best_meld" in view["deal"] and view["deal"]["best_meld"] is None


def test_a_seat_sees_its_own_best_meld_during_the_auction_only() -> None:
    match = deal(new(VARIANT, W), {N: RICH})
    assert GAME.view(match, N, None, None)["deal"]["best_meld"] == 450
    assert GAME.view(match, None, None, None)["deal"]["best_meld"] is None
    auction(match, N, 500, "D")
    assert GAME.view(match, N, None, None)["deal"]["best_meld"] is None


def test_cl3_all_points_scored_and_no_dix() -> None:
    match = deal(new(VARIANT, W, {"claims": False}), {N: "AS AS AH AH AD AD AC AC"})
    auction(match, N, 500, "S")
    current = match.deals[-1]
    assert not any(m.kind == "dix" for melds in current.melds or [] for m in melds)
    while not current.finished:
        seat = match.to_act
        assert seat is not None
        act(match, seat, f"play:{match.playable(current, seat)[0]}")
    result = current.result
    assert result is not None and sum(result.points) == 500
    if result.hands[0] >= 500:
        assert result.scores[0] == result.hands[0]
    else:
        assert result.scores[0] == -500
    assert result.scores[1] == result.hands[1]


def bidding_side_claim(bid: int) -> Match:
    """North bids ``bid`` with eight aces and names spades, wins the first trick, claims."""
    match = deal(
        new(VARIANT, W),
        {N: "AS AS AH AH AD AD AC AC", E: "JS", S: "TS", W: "JS"},
    )
    auction(match, N, bid, "S")
    assert trick(match, "AS JS TS JS") == N
    act(match, N, "claim")
    return match


@pytest.mark.parametrize("bid", [500, 5000])
def test_cl6_a_claiming_bidding_side_counts_all_its_points_once_they_reach_the_bid(
    bid: int,
) -> None:
    match = bidding_side_claim(bid)
    current = match.deals[-1]
    claim = current.result.claim  # type: ignore[union-attr]
    assert claim is not None
    assert claim.hand == current.team_meld(0) + 20  # the ace and the ten: 10 each
    if claim.hand >= bid:
        assert claim.provisional == claim.hand
    else:
        assert claim.provisional == 0
    assert claim.good is (claim.provisional >= 5000)
    assert match.winners() == ([N, S] if claim.good else [E, W])


def test_the_target_option_ends_the_game_there() -> None:
    match, _ = play_match(GAME, {"target": 3500, "claims": False}, 4)
    assert match.settings.target == 3500
    assert max(match.team_total(t) for t in range(2)) >= 3500
    before = [0, 0]
    for d in match.deals[:-1]:
        assert d.result is not None
        before = [before[t] + d.result.scores[t] for t in range(2)]
    assert max(before) < 3500  # no deal before the last reached it
