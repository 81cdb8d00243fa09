"""What a seat, or a spectator, sees of a bezique match: the tables by position, the
declarations scored and pending, carte blanche, and never the other concealed hand or the
stock. The leak test re-deals the unseen physical cards (each position of the pack keeps its
suit, and a court card stays a court card, which carte blanche would tell) and replays the
match: no view may change."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from engine.bezique.match_helpers import act, deal, legal_texts, new_match, play_match, trick, view

from app.engine.bezique import CHINESE, RUBICON, Match, Variant, make_game
from app.engine.bezique.declarations import declare
from app.engine.bezique.variant import COURT
from app.engine.bezique.view import hidden_cards
from app.engine.game import TABLE
from app.engine.trick_game import hidden_cards as unseen_cards

VIEWERS: list[int | None] = [None, 0, 1]


def collector(match: Match, legal: list[str], rng: random.Random) -> str:
    """Declare whenever possible, and play low cards from the hand first: more tables and
    pending declarations than random play gives."""
    declared = [t for t in legal if t.startswith("declare:")]
    if declared and rng.random() < 0.8:
        return rng.choice(declared)
    low = [t for t in legal if t.startswith("play:") and t[5] in "987" and "@" not in t]
    return rng.choice(low or legal)


def dumps(value: object) -> str:
    return json.dumps(value, sort_keys=True)


def replayed(variant: Variant, first_dealer: int, log: list[tuple[int, str]]) -> Match:
    match = new_match(variant, {"deals": 1}, first_dealer)
    for seat, text in log:
        act(match, seat, text)
    return match


def laid_out(match: Match, log: list[tuple[int, str]]) -> set[int]:
    """The copies of the deal in progress laid out on a table by ``log``, taken up since or
    not: ``log`` replayed, each declaration made first on a copy of its holding."""
    replay = new_match(match.variant, {"deals": 1}, match.first_dealer)
    laid: set[int] = set()
    for seat, text in log:
        current = replay.current
        if current is not None and text.startswith("declare:"):
            holding = current.holdings[seat]
            trial = holding.copy(list(holding.concealed))
            laid.update(declare(replay.context(current), trial, text[8:]).laid_out)
        act(replay, seat, text)
    return laid


def redealt(match: Match, log: list[tuple[int, str]], seat: int | None, rng: random.Random) -> Any:
    """``log`` with the current deal's pack changed where ``seat`` has not seen the cards:
    the stock and the other concealed hands, less the cards shown by carte blanche or taken
    up from a table. Each position keeps its suit and whether it holds a court card."""
    current = match.current
    assert current is not None
    # carte blanche shows the dealt hand (after no trick) or the draw after trick ``after``
    shown = {
        c
        for s in current.shown
        for c in (
            current.draws[s.seat][s.after - 1 : s.after] if s.after else current.dealt[s.seat]
        )
    }
    shown |= laid_out(match, log)
    places = list(current.ledger.stock)
    for s in (0, 1):
        if s != seat:
            places += [c for c in current.holdings[s].concealed if c not in shown]
    pack = list(current.pack)
    classes: dict[tuple[str, bool], list[int]] = {}
    for position in places:
        code = pack[position]
        classes.setdefault((code[1], code[0] in COURT), []).append(position)
    for positions in classes.values():
        codes = [pack[p] for p in positions]
        rng.shuffle(codes)
        for p, code in zip(positions, codes, strict=True):
            pack[p] = code
    start = max(i for i, (s, _) in enumerate(log) if s == TABLE)
    return [*log[:start], (TABLE, "deal:" + ",".join(pack)), *log[start + 1 :]]


@pytest.mark.parametrize(("variant", "seed"), [(RUBICON, 11), (CHINESE, 12)])
def test_no_view_changes_when_the_unseen_cards_are_dealt_anew(variant: Variant, seed: int) -> None:
    rng = random.Random(seed)
    snapshots: list[tuple[Match, list[tuple[int, str]]]] = []
    log: list[tuple[int, str]] = []

    def keep(match: Match) -> None:
        if match.current is not None and rng.random() < 0.04:
            snapshots.append((match.clone(), []))

    match, log = play_match(variant, {"deals": 1}, seed, check=keep, choose=collector)
    assert match.is_over
    # the log that led to each snapshot: as many actions as it had taken
    checked = 0
    for state, _ in snapshots:
        current = state.current
        assert current is not None
        taken = 1 + len(current.actions)
        prefix = log[:taken]
        for seat in VIEWERS:
            expected = dumps(view(state, seat))
            for _ in range(2):
                other = replayed(variant, match.first_dealer, redealt(state, prefix, seat, rng))
                assert dumps(view(other, seat)) == expected, seat
                checked += 1
    assert checked >= 12


@pytest.mark.parametrize(("variant", "seed"), [(RUBICON, 21), (CHINESE, 22)])
def test_the_opponents_concealed_cards_are_counted_not_shown(variant: Variant, seed: int) -> None:
    def check(match: Match) -> None:
        current = match.current
        if current is None or len(current.actions) % 7:
            return
        for seat in VIEWERS:
            shown = view(match, seat)["deal"]
            for other in (0, 1):
                held = Counter(current.pack[c] for c in current.holdings[other].concealed)
                assert shown["hand_sizes"][other] == sum(held.values())
                # what the table has seen of a hand, it holds
                assert not Counter(shown["known"][other]) - held
            unseen = Counter(unseen_cards(match, seat))
            assert sum(unseen.values()) == len(current.ledger.stock) + sum(
                shown["hand_sizes"][s] - len(shown["known"][s]) for s in (0, 1) if s != seat
            )
            assert not Counter(hidden_cards(match, seat)) - unseen
            if seat is not None:
                assert shown["hand"] == sorted(
                    shown["hand"], key=lambda c: ("SHDC".index(c[1]), "ATKQJ987".index(c[0]))
                )
                assert shown["dealt"] is not None and shown["drawn"] is not None
            else:
                assert shown["hand"] is None and shown["dealt"] is None

    play_match(variant, {"deals": 1}, seed, check=check, choose=collector)


def test_a_table_card_is_shown_by_position_and_played_by_it() -> None:
    match = new_match(RUBICON, None, 1)  # seat 0 leads
    deal(match, {0: "AS KH QH JC 9D 8D 7D 9C 8C", 1: "7C JH QD KS 9S 8S 7S 9H 8H"})
    trick(match, "AS", "7C")
    act(match, 0, "declare:marriage:KH,QH")
    for seat in VIEWERS:
        shown = view(match, seat)["deal"]
        assert shown["tables"] == [["KH", "QH"], []]
        assert shown["trump"] == "H"
        (declared,) = shown["declarations"]
        assert declared | {"positions": None} == {
            "seat": 0,
            "after": 1,
            "kind": "marriage",
            "cards": ["KH", "QH"],
            "points": 40,
            "fixes_trump": "H",
            "intact": True,
            "positions": None,
        }
        assert declared["positions"] == [0, 1]
        assert shown["points"] == [40, 0]
    assert "play:QH@1" in legal_texts(match, 0)
    act(match, 0, "play:QH@1")
    shown = view(match, 1)["deal"]
    assert shown["tables"] == [["KH"], []]
    assert shown["declarations"][0]["intact"] is False
    assert shown["trick"] == [{"seat": 0, "card": "QH"}]
    assert shown["actions"][-1] == [0, "play:QH@1"]


def test_a_declaration_is_offered_with_its_value_and_the_trumps_it_would_fix() -> None:
    match = new_match(RUBICON, None, 1)
    deal(match, {0: "AS KH QH KS QS JD 9D 8D 7D", 1: "7C JH QD KC 9S 8S 7S 9H 8H"})
    trick(match, "AS", "7C")
    offered = view(match, 0)["legal"]
    assert offered["kind"] == "declare"
    by_action = {d["action"]: d for d in offered["declarations"]}
    assert offered["actions"] == [*by_action, "draw"]
    # either marriage would fix trumps and score as of trumps; no bezique before trumps
    assert by_action["declare:marriage:KH,QH"] == {
        "action": "declare:marriage:KH,QH",
        "kind": "marriage",
        "cards": ["KH", "QH"],
        "positions": [None, None],
        "points": 40,
        "fixes_trump": "H",
    }
    assert by_action["declare:marriage:KS,QS"]["points"] == 40
    assert "declare:bezique:QS,JD" in by_action  # rubicon's bezique is always QS JD
    assert by_action["declare:bezique:QS,JD"]["fixes_trump"] is None
    assert view(match, 1)["legal"] is None
    act(match, 0, "declare:marriage:KH,QH")
    trick(match, "9D", "7S")
    later = {d["action"]: d for d in view(match, 0)["legal"]["declarations"]}
    # trumps are hearts now: the spade marriage is a plain 20, and fixes nothing
    assert later["declare:marriage:KS,QS"]["points"] == 20
    assert later["declare:marriage:KS,QS"]["fixes_trump"] is None
    # concealed cards are named by code alone: no table position
    assert later["declare:bezique:QS,JD"]["positions"] == [None, None]


def test_pending_declarations_are_visible_to_both_with_the_action_that_scores_them() -> None:
    match = new_match(RUBICON, None, 1)
    # seat 1 holds nothing that beats the nine of diamonds seat 0 leads at the third trick
    deal(
        match,
        {0: "AS AS KS QS JS JH JD JC 9D", 1: "7C 7C 8D 7D 9C 8C 8D 7D 9D"},
        stock="7H 7H 8H 8H",
    )
    trick(match, "AS", "7C")
    act(match, 0, "declare:marriage:KS,QS")
    trick(match, "AS", "7C")
    act(match, 0, "declare:jacks:JS,JH,JD,JC")
    for seat in VIEWERS:
        shown = view(match, seat)["deal"]
        assert shown["tables"][0] == ["KS", "QS", "JS", "JH", "JD", "JC"]
        assert shown["pending"] == [
            [
                {
                    "kind": "bezique",
                    "cards": ["QS", "JD"],
                    "positions": [1, 4],
                    "action": "declare:bezique:QS@1,JD@4",
                }
            ],
            [],
        ]
    text = view(match, 1)["deal"]["pending"][0][0]["action"]
    before = match.current.points[0] if match.current else 0
    trick(match, "9D", "8D")
    own = view(match, 0)
    assert own["legal"]["kind"] == "declare"
    assert text in own["legal"]["actions"]
    act(match, 0, text)
    shown = view(match, 1)["deal"]
    assert shown["pending"] == [[], []]
    assert shown["points"][0] == before + 40
    assert shown["declarations"][-1]["kind"] == "bezique"


def test_carte_blanche_is_public_and_its_cards_are_known() -> None:
    match = new_match(RUBICON, None, 1)
    blank = "AS AS TS 9S 8S 7S AH TH 9H"
    current = deal(match, {1: blank}, stock="7C 8C 9C KD")
    for seat in VIEWERS:
        shown = view(match, seat)["deal"]
        assert shown["carte_blanche"] == [
            {
                "seat": 1,
                "after": 0,
                "cards": ["AS", "AS", "TS", "9S", "8S", "7S", "AH", "TH", "9H"],
                "points": 50,
            }
        ]
        assert Counter(shown["known"][1]) == Counter(blank.split())
        assert shown["blank"] == [False, True]
    assert current.points == [0, 50]


def test_the_view_cache_builds_the_same_views() -> None:
    cache = make_game(CHINESE).new_view_cache()
    kept: list[tuple[str, list[Any]]] = []

    def check(match: Match) -> None:
        public = view(match, None, None, cache)
        cached = [public, *(view(match, s, public, cache) for s in (0, 1))]
        fresh = [view(match, s) for s in VIEWERS]
        assert dumps(cached) == dumps(fresh)
        if len(match.current.actions if match.current else []) % 23 == 1:
            kept.append((dumps(cached), cached))

    play_match(CHINESE, {"deals": 1}, 5, check=check)
    assert kept
    for encoded, views in kept:  # a view handed out never changes afterwards
        assert dumps(views) == encoded
    assert make_game(CHINESE).growing_deal_keys == ("tricks_played", "actions")
