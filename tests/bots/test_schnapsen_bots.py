"""Schnapsen's computer players: the levels are registered through the Sixty-six family's
``FAMILY_LEVELS``, play whole matches answering only what the view lists, ``basic``
exchanges the trump jack on its first lead and claims at 66, beats ``random`` in duplicate
deals, and ``strong`` answers a view the same for the same seed."""

from __future__ import annotations

import random
from typing import Any

from app.bots import Bot, levels_for, make_bot
from app.bots.arena import play_deal, play_match
from app.bots.sampling import SamplingBot
from app.bots.sixty_six import BasicBot
from app.engine import TABLE
from app.engine.sixty_six.schnapsen import GAME
from app.engine.sixty_six.schnapsen.state import Match, random_deal
from app.engine.trick_game import deal_action


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


def test_the_levels_are_registered() -> None:
    assert levels_for("schnapsen") == ("random", "basic", "strong")
    assert isinstance(make_bot("schnapsen", "basic"), BasicBot)
    made = make_bot("schnapsen", "strong", seed=1, budget=0.2)
    assert isinstance(made, SamplingBot) and isinstance(made.policy, BasicBot)


def test_basic_and_random_play_whole_matches_with_only_listed_answers() -> None:
    rng = random.Random(3)
    for _ in range(4):
        bots = [
            Checked(make_bot("schnapsen", "basic")),
            Checked(make_bot("schnapsen", "random", 5)),
        ]
        state = play_match(GAME, bots, rng)
        assert state.is_over and max(state.totals) >= 7
        assert all(b.answers for b in bots)


def test_basic_exchanges_the_jack_on_its_first_lead() -> None:
    pack = ["JC", "AH", "TH", "AS", "TS", "KH", "AC", "KS", "QS", "QH", "JH"]
    pack += [c for c in GAME.pack.cards if c not in pack]
    match = Match(2, None, 1)
    match.apply(TABLE, deal_action(pack))
    answer = make_bot("schnapsen", "basic").decide(GAME.view(match, 0))
    assert answer == "exchange"


def test_basic_beats_random_over_duplicate_deals() -> None:
    rng = random.Random(11)
    margin = 0
    for _ in range(60):
        deal = random_deal(rng)
        for basic_seat in (0, 1):
            bots: list[Bot] = [make_bot("schnapsen", "random", rng.randrange(1000))] * 2
            bots[basic_seat] = make_bot("schnapsen", "basic")
            scores = play_deal(GAME, bots, deal, 0)
            margin += (scores[basic_seat] or 0) - (scores[1 - basic_seat] or 0)
    assert margin > 60  # game points over 120 deals: well above what random play would give


def test_strong_answers_a_view_the_same_for_the_same_seed() -> None:
    match = Match(2, None, 1)
    match.apply(TABLE, random_deal(random.Random(2)))
    view = GAME.view(match, 0)
    first = SamplingBot(GAME, BasicBot(), 9, budget=600.0, max_samples=8).decide(view)
    again = SamplingBot(GAME, BasicBot(), 9, budget=600.0, max_samples=8).decide(view)
    assert first == again and first in view["legal"]["actions"]
