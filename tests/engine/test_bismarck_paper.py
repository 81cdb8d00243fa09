"""Bismarck kept on paper (app/engine/bismarck/paper.py): entering each deal's contract and
tricks gives exactly the scored deals of the same match played here, so the protocol, CSV
and history read the same; the rules refuse what they can tell is impossible."""

from __future__ import annotations

import random

import pytest

from app.engine import GAMES, TABLE, IllegalAction, ScoredDeal
from app.engine.bismarck.paper import PAPER

GAME = GAMES["bismarck"]
A, B, C = 0, 1, 2


def played_match(seats: int, seed: int) -> tuple[int, list[ScoredDeal]]:
    """A whole match of random legal play: its first dealer and its scored deals."""
    rng = random.Random(seed)
    first_dealer = rng.randrange(seats)
    state = GAME.new_match(seats, {}, first_dealer)
    while not state.is_over:
        seat = state.to_act
        if seat == TABLE:
            state.apply(TABLE, GAME.chance(state, rng))
            continue
        legal = GAME.legal(state, seat)
        assert legal is not None
        if "count" in legal:
            text = f"{legal['kind']}:" + ",".join(rng.sample(legal["from"], legal["count"]))
        else:
            text = rng.choice(legal["actions"])
        state.apply(seat, GAME.parse_action(text))
    return first_dealer, GAME.scored_deals(state, 0)


@pytest.mark.parametrize(("seats", "seed"), [(3, 1), (3, 2), (4, 3), (4, 4)])
def test_a_match_entered_on_paper_scores_as_the_match_played_here(seats: int, seed: int) -> None:
    first_dealer, online = played_match(seats, seed)
    entered: list[ScoredDeal] = []
    for deal in online:
        form = PAPER.next_deal(seats, {}, first_dealer, entered)
        assert form is not None
        assert (form.number, form.dealer) == (deal.number, deal.dealer)
        assert form.facts["forehand"] == deal.detail["forehand"]
        entered.append(PAPER.score(seats, {}, first_dealer, entered, PAPER.entry_of(deal)))
        assert entered[-1] == deal
    assert PAPER.next_deal(seats, {}, first_dealer, entered) is None
    with pytest.raises(IllegalAction) as over:
        PAPER.score(seats, {}, first_dealer, entered, PAPER.entry_of(online[0]))
    assert over.value.code == "match_over"
    # the same deals, the same protocol
    assert GAME.scoresheet(seats, {}, entered) == GAME.scoresheet(seats, {}, online)


def test_v12_the_protocol_after_two_deals_entered_on_paper() -> None:
    deals: list[ScoredDeal] = []
    deals.append(PAPER.score(3, {}, C, deals, {"contract": "spel", "tricks": [6, 6, 4]}))
    deals.append(PAPER.score(3, {}, C, deals, {"contract": "pass", "tricks": [9, 2, 5]}))
    assert [d.scores for d in deals] == [(-2, 2, 0), (-3, 2, 1)]
    assert [d.dealer for d in deals] == [C, A]
    sheet = GAME.scoresheet(3, {}, deals)
    assert [line["totals"] for line in sheet["deals"]] == [[-2, 2, 0], [-5, 4, 1]]
    rows = sheet["grid"]["rows"]
    assert rows[A]["cells"]["spel"]["deal"] == 1 and rows[B]["cells"]["pass"]["deal"] == 2
    assert not any(rows[C]["cells"].values())


def test_v9_each_contract_once_per_forehand() -> None:
    deals: list[ScoredDeal] = []
    tricks = {"tricks": [6, 5, 5]}
    for contract in ("pass", "spel", "spel", "spader"):  # deals 1-4: A, B, C, A forehand
        form = PAPER.next_deal(3, {}, C, deals)
        assert form is not None
        deals.append(PAPER.score(3, {}, C, deals, {"contract": contract, **tricks}))
    deals.append(PAPER.score(3, {}, C, deals, {"contract": "pass", **tricks}))  # B
    deals.append(PAPER.score(3, {}, C, deals, {"contract": "pass", **tricks}))  # C
    form = PAPER.next_deal(3, {}, C, deals)  # deal 7: A again
    assert form is not None and form.facts["forehand"] == A
    assert form.fields[0].choices == ("valfri", "spel")
    with pytest.raises(IllegalAction) as used:
        PAPER.score(3, {}, C, deals, {"contract": "pass", **tricks})
    assert used.value.code == "contract_already_used"
    with pytest.raises(IllegalAction) as no_trump:
        PAPER.score(3, {}, C, deals, {"contract": "valfri", **tricks})
    assert (no_trump.value.code, no_trump.value.detail["field"]) == ("paper_missing_field", "trump")
    spades_again = PAPER.score(3, {}, C, deals, {"contract": "valfri", "trump": "S", **tricks})
    assert spades_again.detail["trump"] == "S"


def test_v10_four_players_the_dealer_sits_out_and_enters_nothing() -> None:
    form = PAPER.next_deal(4, {}, 0, [])
    assert form is not None
    assert form.facts == {"forehand": 1, "sitting_out": 0}
    tricks = next(f for f in form.fields if f.key == "tricks")
    assert tricks.seats == (1, 2, 3)
    deal = PAPER.score(4, {}, 0, [], {"contract": "spel", "tricks": [None, 9, 4, 3]})
    assert deal.scores == (None, 1, 0, -1)
    with pytest.raises(IllegalAction) as out:
        PAPER.score(4, {}, 0, [], {"contract": "spel", "tricks": [0, 9, 4, 3]})
    assert out.value.code == "paper_bad_value"
    second = PAPER.next_deal(4, {}, 0, [deal])
    assert second is not None and second.facts == {"forehand": 2, "sitting_out": 1}


@pytest.mark.parametrize(
    ("entry", "code"),
    [
        ({"contract": "spel", "tricks": [6, 6, 5]}, "paper_bad_total"),
        ({"contract": "spel", "tricks": [6, 6]}, "paper_bad_value"),
        ({"contract": "spel", "tricks": [17, -1, 0]}, "paper_bad_value"),
        ({"contract": "spel", "tricks": [6, 6, "4"]}, "paper_bad_value"),
        ({"contract": "spel", "tricks": [6, 6, True]}, "paper_bad_value"),
        ({"contract": "spel", "trump": "H", "tricks": [6, 6, 4]}, "paper_field_not_asked"),
        ({"contract": "whist", "tricks": [6, 6, 4]}, "paper_bad_value"),
        ({"tricks": [6, 6, 4]}, "paper_missing_field"),
        ({"contract": "spel"}, "paper_missing_field"),
        ({"contract": "spel", "tricks": [6, 6, 4], "note": "x"}, "paper_unknown_field"),
        (["spel", [6, 6, 4]], "paper_bad_entry"),
        ({"contract": "valfri", "trump": "X", "tricks": [6, 6, 4]}, "paper_bad_value"),
    ],
)
def test_an_impossible_entry_is_refused_with_its_reason(entry: object, code: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        PAPER.score(3, {}, C, [], entry)  # type: ignore[arg-type]
    assert refused.value.code == code


def test_the_form_describes_itself_for_a_client_that_knows_no_rules() -> None:
    form = PAPER.next_deal(3, {}, C, [])
    assert form is not None
    assert form.as_json() == {
        "number": 1,
        "dealer": C,
        "facts": {"forehand": A, "sitting_out": None},
        "fields": [
            {
                "key": "contract",
                "kind": "choice",
                "label": "paper.contract",
                "choices": ["spader", "valfri", "spel", "pass"],
            },
            {
                "key": "trump",
                "kind": "choice",
                "label": "paper.trump",
                "choices": ["S", "H", "D", "C"],
                "when": {"key": "contract", "values": ["valfri"]},
            },
            {
                "key": "tricks",
                "kind": "seat_number",
                "label": "paper.tricks",
                "seats": [0, 1, 2],
                "minimum": 0,
                "maximum": 16,
                "total": 16,
            },
        ],
    }
