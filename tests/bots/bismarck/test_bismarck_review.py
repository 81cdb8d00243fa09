"""Bismarck's review with the strong level's own simulator (``StrongBot.reviewer``): its
playouts score a candidate as the engine's playouts by the basic level do, only faster; it
judges every decision of a played deal; and it passes the strong level's choice where one
card is clearly best while marking the card that is not."""

from __future__ import annotations

import random

import pytest

from app.bots.bismarck import BasicBot, StrongBot
from app.bots.bismarck.strong import Search
from app.bots.review import MIN_SAMPLES, judge, reviewer_for
from app.bots.sampling import SamplingBot
from app.engine import TABLE
from app.engine.bismarck import GAME
from app.engine.bismarck.state import Match, deck_from
from app.engine.trick_game import deal_action
from support.played import decisions


def played_states(seed: int, seats: int, deals: int) -> list[tuple[Match, int]]:
    """Every decision of the first ``deals`` deals of a match played by the basic level: the
    state before it and the seat to act."""
    rng = random.Random(seed)
    match = GAME.new_match(seats, {}, seats - 1)
    assert isinstance(match, Match)
    basic = BasicBot()
    return decisions(GAME, match, basic, rng, deals)


def test_the_review_uses_the_strong_levels_simulator_and_its_candidates() -> None:
    reviewer = reviewer_for(GAME, 3)
    assert isinstance(reviewer.search, Search)
    assert isinstance(reviewer.search.policy, BasicBot)
    assert reviewer.choices is not None
    view = GAME.view(ducking_position(), 2, None, None)
    # the two of diamonds and the king, apart by the nine and the five in the trick
    assert reviewer.choices(view) == StrongBot(3).choices(view) == ["play:2D", "play:KD"]
    for match, seat in played_states(4, 3, 1):
        view = GAME.view(match, seat, None, None)
        legal = view["legal"]
        if "actions" in legal:
            # every contract; one card of each run of equal ones
            chosen = reviewer.choices(view)
            assert set(chosen) <= set(legal["actions"])
            assert legal["kind"] == "play" or chosen == legal["actions"]


@pytest.mark.parametrize("seats", [3, 4])
def test_a_playout_scores_what_the_engine_would_score(seats: int) -> None:
    """From every decision of two deals (the contract, the discard, every card; at four
    seats the dealer sitting out), the lean playout and the engine's playout by the basic
    level end in the same margin: the simulator plays as the basic level, and the deal is
    scored as the match scores it."""
    fast = Search(GAME, BasicBot(), 1)
    slow = SamplingBot(GAME, BasicBot(), 1)
    checked = 0
    seen: set[str] = set()
    for match, _ in played_states(5 + seats, seats, 2):
        played = match.deals_played
        deal = match.current
        assert deal is not None
        seen.add(deal.step)
        for seat in range(seats):
            assert fast.play_out(match.clone(), seat, played) == slow.play_out(
                match.clone(), seat, played
            )
        checked += 1
    assert checked > 90 and seen == {"contract", "discard", "play"}


def test_every_decision_of_a_played_deal_is_judged_well_formed() -> None:
    reviewer = reviewer_for(GAME, 2)
    basic = BasicBot(4)
    judged = 0
    kinds: set[str] = set()
    for match, seat in played_states(7, 3, 1):
        view = GAME.view(match, seat, None, None)
        sent = basic.decide(view)
        played = str(GAME.parse_action(sent))
        judgement = judge(GAME, reviewer, view, sent, 2, 60.0, MIN_SAMPLES)
        legal = view["legal"]
        if "actions" in legal and len(legal["actions"]) < 2:
            assert judgement is None
            continue
        if judgement is None:
            # cards all equal in the play, or the basic level's own discard (the one choice
            # of cards weighed)
            assert legal["kind"] == "play" or "count" in legal
            continue
        judged += 1
        kinds.add(legal["kind"])
        assert judgement.played == played and judgement.samples == MIN_SAMPLES
        assert judgement.cost >= 0.0 and judgement.error >= 0.0 and judgement.worth >= 0.0
        assert judgement.candidates >= 2
        if "actions" in legal:
            assert judgement.best in legal["actions"]
        if judgement.best == played:
            assert judgement.cost == 0.0 and not judgement.clearly_worse
    assert judged >= 20 and kinds == {"contract", "play"}


# The deal of the clear position, by position in the play order (seat 0 is forehand, the
# dealer seat 2): forehand takes every trick of the first fourteen with his top card of the
# suit led, the others following low, until the fifteenth.
TRICKS = [
    ("AC", "3C", "4C"),
    ("KC", "5C", "6C"),
    ("QC", "7C", "8C"),
    ("JC", "9C", "TC"),
    ("AD", "7D", "8D"),
    ("QD", "TD", "JD"),
    ("AH", "3H", "4H"),
    ("KH", "5H", "6H"),
    ("QH", "7H", "8H"),
    ("JH", "9H", "TH"),
    ("AS", "3S", "4S"),
    ("KS", "5S", "6S"),
    ("QS", "7S", "8S"),
    ("JS", "9S", "TS"),
]
LAST = [("9D", "5D", "KD"), ("2C", "2H", "2D")]
OPEN = ["AC", "AD", "AH", "AS"]
DISCARD = ["3D", "4D", "6D", "2S"]


def ducking_position() -> Match:
    """Pass (tricks cost a point each): forehand leads the nine of diamonds to the
    fifteenth trick, the second hand plays the five; the third holds the king and the two
    of diamonds, and of the six cards he has not seen (forehand's last, the second hand's
    and the discard) three are diamonds below the king and three are not."""
    hands = [[t[p] for t in TRICKS + LAST] for p in range(3)]
    forehand = DISCARD + hands[0]
    dealt = [[c for c in forehand if c not in OPEN], hands[1], hands[2]]
    match = GAME.new_match(3, {}, 2)
    assert isinstance(match, Match)
    match.apply(TABLE, deal_action(deck_from(OPEN, dealt, 2)))
    match.apply(0, GAME.parse_action("contract:pass"))
    match.apply(0, GAME.parse_action("discard:" + ",".join(DISCARD)))
    for trick in [*TRICKS, LAST[0][:2]]:
        for seat, card in enumerate(trick):
            match.apply(seat, GAME.parse_action(f"play:{card}"))
    assert match.to_act == 2
    return match


def test_the_strong_levels_duck_passes_and_overtaking_is_marked() -> None:
    # under the nine the two keeps the trick away; the king takes it and leaves the two to
    # lead the last, which whoever holds no diamond cannot beat, while the king kept loses
    # the last trick only when forehand's last card is a diamond
    view = GAME.view(ducking_position(), 2, None, None)
    reviewer = reviewer_for(GAME, 5)
    chosen = StrongBot(5, budget=60.0, max_samples=32).decide(view)
    assert chosen == "play:2D"
    passed = judge(GAME, reviewer, view, chosen, 5, 60.0, 64)
    assert passed is not None and not passed.clearly_worse and passed.cost == 0.0
    marked = judge(GAME, reviewer, view, "play:KD", 5, 60.0, 64)
    assert marked is not None and marked.clearly_worse and marked.best == "play:2D"
    # a point and a half of margin a trick: the king costs one when forehand's last card
    # is no diamond (three in six), two when the second hand's is none either (two in the
    # five left), 0.7 tricks on average
    assert abs(marked.cost - 1.05) <= 3 * marked.error
