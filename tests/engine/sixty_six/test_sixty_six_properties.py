"""Property tests of the Sixty-six engine over random matches.

Hypothesis draws a seed and the options; the seed drives a ``random.Random`` that plays a
whole match (random legal actions, claims by either seat now and then), so a failing
example is reproduced by its seed alone.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

from engine.sixty_six.helpers import (
    PLAYERS,
    A,
    B,
    hidden_from,
    observed,
    random_action,
    state_key,
    stock,
    taken,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine.actions import Action
from app.engine.errors import IllegalAction
from app.engine.game import TABLE
from app.engine.records import replay_record, validate_record
from app.engine.sixty_six import GAME
from app.engine.sixty_six.resample import resample
from app.engine.sixty_six.rules import SIXTY_SIX
from app.engine.sixty_six.state import MARRIAGE, Match
from app.engine.trick_game import shuffled_deal

export_record = GAME.records.export
view = GAME.view

FAST = settings(deadline=None, max_examples=40, suppress_health_check=[HealthCheck.too_slow])
SEEDS = st.integers(min_value=0, max_value=2**32)
OPTIONS = st.fixed_dictionaries(
    {
        "german_phase2": st.booleans(),
        "winner_deals_next": st.booleans(),
        "no_marriages_after_closing": st.booleans(),
        "claims_only_immediately": st.booleans(),
        "higher_total_wins": st.booleans(),
        "show_points": st.booleans(),
        "target": st.integers(min_value=1, max_value=7),
    }
)
EVERY_ACTION: list[Action] = [
    *Match.PLAYS.values(),
    *MARRIAGE.values(),
    Action("exchange"),
    Action("close"),
    Action("claim"),
]
_CARD = re.compile(r"(?<![0-9A-Za-z])([ATKQJ9][SHDC])(?![0-9A-Za-z])")


def play_match(
    seed: int,
    options: dict[str, Any],
    on_step: Callable[[Match, random.Random], None] | None = None,
    claim_rate: float = 0.01,
) -> Match:
    rng = random.Random(seed)
    match = Match(2, options, rng.randrange(2))
    steps = 0
    while not match.is_over:
        if on_step is not None:
            on_step(match, rng)
        seat, action = random_action(match, rng, claim_rate)
        match.apply(seat, action)
        steps += 1
        assert steps < 5000, "a match that never ends"
    if on_step is not None:
        on_step(match, rng)
    return match


def card_names(data: object) -> set[str]:
    return set(_CARD.findall(json.dumps(data)))


# -- cards ---------------------------------------------------------------------------------------


@FAST
@given(SEEDS, OPTIONS)
def test_24_cards_are_conserved_and_hands_refilled_to_six(
    seed: int, options: dict[str, Any]
) -> None:
    def check(match: Match, rng: random.Random) -> None:
        for deal in match.deals[-1:]:
            where = [*deal.hands[0], *deal.hands[1], *stock(deal), *deal.ledger.trick_cards()]
            where += taken(deal, 0) + taken(deal, 1)
            if deal.ledger.turned is not None:
                where.append(deal.ledger.turned)
            assert sorted(where) == sorted(SIXTY_SIX.pack.cards)
            for hand in deal.hands:
                assert hand == sorted(hand, key=SIXTY_SIX.order.__getitem__)
            if not deal.finished and deal.closed_by is None and deal.ledger.stock:
                sizes = [len(h) for h in deal.hands]
                expected = [6, 6]
                if deal.ledger.trick:
                    expected[deal.leader] = 5
                assert sizes == expected
            if not deal.finished:
                assert len(deal.hands[0]) + len(deal.hands[1]) + len(deal.ledger.trick) >= 1
                assert sum(deal.won) == len(deal.history)
                assert deal.won == [sum(1 for t in deal.history if t.winner == s) for s in (A, B)]

    play_match(seed, options, check)


@FAST
@given(SEEDS, OPTIONS)
def test_scores_go_to_one_seat_and_the_match_ends_at_the_target(
    seed: int, options: dict[str, Any]
) -> None:
    target = options["target"]

    def check(match: Match, rng: random.Random) -> None:
        assert match.is_over == any(t >= target for t in match.totals)
        assert match.is_over == (match.to_act is None)

    match = play_match(seed, options, check)
    totals = [0, 0]
    carried = 0
    for deal in match.deals:
        result = deal.result
        assert result is not None
        assert min(deal.scores) == 0
        if result.winner is None:
            assert deal.scores == (0, 0)
        else:
            assert deal.scores[result.winner] == result.game_points + result.carried_in
            assert result.carried_in == carried and result.game_points in (1, 2, 3)
        carried = result.carried
        totals = [t + s for t, s in zip(totals, deal.scores, strict=True)]
    assert totals == match.totals
    assert match.winners() == [s for s in (A, B) if totals[s] >= target]
    assert len(match.winners()) == 1
    sheet = view(match, None)["scoresheet"]
    assert sheet["totals"] == match.totals
    assert [d["number"] for d in sheet["deals"]] == list(range(1, len(match.deals) + 1))


# -- legality ------------------------------------------------------------------------------------


@FAST
@given(SEEDS, OPTIONS)
def test_the_engine_accepts_exactly_the_actions_it_lists(
    seed: int, options: dict[str, Any]
) -> None:
    def check(match: Match, rng: random.Random) -> None:
        if match.to_act == TABLE:
            assert match.legal_actions(A) == [] and match.legal_actions(B) == []
            return
        before, seen = state_key(match), observed(match)
        for seat in (A, B):
            listed = match.legal_actions(seat)
            assert len(set(listed)) == len(listed)
            assert GAME.legal(match, seat) == (view(match, seat)["legal"])
            for action in listed:
                trial = match.clone()
                expected = match.check(seat, action)
                trial.apply(seat, action)
                assert trial.to_act == expected
            others = [a for a in EVERY_ACTION if a not in listed]
            for action in rng.sample(others, min(6, len(others))):
                try:
                    match.check(seat, action)
                except IllegalAction as refused:
                    code = refused.code
                else:
                    raise AssertionError(f"{action} by {seat} passes check but is not listed")
                try:
                    match.apply(seat, action)
                except IllegalAction as refused:
                    assert refused.code == code
                else:
                    raise AssertionError(f"{action} by {seat} applies but is not listed")
            try:
                match.apply(seat, shuffled_deal(Match, rng))
            except IllegalAction as refused:
                assert refused.code == ("match_over" if match.is_over else "not_your_turn")
            else:
                raise AssertionError("a seat dealt")
        assert state_key(match) == before
        assert observed(match) == seen

    play_match(seed, options, check)


@FAST
@given(SEEDS, OPTIONS)
def test_a_clone_is_independent_of_its_original(seed: int, options: dict[str, Any]) -> None:
    def check(match: Match, rng: random.Random) -> None:
        if match.is_over or rng.random() > 0.3:
            return
        before = state_key(match)
        trial = match.clone()
        for _ in range(rng.randrange(1, 40)):
            if trial.is_over:
                break
            seat, action = random_action(trial, rng, 0.05)
            trial.apply(seat, action)
        assert state_key(match) == before

    play_match(seed, options, check)


# -- hidden information --------------------------------------------------------------------------


def permuted(match: Match, seat: int | None, rng: random.Random) -> Match:
    """A copy whose cards hidden from ``seat`` are shuffled among their places."""
    other = match.clone()
    deal = other.current
    assert deal is not None
    hidden = hidden_from(match, seat)
    cards = sorted(hidden)
    shuffled = list(cards)
    rng.shuffle(shuffled)
    mapping = dict(zip(cards, shuffled, strict=True))
    ledger = deal.ledger
    ledger.cards = [mapping.get(c, c) for c in ledger.cards]  # the hidden cards trade places
    for hand in ledger.hands:
        hand.sort(key=lambda i: SIXTY_SIX.order[ledger.cards[i]])
    return other


@FAST
@given(SEEDS, OPTIONS)
def test_no_view_shows_a_card_hidden_from_its_seat(seed: int, options: dict[str, Any]) -> None:
    def check(match: Match, rng: random.Random) -> None:
        deal = match.current
        for seat in (A, B, None):
            shown = view(match, seat)
            hidden = hidden_from(match, seat)
            if deal is None:
                assert hidden == set() and shown["deal"] is None
                continue
            assert not card_names([shown["deal"], shown["legal"]]) & hidden
            assert set(stock(deal)) <= hidden
            other = 1 - seat if seat is not None else None
            if other is not None:
                public = set(deal.ledger.known_in_hand(other, None))
                assert hidden == set(stock(deal)) | (set(deal.hands[other]) - public)
                assert set(shown["deal"]["hand"]) == set(deal.hands[seat])
            assert shown["deal"]["stock"] == len(stock(deal))
            # the whole view stays the same when the hidden cards change places
            assert view(permuted(match, seat, rng), seat) == shown

    play_match(seed, options, check)


@FAST
@given(SEEDS, OPTIONS)
def test_a_resampled_state_shows_the_same_deal_to_its_seat(
    seed: int, options: dict[str, Any]
) -> None:
    def check(match: Match, rng: random.Random) -> None:
        if rng.random() > 0.4:
            return
        for seat in (A, B, None):
            shown = view(match, seat)
            state = resample(shown, rng)
            again = view(state, seat)
            for key in ("deal", "legal", "phase", "to_act", "totals", "carried", "deals_played"):
                assert again[key] == shown[key], key
            if state.current is None:
                continue
            # every card of the pack lies somewhere, once, and what the seat has not seen
            # is what it had not seen before
            deal = state.current
            assert sorted(deal.ledger.cards) == sorted(SIXTY_SIX.pack.cards)
            assert GAME.hidden_cards(state, seat) == GAME.hidden_cards(match, seat)
            # the resampled state plays on to the end of its deal
            while not deal.finished and rng.random() < 0.95:
                actor, action = random_action(state, rng, 0.02)
                state.apply(actor, action)

    play_match(seed, options, check)


def test_resampling_respects_what_the_closed_phase_revealed() -> None:
    """Once the stock is closed, a player who did not follow suit is void in it; german
    rules reveal more (no trump, nothing higher). Resampled hands must agree."""
    checked = 0
    for seed in range(60):
        rng = random.Random(seed)
        match = Match(2, {"german_phase2": seed % 2 == 0}, 0)
        while not match.is_over and checked < 400:
            seat, action = random_action(match, rng, 0.0)
            match.apply(seat, action)
            deal = match.current
            if deal is None or deal.closed_by is None or not stock(deal):
                continue
            for viewer in (A, B, None):
                state = resample(view(match, viewer), rng)
                replay_ok = _consistent(state, match.options["german_phase2"] is True)
                assert replay_ok
                checked += 1
    assert checked >= 100


def _consistent(state: Match, german: bool) -> bool:
    """Whether each follow after the closing was legal with the resampled hands."""
    deal = state.current
    assert deal is not None and deal.closed_after is not None
    held = [set(h) for h in deal.hands]
    later = deal.history[deal.closed_after :]
    for trick in later:
        held[1 - trick.leader].add(trick.cards[1])
        held[trick.leader].add(trick.cards[0])
    for trick in later:
        follower = 1 - trick.leader
        led, card = trick.cards
        hand = held[follower]
        same = [c for c in hand if c[1] == led[1]]
        if same and card[1] != led[1]:
            return False
        if german:
            stronger = [c for c in same if "ATKQJ9".index(c[0]) < "ATKQJ9".index(led[0])]
            if stronger and card not in stronger:
                return False
            trumps = [c for c in hand if c[1] == deal.trump]
            if not same and trumps and card[1] != deal.trump:
                return False
        held[follower].discard(card)
        held[trick.leader].discard(led)
    return True


# -- records -------------------------------------------------------------------------------------


@FAST
@given(SEEDS, OPTIONS)
def test_the_record_of_a_match_validates_and_replays(seed: int, options: dict[str, Any]) -> None:
    match = play_match(seed, options)
    doc = json.loads(json.dumps(export_record(match, PLAYERS)))
    assert doc["game"] == "sixty_six"
    assert doc.get("options", {}) == GAME.non_default(match.options)
    checked = validate_record(doc)
    assert checked.valid, checked.error
    assert checked.totals == match.totals and checked.winners == match.winners()
    _, replayed, players = replay_record(doc)
    assert replayed.totals == match.totals and players == list(PLAYERS)
    assert [d.result for d in replayed.deals] == [d.result for d in match.deals]


@FAST
@given(SEEDS, OPTIONS)
def test_a_running_record_shows_a_seat_only_what_it_saw(seed: int, options: dict[str, Any]) -> None:
    def check(match: Match, rng: random.Random) -> None:
        if match.current is None or rng.random() > 0.2:
            return
        for seat in (A, B, None):
            doc = export_record(match, PLAYERS, seat, False)
            assert "winners" not in doc
            current = doc["deals"][-1]
            assert "pack" not in current
            assert not card_names(current) & hidden_from(match, seat)

    play_match(seed, options, check)
