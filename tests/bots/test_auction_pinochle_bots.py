"""Auction pinochle's computer players: the basic level's bidding, throw-in, concession,
trump, meld, burial and card play on constructed deals, and both levels' answers being the
actions the view lists.

Deals are built through the engine (a fixed ``deal:`` action, then the actions that lead to
the position) and the bots see the seat's view, exactly as a person would.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from app.bots import NotMyTurn, make_bot
from app.bots.arena import play_deal
from app.bots.pinochle.auction import BasicBot, StrongBot
from app.bots.pinochle.auction import hand as model
from app.bots.pinochle.auction.cards import legal_cards
from app.bots.pinochle.auction.playout import Play
from app.engine import TABLE
from app.engine.pinochle.auction import GAME
from app.engine.pinochle.auction.record import pack_for
from app.engine.pinochle.auction.rules import CARDS, MAX_BID, active_seats
from app.engine.pinochle.auction.state import Match
from app.engine.trick_game import deal_action

JUNK = "TS KS JS 9S TH QH JH 9H TD QD 9D 9D TC 9C 9C"
"""No ace, no marriage, no pinochle, nothing around: only a dix or two."""
BIG = "AS TS KS QS JS AH KH QH AD KD JD JD AC KC QC"
"""A spade flush, aces and kings around, a pinochle, two marriages: 410 in spades."""


def deal(
    hands: dict[int, str], widow: str = "", seats: int = 3, dealer: int | None = None
) -> Match:
    """A session whose first deal gives these seats these cards and the widow these; the
    rest of the pack fills the other places in canonical order. With the dealer the last
    seat (the default), seat 0 is eldest, then 1, then 2."""
    dealer = seats - 1 if dealer is None else dealer
    match = Match(seats, None, dealer)
    active = active_seats(seats, dealer)
    rest = Counter(CARDS)
    given = {s: h.split() for s, h in hands.items()}
    w = widow.split()
    for cards in [*given.values(), w]:
        rest.subtract(cards)
    assert all(n >= 0 for n in rest.values()), "a card given more than twice"
    pool = sorted(rest.elements(), key=CARDS.index)
    full: list[list[str]] = [[] for _ in range(seats)]
    for seat in active:
        mine = given.get(seat, [])
        need = 15 - len(mine)
        full[seat] = mine + pool[:need]
        pool = pool[need:]
    w = w + pool[: 3 - len(w)]
    match.apply(TABLE, deal_action(pack_for(full, w, active, 3)))
    return match


def act(match: Match, seat: int, *texts: str) -> None:
    for text in texts:
        match.apply(seat, GAME.parse_action(text))


def view_of(match: Match, seat: int) -> dict[str, Any]:
    return GAME.view(match, seat, None, None)


def basic(match: Match, seat: int) -> str:
    return BasicBot().decide(view_of(match, seat))


def listed(view: dict[str, Any], text: str) -> bool:
    legal = view["legal"]
    if "count" in legal:
        kind, _, cards = text.partition(":")
        if kind != legal["kind"]:
            return text in legal.get("also", [])
        chosen = Counter(cards.split(","))
        return sum(chosen.values()) == legal["count"] and chosen <= Counter(legal["from"])
    return text in legal["actions"]


# -- the auction ------------------------------------------------------------------------------


def test_eldest_opens_with_the_compulsory_minimum_holding_nothing() -> None:
    match = deal({0: JUNK})
    shown = view_of(match, 0)
    assert "pass" not in shown["legal"]["actions"]
    assert basic(match, 0) == "bid:300"


def test_a_big_meld_bids_on_and_a_poor_hand_passes() -> None:
    big = deal({0: JUNK, 1: BIG})
    act(big, 0, "bid:300")
    assert basic(big, 1) == "bid:310"
    poor = deal({0: BIG, 1: JUNK})
    act(poor, 0, "bid:300")
    assert basic(poor, 1) == "pass"
    # far up the auction the big meld still bids, an ordinary hand has long stopped
    high = deal({0: JUNK, 1: BIG})
    act(high, 0, "bid:450")
    assert basic(high, 1) == "bid:460"
    assert BasicBot.limit(view_of(high, 1)) > BasicBot.limit(view_of(poor, 1)) + 150


def test_the_bid_limit_grows_with_the_meld() -> None:
    # the same hand but for the cards that complete a pinochle and 100 aces
    plain = "AS TS KS 9S TH QH JH 9H TD QD 9D 9D TC 9C 9C"
    meld = "AS TS KS QS TH AH JH 9H TD JD AD 9D TC AC 9C"
    lo = deal({1: plain})
    hi = deal({1: meld})
    act(lo, 0, "bid:300")
    act(hi, 0, "bid:300")
    assert BasicBot.limit(view_of(hi, 1)) > BasicBot.limit(view_of(lo, 1))


def test_eldest_throws_in_a_hopeless_compulsory_bid() -> None:
    match = deal({0: JUNK}, widow="QS JD KC")
    act(match, 0, "bid:300")
    act(match, 1, "pass")
    act(match, 2, "pass")
    shown = view_of(match, 0)
    assert shown["legal"]["kind"] == "widow"
    assert basic(match, 0) == "throw_in"


def test_eldest_with_a_big_hand_turns_the_widow() -> None:
    match = deal({0: BIG})
    act(match, 0, "bid:300")
    act(match, 1, "pass")
    act(match, 2, "pass")
    assert basic(match, 0) == "widow"


# -- after the widow ----------------------------------------------------------------------------


def test_the_bidder_concedes_a_contract_he_cannot_make() -> None:
    match = deal({0: JUNK, 1: BIG}, widow="JH TD 9H")
    act(match, 0, "bid:300")
    act(match, 1, "bid:310")
    act(match, 2, "pass")
    act(match, 0, "bid:450")
    act(match, 1, "pass")  # eldest holds 450 with nothing: the widow is up at once
    shown = view_of(match, 0)
    assert shown["legal"]["kind"] == "trump"
    assert basic(match, 0) == "concede"


def test_trump_is_the_suit_of_the_meld_and_the_length() -> None:
    match = deal({0: "AH AH TH TH KH QH JH 9H AS KS AD QD JC TC 9C"}, widow="KH QH 9S")
    act(match, 0, "bid:300")
    act(match, 1, "pass")
    act(match, 2, "pass")
    act(match, 0, "widow")
    assert basic(match, 0) == "trump:H"


def test_a_meld_that_makes_the_bid_is_taken_spades_first() -> None:
    # 100 aces, 80 kings, 60 queens and marriages make 300 in any trump: spades pay double
    hand = "AS KS QS AH KH QH AD KD QD AC KC QC JS 9H 9D"
    match = deal({0: hand}, widow="QS JD 9C")
    act(match, 0, "bid:300")
    act(match, 1, "pass")
    act(match, 2, "pass")
    act(match, 0, "widow")
    assert basic(match, 0) == "trump:S"
    act(match, 0, "trump:S")
    act(match, 0, basic(match, 0))  # the whole meld: 18 cards shown, nothing to bury
    assert match.deals_played == 1
    assert match.deals[0].result is not None
    assert match.deals[0].result.end.value == "made_on_meld"


def bidder_at_bury(hand: str, widow: str, trump: str) -> Match:
    match = deal({0: hand}, widow=widow)
    act(match, 0, "bid:300")
    act(match, 1, "pass")
    act(match, 2, "pass")
    act(match, 0, "widow", f"trump:{trump}")
    act(match, 0, basic(match, 0))  # the meld the bot shows
    return match


def test_the_suggested_meld_is_shown() -> None:
    match = deal({0: "AS TS KS QS JS AH AD AC 9S TH TD 9H 9D 9C JH"}, widow="QH KH 9C")
    act(match, 0, "bid:300")
    act(match, 1, "pass")
    act(match, 2, "pass")
    act(match, 0, "widow", "trump:S")
    shown = view_of(match, 0)
    assert basic(match, 0) == shown["deal"]["suggestion"]["action"]


def test_burial_never_takes_a_shown_card_nor_a_trump_and_banks_plain_tens() -> None:
    # trump spades with a flush and 100 aces shown; the tens of hearts and diamonds are
    # the points to bank
    match = bidder_at_bury("AS TS KS QS JS AH AD AC 9S TH TD 9H 9D 9C JH", "QH TH 9C", "S")
    shown = view_of(match, 0)
    answer = basic(match, 0)
    assert listed(shown, answer)
    buried = answer.partition(":")[2].split(",")
    unshown = Counter(shown["deal"]["hand"]) - Counter(shown["deal"]["meld"]["cards"])
    assert Counter(buried) <= unshown
    assert all(c[1] != "S" for c in buried)
    assert Counter(buried)["TH"] == 2


def test_burial_over_many_deals_takes_only_unshown_cards() -> None:
    rng = random.Random(4)
    checked = 0
    for _ in range(40):
        match = Match(3, None, 2)
        match.apply(TABLE, GAME.chance(match, rng))
        bots = [BasicBot(), BasicBot(), BasicBot()]
        while match.deals_played == 0:
            seat = match.to_act
            assert seat is not None
            shown = view_of(match, seat)
            answer = bots[seat].decide(shown)
            assert listed(shown, answer), (answer, shown["legal"])
            if shown["legal"]["kind"] == "bury" and answer.startswith("bury:"):
                buried = Counter(answer[5:].split(","))
                hand = Counter(shown["deal"]["hand"])
                unshown = hand - Counter(shown["deal"]["meld"]["cards"])
                assert buried <= unshown
                checked += 1
            match.apply(seat, GAME.parse_action(answer))
    assert checked


# -- card play ----------------------------------------------------------------------------------


def at_play(hands: dict[int, str], widow: str, trump: str, bury: str) -> Match:
    """Eldest (seat 0) the bidder at 300 in ``trump``, showing nothing, ``bury`` buried."""
    match = deal(hands, widow=widow)
    act(match, 0, "bid:300")
    act(match, 1, "pass")
    act(match, 2, "pass")
    act(match, 0, "widow", f"trump:{trump}", "meld", f"bury:{bury}")
    return match


PLAYERS = {
    0: "AS TS KS QS 9S JH 9H TD 9D 9D QC JC 9C KH KD",
    1: "TS JS KH QH AD KD JD AC TC TH 9H JD QD QS AH",
    2: "AC JC 9C 9S AH TH JH QH TD QD AD JS KC KC QC",
}


def test_an_opponent_smears_an_ace_on_his_partners_winning_trick() -> None:
    match = at_play(PLAYERS, "AS KS TC", "S", "TD,9D,9D")
    act(match, 0, "play:9C")  # the bidder leads a low club
    act(match, 1, "play:AC")  # the first ace of clubs wins whatever comes after
    assert "play:AC" in view_of(match, 2)["legal"]["actions"]
    assert basic(match, 2) == "play:AC"


def test_an_opponent_beats_the_bidders_card_cheaply() -> None:
    match = at_play(PLAYERS, "AS KS TC", "S", "TD,9D,9D")
    act(match, 0, "play:KH")
    act(match, 1, "play:9H")
    # last to play, he beats the king with the ten and keeps the ace
    assert basic(match, 2) == "play:TH"
    match = at_play(PLAYERS, "AS KS TC", "S", "TD,9D,9D")
    act(match, 0, "play:QC")
    # second to play, his partner still to come: the ten of clubs beats the queen
    assert basic(match, 1) == "play:TC"


def test_an_opponent_plays_low_on_the_bidders_winning_trick() -> None:
    match = at_play(PLAYERS, "AS KS TC", "S", "TD,9D,9D")
    act(match, 0, "play:AS")  # the ace of trumps: nobody can beat it
    legal = view_of(match, 1)["legal"]["actions"]
    assert sorted(legal) == ["play:JS", "play:QS", "play:TS"]
    assert basic(match, 1) == "play:JS"


def test_the_bidder_draws_trumps_with_his_ace_first() -> None:
    match = at_play(PLAYERS, "AS KS TC", "S", "TD,9D,9D")
    assert basic(match, 0) == "play:AS"


def test_play_answers_follow_the_duties() -> None:
    # a trump lead must be beaten when possible: the listed cards are the view's, and the
    # bot's card is among them
    match = at_play(PLAYERS, "AS KS TC", "S", "TD,9D,9D")
    act(match, 0, "play:9S")
    shown = view_of(match, 1)
    answer = basic(match, 1)
    assert listed(shown, answer)
    assert answer in ("play:TS", "play:JS", "play:QS")


def test_an_opponent_is_never_asked_and_never_offers_a_concession() -> None:
    match = at_play(PLAYERS, "AS KS TC", "S", "TD,9D,9D")
    shown = view_of(match, 1)
    assert shown["legal"] == {"kind": "concede", "actions": ["concede"]}
    with pytest.raises(NotMyTurn):
        BasicBot().decide(shown)
    with pytest.raises(NotMyTurn):
        StrongBot(1, budget=5.0, max_samples=2).decide(shown)


# -- the models and the simulator -------------------------------------------------------------


def test_the_playout_plays_legal_cards_and_counts_every_point() -> None:
    rng = random.Random(2)
    points = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
    for _ in range(20):
        pack = list(CARDS)
        rng.shuffle(pack)
        hands = {s: pack[15 * s : 15 * s + 15] for s in range(3)}
        buried = pack[45:]
        play = Play((0, 1, 2), 0, "H", hands, buried, points)
        opponents = 0
        while play.tricks_left:
            seat = play.to_play
            legal = play.legal(seat)
            assert legal == legal_cards(play.hands[seat], [c for _, c in play.trick], "H")
            before, trick = play.taken, [c for _, c in play.trick]
            play.step(legal[-1])
            if not play.trick and play.taken == before:
                opponents += sum(points[c[0]] for c in [*trick, legal[-1]])
        last = 10 if play.to_play != 0 else 0  # the winner of the last trick leads next
        total = play.taken + sum(points[c[0]] for c in buried)
        assert total + opponents + last == 250
        assert Play((0, 1, 2), 0, "H", hands, buried, points).run() >= 0


def test_the_bid_estimate_orders_hands() -> None:
    assert model.bid_estimate(BIG.split()) > 450
    assert model.bid_estimate(JUNK.split()) < 250


# -- both levels: listed actions only, deterministic -----------------------------------------------


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_basic_plays_a_deal_with_listed_actions_at_every_table(seats: int) -> None:
    rng = random.Random(seats)
    for _ in range(10):
        match = Match(seats, None, rng.randrange(seats))
        match.apply(TABLE, GAME.chance(match, rng))
        while match.deals_played == 0:
            seat = match.to_act
            assert seat is not None
            shown = view_of(match, seat)
            answer = BasicBot().decide(shown)
            assert listed(shown, answer), (answer, shown["legal"])
            match.apply(seat, GAME.parse_action(answer))


def test_strong_answers_are_listed_and_depend_on_the_seed_and_view_alone() -> None:
    game = GAME
    state = game.new_match(3, game.resolve_options(), 2)
    deal_text = game.chance(state, random.Random(7))
    bots = [StrongBot(s, budget=5.0, max_samples=3) for s in range(3)]
    first = []

    class Recording:
        level = "strong"

        def __init__(self, inner: StrongBot) -> None:
            self.inner = inner

        def decide(self, view: dict[str, Any]) -> str:
            answer = self.inner.decide(view)
            assert listed(view, answer), (answer, view["legal"])
            first.append((view, answer))
            return answer

    play_deal(game, [Recording(b) for b in bots], deal_text, 2)
    assert first
    for view, answer in first[:: max(1, len(first) // 8)]:
        assert StrongBot(view["seat"], budget=5.0, max_samples=3).decide(view) == answer


def test_strong_bids_a_big_meld_and_throws_in_junk() -> None:
    strong = StrongBot(3, budget=5.0, max_samples=10)
    big = deal({0: JUNK, 1: BIG})
    act(big, 0, "bid:300")
    assert strong.decide(view_of(big, 1)) == "bid:310"
    junk = deal({0: JUNK}, widow="QS JD KC")
    act(junk, 0, "bid:300")
    act(junk, 1, "pass")
    act(junk, 2, "pass")
    assert strong.decide(view_of(junk, 0)) == "throw_in"


def test_strong_concedes_a_hopeless_contract_and_names_the_trump_of_a_good_one() -> None:
    match = deal({0: JUNK, 1: BIG}, widow="JH TD 9H")
    act(match, 0, "bid:300")
    act(match, 1, "bid:310")
    act(match, 2, "pass")
    act(match, 0, "bid:450")
    act(match, 1, "pass")
    strong = StrongBot(5, budget=5.0, max_samples=8)
    assert strong.decide(view_of(match, 0)) == "concede"
    good = deal({0: "AH AH TH TH KH QH JH 9H AS KS AD QD JC TC 9C"}, widow="KH QH 9S")
    act(good, 0, "bid:300")
    act(good, 1, "pass")
    act(good, 2, "pass")
    act(good, 0, "widow")
    assert strong.decide(view_of(good, 0)) == "trump:H"


def test_the_levels_are_registered() -> None:
    assert isinstance(make_bot("auction_pinochle", "basic"), BasicBot)
    assert isinstance(make_bot("auction_pinochle", "strong", seed=1), StrongBot)


def test_every_level_passes_when_the_high_bid_is_at_the_tables_limit() -> None:
    match = deal({0: BIG})
    match.apply(0, GAME.parse_action(f"bid:{MAX_BID}"))
    view = GAME.view(match, 1, None, None)
    assert view["legal"] == {"kind": "bid", "actions": ["pass"]}
    for level in ("random", "basic", "strong"):
        assert make_bot("auction_pinochle", level, seed=1).decide(view) == "pass", level
