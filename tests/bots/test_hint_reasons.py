"""Hints: the basic player's choice, legal in every game, and the reason it gives for a card."""

from __future__ import annotations

import random

import pytest

from app.bots import NotMyTurn, make_bot
from app.bots.hints import REASONS, hint_for, trick_reason
from app.engine import GAMES, TABLE
from app.engine.tricks import TrickRules

WHIST = TrickRules(ranks="AKQJT98765432")


def trick(*cards: str) -> list[dict[str, object]]:
    return [{"seat": i + 1, "card": c} for i, c in enumerate(cards)]


@pytest.mark.parametrize(
    ("card", "plays", "played", "trump", "partner", "reason"),
    [
        ("5H", ["5H", "KH", "2S"], [], "H", None, "lead_trump"),
        ("KS", ["KS", "4S", "2D"], [], "H", None, "lead_high"),
        ("4S", ["KS", "4S", "2D"], [], "H", None, "lead_low"),
        ("2D", ["KS", "4S", "2D"], [], "H", None, None),  # a singleton: neither
        ("QS", ["KS", "QS", "4S"], ["JS"], "H", None, "win_cheap"),
        ("KS", ["KS", "QS", "4S"], ["JS"], "H", None, "win"),
        ("4S", ["KS", "QS", "4S"], ["JS"], "H", None, "follow_low"),
        ("QS", ["AS", "QS", "4S"], ["KS"], "H", None, "follow"),
        ("3H", ["3H", "9H", "2C"], ["JS"], "H", None, "trump_cheap"),
        ("9H", ["3H", "9H", "2C"], ["JS"], "H", None, "trump"),
        ("2C", ["3H", "9H", "2C", "5C"], ["JS"], "H", None, "discard_low"),
        ("5C", ["3H", "9H", "2C", "5C"], ["JS"], "H", None, "discard"),
        # the partner (seat 1 here) holds the trick: the lowest card is given
        ("4S", ["KS", "4S"], ["AS", "2S"], None, 1, "partner_low"),
    ],
)
def test_the_reason_names_what_the_card_does(
    card: str,
    plays: list[str],
    played: list[str],
    trump: str | None,
    partner: int | None,
    reason: str | None,
) -> None:
    assert trick_reason(card, plays, plays, trick(*played), trump, WHIST, partner) == reason


def test_ranks_are_the_games_own() -> None:
    """In pinochle the ten beats the king: a ten over a king is the cheapest win."""
    pinochle = TrickRules(ranks="ATKQJ9")
    assert trick_reason("TS", ["AS", "TS"], ["AS", "TS"], trick("KS"), "H", pinochle) == (
        "win_cheap"
    )


@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_hints_the_basic_choice_and_names_a_reason_for_cards(name: str) -> None:
    game = GAMES[name]
    seats = game.seats_default
    rng = random.Random(7)
    state = game.new_match(seats, game.resolve_options(dict(game.short_match)), 0)
    bots = [make_bot(name, "basic", seed=s) for s in range(seats)]
    reasons = set()
    for _ in range(150):
        if state.is_over:
            break
        if state.to_act == TABLE:
            state.apply(TABLE, game.chance(state, rng))
            continue
        seat = state.to_act
        view = game.view(state, seat, None, None)
        text = bots[seat].decide(view)
        try:
            hint = hint_for(game, view)
        except NotMyTurn:
            hint = None
        if hint is not None:
            assert hint.action == text  # the basic player's own choice
            if not hint.action.startswith("play:"):
                assert hint.reason is None
            reasons.add(hint.reason)
        state.apply(seat, game.parse_action(text))
    assert reasons - {None} <= set(REASONS)
    assert reasons - {None}, "a card played with a reason"


def test_no_hint_out_of_turn() -> None:
    game = GAMES["german_whist"]
    state = game.new_match(2, game.resolve_options({}), 0)
    state.apply(TABLE, game.chance(state, random.Random(1)))
    idle = 1 - state.to_act
    with pytest.raises(NotMyTurn):
        hint_for(game, game.view(state, idle, None, None))
