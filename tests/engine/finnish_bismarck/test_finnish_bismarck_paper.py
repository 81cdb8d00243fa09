"""Finnish Bismarck kept on paper (app/engine/bismarck/finnish/paper.py): each deal's contract,
its trump and every player's tricks, entered, give exactly the scored deals of the same match
played here; the rules refuse what they can tell is impossible."""

from __future__ import annotations

import random
from typing import Any

import pytest
from engine.finnish_bismarck.helpers import play_random

from app.engine import IllegalAction, ScoredDeal
from app.engine.bismarck.finnish import GAME
from app.engine.bismarck.finnish.paper import PAPER
from app.engine.trick_game import scored_deals


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_match_entered_on_paper_scores_as_the_match_played_here(seed: int) -> None:
    match, _ = play_random(random.Random(seed), first_dealer=seed % 4)
    online = scored_deals(match)
    entered: list[ScoredDeal] = []
    for deal in online:
        form = PAPER.next_deal(4, {}, match.first_dealer, entered)
        assert form is not None
        assert (form.number, form.dealer) == (deal.number, deal.dealer)
        assert form.facts == {"forehand": deal.detail["forehand"]}
        entered.append(PAPER.score(4, {}, match.first_dealer, entered, PAPER.entry_of(deal)))
        assert entered[-1] == deal
    assert PAPER.next_deal(4, {}, match.first_dealer, entered) is None
    assert GAME.scoresheet(4, {}, entered) == GAME.scoresheet(4, {}, online)
    with pytest.raises(IllegalAction) as over:
        PAPER.score(4, {}, match.first_dealer, entered, PAPER.entry_of(online[0]))
    assert over.value.code == "match_over"


def test_the_form_asks_the_contracts_left_the_trump_and_thirteen_tricks() -> None:
    form = PAPER.next_deal(4, {}, 0, [])
    assert form is not None
    shown = form.as_json()
    assert shown["number"] == 1 and shown["dealer"] == 0 and shown["facts"] == {"forehand": 1}
    contract, trump, tricks = shown["fields"]
    assert contract["choices"] == ["trump", "notrump", "free", "misere"]
    assert trump["choices"] == ["S", "H", "D", "C"]
    assert trump["when"] == {"key": "contract", "values": ["trump", "free"]}
    assert tricks["seats"] == [0, 1, 2, 3]
    assert (tricks["minimum"], tricks["maximum"], tricks["total"]) == (0, 13, 13)


def enter(entries: list[dict[str, Any]], first_dealer: int = 0) -> list[ScoredDeal]:
    deals: list[ScoredDeal] = []
    for entry in entries:
        deals.append(PAPER.score(4, {}, first_dealer, deals, entry))
    return deals


def refused(deals: list[ScoredDeal], entry: dict[str, Any], code: str) -> None:
    with pytest.raises(IllegalAction) as caught:
        PAPER.score(4, {}, 0, deals, entry)
    assert caught.value.code == code, caught.value.message


def test_f3_and_f4_entered_on_paper() -> None:
    deals = enter(
        [
            {"contract": "notrump", "tricks": [1, 6, 2, 4]},  # forehand 1's team takes 10
            {"contract": "misere", "tricks": [1, 1, 1, 10]},  # forehand 2's team takes 2
            {"contract": "trump", "trump": "H", "tricks": [3, 3, 3, 4]},  # forehand 3's: 7
        ]
    )
    assert [d.scores for d in deals] == [(-2, 2, -2, 2), (3, -3, 3, -3), (1, -1, 1, -1)]
    assert deals[2].detail == {
        "forehand": 3,
        "contract": "trump",
        "trump": "H",
        "tricks": [3, 3, 3, 4],
    }


def test_what_the_rules_can_tell_is_refused() -> None:
    deals = enter(
        [
            {"contract": "misere", "tricks": [4, 3, 3, 3]},
            {"contract": "notrump", "tricks": [4, 3, 3, 3]},
            {"contract": "notrump", "tricks": [4, 3, 3, 3]},
            {"contract": "notrump", "tricks": [4, 3, 3, 3]},
        ]
    )
    # seat 1 is forehand again in deal 5: misère is used
    refused(deals, {"contract": "misere", "tricks": [4, 3, 3, 3]}, "contract_already_used")
    refused(deals, {"contract": "free", "tricks": [4, 3, 3, 3]}, "paper_missing_field")
    refused(
        deals,
        {"contract": "notrump", "trump": "S", "tricks": [4, 3, 3, 3]},
        "paper_field_not_asked",
    )
    refused(deals, {"contract": "notrump", "tricks": [4, 3, 3, 2]}, "paper_bad_total")
    refused(deals, {"contract": "notrump", "tricks": [14, 0, 0, -1]}, "paper_bad_value")
    refused(deals, {"contract": "notrump", "tricks": [4, 3, 3, 3], "bid": 4}, "paper_unknown_field")
    assert (
        enter([{"contract": "free", "trump": "C", "tricks": [4, 3, 3, 3]}])[0].detail["trump"]
        == "C"
    )
