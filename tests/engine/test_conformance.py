"""The one conformance suite every registered game passes, whatever its rules.

Random complete matches are played through the game interface alone (the registry's
``Game`` and the state's protocol), in the manner of OpenSpiel's game tests, and looked at
in snapshots spread evenly over each whole match: every state reached is legal; the actions
a state lists are deterministic and each one applies, and ``check`` foretells ``apply``; a
refused action, in turn or out of it, changes no view and no record; a clone is independent
of its original; totals add up as the game says; every trick is won by its highest trump or
card of the suit led; views, every key of them, do not change when the cards a seat has not
seen are dealt anew (within their suits and across them, in the action log, and by the
game's own resampler); no view and no refusal names a card hidden from its seat, and every
card is either shown or hidden; and a record round-trips through export, replay and
validation. A new game gets all of this by being registered. The checks themselves are in
tests/engine/conformance_checks.py; tests/engine/test_conformance_faults.py shows that each
finds the fault it is there for.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import pytest
from engine.conformance_checks import (
    Log,
    Played,
    check_every_card_accounted_for,
    check_redeals_keep_views,
    check_refusals_hide_unseen_cards,
    check_refused_actions_change_nothing,
    check_snapshots_spread,
    check_trick_winners,
    check_views_hide_unseen_cards,
    choose,
    dumps,
    match_options,
    movable,
    never_seen,
    play_match,
    renamed,
    seeded_record,
    suit_for_suit,
    tokens,
    viewers,
)
from engine.unregistered import UNREGISTERED

from app.engine import GAMES, TABLE, Game, GameState, IllegalAction, MalformedAction
from app.engine.paper_game import paper_game
from app.engine.records import export_record, replay_record, validate_record
from app.engine.verify import verify_record

ALL_GAMES: dict[str, Game] = {**GAMES, **UNREGISTERED}
"""The registered games and those not registered yet (tests/engine/unregistered.py)."""

SEEDS = range(3)
MAX_TRIED = 40  # actions tried on clones at one state, when a state lists more


def _cases() -> Iterator[Any]:
    for name, game in ALL_GAMES.items():
        for seats in game.seat_counts:
            for seed in SEEDS:
                yield pytest.param(name, seats, seed, id=f"{name}-{seats}-{seed}")


def cases() -> list[Any]:
    return list(_cases())


# -- re-deals other tests make (tests/bots, the games' own view tests) -----------------------------


def unseen(game: Game, state: GameState, seat: int | None) -> set[str]:
    """The cards of which ``seat`` has seen no copy, by the game's ``hidden_cards``: those a
    re-deal may move."""
    return movable(game, state, seat)


def redealt_log(log: Log, hidden: Iterable[str], rng: random.Random) -> Log:
    """``log`` with the cards of ``hidden`` (every copy of each unseen) permuted, suit for
    suit, from the current deal's chance step on: a deal the seat cannot tell from the one
    it was dealt."""
    mapping = suit_for_suit(sorted(hidden), rng)
    start = max(i for i, (s, _) in enumerate(log) if s == TABLE)
    return [*log[:start], *((s, renamed(t, mapping)) for s, t in log[start:])]


def replay(game: Game, seats: int, first_dealer: int, log: Sequence[tuple[int, str]]) -> GameState:
    state: GameState = game.new_match(seats, match_options(game), first_dealer)
    for seat, text in log:
        state.apply(seat, game.parse_action(text))
    return state


MATCHES: dict[tuple[str, int, int], Played] = {}


def played_match(name: str, seats: int, seed: int) -> Played:
    key = (name, seats, seed)
    if key not in MATCHES:
        MATCHES[key] = play_match(ALL_GAMES[name], seats, seed)
    return MATCHES[key]


@pytest.mark.parametrize(("name", "seats", "seed"), cases())
def test_snapshots_are_spread_over_the_whole_match(name: str, seats: int, seed: int) -> None:
    check_snapshots_spread(played_match(name, seats, seed))


# -- legality ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "seats", "seed"), cases())
def test_listed_actions_are_deterministic_apply_and_check_foretells_apply(
    name: str, seats: int, seed: int
) -> None:
    played = played_match(name, seats, seed)
    game = played.game
    rng = random.Random(seed)
    for state, _ in played.points:
        for seat in range(seats):
            listed = state.legal_actions(seat)
            assert listed == state.legal_actions(seat), "legal actions must be deterministic"
            assert len(set(map(str, listed))) == len(listed), "an action is listed twice"
            for action in rng.sample(listed, min(len(listed), MAX_TRIED)):
                assert game.parse_action(str(action)) == action, "listed in canonical form"
                trial = state.clone()
                foretold = trial.check(seat, action)
                trial.apply(seat, action)
                assert trial.to_act == foretold, (seat, str(action))
        # the shape a view carries is what the state lists
        to_act = state.to_act
        if to_act is not None and to_act != TABLE:
            legal = game.legal(state, to_act)
            assert legal is not None
            if "actions" in legal:
                assert sorted(legal["actions"]) == sorted(map(str, state.legal_actions(to_act)))


@pytest.mark.parametrize(("name", "seats", "seed"), cases())
def test_a_listed_action_with_a_character_more_is_refused_as_malformed(
    name: str, seats: int, seed: int
) -> None:
    """Only the canonical text is the action: with a space, a line break or a NUL before or
    after it, it is refused as malformed, neither read as the action (and recorded as sent)
    nor left to fail elsewhere."""
    played = played_match(name, seats, seed)
    rng = random.Random(seed)
    for state, _ in played.points:
        listed = sorted({str(a) for seat in range(seats) for a in state.legal_actions(seat)})
        for text in rng.sample(listed, min(len(listed), MAX_TRIED)):
            for bent in (text + "\n", text + " ", " " + text, text + "\r\n", text + "\x00"):
                with pytest.raises(MalformedAction):
                    played.game.parse_action(bent)


@pytest.mark.parametrize(("name", "seats", "seed"), cases())
def test_refused_actions_change_nothing(name: str, seats: int, seed: int) -> None:
    check_refused_actions_change_nothing(played_match(name, seats, seed))


@pytest.mark.parametrize(("name", "seats", "seed"), cases())
def test_a_seat_acting_while_the_table_deals_is_refused_naming_no_seat_to_act(
    name: str, seats: int, seed: int
) -> None:
    """Between deals the table acts, and no seat: a refusal that names the seat to act says
    ``null``, as every view does, not the table's own number."""
    played = played_match(name, seats, seed)
    game = played.game
    for step, state in sorted(played.before_deal.items())[:3]:
        assert state.to_act == TABLE
        # the first action a seat took once the deal was dealt, offered before it
        text = next(t for s, t in played.log[step + 1 :] if s != TABLE)
        for seat in range(seats):
            try:
                state.clone().apply(seat, game.parse_action(text))
            except IllegalAction as refused:
                # out of turn, or a claim (which any seat may make) with no deal to claim
                assert refused.detail.get("to_act") is None, (seat, text, refused.detail)
            else:
                raise AssertionError(f"seat {seat}'s {text} was taken before the deal")


@pytest.mark.parametrize(("name", "seats", "seed"), cases())
def test_a_number_that_is_no_seat_is_refused_naming_no_seat_to_act(
    name: str, seats: int, seed: int
) -> None:
    """A number that is no seat of the table, offered the action the seat to act took, is
    out of turn in every game, and its refusal names no seat to act."""
    played = played_match(name, seats, seed)
    game = played.game
    for state, log in played.points:  # spread over the whole match
        text = played.log[len(log)][1]  # what a seat of the table did there
        for stranger in (seats, seats + 3, -2):
            with pytest.raises(IllegalAction) as refused:
                state.clone().apply(stranger, game.parse_action(text))
            assert refused.value.code == "not_your_turn", (stranger, text)
            assert refused.value.detail.get("to_act") is None, (stranger, text)


@pytest.mark.parametrize(("name", "seats", "seed"), cases())
def test_refusals_name_no_card_hidden_from_their_seat(name: str, seats: int, seed: int) -> None:
    check_refusals_hide_unseen_cards(played_match(name, seats, seed))


@pytest.mark.parametrize(("name", "seats", "seed"), cases())
def test_each_trick_goes_to_its_highest_trump_or_card_of_the_suit_led(
    name: str, seats: int, seed: int
) -> None:
    check_trick_winners(played_match(name, seats, seed))


@pytest.mark.parametrize(("name", "seats", "seed"), cases())
def test_a_match_ends_with_an_outcome_and_totals_that_add_up(
    name: str, seats: int, seed: int
) -> None:
    played = played_match(name, seats, seed)
    game, state = played.game, played.state
    assert state.is_over and state.to_act is None
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winners
    assert all(0 <= w < seats for w in outcome.winners)
    deals = game.scored_deals(state, 0)
    assert len(deals) == state.deals_played
    assert [d.number for d in deals] == list(range(1, len(deals) + 1))
    for deal in deals:
        assert len(deal.scores) == seats
        if game.deal_sum is not None:
            assert sum(s or 0 for s in deal.scores) == game.deal_sum
    sums = [sum(d.scores[s] or 0 for d in deals) for s in range(seats)]
    assert sums == state.totals
    total = game.deals_total(seats, match_options(game))
    if total is not None:
        assert state.deals_played == total
    sheet = game.scoresheet(seats, match_options(game), deals)
    assert sheet["totals"] == state.totals
    assert [d["totals"] for d in sheet["deals"]][-1:] == [state.totals][: len(sheet["deals"])]
    json.dumps(sheet)  # what clients draw is JSON


@pytest.mark.parametrize(("name", "seats", "seed"), cases())
def test_partners_share_every_score_and_win_together(name: str, seats: int, seed: int) -> None:
    played = played_match(name, seats, seed)
    game, state = played.game, played.state
    teams = game.teams(seats)
    if teams is None:
        assert "teams" not in game.view(state, None, None, None)
        return
    assert sorted(s for members in teams for s in members) == list(range(seats))
    for members in teams:
        for deal in game.scored_deals(state, 0):
            assert len({deal.scores[s] for s in members}) == 1, (deal.number, members)
        assert len({state.totals[s] for s in members}) == 1
    outcome = game.outcome(state)
    assert outcome is not None
    # a whole team wins; where the rules let a tie share the win (Finnish Bismarck), every team
    tied = len({state.totals[members[0]] for members in teams}) == 1
    won = [members for members in teams if set(members) <= set(outcome.winners)]
    assert sorted(s for members in won for s in members) == sorted(outcome.winners)
    assert len(won) == (len(teams) if tied and len(won) > 1 else 1), outcome.winners
    for seat in viewers(seats):
        assert game.view(state, seat, None, None)["teams"] == [list(m) for m in teams]
    for snapshot, _ in played.points:
        assert game.view(snapshot, None, None, None)["teams"] == [list(m) for m in teams]
    sheet = game.scoresheet(seats, match_options(game), game.scored_deals(state, 0))
    assert sheet["teams"]["members"] == [list(m) for m in teams]
    assert sheet["teams"]["totals"] == [state.totals[m[0]] for m in teams]
    record = export_record(game, state, [f"P{i}" for i in range(seats)])
    assert record["teams"] == [list(m) for m in teams]


@pytest.mark.parametrize(("name", "seats", "seed"), cases())
def test_a_clone_is_independent_of_its_original(name: str, seats: int, seed: int) -> None:
    played = played_match(name, seats, seed)
    game = played.game
    rng = random.Random(seed)
    for state, _ in played.points:
        if state.to_act in (None, TABLE):
            continue
        views = [dumps(game.view(state, s, None, None)) for s in [None, *range(seats)]]
        copy = state.clone()
        for _ in range(5):
            if copy.to_act == TABLE:
                copy.apply(TABLE, game.chance(copy, rng))
            elif copy.to_act is not None:
                copy.apply(*choose(game, copy, rng))
        assert [dumps(game.view(state, s, None, None)) for s in [None, *range(seats)]] == views


# -- what each seat may see ------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "seats", "seed"), cases())
def test_no_view_shows_a_card_its_seat_has_not_seen(name: str, seats: int, seed: int) -> None:
    check_views_hide_unseen_cards(played_match(name, seats, seed))


@pytest.mark.parametrize(("name", "seats", "seed"), cases())
def test_every_card_is_shown_to_a_seat_or_hidden_from_it(name: str, seats: int, seed: int) -> None:
    check_every_card_accounted_for(played_match(name, seats, seed))


@pytest.mark.parametrize(("name", "seats", "seed"), cases())
def test_views_do_not_change_when_unseen_cards_are_dealt_anew(
    name: str, seats: int, seed: int
) -> None:
    check_redeals_keep_views(played_match(name, seats, seed), random.Random(seed))


def dealt(game: Game, state: GameState, sample: GameState, seat: int | None) -> str:
    """What every seat holds in a sample of ``seat``'s view: every seat's view of the deal.
    A sample's record, whole or as ``seat`` sees it, is refused, or lists no deal that the
    real match's does not (a sample keeps no deal before its own, and shows ``seat`` only
    what it saw); a sample that draws a whole past (Finnish Bismarck's exchange) may record
    that past, and then its whole record is a lawful one."""
    players = ["x"] * sample.seats
    for viewer, whole in ((seat, False), (None, True)):
        try:
            record = game.records.export(sample, players, viewer, whole)
        except ValueError as refused:
            assert "no record" in str(refused)
            continue
        real = [dumps(d) for d in game.records.export(state, players, viewer, whole)["deals"]]
        invented = [d for d in record["deals"] if dumps(d) not in real]
        assert not invented or whole, ("a seat's record says what it did not see", invented)
        if invented:
            game.records.replay(players, sample.options, record)
    return dumps([game.view(sample, s, None, None)["deal"] for s in range(sample.seats)])


@pytest.mark.parametrize(("name", "seats", "seed"), cases())
def test_the_resampler_deals_what_a_seat_was_shown(name: str, seats: int, seed: int) -> None:
    played = played_match(name, seats, seed)
    game = played.game
    assert game.resample is not None, "a game resamples unseen cards for its computer players"
    rng = random.Random(seed)
    checked = varied = many = 0
    for state, _ in played.points:
        for seat in viewers(seats):
            shown = game.view(state, seat, None, None)
            if shown.get("deal") is None:
                continue
            records = set()
            # fewer for the spectator: no player samples its view, and with nothing of the
            # hands known it is by far the dearest to sample (Finnish Bismarck's exchange)
            for _ in range(2 if seat is None else 4):
                sample = game.resample(shown, rng)
                again = game.view(sample, seat, None, None)
                for key in ("deal", "legal", "phase", "to_act"):
                    assert dumps(again[key]) == dumps(shown[key]), (seat, key)
                records.add(dealt(game, state, sample, seat))
                checked += 1
            if len(game.hidden_cards(state, seat)) > 8:  # type: ignore[misc]
                many += 1
                varied += len(records) > 1
    assert checked
    # one view may pin its hidden cards down (voids, melds shown) or show nothing of where
    # they lie (Bismarck before the contract): only a resampler that never varies fails
    assert varied or not many, "the resampler always dealt the same cards"


# -- records ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "seats", "seed"), cases())
def test_a_record_round_trips_through_export_replay_and_validation(
    name: str, seats: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    played = played_match(name, seats, seed)
    game = played.game
    if name in UNREGISTERED:  # records find their game in the registry
        monkeypatch.setitem(GAMES, name, game)
    players = [f"P{i}" for i in range(seats)]
    for state in [*(s for s, _ in played.points), played.state]:
        record = json.loads(json.dumps(export_record(game, state, players)))
        verdict = validate_record(record)
        assert verdict.valid, verdict.error
        assert verdict.totals == state.totals
        again_game, again, again_players = replay_record(record)
        assert again_game is game and again_players == players
        assert again.totals == state.totals
        assert again.deals_played == state.deals_played
    whole = export_record(game, played.state, players)
    assert whole["format"] == "kortbord-record/1" and whole["game"] == name


@pytest.mark.parametrize(("name", "seats", "seed"), cases())
def test_the_record_of_a_running_match_shows_a_seat_only_what_it_saw(
    name: str, seats: int, seed: int
) -> None:
    played = played_match(name, seats, seed)
    game = played.game
    assert game.hidden_cards is not None
    players = [f"P{i}" for i in range(seats)]
    checked = 0
    for state, _ in played.points:
        for seat in viewers(seats):
            record = export_record(game, state, players, seat=seat, whole=False)
            assert "winners" not in record
            current = record["deals"][state.deals_played :]
            hidden = never_seen(game, state, seat)
            assert not tokens(current) & hidden, (seat, tokens(current) & hidden)
            checked += 1
    assert checked


@pytest.mark.parametrize(("name", "seats", "seed"), cases())
def test_views_built_with_the_cache_equal_fresh_ones_and_never_change(
    name: str, seats: int, seed: int
) -> None:
    played = played_match(name, seats, seed)
    game = played.game
    cache = game.new_view_cache()
    state: GameState = game.new_match(seats, match_options(game), played.first_dealer)
    kept: list[tuple[str, Any]] = []
    for step, (seat, text) in enumerate(played.log):
        state.apply(seat, game.parse_action(text))
        public = game.view(state, None, None, cache)
        cached = [public, *(game.view(state, s, public, cache) for s in range(seats))]
        fresh = [game.view(state, s, None, None) for s in viewers(seats)]
        assert dumps(cached) == dumps(fresh), step
        if step % 17 == 0:
            kept.append((dumps(cached), cached))
    # a view handed out earlier never changes as the match goes on
    for encoded, views in kept:
        assert dumps(views) == encoded


# -- deals from seeds (docs/fairness.md) -----------------------------------------------------------


def _game_seats() -> list[Any]:
    return [
        pytest.param(name, seats, id=f"{name}-{seats}")
        for name, game in ALL_GAMES.items()
        for seats in game.seat_counts
    ]


@pytest.mark.parametrize(("name", "seats"), _game_seats())
def test_a_chance_step_deals_an_order_of_the_pack(name: str, seats: int) -> None:
    game = ALL_GAMES[name]
    state: GameState = game.new_match(seats, match_options(game), seats - 1)
    dealt = str(game.chance(state, random.Random(name)))
    order = dealt.removeprefix("deal:").split(",")
    assert Counter(order) == Counter(game.pack.cards)
    assert game.deal(order) == game.parse_action(dealt)


@pytest.mark.parametrize(("name", "seats"), _game_seats())
def test_deals_from_seeds_verify_and_a_changed_seed_does_not(
    name: str, seats: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = ALL_GAMES[name]
    if name in UNREGISTERED:
        monkeypatch.setitem(GAMES, name, game)
    record = seeded_record(game, seats, random.Random(f"seeded:{name}:{seats}"))
    client_first = record["fairness"][0]["client_seeds"][0]
    checks = verify_record(record)
    assert checks and all(c.verified for c in checks), checks
    record["fairness"][0]["client_seeds"][0] += "x"
    tampered = verify_record(record)
    assert tampered[0].verified is False
    assert all(c.verified for c in tampered[1:])
    # a record that hides a finished deal's seed, or leaves its entry out, fails on it
    record["fairness"][0]["client_seeds"][0] = client_first
    for k in range(len(record["fairness"])):
        hidden = json.loads(json.dumps(record))
        hidden["fairness"][k]["server_seed"] = None
        assert [c.verified for c in verify_record(hidden)][k] is False
        missing = json.loads(json.dumps(record))
        del missing["fairness"][k]
        assert any(c.verified is False and c.deal == k + 1 for c in verify_record(missing))


# -- paper ---------------------------------------------------------------------------------------


def paper_cases() -> list[Any]:
    """The cases of the games a table may keep on paper."""
    return [case for case in cases() if ALL_GAMES[case.values[0]].paper is not None]


@pytest.mark.parametrize(("name", "seats", "seed"), paper_cases())
def test_a_match_entered_on_paper_scores_as_the_match_played(
    name: str, seats: int, seed: int
) -> None:
    """Kept on paper, a match's deals, each entered as its form asks (the entry that
    describes the deal played), score exactly as they did in play: the same scoresheet, CSV
    and history. The form is JSON a client draws without knowing the game."""
    played = played_match(name, seats, seed)
    game = played.game
    paper = game.paper
    assert paper is not None
    options = match_options(game)
    online = game.scored_deals(played.state, 0)
    entered: list[Any] = []
    for deal in online:
        form = paper.next_deal(seats, options, played.first_dealer, entered)
        assert form is not None, f"the paper match ended before deal {deal.number}"
        assert (form.number, form.dealer) == (deal.number, deal.dealer)
        shown = json.loads(dumps(form.as_json()))
        assert {f["kind"] for f in shown["fields"]} <= {"choice", "seat_number", "seat_choice"}
        entry = paper.entry_of(deal)
        entered.append(paper.score(seats, options, played.first_dealer, entered, entry))
        assert entered[-1] == paper.as_entered(deal)
    assert paper.next_deal(seats, options, played.first_dealer, entered) is None
    sheet = game.scoresheet(seats, options, entered)
    assert sheet == game.scoresheet(seats, options, [paper.as_entered(d) for d in online])
    assert sheet["totals"] == played.state.totals


@pytest.mark.parametrize(("name", "seats", "seed"), paper_cases())
def test_a_match_kept_on_paper_ends_and_is_recorded_as_the_match_played(
    name: str, seats: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game kept on paper (``paper_game``), its deals entered one by one through its
    actions, ends where the match played ended, with the same winners, and its record (the
    entries) validates to the same totals."""
    played = played_match(name, seats, seed)
    game = played.game
    paper = game.paper
    assert paper is not None
    kept = paper_game(game)
    options = match_options(game)
    state = kept.new_match(seats, options, played.first_dealer)
    for deal in game.scored_deals(played.state, 0):
        assert state.phase() == "enter"
        entry = json.dumps(paper.entry_of(deal))
        state.apply(deal.number % seats, kept.parse_action(f"enter:{entry}"))
    assert state.phase() == "confirm" and not state.is_over
    assert kept.legal(state, 0) == {"kind": "close", "actions": ["close"]}
    state.apply(0, kept.parse_action("close"))
    assert state.is_over and state.totals == played.state.totals
    expected = game.outcome(played.state)
    assert expected is not None
    assert kept.outcome(state) == expected
    if name in UNREGISTERED:  # records find their game in the registry
        monkeypatch.setitem(GAMES, name, game)
    record = json.loads(json.dumps(export_record(kept, state, [f"P{s}" for s in range(seats)])))
    assert record["paper"] is True
    checked = validate_record(record)
    assert checked.valid, checked.error
    assert checked.totals == played.state.totals
    assert checked.winners == list(expected.winners)


# -- hand positions (docs/fairness.md) -------------------------------------------------------------

POSITION_DEALS = 2
"""Deals checked from each first dealer: the first, and one dealt after a deal played out."""


def option_values(game: Game) -> list[tuple[str, Any]]:
    """Every value of each option random play tries: its choices, both sides of a switch,
    the ends of a range."""
    out: list[tuple[str, Any]] = []
    for option in game.options:
        if option.choices:
            values: tuple[Any, ...] = option.choices
        elif isinstance(option.default, bool):
            values = (True, False)
        else:
            values = tuple(v for v in (option.minimum, option.maximum) if v is not None)
        out.extend((option.name, value) for value in values)
    return out


def layout_options(game: Game, seats: int) -> list[dict[str, Any]]:
    """The match options, and over them every combination of the values of the options
    that move a position (auction pinochle's ``packets``)."""
    base = match_options(game)
    assert game.hand_positions is not None
    default = game.hand_positions(seats, base)
    values: dict[str, list[Any]] = {}
    for name, value in option_values(game):
        values.setdefault(name, []).append(value)
    moving = [
        name
        for name, choices in values.items()
        if any(game.hand_positions(seats, {**base, name: v}) != default for v in choices)
    ]
    out = [base]
    for chosen in itertools.product(*(values[name] for name in moving)):
        options = {**base, **dict(zip(moving, chosen, strict=True))}
        if options != base:
            out.append(options)
    return out


def play_out(game: Game, state: GameState, rng: random.Random, steps: int = 0) -> None:
    """Random play to the end of the deal in progress."""
    while state.to_act != TABLE and not state.is_over:
        steps += 1
        assert steps < 20_000, "the deal never ends"
        state.apply(*choose(game, state, rng))


def check_hand_positions(
    game: Game, state: GameState, options: dict[str, Any], rng: random.Random
) -> None:
    """Deal a random pack and play at random until each seat's own view first shows a
    hand: it holds the cards at that seat's positions, counted from the dealer. A seat with
    no positions is shown no hand while the deal lasts. The deal is played out."""
    assert state.to_act == TABLE and game.hand_positions is not None
    order = rng.sample(game.pack.cards, game.pack.size)
    state.apply(TABLE, game.deal(order))
    seats = state.seats
    shown = game.view(state, None, None, None)["deal"]
    number, dealer = shown["number"], shown["dealer"]
    positions = game.hand_positions(seats, options)
    watched = set(range(seats))  # a seat with positions until its hand shows, one without for good
    steps = 0
    while watched and state.to_act != TABLE and not state.is_over:
        for seat in sorted(watched):
            deal = game.view(state, seat, None, None)["deal"]
            assert deal is not None and (deal["number"], deal["dealer"]) == (number, dealer)
            dealt = positions[(seat - dealer) % seats]
            if not deal["hand"]:
                continue
            assert dealt, f"seat {seat}, dealt no position, is shown a hand {deal['hand']}"
            lacking = Counter(order[p] for p in dealt) - Counter(deal["hand"])
            assert not lacking, f"seat {seat} (dealer {dealer}) is not shown {sorted(lacking)}"
            watched.discard(seat)
        steps += 1
        assert steps < 20_000, "the deal never ends"
        state.apply(*choose(game, state, rng))
    missed = [s for s in watched if positions[(s - dealer) % seats]]
    assert not missed, f"seats {missed} are dealt positions but were shown no hand"
    play_out(game, state, rng, steps)


def test_every_game_says_which_positions_of_the_pack_each_hand_is_dealt() -> None:
    for name, game in ALL_GAMES.items():
        assert game.hand_positions is not None, f"{name} declares no hand positions"
        for seats in game.seat_counts:
            base = match_options(game)
            for options in [base, *({**base, n: v} for n, v in option_values(game))]:
                positions = game.hand_positions(seats, options)
                assert len(positions) == seats, name
                every = [p for places in positions for p in places]
                assert len(set(every)) == len(every), f"{name}: a position dealt twice"
                assert all(0 <= p < game.pack.size for p in every), name
                assert any(positions), f"{name}: no seat is dealt a hand"


@pytest.mark.parametrize(("name", "seats"), _game_seats())
def test_each_seat_is_dealt_the_cards_at_its_hand_positions(name: str, seats: int) -> None:
    """From every first dealer, the first deal and the next, under every combination of the
    options that move a position: the hand each seat is first shown holds the pack's cards
    at its positions (what a player's browser checks of a fair deal, docs/fairness.md)."""
    game = ALL_GAMES[name]
    for options in layout_options(game, seats):
        for first in range(seats):
            rng = random.Random(f"positions:{name}:{seats}:{first}:{dumps(options)}")
            state: GameState = game.new_match(seats, options, first)
            for _ in range(POSITION_DEALS):
                if not state.is_over:
                    check_hand_positions(game, state, options, rng)


@pytest.mark.parametrize(("name", "seats"), _game_seats())
def test_no_option_value_deals_a_card_elsewhere_than_its_hand_position(
    name: str, seats: int
) -> None:
    """Every value of every option, one at a time, deals one pack as the positions say."""
    game = ALL_GAMES[name]
    for option, value in option_values(game):
        options = {**match_options(game), option: value}
        rng = random.Random(f"option-positions:{name}:{seats}:{option}:{value}")
        state: GameState = game.new_match(seats, options, rng.randrange(seats))
        check_hand_positions(game, state, options, rng)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_match_for_a_seat_count_the_game_does_not_take_is_refused_in_words(name: str) -> None:
    game = GAMES[name]
    wrong = max(game.seat_counts) + 1
    with pytest.raises(ValueError) as refused:
        game.new_match(wrong, game.resolve_options(), 0)
    said = str(refused.value)
    # words, not a tuple's repr: "Rubicon bezique is played by 2"
    assert said.startswith(f"{game.title} is played by "), said
    assert "(" not in said, said
