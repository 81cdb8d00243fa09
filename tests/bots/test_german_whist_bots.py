"""German Whist's computer players: the levels play whole matches answering only what the
view lists; ``basic`` fights for a face-up card worth having and gives the others away,
plays the scoring tricks as the open deal it then is, and beats ``random`` clearly in
duplicate play; ``strong`` searches sampled deals and answers a view the same for the same
seed.

The bots are seeded and the strong level's search is cut at a number of sampled deals,
never at a clock, so every figure here is the same on every machine."""

from __future__ import annotations

import random
import statistics
from typing import Any

import pytest

from app.bots import Bot, levels_for, make_bot
from app.bots.arena import play_deal, play_match
from app.bots.german_whist import BasicBot
from app.bots.sampling import SamplingBot
from app.engine import TABLE, Action, GameState
from app.engine.cards import FULL_DECK, parse_cards
from app.engine.german_whist import GAME, Match

Z95 = 1.96


class Checked:
    """Checks every answer against the actions the view lists."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.level = inner.level
        self.answers = 0

    def decide(self, view: dict[str, Any]) -> str:
        answer = self.inner.decide(view)
        assert answer in view["legal"]["actions"], (answer, view["legal"])
        self.answers += 1
        return answer


def strong(seed: int, samples: int) -> SamplingBot:
    # a budget that never runs out here: the sampled deals alone end each search
    return SamplingBot(GAME, BasicBot(), seed, budget=600.0, max_samples=samples)


def test_the_levels_are_registered() -> None:
    assert levels_for("german_whist") == ("random", "basic", "strong")
    assert isinstance(make_bot("german_whist", "basic"), BasicBot)
    made = make_bot("german_whist", "strong", seed=1, budget=0.2)
    assert isinstance(made, SamplingBot) and isinstance(made.policy, BasicBot)


@pytest.mark.parametrize(
    "options",
    [{}, {"scoring": "difference", "target": 12}],
    ids=["four-deals", "difference-to-12"],
)
def test_basic_plays_whole_matches_listed(options: dict[str, Any]) -> None:
    bots = [Checked(BasicBot()), Checked(make_bot("german_whist", "random", seed=2))]
    state = play_match(GAME, bots, random.Random(repr(options)), options=options)
    assert state.is_over and GAME.outcome(state) is not None
    assert all(b.answers for b in bots)


def test_strong_plays_a_whole_match_listed() -> None:
    bots = [Checked(strong(1, 2)), Checked(BasicBot())]
    state = play_match(GAME, bots, random.Random(7), options={"deals": 1})
    assert state.is_over and GAME.outcome(state) is not None
    assert bots[0].answers >= 26


# -- positions built through the engine ----------------------------------------------------------


def dealt(seat0: str, seat1: str, stock: str) -> GameState:
    """A fresh match (seat 1 deals, so seat 0 leads) whose first deal gives each seat the
    13 cards named, and the stock the cards named on top (the first of them turned: the
    trump), the rest of the pack under them."""
    hands = [parse_cards(seat0), parse_cards(seat1)]
    top = parse_cards(stock)
    named = hands[0] + hands[1] + top
    assert len(set(named)) == len(named) and all(len(h) == 13 for h in hands)
    rest = [c for c in FULL_DECK if c not in set(named)]
    pack = [hands[k % 2][k // 2] for k in range(26)] + top + rest
    state: GameState = GAME.new_match(2, GAME.resolve_options(None), 1)
    state.apply(TABLE, Action("deal", ",".join(pack)))
    return state


def play(state: GameState, *cards: str) -> None:
    for card in cards:
        seat = state.to_act
        assert seat is not None and seat >= 0
        state.apply(seat, GAME.parse_action(f"play:{card}"))


def answer(state: GameState) -> str:
    seat = state.to_act
    assert seat is not None and seat >= 0
    return BasicBot().decide(GAME.view(state, seat, None, None))


SEAT0 = "5S 2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 6D"
SEAT1 = "4S 7S 9S KS 9C TC JC QC KC AC 7D 8D 9D"


def test_basic_wins_a_face_up_trump_with_the_cheapest_card_that_wins() -> None:
    state = dealt(SEAT0, SEAT1, "2H 3H")
    play(state, "5S")
    assert answer(state) == "play:7S"


@pytest.mark.parametrize(
    ("turned", "expected"),
    [("AH", "play:3H"), ("2S", "play:2D")],
    ids=["trump-ruffed", "worthless-thrown"],
)
def test_basic_ruffs_only_for_a_face_up_card_worth_it(turned: str, expected: str) -> None:
    """Seat 0, out of spades after the first trick, holds the trump it drew: it ruffs for
    the ace of trumps, and for a low plain card throws from its shortest weak suit."""
    state = dealt(SEAT0, SEAT1, f"2H 3H {turned}")
    play(state, "5S", "7S")  # seat 1 takes 2H face up, seat 0 draws 3H
    assert GAME.view(state, 0, None, None)["deal"]["turned"] == turned
    play(state, "9S")
    assert answer(state) == expected


@pytest.mark.parametrize(
    ("turned", "expected"), [("AH", "play:AC"), ("2S", "play:4S")], ids=["lead-ace", "lead-low"]
)
def test_basic_leads_a_sure_winner_only_for_a_card_worth_it(turned: str, expected: str) -> None:
    """Seat 1 won the first trick and leads the second: its ace of clubs, the one card that
    is sure to win, for the ace of trumps; for a low plain one, the lowest card of its
    shortest suit without a sure winner."""
    seat1 = "4S 7S 9S KS 2D 3D 4D 5D AC 9C 6D 7D 8D"
    seat0 = "5S 2C 3C 4C 5C 6C 7C 8C TC JC QC KC 9D"
    state = dealt(seat0, seat1, f"2H 3H {turned}")
    play(state, "5S", "7S")
    assert state.to_act == 1
    assert answer(state) == expected


def trick_outcomes(state: GameState, first: str) -> set[int]:
    """Who may win the trick led by ``first``, over every legal answer of the other seat."""
    trial = state.clone()
    play(trial, first)
    winners = set()
    for reply in trial.legal_actions():
        done = trial.clone()
        seat = done.to_act
        assert seat is not None
        done.apply(seat, reply)
        assert isinstance(done, Match)
        winners.add(done.deals[-1].history[-1].winner)
    return winners


@pytest.mark.parametrize("seed", range(3))
def test_basic_plays_the_scoring_tricks_from_the_open_deal(seed: int) -> None:
    """In the last thirteen tricks, checked against the real hands: a follower that can
    win does, with its lowest winner (trumps above plain cards), and one that cannot gives
    its lowest card of the suit led; a leader that holds a card sure to win leads one."""
    bots: list[Bot] = [BasicBot(), make_bot("german_whist", "random", seed=seed)]
    state: GameState = GAME.new_match(2, GAME.resolve_options({"deals": 1}), seed % 2)
    state.apply(TABLE, GAME.chance(state, random.Random(f"open:{seed}")))
    checked = 0
    while not state.is_over:
        seat = state.to_act
        assert seat is not None and seat >= 0
        shown = GAME.view(state, seat, None, None)
        text = bots[seat].decide(shown)
        deal = shown["deal"]
        legal = [a[5:] for a in shown["legal"]["actions"]]
        if seat == 0 and deal["for_points"] and len(legal) > 1:
            card = text[5:]
            trump = deal["trump"]
            if deal["trick"]:
                led = deal["trick"][0]["card"]
                winners = [c for c in legal if beats(c, led, trump)]
                if winners:
                    assert card == min(winners, key=lambda c: rank(c, trump))
                elif led[1] in {c[1] for c in legal}:
                    assert card == min(legal, key=lambda c: rank(c, trump))
            elif any(trick_outcomes(state, c) == {0} for c in legal):
                assert trick_outcomes(state, card) == {0}
            checked += 1
        state.apply(seat, GAME.parse_action(text))
    assert checked >= 8


def rank(card: str, trump: str) -> int:
    return "23456789TJQKA".index(card[0]) + (13 if card[1] == trump else 0)


def beats(card: str, led: str, trump: str) -> bool:
    if card[1] == led[1]:
        return rank(card, trump) > rank(led, trump)
    return card[1] == trump


# -- strength --------------------------------------------------------------------------------------


def duplicate(level_a: str, level_b: str, packs: int) -> list[float]:
    """Per pack, dealt as the first deal of a match and played once with level A in each
    seat: A's tricks for points less B's, the mean of the two playings."""
    margins = []
    for index in range(packs):
        fresh = GAME.new_match(2, GAME.resolve_options(None), 1)
        deal = GAME.chance(fresh, random.Random(f"german-whist-pack:{index}"))
        total = 0.0
        for seat_a in (0, 1):
            bots = [
                make_bot("german_whist", level_a if s == seat_a else level_b, seed=index * 2 + s)
                for s in range(2)
            ]
            scores = [s or 0 for s in play_deal(GAME, bots, deal, first_dealer=1)]
            total += scores[seat_a] - scores[1 - seat_a]
        margins.append(total / 2)
    return margins


def test_basic_beats_random_over_a_duplicate_series() -> None:
    margins = duplicate("basic", "random", 40)
    mean = statistics.fmean(margins)
    low = mean - Z95 * statistics.stdev(margins) / len(margins) ** 0.5
    assert low > 3.0, (mean, margins)  # of the 13 tricks for points
    assert sum(m > 0 for m in margins) >= 34, margins


# -- the strong level ------------------------------------------------------------------------------


def positions(count: int) -> list[dict[str, Any]]:
    """Views of the seat to act with a choice to make, from a match basic plays against
    itself, in both halves of the deal."""
    rng = random.Random(11)
    state: GameState = GAME.new_match(2, GAME.resolve_options({"deals": 1}), 0)
    state.apply(TABLE, GAME.chance(state, rng))
    found: list[dict[str, Any]] = []
    step = 0
    while not state.is_over:
        seat = state.to_act
        assert seat is not None and seat >= 0
        shown = GAME.view(state, seat, None, None)
        if len(shown["legal"]["actions"]) > 1 and step % 7 == 0:
            found.append(shown)
        step += 1
        state.apply(seat, GAME.parse_action(BasicBot().decide(shown)))
    assert {v["deal"]["for_points"] for v in found} == {False, True}
    return found[:count]


def test_strong_answers_seeded_and_legal_after_sampling_deals() -> None:
    for view in positions(8):
        first = strong(5, 6)
        text = first.decide(view)
        assert text in view["legal"]["actions"]
        assert 0 < first.last_samples <= 6
        again = strong(5, 6)
        assert again.decide(view) == text and again.last_samples == first.last_samples
