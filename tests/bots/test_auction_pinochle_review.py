"""Auction pinochle's review with the strong level's own simulator (``StrongBot.reviewer``):
a playout settles a candidate as the engine's playout by the basic level does, only faster;
every decision of a played deal is judged; and where one trump is clearly best the strong
level's choice passes and a suit the bidder hardly holds is marked."""

from __future__ import annotations

import random

from app.bots.pinochle.auction import BasicBot, StrongBot
from app.bots.pinochle.auction.strong import Search
from app.bots.review import MIN_SAMPLES, judge, reviewer_for
from app.bots.sampling import SamplingBot
from app.engine.pinochle.auction import GAME
from app.engine.pinochle.auction.state import Match
from support.played import decisions


def played_states(seed: int, deals: int = 1) -> list[tuple[Match, int]]:
    """Every decision of the first ``deals`` deals of a match played by the basic level:
    the state before it and the seat to act."""
    rng = random.Random(seed)
    match = GAME.new_match(3, {}, 2)
    assert isinstance(match, Match)
    basic = BasicBot()
    return decisions(GAME, match, basic, rng, deals)


def test_the_review_uses_the_strong_levels_simulator() -> None:
    reviewer = reviewer_for(GAME, 3)
    assert isinstance(reviewer.search, Search) and reviewer.choices is not None


def test_a_playout_settles_what_the_engines_playout_by_the_basic_level_settles() -> None:
    """From every decision of a match's first deals (the auction, the widow, trump, meld,
    burial and the play), the strong level's playout and the engine's by the basic level
    end in the same margin in chips."""
    fast = Search(GAME, BasicBot(), 1)
    slow = SamplingBot(GAME, BasicBot(), 1)
    checked = 0
    for match, _ in played_states(5, 10):
        played = match.deals_played
        for seat in range(3):
            assert fast.play_out(match.clone(), seat, played) == slow.play_out(
                match.clone(), seat, played
            )
        checked += 1
    assert checked > 60


def test_every_decision_of_a_played_deal_is_judged_well_formed() -> None:
    reviewer = reviewer_for(GAME, 2)
    basic = BasicBot()
    judged = 0
    for seed in (7, 8):
        for match, seat in played_states(seed, 4):
            view = GAME.view(match, seat, None, None)
            legal = view["legal"]
            played = str(GAME.parse_action(basic.decide(view)))
            judgement = judge(GAME, reviewer, view, played, 2, 60.0, MIN_SAMPLES)
            if judgement is None:
                continue
            judged += 1
            assert judgement.played == played and judgement.samples == MIN_SAMPLES
            assert judgement.cost >= 0.0 and judgement.error >= 0.0 and judgement.worth >= 0.0
            assert judgement.candidates >= 2
            if "actions" in legal:
                assert judgement.best in [*legal["actions"], played]
            if judgement.best == played:
                assert judgement.cost == 0.0 and not judgement.clearly_worse
    assert judged >= 10


def test_the_strong_levels_trump_passes_and_a_suit_the_bidder_lacks_is_marked() -> None:
    # eldest holds eight hearts with a double marriage and takes the widow at 300: hearts
    # melds and takes the tricks, clubs (three small ones) trumps his opponents' cards
    match = hearts_bidder()
    view = GAME.view(match, 0, None, None)
    assert view["legal"]["kind"] == "trump"
    chosen = StrongBot(5, budget=60.0, max_samples=32).decide(view)
    assert chosen == "trump:H"
    reviewer = reviewer_for(GAME, 5)
    passed = judge(GAME, reviewer, view, chosen, 5, 60.0, 32)
    assert passed is not None and not passed.clearly_worse
    marked = judge(GAME, reviewer, view, "trump:C", 5, 60.0, 32)
    assert marked is not None and marked.clearly_worse and marked.best == "trump:H"


def hearts_bidder() -> Match:
    from test_auction_pinochle_bots import deal

    match = deal({0: "AH AH TH TH KH QH JH 9H AS KS AD QD JC TC 9C"}, widow="KH QH 9S")
    for seat, text in ((0, "bid:300"), (1, "pass"), (2, "pass"), (0, "widow")):
        match.apply(seat, GAME.parse_action(text))
    return match
