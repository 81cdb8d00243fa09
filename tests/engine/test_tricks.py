"""The shared trick mechanism (app/engine/tricks.py) configured as each specified game would
configure it, checked against the legal sets and winners those specs state."""

from __future__ import annotations

import pytest

from app.engine.cards import parse_cards
from app.engine.tricks import WHIST, Heading, TrickRules, legal_cards, revealed, trick_winner

# Pinochle family: follow; on a trump lead beat the best card if able; void -> any trump,
# with no duty to overtrump (auction-pinochle.md §9, shared by the partnership games).
PINOCHLE = TrickRules(heading=Heading.ON_TRUMP_LEAD, trump_when_void=True, ranks="ATKQJ9")
DOUBLE_DECK = TrickRules(heading=Heading.ON_TRUMP_LEAD, trump_when_void=True, ranks="ATKQJ")

# Two-handed games while the stock lasts: any card, no duty to follow or win.
BEZIQUE_STOCK = TrickRules(follow_suit=False, ranks="ATKQJ987")
BEZIQUE_ENDGAME = TrickRules(trump_when_void=True, ranks="ATKQJ987")
BEZIQUE_ENDGAME_MUST_WIN = TrickRules(
    heading=Heading.ALWAYS, trump_when_void=True, ranks="ATKQJ987"
)

SIXTY_SIX_OPEN = TrickRules(follow_suit=False, ranks="ATKQJ9")
SIXTY_SIX_CLOSED = TrickRules(ranks="ATKQJ9")
SIXTY_SIX_GERMAN_CLOSED = TrickRules(heading=Heading.ALWAYS, trump_when_void=True, ranks="ATKQJ9")

SPADES = TrickRules(trump_lead_needs_break=True)


def cards(text: str, ranks: str) -> list[str]:
    return parse_cards(text, ranks)


def legal(
    rules: TrickRules, hand: str, trick: str, trump: str | None, broken: bool = True
) -> list[str]:
    return legal_cards(
        cards(hand, rules.ranks), cards(trick, rules.ranks), trump, rules, trumps_broken=broken
    )


def winner(rules: TrickRules, trick: str, trump: str | None) -> int:
    return trick_winner(cards(trick, rules.ranks), trump, rules)


# -- auction pinochle ---------------------------------------------------------------------------


def test_ap7_first_of_identical_cards_wins() -> None:
    assert winner(PINOCHLE, "AC AC TC", "H") == 0


def test_ap8_trump_lead_must_be_beaten_if_possible() -> None:
    assert legal(PINOCHLE, "AS 9S KH", "TS", "S") == ["AS"]
    assert legal(PINOCHLE, "KS QS JD", "TS AS", "S") == ["KS", "QS"]


def test_ap9_void_in_plain_suit_must_trump_without_overtrumping() -> None:
    assert legal(PINOCHLE, "9S QS TD", "KH", "S") == ["9S", "QS"]
    assert legal(PINOCHLE, "JS AD", "KH QS", "S") == ["JS"]
    assert winner(PINOCHLE, "KH QS JS", "S") == 1
    assert legal(PINOCHLE, "KH JS", "KH QS", "S") == ["KH"]


def test_ap9_following_a_trumped_plain_lead_need_not_beat() -> None:
    assert legal(PINOCHLE, "9H AH", "KH QS", "S") == ["9H", "AH"]


def test_pinochle_void_in_trumps_on_a_trump_lead_plays_anything() -> None:
    assert legal(PINOCHLE, "AH KD 9C", "TS", "S") == ["AH", "KD", "9C"]


def test_pinochle_rank_ten_above_king() -> None:
    assert winner(PINOCHLE, "KD TD QD", "C") == 1
    assert winner(PINOCHLE, "9D JD AD", "C") == 2


# -- partnership pinochle -----------------------------------------------------------------------


def test_pp9_identical_cards_in_a_four_card_trick() -> None:
    assert winner(PINOCHLE, "AD TD AD QD", "C") == 0


def test_pp10_trump_lead_duties_and_void() -> None:
    assert legal(PINOCHLE, "JH AH KS", "9H", "H") == ["JH", "AH"]
    assert legal(PINOCHLE, "TH QH", "9H AH", "H") == ["TH", "QH"]
    assert legal(PINOCHLE, "AS KD 9C", "9H AH", "H") == ["AS", "KD", "9C"]


def test_pp_plain_lead_void_must_trump_any_trump() -> None:
    assert legal(PINOCHLE, "9C QC AS", "AD TD", "C") == ["9C", "QC"]


# -- double-deck pinochle -----------------------------------------------------------------------


def test_dd9_first_of_four_identical_cards_wins() -> None:
    assert winner(DOUBLE_DECK, "AS AS AS TS", "H") == 0


def test_dd_no_nines_in_the_rank_order() -> None:
    assert winner(DOUBLE_DECK, "JH KH TH", "S") == 2
    assert legal(DOUBLE_DECK, "JD QD", "KD AD", "D") == ["JD", "QD"]


# -- rubicon and chinese bezique ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("trick", "trump", "position"),
    [
        pytest.param("TH TH", None, 0, id="identical_leader"),
        pytest.param("7C AS", None, 0, id="off_suit_no_trump_leader"),
        pytest.param("AS 7D", "D", 1, id="trump_beats_ace"),
        pytest.param("7D 8D", "D", 1, id="higher_trump"),
        pytest.param("TH AH", None, 1, id="ace_over_ten"),
        pytest.param("9C TC", "H", 1, id="ten_over_nine"),
    ],
)
def test_rb1_trick_winners(trick: str, trump: str | None, position: int) -> None:
    assert winner(BEZIQUE_STOCK, trick, trump) == position
    assert winner(BEZIQUE_ENDGAME, trick, trump) == position


def test_rb_stock_phase_any_card() -> None:
    assert legal(BEZIQUE_STOCK, "7H AS KD", "TH", "D") == ["7H", "AS", "KD"]


@pytest.mark.parametrize(
    ("rules", "hand", "expected"),
    [
        pytest.param(BEZIQUE_ENDGAME, "7H AH 8C", "7H AH", id="follow"),
        pytest.param(BEZIQUE_ENDGAME_MUST_WIN, "7H AH 8C", "AH", id="follow_must_win"),
        pytest.param(BEZIQUE_ENDGAME, "8C 9S", "8C", id="void_must_trump"),
        pytest.param(BEZIQUE_ENDGAME_MUST_WIN, "8C 9S", "8C", id="void_must_trump_must_win"),
        pytest.param(BEZIQUE_ENDGAME, "9S TD", "9S TD", id="void_no_trump"),
        pytest.param(BEZIQUE_ENDGAME_MUST_WIN, "7H 8H", "7H 8H", id="must_win_cannot"),
    ],
)
def test_rb12_last_nine_tricks(rules: TrickRules, hand: str, expected: str) -> None:
    assert legal(rules, hand, "KH", "C") == cards(expected, rules.ranks)


def test_rb_endgame_identical_card_cannot_beat_the_led_one() -> None:
    # Under must_win the twin of the led card does not beat it, so any heart is allowed.
    assert legal(BEZIQUE_ENDGAME_MUST_WIN, "KH 7H", "KH", "C") == ["KH", "7H"]


def test_rb_no_trump_yet_void_plays_anything_in_endgame() -> None:
    assert legal(BEZIQUE_ENDGAME, "9S TD", "KH", None) == ["9S", "TD"]


def test_cb7_identical_cards_and_trump() -> None:
    assert winner(BEZIQUE_STOCK, "AH AH", None) == 0
    assert winner(BEZIQUE_STOCK, "AH AH", "C") == 0
    assert winner(BEZIQUE_STOCK, "AH 7C", "C") == 1


# -- sixty-six ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trick", "position"),
    [
        pytest.param("KH AS", 0, id="different_suits_leader"),
        pytest.param("KH 9C", 1, id="trump_wins"),
        pytest.param("AH TH", 0, id="ace_over_ten"),
        pytest.param("JC 9C", 0, id="jack_over_nine"),
    ],
)
def test_s2_trick_winners_stock_open(trick: str, position: int) -> None:
    assert winner(SIXTY_SIX_OPEN, trick, "C") == position


def test_sixty_six_stock_open_no_duty_to_follow() -> None:
    assert legal(SIXTY_SIX_OPEN, "KH AS 9C", "TH", "C") == ["KH", "AS", "9C"]


@pytest.mark.parametrize(
    ("rules", "hand", "expected"),
    [
        pytest.param(SIXTY_SIX_CLOSED, "KH AS 9C", "KH", id="follow"),
        pytest.param(SIXTY_SIX_CLOSED, "AS 9C", "AS 9C", id="void_any"),
        pytest.param(SIXTY_SIX_GERMAN_CLOSED, "AS 9C", "9C", id="german_void_trump"),
        pytest.param(SIXTY_SIX_GERMAN_CLOSED, "KH AH", "AH", id="german_follow_and_beat"),
        pytest.param(SIXTY_SIX_GERMAN_CLOSED, "KH QH", "KH QH", id="german_cannot_beat"),
        pytest.param(SIXTY_SIX_GERMAN_CLOSED, "KS QD", "KS QD", id="german_void_no_trump"),
    ],
)
def test_s9_play_after_closing(rules: TrickRules, hand: str, expected: str) -> None:
    assert legal(rules, hand, "TH", "C") == cards(expected, rules.ranks)


def test_sixty_six_german_trump_lead_must_be_beaten() -> None:
    assert legal(SIXTY_SIX_GERMAN_CLOSED, "9C AC KH", "TC", "C") == ["AC"]


# -- spades -------------------------------------------------------------------------------------


def test_sp9_spades_not_led_until_broken() -> None:
    assert legal(SPADES, "AS KS 2H", "", "S", broken=False) == ["2H"]
    assert legal(SPADES, "AS KS 2S", "", "S", broken=False) == ["AS", "KS", "2S"]
    assert legal(SPADES, "AS KS 2H", "", "S", broken=True) == ["AS", "KS", "2H"]


def test_spades_following_is_plain_whist() -> None:
    assert legal(SPADES, "AS 3H 4D", "2H", "S", broken=False) == ["3H"]
    assert legal(SPADES, "AS 4D", "2H", "S", broken=False) == ["AS", "4D"]


def test_sp10_highest_spade_wins() -> None:
    assert winner(SPADES, "2H 3S AH 2S", "S") == 1


# -- whist (Bismarck) and the options left at their defaults ---------------------------------


def test_whist_is_the_default_and_has_no_extra_duties() -> None:
    assert TrickRules() == WHIST
    assert WHIST.follow_suit and WHIST.heading is Heading.NEVER
    assert not (WHIST.trump_when_void or WHIST.overtrump or WHIST.trump_lead_needs_break)


def test_break_rule_needs_a_trump_suit() -> None:
    assert legal(SPADES, "AS 2H", "", None, broken=False) == ["AS", "2H"]


def test_overtrump_option_when_void() -> None:
    rules = TrickRules(trump_when_void=True, overtrump=True)
    assert legal_cards(["2S", "KS", "4D"], ["AH", "QS"], "S", rules) == ["KS"]
    assert legal_cards(["2S", "4D"], ["AH", "QS"], "S", rules) == ["2S"]


def test_duplicates_in_hand_are_returned_as_often_as_held() -> None:
    assert legal(PINOCHLE, "AS AS 9H", "TS", "S") == ["AS", "AS"]


# -- what the cards played show of the hands ----------------------------------------------------


def _bars(
    tricks: list[list[tuple[int, str]]], trump: str | None, rules: TrickRules, seats: int = 3
) -> tuple[list[str], list[set[str]]]:
    shown = revealed(tricks, trump, rules, seats)
    return shown.voids, shown.barred


def test_a_seat_that_does_not_follow_shows_a_void_and_no_more_under_whist() -> None:
    voids, barred = _bars([[(0, "AS"), (1, "2H"), (2, "3S")], [(1, "KD"), (2, "4C")]], "H", WHIST)
    assert voids == ["", "S", "D"]
    assert barred == [set(), set(), set()]


def test_trumping_when_void_bars_every_trump_from_a_seat_that_threw_a_plain_card() -> None:
    rules = TrickRules(trump_when_void=True, ranks="ATKQJ9")
    _, barred = _bars([[(0, "AS"), (1, "9C"), (2, "9H")]], "H", rules)
    assert barred[1] == {r + "H" for r in "ATKQJ9"}
    assert barred[2] == set()  # it trumped


def test_heading_bars_the_higher_cards_of_the_suit_led_and_stops_once_trumped() -> None:
    rules = TrickRules(heading=Heading.ALWAYS, trump_when_void=True, ranks="ATKQJ9")
    _, barred = _bars([[(0, "KS"), (1, "JS"), (2, "QS")]], "H", rules)
    assert barred[1] == {"AS", "TS"}  # it did not beat the king
    assert barred[2] == {"AS", "TS"}
    _, barred = _bars([[(0, "KS"), (1, "9H"), (2, "QS")]], "H", rules)
    assert barred[2] == set()  # a trump took the trick: following cannot beat it


def test_a_trump_lead_is_headed_only_where_the_rules_say_so() -> None:
    pinochle = TrickRules(heading=Heading.ON_TRUMP_LEAD, trump_when_void=True, ranks="ATKQJ9")
    _, barred = _bars([[(0, "KH"), (1, "JH"), (2, "QS")]], "H", pinochle)
    assert barred[1] == {"AH", "TH"}
    _, barred = _bars([[(0, "KS"), (1, "JS")]], "H", pinochle)
    assert barred[1] == set()  # a plain lead need not be beaten


def test_overtrumping_bars_the_trumps_above_the_best_one() -> None:
    rules = TrickRules(trump_when_void=True, overtrump=True, ranks="ATKQJ9")
    _, barred = _bars([[(0, "AS"), (1, "KH"), (2, "9H")]], "H", rules)
    assert barred[2] == {"AH", "TH"}


def test_a_trump_led_before_trumps_are_broken_shows_a_hand_of_trumps() -> None:
    spades = TrickRules(trump_lead_needs_break=True)
    _, barred = _bars([[(0, "AS"), (1, "KS"), (2, "QS"), (3, "JS")]], "S", spades, seats=4)
    assert len(barred[0]) == 39 and not any(c[1] == "S" for c in barred[0])
    # once a spade lay in a trick, leading one shows nothing
    tricks = [[(0, "AH"), (1, "2S"), (2, "3H"), (3, "4H")], [(1, "KS")]]
    assert _bars(tricks, "S", spades, seats=4)[1][1] == set()


def test_what_play_shows_adds_up_over_duties_and_lists_the_void_suits_whole() -> None:
    loose = TrickRules(follow_suit=False, ranks="ATKQJ9")
    strict = TrickRules(trump_when_void=True, ranks="ATKQJ9")
    shown = revealed([[(0, "AS"), (1, "9C")]], "H", loose, 2)
    assert shown.voids == ["", ""]  # any card may be played while the stock lasts
    revealed([[(0, "AD"), (1, "9C")]], "H", strict, 2, into=shown)
    assert shown.voids == ["", "D"]
    assert shown.cards("ATKQJ9")[1] == {r + s for s in "DH" for r in "ATKQJ9"}
