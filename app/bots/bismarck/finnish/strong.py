"""The ``strong`` level: sampling the unseen cards and playing each candidate out.

For every decision the bot asks the engine to deal the cards it has not seen anew, many
times over (``Game.resample``: each deal consistent with its view, the passes it saw and the
voids shown included), plays every candidate out to the end of the deal on each sampled deal
with the basic level's exchange and card play for all four seats, in a lean simulator on
bitmasks (playout.py), and picks the candidate with the best mean score for its team. All
candidates share the same sampled deals, so their differences are measured with little
noise; sampling stops when the budget is spent, after ``max_samples`` deals if given, or
once one candidate is clearly best (search.py).

The basic level's choice is always a candidate and is kept unless the samples show a
better one with confidence: by ``LOYALTY`` points on average and by ``CONFIDENCE`` standard
errors of the paired difference. A few dozen playouts by a heuristic policy, which sees
every card in them, measure small differences less well than that, and a choice made on
noise costs more than it gains.

- Card play: the legal cards, cards equal in effect counted once.
- The exchange: the basic level's best few choices by the hand estimate, the exchange
  finished by the basic level on each sampled deal and the deal played out.
- Contract: every contract left, on full deals around forehand's twelve and the open
  cards. The sampled score is blended with the basic level's model (worth
  ``PRIOR_WEIGHT`` deals: few deals fit in a budget, and the model knows the average
  well), less the contract's average worth on a later deal while others are left.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from time import perf_counter
from typing import Final, cast

from app.engine import Game, GameState
from app.engine.bismarck.finnish import GAME as RULES
from app.engine.bismarck.finnish.rules import FREE, MISERE
from app.engine.bismarck.finnish.state import Match

from ...base import DEFAULT_BUDGET, View, decision_rng, legal_of
from ...sampling import Reviewer, SamplingBot, margin
from ...search import Estimate, means, sampled_rows
from ..bits import CODE, SUIT_INDEX, TEXT, mask_of
from ..strong import distinct_cards
from .basic import BasicBot, basic_card, pass_text, share_text
from .contract import contract_values, expected_score, parse_contract
from .estimate import removals
from .exchange import TO_PARTNER, share_candidates
from .knowledge import Knowledge, read
from .playout import play_deal, play_out, seat_score

LOYALTY: Final = 0.15
"""Points (a trick is one) by which another candidate must beat the basic level's choice."""
CONFIDENCE: Final = 1.0
"""Standard errors of the paired difference by which another candidate must beat the basic
level's choice, besides ``LOYALTY``."""
PRIOR_WEIGHT: Final = 40.0
"""Sampled deals the contract model's estimate is worth when choosing a contract."""
PASS_CANDIDATES: Final = 6
"""Forehand's passes of four (best by the estimate) played out against each other."""
SHARE_CANDIDATES: Final = (3, 3)
"""The share's best pairs for the opponents, each with its best cards for forehand."""
FREE_SUITS: Final = 2
"""The suits of ``free`` whose deals the contract search plays out."""
SIDE_CANDIDATES: Final = 5
"""The single cards the dealer's side weighs passing."""

Sample = Callable[[], list[float]]


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
        self.basic = BasicBot()
        self.game: Game = RULES
        """The game whose ``resample`` deals the searched deals: the engine's, or one that
        hands over the true deal (the open-hand yardstick, ``bench/cheat.py``)."""

    def reviewer(self) -> Reviewer:
        """The review weighs what this player weighs, with its playouts."""
        search = Search(RULES, self.basic, self.seed, self.budget, self.max_samples)
        return Reviewer(search, self.choices)

    def choices(self, view: View) -> list[str]:
        """The actions this player compares, the basic level's first: every contract left,
        the best few passes or shares, one card of each run of equal ones."""
        legal = legal_of(view)
        kind = legal["kind"]
        if kind == "contract":
            return self._contract_choices(view, list(legal["actions"]))
        k = read(view)
        if kind == "play":
            return [f"play:{TEXT[c]}" for c in self._card_choices(k, legal["actions"])]
        return [self._exchange_text(view, k, move) for move in self._exchange_choices(k)]

    def decide(self, view: View) -> str:
        deadline = perf_counter() + self.budget
        legal = legal_of(view)
        kind = legal["kind"]
        self.last_samples = 0
        actions: list[str] = legal.get("actions", [])
        if kind in ("contract", "play") and len(actions) == 1:
            return actions[0]
        rng = decision_rng(self.seed, view)
        try:
            if kind == "contract":
                return self._contract(view, actions, rng, deadline)
            k = read(view)
            if kind == "play":
                return self._play(view, k, actions, rng, deadline)
            return self._exchange(view, k, rng, deadline)
        except InconsistentView:
            # never seen in testing; a seat at a live table should still get an answer
            self.fallbacks += 1
            return self.basic.decide(view)

    def _best(
        self,
        count: int,
        sample: Sample,
        deadline: float,
        bias: Sequence[float],
        prior: Sequence[float] | None = None,
    ) -> int:
        """The candidate to play: the basic level's (the first) unless another beats it."""
        guess = Estimate(
            list(prior) if prior is not None else [0.0] * count,
            PRIOR_WEIGHT if prior is not None else 0.0,
        )
        offsets = list(bias)
        rows = sampled_rows(count, sample, deadline, self.max_samples, offsets, guess)
        self.last_samples = len(rows[0])
        return confident_choice(rows, means(rows, offsets, guess), guess.weight)

    # -- card play -------------------------------------------------------------------------

    def _card_choices(self, k: Knowledge, actions: list[str]) -> list[int]:
        """One card of each run of equal ones, the basic level's card first."""
        legal = [CODE[a.partition(":")[2]] for a in actions]
        trick = mask_of(TEXT[c] for c in k.trick)
        kept = distinct_cards(legal, k.outstanding | trick)
        chosen = basic_card(k)
        # the basic card stands for the run it belongs to: the highest kept card below it
        same = [c for c in kept if c // 13 == chosen // 13 and c <= chosen]
        first = max(same) if same else kept[0]
        return [first, *(c for c in kept if c != first)]

    def _play(
        self, view: View, k: Knowledge, actions: list[str], rng: random.Random, deadline: float
    ) -> str:
        cards = self._card_choices(k, actions)
        if len(cards) == 1:
            return f"play:{TEXT[cards[0]]}"
        seat, dealer, trump, take = k.seat, k.dealer, k.trump, k.take
        trick, leader, voids, tricks = k.trick, k.leader, k.voids, k.tricks

        def sample() -> list[float]:
            hands = sampled_hands(self.game, view, rng)
            return [
                float(
                    seat_score(
                        play_out(hands, trick, leader, voids, tricks, trump, take, card),
                        seat,
                        dealer,
                        take,
                    )
                )
                for card in cards
            ]

        best = self._best(len(cards), sample, deadline, loyal(len(cards)))
        return f"play:{TEXT[cards[best]]}"

    # -- the exchange ----------------------------------------------------------------------

    def _exchange_choices(self, k: Knowledge) -> list[tuple[int, ...]]:
        """Each candidate as the cards it passes (the share's: to the dealer, forehand and
        the dealer's partner), the basic level's first."""
        hand, trump, take = k.hand, k.trump, k.take
        if k.step == 2:
            return list(share_candidates(hand, trump, take, *SHARE_CANDIDATES))
        count, keep = (TO_PARTNER, PASS_CANDIDATES) if k.step == 1 else (1, SIDE_CANDIDATES)
        return [(out,) for out in removals(hand, count, trump, take, friendly=True)[:keep]]

    def _exchange_text(self, view: View, k: Knowledge, move: tuple[int, ...]) -> str:
        if k.step == 2:
            a, b, c = move
            return share_text((a, b, c), k.dealer, view["legal"]["to"])
        return pass_text(move[0])

    def _exchange(self, view: View, k: Knowledge, rng: random.Random, deadline: float) -> str:
        moves = self._exchange_choices(k)
        if len(moves) == 1:
            return self._exchange_text(view, k, moves[0])
        seat, dealer, trump, take, step = k.seat, k.dealer, k.trump, k.take, k.step
        assert step is not None
        forehand, dealer_partner = (dealer + 1) & 3, (dealer + 2) & 3
        receiver = {1: (dealer + 3) & 3, 3: dealer, 4: dealer_partner}.get(step, -1)

        def sample() -> list[float]:
            hands = sampled_hands(self.game, view, rng)
            results: list[float] = []
            for move in moves:
                after = list(hands)
                if step == 2:
                    for to, card in zip((dealer, forehand, dealer_partner), move, strict=True):
                        after[seat] ^= 1 << card
                        after[to] |= 1 << card
                else:
                    after[seat] ^= move[0]
                    after[receiver] |= move[0]
                tricks = play_deal(after, dealer, step + 1, trump, take)
                results.append(float(seat_score(tricks, seat, dealer, take)))
            return results

        best = self._best(len(moves), sample, deadline, loyal(len(moves)))
        return self._exchange_text(view, k, moves[best])

    # -- contract --------------------------------------------------------------------------

    def _contract_choices(self, view: View, actions: list[str]) -> list[str]:
        """The basic level's contract first, then the others, ``free`` only with the
        ``FREE_SUITS`` suits the model likes best (a weak suit never wins the search)."""
        first = self.basic.decide(view)
        deal = view["deal"]
        sixteen = mask_of(deal["hand"]) | mask_of(deal["open"])
        trump_card: str = deal["trump_card"]
        free = [a for a in actions if parse_contract(a, trump_card)[0] == FREE]
        free.sort(key=lambda a: -expected_score(sixteen, FREE, parse_contract(a, trump_card)[1]))
        kept = set(free[:FREE_SUITS])
        return [
            first,
            *(a for a in actions if a != first and (a in kept or a not in free)),
        ]

    def _contract(self, view: View, actions: list[str], rng: random.Random, deadline: float) -> str:
        choices = self._contract_choices(view, actions)
        deal = view["deal"]
        seat: int = view["seat"]
        dealer: int = deal["dealer"]
        open_cards = mask_of(deal["open"])
        trump_card: str = deal["trump_card"]
        parsed = [parse_contract(a, trump_card) for a in choices]
        sixteen = mask_of(deal["hand"]) | open_cards
        left = len(view["contracts_left"][seat])

        def sample() -> list[float]:
            hands = sampled_hands(self.game, view, rng)
            hands[seat] |= open_cards
            results: list[float] = []
            for name, trump in parsed:
                take = name != MISERE
                tricks = play_deal(hands, dealer, 1, trump, take)
                results.append(float(seat_score(tricks, seat, dealer, take)))
            return results

        # the model's worth less the reserve, with the sampled mean in place of the model's
        values = contract_values(sixteen, choices, trump_card, left)
        prior = [expected_score(sixteen, name, trump) for name, trump in parsed]
        bias = [v - p for v, p in zip(values, prior, strict=True)]
        bias[0] += LOYALTY
        return choices[self._best(len(choices), sample, deadline, bias, prior)]


def confident_choice(rows: list[list[float]], estimated: list[float], weight: float) -> int:
    """The best candidate by its ``estimated`` mean among those that beat the first (the
    basic level's choice) by ``CONFIDENCE`` standard errors of the paired difference of
    their results (``rows``, one per sampled deal; a prior worth ``weight`` deals shrinks
    the error as it does the means); the first when none does."""
    n = len(rows[0])
    shrink = n / (n + weight)
    base = rows[0]
    chosen = 0
    for j in range(1, len(rows)):
        gap = estimated[j] - estimated[0]
        if gap <= 0.0 or estimated[j] <= estimated[chosen]:
            continue
        if n > 1:
            diffs = [x - y for x, y in zip(rows[j], base, strict=True)]
            mean = sum(diffs) / n
            error = (sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) ** 0.5
            if gap <= CONFIDENCE * shrink * error:
                continue
        chosen = j
    return chosen


def loyal(count: int) -> list[float]:
    """The bias of a search whose first candidate is the basic level's choice."""
    return [LOYALTY] + [0.0] * (count - 1)


class InconsistentView(ValueError):
    """No deal of the unseen cards fits what the view shows (a bug upstream, never a game
    state)."""


def sampled_hands(game: Game, view: View, rng: random.Random) -> list[int]:
    """Every seat's hand in a deal drawn consistently with ``view`` by ``game``'s
    resampler, as masks."""
    resample = game.resample
    assert resample is not None
    try:
        match = cast(Match, resample(view, rng))
    except ValueError as contradiction:
        raise InconsistentView(str(contradiction)) from None
    return [mask_of(h) for h in match.deals[-1].hands]


class Search(SamplingBot):
    """The sampling search of the review (app/bots/review.py), its playouts in the lean
    simulator: the state the candidate leaves is read into masks and finished as this
    level's own playouts finish it."""

    def play_out(self, state: GameState, seat: int, played: int) -> float:
        match = cast(Match, state)
        deal = match.current
        if deal is not None and deal.contract is not None:
            hands = [mask_of(h) for h in deal.hands]
            trump = -1 if deal.trump is None else SUIT_INDEX[deal.trump]
            take = deal.contract != MISERE
            step = deal.exchange.next_step
            if step is not None:
                tricks = play_deal(hands, deal.dealer, step, trump, take)
            else:
                voids = [0, 0, 0, 0]
                for done in deal.history:
                    led = done.cards[0][1]
                    for i, card in enumerate(done.cards):
                        if card[1] != led:
                            voids[(done.leader + i) & 3] |= 1 << SUIT_INDEX[led]
                cards = deal.ledger.trick_cards()
                if cards:
                    led = cards[0][1]
                    for i, card in enumerate(cards):
                        if card[1] != led:
                            voids[(deal.leader + i) & 3] |= 1 << SUIT_INDEX[led]
                trick = [CODE[c] for c in cards]
                tricks = play_out(hands, trick, deal.leader, voids, list(deal.won), trump, take)
            scores: list[int | None] = [seat_score(tricks, s, deal.dealer, take) for s in range(4)]
            return margin(scores, seat)
        return super().play_out(state, seat, played)
