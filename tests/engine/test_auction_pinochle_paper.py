"""Auction pinochle kept on paper (app/engine/pinochle/auction/paper.py): each deal of a
session played here, entered as its calls, end, trump, meld, points and concessions, scores
into the very ``ScoredDeal`` the online session keeps, kitty share included; the entries the
rules refuse, with their codes; and the spec's settlement vectors entered on paper."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from app.engine import TABLE, IllegalAction, ScoredDeal
from app.engine.game import OptionValue
from app.engine.pinochle import melds
from app.engine.pinochle.auction import GAME
from app.engine.pinochle.auction.paper import (
    MOST_MELD,
    MOST_MELD_SHORT,
    PAPER,
    POINTS,
)
from app.engine.pinochle.auction.rules import DISTINCT
from app.engine.pinochle.auction.state import Match

CASES: list[tuple[str, dict[str, OptionValue]]] = [
    ("defaults", {}),
    ("low_opening", {"opening": 200, "schedule": "bonus", "card_points": "tens", "rounds": 1}),
    ("no_doubling", {"opening": 250, "spades_double": False, "card_points": "simple"}),
    ("steady", {"schedule": "steady", "packets": 4, "rounds": 3}),
]


def sensible_session(
    seats: int, options: Mapping[str, OptionValue], seed: int
) -> tuple[int, list[ScoredDeal]]:
    """A whole session of legal play that reaches every end: short auctions, throw-ins,
    trump chosen by the meld, concessions by either side (opponents' out of turn), trump
    changed now and then after a concession, random cards. Its first dealer and its deals."""
    rng = random.Random(f"auction-paper:{seats}:{seed}")
    first_dealer = rng.randrange(seats)
    match: Match = GAME.new_match(seats, GAME.resolve_options(options), first_dealer)
    while not match.is_over:
        if match.to_act == TABLE:
            match.apply(TABLE, GAME.chance(match, rng))
            continue
        deal = match.deals[-1]
        seat = match.to_act
        assert seat is not None
        idle = [s for s in deal.active if s != seat and match.may_concede(deal, s)]
        odds = 0.1 if deal.conceded else 0.15
        if idle and rng.random() < odds:
            match.apply(rng.choice(idle), GAME.parse_action("concede"))
            continue
        match.apply(seat, GAME.parse_action(_choose(match, seat, rng)))
    return first_dealer, GAME.scored_deals(match, 0)


def _choose(match: Match, seat: int, rng: random.Random) -> str:
    deal = match.deals[-1]
    listed = [str(a) for a in match.legal_actions(seat)]
    phase = match.phase()
    if phase == "bid":
        bids = [a for a in listed if a.startswith("bid:")]
        if "pass" in listed and rng.random() < 0.6:
            return "pass"
        return bids[0] if rng.random() < 0.7 else rng.choice(bids[:8])
    if phase == "widow":
        return rng.choices(["widow", "throw_in", "concede"], [5, 4, 1])[0]
    if phase == "play":
        return rng.choice([a for a in listed if a != "concede"])
    if rng.random() < 0.04:
        return "concede"
    revise = [r for r in match.revisions(deal) if r.startswith("trump:")]
    if deal.conceded and revise and rng.random() < 0.7:
        return rng.choice(revise)
    if phase == "trump":
        hand = deal.hands[seat]
        return "trump:" + max("SHDC", key=lambda s: (melds.value(hand, s), rng.random()))
    if phase == "meld":
        return listed[0]  # the suggested best meld
    return rng.choice([a for a in listed if a != "concede"])


def assert_paper_matches(
    seats: int,
    options: Mapping[str, OptionValue],
    first_dealer: int,
    online: Sequence[ScoredDeal],
) -> None:
    """Every deal of ``online`` entered on paper in turn scores exactly as online, the form
    naming its number and dealer; the paper session is over after the last."""
    entered: list[ScoredDeal] = []
    for deal in online:
        form = PAPER.next_deal(seats, options, first_dealer, entered)
        assert form is not None, f"the paper session ended before deal {deal.number}"
        assert (form.number, form.dealer) == (deal.number, deal.dealer)
        assert form.facts["active"] == deal.detail["active"]
        entered.append(PAPER.score(seats, options, first_dealer, entered, PAPER.entry_of(deal)))
        assert entered[-1] == deal
    assert PAPER.next_deal(seats, options, first_dealer, entered) is None
    with pytest.raises(IllegalAction) as over:
        PAPER.score(seats, options, first_dealer, entered, PAPER.entry_of(online[0]))
    assert over.value.code == "match_over"
    assert GAME.scoresheet(seats, options, entered) == GAME.scoresheet(seats, options, online)


@pytest.mark.parametrize(("name", "options"), CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("seats", [3, 4, 5])
def test_a_session_entered_on_paper_scores_as_the_session_played(
    name: str, options: dict[str, OptionValue], seats: int
) -> None:
    for seed in range(2):
        first_dealer, online = sensible_session(seats, options, seed)
        assert_paper_matches(seats, options, first_dealer, online)


def test_the_sessions_reach_every_end_and_every_lone_concession() -> None:
    """The sessions above are worth their name: every end, and the lone concessions paid at
    the deal's value and at their own moment's, are among the deals entered."""
    ends: Counter[str] = Counter()
    lone: Counter[str] = Counter()
    for _, options in CASES:
        for seats in (3, 4, 5):
            for seed in range(2):
                _, online = sensible_session(seats, options, seed)
                for deal in online:
                    ends[deal.detail["end"]] += 1
                    marks = PAPER.entry_of(deal).get("concessions") or []
                    lone.update(m for m in marks if m not in (None, "no"))
    assert set(ends) == {
        "made",
        "double_bete",
        "made_on_meld",
        "single_bete",
        "opponents_conceded",
        "thrown_in",
    }
    assert set(lone) == {"conceded", "conceded_in_spades", "conceded_not_in_spades"}


# -- the spec's vectors --------------------------------------------------------------------------


def cards(text: str) -> list[str]:
    return text.split()


def calls(seats: int, bidder: int, bid: int, active: Sequence[int]) -> list[str | None]:
    out: list[str | None] = [None] * seats
    for seat in active:
        out[seat] = str(bid) if seat == bidder else "pass"
    return out


def no_concession(seats: int, active: Sequence[int]) -> list[str | None]:
    return ["no" if seat in active else None for seat in range(seats)]


def first_form(seats: int, dealer: int = 0) -> tuple[int, list[int]]:
    form = PAPER.next_deal(seats, {}, dealer, [])
    assert form is not None
    return form.facts["eldest"], form.facts["active"]


def played(
    seats: int, bidder_at: int, bid: int, trump: str, meld: int, points: int
) -> dict[str, Any]:
    """A deal played out, the bidder the ``bidder_at``-th active seat, no concession."""
    _, active = first_form(seats)
    return {
        "bids": calls(seats, active[bidder_at], bid, active),
        "end": "played",
        "trump": trump,
        "meld": str(meld),
        "points": str(points),
        "concessions": no_concession(seats, active),
    }


def test_ap5_the_count_decides_made() -> None:
    # meld 120, 203 in tricks, 25 buried (TC AD KH), the last trick: 358 against 350
    deal = PAPER.score(3, {}, 0, [], played(3, 0, 350, "D", 120, 203 + 25 + 10))
    assert deal.detail["end"] == "made" and deal.detail["total"] == 358
    assert deal.detail["points"] == 238 and deal.detail["meld"] == 120
    short = PAPER.score(3, {}, 0, [], played(3, 0, 350, "D", 120, 229))
    assert short.detail["end"] == "double_bete" and short.detail["total"] == 349


def test_ap6_settlements_entered_on_paper() -> None:
    # (a) three players, 320 in spades, made: each opponent pays 6, the kitty stays out
    _, active = first_form(3)
    a = PAPER.score(3, {}, 0, [], played(3, 1, 320, "S", 100, 230))
    bidder = active[1]
    assert a.detail["value"] == 6 and a.detail["kitty"] == 0
    assert a.detail["chips"][bidder] == 12 and sum(a.detail["chips"]) == 0
    # (b) four players, 350 in diamonds, double bete: two opponents, the dealer, the kitty
    b = PAPER.score(4, {}, 0, [], played(4, 0, 350, "D", 100, 200))
    assert b.detail["end"] == "double_bete" and b.detail["chips"] == [10, -40, 10, 10]
    assert b.detail["kitty"] == 10 and b.scores == (10, -40, 10, 10)
    # (c) five players, 400 in spades, the bidder concedes after the widow: -100
    _, active5 = first_form(5)
    c = PAPER.score(
        5,
        {},
        0,
        [],
        {
            "bids": calls(5, active5[2], 400, active5),
            "end": "single_bete",
            "trump": "S",
            "meld": "60",
            "concessions": no_concession(5, active5),
        },
    )
    assert c.detail["chips"][active5[2]] == -100 and c.detail["kitty"] == 20
    assert sorted(c.detail["chips"]) == [-100, 20, 20, 20, 20]
    # (d) eldest's 300 stands and he throws in: 3 to the kitty alone
    eldest, active = first_form(3)
    d = PAPER.score(3, {}, 0, [], {"bids": calls(3, eldest, 300, active), "end": "thrown_in"})
    assert d.detail["chips"][eldest] == -3 and d.detail["kitty"] == 3
    assert d.detail["trump"] is None and d.detail["meld"] is None and d.detail["conceded"] == []
    # (e) 340 in hearts made: the opponents alone; 350: the kitty pays too
    e340 = PAPER.score(3, {}, 0, [], played(3, 0, 340, "H", 100, 240))
    e350 = PAPER.score(3, {}, 0, [], played(3, 0, 350, "H", 100, 250))
    assert (e340.detail["chips"][eldest], e340.detail["kitty"]) == (6, 0)
    assert (e350.detail["chips"][eldest], e350.detail["kitty"]) == (15, -5)
    # (f) a meld of 310 on a bid of 300 makes it without play
    f = PAPER.score(
        3,
        {},
        0,
        [],
        {
            "bids": calls(3, eldest, 300, active),
            "end": "made_on_meld",
            "trump": "H",
            "meld": "310",
            "concessions": ["no", "no", "no"],
        },
    )
    assert f.detail["end"] == "made_on_meld" and f.detail["points"] is None
    assert f.detail["chips"][eldest] == 6


def test_a_lone_concession_pays_the_value_of_its_moment() -> None:
    # the rules' test: 360, one opponent concedes before trump, the bidder names spades and
    # concedes in turn; the lone one pays 5 as for a made contract, the other receives 10
    eldest, active = first_form(3)
    m, last = active[1], active[2]
    marks: list[str | None] = ["no"] * 3
    marks[m] = "conceded_not_in_spades"
    entry = {
        "bids": calls(3, eldest, 360, active),
        "end": "single_bete",
        "trump": "S",
        "meld": "0",
        "concessions": marks,
    }
    deal = PAPER.score(3, {}, 0, [], entry)
    assert deal.detail["chips"][m] == -5 and deal.detail["chips"][last] == 10
    assert deal.detail["kitty"] == 10 and deal.detail["conceded"] == [m]
    assert PAPER.entry_of(deal) == entry
    # conceded while spades were trumps, the deal ending in hearts: he pays 10, not 5
    marks[m] = "conceded_in_spades"
    hearts = PAPER.score(3, {}, 0, [], {**entry, "trump": "H", "concessions": marks})
    assert hearts.detail["chips"][m] == -10 and hearts.detail["chips"][last] == 5
    # with the deal's trump: the deal's value
    marks[m] = "conceded"
    plain = PAPER.score(3, {}, 0, [], {**entry, "trump": "H", "concessions": marks})
    assert plain.detail["chips"][m] == -5
    assert PAPER.entry_of(plain)["concessions"] == marks


def test_the_last_deal_shares_the_kitty_out() -> None:
    options: dict[str, OptionValue] = {"rounds": 1}
    deals: list[ScoredDeal] = []
    for _ in range(3):
        form = PAPER.next_deal(3, options, 2, deals)
        assert form is not None
        eldest, active = form.facts["eldest"], form.facts["active"]
        entry = {
            "bids": calls(3, eldest, 350, active),
            "end": "single_bete",
            "trump": "none",
            "concessions": no_concession(3, active),
        }
        deals.append(PAPER.score(3, options, 2, deals, entry))
    assert [d.detail["kitty"] for d in deals] == [5, 5, 5]
    assert [d.detail["share"] for d in deals] == [None, None, [5, 5, 5]]
    assert deals[-1].scores == tuple(c + 5 for c in deals[-1].detail["chips"])
    assert PAPER.next_deal(3, options, 2, deals) is None


# -- what the rules refuse -----------------------------------------------------------------------


def base(**changes: Any) -> dict[str, Any]:
    """A deal at three seats, dealer 0 (eldest 1, then 2, then 0): eldest bids 350 in
    hearts, melds 100 and takes 200."""
    entry: dict[str, Any] = {
        "bids": ["pass", "350", "pass"],
        "end": "played",
        "trump": "H",
        "meld": "100",
        "points": "200",
        "concessions": ["no", "no", "no"],
    }
    entry.update(changes)
    return {k: v for k, v in entry.items() if v is not None}


@pytest.mark.parametrize(
    ("entry", "code"),
    [
        (base(bids=["pass", "355", "pass"]), "bid_not_multiple_of_10"),
        (base(bids=["pass", "290", "pass"]), "bid_too_low"),
        (base(bids=["pass", "pass", "pass"]), "must_open"),
        (base(bids=["pass", "350", "360"]), "paper_one_bid"),
        (base(bids=["pass", "10010", "pass"]), "paper_bad_value"),
        (base(bids=["pass", "350"]), "paper_bad_value"),
        (
            base(end="thrown_in", trump=None, meld=None, points=None, concessions=None),
            "widow_turned",
        ),
        (
            base(
                bids=["300", "pass", "pass"],
                end="thrown_in",
                trump=None,
                meld=None,
                points=None,
                concessions=None,
            ),
            "widow_turned",
        ),
        (base(trump="none", meld=None), "name_trump_first"),
        (base(end="made_on_meld", trump="none", meld=None, points=None), "meld_needs_trump"),
        (base(meld="350"), "paper_made_on_meld"),
        (base(end="single_bete", meld="400", points=None), "paper_made_on_meld"),
        (base(end="made_on_meld", meld="340", points=None), "paper_meld_short"),
        (base(bids=["pass", "600", "pass"], meld="510"), "meld_leaves_no_burial"),
        (base(meld="610"), "paper_bad_value"),
        (base(meld="105"), "paper_bad_value"),
        (base(points="249"), "paper_bad_value"),
        (base(points="260"), "paper_bad_value"),
        (base(concessions=["no", "conceded", "no"]), "paper_bidder_concession"),
        (base(concessions=["conceded", "no", "conceded"]), "paper_both_conceded"),
        (
            base(
                end="single_bete",
                trump="none",
                meld=None,
                points=None,
                concessions=["conceded_in_spades", "no", "no"],
            ),
            "paper_spades_not_named",
        ),
        (base(concessions=["yes", "no", "no"]), "paper_bad_value"),
        (base(points=None), "paper_missing_field"),
        (base(meld=None), "paper_missing_field"),
        (base(concessions=None), "paper_missing_field"),
        (base(end=None), "paper_missing_field"),
        (base(end="opponents_conceded", points=None), "paper_field_not_asked"),
        (base(end="single_bete"), "paper_field_not_asked"),
        (base(trump="none"), "name_trump_first"),
        (base(end="single_bete", trump="none", points=None), "paper_field_not_asked"),
        (base(note="x"), "paper_unknown_field"),
        (base(end="made"), "paper_bad_value"),
        (["pass", "350", "pass"], "paper_bad_entry"),
    ],
)
def test_an_impossible_entry_is_refused_with_its_reason(entry: object, code: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        PAPER.score(3, {}, 0, [], entry)  # type: ignore[arg-type]
    assert refused.value.code == code, refused.value.message


def test_the_entry_the_rules_allow_around_the_refusals() -> None:
    # the limits themselves are accepted: a 500 meld short of a 600 bid, all 250 points
    deal = PAPER.score(3, {}, 0, [], base(bids=["pass", "600", "pass"], meld="500", points="250"))
    assert deal.detail["end"] == "made" and deal.detail["total"] == 750
    # an eldest who opened at 350 cannot throw in, but one held to the 200 opening can
    low = PAPER.score(
        3, {"opening": 200}, 0, [], {"bids": ["pass", "200", "pass"], "end": "thrown_in"}
    )
    assert low.detail["value"] == 1 and low.detail["chips"] == [0, -1, 0]
    # both opponents conceding: no concession is asked, both are named conceded
    both = PAPER.score(3, {}, 0, [], base(end="opponents_conceded", points=None, concessions=None))
    assert both.detail["conceded"] == [0, 2] and both.detail["chips"] == [-5, 15, -5]


def _holdings(kinds: Sequence[melds.Meld]) -> dict[tuple[int, ...], int]:
    """Each way of holding the melds of one class 0-2 times each: the copies of each card
    it needs, and the most it is worth."""
    out: dict[tuple[int, ...], int] = {}
    for times in itertools.product(range(3), repeat=len(kinds)):
        need = [0] * len(DISTINCT)
        for n, kind in zip(times, kinds, strict=True):
            for card in kind.cards:
                need[DISTINCT.index(card)] += n
        if max(need) <= 2:
            worth = sum(n * k.value for n, k in zip(times, kinds, strict=True))
            out[tuple(need)] = max(out.get(tuple(need), 0), worth)
    return out


def most_meld(at_most: int) -> int:
    """The most any ``at_most`` cards meld, searched over every holding of every meld: a card
    serves once per class and in any number of classes (§6), so a holding needs of each card
    the most any class needs. Clubs meld as hearts do."""
    best = 0
    for trump in "SHD":
        a, b, c = (_holdings([m for m in melds.kinds(trump) if m.group == g]) for g in "ABC")
        both: dict[tuple[int, ...], int] = {}
        for (na, va), (nb, vb) in itertools.product(a.items(), b.items()):
            need = tuple(map(max, na, nb))
            both[need] = max(both.get(need, 0), va + vb)
        fits = [(n, v) for n, v in c.items() if sum(n) <= at_most]
        arounds = sorted(fits, key=lambda held: -held[1])
        fitting = [(n, v) for n, v in both.items() if sum(n) <= at_most]
        for nab, vab in sorted(fitting, key=lambda held: -held[1]):
            if vab + arounds[0][1] <= best:
                break
            for nc, vc in arounds:
                if vab + vc <= best:
                    break
                if sum(map(max, nab, nc)) <= at_most:
                    best = vab + vc
    return best


def test_the_meld_and_the_points_offered_are_those_the_cards_can_make() -> None:
    # eighteen cards meld at most 600, fifteen (a meld short of the bid) 500
    assert (most_meld(18), most_meld(15)) == (MOST_MELD, MOST_MELD_SHORT) == (600, 500)
    most = cards("AD AD TD TD KD KD QD QD JD JD QS QS KS KS KH QH KC QC")
    assert len(most) == 18 and melds.value(most, "D") == MOST_MELD
    short = cards("AS AH AD AC KS KH KD KC QS QH QD QC JD TD 9D")
    assert len(short) == 15 and melds.value(short, "D") == MOST_MELD_SHORT
    form = PAPER.next_deal(3, {}, 0, [])
    assert form is not None
    meld = next(f for f in form.fields if f.key == "meld")
    assert meld.choices == tuple(str(v) for v in range(0, 610, 10))
    # every count of the pack's card points, the last trick's ten or not
    assert set(POINTS["standard"]) == {str(n) for n in range(251)} - {"1", "249"}
    assert POINTS["tens"] == tuple(str(n) for n in range(0, 251, 5))
    assert POINTS["simple"] == tuple(str(n) for n in range(0, 251, 10))


def test_the_form_describes_itself_for_a_client_that_knows_no_rules() -> None:
    form = PAPER.next_deal(5, {"spades_double": False}, 0, [])
    assert form is not None
    shown = form.as_json()
    assert (shown["number"], shown["dealer"]) == (1, 0)
    assert shown["facts"] == {
        "eldest": 1,
        "active": [1, 3, 4],
        "sitting_out": [0, 2],
        "minimum": 300,
    }
    fields = {f["key"]: f for f in shown["fields"]}
    assert list(fields) == ["bids", "end", "trump", "meld", "points", "concessions"]
    bids = fields["bids"]
    assert bids["kind"] == "seat_choice" and bids["seats"] == [1, 3, 4]
    assert bids["choices"][:3] == ["pass", "300", "310"] and bids["choices"][-1] == "10000"
    assert fields["end"]["choices"] == [
        "played",
        "made_on_meld",
        "single_bete",
        "opponents_conceded",
        "thrown_in",
    ]
    assert fields["trump"]["choices"] == ["S", "H", "D", "C", "none"]
    assert fields["trump"]["when"] == {
        "key": "end",
        "values": ["played", "made_on_meld", "single_bete", "opponents_conceded"],
    }
    assert fields["meld"]["when"] == {"key": "trump", "values": ["S", "H", "D", "C"]}
    assert fields["points"]["when"] == {"key": "end", "values": ["played"]}
    # without spade doubling the moment of a lone concession does not matter
    assert fields["concessions"]["choices"] == ["no", "conceded"]
    assert fields["concessions"]["when"] == {
        "key": "end",
        "values": ["played", "made_on_meld", "single_bete"],
    }
    doubling = PAPER.next_deal(5, {}, 0, [])
    assert doubling is not None
    assert doubling.fields[-1].choices == (
        "no",
        "conceded",
        "conceded_in_spades",
        "conceded_not_in_spades",
    )


def test_a_bid_past_the_limit_on_paper_is_no_choice_and_its_number_is_not_echoed() -> None:
    huge = "1" + "0" * 300  # a multiple of ten, and far past what a browser holds exactly
    for bid in (huge, huge + "5"):
        with pytest.raises(IllegalAction) as refused:
            PAPER.score(3, {}, 0, [], base(bids=["pass", bid, "pass"]))
        assert refused.value.code == "paper_bad_value", refused.value.message
        assert bid not in str(refused.value.detail)
