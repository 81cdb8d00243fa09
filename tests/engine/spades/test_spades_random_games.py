"""Complete random matches of spades, each deal's score recomputed here from the bids and
tricks alone: with the options that keep a match short, with the defaults and bags, and
with each way of counting a failed nil's tricks. Cards are conserved at every step, a nil is
judged on its bidder's tricks alone, and the log replays to the same match."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from engine.spades.helpers import random_match, replay

from app.engine.game import OptionValue
from app.engine.spades import GAME
from app.engine.spades.rules import CARDS
from app.engine.spades.state import Match
from app.engine.trick_game import scored_deals

view = GAME.view

SHORT = dict(GAME.short_match)
CASES: list[tuple[str, dict[str, OptionValue]]] = [
    ("short", SHORT),
    ("defaults_bags", {"bags": True}),
    ("partner", {"bags": True, "failed_nil_tricks": "partner", "target": 300}),
    ("as_bags", {"bags": True, "failed_nil_tricks": "bags", "target": 300}),
    ("left_look", {"first_bidder": "left", "bid_requires_look": True, "target": 250}),
]


def expected_side(
    bids: Sequence[Any], tricks: Sequence[int], failed: str, bags: int | None
) -> tuple[int, int | None]:
    """A side's deal score and bag count after it, worked out afresh from §5 and the
    Clarifications: (score, bags)."""
    nil = [b in ("nil", "blind_nil") for b in bids]
    if all(nil):
        return (200 if tricks[0] + tricks[1] == 0 else -200), bags
    score = 0
    won_by_nil = 0
    bid = 0
    won = 0
    for b, t, is_nil in zip(bids, tricks, nil, strict=True):
        if is_nil:
            worth = 200 if b == "blind_nil" else 100
            score += worth if t == 0 else -worth
            won_by_nil += t
        else:
            bid += b
            won += t
    if failed == "partner":
        won += won_by_nil
    if won >= bid:
        extra = won - bid + (won_by_nil if failed == "bags" else 0)
        score += 10 * bid + extra
        if bags is not None:
            bags += extra
            while bags >= 10:
                bags -= 10
                score -= 100
    else:
        score -= 10 * bid
    return score, bags


def conserved(match: Match) -> None:
    deal = match.current
    if deal is None:
        return
    laid = [
        c
        for e in deal.exchanges
        if e is not None and e.laid is not None and not e.done and not e.cancelled
        for c in e.laid
    ]
    played = [c for t in deal.history for c in t.cards] + deal.ledger.trick_cards()
    every = [c for h in deal.hands for c in h] + laid + played
    assert sorted(every) == sorted(CARDS)


PLAYED: dict[tuple[str, int], tuple[Match, list[tuple[int, str]]]] = {}


def played(name: str, options: Mapping[str, OptionValue], seed: int) -> Match:
    key = (name, seed)
    if key not in PLAYED:
        PLAYED[key] = random_match(seed, options)
    return PLAYED[key][0]


@pytest.mark.parametrize(("name", "options"), CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("seed", range(3))
def test_every_deal_scores_as_the_rules_say_and_the_match_ends_as_they_say(
    name: str, options: dict[str, OptionValue], seed: int
) -> None:
    match = played(name, options, seed)
    resolved = GAME.resolve_options(options)
    failed = str(resolved["failed_nil_tricks"])
    bags: list[int | None] = [0, 0] if resolved["bags"] else [None, None]
    totals = [0, 0]
    deals = scored_deals(match, 0)
    assert deals and match.is_over
    for deal in deals:
        detail = deal.detail
        side_scores = []
        for side in (0, 1):
            members = (side, side + 2)
            score, bags[side] = expected_side(
                [detail["bids"][s] for s in members],
                [detail["tricks"][s] for s in members],
                failed,
                bags[side],
            )
            side_scores.append(score)
            assert detail["sides"][side]["total"] == score
            assert detail["sides"][side]["bags"] == bags[side]
            totals[side] += score
        assert list(deal.scores) == [*side_scores, *side_scores]
        assert sum(detail["tricks"]) == 13
    assert match.totals == [*totals, *totals]
    assert match.bags == [b or 0 for b in bags]
    target = int(resolved["target"])
    winner = 0 if match.winners() == [0, 2] else 1
    assert match.winners() == [winner, winner + 2]
    loser = 1 - winner
    floor = bool(resolved["lose_at_minus_200"])
    if floor and min(totals) <= -200:
        assert totals[loser] <= -200 and (totals[winner] > -200 or totals[winner] > totals[loser])
    else:
        assert totals[winner] >= target and totals[winner] > totals[loser]
    outcome = GAME.outcome(match)
    assert outcome is not None and outcome.winners == (winner, winner + 2)


def test_a_nil_is_judged_on_its_bidders_tricks_alone() -> None:
    partner_took_tricks = 0
    for name, options in CASES:
        for seed in range(3):
            for deal in scored_deals(played(name, options, seed), 0):
                detail = deal.detail
                for seat in range(4):
                    if detail["bids"][seat] not in ("nil", "blind_nil"):
                        assert detail["nil"][seat] is None
                        continue
                    own = detail["tricks"][seat]
                    assert detail["nil"][seat] == ("made" if own == 0 else "failed")
                    partner = (seat + 2) % 4
                    if own == 0 and detail["tricks"][partner] > 0:
                        partner_took_tricks += 1
                        both = detail["bids"][partner] in ("nil", "blind_nil")
                        if not both:
                            nil_score = detail["sides"][seat % 2]["nil_score"]
                            assert nil_score >= 100  # the partner's tricks never fail it
    assert partner_took_tricks, "no made nil beside a partner who took tricks"


def test_random_play_reaches_every_kind_of_bid_and_exchange() -> None:
    kinds: set[str] = set()
    for name, options in CASES:
        for seed in range(3):
            for deal in played(name, options, seed).deals:
                kinds.update(str(b) for b in deal.bids if isinstance(b, str))
                for e in deal.exchanges:
                    if e is not None:
                        kinds.add("cancelled" if e.cancelled else "done")
    assert {"nil", "blind_nil", "done", "cancelled"} <= kinds


@pytest.mark.parametrize("seed", range(2))
def test_cards_are_conserved_and_the_log_replays_to_the_same_match(seed: int) -> None:
    match, log = random_match(100 + seed, {"bags": True, "target": 250})
    step = Match(4, match.options, match.first_dealer)
    for k, (seat, text) in enumerate(log):
        step.apply(seat, GAME.parse_action(text))
        conserved(step)
        if k % 97 == 0:
            copy = step.clone()
            before = json.dumps(view(step, None))
            if copy.legal_actions():
                copy.apply(copy.to_act or 0, copy.legal_actions()[0])
            assert json.dumps(view(step, None)) == before
    again = replay(match.first_dealer, log, match.options)
    for seat in (None, 0, 1, 2, 3):
        assert json.dumps(view(again, seat)) == json.dumps(view(match, seat))
