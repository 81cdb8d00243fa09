"""Both partnership pinochles' levels: registered as random, basic and strong; the strong
level searching (it samples deals for a decision with a choice), claiming only when sure
as the basic level does, naming the trump of a commanding meld, and answering every
position of a deal with an action its view lists."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pinochle_bots_table import FIRST_TRICK, E, N, S, act, claim_position, table, view_of

from app.bots import NotMyTurn, levels_for, make_bot
from app.bots.arena import play_deal
from app.bots.pinochle.double_deck_pinochle import TUNING as DOUBLE_DECK
from app.bots.pinochle.estimate import Tuning
from app.bots.pinochle.partnership_pinochle import TUNING as PARTNERSHIP
from app.bots.pinochle.strong import StrongBot
from app.engine import GAMES
from app.engine.pinochle.partnership.variant import MAX_BID

TUNINGS: dict[str, Tuning] = {
    "partnership_pinochle": PARTNERSHIP,
    "double_deck_pinochle": DOUBLE_DECK,
}


def strong(name: str, seed: int = 1, samples: int = 6) -> StrongBot:
    """A real search cut at a number of sampled deals, never at a clock."""
    return StrongBot(GAMES[name], TUNINGS[name], seed, budget=60.0, max_samples=samples)


@pytest.mark.parametrize("name", sorted(TUNINGS))
def test_the_levels_are_registered(name: str) -> None:
    assert levels_for(name) == ("random", "basic", "strong")
    assert make_bot(name, "strong").level == "strong"
    assert make_bot(name, "basic").level == "basic"


def test_strong_claims_only_when_sure() -> None:
    name = "partnership_pinochle"
    short = claim_position((873, 0))
    act(short, *FIRST_TRICK)
    bot = strong(name)
    assert bot.decide(view_of(short)) != "claim"
    assert bot.last_samples == 6  # it searched the cards instead
    with pytest.raises(NotMyTurn):
        bot.decide(view_of(short, S))
    sure = claim_position((883, 0))
    act(sure, *FIRST_TRICK)
    assert bot.decide(view_of(sure)) == "claim"
    assert bot.decide(view_of(sure, S)) == "claim"


def test_strong_names_the_trump_of_a_commanding_meld() -> None:
    name = "partnership_pinochle"
    match = table(name, {N: "AH AH TH TH KH KH QH QH JH JH 9H 9H"})  # a double flush
    act(match, "bid:100", "pass", "pass", "pass")
    assert strong(name).decide(view_of(match)) == "trump:H"


class Listed:
    """Checks every answer against the actions its view lists."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.level = inner.level
        self.answers = 0

    def decide(self, view: dict[str, Any]) -> str:
        text: str = self.inner.decide(view)
        assert text in view["legal"]["actions"], (text, view["legal"])
        self.answers += 1
        return text


@pytest.mark.parametrize("name", sorted(TUNINGS))
def test_strong_partners_play_a_deal_against_basic_with_listed_actions(name: str) -> None:
    game = GAMES[name]
    start = game.new_match(4, game.resolve_options(), 3)
    deal = game.chance(start, random.Random(3))
    bots = [
        Listed(strong(name, seed=s, samples=3) if s % 2 == 0 else make_bot(name, "basic"))
        for s in range(4)
    ]
    scores = play_deal(game, bots, deal, 3)
    assert scores[0] == scores[2] and scores[1] == scores[3]
    assert all(b.answers for b in bots)


@pytest.mark.parametrize("name", sorted(TUNINGS))
def test_every_level_passes_when_the_high_bid_is_at_the_tables_limit(name: str) -> None:
    """With the high bid at ``MAX_BID`` no bid is listed: every level passes, partner of
    the high bidder or not."""
    for seat in (E, S):
        match = table(name, {N: "AH AH TH TH KH KH QH QH JH JH"})
        act(match, f"bid:{MAX_BID}")
        if seat == S:
            act(match, "pass")
        view = view_of(match)
        assert view["seat"] == seat and view["legal"]["actions"] == ["pass"]
        for bot in (strong(name), make_bot(name, "basic"), make_bot(name, "random", seed=1)):
            assert bot.decide(view) == "pass", bot.level
