"""Partnership auction pinochle: each Clarification of §13, every option, every refusal
(with its code, changing nothing), and the notation. Double-deck pinochle shares the state
machine; where a rule is common, both variants are checked."""

from __future__ import annotations

import json
import random

import pytest
from engine.pinochle.helpers import (
    E,
    N,
    S,
    W,
    act,
    acts,
    auction,
    cards,
    deal,
    game_of,
    legal_texts,
    new,
    refused,
    trick,
)

from app.engine import TABLE, Action, IllegalAction, MalformedAction, OptionError
from app.engine.game import Termination
from app.engine.pinochle.double_deck_pinochle import GAME as DOUBLE_DECK
from app.engine.pinochle.double_deck_pinochle import VARIANT as DD
from app.engine.pinochle.melds import PARTNERSHIP, value
from app.engine.pinochle.partnership.state import Match
from app.engine.pinochle.partnership.variant import MAX_BID, Variant
from app.engine.pinochle.partnership_pinochle import GAME, OPTIONS, VARIANT
from app.engine.records import export_record, validate_record
from app.engine.trick_game import deal_action

BOTH = pytest.mark.parametrize("variant", [VARIANT, DD], ids=["single", "double"])


def least(variant: Variant) -> int:
    return variant.minimum_bid


# -- Clarification 1: bidding ---------------------------------------------------------------------


@BOTH
def test_cl1_partners_may_overbid_each_other_and_jump(variant: Variant) -> None:
    match = deal(new(variant))
    low = least(variant)
    acts(match, (N, f"bid:{low}"), (E, "pass"), (S, f"bid:{low + 10}"), (W, "pass"))
    assert match.to_act == N  # East passed for good: North, then South
    act(match, N, f"bid:{low + 990}")  # a jump; no maximum
    act(match, S, "pass")
    current = match.deals[-1]
    assert (current.bidder, current.high) == (N, low + 990)
    assert match.phase() == "trump" and match.to_act == N


@BOTH
def test_cl1_a_pass_is_final(variant: Variant) -> None:
    match = deal(new(variant))
    acts(match, (N, "pass"), (E, f"bid:{least(variant)}"), (S, "pass"))
    assert match.to_act == W
    refused(match, N, f"bid:{least(variant) + 10}", "not_your_turn")
    act(match, W, f"bid:{least(variant) + 10}")
    assert match.to_act == E  # North is skipped


@BOTH
def test_cl1_four_passes_throw_the_cards_in(variant: Variant) -> None:
    match = deal(new(variant, W))
    acts(match, (N, "pass"), (E, "pass"), (S, "pass"), (W, "pass"))
    current = match.deals[-1]
    assert current.result is not None and current.result.end.value == "passed_out"
    assert match.totals == [0, 0, 0, 0] and match.deals_played == 1
    assert match.to_act == TABLE and match.next_dealer == N  # the deal passes on
    game = game_of(match)
    [scored] = game.scored_deals(match, 0)
    assert scored.scores == (0, 0, 0, 0) and scored.detail["end"] == "passed_out"
    record = export_record(game, match, ["a", "b", "c", "d"])
    assert record["deals"][0]["actions"] == [[N, "pass"], [E, "pass"], [S, "pass"], [W, "pass"]]
    assert record["deals"][0]["result"]["end"] == "passed_out"
    assert validate_record(json.loads(json.dumps(record))).valid
    deal(match)  # North deals the next
    assert match.deals[-1].dealer == N and match.to_act == E


def test_cl1_a_bid_after_three_passes_ends_the_auction() -> None:
    match = deal(new(VARIANT))
    acts(match, (N, "pass"), (E, "pass"), (S, "pass"), (W, "bid:100"))
    assert match.deals[-1].bidder == W and match.phase() == "trump"


# -- Clarification 2: trump -----------------------------------------------------------------------


def test_cl2_the_bidder_names_any_suit_even_one_he_does_not_hold() -> None:
    match = deal(new(VARIANT), {N: "AS AS TS TS KS KS QS QS JS JS 9S 9S"})
    auction(match, N, 100)
    assert legal_texts(match) == {"trump:S", "trump:H", "trump:D", "trump:C"}
    act(match, N, "trump:C")
    assert match.deals[-1].trump == "C" and match.to_act == N


# -- Clarification 3: melding ---------------------------------------------------------------------


@BOTH
def test_cl3_every_meld_is_shown_to_all_at_once_for_the_whole_deal(variant: Variant) -> None:
    match = deal(new(variant, S))  # West leads, East names trump
    game = game_of(match)
    assert all(game.view(match, s, None, None)["deal"]["melds"] is None for s in [None, 0, 1, 2, 3])
    acts(match, (W, "pass"), (N, "pass"), (E, f"bid:{least(variant)}"), (S, "pass"))
    assert all(game.view(match, s, None, None)["deal"]["melds"] is None for s in [None, 0, 1, 2, 3])
    act(match, E, "trump:H")
    current = match.deals[-1]
    shown = [game.view(match, s, None, None)["deal"]["melds"] for s in [None, 0, 1, 2, 3]]
    assert all(json.dumps(v) == json.dumps(shown[0]) for v in shown)
    assert [entry["total"] for entry in shown[0]] == list(current.meld_values)
    assert match.to_act == W  # the dealer's left leads, whoever bid
    for _ in range(3):
        seat = match.to_act
        assert seat is not None
        act(match, seat, f"play:{match.playable(current, seat)[0]}")
    assert game.view(match, None, None, None)["deal"]["melds"] == shown[0]


def test_cl3_there_is_no_minimum_meld() -> None:
    # a hand of nines and tens melds nothing, and is shown as such
    match = deal(new(VARIANT), {E: "9S 9S TS TS 9D 9D TD TD 9C 9C TC TC"})
    auction(match, N, 100, "H")
    entry = GAME.view(match, None, None, None)["deal"]["melds"][E]
    assert entry == {"melds": [], "total": 0}


# -- Clarification 5: the hand is always played ---------------------------------------------------


def test_cl5_a_meld_above_the_bid_still_plays_the_hand() -> None:
    match = deal(new(VARIANT), {N: "AS AS AH AH AD AD AC AC QS QS JD JD"})
    auction(match, N, 100, "S")
    assert match.deals[-1].team_meld(0) >= 1300 > 100
    assert match.phase() == "play" and not match.deals[-1].finished


# -- Clarification 7: claims ----------------------------------------------------------------------


@BOTH
def test_cl7_a_claim_is_possible_only_during_play(variant: Variant) -> None:
    match = deal(new(variant))
    refused(match, E, "claim", "claim_not_now")  # the auction
    auction(match, N, least(variant))
    refused(match, S, "claim", "claim_not_now")  # before trump
    act(match, N, "trump:S")
    for seat in range(4):  # in or out of turn
        assert "claim" in legal_texts(match, seat)
    game = game_of(match)
    assert game.legal(match, E) == {"kind": "claim", "actions": ["claim"]}
    assert "claim" in game.legal(match, N)["actions"]  # type: ignore[index]


@BOTH
def test_no_seat_acts_before_the_first_deal_nor_a_seat_off_the_table(variant: Variant) -> None:
    match = new(variant)
    for seat in (None, TABLE, N, E, S, W):
        assert match.legal_actions(seat) == []
    deal(match)
    auction(match, N, least(variant), "S")
    assert legal_texts(match, E) == {"claim"}  # any seat at the table may claim
    for seat in (TABLE, 4):
        assert match.legal_actions(seat) == []


@BOTH
def test_cl7_the_first_claim_ends_the_game_either_way(variant: Variant) -> None:
    match = deal(new(variant))
    auction(match, N, least(variant), "S")
    act(match, E, "claim")  # out of turn, before any trick: nothing counted
    current = match.deals[-1]
    assert current.result is not None and current.result.claim is not None
    assert current.result.claim.provisional == 0 and not current.result.claim.good
    assert match.is_over and match.winners() == [N, S]
    assert match.termination() is Termination.CLAIM
    refused(match, N, "claim", "match_over")
    refused(match, N, f"play:{current.hands[N][0]}", "match_over")


def test_cl7_no_claim_after_the_last_trick() -> None:
    match = deal(new(VARIANT, W, {"claims": True}))
    auction(match, N, 100, "H")
    current = match.deals[-1]
    while not current.finished:
        seat = match.to_act
        assert seat is not None
        act(match, seat, f"play:{match.playable(current, seat)[0]}")
    if not match.is_over:
        assert match.to_act == TABLE
        refused(match, N, "claim", "claim_not_now")


def bidding_side_claim(made_bid_scores: str, bid: int) -> Match:
    """North bids ``bid`` and names spades with a big meld, wins the first trick, claims."""
    match = deal(
        new(VARIANT, W, {"made_bid_scores": made_bid_scores}),
        {N: "AS AS AH AH AD AD AC AC QS QS JD JD", E: "9S", S: "TS", W: "9S"},
    )
    auction(match, N, bid, "S")
    assert trick(match, "AS 9S TS 9S") == N
    act(match, N, "claim")
    return match


@pytest.mark.parametrize(("made", "bid"), [("bid", 1000), ("points", 1000), ("bid", 1400)])
def test_cl7_a_claiming_bidding_side_counts_the_bid_or_all_its_points(made: str, bid: int) -> None:
    match = bidding_side_claim(made, bid)
    claim = match.deals[-1].result.claim  # type: ignore[union-attr]
    assert claim is not None
    # the side's meld once a trick is won, and the trick's cards
    assert claim.hand == match.deals[-1].team_meld(0) + 11 + 10
    if bid > claim.hand:
        assert claim.provisional == 0 and not claim.good  # not yet reached: nothing counts
        assert match.winners() == [E, W]
    else:
        assert claim.provisional == (bid if made == "bid" else claim.hand)
        assert claim.good and match.winners() == [N, S]
    assert match.totals[N] == claim.provisional


# -- Clarification 8 and the options --------------------------------------------------------------


def test_the_options_and_their_defaults() -> None:
    assert {o.name: o.default for o in OPTIONS} == {
        "target": 1000,
        "made_bid_scores": "bid",
        "claims": True,
    }
    assert GAME.resolve_options({"target": 500})["target"] == 500
    for bad in (
        {"target": 900},
        {"made_bid_scores": "all"},
        {"claims": 1},
        {"announcements": True},
    ):
        with pytest.raises(OptionError):
            GAME.resolve_options(bad)
    assert GAME.partnerships and GAME.seat_counts == (4,) and GAME.teams(4) == ((0, 2), (1, 3))
    assert GAME.deals_total(4, GAME.resolve_options()) is None
    with pytest.raises(ValueError):
        GAME.new_match(3, GAME.resolve_options(), 0)


def test_cl8_the_target_is_configurable() -> None:
    match = deal(
        new(VARIANT, W, {"target": 500, "claims": False}),
        {
            N: "AH AH TH TH KH KH AS AS AD AD AC AC",
            S: "QH QH JH JH 9H 9H",
        },
    )
    auction(match, N, 100, "H")
    current = match.deals[-1]
    while not current.finished:
        seat = match.to_act
        assert seat is not None
        act(match, seat, f"play:{match.playable(current, seat)[0]}")
    assert match.settings.target == 500
    scores = current.result.scores  # type: ignore[union-attr]
    assert match.is_over is (max(scores) >= 500)


def test_claims_off_neither_lists_nor_accepts_a_claim() -> None:
    match = deal(new(VARIANT, W, {"claims": False}))
    auction(match, N, 100, "H")
    assert all("claim" not in legal_texts(match, s) for s in range(4))
    assert GAME.legal(match, E) is None
    refused(match, E, "claim", "claims_off")


# -- refusals -------------------------------------------------------------------------------------


@BOTH
def test_refusals_of_the_auction(variant: Variant) -> None:
    match = deal(new(variant))
    low = least(variant)
    refused(match, E, f"bid:{low}", "not_your_turn")
    refused(match, TABLE, f"bid:{low}", "not_your_turn")
    refused(match, N, f"bid:{low - 10}", "bid_too_low")
    refused(match, N, f"bid:{low + 5}", "bid_not_multiple_of_10")
    refused(match, N, "trump:S", "bid_or_pass")
    refused(match, N, f"play:{match.deals[-1].hands[N][0]}", "bid_or_pass")
    act(match, N, f"bid:{low + 50}")
    refused(match, E, f"bid:{low + 50}", "bid_too_low")
    pack = list(variant.cards)
    random.Random(1).shuffle(pack)
    refused(match, TABLE, str(deal_action(pack)), "wrong_phase")
    refused(match, E, "deal:" + ",".join(variant.cards), "not_your_turn")


@BOTH
def test_a_bid_above_the_tables_limit_is_refused_with_its_own_code(variant: Variant) -> None:
    """No rule caps a bid, but the table does, far above any count a deal can reach."""
    match = deal(new(variant))
    for text in (f"bid:{MAX_BID + 10}", f"bid:{MAX_BID + 10}:flush", "bid:" + "9" * 300):
        refused(match, N, text, "bid_too_high")
    with pytest.raises(IllegalAction) as caught:
        match.apply(N, GAME.parse_action(f"bid:{MAX_BID * 10}"))
    assert caught.value.detail == {"most": MAX_BID}
    act(match, N, f"bid:{MAX_BID - 50}")
    listed = {t for t in legal_texts(match, E) if t.startswith("bid:") and t.count(":") == 1}
    assert listed == {f"bid:{MAX_BID - 50 + k}" for k in range(10, 60, 10)}
    act(match, E, f"bid:{MAX_BID}")
    assert not {t for t in legal_texts(match, S) if t.startswith(("bid:", "announce:"))}
    record = json.loads(json.dumps(export_record(game_of(match), match, ["a", "b", "c", "d"])))
    record["deals"][0]["actions"][1] = [E, f"bid:{MAX_BID + 10}"]
    for key in ("bids", "bidder", "bid"):
        del record["deals"][0][key]
    assert validate_record(record).error == (
        f"deal 1, play 2: seat 1 (b) bids more than {MAX_BID}, the most a bid may be at this table"
    )


def test_announcements_belong_to_the_double_deck_game() -> None:
    match = deal(new(VARIANT))
    refused(match, N, "announce:10", "no_announcements")
    refused(match, N, "bid:100:flush", "no_announcements")
    refused(match, N, "bid:100:long_suit", "no_announcements")
    assert not any(t.startswith("announce") or t.count(":") > 1 for t in legal_texts(match))


@BOTH
def test_refusals_after_the_auction(variant: Variant) -> None:
    match = deal(new(variant))
    auction(match, N, least(variant))
    refused(match, N, f"bid:{least(variant) + 100}", "auction_over")
    refused(match, N, "pass", "auction_over")
    refused(match, N, f"play:{match.deals[-1].hands[N][0]}", "wrong_phase")
    refused(match, E, "trump:S", "not_your_turn")
    act(match, N, "trump:S")
    refused(match, N, "trump:H", "wrong_phase")
    refused(match, N, "pass", "auction_over")
    refused(match, E, f"play:{match.deals[-1].hands[E][0]}", "not_your_turn")


def test_refusals_of_play() -> None:
    match = deal(
        new(VARIANT, W),
        {
            N: "AH TH KH KH QH QH JH 9H KS 9D 9C 9C",
            E: "JH AH KS AD AD TD TD KD KD QD QD JD",
            S: "TH 9H AC AC TC TC KC KC QC QC JC JC",
            W: "AS AS TS TS QS QS JS JS 9S 9S JD 9D",
        },
    )
    auction(match, N, 100, "H")
    refused(match, N, "play:AS", "card_not_in_hand")
    act(match, N, "play:9H")
    refused(match, E, "play:JD", "must_follow_suit")
    act(match, E, "play:JH")
    refused(match, S, "play:9H", "must_beat_trump_lead")  # TH beats the jack
    act(match, S, "play:TH")
    act(match, W, "play:9D")
    assert match.deals[-1].history[-1].winner == S
    act(match, S, "play:AC")
    refused(match, W, "play:KH", "card_not_in_hand")
    act(match, W, "play:AS")  # void in clubs and in trumps: any card
    match2 = deal(
        new(VARIANT, W),
        {N: "AC 9H", E: "JH AH KS AD AD TD TD KD KD QD QD JD", S: "TH QH TC", W: "9S"},
    )
    auction(match2, N, 100, "H")
    act(match2, N, "play:AC")
    refused(match2, E, "play:KS", "must_trump")  # no clubs: a trump


def test_the_notation() -> None:
    parse = GAME.parse_action
    assert parse("bid:250") == Action("bid", "250")
    assert parse("bid:550:flush") == Action("bid", "550:flush")
    assert parse("announce:120") == Action("announce", "120")
    assert str(parse("play:QS")) == "play:QS" and parse("claim") == Action("claim")
    for bad in [
        "bid",
        "bid:0",
        "bid:abc",
        "bid:100:trump",
        "bid:100:flush:long_suit",
        "announce",
        "announce:120:flush",
        "trump:X",
        "play:QX",
        "play:8S",
        "pass:1",
        "claim:now",
        "deal:AS",
        "meld:QS,JD",
        "Bid:100",
        "",
        7,
    ]:
        with pytest.raises(MalformedAction):
            parse(bad)
    with pytest.raises(MalformedAction):
        DOUBLE_DECK.parse_action("play:9S")  # no nines in the double-deck pack
    match = deal(new(VARIANT))
    with pytest.raises(MalformedAction):
        match.apply(N, Action("bid", "0100"))  # no text parses to this


# -- Clarification 4: the meld formula ------------------------------------------------------------


def test_cl4_a_flush_with_an_extra_king_and_queen_adds_a_royal_marriage() -> None:
    assert value(cards("AH TH KH QH JH KH QH"), "H", PARTNERSHIP) == 150 + 40


def test_cl4_seven_aces_are_one_around() -> None:
    assert value(cards("AS AS AH AH AD AD AC"), "H", PARTNERSHIP) == 100


def test_cl4_a_double_roundhouse_is_the_sum_of_its_parts() -> None:
    # sixteen cards no twelve-card hand holds; the formula counts them all the same
    hand = cards("KS QS KH QH KD QD KC QC") * 2
    # trump clubs: eight kings 800, eight queens 600, 2 royal + 6 plain marriages
    assert value(hand, "C", PARTNERSHIP) == 800 + 600 + 2 * 40 + 6 * 20
