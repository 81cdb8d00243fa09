"""The bezique scoresheet, read against the engine's own results: per deal the trumps, the
totals, the brisques when counted, the rubicon, the winner and the game score, the
declarations; the running totals; the match's length."""

from __future__ import annotations

import json

import pytest
from engine.bezique.match_helpers import play_match

from app.engine.bezique import CHINESE, RUBICON, Variant, make_game


@pytest.mark.parametrize(("variant", "seed"), [(RUBICON, 31), (CHINESE, 32)])
def test_the_sheet_reads_the_engines_results(variant: Variant, seed: int) -> None:
    options = {"deals": 2}
    match, _ = play_match(variant, options, seed)
    game = make_game(variant)
    resolved = game.resolve_options(options)
    assert game.deals_total(2, resolved) == 2 == match.deals_played
    deals = game.scored_deals(match, 0)
    sheet = game.scoresheet(2, resolved, deals)
    json.dumps(sheet)
    assert sheet["totals"] == match.totals
    running = [0, 0]
    for line, deal in zip(sheet["deals"], match.deals, strict=True):
        result = deal.result
        assert result is not None
        running = [running[s] + result.scores[s] for s in (0, 1)]
        assert line["number"] == deal.number and line["dealer"] == deal.dealer
        assert line["scores"] == list(result.scores)
        assert line["totals"] == running
        cells = line["cells"]
        assert cells["trump"] == deal.trump
        assert cells["points"] == list(result.totals) == deal.points
        assert cells["winner"] == result.winner
        assert cells["game_score"] == result.game_score
        assert (cells["rubicon"] is not None) == result.rubiconed
        if variant.brisques and result.counted:
            assert cells["brisques"] == list(result.brisques)
        else:
            assert cells["brisques"] is None
        # every point of a total is a declaration, a carte blanche shown or the last trick
        declared = [0, 0]
        for d in line["declarations"]:
            declared[d["seat"]] += d["points"]
        for shown in deal.shown:
            declared[shown.seat] += shown.points
        declared[deal.history[-1].winner] += variant.last_trick
        assert declared == list(result.totals)
        assert len(line["declarations"]) == len(deal.declarations)
    assert game.scored_deals(match, 1) == deals[1:]


def test_a_drawn_or_lost_deal_scores_nothing_for_the_loser() -> None:
    match, _ = play_match(RUBICON, {"deals": 3}, 33)
    game = make_game(RUBICON)
    for line in game.scoresheet(2, match.options, game.scored_deals(match, 0))["deals"]:
        winner = line["cells"]["winner"]
        if winner is None:
            assert line["scores"] == [0, 0]
        else:
            assert line["scores"][1 - winner] == 0
            assert line["scores"][winner] == line["cells"]["game_score"] > 0
