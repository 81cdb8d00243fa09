"""Readable set-ups for spades engine tests: deals built from the hands wanted, scripted
actions, refusal checks, deals played until the tricks come out as a vector states, and
random play."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from app.engine.actions import Action
from app.engine.cards import Card, parse_cards
from app.engine.errors import IllegalAction
from app.engine.game import TABLE, Options, OptionValue
from app.engine.spades import GAME
from app.engine.spades.rules import CARDS, RANKS
from app.engine.spades.state import Match, pack_for
from app.engine.trick_game import deal_action, hidden_cards, shuffled_deal

view = GAME.view
parse_action = GAME.parse_action

N, E, S, W = 0, 1, 2, 3
"""The seats of the spec's vectors: North and South against East and West."""

PLAYERS = ("North", "East", "South", "West")
STRENGTH = {r: len(RANKS) - i for i, r in enumerate(RANKS)}


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def build_hands(named: Mapping[int, str] | None = None) -> list[list[Card]]:
    """Four hands of 13: the cards named for a seat, then the cards nobody was named, in
    canonical order, to fill the seats in turn."""
    named = named or {}
    hands = {seat: cards(named.get(seat, "")) for seat in range(4)}
    every = [c for h in hands.values() for c in h]
    if len(set(every)) != len(every):
        raise ValueError(f"a card is named twice: {every}")
    spare = [c for c in CARDS if c not in set(every)]
    for seat in range(4):
        while len(hands[seat]) < 13:
            hands[seat].append(spare.pop(0))
        if len(hands[seat]) != 13:
            raise ValueError(f"seat {seat} is named {len(hands[seat])} cards")
    return [hands[s] for s in range(4)]


def start(
    named: Mapping[int, str] | None = None,
    *,
    dealer: int = N,
    options: Mapping[str, OptionValue] | None = None,
    match: Match | None = None,
) -> Match:
    """A match (new unless given) with its next deal dealt from :func:`build_hands`."""
    if match is None:
        match = Match(4, options, dealer)
    assert match.next_dealer == dealer, "the deal falls to another seat"
    match.apply(TABLE, deal_action(pack_for(build_hands(named), dealer)))
    return match


def replay(
    first_dealer: int, log: Sequence[tuple[int, str]], options: Options | None = None
) -> Match:
    """The match reached by applying ``log`` (pairs of seat and action text) from the start."""
    match = Match(4, options, first_dealer)
    for seat, text in log:
        match.apply(seat, parse_action(text))
    return match


def act(match: Match, text: str, seat: int | None = None) -> None:
    """``text`` by ``seat`` (default: the seat to act)."""
    actor = match.to_act if seat is None else seat
    assert actor is not None
    match.apply(actor, parse_action(text))


def look_all(match: Match) -> None:
    deal = match.current
    assert deal is not None
    for seat in range(4):
        if not deal.looked[seat]:
            act(match, "look", seat)


def bid_round(match: Match, *bids: str) -> None:
    """The bids in bidding order, each by the seat to act; a nil bidder lays his three
    lowest cards and a partner gives his three lowest whenever the rules ask for it."""
    for bid in bids:
        assert match.current is not None and match.current.step == "bid"
        act(match, f"bid:{bid}")
        exchanges(match)


def exchanges(match: Match) -> None:
    """Make every lay and give now due, looking first where needed: the three lowest cards."""
    deal = match.current
    while deal is not None and deal.step in ("lay", "give"):
        seat = match.to_act
        assert seat is not None
        if not deal.looked[seat]:
            act(match, "look", seat)
        lowest = sorted(deal.hands[seat], key=lambda c: (c[1] == "S", STRENGTH[c[0]]))[:3]
        act(match, f"{deal.step}:{','.join(lowest)}")


def play(match: Match, text: str) -> None:
    """Each card of ``text`` played in turn by whoever is to act."""
    for card in cards(text):
        act(match, f"play:{card}")


def _plain(value: Any) -> Any:
    """``value`` as comparable plain data: lists as tuples, dataclasses as theirs."""
    if isinstance(value, list | tuple):
        return tuple(_plain(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.astuple(value)
    return value


def state_key(match: Match) -> tuple[Any, ...]:
    """Everything the match holds, as plain data, to prove a state unchanged: every field
    of every deal, its ledger's whole."""

    def deal_key(deal: Any) -> tuple[Any, ...]:
        ledger = deal.ledger
        cards = tuple(_plain(getattr(ledger, name)) for name in ledger.__slots__)
        fields = [name for kind in type(deal).__mro__ for name in getattr(kind, "__slots__", ())]
        return tuple(cards if name == "ledger" else _plain(getattr(deal, name)) for name in fields)

    return (
        tuple(match.totals),
        tuple(match.bags),
        match.to_act,
        match.next_dealer,
        match.base,
        match.winner,
        tuple(deal_key(d) for d in match.deals),
    )


def observed(match: Match) -> list[Any]:
    seen: list[Any] = [view(match, s) for s in (0, 1, 2, 3, None)]
    seen.extend([str(a) for a in match.legal_actions(s)] for s in range(4))
    return seen


def assert_refused(
    match: Match, text: str | Action, code: str, seat: int | None = None
) -> IllegalAction:
    """``text`` is refused with ``code`` and nothing about the match changes."""
    action = parse_action(text) if isinstance(text, str) else text
    actor = match.to_act if seat is None else seat
    assert actor is not None
    before, seen = state_key(match), observed(match)
    with pytest.raises(IllegalAction) as refused:
        match.check(actor, action)
    assert refused.value.code == code, refused.value.message
    with pytest.raises(IllegalAction) as again:
        match.apply(actor, action)
    assert again.value.code == code, again.value.message
    assert state_key(match) == before
    assert observed(match) == seen
    return refused.value


def legal_texts(match: Match, seat: int | None = None) -> list[str]:
    return [str(a) for a in match.legal_actions(seat)]


def plays(match: Match, seat: int | None = None) -> set[Card]:
    return {t[5:] for t in legal_texts(match, seat) if t.startswith("play:")}


def hidden_from(match: Match, seat: int | None) -> set[Card]:
    return set(hidden_cards(match, seat))


# -- deals played to a plan ------------------------------------------------------------------------


def _wins(trick: Sequence[Card], card: Card) -> bool:
    """Whether ``card`` would beat every card of ``trick`` (spades trumps)."""
    if not trick:
        return True
    led = trick[0][1]
    for other in trick:
        if other[1] == card[1]:
            if STRENGTH[other[0]] > STRENGTH[card[0]]:
                return False
        elif other[1] == "S" or (other[1] == led and card[1] != "S"):
            return False
    return True


def steer(match: Match, wanted: Sequence[int], rng: random.Random) -> Card:
    """A card for the seat to play that pushes the tricks towards ``wanted``: a seat short
    of its tricks tries to win, one that has them tries to lose."""
    deal = match.current
    seat = match.to_act
    assert deal is not None and seat is not None
    legal = match.playable(deal, seat)
    hungry = deal.won[seat] < wanted[seat]
    winning = [c for c in legal if _wins(deal.ledger.trick_cards(), c)]
    losing = [c for c in legal if c not in winning]
    pool = (winning or legal) if hungry else (losing or legal)
    if hungry and rng.random() < 0.2:
        pool = legal
    return rng.choice(pool)


def played_deal(
    bids: Sequence[str],
    tricks: Sequence[int],
    *,
    dealer: int = N,
    options: Mapping[str, OptionValue] | None = None,
    match: Match | None = None,
    tries: int = 4000,
) -> Match:
    """``match`` (new unless given) with one more deal: bid ``bids`` in bidding order (each
    seat looking first but for blind nil; exchanges of the three lowest cards), then played
    out, every seat having looked, so that each
    seat takes ``tricks[seat]`` tricks. The first of a fixed series of shuffles and plays
    that does, so a test built on it always sees the same deal."""
    assert sum(tricks) == 13
    base = match if match is not None else Match(4, options, dealer)
    for seed in range(tries):
        trial = base.clone()
        rng = random.Random(seed)
        trial.apply(TABLE, shuffled_deal(Match, rng))
        deal = trial.deals[-1]
        for bid in bids:
            seat = trial.to_act
            assert seat is not None
            if bid != "blind_nil" and not deal.looked[seat]:
                act(trial, "look")
            act(trial, f"bid:{bid}")
            exchanges(trial)
        look_all(trial)
        while not deal.finished:
            act(trial, f"play:{steer(trial, tricks, rng)}")
        if list(deal.won) == list(tricks):
            return trial
    raise AssertionError(f"no deal gives tricks {list(tricks)} in {tries} tries")


# -- random play -----------------------------------------------------------------------------------


def random_action(
    match: Match, rng: random.Random, nil_rate: float = 0.05, blind_rate: float = 0.02
) -> tuple[int, Action]:
    """A plausible random move: the table's shuffle; now and then a look out of turn; bids
    near what the hand is worth (sometimes nil, seldom blind nil); random cards, now and
    then by a seat that has not looked."""
    if match.to_act == TABLE:
        return TABLE, shuffled_deal(Match, rng)
    deal = match.current
    seat = match.to_act
    assert deal is not None and seat is not None
    idle = [s for s in range(4) if s != seat and not deal.looked[s]]
    if idle and rng.random() < 0.05:
        return rng.choice(idle), parse_action("look")
    listed = match.legal_actions(seat)
    texts = [str(a) for a in listed]
    if deal.step == "bid":
        if "bid:blind_nil" in texts and rng.random() < blind_rate:
            return seat, parse_action("bid:blind_nil")
        if "look" in texts and rng.random() < 0.8:
            return seat, parse_action("look")
        if "bid:nil" in texts and rng.random() < nil_rate:
            return seat, parse_action("bid:nil")
        hand = deal.hands[seat]
        worth = sum(1 for c in hand if c[0] in "AK") + sum(1 for c in hand if c[1] == "S") // 3
        text = f"bid:{max(1, min(4, worth + rng.choice((-1, -1, 0, 1))))}"
        if text not in texts:  # a look is due first (option bid_requires_look)
            text = "look"
        return seat, parse_action(text)
    # a seat that has not looked now and then lays, gives or plays unseen: that is its look
    sees = deal.looked[seat] or rng.random() < 0.3
    if deal.step in ("lay", "give") and sees:
        return seat, parse_action(f"{deal.step}:{','.join(rng.sample(deal.hands[seat], 3))}")
    if deal.step == "play" and sees:
        return seat, parse_action(f"play:{_towards_bids(match, rng)}")
    return seat, rng.choice(listed)


def _towards_bids(match: Match, rng: random.Random) -> Card:
    """A card that plays towards the bids: a nil bidder ducks, a side short of its contract
    tries to win, a side that has made it ducks; now and then any card."""
    deal = match.current
    seat = match.to_act
    assert deal is not None and seat is not None
    partner = (seat + 2) % 4
    counting = [s for s in (seat, partner) if deal.bids[s] not in ("nil", "blind_nil")]
    if seat not in counting:
        wanted = 0
    else:
        contract = sum(int(deal.bids[s] or 0) for s in counting)
        short = contract - sum(deal.won[s] for s in counting)
        wanted = deal.won[seat] + (1 if short > 0 else 0)
    targets = [13] * 4
    targets[seat] = wanted
    return steer(match, targets, rng)


def random_match(
    seed: int, options: Mapping[str, OptionValue] | None = None, max_steps: int = 40_000
) -> tuple[Match, list[tuple[int, str]]]:
    """A complete match of :func:`random_action` play, and its log."""
    rng = random.Random(seed)
    match = Match(4, options, rng.randrange(4))
    log: list[tuple[int, str]] = []
    for _ in range(max_steps):
        if match.is_over:
            return match, log
        seat, action = random_action(match, rng)
        match.apply(seat, action)
        log.append((seat, str(action)))
    raise AssertionError("the match never ended")
