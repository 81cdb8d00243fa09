"""Spades kept on paper: each deal of a match played here, entered as its bids and tricks,
scores into the very ``ScoredDeal`` the online match keeps, deal by deal, and the paper
match ends where the online one does. The entries the rules refuse, and the spec's scoring
vectors entered on paper."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from engine.spades.helpers import E, N, S, W, random_match

from app.engine.errors import IllegalAction
from app.engine.game import TABLE, OptionValue, ScoredDeal
from app.engine.spades import GAME
from app.engine.spades.paper import PAPER

SHORT = dict(GAME.short_match)
CASES: list[tuple[str, dict[str, OptionValue]]] = [
    ("short", SHORT),
    ("bags", {**SHORT, "bags": True}),
    ("partner", {"bags": True, "failed_nil_tricks": "partner", "target": 300}),
    ("as_bags", {"bags": True, "failed_nil_tricks": "bags", "target": 300}),
    ("left_no_blind", {"first_bidder": "left", "double_nil": False, "target": 250}),
]


def entry_of(deal: ScoredDeal) -> dict[str, Any]:
    """What a table keeping the deal on paper enters, rebuilt from the deal's detail: the
    bids as written, the tricks. The game's own ``entry_of`` gives the same."""
    entry = {
        "bids": [str(b) for b in deal.detail["bids"]],
        "tricks": list(deal.detail["tricks"]),
    }
    assert PAPER.entry_of is not None and PAPER.entry_of(deal) == entry
    return entry


def assert_paper_matches(
    options: Mapping[str, OptionValue], first_dealer: int, online: Sequence[ScoredDeal]
) -> None:
    """Every deal of ``online`` entered on paper in turn scores exactly as online, the form
    naming its number and dealer, and the paper match is over after the last."""
    scored: list[ScoredDeal] = []
    for deal in online:
        form = PAPER.next_deal(4, options, first_dealer, scored)
        assert form is not None, f"the paper match ended before deal {deal.number}"
        assert (form.number, form.dealer) == (deal.number, deal.dealer)
        paper = PAPER.score(4, options, first_dealer, scored, entry_of(deal))
        assert paper == deal
        scored.append(paper)
    assert PAPER.next_deal(4, options, first_dealer, scored) is None
    with pytest.raises(IllegalAction) as refused:
        PAPER.score(4, options, first_dealer, scored, entry_of(online[-1]))
    assert refused.value.code == "match_over"


@pytest.mark.parametrize(("name", "options"), CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("seed", range(3))
def test_random_matches_score_on_paper_as_online(
    name: str, options: dict[str, OptionValue], seed: int
) -> None:
    match, _ = random_match(500 + seed, options)
    online = GAME.scored_deals(match, 0)
    assert online and match.is_over
    assert_paper_matches(options, match.first_dealer, online)


def _play_through_the_interface(seed: int) -> tuple[int, dict[str, OptionValue], Any]:
    """A complete match played through the registry's game alone, with random legal moves."""
    rng = random.Random(f"spades-paper:{seed}")
    options = dict(GAME.resolve_options(GAME.short_match))
    first_dealer = rng.randrange(4)
    state = GAME.new_match(4, options, first_dealer)
    for _ in range(20_000):
        if state.is_over:
            return first_dealer, options, state
        if state.to_act == TABLE:
            state.apply(TABLE, GAME.chance(state, rng))
            continue
        seat = state.to_act
        assert seat is not None
        legal = GAME.legal(state, seat)
        assert legal is not None
        if "count" in legal:
            text = f"{legal['kind']}:" + ",".join(rng.sample(legal["from"], legal["count"]))
        else:
            text = rng.choice(legal["actions"])
        state.apply(seat, GAME.parse_action(text))
    raise AssertionError("the match never ended")


@pytest.mark.parametrize("seed", range(4))
def test_matches_played_through_the_game_interface_score_on_paper_as_online(seed: int) -> None:
    first_dealer, options, state = _play_through_the_interface(seed)
    online = GAME.scored_deals(state, 0)
    assert online
    assert_paper_matches(options, first_dealer, online)


# -- the form ------------------------------------------------------------------------------------


def test_the_form_offers_the_bids_the_options_allow_and_never_zero() -> None:
    form = PAPER.next_deal(4, {}, N, [])
    assert form is not None
    bids, tricks = form.fields
    assert (bids.key, bids.label, tricks.key, tricks.label) == (
        "bids",
        "paper.bids",
        "tricks",
        "paper.tricks",
    )
    assert set(bids.choices) == {"nil", "blind_nil", *(str(n) for n in range(1, 14))}
    assert "0" not in bids.choices
    assert bids.seats == tricks.seats == (0, 1, 2, 3)
    assert (tricks.minimum, tricks.maximum, tricks.total) == (0, 13, 13)
    plain = PAPER.next_deal(4, {"double_nil": False}, N, [])
    assert plain is not None and "blind_nil" not in plain.fields[0].choices


@pytest.mark.parametrize(("first_bidder", "bidder"), [("dealer", S), ("left", W)])
def test_the_form_names_who_bids_first_and_who_leads(first_bidder: str, bidder: int) -> None:
    form = PAPER.next_deal(4, {"first_bidder": first_bidder}, S, [])
    assert form is not None
    assert (form.number, form.dealer) == (1, S)
    assert form.facts == {"first_bidder": bidder, "first_lead": W}


# -- refusals ------------------------------------------------------------------------------------

GOOD = {"bids": ["3", "4", "3", "2"], "tricks": [3, 4, 3, 3]}


@pytest.mark.parametrize(
    ("entry", "code"),
    [
        ({**GOOD, "tricks": [3, 4, 3, 2]}, "paper_bad_total"),
        ({**GOOD, "tricks": [3, 4, 3, 4]}, "paper_bad_total"),
        ({**GOOD, "bids": ["0", "4", "3", "2"]}, "paper_bad_value"),
        ({**GOOD, "bids": ["3", "14", "3", "2"]}, "paper_bad_value"),
        ({**GOOD, "bids": [3, 4, 3, 2]}, "paper_bad_value"),
        ({**GOOD, "bids": ["3", "4", "3"]}, "paper_bad_value"),
        ({**GOOD, "tricks": [5, 4, 5, -1]}, "paper_bad_value"),
        ({"bids": GOOD["bids"]}, "paper_missing_field"),
        ({"tricks": GOOD["tricks"]}, "paper_missing_field"),
        ({**GOOD, "contract": "7"}, "paper_unknown_field"),
    ],
)
def test_malformed_entries_are_refused(entry: dict[str, Any], code: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        PAPER.score(4, {}, N, [], entry)
    assert refused.value.code == code


def test_blind_nil_is_refused_where_the_table_does_not_play_it() -> None:
    entry = {"bids": ["blind_nil", "4", "3", "2"], "tricks": [0, 5, 4, 4]}
    with pytest.raises(IllegalAction) as refused:
        PAPER.score(4, {"double_nil": False}, N, [], entry)
    assert refused.value.code == "paper_bad_value"
    assert refused.value.detail == {"field": "bids"}
    assert PAPER.score(4, {}, N, [], entry).detail["blind"] == [True, False, False, False]


def enter(
    options: Mapping[str, OptionValue], entries: Sequence[Mapping[str, Any]], dealer: int = N
) -> list[ScoredDeal]:
    deals: list[ScoredDeal] = []
    for entry in entries:
        deals.append(PAPER.score(4, options, dealer, deals, entry))
    return deals


# N-S bid 13 and take every trick: 130 to N-S, -20 to E-W
SWEEP = {"bids": ["6", "1", "7", "1"], "tricks": [6, 0, 7, 0]}


def test_an_entry_after_the_target_is_reached_is_refused() -> None:
    options = {"target": 250}
    deals = enter(options, [SWEEP, SWEEP])
    assert [d.detail["winner"] for d in deals] == [None, 0]
    assert [d.dealer for d in deals] == [N, E]
    assert PAPER.next_deal(4, options, N, deals) is None
    with pytest.raises(IllegalAction) as refused:
        PAPER.score(4, options, N, deals, SWEEP)
    assert refused.value.code == "match_over"


def test_a_side_at_minus_200_loses_with_option_lose_at_minus_200() -> None:
    swept = {"bids": ["1", "6", "1", "7"], "tricks": [0, 6, 0, 7]}  # E-W 130, N-S -20
    set_ = {"bids": ["7", "1", "6", "1"], "tricks": [0, 6, 0, 7]}  # N-S -130, E-W 31
    options = {"lose_at_minus_200": True}
    deals = enter(options, [swept, set_, set_])
    assert [d.scores[0] for d in deals] == [-20, -130, -130]
    assert [d.detail["winner"] for d in deals] == [None, None, 1]
    assert PAPER.next_deal(4, options, N, deals) is None


def test_equal_totals_at_the_target_play_another_deal() -> None:
    # N and E nil made; S bid 1 takes 11 (20 + 100), W bid 2 takes 2 (20 + 100): 120 each
    even = {"bids": ["nil", "nil", "1", "2"], "tricks": [0, 0, 11, 2]}
    options = {"target": 200}
    deals = enter(options, [even, even], dealer=W)
    assert [list(d.scores) for d in deals] == [[120, 120, 120, 120]] * 2
    assert deals[-1].detail["winner"] is None
    form = PAPER.next_deal(4, options, W, deals)
    assert form is not None and (form.number, form.dealer) == (3, E)
    last = PAPER.score(4, options, W, deals, SWEEP)
    assert last.detail["winner"] == 0


def test_bags_carry_over_and_cost_100_at_the_tenth() -> None:
    # N-S bid 2 and take 8: 26 and 6 bags; E-W bid 6 and take 5: set
    bagged = {"bids": ["1", "3", "1", "3"], "tricks": [4, 2, 4, 3]}
    deals = enter({"bags": True}, [bagged, bagged])
    first, second = (d.detail["sides"][0] for d in deals)
    assert (first["bags"], first["bag_penalty"], first["total"]) == (6, 0, 26)
    assert (second["bags"], second["bag_penalty"], second["total"]) == (2, -100, -74)
    assert [d.detail["sides"][1]["bags"] for d in deals] == [0, 0]
    assert enter({}, [bagged])[0].detail["sides"][0]["bags"] is None


# -- the spec's vectors on paper -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("vector", "bids", "tricks", "side", "expected"),
    [
        ("SP2", ["4", "2", "3", "2"], [5, 3, 3, 2], 0, 71),
        ("SP3", ["3", "5", "3", "4"], [3, 4, 3, 3], 1, -90),
        ("SP4", ["nil", "3", "4", "3"], [0, 4, 5, 4], 0, 141),
        ("SP5", ["nil", "3", "4", "3"], [2, 4, 3, 4], 0, -140),
        ("SP6", ["blind_nil", "3", "3", "3"], [0, 5, 4, 4], 0, 231),
        ("SP7 made", ["nil", "3", "nil", "3"], [0, 6, 0, 7], 0, 200),
        ("SP7 failed", ["nil", "3", "nil", "3"], [1, 6, 0, 6], 0, -200),
    ],
)
def test_spec_vectors_entered_on_paper(
    vector: str, bids: list[str], tricks: list[int], side: int, expected: int
) -> None:
    deal = PAPER.score(4, {}, N, [], {"bids": bids, "tricks": tricks})
    assert deal.scores[side] == deal.scores[side + 2] == expected, vector
    assert deal.detail["sides"][side]["total"] == expected
    assert (deal.number, deal.dealer) == (1, N)
