"""The partnership pinochles kept on paper (app/engine/pinochle/partnership/paper.py): each
deal of a match played here, entered as its form asks, scores into the very ``ScoredDeal``
the online match keeps, in both variants, and the paper match ends where the online one
does; the entries the rules refuse; the spec's scoring vectors entered on paper."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

import pytest
from engine.pinochle.helpers import GAMES, E, N, S, W, play_match, sensible

from app.engine.errors import IllegalAction
from app.engine.game import TABLE, Game, OptionValue, ScoredDeal
from app.engine.paper import Paper
from app.engine.pinochle.double_deck_pinochle import GAME as DOUBLE_DECK
from app.engine.pinochle.partnership.state import Match
from app.engine.pinochle.partnership.variant import team_of
from app.engine.pinochle.partnership_pinochle import GAME as PARTNERSHIP


def paper_of(game: Game) -> Paper:
    assert game.paper is not None
    return game.paper


PP = paper_of(PARTNERSHIP)
DD = paper_of(DOUBLE_DECK)

RIGHT: Final = -1.0
"""A claim rate that claims only when the claim is right (random claims are nearly all
wrong)."""
CASES: list[tuple[str, dict[str, OptionValue], float]] = [
    (name, options, rate)
    for name in GAMES
    for options, rate in [
        ({"claims": False}, 0.0),
        ({"claims": False, "made_bid_scores": "points"}, 0.0),
        ({}, 0.004),
        ({"target": 500 if name == "partnership_pinochle" else 3500}, 0.01),
        ({"target": 500 if name == "partnership_pinochle" else 3500}, RIGHT),
    ]
    if not (name == "double_deck_pinochle" and "made_bid_scores" in options)
]


PLAYED: dict[tuple[int, int], Match] = {}


def claiming_when_right(game: Game, options: Mapping[str, OptionValue], seed: int) -> Match:
    """A match of sensible play in which a seat claims as soon as its side's claim would
    win."""
    rng = random.Random(seed)
    match: Match = game.new_match(4, game.resolve_options(dict(options)), rng.randrange(4))
    for _ in range(200_000):
        if match.is_over:
            return match
        if match.to_act == TABLE:
            match.apply(TABLE, game.chance(match, rng))
            continue
        seat = match.to_act
        assert seat is not None
        deal = match.current
        if deal is not None and match.may_claim(deal):
            standing = match.deal_json(deal)["claim_standing"][team_of(seat)]
            if standing >= match.settings.target:
                match.apply(seat, game.parse_action("claim"))
                continue
        match.apply(seat, game.parse_action(sensible(match, seat, rng)))
    raise AssertionError("the match never ended")


def played_match(case: int, seed: int) -> Match:
    """The match of ``CASES[case]`` and ``seed`` (played once per run)."""
    if (case, seed) not in PLAYED:
        name, options, rate = CASES[case]
        game = GAMES[name][0]
        PLAYED[case, seed] = (
            claiming_when_right(game, options, 700 + seed)
            if rate == RIGHT
            else play_match(game, options, 700 + seed, rate)[0]
        )
    return PLAYED[case, seed]


def assert_paper_matches(
    game: Game, options: Mapping[str, OptionValue], first_dealer: int, online: Sequence[ScoredDeal]
) -> None:
    """Every deal of ``online`` entered on paper in turn scores exactly as online, the form
    naming its number and dealer, and the paper match is over after the last."""
    paper = paper_of(game)
    scored: list[ScoredDeal] = []
    for deal in online:
        form = paper.next_deal(4, options, first_dealer, scored)
        assert form is not None, f"the paper match ended before deal {deal.number}"
        assert (form.number, form.dealer) == (deal.number, deal.dealer)
        left = (deal.dealer + 1) % 4
        assert form.facts == {"first_bidder": left, "first_lead": left}
        scored.append(paper.score(4, options, first_dealer, scored, paper.entry_of(deal)))
        assert scored[-1] == deal
    assert paper.next_deal(4, options, first_dealer, scored) is None
    with pytest.raises(IllegalAction) as refused:
        paper.score(4, options, first_dealer, scored, paper.entry_of(online[-1]))
    assert refused.value.code == "match_over"
    assert game.scoresheet(4, options, scored) == game.scoresheet(4, options, online)


@pytest.mark.parametrize("case", range(len(CASES)), ids=[f"{c[0]}-{c[1]}-{c[2]}" for c in CASES])
@pytest.mark.parametrize("seed", range(2))
def test_random_matches_score_on_paper_as_online(case: int, seed: int) -> None:
    name, options, _ = CASES[case]
    game = GAMES[name][0]
    match = played_match(case, seed)
    online = game.scored_deals(match, 0)
    assert online and match.is_over
    assert_paper_matches(game, match.options, match.first_dealer, online)
    # the options as a room keeps them, only those that differ from the defaults
    assert_paper_matches(game, options, match.first_dealer, online)


def test_the_random_matches_reach_every_end_of_a_deal() -> None:
    """The matches above enter every end of a deal, both kinds of claim among them, and a
    side whose meld a trickless play left uncredited."""
    ends: set[str] = set()
    entered: set[str] = set()
    uncredited = 0
    for case, (name, _, _) in enumerate(CASES):
        game = GAMES[name][0]
        for seed in range(2):
            match = played_match(case, seed)
            for deal in game.scored_deals(match, 0):
                ends.add(deal.detail["end"])
                entered.add(paper_of(game).entry_of(deal).get("no_trick", "-"))
                credited = deal.detail["melded"]
                meld = deal.detail["team_meld"] or [0, 0]
                uncredited += any(meld[t] and not credited[t] for t in range(2))
    assert ends == {"made", "set", "passed_out", "claim_won", "claim_lost"}
    # a side without a trick: entered so, its meld not credited
    assert "neither" in entered and entered & {"team_0", "team_1"}
    assert uncredited


# -- the form ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("paper", "points", "meld"), [(PP, 250, 4740), (DD, 500, 9440)], ids=["pp", "dd"]
)
def test_the_form_asks_the_deal_as_the_scoresheet_keeps_it(
    paper: Paper, points: int, meld: int
) -> None:
    form = paper.next_deal(4, {}, W, [])
    assert form is not None
    assert (form.number, form.dealer, dict(form.facts)) == (
        1,
        W,
        {"first_bidder": N, "first_lead": N},
    )
    fields = {f.key: f for f in form.fields}
    assert list(fields) == [
        "end",
        "bid",
        "trump",
        "meld",
        "points",
        "points_so_far",
        "no_trick",
        "claimed_by",
    ]
    assert {f.label for f in form.fields} == {
        "paper.end",
        "paper.bid",
        "paper.trump",
        "paper.meld",
        "paper.card_points",
        "paper.card_points_so_far",
        "paper.no_trick",
        "paper.claimed_by",
    }
    assert fields["end"].choices == ("played", "passed_out", "claimed")
    assert fields["trump"].choices == ("S", "H", "D", "C")
    assert fields["no_trick"].choices == ("neither", "team_0", "team_1", "both")
    assert all(f.seats == (0, 1, 2, 3) for f in form.fields if f.kind != "choice")
    assert (fields["meld"].maximum, fields["meld"].total) == (meld, None)
    assert (fields["points"].maximum, fields["points"].total) == (points, points)
    last_trick = 10 if paper is PP else 20
    assert fields["points_so_far"].maximum == points - last_trick
    assert fields["points_so_far"].total is None
    assert (fields["claimed_by"].maximum, fields["claimed_by"].total) == (1, 1)
    dealt = ("played", "claimed")
    assert fields["bid"].when == fields["trump"].when == ("end", dealt)
    assert fields["meld"].when == fields["no_trick"].when == ("end", dealt)
    assert fields["points"].when == ("end", ("played",))
    assert fields["points_so_far"].when == fields["claimed_by"].when == ("end", ("claimed",))


@pytest.mark.parametrize("paper", [PP, DD], ids=["pp", "dd"])
def test_without_claims_the_form_asks_nothing_of_a_claim(paper: Paper) -> None:
    form = paper.next_deal(4, {"claims": False}, N, [])
    assert form is not None
    fields = {f.key: f for f in form.fields}
    assert list(fields) == ["end", "bid", "trump", "meld", "points", "no_trick"]
    assert fields["end"].choices == ("played", "passed_out")
    assert fields["no_trick"].choices == ("neither", "team_0", "team_1")
    assert fields["bid"].when == ("end", ("played",))


# -- entering deals ------------------------------------------------------------------------------


def played(
    bidder: int,
    bid: int,
    meld: Sequence[int],
    points: Sequence[int],
    trump: str = "S",
    no_trick: str = "neither",
) -> dict[str, Any]:
    return {
        "end": "played",
        "bid": [bid if s == bidder else 0 for s in range(4)],
        "trump": trump,
        "meld": list(meld),
        "points": list(points),
        "no_trick": no_trick,
    }


def claimed(
    bidder: int,
    bid: int,
    meld: Sequence[int],
    points: Sequence[int],
    seat: int,
    no_trick: str = "neither",
) -> dict[str, Any]:
    return {
        "end": "claimed",
        "bid": [bid if s == bidder else 0 for s in range(4)],
        "trump": "H",
        "meld": list(meld),
        "points_so_far": list(points),
        "no_trick": no_trick,
        "claimed_by": [int(s == seat) for s in range(4)],
    }


def enter(
    paper: Paper,
    entries: Sequence[Mapping[str, Any]],
    options: Mapping[str, OptionValue] | None = None,
    dealer: int = W,
) -> list[ScoredDeal]:
    deals: list[ScoredDeal] = []
    chosen = dict(options or {})
    for entry in entries:
        deal = paper.score(4, chosen, dealer, deals, entry)
        # the form filled in again scores the same (a side's points at its first seat)
        assert paper.score(4, chosen, dealer, deals, paper.entry_of(deal)) == deal
        deals.append(deal)
    return deals


def team_totals(deals: Sequence[ScoredDeal]) -> list[int]:
    return [sum(d.scores[t] or 0 for d in deals) for t in (0, 1)]


def test_a_passed_out_deal_scores_nothing_and_the_deal_passes_left() -> None:
    (deal,) = enter(PP, [{"end": "passed_out"}])
    assert (deal.number, deal.dealer, deal.scores) == (1, W, (0, 0, 0, 0))
    assert deal.detail == {
        "bidder": None,
        "bid": None,
        "trump": None,
        "melds": None,
        "team_meld": None,
        "points": [0, 0],
        "melded": [0, 0],
        "hand_points": [0, 0],
        "hand": None,
        "team_scores": [0, 0],
        "end": "passed_out",
        "claim": None,
    }
    form = PP.next_deal(4, {}, W, [deal])
    assert form is not None and (form.number, form.dealer) == (2, N)


# -- the spec's vectors on paper -------------------------------------------------------------------


def test_pp4_a_meld_needs_a_trick() -> None:
    # E-W meld 200 between them and take no trick: 0 for the deal
    entry = played(N, 300, [60, 120, 40, 80], [250, 0, 0, 0], no_trick="team_1")
    (deal,) = enter(PP, [entry])
    assert deal.detail["team_meld"] == [100, 200]
    assert deal.detail["melded"] == [100, 0]
    assert deal.detail["hand_points"] == [350, 0]
    assert deal.scores == (300, 0, 300, 0)


@pytest.mark.parametrize(("made", "north_south"), [("bid", 250), ("points", 265)])
def test_pp5_a_made_contract_scores_the_bid(made: str, north_south: int) -> None:
    entry = played(S, 250, [100, 60, 40, 0], [70, 100, 55, 25])
    (deal,) = enter(PP, [entry], {"made_bid_scores": made})
    assert deal.detail["hand_points"] == [265, 185]
    assert deal.scores == (north_south, 185, north_south, 185)
    assert (deal.detail["end"], deal.detail["bidder"], deal.detail["hand"]) == ("made", S, 265)


def test_pp6_a_failed_contract_costs_the_bid() -> None:
    (deal,) = enter(PP, [played(N, 300, [100, 50, 0, 0], [150, 100, 0, 0])])
    assert deal.scores == (-300, 150, -300, 150)
    assert deal.detail["end"] == "set"


def to_880() -> list[dict[str, Any]]:
    """Two deals that leave North-South on 880, East-West on 100."""
    return [
        played(N, 500, [300, 0, 0, 0], [200, 50, 0, 0]),
        played(N, 380, [330, 0, 0, 0], [200, 50, 0, 0]),
    ]


@pytest.mark.parametrize(
    ("points", "meld", "end", "standing"),
    [(95, 40, "claim_won", 1015), (80, 20, "claim_lost", 980)],
)
def test_pp7_a_claim_is_judged_on_the_points_so_far(
    points: int, meld: int, end: str, standing: int
) -> None:
    # East-West bid 200; South claims with N-S's points so far and meld
    claim = claimed(E, 200, [0, 30, meld, 0], [points, 40, 0, 0], S)
    deals = enter(PP, [*to_880(), claim])
    assert team_totals(deals[:2]) == [880, 100]
    last = deals[-1]
    assert last.detail["end"] == end
    assert last.detail["claim"] == {
        "seat": S,
        "provisional": points + meld,
        "standing": standing,
        "good": end == "claim_won",
    }
    assert last.scores == (points + meld, 0, points + meld, 0)
    assert PP.next_deal(4, {}, W, deals) is None


def test_a_claim_before_any_trick_counts_no_meld() -> None:
    claim = claimed(N, 150, [100, 200, 0, 0], [0, 0, 0, 0], E, no_trick="both")
    (deal,) = enter(PP, [claim])
    assert deal.detail["melded"] == [0, 0]
    assert deal.detail["claim"] == {"seat": E, "provisional": 0, "standing": 0, "good": False}
    assert deal.detail["end"] == "claim_lost"


def test_a_bidding_side_claims_its_bid_once_it_reaches_it() -> None:
    # N-S bid 200 and hold 120 + 100 = 220: the claim counts the bid (or all, "points")
    claim = claimed(N, 200, [100, 0, 0, 0], [120, 60, 0, 0], S)
    assert enter(PP, [claim])[0].detail["claim"]["provisional"] == 200
    only = enter(PP, [claim], {"made_bid_scores": "points"})[0]
    assert only.detail["claim"]["provisional"] == 220
    short = claimed(N, 300, [100, 0, 0, 0], [120, 60, 0, 0], S)
    assert enter(PP, [short])[0].detail["claim"]["provisional"] == 0


def test_pp8_both_over_1000_the_bidding_side_wins() -> None:
    deals = enter(
        PP,
        [
            played(E, 500, [0, 400, 0, 0], [100, 150, 0, 0]),
            played(N, 910, [700, 500, 0, 0], [210, 40, 0, 0]),
        ],
    )
    assert team_totals(deals) == [1010, 1040]
    assert PP.next_deal(4, {}, W, deals) is None


def test_a_side_over_the_target_alone_wins_and_under_it_play_goes_on() -> None:
    first = played(N, 500, [300, 0, 0, 0], [200, 50, 0, 0])
    deals = enter(PP, [first, first], {"target": 1500})
    assert team_totals(deals) == [1000, 100]
    assert PP.next_deal(4, {"target": 1500}, W, deals) is not None
    assert PP.next_deal(4, {}, W, deals) is None


@pytest.mark.parametrize(("bid", "north_south", "end"), [(600, 620, "made"), (700, -700, "set")])
def test_dd8_double_deck_scores_all_points_or_loses_the_bid(
    bid: int, north_south: int, end: str
) -> None:
    (deal,) = enter(DD, [played(N, bid, [150, 30, 100, 50], [200, 130, 170, 0])])
    assert deal.detail["hand_points"] == [620, 210]
    assert deal.scores == (north_south, 210, north_south, 210)
    assert deal.detail["end"] == end


def test_dd10_both_over_5000_the_bidding_side_wins() -> None:
    deals = enter(
        DD,
        [
            played(W, 2500, [0, 2000, 0, 200], [100, 400, 0, 0]),
            played(S, 4900, [3000, 2300, 1500, 0], [400, 100, 0, 0]),
        ],
    )
    assert team_totals(deals) == [5000, 5000]
    assert deals[-1].detail["end"] == "made"
    assert DD.next_deal(4, {}, W, deals) is None


# -- refusals ------------------------------------------------------------------------------------

GOOD = played(N, 250, [100, 60, 40, 0], [70, 100, 55, 25])
CLAIM = claimed(N, 250, [100, 60, 40, 0], [70, 100, 55, 0], E)


def refused(
    paper: Paper,
    entry: Any,
    options: Mapping[str, OptionValue] | None = None,
    deals: Sequence[ScoredDeal] = (),
) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        paper.score(4, dict(options or {}), W, deals, entry)
    return caught.value


@pytest.mark.parametrize(
    ("entry", "code"),
    [
        ("played", "paper_bad_entry"),
        ({"end": "won"}, "paper_bad_value"),
        ({k: v for k, v in GOOD.items() if k != "trump"}, "paper_missing_field"),
        ({k: v for k, v in GOOD.items() if k != "points"}, "paper_missing_field"),
        ({**GOOD, "trump": "X"}, "paper_bad_value"),
        ({**GOOD, "meld": [100, 60, 40]}, "paper_bad_value"),
        ({**GOOD, "meld": [100, 60, 40, 5000]}, "paper_bad_value"),
        ({**GOOD, "points": [70, 100, 55, 24]}, "paper_bad_total"),
        ({**GOOD, "points": [70, 100, 55, 26]}, "paper_bad_total"),
        ({**GOOD, "claimed_by": [0, 1, 0, 0]}, "paper_field_not_asked"),
        ({**GOOD, "points_so_far": GOOD["points"]}, "paper_field_not_asked"),
        ({"end": "passed_out", "trump": "S"}, "paper_field_not_asked"),
        ({**GOOD, "announced": 120}, "paper_unknown_field"),
        ({**CLAIM, "claimed_by": [0, 1, 0, 1]}, "paper_bad_total"),
        ({**CLAIM, "claimed_by": [0, 0, 0, 0]}, "paper_bad_total"),
        ({**CLAIM, "points_so_far": [100, 100, 45, 0]}, "paper_impossible_points"),
        ({**GOOD, "bid": [250, 0, 260, 0]}, "paper_one_high_bid"),
        ({**GOOD, "bid": [0, 0, 0, 0]}, "paper_one_high_bid"),
        ({**GOOD, "bid": [255, 0, 0, 0]}, "bid_not_multiple_of_10"),
        ({**GOOD, "bid": [90, 0, 0, 0]}, "bid_too_low"),
        ({**GOOD, "meld": [100, 65, 40, 0]}, "paper_impossible_meld"),
        ({**GOOD, "no_trick": "team_1"}, "paper_points_without_trick"),
        ({**GOOD, "no_trick": "both"}, "paper_points_without_trick"),
    ],
)
def test_entries_the_rules_refuse(entry: object, code: str) -> None:
    assert refused(PP, entry).code == code


def test_the_refusals_name_what_is_wrong() -> None:
    low = refused(PP, {**GOOD, "bid": [0, 0, 90, 0]})
    assert low.detail == {"bid": 90, "least": 100}
    assert refused(DD, played(N, 490, [0] * 4, [250, 250, 0, 0])).detail == {
        "bid": 490,
        "least": 500,
    }
    two = refused(PP, {**GOOD, "bid": [250, 0, 260, 0]})
    assert two.detail == {"bidders": [0, 2]}
    total = refused(PP, {**GOOD, "points": [70, 100, 55, 24]})
    assert total.detail == {"field": "points", "sum": 249, "total": 250}
    trickless = refused(PP, {**GOOD, "no_trick": "team_0"})
    assert trickless.detail == {"team": 0, "points": 125}
    meld = refused(PP, {**GOOD, "meld": [100, 65, 40, 0]})
    assert meld.detail == {"seat": 1, "meld": 65, "step": 10}


def test_double_deck_card_points_are_tens() -> None:
    # A, 10 and K count 10, the last trick 20: a side's points are a multiple of ten
    error = refused(DD, played(N, 500, [0] * 4, [245, 255, 0, 0]))
    assert error.code == "paper_impossible_points"
    assert error.detail == {"seat": 0, "points": 245, "step": 10}
    # a single pack counts 11, 4, 3 and 2 too: any number
    single = PP.score(4, {}, W, [], played(N, 100, [0] * 4, [127, 123, 0, 0]))
    assert single.detail["points"] == [127, 123]
    # the tricks before the last hold 480 in double-deck
    dd_claim = claimed(N, 500, [0] * 4, [300, 190, 0, 0], N)
    assert refused(DD, dd_claim).detail == {"sum": 490, "most": 480}


def test_a_claim_is_refused_where_the_table_plays_without_claims() -> None:
    assert refused(PP, CLAIM, {"claims": False}).code == "claims_off"
    assert refused(DD, CLAIM, {"claims": False}).code == "claims_off"
    # with claims, E-W's claim of 160 is judged: wrong
    assert PP.score(4, {}, W, [], CLAIM).detail["end"] == "claim_lost"


def test_an_entry_after_the_match_is_over_is_refused() -> None:
    deals = enter(PP, [CLAIM])
    assert PP.next_deal(4, {}, W, deals) is None
    assert refused(PP, GOOD, deals=deals).code == "match_over"
    assert refused(PP, {"end": "passed_out"}, deals=deals).code == "match_over"
