"""Auction pinochle: the spec's test vectors AP1-AP10, the Clarifications, every refusal of
bad input (with its code, changing nothing), and random sessions at 3, 4 and 5 seats."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from app.engine import TABLE, Action, IllegalAction, MalformedAction
from app.engine.pinochle import melds
from app.engine.pinochle.auction import GAME
from app.engine.pinochle.auction.record import pack_for
from app.engine.pinochle.auction.rules import (
    CARDS,
    DEFAULTS,
    MAX_BID,
    PINOCHLE,
    End,
    active_seats,
    basic_value,
    bid_value,
    bidder_total,
    card_points,
    settle,
    share_kitty,
)
from app.engine.pinochle.auction.state import Match
from app.engine.trick_game import deal_action
from app.engine.tricks import legal_cards, trick_winner


def cards(text: str) -> list[str]:
    return text.split()


def deal_match(
    eldest: str,
    widow: str = "",
    second: str = "",
    seats: int = 3,
    dealer: int = 0,
    options: dict[str, object] | None = None,
) -> Match:
    """A session whose first deal gives eldest (and second, if given) these cards and the
    widow these; the rest of the pack goes to the others in canonical order."""
    match = Match(seats, options, dealer)
    active = active_seats(seats, dealer)
    rest = Counter(CARDS)
    given = [cards(eldest), cards(second), []]
    w = cards(widow)
    for hand in [*given, w]:
        rest.subtract(hand)
    assert all(n >= 0 for n in rest.values()), "a card given more than twice"
    pool = sorted(rest.elements(), key=CARDS.index)
    for i in range(3):
        need = 15 - len(given[i])
        given[i] = given[i] + pool[:need]
        pool = pool[need:]
    if len(w) < 3:
        w = w + pool[: 3 - len(w)]
        pool = pool[3 - len(w) :]
    hands: list[list[str]] = [[] for _ in range(seats)]
    for place, seat in enumerate(active):
        hands[seat] = given[place]
    match.apply(TABLE, deal_action(pack_for(hands, w, active, 3)))
    return match


def act(match: Match, seat: int, text: str) -> None:
    match.apply(seat, GAME.parse_action(text))


def snapshot(match: Match) -> str:
    return json.dumps([GAME.view(match, s, None, None) for s in [None, *range(match.seats)]])


def refused(match: Match, seat: int, text: str, code: str) -> None:
    """``text`` by ``seat`` is refused with ``code`` and changes nothing."""
    before = snapshot(match)
    with pytest.raises(IllegalAction) as caught:
        match.apply(seat, GAME.parse_action(text))
    assert caught.value.code == code, caught.value.message
    assert snapshot(match) == before


def auction_to(match: Match, bid: int) -> int:
    """Eldest opens at ``bid`` and the others pass: eldest is the bidder."""
    deal = match.deals[-1]
    e, m, last = deal.active
    act(match, e, f"bid:{bid}")
    act(match, m, "pass")
    act(match, last, "pass")
    if match.phase() == "widow":
        act(match, e, "widow")
    return e


# -- AP1-AP3: melds ------------------------------------------------------------------------------


def test_ap1_a_flush_does_not_also_count_its_royal_marriage() -> None:
    # The vector lists 17 cards; its dix needs the nine of trumps, the 18th (docs/games).
    hand = cards("AH TH KH QH JH AS KS QS AD JD AC KC TS 9C JC TD 9D 9H")
    shown = melds.best(hand, "H")
    assert sorted(m.kind for m in shown) == ["aces", "dix", "flush", "marriage", "pinochle"]
    assert melds.value(hand, "H") == 320
    assert melds.value(hand[:-1], "H") == 310  # the 17 as listed: no dix


def test_ap2_roundhouse_is_the_sum_of_its_parts() -> None:
    hand = cards("KS QS KH QH KD QD KC QC TS TS 9S 9H TH JH TD 9D TC JC")
    assert melds.value(hand, "C") == 240


def test_ap3_a_doubled_pinochle_has_no_bonus() -> None:
    hand = cards("QS QS JD JD AH TH 9S 9D TC JC AS TS TD 9C KD JH AC TH")
    assert melds.value(hand, "H") == 80


def test_a_card_serves_in_melds_of_different_classes_never_twice_in_one() -> None:
    flush = melds.name_melds([cards("AH TH KH QH JH")], "H")
    royal = melds.name_melds([cards("KH QH")], "H")
    with pytest.raises(IllegalAction) as caught:
        melds.check_held([*flush, *royal], cards("AH TH KH QH JH 9H"))
    assert caught.value.code == "card_twice_in_class"
    # with the second KH and QH the royal marriage counts beside the flush
    shown = melds.check_held([*flush, *royal], cards("AH TH KH QH JH KH QH"))
    assert melds.value(shown, "H") == 190
    # QS in a pinochle, in 60 queens and in a spade marriage at once
    named = melds.name_melds([cards("QS JD"), cards("QS QH QD QC"), cards("KS QS")], "H")
    shown = melds.check_held(named, cards("QS JD QH QD QC KS"))
    assert shown.count("QS") == 1
    assert melds.value(shown, "H") == 40 + 60 + 20
    with pytest.raises(IllegalAction) as caught:
        melds.check_held(melds.name_melds([cards("QS JD"), cards("QS JD")], "H"), cards("QS JD JD"))
    assert caught.value.code == "card_twice_in_class"


def test_a_group_that_is_no_meld_is_refused() -> None:
    with pytest.raises(IllegalAction) as caught:
        melds.name_melds([cards("AH TH KH QH JH")], "S")  # a flush only in trumps
    assert caught.value.code == "not_a_meld"
    with pytest.raises(IllegalAction) as caught:
        melds.name_melds([cards("KH QS")], "S")
    assert caught.value.code == "not_a_meld"


# -- AP4: the auction ----------------------------------------------------------------------------


def test_ap4_the_auction() -> None:
    match = deal_match("")
    e, m, last = match.deals[-1].active
    refused(match, e, "pass", "must_open")
    refused(match, e, "bid:290", "bid_too_low")
    refused(match, m, "bid:300", "not_your_turn")
    act(match, e, "bid:300")
    refused(match, m, "bid:315", "bid_not_multiple_of_10")
    refused(match, m, "bid:300", "bid_too_low")
    act(match, m, "bid:310")
    act(match, last, "pass")
    act(match, e, "bid:320")
    refused(match, last, "bid:330", "not_your_turn")  # a pass is final
    act(match, m, "pass")
    deal = match.deals[-1]
    assert deal.bidder == e and deal.high == 320
    assert match.phase() == "trump" and deal.widow_turned  # raised: no throw-in
    assert len(deal.hands[e]) == 18


def test_a_bid_is_a_number_and_any_higher_multiple_of_ten_is_accepted() -> None:
    for text in ("bid:", "bid:3x0", "bid:-300", "bid:0300", "bid:3.5e2"):
        with pytest.raises(MalformedAction):
            GAME.parse_action(text)
    match = deal_match("")
    e, m, _ = match.deals[-1].active
    act(match, e, "bid:300")
    act(match, m, "bid:1200")  # not listed, accepted: no count reaches it, yet it stands
    assert match.deals[-1].high == 1200


def test_a_bid_above_the_tables_limit_is_refused_with_its_own_code() -> None:
    """No rule caps a bid, but the table does, far above any count a deal can reach."""
    match = deal_match("")
    e, m, last = match.deals[-1].active
    act(match, e, "bid:300")
    for text in (f"bid:{MAX_BID + 10}", "bid:99999", "bid:" + "9" * 300):
        refused(match, m, text, "bid_too_high")
    with pytest.raises(IllegalAction) as caught:
        match.apply(m, GAME.parse_action("bid:99990"))
    assert caught.value.detail == {"most": MAX_BID}
    act(match, m, f"bid:{MAX_BID}")
    assert [str(a) for a in match.legal_actions(last)] == ["pass"]  # no bid above it listed
    assert GAME.legal(match, last) == {"kind": "bid", "actions": ["pass"]}


# -- AP5: the bidder's count ---------------------------------------------------------------------


def test_ap5_meld_card_points_burial_and_last_trick() -> None:
    buried = card_points(cards("TC AD KH"), "standard")
    assert buried == 25
    total = bidder_total(120, 203 + buried, won_last=True)
    assert total == 358 and total >= 350


def test_card_point_schemes_each_total_250_with_the_last_trick() -> None:
    for scheme in ("standard", "tens", "simple"):
        assert card_points(CARDS, scheme) + 10 == 250


# -- AP6: settlement -----------------------------------------------------------------------------


def test_ap6_settlements() -> None:
    opts = dict(DEFAULTS)
    # (a) 3 players, 320 in spades, made
    chips, kitty = settle(3, 0, 320, bid_value(320, "S", opts), End.MADE, {})
    assert chips == [12, -6, -6] and kitty == 0
    # (b) 4 players, 350 in diamonds, double bete: two opponents, the dealer and the kitty
    chips, kitty = settle(4, 1, 350, bid_value(350, "D", opts), End.DOUBLE_BETE, {})
    assert chips[1] == -40 and kitty == 10 and chips == [10, -40, 10, 10]
    # (c) 5 players, 400 in spades, conceded after the widow
    chips, kitty = settle(5, 2, 400, bid_value(400, "S", opts), End.SINGLE_BETE, {})
    assert chips[2] == -100 and kitty == 20 and sum(chips) + kitty == 0
    # (d) the throw-in: the kitty alone
    chips, kitty = settle(3, 1, 300, basic_value(300, "standard"), End.THROWN_IN, {})
    assert chips == [0, -3, 0] and kitty == 3
    # (e) the kitty joins from 350
    assert settle(3, 0, 340, bid_value(340, "H", opts), End.MADE, {}) == ([6, -3, -3], 0)
    assert settle(3, 0, 350, bid_value(350, "H", opts), End.MADE, {}) == ([15, -5, -5], -5)


def test_ap6d_eldest_throws_in_without_turning_the_widow() -> None:
    match = deal_match("")
    e, m, last = match.deals[-1].active
    act(match, e, "bid:300")
    act(match, m, "pass")
    act(match, last, "pass")
    assert match.phase() == "widow" and GAME.view(match, m, None, None)["deal"]["widow"] is None
    refused(match, m, "concede", "concede_not_now")  # the widow is not turned yet
    refused(match, e, "meld", "turn_the_widow")
    act(match, e, "throw_in")
    deal = match.deals[-1]
    assert deal.result is not None and deal.result.end is End.THROWN_IN
    assert list(deal.result.chips) == [0 if s != e else -3 for s in range(3)]
    assert deal.result.kitty == 3 and not deal.widow_turned


def test_ap6f_a_meld_that_reaches_the_bid_makes_it_without_play() -> None:
    # 100 aces twice (200) and a flush in hearts (150) with a dix (10): 360 from the meld
    match = deal_match("AS AS AH AH AD AD AC AC TH KH QH JH 9H KS QS")
    e = auction_to(match, 300)
    act(match, e, "trump:H")
    act(match, e, "meld:AS,AH,AD,AC;AS,AH,AD,AC;AH,TH,KH,QH,JH;9H")
    deal = match.deals[-1]
    assert deal.result is not None and deal.result.end is End.MADE_ON_MELD
    assert deal.meld_value >= 300 and deal.buried is None


# -- AP7-AP9: play -------------------------------------------------------------------------------


def test_ap7_the_first_of_two_identical_cards_wins() -> None:
    assert trick_winner(cards("AC AC TC"), "H", PINOCHLE) == 0


def test_ap8_a_trump_lead_must_be_beaten_if_possible() -> None:
    assert legal_cards(cards("AS 9S KH"), cards("TS"), "S", PINOCHLE) == ["AS"]
    assert legal_cards(cards("KS QS JD"), cards("TS AS"), "S", PINOCHLE) == ["KS", "QS"]


def test_ap9_void_in_a_plain_suit_trumps_without_overtrumping() -> None:
    assert legal_cards(cards("9S QS TD"), cards("KH"), "S", PINOCHLE) == ["9S", "QS"]
    assert legal_cards(cards("JS AD"), cards("KH QS"), "S", PINOCHLE) == ["JS"]
    assert trick_winner(cards("KH QS JS"), "S", PINOCHLE) == 1
    assert legal_cards(cards("KH JS"), cards("KH QS"), "S", PINOCHLE) == ["KH"]


# -- AP10: burial --------------------------------------------------------------------------------


def ap10_match() -> tuple[Match, int]:
    match = deal_match("AD TD KD QD JD AS AH AC TS TS 9C 9C JC JH JS", widow="9S 9H KC")
    e = auction_to(match, 400)
    act(match, e, "trump:D")
    act(match, e, "meld:AD,TD,KD,QD,JD;AS,AH,AD,AC")
    return match, e


def test_ap10_burial_rules() -> None:
    match, e = ap10_match()
    assert match.phase() == "bury"
    refused(match, e, "bury:AS,TS,TS", "cannot_bury_shown_card")
    refused(match, e, "bury:AD,TS,TS", "cannot_bury_shown_card")
    refused(match, e, "bury:TS,TS", "bury_must_be_3_own_cards")
    refused(match, e, "bury:TS,TS,9C,9C", "bury_must_be_3_own_cards")
    refused(match, e, "bury:TS,TS,TS", "bury_must_be_3_own_cards")  # three tens of spades
    act(match, e, "bury:TS,TS,9C")
    assert match.phase() == "play"
    legal = GAME.legal(match, e)
    assert legal is not None and "play:TS" not in legal["actions"]  # buried
    refused(match, e, "play:TS", "card_is_buried")


def test_burial_is_per_copy() -> None:
    match = deal_match("AS AS AH AD AC TS TS 9C 9C JC JH KS KH KD KC", widow="QH QD 9H")
    e = auction_to(match, 400)
    act(match, e, "trump:C")
    act(match, e, "meld:AS,AH,AD,AC")
    act(match, e, "bury:AS,TS,TS")  # the copy of AS that was not shown
    assert match.deals[-1].buried == ["AS", "TS", "TS"]


# -- the bidder's provisional choices (§5.4, Clarifications 2-5) ---------------------------------


def test_trump_meld_and_burial_may_change_until_the_first_lead() -> None:
    match, e = ap10_match()
    act(match, e, "bury:TS,TS,9C")
    act(match, e, "trump:S")  # the shown cards stay shown, valued anew
    deal = match.deals[-1]
    assert deal.trump == "S" and deal.meld_value == 100 + 20  # the aces, and KD QD a marriage
    act(match, e, "trump:D")
    act(match, e, "meld:AS,AH,AD,AC")  # a smaller meld: the burial stays valid
    assert deal.buried == ["TS", "TS", "9C"] and deal.meld_value == 100
    act(match, e, "play:AD")
    refused(match, e, "trump:S", "not_your_turn")
    assert deal.led


def test_a_new_meld_that_shows_a_buried_card_asks_for_a_new_burial() -> None:
    match = deal_match("AD TD KD QD JD AS AH AC TS TS 9C 9C JC JH JS", widow="9S 9H KC")
    e = auction_to(match, 400)
    act(match, e, "trump:D")
    act(match, e, "meld")
    act(match, e, "bury:AS,TS,TS")
    act(match, e, "meld:AS,AH,AD,AC")
    assert match.deals[-1].buried is None and match.phase() == "bury"


def test_a_throw_in_needs_the_unraised_compulsory_bid() -> None:
    match = deal_match("")
    e, m, last = match.deals[-1].active
    act(match, e, "bid:310")  # opened above the minimum
    act(match, m, "pass")
    act(match, last, "pass")
    assert match.phase() == "trump" and match.deals[-1].widow_turned
    refused(match, e, "throw_in", "widow_turned")


def test_naming_trump_while_a_throw_in_is_open_turns_the_widow() -> None:
    match = deal_match("")
    e, m, last = match.deals[-1].active
    act(match, e, "bid:300")
    act(match, m, "pass")
    act(match, last, "pass")
    act(match, e, "trump:C")
    deal = match.deals[-1]
    assert deal.widow_turned and deal.trump == "C" and len(deal.hands[e]) == 18
    assert match.phase() == "meld"
    refused(match, e, "throw_in", "widow_turned")


def test_conceding_before_turning_the_widow_turns_it_and_is_single_bete() -> None:
    match = deal_match("")
    e, m, last = match.deals[-1].active
    act(match, e, "bid:300")
    act(match, m, "pass")
    act(match, last, "pass")
    act(match, e, "concede")
    deal = match.deals[-1]
    assert deal.result is not None and deal.result.end is End.SINGLE_BETE
    assert deal.widow_turned and deal.result.chips[e] == -6


def test_a_lone_concession_settles_as_made_whatever_happens() -> None:
    match = deal_match("")
    e, m, last = match.deals[-1].active
    act(match, e, "bid:360")
    act(match, m, "pass")
    act(match, last, "pass")
    act(match, m, "concede")  # out of turn, before trump: no doubling
    refused(match, m, "concede", "already_conceded")
    act(match, e, "trump:S")
    act(match, e, "concede")  # the bidder concedes afterwards: single bete for the rest
    result = match.deals[-1].result
    assert result is not None and result.end is End.SINGLE_BETE
    value = basic_value(360, "standard")  # 5
    assert result.chips[m] == -value  # pays as made, at the value of his moment
    assert result.chips[last] == 2 * value  # spades double for the others
    assert result.kitty == 2 * value
    assert sum(result.chips) + result.kitty == 0


def test_both_opponents_conceding_makes_the_contract() -> None:
    match = deal_match("")
    e, m, last = match.deals[-1].active
    act(match, e, "bid:300")
    act(match, m, "bid:350")
    act(match, last, "pass")
    act(match, e, "pass")
    act(match, last, "concede")
    act(match, e, "concede")
    result = match.deals[-1].result
    assert result is not None and result.end is End.OPPONENTS_CONCEDED
    assert result.chips[m] == 15 and result.kitty == -5


def test_concessions_end_with_the_first_lead() -> None:
    match, e = ap10_match()
    act(match, e, "bury:TS,TS,9C")
    act(match, e, "play:AD")
    other = next(s for s in match.deals[-1].active if s != e)
    for seat in (e, other):
        refused(match, seat, "concede", "concede_not_now")


def test_made_on_meld_is_checked_when_trump_changes() -> None:
    match = deal_match("AS AS AH AH AD AD AC AC KS QS KH QH KD QD 9C", widow="KC QC 9S")
    e = auction_to(match, 350)
    act(match, e, "trump:H")
    act(match, e, "meld:AS,AH,AD,AC;AS,AH,AD,AC;KC,QC")  # 200 + 20 = 220 in hearts
    assert match.deals[-1].result is None
    act(match, e, "trump:C")  # KC QC become a royal marriage: 240, still short
    assert match.deals[-1].result is None
    act(match, e, "meld:AS,AH,AD,AC;AS,AH,AD,AC;KC,QC;KS,KH,KD,KC;QS,QH,QD,QC")
    result = match.deals[-1].result
    assert result is not None and result.end is End.MADE_ON_MELD


# -- bad input -----------------------------------------------------------------------------------


def test_every_refusal_names_its_rule_and_changes_nothing() -> None:
    match, e = ap10_match()
    deal = match.deals[-1]
    refused(match, e, "meld:AH,TH,KH,QH,JH", "not_a_meld")  # not trumps
    refused(match, e, "meld:KS,QS", "meld_cards_not_held")
    refused(match, e, "meld:AD,TD,KD,QD,JD;KD,QD", "card_twice_in_class")
    refused(match, e, "bid:500", "auction_over")
    refused(match, e, "widow", "widow_turned")
    refused(match, e, "play:JC", "bury_first")
    other = next(s for s in deal.active if s != e)
    refused(match, other, "play:9C", "not_your_turn")
    for text in ("bury:XX,TS,TS", "meld:AD,TD;", "play:10S", "trump:X", "concede:now", "deal:AS"):
        with pytest.raises(MalformedAction):
            GAME.parse_action(text)


def test_a_meld_before_trumps_are_named_is_refused() -> None:
    match = deal_match("AS AS AH AH AD AD AC AC KS QS KH QH KD QD 9C", widow="KC QC 9S")
    e = auction_to(match, 350)
    assert match.phase() == "trump"
    for text in ("meld:AS,AH,AD,AC", "meld"):  # showing no meld waits for trumps as well
        refused(match, e, text, "meld_needs_trump")
    with pytest.raises(IllegalAction, match=r"^name trumps before showing a meld$"):
        match.check(e, GAME.parse_action("meld"))


def test_a_deal_built_by_hand_that_is_not_the_pack_is_malformed() -> None:
    match = Match(3, None, 0)
    short = Action("deal", ",".join(CARDS[:-1]))
    thrice = Action("deal", ",".join([*CARDS[:-1], "AS"]))
    for action in (short, thrice, Action("deal", "")):
        with pytest.raises(MalformedAction, match=r"^not an auction pinochle action: 'deal"):
            match.apply(TABLE, action)
    assert match.to_act == TABLE and not match.deals


def test_a_meld_must_leave_three_cards_to_bury() -> None:
    # 16 cards in melds worth less than the bid: nothing left to bury
    match = deal_match(
        "KS QS KH QH KD QD KC QC KS QS KH QH KD QD 9C", widow="KC QC 9S", options={"opening": 300}
    )
    e = auction_to(match, 800)
    act(match, e, "trump:C")
    groups = ";".join(["KS,QS", "KS,QS", "KH,QH", "KH,QH", "KD,QD", "KD,QD", "KC,QC", "KC,QC"])
    refused(match, e, f"meld:{groups}", "meld_leaves_no_burial")


def test_duties_are_refused_by_name() -> None:
    # Bidder leads a heart; the next seat holds hearts and spades
    match = deal_match(
        "AH TH KH QH JH 9H AS TS KS QS JS 9S AD TD KD",
        widow="QD JD 9D",
        second="AH TH KH QH JH 9H AC TC KC QC JC 9C AD TD KD",
    )
    e = auction_to(match, 400)
    m = match.deals[-1].active[1]
    act(match, e, "trump:S")
    act(match, e, "meld")
    act(match, e, "bury:QD,JD,9D")
    act(match, e, "play:9H")
    refused(match, m, "play:AC", "must_follow_suit")
    act(match, m, "play:AH")
    # the third seat got the rest: spades, clubs and diamonds, no heart
    third = match.deals[-1].active[2]
    hand = match.deals[-1].hands[third]
    assert not any(c[1] == "H" for c in hand) and "AS" in hand
    refused(match, third, "play:AC", "must_trump")
    act(match, third, "play:9S")  # any trump: no duty to overtrump


def test_a_trump_lead_must_be_beaten_by_name() -> None:
    match = deal_match(
        "TS KS QS JS 9S AH TH KH QH JH 9H AD TD KD QD",
        widow="JD 9D AC",
        second="AS 9S 9C AC TC KC QC JC TC KC QC JC 9C 9D JD",
    )
    e = auction_to(match, 400)
    m = match.deals[-1].active[1]
    act(match, e, "trump:S")
    act(match, e, "meld")
    act(match, e, "bury:JD,9D,AC")
    act(match, e, "play:TS")
    refused(match, m, "play:9S", "must_beat_trump_lead")
    act(match, m, "play:AS")


def test_a_seat_sitting_out_cannot_act() -> None:
    match = deal_match("", seats=4, dealer=0)
    deal = match.deals[-1]
    assert deal.active == (1, 2, 3) and deal.hands[0] == []
    refused(match, 0, "bid:300", "sitting_out")
    match = deal_match("", seats=5, dealer=0)
    assert match.deals[-1].active == (1, 3, 4)
    refused(match, 2, "bid:300", "sitting_out")


# -- the kitty and the session -------------------------------------------------------------------


def test_the_kitty_is_shared_toward_zero_and_the_rest_from_left_of_the_last_dealer() -> None:
    assert share_kitty(10, 3, 2) == [4, 3, 3]
    assert share_kitty(-10, 3, 0) == [-3, -4, -3]
    assert share_kitty(9, 4, 3) == [3, 2, 2, 2]
    assert share_kitty(0, 5, 1) == [0] * 5


def play_session(seats: int, seed: int, options: dict[str, object] | None = None) -> Match:
    rng = random.Random(seed)
    match = GAME.new_match(seats, GAME.resolve_options(options), rng.randrange(seats))
    while not match.is_over:
        if match.to_act == TABLE:
            match.apply(TABLE, GAME.chance(match, rng))
            deal = match.deals[-1]
            for s in range(seats):
                if s not in deal.active:
                    assert deal.dealt[s] == [] and deal.hands[s] == []
            continue
        seat = match.to_act
        assert seat is not None
        legal = GAME.legal(match, seat)
        assert legal is not None
        if "count" in legal:
            text = f"{legal['kind']}:" + ",".join(rng.sample(legal["from"], 3))
        else:
            text = rng.choice(legal["actions"])
        match.apply(seat, GAME.parse_action(text))
        deal = match.deals[-1]
        for s in range(seats):
            if s not in deal.active:
                assert deal.hands[s] == [] and GAME.legal(match, s) is None
    return match


@pytest.mark.parametrize("seats", [3, 4, 5])
@pytest.mark.parametrize("seed", range(4))
def test_random_sessions_settle_to_zero_and_inactive_seats_settle(seats: int, seed: int) -> None:
    match = play_session(seats, seed)
    assert len(match.deals) == 2 * seats
    for deal in match.deals:
        result = deal.result
        assert result is not None
        assert sum(result.chips) + result.kitty == 0
        if result.end is not End.THROWN_IN and result.value:
            for s in range(seats):
                if s not in deal.active:
                    assert result.chips[s] != 0  # sitting out, yet settling
    assert sum(match.totals) == 0 and match.kitty == 0
    assert match.share is not None and sum(match.share) == sum(d.result.kitty for d in match.deals)  # type: ignore[union-attr]
    outcome = GAME.outcome(match)
    assert outcome is not None and set(outcome.winners) == {
        s for s in range(seats) if match.totals[s] == max(match.totals)
    }


def test_options_change_the_opening_the_schedule_and_the_session() -> None:
    match = play_session(3, 7, {"opening": 200, "rounds": 1, "schedule": "bonus"})
    assert len(match.deals) == 3
    assert all(d.minimum == 200 for d in match.deals)
    assert basic_value(200, "standard") == 1 and basic_value(250, "standard") == 2
    assert basic_value(600, "standard") == 30 and basic_value(5000, "standard") == 30
    assert basic_value(700, "bonus") == 30 and basic_value(450, "steady") == 6
    assert bid_value(300, "S", {**DEFAULTS, "spades_double": False}) == 3


def test_packets_of_four_deal_the_same_hands_from_the_same_layout() -> None:
    from app.engine.pinochle.auction.rules import LAYOUTS

    for packets, layout in LAYOUTS.items():
        counts = Counter(layout)
        assert counts == {0: 15, 1: 15, 2: 15, 3: 3}, packets
    assert LAYOUTS[4][12:15] == (3, 3, 3) and LAYOUTS[3][9:12] == (3, 3, 3)


def test_the_sheet_keeps_the_kitty_as_an_account(seats: int = 4) -> None:
    match = play_session(seats, 2)
    sheet = GAME.scoresheet(seats, match.options, GAME.scored_deals(match, 0))
    kitty = sheet["accounts"][0]
    assert kitty["key"] == "kitty" and kitty["total"] == 0
    assert len(kitty["running"]) == len(sheet["deals"])
    assert sheet["totals"] == match.totals
    last = sheet["deals"][-1]["cells"]["share"]
    assert last == match.share
