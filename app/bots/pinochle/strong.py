"""The partnership pinochles' ``strong`` level: the sampling search of sampling.py over the
basic level, with a lean simulator for the play and the basic level's choice kept unless
the samples show a better one.

For each decision the bot deals the cards it has not seen anew many times over
(``game.resample``: deals consistent with its view: the play so far, the melds shown, the
announcements), plays each candidate out to the end of the deal on every sampled deal,
the basic level choosing for all four from each one's own point of view, and scores it by
its side's score for the deal less the other side's. All candidates share the sampled
deals, so their differences are measured with little noise (search.py's early stop ends
the sampling once one is clearly best). The candidate with the best mean is taken only if
it beats the basic level's choice by some standard errors of their paired difference:
with the few dozen samples a decision affords, a bare maximum would often be noise.

- Card play: the distinct legal cards, played out by the simulator (playout.py) rather than
  the engine: a playout is a few thousand steps of heuristics, and dozens of them fit in a
  decision even with twenty-card hands.
- Trump: the four suits, each played out from the first lead with every hand's meld.
- The auction: passing, the basic level's call, the least bid and (when the side scores
  its bid) a few bids between, each followed on the sampled deal by the rest of the
  auction as the basic level would bid it, the trump the high bidder names, and the play.
  Before the play the sampled deals are also made to agree with the auction so far: of a
  few draws, one where every other seat's calls are the basic level's with its hand
  (agreement.py).
- A claim only when it is sure, as the basic level; a wrong claim is never a candidate.

The review of a decision (app/bots/review.py) plays its candidates out as this level does
(:meth:`StrongBot.reviewer`): the calls it weighs, every trump and card, the rest of the
auction and the trump by the basic level, the play by the simulator.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from time import perf_counter
from typing import cast

from app.engine import TABLE, Game, GameState
from app.engine.cards import SUITS
from app.engine.pinochle.partnership.state import Match
from app.engine.pinochle.partnership.variant import MadeBid

from .. import sampling
from ..base import DEFAULT_BUDGET, NotMyTurn, View, decision_rng, legal_of
from ..sampling import Reviewer, SamplingBot
from ..search import Estimate, argmax, means, paired, sampled_rows
from .agreement import disagreements
from .basic import BasicBot, claim_is_sure
from .bidding import floor10, listed_bids, side_worth
from .deck import team
from .estimate import Tuning
from .playout import Play, fresh, from_match
from .policy import choose
from .seen import known_cards, public_play, seen_of, tricks_of

JUMPS = (0.5, 1.0, 2.0)
"""Spreads below the side's worth of the extra bids tried when a made bid scores itself."""
PLAY_Z = 0.5
"""Standard errors by which a card must beat the basic level's card on the sampled deals
to be played instead: with few samples a search's choice is noisy, and the basic level's
a fair guess (it also settles the ties of cards that are as good as each other)."""
TRUMP_Z = 0.5
"""The same for the trump."""
AUCTION_Z = 1.0
"""Standard errors by which a call must beat the basic level's on the sampled deals to be
made instead: a deal's scores swing by the whole bid, so a few dozen samples are noisy."""
LEAST_EVIDENCE = 8
"""Sampled deals below which the basic level's choice is kept whatever they show: the
spread of a handful of paired differences is itself too noisy to judge by (two deals that
happen to agree would show none)."""
AGREEMENT_TRIES = 12
"""Sampled deals drawn, before the play, for one that agrees with the auction so far."""
AUCTION_STEPS = 200
"""A bound on the calls of the rest of an auction played out (a few dozen at most)."""


class StrongBot:
    level = "strong"

    def __init__(
        self,
        game: Game,
        tuning: Tuning,
        seed: int | None = None,
        budget: float = DEFAULT_BUDGET,
        max_samples: int | None = None,
    ) -> None:
        if game.resample is None:
            raise ValueError(f"{game.name} has no resampler to search with")
        self.game = game
        self.tuning = tuning
        self.seed = seed
        self.budget = budget
        self.max_samples = max_samples
        self.last_samples = 0
        """Sampled deals behind the last decision (for benchmarks and tests)."""
        self.basic = BasicBot(tuning)

    def reviewer(self) -> Reviewer:
        """The review weighs what this player weighs, with its playouts."""
        search = Search(self.game, self.basic, self.seed, self.budget, self.max_samples)
        return Reviewer(search, self.choices)

    def choices(self, view: View) -> list[str]:
        """The actions this player compares: the calls it weighs (:meth:`calls`), else
        every trump or card (a claim the review weighs only when it was made)."""
        legal = legal_of(view)
        actions: list[str] = list(legal.get("actions", []))
        if legal["kind"] == "bid":
            return self.calls(view, actions)
        return [a for a in actions if a != "claim"]

    def decide(self, view: View) -> str:
        deadline = perf_counter() + self.budget
        legal = legal_of(view)
        actions: list[str] = legal["actions"]
        self.last_samples = 0
        if "claim" in actions and claim_is_sure(view):
            return "claim"
        kind = legal["kind"]
        if kind == "claim":
            raise NotMyTurn("a claim now would not reach the target: nothing to do")
        rng = decision_rng(self.seed, view)
        if kind == "bid":
            return self._auction(view, actions, rng, deadline)
        if kind == "trump":
            return self._trump(view, rng, deadline)
        cards = list(dict.fromkeys(a[5:] for a in actions if a.startswith("play:")))
        if len(cards) == 1:
            return f"play:{cards[0]}"
        return f"play:{cards[self._play(view, cards, rng, deadline)]}"

    def _sampled(self, view: View, rng: random.Random) -> Match:
        resample = self.game.resample
        assert resample is not None
        match = resample(view, rng)
        assert isinstance(match, Match)
        return match

    def _agreeing(self, view: View, rng: random.Random) -> Match:
        """A sampled deal whose other seats' calls so far are the basic level's with the
        hands dealt (agreement.py), or of a few the one that disagrees least."""
        d = view["deal"]
        me: int = view["seat"]
        calls = d["bids"]
        if all(c["seat"] == me for c in calls):
            return self._sampled(view, rng)
        closest: tuple[int, Match] | None = None
        for _ in range(AGREEMENT_TRIES):
            match = self._sampled(view, rng)
            deal = match.current
            assert deal is not None
            wrong = disagreements(self.tuning, me, calls, deal.dealt, view["options"])
            if not wrong:
                return match
            if closest is None or wrong < closest[0]:
                closest = (wrong, match)
        assert closest is not None
        return closest[1]

    def _made(self, view: View) -> MadeBid:
        return self.tuning.variant.settings(view["options"]).made_bid_scores

    # -- card play ---------------------------------------------------------------------------

    def _play(self, view: View, cards: list[str], rng: random.Random, deadline: float) -> int:
        mine = team(view["seat"])
        made = self._made(view)
        build = play_of(self.tuning, view)

        def sample() -> list[float]:
            start = build(self._sampled(view, rng))
            return [margin(start.copy().run(first=card).scores(made), mine) for card in cards]

        usual = cards.index(choose(seen_of(self.tuning.deck, view), cards))
        return self._confident(len(cards), sample, deadline, usual, PLAY_Z)

    def _confident(
        self, count: int, sample: Callable[[], list[float]], deadline: float, usual: int, z: float
    ) -> int:
        best, self.last_samples = confident_choice(
            count, sample, deadline, self.max_samples, usual, z
        )
        return best

    # -- trump -------------------------------------------------------------------------------

    def _trump(self, view: View, rng: random.Random, deadline: float) -> str:
        d = view["deal"]
        seat: int = view["seat"]
        bid: int = d["high_bid"]
        leader: int = d["leader"]
        made = self._made(view)
        deck = self.tuning.deck

        def sample() -> list[float]:
            deal = self._agreeing(view, rng).current
            assert deal is not None
            hands = deal.hands
            return [
                margin(fresh(deck, hands, seat, bid, t, leader).run().scores(made), team(seat))
                for t in SUITS
            ]

        usual = SUITS.index(self.basic.decide(view)[6:])
        return f"trump:{SUITS[self._confident(len(SUITS), sample, deadline, usual, TRUMP_Z)]}"

    # -- the auction -------------------------------------------------------------------------

    def _auction(self, view: View, actions: list[str], rng: random.Random, deadline: float) -> str:
        candidates = self.calls(view, actions)
        if len(candidates) == 1:
            return candidates[0]
        seat: int = view["seat"]
        game = self.game
        parsed = [game.parse_action(a) for a in candidates]
        made = self._made(view)

        def sample() -> list[float]:
            dealt = self._agreeing(view, rng)
            out = []
            played = dealt.deals_played
            for action in parsed:
                match = dealt.clone()
                match.apply(seat, action)
                out.append(self._finish(match, seat, made, played))
            return out

        usual = candidates.index(self.basic.decide(view))
        return candidates[self._confident(len(candidates), sample, deadline, usual, AUCTION_Z)]

    def calls(self, view: View, actions: list[str]) -> list[str]:
        """The calls played out: a pass, the basic level's call, the least bid and, when a
        made bid scores itself, bids a half, one and two spreads below the side's worth."""
        out = ["pass", self.basic.decide(view)]
        bids = listed_bids(actions)
        if not bids:  # the high bid is at the table's limit: nothing but a pass
            return ["pass"]
        out.append(f"bid:{bids[0]}")
        if self._made(view) is MadeBid.BID:
            worth, _ = side_worth(self.tuning, view)
            for k in JUMPS:
                target = floor10(worth - k * self.tuning.sigma)
                within = [b for b in bids if b <= target]
                if within:
                    out.append(f"bid:{within[-1]}")
        return [a for a in dict.fromkeys(out) if a in actions]

    def _finish(self, match: Match, seat: int, made: MadeBid, played: int) -> float:
        """The rest of the auction and the trump as the basic level would call them, then
        the play; ``seat``'s side's margin for the deal (0 when it is passed out).
        ``played``: the deals scored before this one."""
        finish_auction(self.game, self.basic, match, played)
        if match.deals_played != played:
            return 0.0
        play = from_match(self.tuning.deck, match).run()
        return margin(play.scores(made), team(seat))


class Search(SamplingBot):
    """The sampling search of the review (app/bots/review.py), its playouts this level's:
    the rest of the auction and the trump by the basic level, then the play in the
    simulator; the seat's margin in the deal's score, as the engine scores it."""

    def __init__(
        self,
        game: Game,
        policy: BasicBot,
        seed: int | None,
        budget: float,
        max_samples: int | None,
    ) -> None:
        super().__init__(game, policy, seed, budget, max_samples)
        self.basic = policy

    def play_out(self, state: GameState, seat: int, played: int) -> float:
        match = cast(Match, state)
        if match.current is not None and match.deals_played == played:
            finish_auction(self.game, self.basic, match, played)
        deal = match.current
        if deal is None or match.deals_played != played or deal.step != "play":
            return super().play_out(state, seat, played)  # the deal is over (a claim, say)
        play = from_match(self.basic.tuning.deck, match).run()
        scores = play.scores(match.settings.made_bid_scores)
        return sampling.margin([scores[team(s)] for s in range(4)], seat)


def finish_auction(game: Game, basic: BasicBot, match: Match, played: int) -> None:
    """The rest of the auction and the trump as the basic level would call them, until the
    play (or the deal passed out). ``played``: the deals scored before this one."""
    for _ in range(AUCTION_STEPS):
        if match.deals_played != played or match.phase() == "play":
            break
        actor = match.to_act
        assert actor is not None and actor != TABLE
        shown = game.view(match, actor, None, None)
        match.apply(actor, game.parse_action(basic.decide(shown)))


def margin(scores: list[int], side: int) -> float:
    return float(scores[side] - scores[1 - side])


def play_of(tuning: Tuning, view: View) -> Callable[[Match], Play]:
    """The play in progress in ``view`` as the simulator takes it, for each sampled deal:
    what everyone saw (the cards played, the voids, the melds) is read once from the view,
    the hands from each sample."""
    deck = tuning.deck
    d = view["deal"]
    trump: str = d["trump"]
    played, voids, caps, by_seat = public_play(deck, trump, tricks_of(d))
    known = known_cards(d["melds"], by_seat)
    trick = [(e["seat"], e["card"]) for e in d["trick"]]
    taken = [int(x) for x in d["points_taken"]]
    won = [int(x) for x in d["tricks_won"]]
    melds = [int(x) for x in d["team_meld"]]
    tricks_left = deck.hand_size - len(d["tricks_played"])
    to_play: int = view["seat"]

    def build(match: Match) -> Play:
        deal = match.current
        assert deal is not None
        return Play(
            deck,
            d["bidder"],
            d["high_bid"],
            trump,
            deal.hands,
            melds,
            known,
            to_play,
            trick=trick,
            played=played,
            voids=voids,
            caps=caps,
            taken=taken,
            won=won,
            tricks_left=tricks_left,
        )

    return build


def confident_choice(
    count: int,
    sample: Callable[[], list[float]],
    deadline: float,
    max_samples: int | None,
    usual: int,
    z: float,
) -> tuple[int, int]:
    """(the candidate to take, sampled deals used): the best of ``count`` on the sampled
    deals (search.py's sampling and early stop) when it beats candidate ``usual`` by ``z``
    standard errors of their paired difference on at least ``LEAST_EVIDENCE`` deals, else
    ``usual``."""
    flat = [0.0] * count
    guess = Estimate(list(flat), 0.0)
    rows = sampled_rows(count, sample, deadline, max_samples, flat, guess)
    samples = len(rows[0])
    best = argmax(means(rows, flat, guess))
    if best == usual or samples < LEAST_EVIDENCE:
        return usual, samples
    mean, spread = paired(rows[best], rows[usual])
    return (best if mean > z * spread else usual), samples
