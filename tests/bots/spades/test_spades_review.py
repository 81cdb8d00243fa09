"""Spades' review with the strong level's own simulator (``StrongBot.reviewer``): its
playouts score a candidate as the engine's playouts by the basic level do, only faster; it
judges every decision of a played deal; and it passes the strong level's choice where one
card is clearly best while marking the card that is not."""

from __future__ import annotations

import random

from spades_table import E, N, S, act, bid_round, nil_north, shown, table

from app.bots.review import MIN_SAMPLES, judge, reviewer_for
from app.bots.sampling import SamplingBot
from app.bots.spades import BasicBot, StrongBot
from app.bots.spades.playout import Play
from app.bots.spades.strong import Search, play_from, play_of
from app.engine.spades import GAME
from app.engine.spades.state import Match
from support.played import decisions

BAGS = {"bags": True}


def played_states(seed: int, deals: int = 2) -> list[tuple[Match, int]]:
    """Every decision of the first ``deals`` deals of a match with bags, played by the basic
    level: the state before it and the seat to act."""
    rng = random.Random(seed)
    match = GAME.new_match(4, BAGS, 3)
    assert isinstance(match, Match)
    basic = BasicBot(seed)
    return decisions(GAME, match, basic, rng, deals)


def test_the_review_uses_the_strong_levels_simulator_and_its_candidates() -> None:
    reviewer = reviewer_for(GAME, 3)
    assert isinstance(reviewer.search, Search)
    assert reviewer.choices is not None
    view = shown(nil_north("9H"))
    # South's hearts, the ace, the ten and the four, each apart from the others by a card
    # still unseen (or, the nine, in the trick): one candidate each
    assert reviewer.choices(view) == StrongBot(3).choices(view) == ["play:AH", "play:TH", "play:4H"]
    assert set(reviewer.choices(view)) <= set(view["legal"]["actions"])


def test_a_playout_scores_what_the_engine_would_score() -> None:
    """From every decision of two deals (bids, the exchange, cards; bags carried from the
    first deal into the second), the lean playout and the engine's playout by the basic
    level end in the same margin: the simulator plays as the basic level, and the deal is
    scored as the match scores it."""
    fast = Search(GAME, BasicBot(), 1)
    slow = SamplingBot(GAME, BasicBot(), 1)
    checked = 0
    for match, _ in played_states(5):
        played = match.deals_played
        for seat in range(4):
            assert fast.play_out(match.clone(), seat, played) == slow.play_out(
                match.clone(), seat, played
            )
        checked += 1
    assert checked > 100


def test_the_play_in_progress_is_read_from_the_state_as_from_the_view() -> None:
    for match, seat in played_states(6, 1):
        deal = match.current
        if deal is None or deal.step != "play":
            continue
        view = GAME.view(match, seat, None, None)
        ours, theirs = play_from(match), play_of(view)(match)
        for field in Play.__slots__:
            assert getattr(ours, field) == getattr(theirs, field), field


def test_every_decision_of_a_played_deal_is_judged_well_formed() -> None:
    reviewer = reviewer_for(GAME, 2)
    basic = BasicBot(4)
    judged = 0
    for match, seat in played_states(7, 1):
        view = GAME.view(match, seat, None, None)
        # as a player sends it: the review writes it, and the policy's choice, canonically
        sent = basic.decide(view)
        played = str(GAME.parse_action(sent))
        judgement = judge(GAME, reviewer, view, sent, 2, 60.0, MIN_SAMPLES)
        legal = view["legal"]
        if "actions" in legal and len(legal["actions"]) < 2:
            assert judgement is None
            continue
        if judgement is None:
            # cards all equal in the play, or the basic level's own exchange (the one
            # choice of cards weighed)
            assert legal["kind"] == "play" or "count" in legal
            continue
        judged += 1
        assert judgement.played == played and judgement.samples == MIN_SAMPLES
        assert judgement.cost >= 0.0 and judgement.error >= 0.0 and judgement.worth >= 0.0
        assert judgement.candidates >= 2
        if "actions" in legal:
            assert judgement.best in legal["actions"]
        if judgement.best == played:
            assert judgement.cost == 0.0 and not judgement.clearly_worse
    assert judged >= 20


def nil_north_queen() -> Match:
    """North bids nil and leads the queen of hearts; East follows low; South, his partner,
    holds the two hearts above it and the four."""
    match = table(
        {
            N: "2S QH 8H 2H QD JD TD 3D 6C 5C 4C 3C 2C",
            E: "3H",
            S: "TS JS QS KS AS AH KH 4H AD KD AC KC QC",
        }
    )
    bid_round(match, "3", "nil")  # West 3, North nil
    act(match, "lay:QD,JD,TD")
    bid_round(match, "3", "4")  # East 3, South 4
    act(match, "give:JS,TS,QC")
    act(match, "play:QH", "play:3H")
    return match


def test_the_strong_levels_cover_of_a_nil_passes_and_ducking_under_it_is_marked() -> None:
    # the king or the ace saves North's nil for now; under the four North takes the trick
    # and the nil fails, unless West, who may hold no heart, trumps
    view = shown(nil_north_queen())
    assert view["seat"] == S
    reviewer = reviewer_for(GAME, 5)
    chosen = StrongBot(5, budget=60.0, max_samples=32).decide(view)
    assert chosen in ("play:KH", "play:AH")
    passed = judge(GAME, reviewer, view, chosen, 5, 60.0, 64)
    assert passed is not None and not passed.clearly_worse
    marked = judge(GAME, reviewer, view, "play:4H", 5, 60.0, 64)
    assert marked is not None and marked.clearly_worse and marked.best in ("play:KH", "play:AH")
    assert marked.cost >= 20


class _SentBackwards:
    """A policy whose set of cards comes in the reverse of the notation's order, as a
    player's may."""

    def __init__(self, policy: BasicBot) -> None:
        self.policy = policy

    def decide(self, view: dict[str, object]) -> str:
        kind, _, cards = self.policy.decide(view).partition(":")
        return f"{kind}:{','.join(reversed(cards.split(',')))}"


def test_a_set_of_cards_the_policy_chose_too_is_one_candidate_in_any_order() -> None:
    match = table(
        {
            N: "2S QH 8H 2H QD JD TD 3D 6C 5C 4C 3C 2C",
            E: "3H",
            S: "TS JS QS KS AS AH KH 4H AD KD AC KC QC",
        }
    )
    bid_round(match, "3", "nil")
    act(match, "lay:QD,JD,TD")
    bid_round(match, "3", "4")
    view = shown(match)
    assert "count" in view["legal"]
    reviewer = reviewer_for(GAME, 5)
    basic = reviewer.search.policy
    assert isinstance(basic, BasicBot)
    own = str(GAME.parse_action(basic.decide(view)))
    reviewer.search.policy = _SentBackwards(basic)  # type: ignore[assignment]
    # the seat gave what the policy would: nothing else was weighed, so nothing to judge
    assert judge(GAME, reviewer, view, own, 5, 60.0, MIN_SAMPLES) is None
