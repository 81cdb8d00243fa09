"""Readable set-ups for the partnership pinochle tests: packs built from the hands wanted,
scripted auctions and tricks, refusal checks, an independent count of melds and scores, and
a player that plays random but sensible matches (it passes often, so matches end)."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from app.engine import TABLE, IllegalAction
from app.engine.cards import SUITS
from app.engine.game import Game
from app.engine.pinochle.double_deck_pinochle import GAME as DOUBLE_DECK
from app.engine.pinochle.double_deck_pinochle import VARIANT as DD
from app.engine.pinochle.melds import sort_cards
from app.engine.pinochle.partnership.record import pack_for
from app.engine.pinochle.partnership.state import Match, match_of
from app.engine.pinochle.partnership.variant import Variant
from app.engine.pinochle.partnership_pinochle import GAME as PARTNERSHIP
from app.engine.pinochle.partnership_pinochle import VARIANT as PP
from app.engine.trick_game import deal_action

N, E, S, W = 0, 1, 2, 3
"""North-South (seats 0 and 2) play against East-West (1 and 3)."""
GAMES: dict[str, tuple[Game, Variant]] = {
    "partnership_pinochle": (PARTNERSHIP, PP),
    "double_deck_pinochle": (DOUBLE_DECK, DD),
}


def cards(text: str) -> list[str]:
    return text.split()


def new(variant: Variant, dealer: int = W, options: Mapping[str, object] | None = None) -> Match:
    """A match whose first dealer is ``dealer`` (West by default, so North leads)."""
    return match_of(variant)(4, dict(options or {}), dealer)


def deal(match: Match, hands: Mapping[int, str] | None = None) -> Match:
    """Deal the next deal so that each seat of ``hands`` holds those cards; the cards not
    named fill the other places in canonical order."""
    variant = match.VARIANT
    size = variant.hand_size
    given = {s: cards((hands or {}).get(s, "")) for s in range(4)}
    rest = Counter(variant.cards)
    for hand in given.values():
        rest.subtract(hand)
    assert all(n >= 0 for n in rest.values()), "a card given too often"
    pool = sort_cards(rest.elements())
    for s in range(4):
        assert len(given[s]) <= size, f"seat {s} is given more than {size} cards"
        need = size - len(given[s])
        given[s], pool = given[s] + pool[:need], pool[need:]
    pack = pack_for(variant, [given[s] for s in range(4)], match.next_dealer)
    match.apply(TABLE, deal_action(pack))
    assert [sorted(h) for h in match.deals[-1].dealt] == [sorted(given[s]) for s in range(4)]
    return match


def act(match: Match, seat: int, text: str) -> None:
    match.apply(seat, type(match).PARSE(text))


def acts(match: Match, *steps: tuple[int, str]) -> None:
    for seat, text in steps:
        act(match, seat, text)


def auction(match: Match, bidder: int, bid: int, trump: str | None = None) -> None:
    """Everyone before ``bidder`` (from the dealer's left) passes, ``bidder`` bids ``bid``,
    the rest pass; then ``bidder`` names ``trump`` if given."""
    deal_ = match.deals[-1]
    for k in range(4):
        seat = (deal_.leader + k) % 4
        act(match, seat, f"bid:{bid}" if seat == bidder else "pass")
    assert deal_.bidder == bidder
    if trump is not None:
        act(match, bidder, f"trump:{trump}")


def trick(match: Match, text: str) -> int:
    """Play one trick, cards in play order from the seat to act; the winner."""
    for card in cards(text):
        seat = match.to_act
        assert seat is not None and seat >= 0
        act(match, seat, f"play:{card}")
    return match.deals[-1].history[-1].winner


def legal_texts(match: Match, seat: int | None = None) -> set[str]:
    return {str(a) for a in match.legal_actions(seat)}


def plays(match: Match, seat: int | None = None) -> set[str]:
    return {t.removeprefix("play:") for t in legal_texts(match, seat) if t.startswith("play:")}


def snapshot(game: Game, match: Match) -> str:
    return json.dumps(
        [
            [game.view(match, s, None, None) for s in [None, 0, 1, 2, 3]],
            [[str(a) for a in match.legal_actions(s)] for s in range(4)],
            match.totals,
        ]
    )


def game_of(match: Match) -> Game:
    return GAMES[match.VARIANT.name][0]


def refused(match: Match, seat: int, text: str, code: str) -> IllegalAction:
    """``text`` by ``seat`` is refused with ``code``, and nothing any seat sees changes;
    ``check`` refuses it alike."""
    game = game_of(match)
    before = snapshot(game, match)
    action = type(match).PARSE(text)
    with pytest.raises(IllegalAction) as checked:
        match.check(seat, action)
    assert checked.value.code == code, checked.value.message
    with pytest.raises(IllegalAction) as caught:
        match.apply(seat, action)
    assert caught.value.code == code, caught.value.message
    assert snapshot(game, match) == before
    return caught.value


# -- an independent count -------------------------------------------------------------------------


def count_melds(hand: Sequence[str], trump: str, table: str) -> int:
    """The meld value of ``hand`` by the formulas of partnership Clarification 4 and
    double-deck §5 "Computation", written out here apart from the engine."""
    held = Counter(hand)
    single = {"flush": 150, "pinochle": 40, "A": 100, "K": 80, "Q": 60, "J": 40}
    repeated = {
        "partnership": {
            "flush": {2: 1500},
            "pinochle": {2: 300},
            "A": {2: 1000},
            "K": {2: 800},
            "Q": {2: 600},
            "J": {2: 400},
        },
        "double_deck": {
            "flush": {2: 300, 3: 450, 4: 600},
            "pinochle": {2: 300, 3: 450, 4: 3000},
            "A": {2: 1000, 3: 1500, 4: 2000},
            "K": {2: 800, 3: 1200, 4: 1600},
            "Q": {2: 600, 3: 900, 4: 1200},
            "J": {2: 400, 3: 600, 4: 800},
        },
    }[table]

    def worth(name: str, n: int) -> int:
        return 0 if n == 0 else single[name] if n == 1 else repeated[name][n]

    f = min(held[r + trump] for r in "ATKQJ")
    total = worth("flush", f)
    total += 40 * (min(held["K" + trump], held["Q" + trump]) - f)
    total += sum(20 * min(held["K" + s], held["Q" + s]) for s in SUITS if s != trump)
    total += worth("pinochle", min(held["QS"], held["JD"]))
    if table == "partnership":
        total += 10 * held["9" + trump]
    for rank in "AKQJ":
        total += worth(rank, min(held[rank + s] for s in SUITS))
    return total


def expected_deal(match: Match, number: int) -> dict[str, Any]:
    """A finished deal's scores recomputed from its cards, tricks and auction alone (§8)."""
    deal_ = next(d for d in match.deals if d.number == number)
    variant = match.VARIANT
    table = "partnership" if variant.copies == 2 else "double_deck"
    if deal_.bidder is None:
        return {"scores": [0, 0], "end": "passed_out"}
    points = [0, 0]
    tricks = [0, 0]
    for t in deal_.history:
        team = t.winner % 2
        tricks[team] += 1
        points[team] += sum(variant.card_points[c[0]] for c in t.cards)
    if len(deal_.history) == variant.hand_size:
        points[deal_.history[-1].winner % 2] += variant.last_trick
    assert deal_.trump is not None
    meld = [
        sum(count_melds(deal_.dealt[s], deal_.trump, table) for s in (team, team + 2))
        for team in range(2)
    ]
    hands = [points[t] + (meld[t] if tricks[t] else 0) for t in range(2)]
    bidding = deal_.bidder % 2
    bid = deal_.high
    made = match.settings.made_bid_scores.value
    if deal_.result is not None and deal_.result.claim is not None:
        claim = deal_.result.claim
        own = hands[claim.team]
        if claim.team == bidding:
            own = (bid if made == "bid" else own) if own >= bid else 0
        scores = [0, 0]
        scores[claim.team] = own
        return {"scores": scores, "end": "claim", "provisional": own}
    scores = list(hands)
    if hands[bidding] >= bid:
        scores[bidding] = bid if made == "bid" else hands[bidding]
        end = "made"
    else:
        scores[bidding] = -bid
        end = "set"
    return {"scores": scores, "end": end}


# -- random but sensible play ---------------------------------------------------------------------


def sensible(match: Match, seat: int, rng: random.Random, claim_rate: float = 0.0) -> str:
    """A move for the seat to act: in the auction mostly a pass, else the least bid (now and
    then with a flag or an announcement); a random trump; a random legal card; a claim at
    ``claim_rate``."""
    listed = [str(a) for a in match.legal_actions(seat)]
    phase = match.phase()
    if phase == "bid":
        if "pass" in listed and rng.random() < 0.7:
            return "pass"
        bids = [t for t in listed if t != "pass"]
        return bids[0] if rng.random() < 0.6 else rng.choice(bids)
    if "claim" in listed and rng.random() < claim_rate:
        return "claim"
    options = [t for t in listed if t != "claim"]
    return rng.choice(options)


def play_match(
    game: Game, options: Mapping[str, object], seed: int, claim_rate: float = 0.0
) -> tuple[Match, list[tuple[int, str]]]:
    """A whole match of sensible random play, with its log."""
    rng = random.Random(seed)
    first = rng.randrange(4)
    match: Match = game.new_match(4, game.resolve_options(dict(options)), first)
    log: list[tuple[int, str]] = []
    for _ in range(200_000):
        if match.is_over:
            return match, log
        if match.to_act == TABLE:
            action = game.chance(match, rng)
            match.apply(TABLE, action)
            log.append((TABLE, str(action)))
            continue
        seat = match.to_act
        assert seat is not None
        text = sensible(match, seat, rng, claim_rate)
        match.apply(seat, game.parse_action(text))
        log.append((seat, text))
    raise AssertionError("the match never ended")
