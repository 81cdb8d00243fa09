"""The Sixty-six view, scoresheet and game interface: the fields every client relies on."""

from __future__ import annotations

import random

from engine.sixty_six.helpers import A, B, act, build_pack, play, start

from app.engine import GAMES
from app.engine.game import TABLE, ScoredDeal
from app.engine.sixty_six import GAME
from app.engine.sixty_six.state import Match
from app.engine.trick_game import deal_action, scored_deals

view = GAME.view

SHARED_KEYS = {
    "game",
    "seats",
    "seat",
    "phase",
    "to_act",
    "deals_played",
    "deals_total",
    "totals",
    "target",
    "options",
    "winners",
    "scoresheet",
    "deal",
    "previous_deal",
    "legal",
}
DEAL_KEYS = {
    "number",
    "dealer",
    "leader",
    "trump",
    "turned",
    "stock",
    "closed_by",
    "exhausted",
    "hand",
    "hand_sizes",
    "known",
    "trick",
    "tricks_played",
    "tricks_won",
    "marriages",
    "pending_marriage",
    "points",
}


def test_the_game_is_registered() -> None:
    assert GAMES["sixty_six"] is GAME
    assert (GAME.title, GAME.seat_counts, GAME.pack.size) == ("Sixty-six", (2,), 24)
    assert GAME.deals_total(2, {}) is None
    state = GAME.new_match(2, GAME.resolve_options({}), A)
    assert state.to_act == TABLE and state.first_dealer == A and state.deals_played == 0
    chance = GAME.chance(state, random.Random(1))
    assert chance.kind == "deal" and len(chance.arg.split(",")) == 24
    assert GAME.parse_action(str(chance)) == chance
    assert state.check(TABLE, chance) == B  # the non-dealer leads
    state.apply(TABLE, chance)
    assert GAME.hidden_cards is not None and len(GAME.hidden_cards(state, A)) == 11 + 6


def test_views_carry_the_shared_keys() -> None:
    match = Match(2, None, B)
    before = view(match, A)
    assert set(before) >= SHARED_KEYS
    assert (before["phase"], before["to_act"], before["deal"], before["legal"]) == (
        "deal",
        None,
        None,
        None,
    )
    assert before["next_dealer"] == B and before["deals_total"] is None
    match.apply(TABLE, deal_action(build_pack("AS TS AH TH AD TD", "9S JS 9H JH 9D JD", "9C")))
    for seat in (A, B, None):
        shown = view(match, seat)
        assert set(shown) >= SHARED_KEYS
        assert set(shown["deal"]) >= DEAL_KEYS
        assert shown["game"] == "sixty_six" and shown["seats"] == 2 and shown["seat"] == seat
        assert shown["phase"] == "play" and shown["to_act"] == A
        assert shown["options"] == GAME.resolve_options({})


def test_the_deal_as_each_seat_sees_it() -> None:
    match = start("AS TS AH TH AD TD", "9S JS 9H JH 9D JD", "9C", "KC QC")
    play(match, "AS 9S TS")
    mine = view(match, A)["deal"]
    assert mine["hand"] == ["AH", "TH", "AD", "TD", "KC"]
    assert mine["hand_sizes"] == [5, 6]
    assert mine["trick"] == [{"seat": A, "card": "TS"}]
    assert mine["tricks_played"] == [
        {"leader": A, "winner": A, "cards": [{"seat": A, "card": "AS"}, {"seat": B, "card": "9S"}]}
    ]
    assert mine["tricks_won"] == [1, 0]
    assert (mine["trump"], mine["turned"], mine["stock"], mine["exhausted"]) == (
        "C",
        "9C",
        9,
        False,
    )
    assert mine["known"] == [[], []] and mine["points"] is None
    assert view(match, B)["deal"]["hand"] == ["JS", "JH", "9H", "JD", "9D", "QC"]
    assert view(match, None)["deal"]["hand"] is None
    assert view(match, B)["legal"] == {
        "kind": "play",
        "actions": ["play:JS", "play:JH", "play:9H", "play:JD", "play:9D", "play:QC", "claim"],
    }
    assert view(match, A)["legal"] == {"kind": "claim", "actions": ["claim"]}


def test_the_last_draw_shows_the_turned_card_in_the_losers_hand() -> None:
    match = start(
        "AS TS AH TH AD JD", "9S JS 9H JH 9D QD", "KC", "KS QS KH QH KD TD QC JC TC AC 9C"
    )
    play(match, "AS 9S TS JS AH 9H TH JH AD 9D JD QS")
    shown = view(match, A)["deal"]
    assert shown["exhausted"] and shown["turned"] is None and shown["stock"] == 0
    assert shown["known"] == [[], ["KC"]]
    play(match, "KS")
    act(match, "play:KC")  # B trumps with the card everyone saw B take
    assert view(match, A)["deal"]["known"] == [[], []]


def test_previous_deal_and_scoresheet() -> None:
    match = start("AS TS AH TH AD TD", "9S JS 9H JH 9D JD", "9C")
    play(match, "AS 9S")
    act(match, "claim")
    shown = view(match, B)
    assert shown["deal"] is None and shown["deals_played"] == 1
    previous = shown["previous_deal"]
    assert previous["number"] == 1 and previous["dealer"] == B
    assert previous["end"] == "wrong_claim" and previous["winner"] == B
    assert previous["claimant"] == A and previous["points"] == [11, 0]
    assert previous["scores"] == [0, 2] and previous["turned"] == "9C"
    assert previous["tricks_won"] == [1, 0] and len(previous["tricks_played"]) == 1
    sheet = shown["scoresheet"]
    assert [c["kind"] for c in sheet["columns"]] == [
        "suit",
        "seat",
        "term",
        "seat",
        "per_seat",
        "per_seat",
        "number",
    ]
    assert sheet["deals"] == [
        {
            "number": 1,
            "dealer": B,
            "scores": [0, 2],
            "totals": [0, 2],
            "cells": {
                "trump": "C",
                "winner": B,
                "end": {"term": "end.wrong_claim"},
                "closed_by": None,
                "points": [11, 0],
                "tricks": [1, 0],
                "carried": 0,
            },
        }
    ]
    assert sheet["totals"] == [0, 2]
    rows = scored_deals(match, 0)
    assert rows == [ScoredDeal(1, B, (0, 2), rows[0].detail)]
    assert GAME.scoresheet(2, match.options, rows) == sheet
    assert scored_deals(match, 1) == []


def test_marriages_in_the_view() -> None:
    match = start("KH QH AS 9S 9D JD", "9H JH JS TS TD QD", "KC")
    act(match, "marriage:H")
    shown = view(match, B)["deal"]
    assert shown["pending_marriage"] == "H" and shown["claim_window"] == A
    assert shown["marriages"] == [{"seat": A, "suit": "H", "points": 20, "credited": False}]
    assert shown["known"] == [["KH", "QH"], []]
    assert view(match, A)["legal"] == {"kind": "play", "actions": ["play:KH", "play:QH", "claim"]}
