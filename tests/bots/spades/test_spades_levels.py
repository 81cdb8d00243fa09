"""Both levels play whole matches under every option, each answer one the view lists; and a
bot asked when its seat has nothing to do refuses."""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.bots import Bot, NotMyTurn, levels_for, make_bot
from app.bots.arena import play_match
from app.bots.spades import BasicBot, StrongBot
from app.engine.spades import GAME

SHORT: dict[str, Any] = {"lose_at_minus_200": True, "target": 250}
VARIANTS: list[dict[str, Any]] = [
    {},
    {"bags": True},
    {"first_bidder": "left"},
    {"bid_requires_look": True},
    {"double_nil": False},
    {"failed_nil_tricks": "partner"},
    {"failed_nil_tricks": "bags", "bags": True},
]


class Checked:
    """Checks every answer against what the view lists, and counts the kinds answered."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.level = inner.level
        self.kinds: dict[str, int] = {}
        self.answers: set[str] = set()

    def decide(self, view: dict[str, Any]) -> str:
        answer = self.inner.decide(view)
        legal = view["legal"]
        kind, _, arg = answer.partition(":")
        if "count" in legal:
            cards = arg.split(",")
            assert kind == legal["kind"] and len(set(cards)) == legal["count"]
            assert set(cards) <= set(legal["from"])
        else:
            assert answer in legal["actions"], (answer, legal)
        self.kinds[kind] = self.kinds.get(kind, 0) + 1
        self.answers.add(answer)
        return answer


def test_the_levels_are_registered() -> None:
    assert levels_for("spades") == ("random", "basic", "strong")
    assert isinstance(make_bot("spades", "basic"), BasicBot)
    assert isinstance(make_bot("spades", "strong", seed=1, budget=0.2), StrongBot)


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(map(str, o.items())) or "-")
def test_basic_and_strong_play_whole_matches_listed(options: dict[str, Any]) -> None:
    bots = [
        Checked(BasicBot()),
        Checked(StrongBot(1, budget=60.0, max_samples=3)),
        Checked(BasicBot()),
        Checked(StrongBot(3, budget=60.0, max_samples=3)),
    ]
    state = play_match(GAME, bots, random.Random(repr(options)), options={**SHORT, **options})
    assert state.is_over and GAME.outcome(state) is not None
    kinds = {k for b in bots for k in b.kinds}
    assert {"look", "bid", "play"} <= kinds


def test_nil_exchanges_and_blind_nil_come_up_in_play() -> None:
    """Over a few matches the bots bid nil, lay and give; far behind, they bid blind nil."""
    kinds: set[str] = set()
    answers: set[str] = set()
    for seed in range(MATCHES):
        bots = [Checked(BasicBot()) for _ in range(4)]
        play_match(GAME, bots, random.Random(seed))
        for b in bots:
            kinds.update(b.kinds)
            answers.update(b.answers)
    assert {"look", "bid", "lay", "give", "play"} <= kinds
    assert {"bid:nil", "bid:blind_nil"} <= answers


MATCHES = 4


def test_a_bot_asked_when_it_has_nothing_to_do_refuses() -> None:
    state = GAME.new_match(4, GAME.resolve_options(None), 3)
    state.apply(-1, GAME.chance(state, random.Random(0)))
    actor = state.to_act
    assert actor is not None
    # a seat that has looked and bid, with nobody waiting on it, has nothing to do
    state.apply(actor, GAME.parse_action("look"))
    state.apply(actor, GAME.parse_action("bid:3"))
    shown = GAME.view(state, actor, None, None)
    assert shown["legal"] is None
    for bot in (BasicBot(), StrongBot(1, budget=0.1)):
        with pytest.raises(NotMyTurn):
            bot.decide(shown)
