"""Computer players: legal play from the view alone, and decisions that depend on nothing else.

Matches are driven by seeded generators and bots with fixed seeds, so every test is
deterministic: a failure reproduces by its seed.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from redeal import redealt_match

from app.bots import Bot, NotMyTurn, levels_for, make_bot
from app.bots.arena import Log, act, play_deal, play_match
from app.bots.bismarck import StrongBot
from app.bots.bismarck.bits import CODE, SUIT_MASK, cards_of, mask_of
from app.bots.bismarck.knowledge import read
from app.bots.bismarck.sampler import Sampler
from app.engine.bismarck import GAME
from app.engine.bismarck.state import TABLE, Match
from app.engine.cards import FULL_DECK
from app.engine.trick_game import deal_action, shuffled_deal

view = GAME.view


def tiny_strong(seed: int) -> StrongBot:
    return StrongBot(seed, budget=5.0, max_samples=6)


def bots_for(level: str, seats: int, seed: int) -> list[Bot]:
    if level == "strong":
        return [tiny_strong(seed * 10 + s) for s in range(seats)]
    return [make_bot("bismarck", level, seed=seed * 10 + s) for s in range(seats)]


def assert_listed(shown: dict[str, Any], text: str) -> None:
    legal = shown["legal"]
    kind, _, arg = text.partition(":")
    assert kind == legal["kind"], (kind, legal)
    if kind == "discard":
        cards = arg.split(",")
        assert len(set(cards)) == 4 and set(cards) <= set(legal["from"])
    else:
        assert text in legal["actions"]


class Checked:
    """A bot wrapper that checks every answer against the actions its view lists."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.level = bot.level
        self.count = 0

    def decide(self, shown: dict[str, Any]) -> str:
        text = self.bot.decide(shown)
        assert_listed(shown, text)
        self.count += 1
        return text


# -- (1) never an illegal action -----------------------------------------------------------------


@pytest.mark.parametrize("seats", [3, 4])
@pytest.mark.parametrize("level", ["random", "basic"])
@pytest.mark.parametrize("seed", range(4))
def test_complete_matches_without_an_illegal_action(level: str, seats: int, seed: int) -> None:
    bots = [Checked(b) for b in bots_for(level, seats, seed)]
    match = play_match(GAME, bots, random.Random(seed))
    assert match.is_over
    assert sum(match.totals) == 0
    assert sum(b.count for b in bots) >= {3: 12, 4: 16}[seats] * 49


@pytest.mark.parametrize("seats", [3, 4])
def test_strong_plays_a_complete_match_without_an_illegal_action(seats: int) -> None:
    strong = bots_for("strong", seats, 7)
    match = play_match(GAME, [Checked(b) for b in strong], random.Random(100 + seats))
    assert match.is_over
    assert all(isinstance(b, StrongBot) and b.fallbacks == 0 for b in strong)


def test_strong_under_a_real_time_budget_plays_legally() -> None:
    bots = [Checked(make_bot("bismarck", "strong", seed=s, budget=0.02)) for s in range(3)]
    deck = list(FULL_DECK)
    random.Random(5).shuffle(deck)
    scores = play_deal(GAME, bots, deal_action(deck), first_dealer=2)
    assert sum(scores) == 0


def test_mixed_levels_at_a_four_seat_table() -> None:
    bots = [
        Checked(make_bot("bismarck", "random", seed=1)),
        Checked(make_bot("bismarck", "basic")),
        Checked(tiny_strong(3)),
        Checked(make_bot("bismarck", "basic")),
    ]
    assert play_match(GAME, bots, random.Random(11)).is_over


def test_a_bot_asked_out_of_turn_refuses() -> None:
    match = Match(3, random.Random(1).randrange(3))
    match.apply(TABLE, shuffled_deal(Match, random.Random(2)))
    idle = next(s for s in range(3) if s != match.to_act)
    for level in levels_for("bismarck"):
        with pytest.raises(NotMyTurn):
            make_bot("bismarck", level, seed=1).decide(view(match, idle))


def test_unknown_level() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("bismarck", "grandmaster")


# -- (2) decisions depend on the view alone ------------------------------------------------------


def decision_points(seats: int, seed: int, every: int) -> list[tuple[Match, list[tuple[int, str]]]]:
    """Positions (with their full action logs) where a seat is to act, from a basic match."""
    rng = random.Random(seed)
    match = Match(seats, rng.randrange(seats))
    bots = bots_for("basic", seats, seed)
    log: list[tuple[int, str]] = []
    points = []
    step = 0
    while not match.is_over:
        if match.to_act == TABLE:
            deal = shuffled_deal(Match, rng)
            match.apply(TABLE, deal)
            log.append((TABLE, str(deal)))
            continue
        if step % every == 0 or match.phase() != "play":
            points.append((match.clone(), list(log)))
        record = Log()
        act(GAME, match, bots, record)
        log.extend(record.actions)
        step += 1
    return points


def redeals(
    match: Match, log: list[tuple[int, str]], seat: int, count: int, seed: int
) -> list[Match]:
    rng = random.Random(seed)
    return [redealt_match(match, log, seat, rng) for _ in range(count)]


@pytest.mark.parametrize("seats", [3, 4])
def test_basic_decides_the_same_on_every_redeal_of_the_hidden_cards(seats: int) -> None:
    bot = make_bot("bismarck", "basic")
    checked = moved = 0
    for match, log in decision_points(seats, 21, every=5):
        seat = match.to_act
        assert seat is not None
        shown = view(match, seat)
        action = bot.decide(shown)
        assert bot.decide(json.loads(json.dumps(shown))) == action
        for other in redeals(match, log, seat, 3, checked):
            moved += other.deals[-1].hands != match.deals[-1].hands
            again = view(other, seat)
            assert again == shown
            assert bot.decide(again) == action
            checked += 1
    assert checked > 100
    assert moved > checked * 0.8  # the re-deals really moved hidden cards


@pytest.mark.parametrize("level", ["random", "strong"])
def test_seeded_decisions_are_the_same_on_every_redeal(level: str) -> None:
    points = decision_points(3, 33, every=9)
    checked = 0
    for i, (match, log) in enumerate(points[:40]):
        seat = match.to_act
        assert seat is not None
        shown = view(match, seat)
        first = make_bot("bismarck", level, seed=i) if level == "random" else tiny_strong(i)
        action = first.decide(shown)
        # the same bot again, a fresh one with the same seed, and fresh ones on re-dealt matches
        assert first.decide(shown) == action
        for other in redeals(match, log, seat, 2, i):
            fresh = make_bot("bismarck", level, seed=i) if level == "random" else tiny_strong(i)
            assert fresh.decide(view(other, seat)) == action
            checked += 1
    assert checked >= 60


def test_strong_choices_have_the_same_distribution_after_a_redeal() -> None:
    """Over many seeds the strong bot's choices on a position and on a re-deal coincide."""
    for match, log in decision_points(3, 44, every=13)[6:12]:
        seat = match.to_act
        assert seat is not None
        other = redeals(match, log, seat, 1, 5)[0]
        before = [tiny_strong(s).decide(view(match, seat)) for s in range(8)]
        after = [tiny_strong(s).decide(view(other, seat)) for s in range(8)]
        assert before == after


# -- what a seat knows, and the deals it samples ---------------------------------------------------


def knowledge_points() -> list[tuple[Match, int]]:
    out = []
    for seats, seed in ((3, 3), (4, 4)):
        for match, _ in decision_points(seats, seed, every=1):
            if match.phase() == "play":
                out.append((match, match.to_act or 0))
    return out


def test_knowledge_matches_the_hidden_truth() -> None:
    """Everything inferred from the view holds in the real deal: voids, unseen cards, sizes."""
    for match, seat in knowledge_points():
        deal = match.deals[-1]
        k = read(view(match, seat))
        others = k.others
        for p in others:
            held = mask_of(deal.hands[k.order[p]])
            for s in range(4):
                if k.voids[p] >> s & 1:
                    assert not held & SUIT_MASK[s]
            assert held.bit_count() == k.sizes[p]
            assert not held & k.forehand_only or p == 0
        hidden = mask_of(deal.hands[k.order[others[0]]]) | mask_of(deal.hands[k.order[others[1]]])
        if k.me != 0:
            hidden |= mask_of(deal.discard or ())
            hidden &= ~mask_of(deal.plays)
        assert k.unseen == hidden
        assert k.hand == mask_of(deal.hands[seat])


def test_sampled_deals_fit_the_view() -> None:
    rng = random.Random(9)
    for match, seat in knowledge_points()[::7]:
        k = read(view(match, seat))
        sampler = Sampler(k)
        for _ in range(20):
            drawn = sampler.draw(rng)
            union = 0
            for place, mask in enumerate(drawn):
                assert not union & mask
                union |= mask
                if place < 2:
                    p = k.others[place]
                    assert mask.bit_count() == k.sizes[p]
                    for s in range(4):
                        if k.voids[p] >> s & 1:
                            assert not mask & SUIT_MASK[s]
                    if p != 0:
                        assert not mask & k.forehand_only
                else:
                    assert mask.bit_count() == 4
            assert union == k.unseen


def test_sampler_is_uniform_over_consistent_deals() -> None:
    """A small position where the consistent deals can be counted by hand."""
    match, seat = next(
        (m, s)
        for m, s in knowledge_points()
        if m.deals[-1].plays
        and len(m.deals[-1].plays) >= 39
        and read(view(m, s)).me != 0
        and any(read(view(m, s)).voids)
    )
    k = read(view(match, seat))
    sampler = Sampler(k)
    rng = random.Random(1)
    counts: dict[tuple[int, ...], int] = {}
    draws = 6000
    for _ in range(draws):
        key = tuple(sampler.draw(rng))
        counts[key] = counts.get(key, 0) + 1
    total = sampler.assignment.ways(0, sampler.assignment.caps)
    assert len(counts) == total  # every consistent deal turns up
    expected = draws / total
    assert expected >= 20
    for seen in counts.values():
        assert abs(seen - expected) < 6 * expected**0.5


def test_cards_are_encoded_both_ways() -> None:
    assert sorted(cards_of(mask_of(FULL_DECK))) == sorted(FULL_DECK)
    assert CODE["AS"] // 13 == CODE["2S"] // 13 and CODE["AS"] > CODE["KS"] > CODE["2S"]


# -- (3) the levels are ordered --------------------------------------------------------------------


def test_basic_beats_random_in_a_duplicate_match() -> None:
    """30 packs, each played with basic in every seat in turn against two random bots."""
    means = []
    for index in range(30):
        deck = list(FULL_DECK)
        random.Random(f"pack:{index}").shuffle(deck)
        total = 0
        for rotation in range(3):
            bots = [
                make_bot("bismarck", "basic")
                if s == rotation
                else make_bot("bismarck", "random", seed=index * 9 + s)
                for s in range(3)
            ]
            total += play_deal(GAME, bots, deal_action(deck), first_dealer=2)[rotation] or 0
        means.append(total / 3)
    mean = sum(means) / len(means)
    assert mean > 1.0, means
    assert sum(m > 0 for m in means) >= 24
