"""What each seat sees of spades: no card of a hand not looked at, the blind-nil flow, the
exchanged cards seen only by the two partners (and the giver not seeing what he will
receive), the legal shapes; and the resampler dealing exactly what a seat was shown."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from engine.spades.helpers import (
    E,
    N,
    S,
    W,
    act,
    exchanges,
    hidden_from,
    look_all,
    played_deal,
    random_action,
    replay,
    start,
)
from engine.test_conformance import redealt_log

from app.engine.game import TABLE
from app.engine.spades import GAME
from app.engine.spades.resample import resample
from app.engine.spades.state import Match
from app.engine.trick_game import legal

ViewCache = GAME.new_view_cache
view = GAME.view

CARD = re.compile(r"^[AKQJT98765432][SHDC]$")
VIEWERS: list[int | None] = [None, N, E, S, W]


def tokens(value: object) -> set[str]:
    return {t for t in re.findall(r"[A-Za-z0-9]+", json.dumps(value)) if CARD.match(t)}


def dumps(value: object) -> str:
    return json.dumps(value, sort_keys=True)


def test_a_seat_that_has_not_looked_sees_no_card_of_its_hand() -> None:
    match = start()
    deal = match.current
    assert deal is not None
    shown = view(match, N)
    assert shown["deal"]["hand"] == []
    assert shown["deal"]["hand_sizes"] == [13, 13, 13, 13]
    assert not tokens(shown["deal"]) and not tokens(shown["legal"])
    assert set(deal.hands[N]) <= hidden_from(match, N)
    act(match, "look", N)
    assert view(match, N)["deal"]["hand"] == deal.hands[N]
    assert not set(deal.hands[N]) & hidden_from(match, N)
    assert view(match, E)["deal"]["looked"] == [True, False, False, False]


def test_a_spectator_has_no_hand_an_unlooked_seat_an_empty_one() -> None:
    """docs/protocol.md 8.0: a spectator's ``hand`` is null, in spades as in every game."""
    match = start()
    assert view(match, None)["deal"]["hand"] is None
    assert view(match, N)["deal"]["hand"] == []
    look_all(match)
    assert view(match, None)["deal"]["hand"] is None


def test_every_view_names_the_teams() -> None:
    match = start()
    for seat in VIEWERS:
        assert view(match, seat)["teams"] == [[0, 2], [1, 3]]
    assert view(Match(4, None, N), None)["teams"] == [[0, 2], [1, 3]]


def test_the_legal_shapes() -> None:
    match = start({N: "2C 3C 4C", S: "2D 3D 4D"})
    numbers = [f"bid:{n}" for n in range(1, 14)]
    assert legal(match, N) == {
        "kind": "bid",
        "actions": ["look", "bid:nil", *numbers, "bid:blind_nil"],
    }
    assert legal(match, E) == {"kind": "look", "actions": ["look"]}
    act(match, "look", E)
    assert legal(match, E) is None
    act(match, "bid:nil")
    assert legal(match, N) == {"kind": "look", "actions": ["look"]}
    act(match, "look")
    deal = match.current
    assert deal is not None
    assert legal(match, N) == {"kind": "lay", "count": 3, "from": deal.hands[N]}
    act(match, "lay:2C,3C,4C")
    act(match, "bid:3")
    act(match, "look", S)
    act(match, "bid:4")
    assert legal(match, S) == {"kind": "give", "count": 3, "from": deal.hands[S]}
    act(match, "give:2D,3D,4D")
    act(match, "bid:3")
    assert match.phase() == "play"
    assert legal(match, E) == {
        "kind": "play",
        "actions": [f"play:{c}" for c in match.playable(deal, E)],
    }


def test_contracts_are_shown_once_both_partners_have_bid() -> None:
    match = start()
    contracts = []
    for bid in ("4", "nil", "3", "5"):
        act(match, f"bid:{bid}")
        contracts.append(view(match, None)["deal"]["contracts"])
        exchanges(match)
    assert contracts == [[None, None], [None, None], [7, None], [7, 5]]


def test_the_blind_nil_flow_and_the_exchange_seen_by_the_partners_alone() -> None:
    match = start({N: "2C 3C 4C", S: "AH KH QH"})
    deal = match.current
    assert deal is not None
    act(match, "bid:blind_nil")
    mine = view(match, N)
    assert mine["deal"]["bids"][N] == "blind_nil" and mine["deal"]["hand"] == []
    assert mine["legal"] == {"kind": "look", "actions": ["look"]}
    act(match, "look")
    act(match, "lay:2C,3C,4C")
    laid = ["4C", "3C", "2C"]
    entry = view(match, N)["deal"]["exchange"][0]
    assert entry == {"nil": N, "partner": S, "state": "waiting", "laid": laid, "given": None}
    assert view(match, N)["deal"]["hand_sizes"][N] == 10
    act(match, "bid:3")
    act(match, "look", S)
    act(match, "bid:4")
    # the partner gives without seeing what he will receive
    giving = view(match, S)
    assert giving["deal"]["exchange"][0]["laid"] is None
    assert giving["deal"]["exchange"][0]["state"] == "give"
    assert not tokens(giving["deal"]) & set(laid)
    assert set(laid) <= hidden_from(match, S)
    act(match, "give:AH,KH,QH")
    given = ["AH", "KH", "QH"]
    for seat in (N, S):
        entry = view(match, seat)["deal"]["exchange"][0]
        assert (entry["state"], entry["laid"], entry["given"]) == ("done", laid, given)
    assert not set(laid) & hidden_from(match, N)  # he knows where his cards went
    assert not set(given) & hidden_from(match, S)
    for seat in (E, W, None):
        shown = view(match, seat)["deal"]
        entry = shown["exchange"][0]
        assert (entry["state"], entry["laid"], entry["given"]) == ("done", None, None)
        assert not tokens(shown) & set(laid + given)
        assert set(laid + given) <= hidden_from(match, seat)


def test_the_previous_deal_shows_what_all_may_see_of_the_scored_deal() -> None:
    match = played_deal(("nil", "4", "4", "4"), (0, 4, 5, 4))
    previous = view(match, E)["previous_deal"]
    assert previous["bids"] == ["nil", 4, 4, 4]
    assert previous["tricks"] == [0, 4, 5, 4]
    assert previous["nil"] == ["made", None, None, None]
    assert previous["scores"] == [141, 80]
    assert previous["sides"][0]["nil_score"] == 100
    assert len(previous["tricks_played"]) == 13
    assert previous["exchanges"][0] == {"nil": N, "partner": S, "done": True}
    assert view(match, E)["deal"] is None and view(match, E)["legal"] is None


def test_views_built_with_a_cache_equal_fresh_ones() -> None:
    rng = random.Random(4)
    match = Match(4, {"bags": True, "target": 250}, N)
    cache = ViewCache()
    for _ in range(300):
        if match.is_over:
            break
        match.apply(*random_action(match, rng))
        public = view(match, None, None, cache)
        for seat in VIEWERS:
            cached = public if seat is None else view(match, seat, public, cache)
            assert dumps(cached) == dumps(view(match, seat))


# -- re-dealt and resampled ---------------------------------------------------------------------


HANDS = {N: "2C 3C 4C", E: "2D 3D 4D", S: "AH KH QH"}


def scripted_log() -> list[tuple[int, str]]:
    """The seats' actions of a deal dealt from ``HANDS`` by North: a made exchange (N nil,
    S gives), a cancelled one (E blind nil, W nil) and a few cards."""
    match = start(HANDS)
    log: list[tuple[int, str]] = []
    script = [
        (N, "look"),
        (N, "bid:nil"),
        (N, "lay:2C,3C,4C"),
        (E, "bid:blind_nil"),
        (E, "look"),
        (E, "lay:2D,3D,4D"),
        (S, "look"),
        (S, "bid:4"),
        (S, "give:AH,KH,QH"),
        (W, "bid:nil"),
        (W, "look"),
    ]
    for seat, text in script:
        act(match, text, seat)
        log.append((seat, text))
    rng = random.Random(1)
    for _ in range(9):
        seat, action = random_action(match, rng)
        match.apply(seat, action)
        log.append((seat, str(action)))
    return log


def test_the_resampler_deals_exactly_what_each_seat_was_shown() -> None:
    rng = random.Random(7)
    step = start(HANDS)
    for seat_act, text in scripted_log():
        act(step, text, seat_act)
        for seat in VIEWERS:
            shown = view(step, seat)
            records = set()
            for _ in range(3):
                sample = resample(shown, rng)
                again = view(sample, seat)
                for key in ("deal", "legal", "phase", "to_act"):
                    assert dumps(again[key]) == dumps(shown[key]), (seat, text, key)
                # no record: a state dealt anew from a view invents no past
                records.add(dumps(sample.deals[-1].hands))
            assert len(records) > 1


def test_the_resampler_between_deals_and_after_the_match() -> None:
    """With no deal in progress there are no cards to deal anew: a sample is the match as
    its view shows it, the side that won included once it is over, with no past (the
    scoresheet and the deal before are the real match's alone)."""
    rng = random.Random(5)
    options = {"target": 200, "bags": True}
    between = played_deal(("3", "3", "3", "2"), (4, 3, 3, 3), options=options)
    assert between.to_act == TABLE and between.bags == [1, 1] and between.winner is None
    match = Match(4, options, N)
    match.totals = [150, 0, 150, 0]
    over = played_deal(("3", "2", "3", "2"), (4, 3, 3, 3), match=match)
    assert over.is_over and over.winner == 0 and over.bags == [1, 2]
    for state in (between, over):
        for seat in VIEWERS:
            shown = view(state, seat)
            sample = resample(shown, rng)
            assert sample.deals == []
            again = view(sample, seat)
            for key in shown.keys() - {"scoresheet", "previous_deal"}:
                assert dumps(again[key]) == dumps(shown[key]), (seat, key)
            kept = (sample.totals, sample.bags, sample.to_act, sample.winner, sample.base)
            played = len(state.deals)
            assert kept == (state.totals, state.bags, state.to_act, state.winner, played)
    assert resample(view(between, N), rng).next_dealer == between.next_dealer == E


def test_views_do_not_change_when_unseen_cards_are_dealt_anew() -> None:
    rng = random.Random(3)
    table = (TABLE, f"deal:{','.join(start(HANDS).deals[0].pack)}")
    full = [table, *scripted_log()]
    for upto in range(2, len(full) + 1, 2):
        state = replay(N, full[:upto])
        for seat in VIEWERS:
            hidden = hidden_from(state, seat)
            expected = dumps(view(state, seat))
            for _ in range(2):
                again = replay(N, redealt_log(full[:upto], hidden, rng))
                assert dumps(view(again, seat)) == expected, (seat, upto)


def test_the_resampler_fits_random_deals_at_every_step() -> None:
    rng = random.Random(11)
    checked = 0
    for seed in range(3):
        play_rng = random.Random(seed)
        match = Match(4, {"target": 250}, seed % 4)
        for _ in range(140):
            if match.is_over:
                break
            match.apply(*random_action(match, play_rng, nil_rate=0.3, blind_rate=0.1))
            if match.to_act == TABLE:
                continue
            for seat in VIEWERS:
                shown: dict[str, Any] = view(match, seat)
                sample = resample(shown, rng)
                for key in ("deal", "legal", "phase", "to_act"):
                    assert dumps(view(sample, seat)[key]) == dumps(shown[key])
                checked += 1
    assert checked > 300
