"""Spades' ``strong`` level: the sampling search every game with a resampler gets
(sampling.py), with a lean simulator for the playouts and a bidding search of its own.

For each decision the bot deals the cards it has not seen anew many times over
(``game.resample``: deals consistent with its view), plays each candidate out to the end of
the deal on every sampled deal, the basic policy choosing for all four from each one's own
point of view, and keeps the candidate with the best mean margin: its side's score for the
deal less the other side's, an overtrick charged a tenth of the bag penalty when bags
cost. All candidates share the sampled deals (search.py stops early once one is clearly
best).

- Card play: the legal cards, one of each run of cards that are equal in the play (the
  five and the four of a suit; the five and the three once the four has been played).
- Bidding: the basic bid, one either side of it, and nil when the hand might bear it; on
  each sampled deal the rest of the table bids, lays and gives as the basic level does, and
  the deal is played out.
- Looking (or blind nil) and the exchange are the basic level's.

The review of a decision (app/bots/review.py) plays its candidates out with the same
simulator (:meth:`StrongBot.reviewer`): every bid, and the distinct cards, each scored as
the deal's score, bags as the match counts them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from time import perf_counter
from typing import Any, Final, cast

from app.engine import Game, GameState
from app.engine.spades import GAME as RULES
from app.engine.spades.rules import BLIND_NIL, HAND_SIZE, NIL, SEATS, TRUMP, side_score
from app.engine.spades.state import BIDS, LOOK, Match, cards_action

from .. import sampling
from ..base import DEFAULT_BUDGET, View, decision_rng, legal_of
from ..sampling import Reviewer, SamplingBot
from ..search import best_candidate
from . import hand as judge
from .basic import BasicBot
from .cards import BY_SUIT, STRENGTH, Bid, side
from .playout import Play, margin
from .seen import played_and_voids, played_and_voids_of

NIL_REACH: Final = 2.0
"""Tricks beyond the basic level's limit for nil at which the bot still plays nil out."""


class StrongBot:
    level = "strong"

    def __init__(
        self,
        seed: int | None = None,
        budget: float = DEFAULT_BUDGET,
        max_samples: int | None = None,
    ) -> None:
        self.seed = seed
        self.budget = budget
        self.max_samples = max_samples
        self.last_samples = 0
        """Sampled deals behind the last decision (for benchmarks and tests)."""
        self.basic = BasicBot()
        self.game: Game = RULES
        """The game whose ``resample`` deals the searched deals: the engine's, or one that
        hands over the true deal (the open-hand yardstick, ``bench/cheat.py``)."""

    def reviewer(self) -> Reviewer:
        """The review plays candidates out as this player does: every bid, one card of each
        run of equal ones (``choices``)."""
        search = Search(self.game, self.basic, self.seed, self.budget, self.max_samples)
        return Reviewer(search, self.choices)

    def choices(self, view: View) -> list[str]:
        """The actions the review weighs: the distinct cards when playing (those this player
        weighs), else every legal action (a bid played out costs no more than a card)."""
        legal = legal_of(view)
        actions: list[str] = list(legal.get("actions", []))
        if legal["kind"] != "play":
            return actions
        return [f"play:{c}" for c in distinct_cards(view, [a[5:] for a in actions])]

    def decide(self, view: View) -> str:
        deadline = perf_counter() + self.budget
        legal = legal_of(view)
        kind = legal["kind"]
        self.last_samples = 0
        actions: list[str] = legal.get("actions", [])
        if kind in ("look", "lay", "give") or (kind == "bid" and "look" in actions):
            return self.basic.decide(view)
        rng = decision_rng(self.seed, view)
        if kind == "bid":
            return self._bid(view, actions, rng, deadline)
        return self._play(view, [a[5:] for a in actions], rng, deadline)

    def _best(self, count: int, sample: Callable[[], list[float]], deadline: float) -> int:
        best, self.last_samples = best_candidate(count, sample, deadline, self.max_samples)
        return best

    # -- card play -----------------------------------------------------------------------------

    def _play(self, view: View, legal: list[str], rng: random.Random, deadline: float) -> str:
        cards = distinct_cards(view, legal)
        if len(cards) == 1:
            return f"play:{cards[0]}"
        seat: int = view["seat"]
        d = view["deal"]
        options = view["options"]
        bids: list[Bid] = list(d["bids"])
        failed = str(options["failed_nil_tricks"])
        bags = bool(options["bags"])
        build = play_of(view)
        resample = self.game.resample
        assert resample is not None

        def sample() -> list[float]:
            start = build(resample(view, rng))
            return [
                margin(seat, bids, start.copy().run(first=card), failed, bags) for card in cards
            ]

        return f"play:{cards[self._best(len(cards), sample, deadline)]}"

    # -- bidding -------------------------------------------------------------------------------

    def _bid(self, view: View, actions: list[str], rng: random.Random, deadline: float) -> str:
        candidates = bid_candidates(view, actions)
        if len(candidates) == 1:
            return candidates[0]
        seat: int = view["seat"]
        options = view["options"]
        failed = str(options["failed_nil_tricks"])
        bags = bool(options["bags"])
        parsed = [RULES.parse_action(a) for a in candidates]
        resample = self.game.resample
        assert resample is not None

        def sample() -> list[float]:
            dealt = resample(view, rng)
            assert isinstance(dealt, Match)
            out = []
            for action in parsed:
                match = dealt.clone()
                match.apply(seat, action)
                finish_bidding(match)
                play = play_at_start(match)
                out.append(margin(seat, play.bids, play.run(), failed, bags))
            return out

        return candidates[self._best(len(candidates), sample, deadline)]


class Search(SamplingBot):
    """The sampling search of the review (app/bots/review.py), its playouts in the lean
    simulator: the state the candidate leaves is bid out as the basic level bids (as this
    player's bidding search does), read into the simulator and played to the end."""

    def play_out(self, state: GameState, seat: int, played: int) -> float:
        match = cast(Match, state)
        deal = match.current
        if deal is None or match.deals_played != played:
            return super().play_out(state, seat, played)  # the candidate ended the deal
        if deal.step != "play":
            finish_bidding(match)
            play = play_at_start(match)
        else:
            play = play_from(match)
        tricks = play.run()
        return sampling.margin(deal_scores(match, play.bids, tricks), seat)


# -- helpers ---------------------------------------------------------------------------------------


def distinct_cards(view: View, legal: list[str]) -> list[str]:
    """``legal`` less the cards that are equal in the play to another: cards of a suit with
    nothing between them but cards of the same hand or of finished tricks. One of each run
    (the lowest) stays. A card of the trick in progress splits a run: one card may beat it
    and the other not."""
    d = view["deal"]
    gone = {e["card"] for t in d["tricks_played"] for e in t["cards"]}
    mine = set(legal)
    out: list[str] = []
    for cards in BY_SUIT.values():
        run: str | None = None
        for card in cards:
            if card in mine:
                run = card  # the lowest of the run so far
                continue
            if card in gone and run is not None:
                continue
            if run is not None:
                out.append(run)
                run = None
        if run is not None:
            out.append(run)
    return sorted(out, key=lambda c: (c[1] != TRUMP, c[1], -STRENGTH[c[0]]))


def play_of(view: View) -> Callable[[Any], Play]:
    """The play in progress in ``view`` as the simulator takes it, for each sampled deal:
    what everyone has seen is read once from the view, the hands from each sample."""
    d = view["deal"]
    options = view["options"]
    played, voids = played_and_voids(d)
    trick = [(e["seat"], e["card"]) for e in d["trick"]]
    bids: list[Bid] = list(d["bids"])
    tricks: list[int] = list(d["tricks"])
    broken = bool(d["spades_broken"])
    bags = bool(options["bags"])
    failed = str(options["failed_nil_tricks"])
    to_play: int = view["seat"]

    def build(match: Any) -> Play:
        deal = match.current
        return Play(deal.hands, bids, to_play, trick, tricks, played, voids, broken, bags, failed)

    return build


def play_from(match: Match) -> Play:
    """The play of ``match``'s deal in progress, from the state itself."""
    deal = match.current
    assert deal is not None and deal.step == "play" and match.to_act is not None
    tricks = [[((t.leader + k) % SEATS, c) for k, c in enumerate(t.cards)] for t in deal.history]
    trick = [((deal.leader + k) % SEATS, c) for k, c in enumerate(deal.ledger.trick_cards())]
    tricks.append(trick)
    played, voids = played_and_voids_of(tricks)
    return Play(
        deal.hands,
        list(deal.bids),
        match.to_act,
        trick,
        list(deal.won),
        played,
        voids,
        deal.spades_broken,
        bool(match.options["bags"]),
        str(match.options["failed_nil_tricks"]),
    )


def deal_scores(match: Match, bids: Sequence[Bid], tricks: Sequence[int]) -> list[int]:
    """Each seat's score for the deal in progress of ``match`` had these ``tricks`` been
    taken: its side's, bags counted from the side's bags before it (``Match.score``)."""
    failed = str(match.options["failed_nil_tricks"])
    with_bags = bool(match.options["bags"])
    totals = []
    for a in (0, 1):
        bid_a, bid_b = bids[a], bids[a + 2]
        assert bid_a is not None and bid_b is not None
        bags = match.bags[a] if with_bags else None
        totals.append(side_score((bid_a, bid_b), (tricks[a], tricks[a + 2]), failed, bags).total)
    return [totals[s % 2] for s in range(SEATS)]


def play_at_start(match: Match) -> Play:
    """The play of ``match``'s deal from its first lead."""
    deal = match.current
    assert deal is not None and deal.step == "play" and match.to_act is not None
    return Play(
        deal.hands,
        list(deal.bids),
        match.to_act,
        bags=bool(match.options["bags"]),
        failed_nil=str(match.options["failed_nil_tricks"]),
    )


def finish_bidding(match: Match) -> None:
    """Bid, lay and give for every seat still to, as the basic level would, until the first
    lead."""
    deal = match.current
    assert deal is not None
    with_bags = bool(match.options["bags"])
    while deal.step != "play":
        actor = match.to_act
        assert actor is not None and 0 <= actor < SEATS
        if deal.step == "bid":
            bid: int | str
            if (
                not deal.looked[actor]
                and match.may_bid_blind(deal, actor)
                and judge.blind_nil_wise(actor, deal.bids, match.totals)
            ):
                bid = BLIND_NIL
            else:
                if not deal.looked[actor]:
                    match.apply(actor, LOOK)
                bags = match.bags[side(actor)] if with_bags else None
                bid = judge.choose_bid(
                    deal.hands[actor], actor, deal.bids, match.totals, match.target, bags
                )
            match.apply(actor, BIDS[bid])
            continue
        if not deal.looked[actor]:
            match.apply(actor, LOOK)
        chosen = (
            judge.lay(deal.hands[actor]) if deal.step == "lay" else judge.give(deal.hands[actor])
        )
        match.apply(actor, cards_action(deal.step, chosen))


def bid_candidates(view: View, actions: list[str]) -> list[str]:
    """The basic bid, one trick either side, and nil for a hand that might bear it."""
    d = view["deal"]
    hand: list[str] = d["hand"]
    basic = BasicBot().decide(view)
    out = [basic]
    if basic != f"bid:{NIL}":
        n = int(basic[4:])
        out.extend(f"bid:{m}" for m in (n - 1, n + 1) if 1 <= m <= HAND_SIZE)
        nil = f"bid:{NIL}"
        if (
            nil in actions
            and "AS" not in hand
            and judge.estimate(hand) <= judge.NIL_TRICKS + NIL_REACH
        ):
            out.append(nil)
    else:
        n = max(1, round(judge.estimate(hand)))
        out.append(f"bid:{n}")
    return [a for a in dict.fromkeys(out) if a in actions]
