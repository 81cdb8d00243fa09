"""Random complete matches of Finnish Bismarck, with the invariants checked at every step:
the 52 cards all somewhere and none twice, the hands' sizes through the exchange, each deal's
scores summing to zero with partners alike, every listed action applying and ``check``
foretelling it, clones independent of their original, and the log replaying to the match."""

from __future__ import annotations

import random
from collections import Counter

from engine.finnish_bismarck.helpers import random_text, replay
from hypothesis import given, settings
from hypothesis import strategies as st

from app.engine.bismarck.finnish import GAME
from app.engine.bismarck.finnish.rules import CONTRACTS
from app.engine.bismarck.finnish.state import TABLE, Match
from app.engine.cards import FULL_DECK
from app.engine.trick_game import scored_deals

view = GAME.view

SIZES = {
    # forehand, forehand's partner, dealer's partner, dealer: before each exchange step
    1: (16, 12, 12, 12),
    2: (12, 16, 12, 12),
    3: (13, 13, 13, 13),
    4: (13, 13, 12, 14),
}


def check_cards(match: Match) -> None:
    deal = match.current
    if deal is None:
        return
    where = [c for hand in deal.hands for c in hand] + list(deal.plays)
    if deal.contract is None:
        where += list(deal.open)
    assert Counter(where) == Counter(FULL_DECK)
    roles = deal.roles
    order = (roles.forehand, roles.forehand_partner, roles.dealer_partner, roles.dealer)
    step = deal.exchange.next_step
    if match.phase() == "exchange":
        assert step is not None
        assert tuple(len(deal.hands[s]) for s in order) == SIZES[step]
    elif match.phase() == "play":
        played = Counter((t.leader + i) % 4 for t in deal.history for i in range(4))
        played.update((deal.leader + i) % 4 for i in range(len(deal.ledger.trick)))
        assert [len(deal.hands[s]) + played[s] for s in range(4)] == [13] * 4


def check_listed(match: Match, rng: random.Random) -> None:
    seat = match.to_act
    assert seat is not None and seat != TABLE
    listed = match.legal_actions(seat)
    assert listed
    for action in rng.sample(listed, min(5, len(listed))):
        assert GAME.parse_action(str(action)) == action
        trial = match.clone()
        foretold = trial.check(seat, action)
        trial.apply(seat, action)
        assert trial.to_act == foretold
    for other in range(4):
        if other != seat:
            assert match.legal_actions(other) == []
            assert view(match, other)["legal"] is None


@settings(max_examples=4, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=3))
def test_a_random_match_keeps_every_rule_to_its_end(seed: int, first_dealer: int) -> None:
    rng = random.Random(seed)
    match = Match(first_dealer)
    log: list[tuple[int, str]] = []
    while not match.is_over:
        if match.to_act == TABLE:
            action = GAME.chance(match, rng)
            seat = TABLE
        else:
            seat = match.to_act
            assert seat is not None
            if rng.random() < 0.1:
                check_listed(match, rng)
            action = GAME.parse_action(random_text(match, seat, rng))
        copy = match.clone() if rng.random() < 0.05 else None
        seen = [view(copy, s) for s in (None, 0, 1, 2, 3)] if copy is not None else []
        match.apply(seat, action)
        log.append((seat, str(action)))
        check_cards(match)
        if copy is not None:  # the original moved on, its clone did not
            assert [view(copy, s) for s in (None, 0, 1, 2, 3)] == seen
    deals = scored_deals(match)
    assert len(deals) == 16 and match.deals_played == 16
    for deal in deals:
        assert sum(s or 0 for s in deal.scores) == 0
        assert deal.scores[0] == deal.scores[2] and deal.scores[1] == deal.scores[3]
        assert sum(deal.detail["tricks"]) == 13
    assert [sum(d.scores[s] or 0 for d in deals) for s in range(4)] == match.totals
    assert [set(u) for u in match.used] == [set(CONTRACTS)] * 4
    again = replay(first_dealer, log)
    assert view(again, None) == view(match, None)
    assert [view(again, s) for s in range(4)] == [view(match, s) for s in range(4)]
    winners = GAME.outcome(match)
    assert winners is not None
    assert set(winners.winners) in ({0, 2}, {1, 3}, {0, 1, 2, 3})
