"""Random complete matches of both partnership pinochles: every deal's team scores follow
§8 and §9 as recomputed here from the cards, tricks and auction alone (melds counted by the
formulas written out in the helpers), partners always carry the team's score, totals are the
sum of the deals, the match ends exactly when the rules say and the winners are a team."""

from __future__ import annotations

import pytest
from engine.pinochle.helpers import GAMES, expected_deal, play_match

from app.engine import TABLE
from app.engine.game import Termination
from app.engine.pinochle.partnership.variant import winner_at_end

CASES = [
    (name, options, seed, claim_rate)
    for name in GAMES
    for options, claim_rate in [
        ({"claims": False}, 0.0),
        ({"claims": False, "made_bid_scores": "points"}, 0.0),
        ({}, 0.004),
    ]
    for seed in range(3)
    if not (name == "double_deck_pinochle" and "made_bid_scores" in options)
]


@pytest.mark.parametrize(("name", "options", "seed", "claim_rate"), CASES)
def test_random_matches_score_as_the_rules_say(
    name: str, options: dict[str, object], seed: int, claim_rate: float
) -> None:
    game, _ = GAMES[name]
    match, log = play_match(game, options, seed, claim_rate)
    assert match.is_over and match.to_act is None
    totals = [0, 0]
    winner = None
    for k, deal in enumerate(match.deals):
        expected = expected_deal(match, deal.number)
        result = deal.result
        assert result is not None
        assert list(result.scores) == expected["scores"], (deal.number, expected)
        if expected["end"] != "claim":
            assert result.end.value == expected["end"]
        for team in range(2):
            totals[team] += expected["scores"][team]
        last = k == len(match.deals) - 1
        if result.claim is not None:
            assert last, "a claim ends the match"
            claim = result.claim
            assert claim.provisional == expected["provisional"]
            assert claim.standing == totals[claim.team]
            good = totals[claim.team] >= match.settings.target
            assert claim.good is good
            winner = claim.team if good else 1 - claim.team
            assert match.termination() is Termination.CLAIM
        else:
            reached = winner_at_end(totals, match.settings.target, deal.bidder_team)
            assert (reached is not None) is last, (deal.number, totals)
            if last:
                winner = reached
                assert match.termination() is Termination.TARGET_REACHED
                if min(totals) >= match.settings.target:
                    assert winner == deal.bidder_team
    assert match.totals == [totals[0], totals[1], totals[0], totals[1]]
    assert match.winner == winner
    outcome = game.outcome(match)
    assert outcome is not None and set(outcome.winners) == {winner, winner + 2}
    assert match.deals_played == len(match.deals)
    scored = game.scored_deals(match, 0)
    sheet = game.scoresheet(4, match.options, scored)
    assert sheet["teams"]["totals"] == totals
    assert [line["team_scores"] for line in sheet["deals"]] == [
        list(d.result.scores) for d in match.deals if d.result is not None
    ]
    # dealers rotate to the left, passed-out deals included
    dealers = [d.dealer for d in match.deals]
    assert dealers == [(match.first_dealer + k) % 4 for k in range(len(dealers))]
    assert sum(1 for seat, _ in log if seat == TABLE) == len(match.deals)


def test_random_play_reaches_claims_passed_out_deals_and_both_endings() -> None:
    """The cases above cover what they claim to: claims won and lost, passed-out deals,
    made and set contracts."""
    ends: set[str] = set()
    for name, options, seed, rate in CASES:
        match, _ = play_match(GAMES[name][0], options, seed, rate)
        ends.update(d.result.end.value for d in match.deals if d.result is not None)
    assert {"made", "set", "passed_out"} <= ends
    assert ends & {"claim_won", "claim_lost"}
