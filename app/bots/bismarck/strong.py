"""The ``strong`` level: sampling the unseen cards and playing each candidate out.

For every decision the bot deals the cards it has not seen many times over, each deal
consistent with its view (sampler.py), plays every candidate action out to the end of the
deal on each sampled deal with the heuristic policy for all three players (playout.py), and
picks the candidate with the best average result. All candidates share the same sampled
deals, so their differences are measured with little noise. It stops when the time budget
is spent, after ``max_samples`` deals if given, or once one candidate is clearly best
(search.py), and answers with the best found so far.

- Card play: candidates are the legal cards, cards equal in effect counted once.
- Discard: the best few discards by the trick estimate, refined by playouts.
- Contract: full deals around the open cards; forehand discards heuristically and the deal
  is played out under each contract left. The sampled score is blended with the basic
  level's model (worth ``PRIOR_WEIGHT`` deals: few deals fit in a budget, and the model
  already knows the average well), less the contract's average worth on a later deal.

The review of a played deal (``reviewer``, app/bots/review.py) weighs the candidates this
level weighs and plays them out in the same simulator (``Search``), from the engine's deals.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from time import perf_counter
from typing import Final, cast

from app.engine import TABLE, Game, GameState
from app.engine.bismarck import GAME as RULES
from app.engine.bismarck.rules import PASS, deal_scores
from app.engine.bismarck.state import Deal, Match
from app.engine.cards import sorted_cards

from ..base import DEFAULT_BUDGET, Bot, View, decision_rng, legal_of
from ..sampling import Reviewer, SamplingBot, margin
from ..search import best_candidate
from .basic import BasicBot
from .bits import CODE, FULL, TEXT, cards_of, mask_of, suit_code
from .contract import BASELINE, expected_score, parse_contract
from .discard import best_discard, discard_candidates
from .knowledge import Knowledge, read
from .playout import play_out
from .sampler import InconsistentView, Sampler

DISCARD_CANDIDATES = 6
"""Discards (best by the trick estimate) that are played out against each other."""

PRIOR_WEIGHT = 100.0
"""Sampled deals the contract model's estimate is worth when choosing a contract."""

BEFORE_PLAY: Final = 4
"""A bound on the decisions left before the first lead (the discard, at most)."""


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
        self.fallbacks = 0
        """Decisions left to the basic level because no deal fitted the view."""
        self._basic = BasicBot()
        self.game: Game | None = None
        """A game whose ``resample`` deals the searched deals instead of the bitmask
        sampler (which deals from the same distribution as the engine's, at a fraction of
        the cost): the open-hand yardstick (``bench/cheat.py``) hands over the true deal
        so."""

    def reviewer(self) -> Reviewer:
        """The review plays candidates out in this player's simulator (``Search``) and
        weighs what it weighs (``choices``)."""
        search = Search(RULES, self._basic, self.seed, self.budget, self.max_samples)
        return Reviewer(search, self.choices)

    def choices(self, view: View) -> list[str]:
        """The actions the review weighs: one card of each run of equal ones when playing
        (those this player weighs), else every legal action (every contract, as this player
        weighs them; a discard is a choice of cards, which the review weighs its own way)."""
        legal = legal_of(view)
        actions: list[str] = list(legal.get("actions", []))
        if legal["kind"] != "play":
            return actions
        k = read(view)
        legal_cards = [CODE[a.partition(":")[2]] for a in actions]
        return [f"play:{TEXT[c]}" for c in distinct_cards(legal_cards, k.unseen | _mask(k.trick))]

    def decide(self, view: View) -> str:
        deadline = perf_counter() + self.budget
        legal = legal_of(view)
        kind = legal["kind"]
        self.last_samples = 0
        if kind == "contract":
            actions: list[str] = legal["actions"]
            if len(actions) == 1:
                return actions[0]
            left = len(view["contracts_left"][view["seat"]])
            rng = decision_rng(self.seed, view)
            return self._contract(view, actions, left, rng, deadline)
        actions = legal.get("actions", [])
        if kind == "play" and len(actions) == 1:
            return actions[0]
        k = read(view)
        rng = decision_rng(self.seed, view)
        try:
            if kind == "discard":
                out = self._discard(view, k, rng, deadline)
                return "discard:" + ",".join(sorted_cards(cards_of(out)))
            legal_cards = [CODE[a.partition(":")[2]] for a in actions]
            card = self._play(view, k, legal_cards, rng, deadline)
        except InconsistentView:
            # Never seen in testing; a seat at a live table should still get an answer.
            self.fallbacks += 1
            return self._basic.decide(view)
        return f"play:{TEXT[card]}"

    def _best(
        self,
        count: int,
        sample: Callable[[], list[float]],
        deadline: float,
        bias: Sequence[float] | None = None,
        prior: Sequence[float] | None = None,
    ) -> int:
        best, self.last_samples = best_candidate(
            count, sample, deadline, self.max_samples, bias, prior, PRIOR_WEIGHT
        )
        return best

    # -- card play -------------------------------------------------------------------------------

    def _draws(self, view: View, k: Knowledge) -> Callable[[random.Random], list[int]]:
        """Draws of the cards ``k``'s seat has not seen, as :meth:`Sampler.draw` gives them:
        a mask per other hand (``k.others`` order), then the discard when it is hidden."""
        if self.game is None:
            return Sampler(k).draw
        resample = self.game.resample
        assert resample is not None

        def draw(rng: random.Random) -> list[int]:
            deal = resample(view, rng).current
            masks = [mask_of(deal.ledger.hand(k.order[p])) for p in k.others]
            if k.hidden_discard:
                masks.append(mask_of(deal.discard or ()))
            return masks

        return draw

    def _play(
        self, view: View, k: Knowledge, legal: list[int], rng: random.Random, deadline: float
    ) -> int:
        candidates = distinct_cards(legal, k.unseen | _mask(k.trick))
        if len(candidates) == 1:
            return candidates[0]
        draw = self._draws(view, k)
        a, b = k.others
        sign = 1 if k.take else -1

        def sample() -> list[float]:
            drawn = draw(rng)
            hands = [0, 0, 0]
            hands[k.me] = k.hand
            hands[a] = drawn[0]
            hands[b] = drawn[1]
            discard = drawn[2] if len(drawn) > 2 else k.discard
            return [
                sign
                * play_out(
                    hands, k.trick, k.leader, k.voids, k.tricks, k.trump, k.take, discard, card
                )[k.me]
                for card in candidates
            ]

        return candidates[self._best(len(candidates), sample, deadline)]

    # -- discard ---------------------------------------------------------------------------------

    def _discard(self, view: View, k: Knowledge, rng: random.Random, deadline: float) -> int:
        candidates = discard_candidates(k.hand, k.trump, k.take, DISCARD_CANDIDATES)
        if len(candidates) == 1:
            return candidates[0]
        draw = self._draws(view, k)
        a, b = k.others
        sign = 1 if k.take else -1

        def sample() -> list[float]:
            drawn = draw(rng)
            results: list[float] = []
            for out in candidates:
                hands = [k.hand & ~out, 0, 0]
                hands[a] = drawn[0]
                hands[b] = drawn[1]
                tricks = play_out(hands, [], 0, [0, 0, 0], [0, 0, 0], k.trump, k.take, out)
                results.append(sign * tricks[0])
            return results

        return candidates[self._best(len(candidates), sample, deadline)]

    # -- contract --------------------------------------------------------------------------------

    def _contract(
        self,
        view: View,
        actions: list[str],
        contracts_left: int,
        rng: random.Random,
        deadline: float,
    ) -> str:
        open_cards: list[str] = view["deal"]["open"]
        shown = mask_of(open_cards)
        pack = [c for c in range(52) if not shown >> c & 1]
        choices = [parse_contract(a) for a in actions]
        deal_of = self._full_deals(view, shown, pack)

        def sample() -> list[float]:
            own, second, third = deal_of(rng)
            results: list[float] = []
            for name, trump in choices:
                take = name != "pass"
                out = best_discard(own, trump, take)
                hands = [own & ~out, second, third]
                tricks = play_out(hands, [], 0, [0, 0, 0], [0, 0, 0], trump, take, out)
                results.append(tricks[0] - 8 if take else 4 - tricks[0])
            return results

        reserve = contracts_left > 1
        bias = [-BASELINE[name] if reserve else 0.0 for name, _ in choices]
        prior = [expected_score(open_cards, name, trump) for name, trump in choices]
        return actions[self._best(len(actions), sample, deadline, bias, prior)]

    def _full_deals(
        self, view: View, shown: int, pack: list[int]
    ) -> Callable[[random.Random], tuple[int, int, int]]:
        """Draws of a whole deal before the contract, by position in the play order: the
        forehand's twenty (the ``shown`` open cards and sixteen of ``pack``), then the
        other two hands."""
        resample = self.game.resample if self.game is not None else None
        if resample is None:

            def shuffled(rng: random.Random) -> tuple[int, int, int]:
                rng.shuffle(pack)
                own = shown
                for c in pack[:16]:
                    own |= 1 << c
                second = 0
                for c in pack[16:32]:
                    second |= 1 << c
                return own, second, FULL & ~own & ~second

            return shuffled
        order: list[int] = view["deal"]["order"]

        def resampled(rng: random.Random) -> tuple[int, int, int]:
            deal = resample(view, rng).current
            first, second, third = (mask_of(deal.ledger.hand(seat)) for seat in order)
            return shown | first, second, third

        return resampled


def distinct_cards(legal: list[int], live: int) -> list[int]:
    """``legal`` with cards equal in effect to a lower one left out. Two cards of a suit are
    equal when no ``live`` card (one another player may hold, or one in the trick) lies
    between them: they win and lose the same tricks."""
    kept: list[int] = []
    for card in sorted(legal):
        if kept:
            prev = kept[-1]
            if prev // 13 == card // 13 and not live & ((1 << card) - 1) & ~((2 << prev) - 1):
                continue
        kept.append(card)
    return kept


def _mask(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


class Search(SamplingBot):
    """The sampling search of the review (app/bots/review.py), its playouts this level's:
    the decisions before the first lead (the discard, once a contract is chosen) made on the
    engine's state by the basic level, as the engine's playouts make them, then the play in
    the lean simulator; the seat's margin in the deal's score, as the engine scores it. A
    contract is no choice the simulator takes, and a discard is one decision of a deal's
    fifty: the basic level acting on the engine's state costs little there and cannot
    differ from it."""

    def play_out(self, state: GameState, seat: int, played: int) -> float:
        match = cast(Match, state)
        finish_before_play(self.game, self.policy, match, played)
        deal = match.current
        if deal is None or match.deals_played != played or deal.step != "play":
            return super().play_out(state, seat, played)  # the deal is over already
        return margin(deal_result(deal), seat)


def finish_before_play(game: Game, basic: Bot, match: Match, played: int) -> None:
    """The decisions left before the first lead as the basic level would make them.
    ``played``: the deals scored before this one."""
    for _ in range(BEFORE_PLAY):
        deal = match.current
        if deal is None or match.deals_played != played or deal.step == "play":
            return
        actor = match.to_act
        assert actor is not None and actor != TABLE
        shown = game.view(match, actor, None, None)
        match.apply(actor, game.parse_action(basic.decide(shown)))


def deal_result(deal: Deal) -> list[int | None]:
    """The scores of ``deal``, being played, once the lean simulator has played it out (each
    player as the basic level); ``None`` for the seat sitting out."""
    order = deal.order
    position = {s: p for p, s in enumerate(order)}
    # the ledger's suit bits are the simulator's: both number the suits in SUITS' order
    voids = [deal.ledger.voids[s] for s in order]
    trick = deal.ledger.trick_cards()
    hands = [mask_of(deal.ledger.hand(s)) for s in order]
    assert deal.contract is not None
    take = deal.contract != PASS
    tricks = play_out(
        hands,
        [CODE[c] for c in trick],
        position[deal.leader],
        voids,
        [deal.won[s] for s in order],
        suit_code(deal.trump),
        take,
        mask_of(deal.discard or ()),
    )
    won: list[int | None] = [None] * len(deal.won)
    for p, s in enumerate(order):
        won[s] = tricks[p]
    scores = deal_scores(deal.contract, deal.forehand, won)
    return [scores[s] if s in position else None for s in range(len(scores))]
