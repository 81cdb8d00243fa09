"""German Whist as shared/rules/german-whist.md specifies it, played through the registry's
game alone: the vectors GW1-GW7 (§9), the refusals (§8), who sees which card, the resampler
against Clarifications 2 and 3, the options (§7), the records and the paper form."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from app.engine.cards import FULL_DECK, RANKS, SUITS, Card, parse_cards
from app.engine.errors import IllegalAction
from app.engine.game import (
    TABLE,
    GameState,
    OptionError,
    OptionValue,
    Outcome,
    ScoredDeal,
    Termination,
)
from app.engine.german_whist import GAME, Match
from app.engine.records import export_record, replay_record, validate_record

PLAYERS = ("Anna", "Bertil")
SAMPLES = 200
"""Views dealt anew per check of the resampler: enough that a card allowed in a hand lands
there in some sample, and that a rule broken now and then would show."""


# -- set-ups ---------------------------------------------------------------------------------------


def pack_of(
    first: str = "",
    second: str = "",
    stock: str = "",
    *,
    first_void: str = "",
    second_void: str = "",
) -> list[Card]:
    """A pack as dealt (§3): ``first`` begins the non-dealer's hand (positions 0, 2, ...),
    ``second`` the dealer's (1, 3, ...), ``stock`` the stock from its top (position 26, the
    turned card that makes trumps). The other cards fill the hands and then the stock in
    canonical order, a hand's filler skipping the suits of its ``*_void``, so that a named
    card can be the only one of its suit in that hand."""
    hands = [parse_cards(first), parse_cards(second)]
    top = parse_cards(stock)
    named = hands[0] + hands[1] + top
    if len(set(named)) != len(named):
        raise ValueError(f"a card is named twice: {named}")
    spare = [c for c in FULL_DECK if c not in set(named)]
    voids = (first_void, second_void)
    # a hand with voids is filled first, so the other hand takes up the suits it may not
    for k in sorted(range(2), key=lambda k: not voids[k]):
        while len(hands[k]) < 13:
            card = next(c for c in spare if c[1] not in voids[k])
            spare.remove(card)
            hands[k].append(card)
    pack = [hands[k % 2][k // 2] for k in range(26)] + top + spare
    assert sorted(pack) == sorted(FULL_DECK)
    return pack


ONE_SUIT_PAIRS: dict[str, list[tuple[Card, Card]]] = {
    s: [(RANKS[2 * i] + s, RANKS[2 * i + 1] + s) for i in range(6)] for s in SUITS
}
"""Each suit but its two as six pairs, the higher card first: (AS, KS), (QS, JS), ..."""
TWOS = [("2H", "2S"), ("2D", "2C")]
"""The last two tricks, ``(seat 0's card, seat 1's)``: with spades trumps seat 1 wins both
whoever leads, and the follower never holds the suit led."""

Plan = list[tuple[Card, Card]]


def planned(
    points: int, cards_won_by: Sequence[int] = (0,) * 13, dealer: int = 1
) -> tuple[list[Card], Plan]:
    """A pack and the card each seat plays to each of the 26 tricks, ``(seat 0's, seat 1's)``.

    Every trick but the last two is two cards of one suit, so whoever leads, the other can
    follow with its card and the higher one wins: trick ``t`` of the first thirteen goes to
    ``cards_won_by[t]``, and which stock cards each seat takes follows from that (the
    winner the face-up one). Of the thirteen for points seat 0 wins ``points`` (0 to 11)
    and seat 1 the rest. The first of them is of spades, so the turned card is a spade."""
    assert 0 <= points <= 11 and len(cards_won_by) == 13
    pairs = [p for s in SUITS for p in ONE_SUIT_PAIRS[s]]
    for_points = [p if i < points else (p[1], p[0]) for i, p in enumerate(pairs[:11])] + TWOS
    for_cards = [
        p if w == 0 else (p[1], p[0]) for w, p in zip(cards_won_by, pairs[11:], strict=True)
    ]
    first = 1 - dealer
    pack = [pair[seat] for pair in for_cards for seat in (first, dealer)]
    for winner, pair in zip(cards_won_by, for_points, strict=True):
        pack += [pair[winner], pair[1 - winner]]
    assert sorted(pack) == sorted(FULL_DECK)
    return pack, for_cards + for_points


def new_match(dealer: int = 1, **options: OptionValue) -> Match:
    match: Match = GAME.new_match(2, options, dealer)
    return match


def start(pack: Sequence[Card], match: Match | None = None) -> Match:
    """``match`` (a new one, seat 1 dealing, unless given) with its next deal dealt from
    ``pack``; seat 0 then leads the first trick."""
    if match is None:
        match = new_match()
    match.apply(TABLE, GAME.deal(pack))
    return match


def play(match: Match, seat: int, card: Card) -> None:
    match.apply(seat, GAME.parse_action(f"play:{card}"))


def play_tricks(match: Match, tricks: Sequence[tuple[Card, Card]]) -> None:
    """Each trick as ``(seat 0's card, seat 1's)``: the seat to lead plays its card, then
    the other."""
    for pair in tricks:
        leader = match.to_act
        assert leader in (0, 1), leader
        play(match, leader, pair[leader])
        play(match, 1 - leader, pair[1 - leader])


def play_deal(match: Match, points: int, cards_won_by: Sequence[int] = (0,) * 13) -> None:
    """The match's next deal dealt and played so that seat 0 takes ``points`` of the tricks
    for points (:func:`planned`)."""
    pack, tricks = planned(points, cards_won_by, match.next_dealer)
    start(pack, match)
    play_tricks(match, tricks)


def view(match: GameState, seat: int | None) -> dict[str, Any]:
    return GAME.view(match, seat, None, None)


def shown(match: Match, seat: int | None) -> dict[str, Any]:
    """The deal in progress as ``seat`` (``None``: a spectator) sees it."""
    deal: dict[str, Any] = view(match, seat)["deal"]
    return deal


def dumps(value: object) -> str:
    return json.dumps(value, sort_keys=True)


def shows(value: object, card: Card) -> bool:
    return f'"{card}"' in dumps(value)


def observed(match: Match) -> list[str]:
    """What each seat and a spectator see, and the whole record, as bytes."""
    seen = [dumps(view(match, seat)) for seat in (0, 1, None)]
    seen.append(dumps(export_record(GAME, match, PLAYERS)))
    return seen


def assert_refused(match: Match, seat: int, text: str, code: str) -> IllegalAction:
    """``text`` by ``seat`` is refused with ``code``, ``check`` foretelling it, and no view
    and no record changes by a byte."""
    before = observed(match)
    action = GAME.parse_action(text)
    with pytest.raises(IllegalAction) as foretold:
        match.check(seat, action)
    assert foretold.value.code == code, foretold.value.message
    with pytest.raises(IllegalAction) as refused:
        match.apply(seat, action)
    assert refused.value.code == code, refused.value.message
    assert observed(match) == before
    return refused.value


def samples(match: Match, seat: int | None, count: int = SAMPLES) -> list[Match]:
    """``count`` states dealt anew from ``seat``'s view, each from its own seed."""
    seen = view(match, seat)
    return [GAME.resample(seen, random.Random(k)) for k in range(count)]  # type: ignore[misc]


def hand(match: Match, seat: int) -> list[Card]:
    cards: list[Card] = shown(match, seat)["hand"]
    return cards


# -- the vectors of §9 -----------------------------------------------------------------------------


def test_gw1_a_trump_from_a_player_void_in_the_suit_led_wins() -> None:
    match = start(pack_of("KS", "2H", "5H", second_void="S"))
    assert shown(match, None)["trump"] == "H"
    play(match, 0, "KS")
    assert {str(a) for a in match.legal_actions(1)} == {f"play:{c}" for c in hand(match, 1)}
    play(match, 1, "2H")
    deal = shown(match, None)
    assert deal["tricks_played"] == [
        {
            "leader": 0,
            "winner": 1,
            "cards": [{"seat": 0, "card": "KS"}, {"seat": 1, "card": "2H"}],
        }
    ]
    assert deal["tricks_won"] == [0, 1]
    assert match.to_act == 1 and deal["leader"] == 1


def test_gw2_a_player_void_in_the_suit_led_need_not_trump() -> None:
    match = start(pack_of("KS", "3D 2H", "5H", second_void="S"))
    play(match, 0, "KS")
    legal = view(match, 1)["legal"]
    assert legal["kind"] == "play"
    assert set(legal["actions"]) == {f"play:{c}" for c in hand(match, 1)}
    assert "play:2H" in legal["actions"]  # a trump held, yet not owed
    play(match, 1, "3D")
    deal = shown(match, None)
    assert deal["tricks_played"][0]["winner"] == 0
    assert deal["tricks_won"] == [1, 0] and match.to_act == 0


def test_gw3_a_player_holding_the_suit_led_must_follow() -> None:
    match = start(pack_of("4C", "9C AH", "5H"))
    assert [c for c in hand(match, 1) if c[1] == "C"] == ["9C"]
    play(match, 0, "4C")
    refused = assert_refused(match, 1, "play:AH", "must_follow_suit")
    assert refused.detail == {"card": "AH", "suit": "C", "seat": 1}
    assert view(match, 1)["legal"] == {"kind": "play", "actions": ["play:9C"]}
    play(match, 1, "9C")
    assert shown(match, None)["tricks_played"][0]["winner"] == 1


def gw4() -> Match:
    """§9 GW4: the stock's top card QD face up (so diamonds are trumps), 7S next, 9H third;
    seat 0 wins the first trick with AC over 3C."""
    match = start(pack_of("AC KC", "3C 2C", "QD 7S 9H"))
    play(match, 0, "AC")
    play(match, 1, "3C")
    return match


def test_gw4_the_winner_takes_the_face_up_card_the_loser_the_next_and_the_third_is_turned() -> None:
    match = start(pack_of("AC KC", "3C 2C", "QD 7S 9H"))
    before = shown(match, None)
    assert (before["trump"], before["turned"], before["stock"]) == ("D", "QD", 26)
    play(match, 0, "AC")
    play(match, 1, "3C")
    assert "QD" in hand(match, 0) and "QD" not in hand(match, 1)
    assert "7S" in hand(match, 1) and "7S" not in hand(match, 0)
    assert shown(match, None)["hand_sizes"] == [13, 13]
    for seat in (0, 1, None):
        deal = shown(match, seat)
        # Clarification 4: the face-up card and the stock's size, for everyone; the count
        # holds the face-up card too
        assert (deal["turned"], deal["stock"]) == ("9H", 24), seat
        # Clarification 1: a later face-up card of another suit changes no trumps
        assert deal["trump"] == "D", seat


def test_gw5_after_trick_13_the_stock_is_empty_and_its_winner_leads_the_tricks_that_score() -> None:
    # seat 0 wins the first twelve tricks, seat 1 the thirteenth; then six and seven
    pack, tricks = planned(6, (0,) * 12 + (1,))
    match = start(pack)
    play_tricks(match, tricks[:12])
    deal = shown(match, None)
    assert (deal["stock"], deal["for_points"], deal["points"]) == (2, False, [0, 0])
    play_tricks(match, tricks[12:13])
    for seat in (0, 1, None):
        deal = shown(match, seat)
        assert deal["stock"] == 0 and deal["turned"] is None, seat
        assert deal["hand_sizes"] == [13, 13]
        # the tricks for cards score nothing
        assert deal["tricks_won"] == [12, 1] and deal["points"] == [0, 0]
        assert deal["for_points"] is True and deal["leader"] == 1
    assert match.to_act == 1
    # the last face-up card to the winner, the last card of the stock to the loser
    assert pack[50] in hand(match, 1) and pack[51] in hand(match, 0)
    points = [0, 0]
    for pair in tricks[13:25]:
        play_tricks(match, [pair])
        winner = shown(match, None)["tricks_played"][-1]["winner"]
        points[winner] += 1
        assert shown(match, None)["points"] == points
        assert shown(match, None)["stock"] == 0
    play_tricks(match, tricks[25:])
    last = view(match, None)["previous_deal"]
    points[last["tricks_played"][-1]["winner"]] += 1
    assert last["points"] == points == [6, 7]
    assert last["scores"] == [6, 7] and last["tricks_won"] == [18, 8]
    assert last["winner"] == 1  # the player with seven or more (§6)


@pytest.mark.parametrize(
    ("seat_0_points", "scoring", "scores"),
    [
        (8, "tricks", [8, 5]),
        (8, "difference", [2, 0]),
        (5, "tricks", [5, 8]),
        (5, "difference", [0, 2]),
    ],
)
def test_gw6_a_deal_of_eight_and_five_scores_by_the_option(
    seat_0_points: int, scoring: str, scores: list[int]
) -> None:
    match = new_match(scoring=scoring, deals=1)
    play_deal(match, seat_0_points)
    public = view(match, None)
    deal = public["previous_deal"]
    assert deal["points"] == [seat_0_points, 13 - seat_0_points]
    assert deal["scores"] == scores and public["totals"] == scores
    assert deal["winner"] == (0 if seat_0_points == 8 else 1)
    assert public["scoresheet"]["deals"][0]["cells"]["points"] == deal["points"]
    assert public["scoresheet"]["deals"][0]["scores"] == scores


def test_gw7_the_face_up_card_taken_is_public_the_face_down_one_its_takers_alone() -> None:
    match = gw4()
    for seat in (0, 1, None):
        assert shown(match, seat)["known"] == [["QD"], []], seat
    assert "7S" in hand(match, 1)
    # seat 0 wins again and takes 9H; seat 1 keeps 7S in hand for three tricks more
    play(match, 0, "KC")
    play(match, 1, "2C")
    for seat in (0, 1, None):
        assert shown(match, seat)["known"] == [["QD", "9H"], []], seat
    for _ in range(3):
        for seat in (0, None):
            assert not shows(view(match, seat), "7S"), seat
        assert "7S" in hand(match, 1)
        # no spade is led, so seat 1 is never made to play 7S
        leader = match.to_act
        assert leader is not None
        play(match, leader, next(c for c in hand(match, leader) if c[1] != "S"))
        other = 1 - leader
        legal = [a.arg for a in match.legal_actions(other)]
        play(match, other, next(c for c in legal if c != "7S"))


def test_a_spectator_sees_neither_hand() -> None:
    match = gw4()
    deal = shown(match, None)
    assert deal["hand"] is None
    assert deal["known"] == [["QD"], []]
    held = hand(match, 0) + hand(match, 1)
    assert [c for c in held if shows(view(match, None), c)] == ["QD"]
    # and each seat sees of the other's hand only the card taken face up
    assert [c for c in hand(match, 1) if shows(view(match, 0), c)] == []
    assert [c for c in hand(match, 0) if shows(view(match, 1), c)] == ["QD"]


# -- refusals (§8) ---------------------------------------------------------------------------------


def test_a_card_not_held_is_refused_and_changes_nothing() -> None:
    match = start(pack_of("4C", "9C AH", "5H"))
    refused = assert_refused(match, 0, "play:AH", "card_not_in_hand")
    assert refused.detail == {"card": "AH"}
    assert_refused(match, 0, "play:5H", "card_not_in_hand")  # the turned card is nobody's yet


def test_a_play_out_of_turn_is_refused_and_changes_nothing() -> None:
    match = start(pack_of("4C", "9C AH", "5H"))
    assert_refused(match, 1, "play:9C", "not_your_turn")
    play(match, 0, "4C")
    assert_refused(match, 0, "play:AS", "not_your_turn")
    play(match, 1, "9C")
    assert_refused(match, 0, "play:KS", "not_your_turn")  # the winner leads


def test_a_play_between_deals_is_not_a_turn() -> None:
    match = new_match(deals=2)
    play_deal(match, 8)
    assert match.to_act == TABLE
    assert_refused(match, 1, "play:AS", "not_your_turn")


def test_every_action_after_the_match_is_refused_and_changes_nothing() -> None:
    match = new_match(deals=1)
    play_deal(match, 8)
    assert match.is_over and match.to_act is None
    assert_refused(match, 0, "play:AS", "match_over")
    assert_refused(match, 1, "play:2C", "match_over")
    assert_refused(match, TABLE, "deal:" + ",".join(FULL_DECK), "match_over")


# -- what the resampler deals (Clarifications 2 and 3) ---------------------------------------------


def test_clarification_2_the_face_up_card_taken_stays_in_its_takers_hand() -> None:
    match = gw4()
    for tricks in range(2):
        if tricks:  # a trick later, QD still held by seat 0
            play(match, 0, "KC")
            play(match, 1, "2C")
        assert "QD" in hand(match, 0)
        assert "QD" not in GAME.hidden_cards(match, 1)  # type: ignore[misc]
        dealt = samples(match, 1)
        assert all("QD" in hand(s, 0) for s in dealt)
        # the rest of seat 0's hand is dealt anew, not copied
        assert len({tuple(sorted(hand(s, 0))) for s in dealt}) > 1


def test_clarification_3_a_void_ends_with_a_card_drawn_face_down() -> None:
    # seat 1 fails to follow spades, loses the trick and draws the next card face down
    match = start(pack_of("KS", "5C", "5H", first_void="S", second_void="S"))
    play(match, 0, "KS")
    play(match, 1, "5C")
    assert shown(match, 0)["known"] == [["5H"], []]
    assert shown(match, 0)["voids"] == ["", ""]
    assert any(c[1] == "S" for c in GAME.hidden_cards(match, 0))  # type: ignore[misc]
    spades = [sum(c[1] == "S" for c in hand(s, 1)) for s in samples(match, 0)]
    assert max(spades) > 0, "the drawn card, at least, may be a spade"


def test_clarification_3_a_void_holds_while_nothing_is_drawn_face_down() -> None:
    # seat 1 trumps the spade lead, wins, and takes the face-up card: no card drawn unseen
    match = start(pack_of("KS", "2H", "5H", first_void="S", second_void="S"))
    play(match, 0, "KS")
    play(match, 1, "2H")
    assert "5H" in hand(match, 1)
    for seat in (0, 1, None):
        assert shown(match, seat)["voids"] == ["", "S"], seat
    assert sum(c[1] == "S" for c in GAME.hidden_cards(match, 0)) > 6  # type: ignore[misc]
    for sample in samples(match, 0):
        assert not [c for c in hand(sample, 1) if c[1] == "S"]


def test_clarification_3_a_face_up_card_taken_may_be_of_the_void_suit() -> None:
    # seat 1, without clubs, trumps the club lead and takes 5S; then wins again and takes
    # the face-up KC: its only club, whatever the resampler deals
    match = start(pack_of("AC 3S", "2S AS", "5S 4H KC", first_void="C", second_void="C"))
    play(match, 0, "AC")
    play(match, 1, "2S")
    play(match, 1, "AS")
    play(match, 0, "3S")
    assert "KC" in hand(match, 1)
    for sample in samples(match, 0):
        assert [c for c in hand(sample, 1) if c[1] == "C"] == ["KC"]


def test_a_state_dealt_anew_from_a_view_has_no_record() -> None:
    sample = samples(gw4(), 0, 1)[0]
    with pytest.raises(ValueError, match="no record"):
        export_record(GAME, sample, PLAYERS)


# -- options (§7) ----------------------------------------------------------------------------------


def test_the_options_and_their_defaults() -> None:
    assert GAME.resolve_options({}) == {"deals": 4, "scoring": "tricks", "target": 0}
    assert GAME.deals_total(2, GAME.resolve_options({})) == 4
    for deals in range(1, 13):
        assert GAME.resolve_options({"deals": deals})["deals"] == deals
    assert GAME.resolve_options({"scoring": "difference", "target": 21})["target"] == 21
    assert GAME.deals_total(2, GAME.resolve_options({"target": 21, "deals": 2})) is None


@pytest.mark.parametrize(
    ("given", "code"),
    [
        ({"deals": 0}, "bad_option"),
        ({"deals": 13}, "bad_option"),
        ({"deals": "4"}, "bad_option"),
        ({"deals": True}, "bad_option"),
        ({"deals": 2.0}, "bad_option"),
        ({"scoring": "points"}, "bad_option"),
        ({"scoring": 1}, "bad_option"),
        ({"target": -1}, "bad_option"),
        ({"target": 501}, "bad_option"),
        ({"target": False}, "bad_option"),
        ({"rounds": 2}, "unknown_option"),
    ],
)
def test_bad_option_values_are_refused(given: dict[str, Any], code: str) -> None:
    with pytest.raises(OptionError) as refused:
        GAME.resolve_options(given)
    assert refused.value.code == code
    assert refused.value.option == next(iter(given))
    with pytest.raises(OptionError):
        GAME.new_match(2, given, 0)


@pytest.mark.parametrize("deals", [1, 2, 4])
def test_a_match_is_its_deals_each_player_dealing_in_turn(deals: int) -> None:
    match = new_match(dealer=0, deals=deals)
    dealers = []
    for k in range(deals):
        assert not match.is_over and match.to_act == TABLE
        dealers.append(match.next_dealer)
        play_deal(match, 8 if k % 2 else 5)
    assert dealers == [k % 2 for k in range(deals)]
    assert match.is_over and view(match, None)["deals_played"] == deals
    assert GAME.outcome(match) == Outcome(Termination.DEALS_PLAYED, tuple(match.winners()))


def test_a_target_ends_the_match_after_the_deal_reaching_it_and_deals_is_ignored() -> None:
    match = new_match(deals=1, target=10)
    assert view(match, None)["deals_total"] is None and view(match, None)["target"] == 10
    play_deal(match, 8)
    assert match.totals == [8, 5] and not match.is_over and match.to_act == TABLE
    play_deal(match, 8)
    assert match.totals == [16, 10] and match.is_over
    # both reached it: the higher total wins
    assert GAME.outcome(match) == Outcome(Termination.TARGET_REACHED, (0,))


def test_both_reaching_the_target_with_equal_totals_share_the_win() -> None:
    match = new_match(target=13)
    play_deal(match, 8)
    play_deal(match, 5)
    assert match.totals == [13, 13] and match.is_over
    assert GAME.outcome(match) == Outcome(Termination.TARGET_REACHED, (0, 1))
    assert view(match, None)["winners"] == [0, 1]


def test_a_target_under_difference_scoring() -> None:
    match = new_match(scoring="difference", target=3)
    play_deal(match, 8)
    assert match.totals == [2, 0] and not match.is_over
    play_deal(match, 5)
    assert match.totals == [2, 2] and not match.is_over
    play_deal(match, 11)
    assert match.totals == [7, 2] and match.is_over
    assert GAME.outcome(match) == Outcome(Termination.TARGET_REACHED, (0,))


def test_a_target_of_zero_is_off() -> None:
    match = new_match(deals=1, target=0)
    play_deal(match, 1)
    assert match.is_over and match.totals == [1, 12]
    assert GAME.outcome(match) == Outcome(Termination.DEALS_PLAYED, (1,))


# -- records ---------------------------------------------------------------------------------------


def two_deals() -> Match:
    """A match of two deals, 8-5 and 5-8: totals 13 each."""
    match = new_match(deals=2)
    play_deal(match, 8)
    play_deal(match, 5, (1,) + (0,) * 12)
    return match


def whole(match: Match) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(dumps(export_record(GAME, match, PLAYERS)))
    return record


def broken(record: dict[str, Any]) -> str:
    verdict = validate_record(record)
    assert not verdict.valid
    assert verdict.error is not None
    return verdict.error


def test_a_record_round_trips_through_validation_and_replay() -> None:
    match = two_deals()
    record = whole(match)
    assert record["options"] == {"deals": 2}
    assert record["totals"] == [13, 13] and record["winners"] == [0, 1]
    first = record["deals"][0]
    assert set(first) == {"dealer", "pack", "actions", "trump", "tricks", "scores"}
    assert first["dealer"] == 1 and first["pack"] == planned(8)[0]
    assert first["actions"][:2] == [[0, "play:4H"], [1, "play:3H"]]
    assert len(first["actions"]) == 52
    assert (first["trump"], first["tricks"], first["scores"]) == ("S", [21, 5], [8, 5])
    assert record["deals"][1]["dealer"] == 0 and record["deals"][1]["tricks"] == [17, 9]
    verdict = validate_record(record)
    assert verdict.valid, verdict.error
    assert verdict.deals == [
        {"tricks": [21, 5], "scores": [8, 5]},
        {"tricks": [17, 9], "scores": [5, 8]},
    ]
    assert verdict.totals == [13, 13] and verdict.winners == [0, 1]
    game, again, players = replay_record(record)
    assert game is GAME and players == list(PLAYERS)
    for seat in (0, 1, None):
        assert dumps(view(again, seat)) == dumps(view(match, seat))


def test_a_running_match_round_trips_with_its_unfinished_deal() -> None:
    match = gw4()
    play(match, 0, "KC")
    record = whole(match)
    assert record["deals"][0]["scores"] is None and record["deals"][0]["tricks"] == [1, 0]
    assert "winners" not in record
    assert validate_record(record).valid
    _, again, _ = replay_record(record)
    for seat in (0, 1, None):
        assert dumps(view(again, seat)) == dumps(view(match, seat))


def test_a_seats_record_of_the_running_match_has_null_for_each_card_it_has_not_seen() -> None:
    match = gw4()
    pack = pack_of("AC KC", "3C 2C", "QD 7S 9H")
    for seat in (0, 1, None):
        record = export_record(GAME, match, PLAYERS, seat=seat, whole=False)
        assert "winners" not in record
        given = record["deals"][0]["pack"]
        assert len(given) == 52
        own = range(seat, 26, 2) if seat is not None else range(0)
        # the card taken face up and the one turned; a card played is seen, but where it lay
        # in the pack only by its holder (whether it was dealt or drawn is not told)
        public = {26, 28}
        if seat == 1:
            public |= {27}  # drawn by seat 1 face down
        for k in range(52):
            expected = pack[k] if k in public or k in own else None
            assert given[k] == expected, (seat, k)
        assert record["deals"][0]["actions"] == [[0, "play:AC"], [1, "play:3C"]]


@pytest.mark.parametrize("seat", [1, None])
def test_a_seats_record_of_the_running_match_tells_it_no_more_than_its_view(
    seat: int | None,
) -> None:
    # Two deals that seat 1 and a spectator cannot tell apart: seat 0 is dealt 9D and draws
    # 8D face down, or is dealt 8D and draws 9D; then it plays 9D. Which of the two it
    # played is what seat 1 does not know (Clarification 3 turns on it): the position of a
    # played card in the pack says whether it was dealt or drawn, and which draw it was.
    dealt = pack_of("3C 9D", "AC AH", "QD 8D", first_void="H")
    drawn = list(dealt)
    drawn[2], drawn[27] = drawn[27], drawn[2]
    seen = []
    for pack in (dealt, drawn):
        match = start(pack)
        play(match, 0, "3C")
        play(match, 1, "AC")
        play(match, 1, "AH")
        play(match, 0, "9D")
        record = export_record(GAME, match, PLAYERS, seat=seat, whole=False)
        seen.append((dumps(view(match, seat)), dumps(record)))
    assert seen[0][0] == seen[1][0], "the two deals look alike to the viewer"
    assert seen[0][1] == seen[1][1], "the record tells where 9D lay in the pack"


def test_a_record_with_a_changed_score_is_refused_naming_the_deal() -> None:
    record = whole(two_deals())
    record["deals"][1]["scores"] = [6, 7]
    error = broken(record)
    assert error.startswith("deal 2: ") and "scores" in error


def test_a_record_with_a_card_played_out_of_turn_is_refused_naming_the_deal() -> None:
    record = whole(two_deals())
    # seat 1 leads the second deal; the record gives its first card to seat 0
    actions = record["deals"][1]["actions"]
    assert actions[0][0] == 1
    actions[0][0] = 0
    assert broken(record) == "deal 2, play 1: seat 0 acts out of turn: seat 1 is to act"


def test_a_record_whose_pack_holds_a_card_twice_is_refused_naming_the_deal() -> None:
    record = whole(two_deals())
    pack = record["deals"][1]["pack"]
    pack[5] = pack[4]
    assert broken(record) == "deal 2: pack must hold each card of the 52 once"


def test_a_record_whose_totals_are_changed_is_refused() -> None:
    record = whole(two_deals())
    record["totals"] = [14, 12]
    assert "totals" in broken(record)


# -- on paper --------------------------------------------------------------------------------------


def test_the_paper_form_asks_the_trump_and_the_tricks_for_points_summing_to_13() -> None:
    paper = GAME.paper
    assert paper is not None
    options = GAME.resolve_options({"deals": 2})
    form = paper.next_deal(2, options, 1, [])
    assert form is not None and (form.number, form.dealer) == (1, 1)
    fields = {f["key"]: f for f in form.as_json()["fields"]}
    assert fields["trump"]["choices"] == list(SUITS)
    assert fields["points"]["seats"] == [0, 1] and fields["points"]["total"] == 13
    first = paper.score(2, options, 1, [], {"trump": "S", "points": [8, 5]})
    assert first == ScoredDeal(1, 1, (8, 5), {"trump": "S", "points": [8, 5], "winner": 0})
    second_form = paper.next_deal(2, options, 1, [first])
    assert second_form is not None and second_form.dealer == 0
    second = paper.score(2, options, 1, [first], {"trump": "H", "points": [5, 8]})
    assert second.scores == (5, 8)
    assert paper.next_deal(2, options, 1, [first, second]) is None
    with pytest.raises(IllegalAction) as over:
        paper.score(2, options, 1, [first, second], {"trump": "H", "points": [5, 8]})
    assert over.value.code == "match_over"


def test_a_paper_entry_whose_tricks_do_not_make_13_is_refused() -> None:
    paper = GAME.paper
    assert paper is not None
    options = GAME.resolve_options({})
    for points in ([8, 4], [8, 6], [0, 0]):
        with pytest.raises(IllegalAction) as refused:
            paper.score(2, options, 0, [], {"trump": "S", "points": points})
        assert refused.value.code == "paper_bad_total"


def test_a_deal_entered_on_paper_scores_as_the_deal_played() -> None:
    paper = GAME.paper
    assert paper is not None
    match = new_match(scoring="difference", deals=2)
    play_deal(match, 8)
    play_deal(match, 3)
    options = GAME.resolve_options({"scoring": "difference", "deals": 2})
    entered: list[ScoredDeal] = []
    for deal in GAME.scored_deals(match, 0):
        entry = paper.entry_of(deal)
        assert entry == {"trump": "S", "points": list(deal.detail["points"])}
        entered.append(paper.score(2, options, 1, entered, entry))
        assert entered[-1] == deal
    assert [d.scores for d in entered] == [(2, 0), (0, 4)]
