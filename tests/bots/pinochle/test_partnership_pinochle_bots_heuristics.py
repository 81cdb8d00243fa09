"""Partnership auction pinochle's basic level on positions built through the engine: the
auction (bids grow with the meld, a junk hand passes, a partner is supported and not
overbid), the trump, the card play (smearing on the partner's winner, winning with the
cheapest card, drawing trumps as the bidding side, keeping a trump for the last trick) and
claims (only sure ones, in turn or out of it)."""

from __future__ import annotations

import pytest
from pinochle_bots_table import (
    FIRST_TRICK,
    E,
    N,
    S,
    W,
    act,
    auction,
    claim_position,
    table,
    view_of,
)

from app.bots import NotMyTurn
from app.bots.pinochle.basic import BasicBot
from app.bots.pinochle.bidding import side_worth
from app.bots.pinochle.deck import deck_of
from app.bots.pinochle.partnership_pinochle import TUNING
from app.bots.pinochle.playout import Play, melds_for
from app.bots.pinochle.policy import choose
from app.engine.pinochle.partnership.state import Match

PP = "partnership_pinochle"
JUNK = "TS TS 9S 9S TH 9H 9H TD 9D 9D TC 9C"
"""No ace, no marriage, no pinochle, nothing around: two dixes at most."""
MID = "AS KS QS JD AH TH KH 9H AD TC 9C 9C"
"""A spade marriage and a pinochle, three aces, four hearts."""
BIG = "AS TS KS QS JS AH AD AC KH QH JD 9S"
"""A spade flush, aces around, a pinochle, a heart marriage, a dix: 320 in spades."""


def basic(match: Match, seat: int | None = None) -> str:
    return BasicBot(TUNING).decide(view_of(match, seat))


def bid_of(text: str) -> int:
    assert text.startswith("bid:"), text
    return int(text[4:])


# -- the auction ---------------------------------------------------------------------------------


def test_a_junk_hand_passes_and_bids_grow_with_the_meld() -> None:
    assert basic(table(PP, {N: JUNK})) == "pass"
    middling = bid_of(basic(table(PP, {N: MID})))
    big = bid_of(basic(table(PP, {N: BIG})))
    assert 100 <= middling < big


def test_the_worth_of_a_hand_grows_with_its_meld() -> None:
    worths = [side_worth(TUNING, view_of(table(PP, {N: h})))[0] for h in (JUNK, MID, BIG)]
    assert worths == sorted(worths) and worths[2] - worths[0] > 300


def test_the_trump_named_is_the_suit_of_the_long_meld() -> None:
    match = table(PP, {N: "AH TH KH QH JH 9H KS QS AD AC 9C 9S"})
    act(match, "bid:100", "pass", "pass", "pass")
    assert basic(match) == "trump:H"


def test_an_opponent_bid_beyond_the_estimate_is_let_go() -> None:
    match = table(PP, {N: MID}, dealer=S)  # West bids first, then North
    act(match, "bid:300")
    assert basic(match) == "pass"


def test_a_partners_bid_supports_a_bid_over_the_other_side() -> None:
    # West first: with the partner passing, North's middling hand lets East's 200 go
    alone = table(PP, {N: MID}, dealer=E)  # South bids first, then West, North, East
    act(alone, "pass", "bid:200")
    assert basic(alone) == "pass"
    # after a strong bid of the partner's, overcalled, it competes
    backed = table(PP, {N: MID}, dealer=E)
    act(backed, "bid:300", "bid:310")
    assert bid_of(basic(backed)) >= 320


def test_a_partner_holding_the_bid_is_not_overbid_needlessly() -> None:
    match = table(PP, {N: MID}, dealer=E)  # South first
    act(match, "bid:200", "pass")
    assert basic(match) == "pass"


# -- the play ------------------------------------------------------------------------------------

NORTH = "AS TS KH QH 9H 9H AD KD QD AC KC QC"


def test_a_ten_is_smeared_on_the_partners_winning_ace_and_the_ace_kept() -> None:
    match = table(PP, {N: NORTH, E: "9S JS", S: "AS", W: "QS"}, dealer=N)  # East leads
    auction(match, E, 100, "H")
    act(match, "play:9S", "play:AS", "play:QS")
    assert basic(match) == "play:TS"


def test_the_other_sides_card_is_beaten_with_the_cheapest_card_that_does_it() -> None:
    match = table(PP, {N: NORTH, E: "KS", S: "9S", W: "JS"}, dealer=N)
    auction(match, E, 100, "H")
    act(match, "play:KS", "play:9S", "play:JS")
    assert basic(match) == "play:TS"


def test_the_bidder_draws_trumps_with_his_top_trump() -> None:
    match = table(PP, {N: "AH AH TH KH QS 9S 9D 9D TC 9C JC JC"})  # North leads
    auction(match, N, 100, "H")
    assert basic(match) == "play:AH"


def test_a_lone_trump_is_kept_for_the_last_trick_once_the_others_have_none() -> None:
    deck = deck_of(TUNING.variant)
    hands = [["AH", "9S"], ["KD", "QD"], ["JC", "9C"], ["KS", "AS"]]
    melds, known = melds_for(deck, hands, "H")
    play = Play(deck, N, 100, "H", hands, melds, known, N, tricks_left=2)
    played = {c: 2 for c in deck.cards if c[1] == "H" and c != "AH"}
    played["AH"] = 1
    play.played = played
    assert play.legal(N) == ["AH", "9S"]
    assert choose(play.seen(N), play.legal(N)) == "9S"


# -- claims --------------------------------------------------------------------------------------


def test_no_claim_before_the_side_has_won_a_trick_nor_one_short_after() -> None:
    match = claim_position((873, 0))
    view = view_of(match)
    assert "claim" in view["legal"]["actions"] and view["deal"]["claim_standing"][0] == 873
    assert basic(match) != "claim"
    act(match, *FIRST_TRICK)
    assert view_of(match)["deal"]["claim_standing"][0] == 999
    assert basic(match) != "claim"


def test_a_sure_claim_is_made_and_wins_the_game() -> None:
    match = claim_position((883, 0))
    act(match, *FIRST_TRICK)
    assert view_of(match)["deal"]["claim_standing"][0] == 1009
    assert basic(match) == "claim"
    act(match, "claim")
    assert match.is_over and match.winners() == [0, 2]


def test_out_of_turn_only_a_sure_claim_is_made() -> None:
    short = claim_position((873, 0))
    act(short, *FIRST_TRICK)
    idle = view_of(short, S)
    assert idle["legal"] == {"kind": "claim", "actions": ["claim"]}
    with pytest.raises(NotMyTurn):
        BasicBot(TUNING).decide(idle)
    sure = claim_position((883, 0))
    act(sure, *FIRST_TRICK)
    assert BasicBot(TUNING).decide(view_of(sure, S)) == "claim"
    with pytest.raises(NotMyTurn):
        BasicBot(TUNING).decide(view_of(sure, E))  # East-West stand at 0
