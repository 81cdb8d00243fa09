"""Property tests of the Bismarck engine over random matches (design.md §5, rules §3.3, §8-§11).

Hypothesis draws only seeds and seat counts; each seed drives a ``random.Random`` that plays a
whole match (playout.py), so a failing example is reproduced by its seed alone.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from playout import (
    card_tokens,
    cards_in_deal,
    choose_action,
    free_permutation,
    hidden_from,
    permute_log,
    play_match,
    replay_log,
    snapshot,
    step,
    suit_preserving_permutation,
)

from app.engine.actions import Action
from app.engine.bismarck import GAME
from app.engine.bismarck.rules import CONTRACTS, DEALS_PER_MATCH
from app.engine.bismarck.state import TABLE, Match, discard_action
from app.engine.cards import FULL_DECK, SUITS, Card, sorted_cards
from app.engine.errors import IllegalAction
from app.engine.trick_game import deal_action, scored_deals

view = GAME.view

SEEDS = st.integers()
SEAT_COUNTS = st.sampled_from([3, 4])
FAST = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
DECK = set(FULL_DECK)


def views(match: Match) -> list[dict[str, Any]]:
    return [view(match, seat) for seat in (*range(match.seats), None)]


# -- cards, scores, contracts --------------------------------------------------------------------


def check_cards_conserved(match: Match) -> None:
    # only the deal under way is unfinished: a voided one is replaced by its redeal
    assert all(d.finished for d in match.deals[:-1])
    assert match.finished_deals == [d for d in match.deals if d.finished]
    deal = match.deals[-1] if match.deals else None
    if deal is None:
        return
    dealt = list(deal.open)
    for seat in range(match.seats):
        hand = deal.dealt[seat]
        assert (hand is None) == (seat not in deal.order)
        dealt.extend(hand or ())
    assert len(dealt) == 52 and set(dealt) == DECK
    cards = cards_in_deal(deal)
    assert len(cards) == 52 and set(cards) == DECK, f"deal {deal.number}: {Counter(cards)}"
    played = [c for t in deal.history for c in t.cards] + deal.ledger.trick_cards()
    assert played == deal.plays
    if deal.finished:
        assert len(deal.plays) == 48 and all(not deal.hands[s] for s in deal.order)


@settings(FAST, max_examples=15)
@given(seed=SEEDS, seats=SEAT_COUNTS)
def test_52_cards_are_conserved_at_every_step(seed: int, seats: int) -> None:
    match, _ = play_match(seats, random.Random(seed), on_step=check_cards_conserved)
    for deal in match.deals:
        # every open card is either played or discarded, so the discard completes the pack
        assert deal.discard is not None and len(set(deal.discard)) == 4
        assert set(deal.discard) | set(deal.plays) == DECK
        assert not set(deal.discard) & set(deal.plays)


def check_shown_in_pack_order(match: Match) -> None:
    for seat in range(match.seats):
        shown = view(match, seat)
        deal, legal = shown["deal"], shown["legal"]
        if deal is not None and deal["hand"] is not None:
            assert deal["hand"] == sorted_cards(deal["hand"])
        if legal is not None and legal["kind"] == "play":
            cards = [a.removeprefix("play:") for a in legal["actions"]]
            assert cards == sorted_cards(cards)
        if legal is not None and legal["kind"] == "discard":
            assert legal["from"] == sorted_cards(legal["from"])


@settings(FAST, max_examples=10)
@given(seed=SEEDS, seats=SEAT_COUNTS)
def test_hands_and_playable_cards_are_shown_in_pack_order(seed: int, seats: int) -> None:
    play_match(seats, random.Random(seed), on_step=check_shown_in_pack_order)


def check_totals(match: Match) -> None:
    assert sum(match.totals) == 0
    running = [0] * match.seats
    for deal in match.finished_deals:
        assert deal.scores is not None
        assert sum(deal.scores) == 0
        assert sum(t for t in deal.tricks if t is not None) == 16
        for seat in range(match.seats):
            if seat not in deal.order:
                assert deal.scores[seat] == 0 and deal.tricks[seat] is None
            running[seat] += deal.scores[seat]
        assert sum(running) == 0
    assert running == match.totals


def check_protocol(match: Match) -> None:
    sheet = GAME.scoresheet(match.seats, {}, scored_deals(match))
    running = [0] * match.seats
    for entry, deal in zip(sheet["deals"], match.finished_deals, strict=True):
        assert sum(s or 0 for s in entry["scores"]) == 0 and sum(entry["totals"]) == 0
        for seat, score in enumerate(entry["scores"]):
            # a seat that sat out has no score; its total stays as it was
            assert (score is None) == (seat not in deal.order)
            running[seat] += score or 0
        assert running == entry["totals"]
    assert sheet["totals"] == match.totals


@settings(FAST, max_examples=15)
@given(seed=SEEDS, seats=SEAT_COUNTS)
def test_scores_and_totals_sum_to_zero(seed: int, seats: int) -> None:
    finished = 0

    def after(match: Match) -> None:
        nonlocal finished
        assert sum(match.totals) == 0
        if len(match.finished_deals) != finished:
            finished = len(match.finished_deals)
            check_totals(match)
            check_protocol(match)

    match, _ = play_match(seats, random.Random(seed), on_step=after)
    assert finished == DEALS_PER_MATCH[seats]
    check_totals(match)
    check_protocol(match)
    assert view(match, None)["winners"] == [
        s for s, t in enumerate(match.totals) if t == max(match.totals)
    ]


@settings(FAST, max_examples=15)
@given(seed=SEEDS, seats=SEAT_COUNTS)
def test_every_player_uses_each_contract_once_as_forehand(seed: int, seats: int) -> None:
    match, _ = play_match(seats, random.Random(seed))
    assert match.is_over and match.to_act is None
    deals = match.deals
    assert len(deals) == DEALS_PER_MATCH[seats] == {3: 12, 4: 16}[seats]
    for k, deal in enumerate(deals):
        assert deal.number == k + 1
        assert deal.dealer == (match.first_dealer + k) % seats
        assert deal.order == tuple((deal.dealer + i) % seats for i in (1, 2, 3))
    for seat in range(seats):
        chosen = [d.contract for d in deals if d.forehand == seat]
        assert sorted(map(str, chosen)) == sorted(CONTRACTS)
        assert match.used[seat] == set(CONTRACTS)
        assert match.contracts_left(seat) == []
        # the fourth turn as forehand leaves one contract: it is forced
        last = [d for d in deals if d.forehand == seat][-1]
        assert last.forced
        assert not any(d.forced for d in deals if d.forehand == seat and d is not last)
        if seats == 4:
            assert sum(d.dealer == seat for d in deals) == 4
            assert sum(seat in d.order for d in deals) == 12
        else:
            assert sum(d.forehand == seat for d in deals) == 4
            assert all(seat in d.order for d in deals)
    forced = [d.number for d in deals if d.forced]
    assert forced == list(range(len(deals) - seats + 1, len(deals) + 1))


# -- the engine accepts exactly what it lists -----------------------------------------------------

CONTRACT_CANDIDATES: list[Action] = [GAME.parse_action(f"contract:{c}") for c in CONTRACTS] + [
    GAME.parse_action(f"contract:{c}:{s}") for c in CONTRACTS for s in SUITS
]
PLAY_CANDIDATES: list[Action] = [Match.PLAYS[c] for c in FULL_DECK]


def discard_candidates(match: Match, rng: random.Random) -> list[Action]:
    deal = match.deals[-1] if match.deals else None
    hand = sorted_cards(deal.hands[deal.forehand]) if deal is not None else []
    outside = sorted_cards(DECK - set(hand))
    candidates = [discard_action(rng.sample(list(FULL_DECK), 4)) for _ in range(5)]
    if len(hand) >= 4:
        candidates += [discard_action(rng.sample(hand, 4)) for _ in range(200)]
        a, b, c, d = rng.sample(hand, 4)
        candidates += [
            discard_action([a, b, c]),  # three cards
            discard_action([a, b, c, d, rng.choice(outside)]),  # five cards
            discard_action([a, a, b, c]),  # a card twice
            discard_action([a, b, c, rng.choice(outside)]),  # a card not held
            Action("discard", ""),
        ]
    return candidates


def table_candidates(rng: random.Random) -> list[Action]:
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    return [deal_action(deck), Action("void")]


def refusal(match: Match, seat: int, action: Action, before: tuple[Any, ...]) -> str:
    """Apply an action the engine must refuse without changing anything; return its code."""
    try:
        match.apply(seat, action)
    except IllegalAction as refused:
        assert snapshot(match, current_only=True) == before, f"refused {action} changed the match"
        return refused.code
    raise AssertionError(f"seat {seat} was allowed {action}")


def spec_legal_cards(hand: list[Card], trick: list[Card]) -> set[Card]:
    """Rules §6.1, written out again independently of the engine."""
    if not trick:
        return set(hand)
    same = {c for c in hand if c[1] == trick[0][1]}
    return same or set(hand)


def check_legal_actions(match: Match, rng: random.Random, apply_all_discards: bool) -> None:
    before = snapshot(match)
    unchanged = snapshot(match, current_only=True)
    seen_before = views(match)
    actor = match.to_act
    discards = discard_candidates(match, rng)
    table = table_candidates(rng)
    candidates = [*PLAY_CANDIDATES, *CONTRACT_CANDIDATES, *discards, *table]
    # seats out of turn are refused before the action is looked at; a sample of discards will do
    out_of_turn = [*PLAY_CANDIDATES, *CONTRACT_CANDIDATES, *rng.sample(discards, 5), *table]
    players = list(range(match.seats))
    legal: list[Action] = []

    if match.phase() == "match_over":
        for seat in [*players, TABLE]:
            assert match.legal_actions(seat) == []
            for action in out_of_turn:
                assert refusal(match, seat, action, unchanged) == "match_over"
        assert snapshot(match) == before
        return

    assert actor is not None
    if actor == TABLE:
        assert match.legal_actions() == []
        assert all(v["legal"] is None for v in seen_before)
        match.clone().apply(TABLE, table[0])
        short = Action("deal", ",".join(FULL_DECK[:51] + FULL_DECK[:1]))
        for action in [short, table[1], *PLAY_CANDIDATES, *CONTRACT_CANDIDATES, *discards]:
            refusal(match, TABLE, action, unchanged)
    else:
        legal = match.legal_actions()
        assert legal == match.legal_actions(actor)
        legal_set = set(legal)
        assert len(legal_set) == len(legal), "an action is listed twice"
        deal = match.deals[-1]
        listed = seen_before[actor]["legal"]
        if match.phase() == "play":
            assert {a.kind for a in legal} == {"play"}
            assert {a.arg for a in legal} == spec_legal_cards(
                deal.hands[actor], deal.ledger.trick_cards()
            )
            assert listed["kind"] == "play"
            assert sorted(listed["actions"]) == sorted(str(a) for a in legal)
        elif match.phase() == "contract":
            assert legal_set <= set(CONTRACT_CANDIDATES)
            left = match.contracts_left(actor)
            expected = {c for c in left if c != "valfri"} | {
                f"valfri:{s}" for s in SUITS if "valfri" in left
            }
            assert {a.arg for a in legal} == expected
            assert listed == {"kind": "contract", "actions": [str(a) for a in legal]}
        else:
            assert match.phase() == "discard"
            hand = sorted_cards(deal.hands[actor])
            assert len(hand) == 20
            assert legal_set == {discard_action(c) for c in combinations(hand, 4)}
            assert len(legal) == 4845
            assert listed == {"kind": "discard", "count": 4, "from": hand}
        applicable = legal
        if match.phase() == "discard" and not apply_all_discards:
            applicable = rng.sample(legal, 100)
        for action in applicable:
            match.clone().apply(actor, action)
        for action in candidates:
            if action in legal_set:
                match.clone().apply(actor, action)
            else:
                refusal(match, actor, action, unchanged)
        # the table only shuffles and voids; it never acts for a seat
        for action in [*PLAY_CANDIDATES, *CONTRACT_CANDIDATES]:
            assert refusal(match, TABLE, action, unchanged) == "not_your_turn"

    for seat in players:
        if seat == actor:
            continue
        assert match.legal_actions(seat) == []
        assert seen_before[seat]["legal"] is None
        for action in out_of_turn:
            code = refusal(match, seat, action, unchanged)
            assert code == "not_your_turn", (seat, action, code)
    assert snapshot(match) == before
    assert views(match) == seen_before
    if actor != TABLE and match.phase() != "discard":
        assert match.legal_actions() == legal


@settings(FAST, max_examples=8)
@given(seed=SEEDS, seats=SEAT_COUNTS)
def test_engine_accepts_exactly_the_actions_it_lists(seed: int, seats: int) -> None:
    rng = random.Random(seed)
    checker = random.Random(seed ^ 0x5EED)
    discards = 0

    def maybe_check(match: Match) -> None:
        nonlocal discards
        phase = match.phase()
        if phase == "play" and checker.random() > 0.08:
            return
        if phase == "discard":
            discards += 1
        check_legal_actions(match, checker, apply_all_discards=discards == 1)

    match, _ = play_match(seats, rng, on_step=maybe_check)
    assert match.is_over


# -- no view leaks --------------------------------------------------------------------------------


def check_no_leak(match: Match, seat: int | None, shown: dict[str, Any] | None = None) -> None:
    if shown is None:
        shown = view(match, seat)
    deal_part = shown["deal"]
    previous_part = shown["previous_deal"]
    rest = {k: v for k, v in shown.items() if k not in ("deal", "previous_deal")}
    deal = match.current if deal_part is not None else None
    finished = match.finished_deals
    previous = finished[-1] if finished else None
    assert (previous is None) == (previous_part is None)

    holds: set[Card] = set()
    allowed: set[Card] = set()
    forbidden: dict[str, set[Card]] = {}
    if deal is not None:
        public = set(deal.open) | set(deal.plays)
        allowed |= public
        if seat is not None and deal.contract is not None and seat in deal.order:
            holds = set(deal.hands[seat])
            allowed |= holds
        if seat is not None and seat == deal.forehand and deal.discard is not None:
            allowed |= set(deal.discard)
        for other in deal.order:
            if other != seat:
                forbidden[f"hand of seat {other}"] = set(deal.hands[other]) - public
        if seat != deal.forehand:
            forbidden["discard"] = set(deal.discard or ()) - public
        if deal.contract is None:
            forbidden["undealt"] = DECK - set(deal.open)
        tokens = card_tokens(deal_part)
        for what, cards in forbidden.items():
            assert not tokens & cards, f"seat {seat} sees the {what}: {sorted(tokens & cards)}"
        assert tokens <= allowed, f"seat {seat} sees {sorted(tokens - allowed)} in the deal"
    if previous is not None:
        public = set(previous.open) | set(previous.plays)
        visible = set(public)
        if seat is not None and seat == previous.forehand and previous.discard is not None:
            visible |= set(previous.discard)
        tokens = card_tokens(previous_part)
        assert tokens <= visible, f"seat {seat} sees {sorted(tokens - visible)} of the last deal"
        if seat != previous.forehand:
            assert not tokens & (set(previous.discard or ()) - public)
    # outside the deals, only the cards the seat may play or discard are named
    rest_allowed = holds if seat is not None and seat == match.to_act else set()
    tokens = card_tokens(rest)
    assert tokens <= rest_allowed, f"seat {seat} sees {sorted(tokens - rest_allowed)} elsewhere"


@settings(FAST, max_examples=6)
@given(seed=SEEDS, seats=SEAT_COUNTS)
def test_no_view_leaks_a_hidden_card(seed: int, seats: int) -> None:
    def check_all(match: Match) -> None:
        for seat in (*range(match.seats), None):
            check_no_leak(match, seat)

    match, _ = play_match(seats, random.Random(seed), on_step=check_all)
    assert match.is_over


def test_leak_check_catches_a_shown_card() -> None:
    """The leak check itself fails on a view that names a card the seat may not see."""
    match, _ = play_match(3, random.Random(7), max_actions=10)
    deal = match.current
    assert deal is not None and match.phase() == "play"
    seat = next(s for s in deal.order if s != deal.forehand)
    other = next(s for s in deal.order if s not in (seat, deal.forehand))
    check_no_leak(match, seat)
    doctored = view(match, seat)
    doctored["deal"]["hand"].append(deal.hands[other][0])
    with pytest.raises(AssertionError, match="hand of seat"):
        check_no_leak(match, seat, doctored)
    doctored = view(match, seat)
    doctored["deal"]["discard"] = list(deal.discard or ())
    with pytest.raises(AssertionError):
        check_no_leak(match, seat, doctored)
    doctored = view(match, None)
    doctored["scoresheet"]["note"] = deal.hands[seat][0]
    with pytest.raises(AssertionError, match="elsewhere"):
        check_no_leak(match, None, doctored)


# -- a seat's view does not depend on the cards it cannot see -------------------------------------


def truncated_match(
    seed: int, seats: int, phases: tuple[str, ...] | None = None
) -> tuple[Match, list[tuple[int, str]], random.Random]:
    """A random match cut after a random action (of a deal in one of ``phases``, if given)."""
    rng = random.Random(seed)
    full, log = play_match(seats, rng)
    points = list(range(1, len(log) + 1))
    if phases is not None:
        cut_points = []
        probe = Match(seats, full.first_dealer)
        for i, (seat, text) in enumerate(log, start=1):
            probe.apply(seat, GAME.parse_action(text))
            if probe.phase() in phases:
                cut_points.append(i)
        points = cut_points
    cut = rng.choice(points)
    match = replay_log(seats, full.first_dealer, log[:cut])
    return match, log[:cut], rng


@settings(FAST, max_examples=40)
@given(seed=SEEDS, seats=SEAT_COUNTS)
def test_view_is_unchanged_by_a_suit_preserving_redeal_of_hidden_cards(
    seed: int, seats: int
) -> None:
    match, log, rng = truncated_match(seed, seats)
    for seat in (*range(seats), None):
        perms = [suit_preserving_permutation(hidden_from(d, seat), rng) for d in match.deals]
        redealt = replay_log(seats, match.first_dealer, permute_log(log, perms))
        assert view(redealt, seat) == view(match, seat)


@settings(FAST, max_examples=30)
@given(seed=SEEDS, seats=SEAT_COUNTS)
def test_view_is_unchanged_by_any_legal_redeal_of_hidden_cards(seed: int, seats: int) -> None:
    match, log, rng = truncated_match(seed, seats)
    seat = rng.choice([*range(seats), None])
    current = match.deals[-1]
    before_play = not current.plays
    for _ in range(20):
        perms = [free_permutation(hidden_from(d, seat), rng) for d in match.deals]
        try:
            redealt = replay_log(seats, match.first_dealer, permute_log(log, perms))
        except IllegalAction:
            # only a past follow-suit decision can be broken by moving cards across suits
            assert not before_play
            continue
        break
    else:
        assume(False)
    assert view(redealt, seat) == view(match, seat)


@settings(FAST, max_examples=20)
@given(seed=SEEDS, seats=SEAT_COUNTS)
def test_redeal_before_the_first_card_always_replays(seed: int, seats: int) -> None:
    match, log, rng = truncated_match(seed, seats, ("contract", "discard"))
    for seat in (*range(seats), None):
        perms = [free_permutation(hidden_from(d, seat), rng) for d in match.deals]
        redealt = replay_log(seats, match.first_dealer, permute_log(log, perms))
        assert view(redealt, seat) == view(match, seat)


@settings(FAST, max_examples=20)
@given(seed=SEEDS, seats=SEAT_COUNTS)
def test_redeal_of_a_card_the_seat_holds_changes_its_view(seed: int, seats: int) -> None:
    match, log, rng = truncated_match(seed, seats, ("discard", "play"))
    deal = match.deals[-1]
    seat = rng.choice(deal.order)
    hidden = hidden_from(deal, seat)
    own = [c for c in deal.hands[seat] if c not in deal.open]
    pairs = [(c, h) for c in own for h in sorted_cards(hidden) if h[1] == c[1]]
    assume(pairs)
    mine, theirs = rng.choice(pairs)
    perms: list[dict[Card, Card]] = [{} for _ in match.deals]
    perms[-1] = {mine: theirs, theirs: mine}
    redealt = replay_log(seats, match.first_dealer, permute_log(log, perms))
    before, after = view(match, seat), view(redealt, seat)
    assert before != after
    assert mine in before["deal"]["hand"] and theirs in after["deal"]["hand"]
    # the other seats' views do not depend on which of them holds a card they cannot see
    for other in (*range(seats), None):
        if other != seat and {mine, theirs} <= hidden_from(deal, other):
            assert view(redealt, other) == view(match, other)


# -- clones ---------------------------------------------------------------------------------------


@settings(FAST, max_examples=10)
@given(seed=SEEDS, seats=SEAT_COUNTS)
def test_a_clone_is_independent_of_its_original(seed: int, seats: int) -> None:
    rng = random.Random(seed)
    side = random.Random(~seed)
    checked = 0

    def fork(match: Match) -> None:
        nonlocal checked
        if match.is_over or side.random() > 0.03:
            return
        checked += 1
        original = snapshot(match)
        shown = views(match)
        copy = match.clone()
        assert snapshot(copy) == original
        log: list[tuple[int, str]] = []
        for _ in range(side.randrange(1, 120)):
            if copy.is_over:
                break
            step(copy, side, log)
            assert snapshot(match) == original
        assert views(match) == shown
        # and the other way round: the original moving on leaves the clone alone
        moved = snapshot(copy)
        probe = match.clone()
        copy_of_probe = probe.clone()
        for _ in range(side.randrange(1, 60)):
            if probe.is_over:
                break
            step(probe, side, [])
        assert snapshot(copy) == moved
        assert snapshot(copy_of_probe) == original

    match, _ = play_match(seats, rng, on_step=fork)
    assert match.is_over and checked > 0


def check_agrees_with_apply(match: Match, rng: random.Random) -> None:
    """``check`` raises what ``apply`` raises, changes nothing, and names the next actor."""
    before = snapshot(match)
    candidates = [
        *PLAY_CANDIDATES,
        *CONTRACT_CANDIDATES,
        *rng.sample(discard_candidates(match, rng), 5),
        *table_candidates(rng),
    ]
    for seat in [*range(match.seats), TABLE]:
        for action in candidates:
            trial = match.clone()
            try:
                trial.apply(seat, action)
            except IllegalAction as refused:
                with pytest.raises(IllegalAction) as checked:
                    match.check(seat, action)
                assert checked.value.code == refused.code, (seat, action)
                assert checked.value.detail == refused.detail, (seat, action)
            else:
                assert match.check(seat, action) == trial.to_act, (seat, action)
            assert snapshot(match) == before, f"check({seat}, {action}) changed the match"


@settings(FAST, max_examples=4)
@given(seed=SEEDS, seats=SEAT_COUNTS)
def test_check_agrees_with_apply_at_every_step(seed: int, seats: int) -> None:
    rng = random.Random(seed)
    match = Match(seats, rng.randrange(seats))
    while not match.is_over:
        # every play of a deal's last tricks, where the deal and the match end; a sample
        # of the rest
        deal = match.deals[-1] if match.deals else None
        late = deal is not None and len(deal.history) >= 14
        if late or rng.random() < 0.05:
            check_agrees_with_apply(match, rng)
        match.apply(*choose_action(match, rng))
    check_agrees_with_apply(match, rng)
