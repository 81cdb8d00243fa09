"""Scoring by team (rules §6), contracts once per player over the match (§3), the end of the
match after 16 deals with ties sharing the win (§7), and the scoresheet with its teams and
the protocol's grid of each player's contracts."""

from __future__ import annotations

import random

import pytest
from engine.finnish_bismarck.helpers import act, assert_refused, deal, play_choosing, play_planned
from engine.finnish_bismarck.helpers import winners_for as planned_winners

from app.engine.bismarck.finnish import GAME
from app.engine.bismarck.finnish.rules import (
    CONTRACTS,
    deal_scores,
    quotas,
    team_quotas,
    team_tricks,
)
from app.engine.bismarck.finnish.state import Match
from app.engine.bismarck.rules import ScoringError
from app.engine.game import Termination
from app.engine.trick_game import scored_deals

view = GAME.view


def tricks_for(dealer: int, taken: int) -> list[int]:
    """Per seat, the non-dealer team taking ``taken``: forehand all of them, the dealer the
    rest."""
    tricks = [0] * 4
    tricks[(dealer + 1) % 4] = taken
    tricks[dealer] = 13 - taken
    return tricks


@pytest.mark.parametrize("contract", ["trump", "notrump", "free"])
@pytest.mark.parametrize("taken", range(14))
def test_a_positive_contract_pays_a_point_a_trick_over_eight(contract: str, taken: int) -> None:
    for dealer in range(4):
        scores = deal_scores(contract, dealer, tricks_for(dealer, taken))
        ours, theirs = taken - 8, 8 - taken
        forehand = (dealer + 1) % 4
        assert scores[forehand] == scores[(forehand + 2) % 4] == ours
        assert scores[dealer] == scores[(dealer + 2) % 4] == theirs
        assert sum(scores) == 0


@pytest.mark.parametrize("taken", range(14))
def test_misere_pays_a_point_a_trick_under_five(taken: int) -> None:
    scores = deal_scores("misere", 0, tricks_for(0, taken))
    assert scores == [taken - 5, 5 - taken, taken - 5, 5 - taken]


def test_it_is_the_team_that_counts_not_the_seat() -> None:
    # forehand 1 takes none, his partner 3 ten: the non-dealer team has ten
    assert deal_scores("notrump", 0, [2, 0, 1, 10]) == [-2, 2, -2, 2]
    assert team_tricks([2, 0, 1, 10]) == [3, 10]


def test_quotas_name_the_non_dealer_team_first() -> None:
    assert quotas("trump") == quotas("notrump") == quotas("free") == (8, 5)
    assert quotas("misere") == (5, 8)
    assert team_quotas("notrump", 0) == [5, 8]  # forehand 1 is team 1
    assert team_quotas("misere", 1) == [5, 8]  # forehand 2 is team 0
    match = Match(0)
    deal(match)
    assert view(match, None)["deal"]["quotas"] is None
    act(match, 1, "contract:misere")
    assert view(match, None)["deal"]["quotas"] == [8, 5]


@pytest.mark.parametrize("tricks", [[4, 4, 4, 0], [4, 4, 4, 2], [-1, 5, 5, 4], [13, 0, 0]])
def test_tricks_that_are_no_deal_are_an_internal_fault(tricks: list[int]) -> None:
    with pytest.raises(ScoringError):
        deal_scores("notrump", 0, tricks)


# -- the match ----------------------------------------------------------------------------------


def play_match(first_dealer: int, team_tricks: int | list[int]) -> Match:
    """Sixteen planned deals, every forehand choosing his contracts in column order; the
    non-dealer team takes ``team_tricks`` (one number, or one per deal)."""
    match = Match(first_dealer)
    for k in range(16):
        taken = team_tricks if isinstance(team_tricks, int) else team_tricks[k]
        play_choosing(match, 0, taken)
    return match


def test_after_sixteen_deals_every_player_has_chosen_every_contract_once() -> None:
    match = play_match(2, 9)
    assert match.is_over and match.to_act is None and match.phase() == "match_over"
    assert match.deals_played == 16
    assert [set(u) for u in match.used] == [set(CONTRACTS)] * 4
    forehands = [d.detail["forehand"] for d in scored_deals(match)]
    assert forehands == [(2 + 1 + k) % 4 for k in range(16)]
    # the fourth of each player's contracts was his last: set by the deal
    assert [d.forced for d in match.deals] == [False] * 12 + [True] * 4
    assert all(match.contracts_left(s) == [] for s in range(4))
    assert_refused(match, 0, "contract:trump", "match_over")
    assert_refused(match, -1, GAME.chance(match, random.Random(0)), "match_over")


def test_the_team_with_the_higher_total_wins() -> None:
    # the non-dealer team takes nine in the first deal, eight after: +1 to team 1 (forehand 1)
    match = play_match(0, [9] + [8] * 15)
    assert match.totals == [-1, 1, -1, 1]
    outcome = GAME.outcome(match)
    assert outcome is not None
    assert outcome.termination is Termination.DEALS_PLAYED
    assert outcome.winners == (1, 3)
    assert view(match, None)["winners"] == [1, 3]
    assert view(match, None)["team_totals"] == [-1, 1]


def test_equal_totals_share_the_win() -> None:
    match = play_match(0, [9, 9] + [8] * 14)  # +1 to each team in turn
    assert match.totals == [0, 0, 0, 0]
    outcome = GAME.outcome(match)
    assert outcome is not None and outcome.winners == (0, 1, 2, 3)


def test_no_winners_before_the_end() -> None:
    match = Match(0)
    play_planned(match, "contract:notrump", planned_winners(0, 10))
    assert GAME.outcome(match) is None
    assert view(match, None)["winners"] is None and match.winners() == []


# -- the scoresheet -----------------------------------------------------------------------------


def test_the_scoresheet_has_teams_and_the_protocols_grid() -> None:
    match = Match(0)
    play_planned(match, "contract:trump", planned_winners(0, 10))  # forehand 1, open 2S first
    play_planned(match, "contract:free:D", planned_winners(1, 4))  # forehand 2
    play_planned(match, "contract:misere", planned_winners(2, 3))  # forehand 3
    play_planned(match, "contract:notrump", planned_winners(3, 8))  # forehand 0
    sheet = GAME.scoresheet(4, {}, scored_deals(match))
    assert sheet == view(match, 2)["scoresheet"]
    assert [c["key"] for c in sheet["columns"]] == ["forehand", "contract", "tricks"]
    lines = sheet["deals"]
    assert [line["cells"]["forehand"] for line in lines] == [1, 2, 3, 0]
    assert [line["cells"]["contract"] for line in lines] == [
        {"term": "contract.trump", "suit": "S"},
        {"term": "contract.free", "suit": "D"},
        {"term": "contract.misere"},
        {"term": "contract.notrump"},
    ]
    # each partner shows his team's tricks
    assert lines[0]["cells"]["tricks"] == [3, 10, 3, 10]
    assert lines[1]["cells"]["tricks"] == [4, 9, 4, 9]
    assert [line["team_scores"] for line in lines] == [[-2, 2], [-4, 4], [-2, 2], [0, 0]]
    assert [line["team_totals"] for line in lines] == [[-2, 2], [-6, 6], [-8, 8], [-8, 8]]
    assert sheet["totals"] == [-8, 8, -8, 8] == match.totals
    assert sheet["teams"] == {"members": [[0, 2], [1, 3]], "totals": [-8, 8]}
    grid = sheet["grid"]
    assert [c["key"] for c in grid["columns"]] == ["trump", "notrump", "free", "misere"]
    assert [c["label"] for c in grid["columns"]] == [
        "contract.trump",
        "contract.notrump",
        "contract.free",
        "contract.misere",
    ]
    rows = {row["seat"]: row["cells"] for row in grid["rows"]}
    assert rows[1] == {
        "trump": {"deal": 1, "suit": "S", "score": 2},
        "notrump": None,
        "free": None,
        "misere": None,
    }
    assert rows[2]["free"] == {"deal": 2, "suit": "D", "score": -4}
    assert rows[3]["misere"] == {"deal": 3, "suit": None, "score": 2}
    assert rows[0]["notrump"] == {"deal": 4, "suit": None, "score": 0}


def test_a_scored_deal_keeps_what_the_sheet_and_the_paper_need() -> None:
    match = Match(0)
    play_planned(match, "contract:free:S", planned_winners(0, 7))
    (scored,) = scored_deals(match)
    assert scored.number == 1 and scored.dealer == 0
    assert scored.scores == (1, -1, 1, -1)
    assert dict(scored.detail) == {
        "forehand": 1,
        "contract": "free",
        "trump": "S",
        "tricks": match.deals[0].won,
    }
    assert sum(scored.detail["tricks"]) == 13
